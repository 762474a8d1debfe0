"""The twenty-one analysis's compiled loops, in one place: the source that numba compiles.

``compiled.py`` decides how the process calls them: the ahead-of-time compiled extension that
``make compile`` builds from this file (``tools/aot.py``; no numba import, nothing to load or
compile at start-up), or these functions compiled by numba at their first call (cached on disk)
where the extension is absent or was built from another version of this file. Either way this
file is the only definition: the extension's exported functions call these.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


@njit(cache=True, error_model="numpy")
def dealer_probabilities(
    shoe: I64,
    parent: I64,
    card: I64,
    kpar: I64,
    size: I64,
    cnt: F64,
    state: I64,
    state_outcome: I8,
    fix_first: I64,
    fix_outcome: I8,
    fix_count: I64,
    skip_natural: bool,
    weight: F64,
    out: F64,
) -> None:
    """Fill ``out[0..6]`` with the dealer's outcome probabilities from ``shoe`` (up card already
    removed); with ``skip_natural`` the natural is left out (its mass is missing from the sum).
    ``weight`` is scratch space of the trie's length.

    A node's chance of finishing on outcome ``o`` is its reach probability times the number of
    cards left that finish it there; that number is the shoe's count of the finishing ranks of
    the node's state less the ones the node holds. So the reach probabilities are summed per
    state and multiplied by the state's finishing counts once, and each node only corrects for
    the finishing ranks it holds (a few)."""
    total = 0
    for c in range(10):
        total += shoe[c]
    n_states = state_outcome.shape[0]
    finishing = np.zeros((n_states, 7))
    for s in range(n_states):
        for c in range(10):
            o = state_outcome[s, c]
            if o >= 0:
                finishing[s, o] += shoe[c]
    reach = np.zeros(n_states)
    for o in range(7):
        out[o] = 0.0
    # 1 / (cards left) after k draws: multiplications instead of divisions in the loop
    inverse = np.empty(32)
    for k in range(32):
        inverse[k] = 1.0 / (total - k) if total > k else 0.0
    nodes = parent.shape[0]
    weight[0] = 1.0
    for i in range(nodes):
        if i:
            avail = shoe[card[i]] - kpar[i]
            w = weight[parent[i]]
            if w == 0.0 or avail <= 0:
                weight[i] = 0.0
                continue
            w = w * avail * inverse[size[i] - 1]
            weight[i] = w
        else:
            w = 1.0
        r = cnt[i] * w * inverse[size[i]]
        reach[state[i]] += r
        for k in range(fix_first[i], fix_first[i + 1]):
            out[fix_outcome[k]] -= r * fix_count[k]
    for s in range(n_states):
        if reach[s] != 0.0:
            for o in range(7):
                out[o] += reach[s] * finishing[s, o]
    if skip_natural:
        out[6] = 0.0


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


@njit(cache=True, error_model="numpy")
def table_pass(
    shoe: I64,
    comp_counts: I8,
    comp_hard: I64,
    comp_ace: npt.NDArray[np.bool_],
    comp_size: I64,
    child: I64,
    stand: F64,
    weight: F64,
    partner: int,
    peek: bool,
    decision: I8,
    hit: F64,
) -> None:
    """Hit expectations under the table and the table's hit/stand decisions for 3+ cards, from the
    highest hard total down (every draw raises the hard total, so the larger hands are done)."""
    n = comp_counts.shape[0]
    value = np.zeros(n)
    rest = np.empty(10, dtype=np.int64)
    for hard in range(21, 1, -1):
        sums = np.zeros((2, 2))  # [soft][stand, hit]
        for i in range(n):
            if comp_hard[i] != hard or comp_size[i] < 2:
                continue
            ok = True
            left = 0
            for c in range(10):
                rest[c] = shoe[c] - comp_counts[i, c]
                if rest[c] < 0:
                    ok = False
                left += rest[c]
            if not ok:
                continue
            h = 0.0
            for c in range(10):
                if rest[c] <= 0:
                    continue
                p = rest[c] / left
                j = child[i, c]
                if j >= 0:
                    h += p * value[j]
                else:
                    lost = 1.0
                    if peek and partner >= 0:
                        after = rest[partner] - (1 if c == partner else 0)
                        lost = 1.0 - after / (left - 1)
                    h -= p * lost
            hit[i] = h
            if comp_size[i] >= 3:
                soft = 1 if (comp_ace[i] and hard + 10 <= 21) else 0
                sums[soft, 0] += weight[i] * stand[i]
                sums[soft, 1] += weight[i] * h
        for i in range(n):
            if comp_hard[i] != hard or comp_size[i] < 3:
                continue
            soft = 1 if (comp_ace[i] and hard + 10 <= 21) else 0
            if sums[soft, 1] > sums[soft, 0]:
                decision[i] = 1
                value[i] = hit[i]
            else:
                decision[i] = 0
                value[i] = stand[i]
