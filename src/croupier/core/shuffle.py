"""Fisher-Yates shuffle over an injected RNG."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from croupier.core.rng import Rng

T = TypeVar("T")


def fisher_yates(items: Sequence[T], rng: Rng) -> list[T]:
    """A uniformly random permutation of ``items`` (a new list; the input is not changed).

    Durstenfeld's version: for i from n-1 down to 1, swap item i with a uniform j in [0, i].
    """
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
