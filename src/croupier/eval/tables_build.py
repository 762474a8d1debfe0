"""numba builders of the fast kernels' lookup tables (``croupier.eval.tables`` explains them).

Kept apart from ``croupier.eval.tables`` so that reading the tables (or a cached copy of them)
does not import numba.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

# The layout of ``croupier.eval.tables`` (repeated, not imported: that module imports this one
# when it builds; ``tests/eval`` checks the tables built here against the reference evaluator).
LO_RANKS = 7
HI_RANKS = 6
LO_SPACE = 5**LO_RANKS
HI_SPACE = 5**HI_RANKS

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


@njit(cache=True)
def _encode(category: int, r1: int, r2: int, r3: int, r4: int, r5: int) -> int:
    return (((((category << 4 | r1) << 4 | r2) << 4 | r3) << 4 | r4) << 4) | r5


@njit(cache=True)
def _straight_top(mask: int) -> int:
    """Top rank (2..14) of the best straight in a 13-bit rank mask (bit 0 = deuce), else 0."""
    for top in range(12, 3, -1):
        if (mask >> (top - 4)) & 0x1F == 0x1F:
            return top + 2
    if mask & 0x100F == 0x100F:
        return 5
    return 0


@njit(cache=True)
def _highest(counts: npt.NDArray[np.int64], at_least: int, skip1: int, skip2: int) -> int:
    for r in range(12, -1, -1):
        if counts[r] >= at_least and r != skip1 and r != skip2:
            return r
    return -1


@njit(cache=True)
def _best_of_counts(counts: npt.NDArray[np.int64]) -> int:
    """Encoded best non-flush hand of a rank multiset (counts per rank, 5..7 cards)."""
    mask = 0
    for r in range(13):
        if counts[r] > 0:
            mask |= 1 << r
    quad = _highest(counts, 4, -1, -1)
    if quad >= 0:
        return _encode(7, quad + 2, _highest(counts, 1, quad, -1) + 2, 0, 0, 0)
    trips = _highest(counts, 3, -1, -1)
    if trips >= 0:
        pair = _highest(counts, 2, trips, -1)
        if pair >= 0:
            return _encode(6, trips + 2, pair + 2, 0, 0, 0)
    top = _straight_top(mask)
    if top:
        return _encode(4, top, 0, 0, 0, 0)
    if trips >= 0:
        k1 = _highest(counts, 1, trips, -1)
        k2 = _highest(counts, 1, trips, k1)
        return _encode(3, trips + 2, k1 + 2, k2 + 2, 0, 0)
    p1 = _highest(counts, 2, -1, -1)
    if p1 >= 0:
        p2 = _highest(counts, 2, p1, -1)
        if p2 >= 0:
            kick = _highest(counts, 1, p1, p2)
            return _encode(2, p1 + 2, p2 + 2, kick + 2, 0, 0)
    tops = np.zeros(5, dtype=np.int64)
    found = 0
    for r in range(12, -1, -1):
        if counts[r] > 0 and r != p1 and found < 5:
            tops[found] = r + 2
            found += 1
    if p1 >= 0:
        return _encode(1, p1 + 2, tops[0], tops[1], tops[2], 0)
    return _encode(0, tops[0], tops[1], tops[2], tops[3], tops[4])


@njit(cache=True)
def _digits(q: int, width: int, out: npt.NDArray[np.int64], start: int) -> int:
    total = 0
    for i in range(width):
        d = q % 5
        q //= 5
        out[start + i] = d
        total += d
    return total


@njit(cache=True)
def build_rank_tables(encoded: I32) -> tuple[U16, I64, U16]:
    lo_total = np.empty(LO_SPACE, dtype=np.int64)
    lo_index = np.zeros(LO_SPACE, dtype=np.uint16)
    per_total = np.zeros(8, dtype=np.int64)
    scratch = np.zeros(13, dtype=np.int64)
    for q in range(LO_SPACE):
        t = _digits(q, LO_RANKS, scratch, 0)
        lo_total[q] = t
        if t <= 7:
            lo_index[q] = per_total[t]
            per_total[t] += 1
    by_total = np.argsort(lo_total, kind="mergesort")  # stable: within a total, by q
    first_of_total = np.zeros(8, dtype=np.int64)
    for t in range(1, 8):
        first_of_total[t] = first_of_total[t - 1] + per_total[t - 1]
    hi_offset = np.zeros((3, HI_SPACE), dtype=np.int64)
    size = 0
    for n in range(5, 8):
        for h in range(HI_SPACE):
            t = _digits(h, HI_RANKS, scratch, 0)
            if t <= n:
                hi_offset[n - 5, h] = size
                size += per_total[n - t]
    values = np.zeros(size, dtype=np.uint16)
    counts = np.zeros(13, dtype=np.int64)
    for n in range(5, 8):
        for h in range(HI_SPACE):
            t_hi = _digits(h, HI_RANKS, counts, LO_RANKS)
            if t_hi > n:
                continue
            start = first_of_total[n - t_hi]
            for i in range(start, start + per_total[n - t_hi]):
                q = by_total[i]
                _digits(q, LO_RANKS, counts, 0)
                slot = hi_offset[n - 5, h] + lo_index[q]
                values[slot] = np.searchsorted(encoded, _best_of_counts(counts))
    return lo_index, hi_offset, values


@njit(cache=True)
def build_flush_table(encoded: I32) -> U16:
    table = np.zeros(1 << 13, dtype=np.uint16)
    for mask in range(1 << 13):
        bits = 0
        for r in range(13):
            bits += (mask >> r) & 1
        if bits < 5:
            continue
        top = _straight_top(mask)
        if top:
            enc = _encode(8, top, 0, 0, 0, 0)
        else:
            tops = np.zeros(5, dtype=np.int64)
            found = 0
            for r in range(12, -1, -1):
                if (mask >> r) & 1 and found < 5:
                    tops[found] = r + 2
                    found += 1
            enc = _encode(5, tops[0], tops[1], tops[2], tops[3], tops[4])
        table[mask] = np.searchsorted(encoded, enc)
    return table


@njit(cache=True)
def build_low_tables(no_low: int) -> tuple[U16, U16]:
    """``LOW_OF_SET[m]``: the best low of a set of low ranks (bit 0 ace .. bit 7 eight);
    ``OMAHA_LOW[board_set << 8 | hole_set]``: the best two-from-hole, three-from-board low."""
    low_of_set = np.full(256, no_low, dtype=np.uint16)
    for m in range(256):
        kept = 0
        found = 0
        for b in range(8):
            if (m >> b) & 1 and found < 5:
                kept |= 1 << b
                found += 1
        if found == 5:
            low_of_set[m] = kept
    fives = np.zeros(56, dtype=np.int64)
    n5 = 0
    for m in range(256):  # increasing order = best low first
        c = 0
        for b in range(8):
            c += (m >> b) & 1
        if c == 5:
            fives[n5] = m
            n5 += 1
    omaha = np.full(1 << 16, no_low, dtype=np.uint16)
    for board in range(256):
        for hole in range(256):
            for i in range(n5):
                m = fives[i]
                if _splits(m, board, hole):
                    omaha[board << 8 | hole] = m
                    break
    return low_of_set, omaha


@njit(cache=True)
def _splits(m: int, board: int, hole: int) -> bool:
    """Whether five low ranks ``m`` split as two from ``hole`` and three from ``board``."""
    bits = np.zeros(5, dtype=np.int64)
    k = 0
    for b in range(8):
        if (m >> b) & 1:
            bits[k] = 1 << b
            k += 1
    for i in range(5):
        for j in range(i + 1, 5):
            two = bits[i] | bits[j]
            three = m ^ two
            if two & hole == two and three & board == three:
                return True
    return False
