"""Events of a poker hand (``poker.<name>``): frozen, JSON round-trip."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.events import Event, event


@event("poker.hand_started")
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]


@event("poker.forced_bet")
@dataclass(frozen=True, slots=True)
class ForcedBet(Event):
    seat: int
    kind: str
    amount: int
    posted_by_dealer: bool = False


@event("poker.card_dealt")
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    to: str
    seat: int | None
    card: Card | None


@event("poker.card_dead")
@dataclass(frozen=True, slots=True)
class CardDead(Event):
    card: Card | None
    reason: str
    section: str


@event("poker.action")
@dataclass(frozen=True, slots=True)
class PlayerActed(Event):
    seat: int
    action: str
    to: int
    added: int
    all_in: bool = False


@event("poker.statement")
@dataclass(frozen=True, slots=True)
class StatementMade(Event):
    seat: int
    statement: str
    amount: int


@event("poker.wager_read")
@dataclass(frozen=True, slots=True)
class WagerRead(Event):
    seat: int
    placed: int
    read_as: str
    section: str


@event("poker.round_ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    street: int
    pot: int


@event("poker.uncalled_returned")
@dataclass(frozen=True, slots=True)
class UncalledReturned(Event):
    seat: int
    amount: int
    section: str


@event("poker.hand_shown")
@dataclass(frozen=True, slots=True)
class HandShown(Event):
    seat: int
    cards: tuple[Card | None, ...]
    high: int | None
    low: int | None


@event("poker.hand_discarded")
@dataclass(frozen=True, slots=True)
class HandDiscarded(Event):
    seat: int
    face_up: bool
    dead: bool
    section: str


@event("poker.hand_retrieved")
@dataclass(frozen=True, slots=True)
class HandRetrieved(Event):
    seat: int
    section: str


@event("poker.hand_dead")
@dataclass(frozen=True, slots=True)
class HandDead(Event):
    seat: int
    reason: str
    section: str


@event("poker.wager_returned")
@dataclass(frozen=True, slots=True)
class WagerReturned(Event):
    seat: int
    amount: int
    reason: str
    section: str


@event("poker.pot_awarded")
@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    pot: int
    half: str
    amount: int
    seats: tuple[int, ...]
    shares: tuple[int, ...]


@event("poker.misdeal")
@dataclass(frozen=True, slots=True)
class Misdeal(Event):
    reason: str
    section: str


@event("poker.defective_deck")
@dataclass(frozen=True, slots=True)
class DefectiveDeck(Event):
    returned: tuple[int, ...]
    forfeited: int
    section: str


@event("poker.hand_exposed")
@dataclass(frozen=True, slots=True)
class HandExposed(Event):
    """An active player showed the hand to other active players during the hand: every
    player at the table has the right to see it, so its cards are on the record (-04.21)."""

    seat: int
    to: tuple[int, ...]
    cards: tuple[Card | None, ...]
    section: str


@event("poker.player_arrived")
@dataclass(frozen=True, slots=True)
class PlayerArrived(Event):
    seat: int


@event("poker.hand_ended")
@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    stacks: tuple[int, ...]
