"""The player's hands as compositions, and their exact expectations against one up card.

A composition is the multiset of ranks in a hand (at most 21 counting aces as one). For every
composition the shoe is the starting shoe less the up card and the hand's cards, and

* ``stand``: the dealer's outcome probabilities from that shoe (``dealer.py``) against the total;
* ``hit``: the next card's probability times the best value of the larger hand (-1 on a bust);
* ``double``: twice the expectation of standing after exactly one more card.

All values are expectations of the wager's result *times the event that the dealer has no
natural* when the dealer peeks or settles a natural on original bets only (the natural's loss of
the original wager is added once per round, ``analyzer.py``), and plain expectations when a
dealer natural takes every wager. Because cards are exchangeable the dealer's hole card may be
drawn after the player's cards: the event "no natural" is then decided by the last shoe, so a
busted hand is worth ``-P(no natural | shoe after the bust)`` and everything stays linear.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone.dealer import RANKS

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

STAND = 0
HIT = 1
DOUBLE = 2
MEMO_SLOTS = 1 << 17
"""Dealer-probability hash table size per up card (a 6-deck analysis fills about 15,000)."""


@dataclass(frozen=True, slots=True)
class Compositions:
    """Every hand of 1+ cards totalling at most 21 (aces as one), fewer cards first."""

    counts: I8
    hard: I64
    has_ace: npt.NDArray[np.bool_]
    size: I64
    child: I64
    """``child[i, c]``: the composition after drawing ``c``, or -1 if it busts."""
    index: dict[tuple[int, ...], int]

    def of(self, *ranks: int) -> int:
        key = [0] * RANKS
        for r in ranks:
            key[r] += 1
        return self.index[tuple(key)]

    def total(self, i: int) -> tuple[int, bool]:
        hard = int(self.hard[i])
        if self.has_ace[i] and hard + 10 <= 21:
            return hard + 10, True
        return hard, False


@cache
def compositions() -> Compositions:
    found: list[tuple[int, ...]] = []

    def grow(key: list[int], hard: int, low: int) -> None:
        for c in range(low, RANKS):
            if hard + c + 1 > 21:
                break
            key[c] += 1
            found.append(tuple(key))
            grow(key, hard + c + 1, c)
            key[c] -= 1

    grow([0] * RANKS, 0, 0)
    found.sort(key=lambda k: (sum(k), k))
    index = {k: i for i, k in enumerate(found)}
    counts = np.array(found, dtype=np.int8)
    hard = (counts.astype(np.int64) * np.arange(1, RANKS + 1)).sum(axis=1)
    child = np.full((len(found), RANKS), -1, dtype=np.int64)
    for i, k in enumerate(found):
        for c in range(RANKS):
            nk = (*k[:c], k[c] + 1, *k[c + 1 :])
            child[i, c] = index.get(nk, -1)
    return Compositions(
        counts=counts,
        hard=hard,
        has_ace=counts[:, 0] > 0,
        size=counts.sum(axis=1).astype(np.int64),
        child=child,
        index=index,
    )
