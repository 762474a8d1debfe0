"""The mutable data of one round, hand arithmetic and the settlement helper.

The round's public face is ``croupier.games.threecard21.state.Round``; this module holds what it
is made of. Every change goes through ``Round.apply``; a refused action may leave the data
half-changed, and ``croupier.core.protocol.Play`` (the only way actions reach a round) then
rebuilds the round from its accepted actions.

Chips move in one place each way: ``place`` (a wager goes from a person to the layout) and
``settle`` (the layout returns the stake, and the house pays or collects the net). The round's
``accounts`` are those movements, by party (``player:<name or space>``, ``house``) and the
``layout``; they always sum to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from croupier.core.cards import Card, Rank, twentyone_count
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.games.base import HOUSE, Outcome, WagerResult, player_party
from croupier.games.threecard21.events import WagerPlaced, WagerSettled

NJ = "N.J.A.C. 13:69F-"
S_WAGERS = NJ + "2C.5(a)"
S_NO_CHANGE = NJ + "2C.5(f)"
S_OPTIONS = NJ + "2C.5(c)5"
S_BURN = NJ + "2C.6(c)"
S_DEAL_ORDER = NJ + "2C.6(d)"
S_INSURANCE = NJ + "2C.7(a)"
S_INSURANCE_AMOUNT = NJ + "2C.7(b)"
S_SURRENDER = NJ + "2C.8(a)"
S_SURRENDER_OFFERED = NJ + "2C.8(c)"
S_DOUBLE = NJ + "2C.9(a)"
S_SPLIT = NJ + "2C.10(a)"
S_SPLIT_ORDER = NJ + "2C.10(b)"
S_RESPLIT = NJ + "2C.10(c)1"
S_DRAW = NJ + "2C.11(a)"
S_SHARED = NJ + "2C.12(a)"
S_CALLER = NJ + "2C.12(b)"
S_SHARED_DOUBLE = NJ + "2C.12(d)"
S_MULTI = NJ + "2C.13"
S_TABLE = "N.J.A.C. 13:69E-1.10D(a)"


def dollars(cents: object) -> str:
    """An amount as a person reads it (``$12.50``); anything else as it was given."""
    if isinstance(cents, int) and not isinstance(cents, bool):
        return format_money(cents)
    return repr(cents)


def irregularity_section(letter: str) -> str:
    return f"{NJ}2A.14({letter})"


class Phase(Enum):
    DEALING = "dealing"
    INSURANCE = "insurance"
    SURRENDER = "surrender"
    PLAY = "players' decisions"
    DEALER = "dealer's hand"
    DONE = "complete"


DEALER = 0
"""The ``space`` number that stands for the dealer in deal targets and ``CardDealt`` events."""

LAYOUT = "layout"
"""The account of the wagers on the layout, placed and not yet settled."""


@dataclass
class Person:
    """One person wagering on a spot (2C.12). ``name`` is ``None`` on a one-person spot."""

    name: str | None
    wager: int
    seated: bool = False


@dataclass
class Hand:
    """A hand on a spot; ``stakes``/``doubles`` map person index -> cents."""

    cards: list[Card]
    stakes: dict[int, int]
    doubles: dict[int, int] = field(default_factory=dict)
    done: bool = False
    awaiting: bool = False
    owed: bool = False


@dataclass
class Spot:
    space: int
    persons: list[Person]
    controller: int
    hands: list[Hand] = field(default_factory=list)
    split: bool = False
    dead: bool = False
    surrender: bool | None = None
    surrender_held: bool = False
    insurance: dict[int, int] = field(default_factory=dict)
    refused: bool = False

    @property
    def shared(self) -> bool:
        return len(self.persons) > 1

    def player(self, person: int) -> str | None:
        return self.persons[person].name if self.shared else None

    def party(self, person: int) -> str:
        """The party of a person on this spot: by name on a shared spot, else by space (the
        key ``WagerResult.player`` or ``space`` gives)."""
        name = self.player(person)
        return player_party(name if name is not None else self.space)


@dataclass
class RoundData:
    spots: list[Spot]
    phase: Phase = Phase.DEALING
    dealer: list[Card] = field(default_factory=list)
    queue: list[tuple[int, int]] = field(default_factory=list)
    burn_due: bool = False
    face_up_in_shoe: int = 0
    exposed: Card | None = None
    reader_in_service: bool = True
    checked: bool = False
    dealer_blackjack: bool = False
    hole_revealed: bool = False
    dealer_drew: bool = False
    void: bool = False
    first_card_out: bool = False
    results: list[WagerResult] = field(default_factory=list)
    bonus: dict[int, str] = field(default_factory=dict)
    accounts: dict[str, int] = field(default_factory=dict)
    seen: list[Card] = field(default_factory=list)
    opened: bool = False

    def move(self, source: str, destination: str, amount: int) -> None:
        """``amount`` cents go from ``source`` to ``destination`` (negative: the other way)."""
        self.accounts[source] = self.accounts.get(source, 0) - amount
        self.accounts[destination] = self.accounts.get(destination, 0) + amount

    def spot(self, space: int) -> Spot | None:
        for s in self.spots:
            if s.space == space:
                return s
        return None

    @property
    def up_card(self) -> Card | None:
        return self.dealer[0] if self.dealer else None


def hard_total(cards: Sequence[Card]) -> int:
    return sum(twentyone_count(c.rank) for c in cards)


def total(cards: Sequence[Card]) -> tuple[int, bool]:
    """(point total, soft) per 2C.2(b): one ace counts 11 unless that exceeds 21."""
    hard = hard_total(cards)
    if any(c.rank == Rank.ACE for c in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def points(cards: Sequence[Card]) -> int:
    return total(cards)[0]


def is_ace_or_ten(card: Card | None) -> bool:
    return card is not None and (card.rank == Rank.ACE or card.is_ten_count)


def is_blackjack(cards: Sequence[Card]) -> bool:
    """The dealer's ace and ten-count card (2C.1 "Blackjack")."""
    return len(cards) == 2 and points(cards) == 21


