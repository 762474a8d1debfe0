"""Lookup tables of the fast kernels: a minimal perfect hash of rank multisets, built at first use.

**Card keys.** Every card index ``c`` (rank ``r = c >> 2`` with 0 = deuce, suit ``s = c & 3``)
has a 64-bit key; the key of a hand is the plain sum of its cards' keys plus ``SUIT_OFFSET``:

* bits 0..15: four suit counters of 4 bits, each starting at 3, so a counter reaches 8 (its top
  bit, tested with ``FLUSH_MASK``) exactly when five cards of that suit are present;
* bits 16..32: the base-5 number of the counts of the seven low ranks (deuce..eight);
* bits 33..46: the base-5 number of the counts of the six high ranks (nine..ace).

**Perfect hash.** For ``n`` cards (5, 6 or 7), a high-half multiset of total ``t`` combines with
exactly the low-half multisets of total ``n - t``. ``HI_OFFSET[n - 5, hi]`` is the first slot of
that block and ``LO_INDEX[lo]`` the position of the low half among multisets of its total, so
``RANK_VALUE[HI_OFFSET[n - 5, hi] + LO_INDEX[lo]]`` holds the best non-flush value of every
5-, 6- or 7-card rank multiset (6,175 + 18,395 + 49,205 slots, nothing wasted: about 300 KB in
all, resident in the L2 cache). A flush (a counter at 8) is looked up instead in
``FLUSH_VALUE[rank bits of the flush suit]`` (8,192 entries): with at most seven cards a flush
beats anything the other two cards could add, so the flush suit alone decides.

Values are those of ``croupier.eval.scale`` (1..7462). Tables are built by ``numba`` code
(``croupier.eval.tables_build``) that does not share logic with the readable reference; the two
are tested against each other. ``use_tables`` takes a saved copy instead (no numba import).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

from croupier.eval.scale import HAND_CLASSES, NO_LOW, encoded_table

SUIT_OFFSET = 0x3333
FLUSH_MASK = 0x8888
LO_SHIFT = 16
LO_MASK = (1 << 17) - 1
HI_SHIFT = 33
LO_RANKS = 7
HI_RANKS = 6
LO_SPACE = 5**LO_RANKS
HI_SPACE = 5**HI_RANKS

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Tables:
    """Every table the fast kernels read (see the module docstring)."""

    card_key: I64
    rank_bit: I64
    low_bit: I64
    lo_index: U16
    hi_offset: I64
    rank_value: U16
    flush_value: U16
    low_of_set: U16
    omaha_low: U16

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """Every table by name (what ``use_tables`` takes back)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


TABLE_SHAPES: dict[str, tuple[tuple[int, ...], np.dtype[np.generic]]] = {
    "lo_index": ((LO_SPACE,), np.dtype(np.uint16)),
    "hi_offset": ((3, HI_SPACE), np.dtype(np.int64)),
    "rank_value": ((6_175 + 18_395 + 49_205,), np.dtype(np.uint16)),
    "flush_value": ((1 << 13,), np.dtype(np.uint16)),
    "low_of_set": ((256,), np.dtype(np.uint16)),
    "omaha_low": ((1 << 16,), np.dtype(np.uint16)),
}
"""The shape and type of each value table (``use_tables`` checks a saved copy against them)."""


def _card_keys() -> tuple[I64, I64, I64]:
    key = np.zeros(52, dtype=np.int64)
    rank_bit = np.zeros(52, dtype=np.int64)
    low_bit = np.zeros(52, dtype=np.int64)
    for c in range(52):
        r, s = c >> 2, c & 3
        part = 5**r << LO_SHIFT if r < LO_RANKS else 5 ** (r - LO_RANKS) << HI_SHIFT
        key[c] = part | 1 << (4 * s)
        rank_bit[c] = 1 << r
        if r == 12:
            low_bit[c] = 1
        elif r <= 6:
            low_bit[c] = 1 << (r + 1)
    return key, rank_bit, low_bit


_TABLES: list[Tables] = []


def tables() -> Tables:
    """The tables, built once per process by ``croupier.eval.tables_build`` (tens of
    milliseconds once numba's cache is warm), unless ``use_tables`` gave a copy first."""
    if not _TABLES:
        _TABLES.append(build_tables())
    return _TABLES[0]


def build_tables() -> Tables:
    """Build every table (imports numba)."""
    from croupier.eval import tables_build as b

    encoded = encoded_table()
    key, rank_bit, low_bit = _card_keys()
    lo_index, hi_offset, rank_value = b.build_rank_tables(encoded)
    low_of_set, omaha_low = b.build_low_tables(NO_LOW)
    return Tables(
        card_key=key,
        rank_bit=rank_bit,
        low_bit=low_bit,
        lo_index=lo_index,
        hi_offset=hi_offset,
        rank_value=rank_value,
        flush_value=b.build_flush_table(encoded),
        low_of_set=low_of_set,
        omaha_low=omaha_low,
    )


def tables_ready() -> bool:
    """Whether this process has its tables (built or given) already."""
    return bool(_TABLES)


def use_tables(arrays: Mapping[str, npt.NDArray[np.generic]]) -> Tables:
    """Use a saved copy of the tables (``Tables.arrays()``, e.g. from a cache file the service
    layer keeps) instead of building them. The copy is checked: every array must have the
    shape and type of freshly built ones, the card keys must be the ones computed here, and
    the value tables must hold values of the scale only; a bad copy is ``ValueError``."""
    names = [f.name for f in fields(Tables)]
    if sorted(arrays) != sorted(names):
        raise ValueError(f"saved tables hold {sorted(arrays)}, expected {sorted(names)}")
    given = Tables(**{name: np.ascontiguousarray(arrays[name]) for name in names})
    key, rank_bit, low_bit = _card_keys()
    for name, want in (("card_key", key), ("rank_bit", rank_bit), ("low_bit", low_bit)):
        if not np.array_equal(getattr(given, name), want):
            raise ValueError(f"saved tables: {name} differs from the card keys")
    for name, (shape, dtype) in TABLE_SHAPES.items():
        arr = getattr(given, name)
        if arr.shape != shape or arr.dtype != dtype:
            raise ValueError(f"saved tables: {name} is {arr.shape} {arr.dtype}")
    for name in ("rank_value", "flush_value"):
        arr = getattr(given, name)
        if int(arr.max()) > HAND_CLASSES:
            raise ValueError(f"saved tables: {name} holds a value above {HAND_CLASSES}")
    _TABLES[:] = [given]
    return given
