"""Card counts and the hands on the layout (99-01.3-08-01.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from croupier.core.cards import Card, Rank


def count(cards: Sequence[Card]) -> tuple[int, bool]:
    """The best total card count and whether it is soft (an ace counted as eleven)."""
    hard = 0
    ace = False
    for card in cards:
        hard += card.count_value
        ace = ace or card.rank == Rank.ACE
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def total(cards: Sequence[Card]) -> int:
    return count(cards)[0]


def is_two_card_21(cards: Sequence[Card]) -> bool:
    return len(cards) == 2 and total(cards) == 21


def splittable(cards: Sequence[Card]) -> bool:
    """Any pair or any two 10-count cards (99-01.3-08-09.2.c)."""
    if len(cards) != 2:
        return False
    a, b = cards
    return a.rank == b.rank or (a.is_ten_count and b.is_ten_count)


@dataclass(eq=False)
class Hand:
    """One player hand on a betting space (hand 0, or a split hand)."""

    cards: list[Card]
    wager: int
    from_split: bool = False
    split_aces: bool = False
    double: int = 0
    tip_double: int = 0
    done: bool = False
    deferred: bool = False  # a missed hit card is owed to it (-12.15)
    waiting: bool = False  # busted split/double hand waiting for the dealer's hand (-11.8)
    settled: set[str] = field(default_factory=set)  # wager kinds already settled

    @property
    def total(self) -> int:
        return total(self.cards)

    @property
    def busted(self) -> bool:
        return self.total > 21

    @property
    def doubled(self) -> bool:
        return self.double > 0


@dataclass(eq=False)
class Seat:
    """A betting space with a wager: who plays it, what was wagered, its hands."""

    space: int
    player: str
    wager: int  # the wager valued for payoff (-09.1, -12.11)
    stake: int  # the chips wagered (differs from ``wager`` for an unlawful amount, -12.11)
    tip: int
    unlawful: bool = False
    hands: list[Hand] = field(default_factory=list)
    active: bool = True
    initial_cards: int = 0
    one_card_option: bool = False  # -12.2: awaiting the player's choice
    insurance: int = 0
    insurance_decided: bool = False
    even_money: bool = False
    settled: bool = False
    party: str = ""  # the account and settlement party: ``player:<name or space>``
    name: str | None = None  # the player's name when the wager named one

    @property
    def fifty_cent_case(self) -> bool:
        return self.unlawful and self.stake == 50

    @property
    def original_natural(self) -> bool:
        """The original hand (not split) was dealt a natural twenty-one."""
        if not self.hands or len(self.hands) != 1 or self.hands[0].from_split:
            return False
        return is_two_card_21(self.hands[0].cards[:2]) and len(self.hands[0].cards) >= 2

    @property
    def split_or_doubled(self) -> bool:
        return len(self.hands) > 1 or any(h.doubled for h in self.hands)