def split_triggers(cards: Sequence[Card]) -> list[str]:
    """Why a three-card hand may be split three ways (2C.5(c)5.ii, iii(aa), iii(bb))."""
    out: list[str] = []
    hard = hard_total(cards)
    if hard > 21:
        out.append("over 21")
    if any(c.rank == Rank.ACE for c in cards) and hard + 10 > 21:
        out.append("ace over 21 as eleven")
    values = [twentyone_count(c.rank) for c in cards]
    if len(set(values)) < len(values):
        out.append("pair")
    return out


def kind_of(hand: int) -> str:
    return "original" if hand == 0 else "split"


def place(r: RoundData, spot: Spot, hand: int, kind: str, person: int, amount: int) -> Event:
    """A person's wager goes on the layout; its event."""
    r.move(spot.party(person), LAYOUT, amount)
    return WagerPlaced(spot.space, hand, kind, amount, spot.player(person))


def settle(
    r: RoundData,
    spot: Spot,
    hand: int,
    kind: str,
    person: int,
    stake: int,
    result: Outcome,
    net: int,
) -> Event:
    """Record one wager's result and return its event: the layout gives the stake back to the
    person, and the house pays the net (collects it when negative)."""
    player = spot.player(person)
    r.move(LAYOUT, spot.party(person), stake)
    r.move(HOUSE, spot.party(person), net)
    r.results.append(WagerResult(spot.space, hand, kind, stake, result, net, player))
    return WagerSettled(spot.space, hand, kind, stake, result.value, net, player)


def settle_hand(r: RoundData, spot: Spot, index: int, result: Outcome) -> list[Event]:
    """Settle every wager (main and double, every person) on one hand at even money."""
    hand = spot.hands[index]
    events: list[Event] = []
    sign = {Outcome.WIN: 1, Outcome.LOSE: -1}.get(result, 0)
    for person, stake in sorted(hand.stakes.items()):
        events.append(settle(r, spot, index, kind_of(index), person, stake, result, sign * stake))
    for person, stake in sorted(hand.doubles.items()):
        events.append(settle(r, spot, index, "double", person, stake, result, sign * stake))
    hand.done = True
    hand.awaiting = False
    hand.stakes = {}
    hand.doubles = {}
    return events


def live_hands(r: RoundData) -> list[tuple[Spot, int]]:
    """Hands whose wagers still await the dealer's hand."""
    return [(s, i) for s in r.spots for i, h in enumerate(s.hands) if h.stakes or h.doubles]
