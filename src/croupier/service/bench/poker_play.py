"""The bench's random numbers and its PokerKit-like random player, compiled with the engine.

``BatchedRng`` is an ``Rng`` that takes its numbers from a ``SeededRng``'s numpy generator a
thousand at a time; ``like_pokerkit`` is the ``choose`` of ``play_randomly`` that makes the
choices PokerKit offers a random player. Both run at every step of a benchmarked hand, so they
are compiled with the engine (``croupier.service.bench.engine_build``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from croupier.core.rng import Rng, SeededRng
from croupier.games.poker.actions import Action, ActionKind

_BATCH: Final = 1024
_SPAN: Final = 1 << 32
_CHECK: Final = ActionKind.CHECK


class BatchedRng:
    """An ``Rng`` drawing from a ``SeededRng``'s numpy generator a thousand numbers at a time
    (one numpy call per thousand draws instead of one per draw). Each draw stays exactly
    uniform: the few 32-bit values above the largest multiple of ``n`` are rejected."""

    def __init__(self, rng: SeededRng) -> None:
        self._gen = rng.generator
        self._pool: list[int] = []

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        pool = self._pool
        while True:
            if not pool:
                pool.extend(self._gen.integers(0, _SPAN, size=_BATCH, dtype=np.uint64).tolist())
            x: int = pool.pop()
            if x < limit:
                return x % n


def like_pokerkit(options: Sequence[Action], rng: Rng) -> Action:
    """The choices PokerKit offers a random player: no fold when checking is possible (such a
    fold is legal here, so the protocol lists it), otherwise uniform among the listed options
    (fold, check or call, and the fixed-limit bet or raise)."""
    if len(options) > 1 and options[1].kind is _CHECK:
        return options[1 + rng.randbelow(len(options) - 1)]
    return options[rng.randbelow(len(options))]
