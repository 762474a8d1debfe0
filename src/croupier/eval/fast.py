# mypy: allow-untyped-defs, allow-untyped-calls
"""Fast batch evaluators: numpy arrays of card indices in, numpy arrays of values out.

Every function takes integer arrays of card indices (``card.index``, 0..51) one hand per row
and returns ``int32`` values on the scale of the reference evaluators
(``croupier.eval.reference``): high values 1..7462, higher is better; low values the bit set of
the five low ranks, lower is better, ``NO_LOW`` when no eight-or-better low qualifies.

Each row is checked (cards in 0..51, no card twice) inside the kernel itself; a bad row raises
``InvalidInput`` naming it. The kernels are ``numba`` loops over the tables of
``croupier.eval.tables``: one sum of card keys, one flush test and three loads per hand.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt
from numba import njit

from croupier.core.errors import InvalidInput
from croupier.eval.scale import NO_LOW
from croupier.eval.tables import (
    FLUSH_MASK,
    HI_SHIFT,
    LO_MASK,
    LO_SHIFT,
    SUIT_OFFSET,
    tables,
)

__all__ = [
    "NO_LOW",
    "evaluate",
    "evaluate5",
    "evaluate7",
    "low8_batch",
    "omaha_high_batch",
    "omaha_hilo_batch",
    "omaha_low8_batch",
]

I32 = npt.NDArray[np.int32]
Cards = npt.NDArray[np.integer]


@njit(cache=True, inline="always")
def flush_suit(key):
    """The suit whose counter in ``key`` reached five cards (call only when one did)."""
    f = key & FLUSH_MASK
    if f & 0x8:
        return 0
    if f & 0x80:
        return 1
    if f & 0x800:
        return 2
    return 3


@njit(cache=True, inline="always")
def rank_lookup(key, n, lo_index, hi_offset, rank_value):
    """The non-flush value of an ``n``-card key."""
    return rank_value[hi_offset[n - 5, key >> HI_SHIFT] + lo_index[(key >> LO_SHIFT) & LO_MASK]]


@njit(cache=True)
def _high_kernel(cards, out, card_key, lo_index, hi_offset, rank_value, flush_value):
    n, m = cards.shape
    for i in range(n):
        key = SUIT_OFFSET
        seen = 0
        for j in range(m):
            c = cards[i, j]
            if c < 0 or c > 51 or (seen >> c) & 1:
                return i
            seen |= 1 << c
            key += card_key[c]
        if key & FLUSH_MASK:
            s = flush_suit(key)
            bits = 0
            for j in range(m):
                c = cards[i, j]
                if c & 3 == s:
                    bits |= 1 << (c >> 2)
            out[i] = flush_value[bits]
        else:
            out[i] = rank_lookup(key, m, lo_index, hi_offset, rank_value)
    return -1


@njit(cache=True)
def _low_kernel(cards, out, low_bit, low_of_set):
    n, m = cards.shape
    for i in range(n):
        seen = 0
        lows = 0
        for j in range(m):
            c = cards[i, j]
            if c < 0 or c > 51 or (seen >> c) & 1:
                return i
            seen |= 1 << c
            lows |= low_bit[c]
        out[i] = low_of_set[lows]
    return -1


@njit(cache=True, inline="always")
def _six(omaha_rank, p0, p1, p2, p3, p4, p5, t):
    """The best non-flush value of the six hole pairs (row offsets ``p0..p5``) with one board
    rank triple ``t``: six independent loads."""
    a = max(omaha_rank[p0 + t], omaha_rank[p1 + t])
    b = max(omaha_rank[p2 + t], omaha_rank[p3 + t])
    c = max(omaha_rank[p4 + t], omaha_rank[p5 + t])
    return max(a, max(b, c))


@njit(cache=True, inline="always")
def _omaha_ranks(hole, board, i, nb, omaha_rank, pair_offset, triple_index):
    """The best non-flush value of two of the four hole cards with three of the ``nb`` board
    cards, by rank classes (``tables``: one load per combination, the triples written out)."""
    h0, h1, h2, h3 = hole[i, 0] >> 2, hole[i, 1] >> 2, hole[i, 2] >> 2, hole[i, 3] >> 2
    p0 = pair_offset[h0 * 13 + h1]
    p1 = pair_offset[h0 * 13 + h2]
    p2 = pair_offset[h0 * 13 + h3]
    p3 = pair_offset[h1 * 13 + h2]
    p4 = pair_offset[h1 * 13 + h3]
    p5 = pair_offset[h2 * 13 + h3]
    r0, r1, r2 = np.int64(board[i, 0] >> 2), np.int64(board[i, 1] >> 2), np.int64(board[i, 2] >> 2)
    a0, a1, b1, b2 = r0 * 169, r1 * 169, r1 * 13, r2 * 13
    best = _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a0 + b1 + r2])
    if nb == 3:
        return best
    r3 = np.int64(board[i, 3] >> 2)
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a0 + b1 + r3]))
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a0 + b2 + r3]))
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a1 + b2 + r3]))
    if nb == 4:
        return best
    r4 = np.int64(board[i, 4] >> 2)
    a2, b3 = r2 * 169, r3 * 13
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a0 + b1 + r4]))
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a0 + b2 + r4]))
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a0 + b3 + r4]))
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a1 + b2 + r4]))
    best = max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a1 + b3 + r4]))
    return max(best, _six(omaha_rank, p0, p1, p2, p3, p4, p5, triple_index[a2 + b3 + r4]))


_HOLE_PAIRS = np.array(list(combinations(range(4), 2)), dtype=np.int64)
_BOARD_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.int64)
"""Every two of four hole cards and every three of five board cards, by position."""


@njit(cache=True, inline="always")
def _omaha_flush(hole, board, i, nb, s, rank_bit, flush_value):
    """The best flush of suit ``s`` from two hole cards and three board cards of that suit."""
    best = 0
    for p in range(6):
        ca, cb = hole[i, _HOLE_PAIRS[p, 0]], hole[i, _HOLE_PAIRS[p, 1]]
        if ca & 3 != s or cb & 3 != s:
            continue
        pair_bits = rank_bit[ca] | rank_bit[cb]
        for t in range(10):
            if _BOARD_TRIPLES[t, 2] >= nb:  # a flop or a turn has fewer triples
                continue
            cx = board[i, _BOARD_TRIPLES[t, 0]]
            cy = board[i, _BOARD_TRIPLES[t, 1]]
            cz = board[i, _BOARD_TRIPLES[t, 2]]
            if cx & 3 == s and cy & 3 == s and cz & 3 == s:
                bits = pair_bits | rank_bit[cx] | rank_bit[cy] | rank_bit[cz]
                best = max(best, flush_value[bits])
    return best


@njit(cache=True)
def _omaha_kernel(
    hole, board, high_out, low_out, want_high, want_low, rank_bit, low_bit,
    omaha_rank, pair_offset, triple_index, flush_value, omaha_low,
):  # fmt: skip
    n = hole.shape[0]
    nb = board.shape[1]
    for i in range(n):
        seen = 0
        hole_low = 0
        board_low = 0
        hole_suits = 0  # four 4-bit counters, one per suit
        board_suits = 0
        for j in range(4):
            c = hole[i, j]
            if c < 0 or c > 51 or (seen >> c) & 1:
                return i
            seen |= 1 << c
            hole_low |= low_bit[c]
            hole_suits += 1 << (4 * (c & 3))
        for j in range(nb):
            c = board[i, j]
            if c < 0 or c > 51 or (seen >> c) & 1:
                return i
            seen |= 1 << c
            board_low |= low_bit[c]
            board_suits += 1 << (4 * (c & 3))
        if want_low:
            low_out[i] = omaha_low[board_low << 8 | hole_low]
        if not want_high:
            continue
        best = _omaha_ranks(hole, board, i, nb, omaha_rank, pair_offset, triple_index)
        # a suit of at least two hole cards (counter + 6 reaches 8) and three board cards
        # (counter + 5 reaches 8) can make a flush: it is looked up apart
        flushes = (hole_suits + 0x6666) & (board_suits + 0x5555) & 0x8888
        if flushes:
            for s in range(4):
                if (flushes >> (4 * s + 3)) & 1:
                    best = max(best, _omaha_flush(hole, board, i, nb, s, rank_bit, flush_value))
        high_out[i] = best
    return -1


def _as_hands(cards: Cards, widths: tuple[int, ...], what: str) -> Cards:
    arr = np.asarray(cards)
    if arr.ndim != 2 or arr.shape[1] not in widths:
        allowed = " or ".join(str(w) for w in widths)
        raise InvalidInput(
            f"{what} must be an (n, {allowed}) array of card indices, got {arr.shape}"
        )
    if not np.issubdtype(arr.dtype, np.integer):
        raise InvalidInput(f"{what} must hold integer card indices 0..51, got dtype {arr.dtype}")
    return np.ascontiguousarray(arr)


def _raise_bad_row(row: int, *arrays: Cards) -> None:
    if row >= 0:
        shown = " ".join(str(list(a[row])) for a in arrays)
        raise InvalidInput(f"hand {row} is not a set of distinct card indices 0..51: {shown}")


def evaluate(cards: Cards) -> I32:
    """High values of hands of 5, 6 or 7 cards (an ``(n, 5|6|7)`` array), best five of each."""
    arr = _as_hands(cards, (5, 6, 7), "hands")
    t = tables()
    out = np.empty(arr.shape[0], dtype=np.int32)
    bad = _high_kernel(arr, out, t.card_key, t.lo_index, t.hi_offset, t.rank_value, t.flush_value)
    _raise_bad_row(bad, arr)
    return out


def evaluate5(cards: Cards) -> I32:
    """High values of five-card hands (an ``(n, 5)`` array)."""
    return evaluate(_as_hands(cards, (5,), "five-card hands"))


def evaluate7(cards: Cards) -> I32:
    """High values of seven-card hands (an ``(n, 7)`` array): the best five of each seven."""
    return evaluate(_as_hands(cards, (7,), "seven-card hands"))


def low8_batch(cards: Cards) -> I32:
    """Eight-or-better low values of 5-7 card hands; ``NO_LOW`` where none qualifies."""
    arr = _as_hands(cards, (5, 6, 7), "hands")
    t = tables()
    out = np.empty(arr.shape[0], dtype=np.int32)
    _raise_bad_row(_low_kernel(arr, out, t.low_bit, t.low_of_set), arr)
    return out


def _omaha(hole: Cards, board: Cards, want_high: bool, want_low: bool) -> tuple[I32, I32]:
    h = _as_hands(hole, (4,), "Omaha hole cards")
    b = _as_hands(board, (3, 4, 5), "Omaha boards")
    if h.shape[0] != b.shape[0]:
        raise InvalidInput(f"{h.shape[0]} Omaha hands but {b.shape[0]} boards")
    t = tables()
    high = np.zeros(h.shape[0], dtype=np.int32)
    low = np.zeros(h.shape[0], dtype=np.int32)
    bad = _omaha_kernel(
        h, b, high, low, want_high, want_low, t.rank_bit, t.low_bit,
        t.omaha_rank, t.pair_offset, t.triple_index, t.flush_value, t.omaha_low,
    )  # fmt: skip
    _raise_bad_row(bad, h, b)
    return high, low


def omaha_high_batch(hole: Cards, board: Cards) -> I32:
    """Omaha high values: exactly two of the four hole cards and three of the 3-5 board cards
    (99-01.3-09-05.6.c); ``hole`` is ``(n, 4)``, ``board`` is ``(n, 3|4|5)``."""
    return _omaha(hole, board, True, False)[0]


def omaha_low8_batch(hole: Cards, board: Cards) -> I32:
    """Omaha eight-or-better low values (two hole + three board); ``NO_LOW`` where none."""
    return _omaha(hole, board, False, True)[1]


def omaha_hilo_batch(hole: Cards, board: Cards) -> tuple[I32, I32]:
    """Omaha high and eight-or-better low values together: ``(high, low)``."""
    return _omaha(hole, board, True, True)
