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
from numba import njit

from croupier.analysis.twentyone.dealer import RANKS, dealer_probabilities

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


@njit(cache=True, error_model="numpy")
def _total(hard: int, has_ace: bool) -> int:
    if has_ace and hard + 10 <= 21:
        return hard + 10
    return hard


@njit(cache=True, error_model="numpy")
def _outcome_chance(total: int, d: F64, mode: int) -> float:
    """Standing on ``total``: the chance of a win (``mode`` 1) or of a push (2)."""
    if total > 21:
        return 0.0
    if mode == 2:
        return float(d[total - 17]) if total >= 17 else 0.0
    v = d[5]
    for o in range(5):
        if total > 17 + o:
            v += d[o]
    return float(v)


@njit(cache=True, error_model="numpy")
def _stand_value(total: int, d: F64, twenty_one_wins: bool) -> float:
    if twenty_one_wins and total == 21:
        return float(d[0] + d[1] + d[2] + d[3] + d[4] + d[5] - d[6])
    v = d[5] - d[6]
    for o in range(5):
        t = 17 + o
        if total > t:
            v += d[o]
        elif total < t:
            v -= d[o]
    return float(v)


@njit(cache=True, error_model="numpy")
def _survive(shoe: I64, total: int, partner: int, peek: bool) -> float:
    """The mass a lost wager is weighted by: P(no dealer natural) under peek, else 1."""
    if not peek or partner < 0:
        return 1.0
    return float(1.0 - shoe[partner] / total)


@njit(cache=True, error_model="numpy")
def evaluate(
    base: I64,
    comp_counts: I8,
    comp_hard: I64,
    comp_ace: npt.NDArray[np.bool_],
    child: I64,
    need: I8,
    decision: I8,
    partner: int,
    peek: bool,
    twenty_one_wins: bool,
    mode: int,
    parent: I64,
    card: I64,
    kpar: I64,
    dsize: I64,
    cnt: F64,
    state: I64,
    state_outcome: I8,
    fix_first: I64,
    fix_outcome: I8,
    fix_count: I64,
    removed: I64,
    memo_keys: I64,
    memo_values: F64,
    stand: F64,
    hit: F64,
    double: F64,
    value: F64,
) -> None:
    """Fill stand/hit/double for every needed composition (the shoe is ``base`` less its cards),
    and ``value``: the best of stand and hit where ``decision`` is -1, else the fixed action.

    Compositions are processed from most cards to fewest so that a hand's children are done;
    ``need`` limits the work to the compositions that a fixed strategy can reach, bit 2: its value,
    bit 1: its stand value (a card after a double); a hand that hits only needs no dealer. With
    ``twenty_one_wins`` a total of 21 wins at once (Three Card 21, N.J.A.C. 13:69F-2C.5(c)5.v).
    ``mode`` 0 values expectations; 1 and 2 (with fixed decisions) the chance that the hand wins,
    or pushes, times "no dealer natural" (a tip bet's outcome: one unit whatever was doubled).

    The dealer's probabilities depend only on the cards out of the shoe besides the up card
    (``removed`` plus the hand's), so they are kept in a hash table (``memo_keys`` and
    ``memo_values``, shared by every call for one up card: a split's hands reuse the unsplit
    hands' dealer probabilities).
    """
    n = comp_counts.shape[0]
    shoe = np.empty(10, dtype=np.int64)
    after = np.empty(10, dtype=np.int64)
    d = np.empty(7)
    weight = np.empty(parent.shape[0])
    mask = memo_keys.shape[0] - 1
    for i in range(n - 1, -1, -1):
        if need[i] == 0:
            continue
        total = 0
        ok = True
        for c in range(10):
            shoe[c] = base[c] - comp_counts[i, c]
            if shoe[c] < 0:
                ok = False
            total += shoe[c]
        if not ok:
            stand[i] = 0.0
            hit[i] = 0.0
            double[i] = 0.0
            value[i] = 0.0
            continue
        dec = decision[i] if need[i] & 2 else 0
        s = 0.0
        if need[i] & 1 or dec <= 0:
            ptotal = _total(comp_hard[i], comp_ace[i])
            key = 0
            for c in range(10):
                key |= (removed[c] + comp_counts[i, c]) << (6 * c)
            slot = (key * 0x9E3779B97F4A7C15) & mask
            probes = 0
            while memo_keys[slot] != 0 and memo_keys[slot] != key and probes < 64:
                slot = (slot + 1) & mask
                probes += 1
            if memo_keys[slot] == key:
                for o in range(7):
                    d[o] = memo_values[slot, o]
            else:
                dealer_probabilities(
                    shoe,
                    parent,
                    card,
                    kpar,
                    dsize,
                    cnt,
                    state,
                    state_outcome,
                    fix_first,
                    fix_outcome,
                    fix_count,
                    peek,
                    weight,
                    d,
                )
                if memo_keys[slot] == 0:  # a full neighbourhood is simply not cached
                    memo_keys[slot] = key
                    for o in range(7):
                        memo_values[slot, o] = d[o]
            if mode == 0:
                s = _stand_value(ptotal, d, twenty_one_wins)
            else:
                s = _outcome_chance(ptotal, d, mode)
        h = 0.0
        dbl = 0.0
        if dec != 0:
            for c in range(10):
                if shoe[c] == 0:
                    continue
                p = shoe[c] / total
                j = child[i, c]
                if j < 0:
                    for r in range(10):
                        after[r] = shoe[r]
                    after[c] -= 1
                    lost = p * _survive(after, total - 1, partner, peek) if mode == 0 else 0.0
                    h -= lost
                    dbl -= lost
                else:
                    if dec != 2:
                        h += p * value[j]
                    if dec != 1:
                        dbl += p * stand[j]
        stand[i] = s
        hit[i] = h
        stake = 2.0 if mode == 0 else 1.0
        double[i] = stake * dbl
        if dec == -1:
            value[i] = s if s >= h else h
        elif dec == 0:
            value[i] = s
        elif dec == 1:
            value[i] = h
        else:
            value[i] = stake * dbl


@njit(cache=True, error_model="numpy")
def mark_needed(starts: I64, decision: I8, child: I64, need: I8) -> None:
    """Mark what ``evaluate`` must compute for hands starting at ``starts`` under ``decision``."""
    need[:] = 0
    for s in starts:
        need[s] = 2
    n = need.shape[0]
    for i in range(n):
        if not need[i] & 2:
            continue
        dec = decision[i]
        if dec == 0:
            continue
        for c in range(10):
            j = child[i, c]
            if j < 0:
                continue
            if dec != 2:
                need[j] |= 2
            if dec != 1:
                need[j] |= 1
