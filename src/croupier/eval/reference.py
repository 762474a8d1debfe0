"""The readable reference evaluators: poker high hands, Omaha, and the eight-or-better low.

Every function here says what the rule says and nothing clever: it tries every five-card
selection the rule allows and keeps the best. The fast batch kernels (``croupier.eval.fast``)
are tested against these functions.

High values are on the scale of ``croupier.eval.scale``: an ``int`` in 1..7462, higher is
better, equal values are exact ties. Low values: the bit set of the five low ranks (ace = bit 0,
deuce = bit 1, ... eight = bit 7); lower is better; ``None`` when no low qualifies.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from croupier.core.cards import Card, Rank
from croupier.core.errors import InvalidInput
from croupier.eval.scale import (
    ACE,
    ENCODED_BY_VALUE,
    HAND_CLASSES,
    ROYAL_FLUSH_VALUE,
    VALUE_BY_ENCODED,
    HandCategory,
    classify_five,
    decode,
)

__all__ = [
    "HandCategory",
    "category_of",
    "describe",
    "describe_low",
    "is_royal",
    "low8",
    "low_ranks",
    "omaha_high",
    "omaha_low8",
    "rank_five",
    "rank_high",
]

OMAHA_SECTION = "99-01.3-09-05.6.c"
RANKING_SECTION = "99-01.3-09-04.1"
LOW_QUALIFIER = 8


def _check_distinct(cards: Sequence[Card], what: str) -> None:
    if len(set(cards)) != len(cards):
        raise InvalidInput(f"{what} holds the same card twice: {' '.join(map(str, cards))}")


def rank_five(cards: Sequence[Card]) -> int:
    """The value of exactly five cards (99-01.3-09-04.1)."""
    if len(cards) != 5:
        raise InvalidInput(f"a poker hand is five cards, got {len(cards)}")
    ranks = tuple(int(c.rank) for c in cards)
    flush = len({c.suit for c in cards}) == 1
    return VALUE_BY_ENCODED[classify_five(ranks, flush)]


def rank_high(cards: Sequence[Card]) -> int:
    """The best five-card high hand among 5, 6 or 7 cards (99-01.3-09-04.1); higher is better."""
    if not 5 <= len(cards) <= 7:
        raise InvalidInput(f"a high hand is the best five of 5 to 7 cards, got {len(cards)}")
    _check_distinct(cards, "the hand")
    return max(rank_five(five) for five in combinations(cards, 5))


def _check_omaha(hole: Sequence[Card], board: Sequence[Card]) -> None:
    if len(hole) != 4:
        raise InvalidInput(f"an Omaha hand has four hole cards ({OMAHA_SECTION}), got {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise InvalidInput(f"an Omaha board has 3 to 5 community cards, got {len(board)}")
    _check_distinct([*hole, *board], "the hole and board cards")


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best Omaha high hand: exactly two hole and three board cards (99-01.3-09-05.6.c)."""
    _check_omaha(hole, board)
    return max(
        rank_five((*two, *three))
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def low_rank(card: Card) -> int:
    """A card's rank for low: aces low (``1``), others face value (99-01.3-09-04.25)."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def _low_of_five(cards: Sequence[Card]) -> int | None:
    ranks = {low_rank(c) for c in cards}
    if len(ranks) != 5 or max(ranks) > LOW_QUALIFIER:
        return None
    return sum(1 << (r - 1) for r in ranks)


def _best_low(candidates: list[int | None]) -> int | None:
    lows = [low for low in candidates if low is not None]
    return min(lows) if lows else None


def low8(cards: Sequence[Card]) -> int | None:
    """The eight-or-better low among 5 to 7 cards: five unpaired ranks, eight or lower, ace low;
    straights and flushes do not count against a low. ``None`` if none qualifies. Lower is
    better; the value is the bit set of the five ranks (ace bit 0 ... eight bit 7), which orders
    lows exactly as "compare the highest card, then the next" does."""
    if not 5 <= len(cards) <= 7:
        raise InvalidInput(f"a low hand is the best five of 5 to 7 cards, got {len(cards)}")
    _check_distinct(cards, "the hand")
    return _best_low([_low_of_five(five) for five in combinations(cards, 5)])


def omaha_low8(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best Omaha eight-or-better low: exactly two hole and three board cards
    (99-01.3-09-05.6.c); same scale as ``low8``."""
    _check_omaha(hole, board)
    return _best_low(
        [
            _low_of_five((*two, *three))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        ]
    )


def low_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a low value, highest first (ace as ``1``)."""
    return tuple(r for r in range(LOW_QUALIFIER, 0, -1) if value >> (r - 1) & 1)


def _check_value(value: int) -> None:
    if not 1 <= value <= HAND_CLASSES:
        raise InvalidInput(f"a hand value is 1..{HAND_CLASSES}, got {value}")


def category_of(value: int) -> HandCategory:
    """The category (99-01.3-09-04.1) of a high-hand value."""
    _check_value(value)
    return decode(ENCODED_BY_VALUE[value])[0]


def is_royal(value: int) -> bool:
    """Whether a value is the royal flush, the ace-high straight flush (99-01.3-09-04.1.a)."""
    _check_value(value)
    return value == ROYAL_FLUSH_VALUE


_NAMES = {
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    ACE: ("ace", "aces"),
    1: ("ace", "aces"),
}


def _one(rank: int) -> str:
    return _NAMES[rank][0]


def _many(rank: int) -> str:
    return _NAMES[rank][1]


def _kickers(ranks: tuple[int, ...]) -> str:
    return "-".join(_one(r) for r in ranks)


def describe(value: int) -> str:
    """A hand value in words, e.g. ``"full house, kings full of fours"``."""
    _check_value(value)
    category, r = decode(ENCODED_BY_VALUE[value])
    if category == HandCategory.STRAIGHT_FLUSH:
        return "royal flush" if value == ROYAL_FLUSH_VALUE else f"straight flush, {_one(r[0])} high"
    if category == HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_many(r[0])} ({_one(r[1])} kicker)"
    if category == HandCategory.FULL_HOUSE:
        return f"full house, {_many(r[0])} full of {_many(r[1])}"
    if category == HandCategory.FLUSH:
        return f"flush, {_kickers(r)}"
    if category == HandCategory.STRAIGHT:
        return f"straight, {_one(r[0])} high"
    if category == HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_many(r[0])} ({_kickers(r[1:])})"
    if category == HandCategory.TWO_PAIR:
        return f"two pair, {_many(r[0])} and {_many(r[1])} ({_one(r[2])} kicker)"
    if category == HandCategory.ONE_PAIR:
        return f"one pair, {_many(r[0])} ({_kickers(r[1:])})"
    return f"high card, {_kickers(r)}"


def describe_low(value: int | None) -> str:
    """A low value in words, e.g. ``"eight-six-four-three-ace low"``; ``"no low"`` for None."""
    if value is None:
        return "no low"
    ranks = low_ranks(value)
    if len(ranks) != 5 or value >= 1 << LOW_QUALIFIER:
        raise InvalidInput(f"not a low value: {value}")
    return f"{_kickers(ranks)} low"
