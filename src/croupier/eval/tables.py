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

**Omaha by rank classes.** An Omaha high hand is two hole cards and three board cards
(99-01.3-09-05.6.c): without a flush its value depends only on the rank pair (91 classes) and
the rank triple (455 classes), so ``OMAHA_RANK[PAIR_OFFSET[r1 * 13 + r2] + TRIPLE_INDEX[r3 *
169 + r4 * 13 + r5]]`` (41,405 values, 83 KB) is one load per combination with no key to sum;
the flushes are looked up apart, in deals where a suit can make one. These three tables are
derived from the perfect hash (never saved: a saved copy's are derived again).

Values are those of ``croupier.eval.scale`` (1..7462). Tables are built by ``numba`` code
(``croupier.eval.tables_build``) that does not share logic with the readable reference; the two
are tested against each other. ``use_tables`` takes a saved copy instead (no numba import).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from itertools import permutations

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
    omaha_rank: U16 = field(metadata={"derived": True})
    pair_offset: I32 = field(metadata={"derived": True})
    triple_index: I32 = field(metadata={"derived": True})

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """Every saved table by name (what ``use_tables`` takes back; the derived ones are
        derived again from them)."""
        return {name: getattr(self, name) for name in SAVED}


SAVED = tuple(f.name for f in fields(Tables) if not f.metadata.get("derived"))
"""The tables a saved copy holds."""

PAIR_CLASSES = 91
TRIPLE_CLASSES = 455
"""Rank multisets of two and of three cards (13 ranks, repetition allowed)."""


def _omaha_tables(lo_index: U16, hi_offset: I64, rank_value: U16) -> tuple[U16, I32, I32]:
    """The Omaha rank-class tables (module docstring), from the five-card perfect hash: every
    rank pair with every rank triple, keyed as five cards (suits play no part in the non-flush
    value); a combination with one rank five times cannot be dealt and is worth 0."""
    pairs = [(a, b) for a in range(13) for b in range(a, 13)]
    triples = [(a, b, c) for a in range(13) for b in range(a, 13) for c in range(b, 13)]
    pair_offset = np.zeros(13 * 13, dtype=np.int32)
    for i, (a, b) in enumerate(pairs):
        pair_offset[a * 13 + b] = pair_offset[b * 13 + a] = i * TRIPLE_CLASSES
    triple_index = np.zeros(13**3, dtype=np.int32)
    for i, t in enumerate(triples):
        for a, b, c in set(permutations(t)):
            triple_index[a * 169 + b * 13 + c] = i
    ranks = np.concatenate(  # (41405, 5): each pair with each triple
        [
            np.repeat(np.array(pairs, dtype=np.int64), TRIPLE_CLASSES, axis=0),
            np.tile(np.array(triples, dtype=np.int64), (PAIR_CLASSES, 1)),
        ],
        axis=1,
    )
    part = _card_keys()[0][::4] - 1  # each rank's share of a key (its suit-0 card's, less the suit)
    possible = ~(ranks == ranks[:, :1]).all(axis=1)  # five of one rank: the only impossible one
    # the impossible ones are looked up as 2-3-4-5-6 (any valid key) and then set to 0
    key = np.where(possible, part[ranks].sum(axis=1), part[:5].sum())
    value = rank_value[hi_offset[0, key >> HI_SHIFT] + lo_index[(key >> LO_SHIFT) & LO_MASK]]
    omaha_rank = np.where(possible, value, 0).astype(np.uint16)
    return omaha_rank, pair_offset, triple_index


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
    omaha_rank, pair_offset, triple_index = _omaha_tables(lo_index, hi_offset, rank_value)
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
        omaha_rank=omaha_rank,
        pair_offset=pair_offset,
        triple_index=triple_index,
    )


def tables_ready() -> bool:
    """Whether this process has its tables (built or given) already."""
    return bool(_TABLES)


def use_tables(arrays: Mapping[str, npt.NDArray[np.generic]]) -> Tables:
    """Use a saved copy of the tables (``Tables.arrays()``, e.g. from a cache file the service
    layer keeps) instead of building them. The copy is checked: every array must have the
    shape and type of freshly built ones, the card keys must be the ones computed here, and
    the value tables must hold values of the scale only; a bad copy is ``ValueError``."""
    if sorted(arrays) != sorted(SAVED):
        raise ValueError(f"saved tables hold {sorted(arrays)}, expected {sorted(SAVED)}")
    saved = {name: np.ascontiguousarray(arrays[name]) for name in SAVED}
    for name, (shape, dtype) in TABLE_SHAPES.items():
        arr = saved[name]
        if arr.shape != shape or arr.dtype != dtype:
            raise ValueError(f"saved tables: {name} is {arr.shape} {arr.dtype}")
    try:
        omaha_rank, pair_offset, triple_index = _omaha_tables(
            saved["lo_index"], saved["hi_offset"], saved["rank_value"]
        )
    except IndexError:
        raise ValueError("saved tables: the perfect hash points outside its values") from None
    given = Tables(
        **saved, omaha_rank=omaha_rank, pair_offset=pair_offset, triple_index=triple_index
    )
    key, rank_bit, low_bit = _card_keys()
    for name, want in (("card_key", key), ("rank_bit", rank_bit), ("low_bit", low_bit)):
        if not np.array_equal(getattr(given, name), want):
            raise ValueError(f"saved tables: {name} differs from the card keys")
    for name in ("rank_value", "flush_value"):
        arr = getattr(given, name)
        if int(arr.max()) > HAND_CLASSES:
            raise ValueError(f"saved tables: {name} holds a value above {HAND_CLASSES}")
    _TABLES[:] = [given]
    return given
