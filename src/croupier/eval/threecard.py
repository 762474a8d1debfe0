"""Three Card 21 "N" Done bonus categories (N.J.A.C. 13:69F-2C.2(c)): a readable reference.

The categories, highest first (2C.2(c)1-8): three card royal flush of diamonds, three card royal
flush, straight flush, three of a kind, straight, flush, pair, 21 total. A hand is classified by
its highest category only (2C.5(b)).

Definitions chosen (see docs/interpretations/threecard21.md):

* A **straight** is three cards of three consecutive ranks, the ace either high (Q-K-A) or low
  (A-2-3). K-A-2 does not "wrap around" and is not a straight (2C.2(c)5 says "consecutive
  ranking"; the ace is consecutive to the king or to the two, never to both at once).
* A **straight flush** is a straight of one suit; A-K-Q of one suit is the (higher) royal flush.
* **Three of a kind** is three cards of one rank, whether or not they share a suit (a multi-deck
  shoe can deal the same card three times; that hand is three of a kind, which ranks above
  flush).
* A **pair** is exactly two cards of one rank.
* **21 total** is a hand whose twenty-one count (2C.2(b): ace 11 unless that exceeds 21) is 21;
  A-K-Q of one suit is excluded in the text but is a royal flush anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from croupier.core.cards import Card, Rank, Suit, twentyone_count
from croupier.core.errors import InvalidInput

SECTION = "N.J.A.C. 13:69F-2C.2(c)"


class BonusCategory(Enum):
    """The Three Card 21 bonus hands of 2C.2(c), declared highest first."""

    DIAMOND_ROYAL = "3 card diamond royal flush"
    ROYAL = "3 card royal flush"
    STRAIGHT_FLUSH = "straight flush"
    THREE_OF_A_KIND = "3 of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    PAIR = "pair"
    TWENTY_ONE = "21 total"

    @property
    def rank_order(self) -> int:
        """0 for the highest category (diamond royal) .. 7 for the lowest (21 total)."""
        return _ORDER[self]


_ORDER = {c: i for i, c in enumerate(BonusCategory)}
CATEGORIES_HIGH_TO_LOW: tuple[BonusCategory, ...] = tuple(BonusCategory)

_ROYAL_RANKS = (Rank.QUEEN, Rank.KING, Rank.ACE)


def is_straight_ranks(ranks: Sequence[int]) -> bool:
    """Three distinct consecutive ranks; A-2-3 and Q-K-A count, K-A-2 does not."""
    r = sorted(ranks)
    if len(set(r)) != 3:
        return False
    if r[2] - r[0] == 2:
        return True
    return r == [2, 3, 14]  # A-2-3 with the ace low


def three_card_total(cards: Sequence[Card]) -> int:
    """The twenty-one count of 2C.2(b): one ace counts 11 unless that makes more than 21."""
    hard = sum(twentyone_count(c.rank) for c in cards)
    if any(c.rank == Rank.ACE for c in cards) and hard + 10 <= 21:
        return hard + 10
    return hard


def classify(cards: Sequence[Card]) -> BonusCategory | None:
    """The highest bonus category of a three-card hand, or ``None`` when it wins nothing."""
    if len(cards) != 3:
        raise InvalidInput(f"a Three Card 21 bonus hand has three cards, got {len(cards)}")
    ranks = [int(c.rank) for c in cards]
    suits = {c.suit for c in cards}
    flush = len(suits) == 1
    straight = is_straight_ranks(ranks)
    if flush and sorted(ranks) == [int(r) for r in _ROYAL_RANKS]:
        return BonusCategory.DIAMOND_ROYAL if Suit.DIAMONDS in suits else BonusCategory.ROYAL
    if flush and straight:
        return BonusCategory.STRAIGHT_FLUSH
    distinct = len(set(ranks))
    if distinct == 1:
        return BonusCategory.THREE_OF_A_KIND
    if straight:
        return BonusCategory.STRAIGHT
    if flush:
        return BonusCategory.FLUSH
    if distinct == 2:
        return BonusCategory.PAIR
    if three_card_total(cards) == 21:
        return BonusCategory.TWENTY_ONE
    return None
