"""Scalar evaluators for the few hands of one showdown: integer loops over the fast tables.

A showdown values two to eleven hands. The batch kernels of ``croupier.eval.fast`` pay a fixed
cost on every call (numpy arrays built and checked, a numba dispatch) that is larger than the
work itself at that size. The functions here read the same tables (``croupier.eval.tables``,
copied once into Python lists) one hand at a time, and are compiled by mypyc with the poker
engine (``croupier.service.bench.engine_build``). Values are on the scale of
``croupier.eval.scale``:
high values 1..7462, higher is better; low values the bit set of the five low ranks, lower is
better, ``NO_LOW`` when no eight-or-better low qualifies. Tested against the readable reference
(``tests/eval/test_scalar.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mypy_extensions import i64

from croupier.core.errors import InvalidInput
from croupier.eval.scale import NO_LOW
from croupier.eval.tables import (
    FLUSH_MASK,
    HI_SHIFT,
    HI_SPACE,
    LO_MASK,
    LO_SHIFT,
    SUIT_OFFSET,
    tables,
)

__all__ = ["NO_LOW", "high", "omaha"]

_FLUSH: Final[int] = FLUSH_MASK
_HI_SHIFT: Final[int] = HI_SHIFT
_HI_SPACE: Final[int] = HI_SPACE
_LO_MASK: Final[int] = LO_MASK
_LO_SHIFT: Final[int] = LO_SHIFT
_SUITS: Final[int] = SUIT_OFFSET


class _Lists:
    """The fast tables as Python lists (``hi_offset`` flattened row by row)."""

    def __init__(self) -> None:
        t = tables()
        # one int object per distinct value, shared by every slot that holds it
        ints = list(range(1 << 16))
        self.card_key: list[int] = t.card_key.tolist()
        self.rank_bit: list[int] = t.rank_bit.tolist()
        self.low_bit: list[int] = t.low_bit.tolist()
        self.lo_index: list[int] = [ints[v] for v in t.lo_index.tolist()]
        self.hi_offset: list[int] = t.hi_offset.ravel().tolist()
        self.rank_value: list[int] = [ints[v] for v in t.rank_value.tolist()]
        self.flush_value: list[int] = [ints[v] for v in t.flush_value.tolist()]
        self.low_of_set: list[int] = [ints[v] for v in t.low_of_set.tolist()]
        self.omaha_low: list[int] = [ints[v] for v in t.omaha_low.tolist()]


_tables: list[_Lists] = []


def _lists() -> _Lists:
    if not _tables:
        _tables.append(_Lists())
    return _tables[0]


def _bad(cards: Sequence[int]) -> InvalidInput:
    return InvalidInput(f"not a set of distinct card indices 0..51: {list(cards)}")


def _rank_value(t: _Lists, key: int, n: int) -> int:
    """The non-flush value of an ``n``-card key."""
    hi = t.hi_offset[(n - 5) * _HI_SPACE + (key >> _HI_SHIFT)]
    return t.rank_value[hi + t.lo_index[(key >> _LO_SHIFT) & _LO_MASK]]


def high(cards: Sequence[int]) -> int:
    """The high value of the best five of 5, 6 or 7 cards (card indices 0..51)."""
    n = len(cards)
    if n < 5 or n > 7:
        raise InvalidInput(f"a high hand takes 5 to 7 cards, got {n}")
    t = _lists()
    card_key = t.card_key
    key = _SUITS
    seen = 0
    for c in cards:
        if c < 0 or c > 51 or (seen >> c) & 1:
            raise _bad(cards)
        seen |= 1 << c
        key += card_key[c]
    if key & _FLUSH:
        # one suit counter reached five cards (bits 3, 7, 11, 15 for suits 0..3; with at most
        # seven cards only one can): its bit's position gives the suit
        s = ((key & _FLUSH).bit_length() - 4) >> 2
        bits = 0
        for c in cards:
            if c & 3 == s:
                bits |= 1 << (c >> 2)
        return t.flush_value[bits]
    return _rank_value(t, key, n)


def omaha(hole: Sequence[int], board: Sequence[int], want_low: bool) -> tuple[int, int]:
    """``(high, low)`` of an Omaha hand: exactly two of the four hole cards and three of the
    3-5 board cards (99-01.3-09-05.6.c); ``low`` is ``NO_LOW`` when none qualifies or when
    ``want_low`` is false."""
    if len(hole) != 4 or len(board) < 3 or len(board) > 5:
        raise InvalidInput(f"Omaha takes 4 hole and 3-5 board cards, got {len(hole)}, {len(board)}")
    t = _lists()
    card_key, rank_bit, low_bit = t.card_key, t.rank_bit, t.low_bit
    seen = 0
    hole_low = 0
    board_low = 0
    for c in hole:
        if c < 0 or c > 51 or (seen >> c) & 1:
            raise _bad([*hole, *board])
        seen |= 1 << c
        hole_low |= low_bit[c]
    for c in board:
        if c < 0 or c > 51 or (seen >> c) & 1:
            raise _bad([*hole, *board])
        seen |= 1 << c
        board_low |= low_bit[c]
    low = t.omaha_low[board_low << 8 | hole_low] if want_low else NO_LOW
    pair_key: list[int] = []
    pair_bits: list[int] = []
    for a in range(4):
        for b in range(a + 1, 4):
            pair_key.append(card_key[hole[a]] + card_key[hole[b]])
            pair_bits.append(rank_bit[hole[a]] | rank_bit[hole[b]])
    flush_value, hi_offset, lo_index, rank_value = (
        t.flush_value,
        t.hi_offset,
        t.lo_index,
        t.rank_value,
    )
    best = 0
    nb = len(board)
    for x in range(nb):
        cx = board[x]
        for y in range(x + 1, nb):
            cy = board[y]
            for z in range(y + 1, nb):
                cz = board[z]
                tk: i64 = _SUITS + card_key[cx] + card_key[cy] + card_key[cz]
                tb = rank_bit[cx] | rank_bit[cy] | rank_bit[cz]
                for q in range(6):
                    key: i64 = tk + pair_key[q]
                    if key & _FLUSH:
                        v = flush_value[tb | pair_bits[q]]
                    else:  # five cards: the first row of the perfect hash
                        v = rank_value[
                            hi_offset[key >> _HI_SHIFT] + lo_index[(key >> _LO_SHIFT) & _LO_MASK]
                        ]
                    if v > best:
                        best = v
    return best, low
