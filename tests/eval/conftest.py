"""Helpers for the evaluator tests: seeded random hands as card-index arrays."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.core.cards import Card


def random_hands(seed: int, count: int, size: int) -> npt.NDArray[np.int8]:
    """``count`` rows of ``size`` distinct card indices, reproducibly from ``seed``."""
    gen = np.random.default_rng(seed)
    return np.argsort(gen.random((count, 52)), axis=1)[:, :size].astype(np.int8)


def cards_of(row: npt.NDArray[np.integer]) -> list[Card]:  # type: ignore[type-arg]
    return [Card.from_index(int(c)) for c in row]
