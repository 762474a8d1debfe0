"""The value scale shared by every high-hand evaluator in ``croupier.eval``.

A poker hand (99-01.3-09-04.1) is first *classified* into a category and its tie-breaking
ranks; the pair is packed into an **encoded** integer::

    encoded = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

with ranks 2..14 (a five-high straight has top rank 5) and unused slots zero. Encoded integers
compare exactly as the hands do. There are exactly 7,462 distinct five-card hand classes; the
public **value** of a hand is the 1-based position of its encoded integer among them:
``1`` is 7-5-4-3-2 offsuit, ``7462`` is the royal flush. Higher is better; equal values are
exact ties (all suits are of equal value, 99-01.3-09-04.25).

The eight-or-better low has its own scale (see ``croupier.eval.reference.low8``): the bit set of
the five low ranks (ace = bit 0 ... eight = bit 7); lower is better.
"""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

ACE = 14
WHEEL_TOP = 5
ROYAL_TOP = ACE
NO_LOW = 0x7FFF
"""The fast kernels' value for "no qualifying low" (worse than every low value)."""


class HandCategory(IntEnum):
    """The poker hand categories of 99-01.3-09-04.1, lowest first (a royal flush is the
    ace-high straight flush, 99-01.3-09-04.1.a; see ``is_royal``)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


def encode(category: HandCategory, ranks: tuple[int, ...]) -> int:
    """Pack a category and its tie-breaking ranks (most significant first)."""
    value = int(category)
    for slot in range(5):
        value = (value << 4) | (ranks[slot] if slot < len(ranks) else 0)
    return value


def decode(encoded: int) -> tuple[HandCategory, tuple[int, ...]]:
    """Unpack an encoded hand into its category and its non-zero tie-breaking ranks."""
    ranks = tuple(r for r in ((encoded >> (16 - 4 * i)) & 0xF for i in range(5)) if r)
    return HandCategory(encoded >> 20), ranks


def straight_top(distinct_ranks: set[int]) -> int | None:
    """The top rank of the best straight among ``distinct_ranks`` (ace low only in 5-4-3-2-A)."""
    for top in range(ACE, WHEEL_TOP - 1, -1):
        needed = {top - i for i in range(5)}
        if top == WHEEL_TOP:
            needed = {ACE, 2, 3, 4, 5}
        if needed <= distinct_ranks:
            return top
    return None


def classify_five(ranks: tuple[int, ...], flush: bool) -> int:
    """Encode five cards given their ranks (2..14) and whether they are all one suit."""
    counts = Counter(ranks)
    # Ranks ordered by (count, rank), largest first: quads before kicker, trips before pair...
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = straight_top(set(ranks)) if len(counts) == 5 else None
    if top is not None:
        category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
        return encode(category, (top,))
    if flush:
        return encode(HandCategory.FLUSH, tuple(ordered))
    by_shape = {
        (4, 1): HandCategory.FOUR_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (2, 1, 1, 1): HandCategory.ONE_PAIR,
        (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
    }
    return encode(by_shape[tuple(shape)], tuple(ordered))


def classes_by_classification() -> list[int]:
    """Every hand class, found by classifying every rank multiset (slow: the reference)."""
    classes: set[int] = set()
    for multiset in combinations_with_replacement(range(2, ACE + 1), 5):
        if max(Counter(multiset).values()) <= 4:
            classes.add(classify_five(multiset, flush=False))
    for distinct in combinations(range(2, ACE + 1), 5):
        classes.add(classify_five(distinct, flush=True))
    return sorted(classes)


def _pack(category: int, a: int, b: int = 0, c: int = 0, d: int = 0, e: int = 0) -> int:
    return category << 20 | a << 16 | b << 12 | c << 8 | d << 4 | e


def _all_classes() -> list[int]:
    """Every hand class, written out category by category (what ``classes_by_classification``
    finds, in a few milliseconds instead of tens: it runs at every import)."""
    ranks = range(ACE, 1, -1)  # high to low, so every combination comes out high to low
    tops = range(WHEEL_TOP, ACE + 1)
    straights = {(t, t - 1, t - 2, t - 3, t - 4) for t in range(6, ACE + 1)} | {(ACE, 5, 4, 3, 2)}
    plain = [c for c in combinations(ranks, 5) if c not in straights]
    out = [_pack(0, *c) for c in plain]
    out += [_pack(5, *c) for c in plain]
    out += [_pack(4, t) for t in tops] + [_pack(8, t) for t in tops]
    for x in ranks:
        others = [r for r in ranks if r != x]
        out += [_pack(1, x, *k) for k in combinations(others, 3)]
        out += [_pack(3, x, *k) for k in combinations(others, 2)]
        out += [_pack(6, x, k) for k in others] + [_pack(7, x, k) for k in others]
    for p1, p2 in combinations(ranks, 2):
        out += [_pack(2, p1, p2, k) for k in ranks if k not in (p1, p2)]
    return sorted(out)


ENCODED_BY_VALUE: tuple[int, ...] = (0, *_all_classes())
"""``ENCODED_BY_VALUE[value]`` is the encoded hand of a value 1..7462 (index 0 unused)."""
VALUE_BY_ENCODED: dict[int, int] = {e: v for v, e in enumerate(ENCODED_BY_VALUE) if v}
HAND_CLASSES = len(ENCODED_BY_VALUE) - 1
ROYAL_FLUSH_VALUE = HAND_CLASSES


def encoded_table() -> npt.NDArray[np.int32]:
    """``ENCODED_BY_VALUE`` as a numpy array (for vectorised category counts)."""
    return np.array(ENCODED_BY_VALUE, dtype=np.int32)


def category_floor(category: HandCategory) -> int:
    """The lowest value of ``category`` (values of a category are contiguous)."""
    return next(v for v in range(1, HAND_CLASSES + 1) if ENCODED_BY_VALUE[v] >> 20 >= category)
