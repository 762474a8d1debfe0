"""Events of a poker hand (``poker.<name>``): JSON round-trip.

Compiled with the engine (mypyc): plain dataclasses, not frozen ones, because a frozen class is
several times slower to build in compiled code and a hand builds one at every step. Treat them
as immutable all the same: nothing changes an event after the engine made it, and the store
hashes each one's canonical JSON when it is appended.

The events a hand makes at every step spell out their ``__init__`` (``@dataclass(init=False)``,
which still gives the fields, ``==`` and ``repr``): mypyc compiles a written ``__init__`` to
native code, while the one ``@dataclass`` generates runs in the interpreter (about eight times
slower to build); ``tests/unit/poker/test_engine_caches.py`` checks that
each written one takes the fields in order with the same defaults.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Final

from croupier.core.cards import Card
from croupier.core.events import Event, register_events
from croupier.games.poker.actions import Action


@dataclass(init=False)
class ActionTaken(Event):
    """The action itself, as it was applied (a card dealt, a bet, a dealer's ruling...): the
    first event of every step of the game protocol, so that the stream alone rebuilds the hand
    (``croupier.games.poker.game``). Made by the protocol object, not by ``Hand``."""

    action: Action

    def __init__(self, action: Action) -> None:
        self.action = action


@dataclass(init=False)
class HandStarted(Event):
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]

    def __init__(self, button: int, seats: tuple[int, ...], stacks: tuple[int, ...]) -> None:
        self.button = button
        self.seats = seats
        self.stacks = stacks


@dataclass(init=False)
class ForcedBet(Event):
    seat: int
    kind: str
    amount: int
    posted_by_dealer: bool = False

    def __init__(self, seat: int, kind: str, amount: int, posted_by_dealer: bool = False) -> None:
        self.seat = seat
        self.kind = kind
        self.amount = amount
        self.posted_by_dealer = posted_by_dealer


@dataclass(init=False)
class CardDealt(Event):
    to: str
    seat: int | None
    card: Card | None

    def __init__(self, to: str, seat: int | None, card: Card | None) -> None:
        self.to = to
        self.seat = seat
        self.card = card


@dataclass
class CardDead(Event):
    card: Card | None
    reason: str
    section: str


@dataclass(init=False)
class PlayerActed(Event):
    seat: int
    action: str
    to: int
    added: int
    all_in: bool = False

    def __init__(self, seat: int, action: str, to: int, added: int, all_in: bool = False) -> None:
        self.seat = seat
        self.action = action
        self.to = to
        self.added = added
        self.all_in = all_in


@dataclass
class StatementMade(Event):
    seat: int
    statement: str
    amount: int


@dataclass
class WagerRead(Event):
    seat: int
    placed: int
    read_as: str
    section: str


@dataclass(init=False)
class RoundEnded(Event):
    street: int
    pot: int

    def __init__(self, street: int, pot: int) -> None:
        self.street = street
        self.pot = pot


@dataclass(init=False)
class UncalledReturned(Event):
    seat: int
    amount: int
    section: str

    def __init__(self, seat: int, amount: int, section: str) -> None:
        self.seat = seat
        self.amount = amount
        self.section = section


@dataclass(init=False)
class HandShown(Event):
    seat: int
    cards: tuple[Card | None, ...]
    high: int | None
    low: int | None

    def __init__(
        self,
        seat: int,
        cards: tuple[Card | None, ...],
        high: int | None,
        low: int | None,
    ) -> None:
        self.seat = seat
        self.cards = cards
        self.high = high
        self.low = low


@dataclass(init=False)
class HandDiscarded(Event):
    seat: int
    face_up: bool
    dead: bool
    section: str

    def __init__(self, seat: int, face_up: bool, dead: bool, section: str) -> None:
        self.seat = seat
        self.face_up = face_up
        self.dead = dead
        self.section = section


@dataclass
class HandRetrieved(Event):
    seat: int
    section: str


@dataclass(init=False)
class HandDead(Event):
    seat: int
    reason: str
    section: str

    def __init__(self, seat: int, reason: str, section: str) -> None:
        self.seat = seat
        self.reason = reason
        self.section = section


@dataclass(init=False)
class WagerReturned(Event):
    seat: int
    amount: int
    reason: str
    section: str

    def __init__(self, seat: int, amount: int, reason: str, section: str) -> None:
        self.seat = seat
        self.amount = amount
        self.reason = reason
        self.section = section


@dataclass(init=False)
class PotAwarded(Event):
    pot: int
    half: str
    amount: int
    seats: tuple[int, ...]
    shares: tuple[int, ...]

    def __init__(
        self,
        pot: int,
        half: str,
        amount: int,
        seats: tuple[int, ...],
        shares: tuple[int, ...],
    ) -> None:
        self.pot = pot
        self.half = half
        self.amount = amount
        self.seats = seats
        self.shares = shares


@dataclass
class Misdeal(Event):
    reason: str
    section: str


@dataclass
class DefectiveDeck(Event):
    returned: tuple[int, ...]
    forfeited: int
    section: str


@dataclass
class HandExposed(Event):
    """An active player showed the hand to other active players during the hand: every
    player at the table has the right to see it, so its cards are on the record (-04.21)."""

    seat: int
    to: tuple[int, ...]
    cards: tuple[Card | None, ...]
    section: str


@dataclass
class ImproperBet(Event):
    """A call found short after other players acted (-04.16): it ``stands`` (the player
    completes it) once three players have called, a player has raised or all the players in
    the pot have acted; otherwise the action backs up to the player and the ``nullified``
    actions after it are undone."""

    seat: int
    placed: int
    stands: bool
    nullified: tuple[str, ...]
    section: str


@dataclass
class PlayerArrived(Event):
    seat: int


@dataclass(init=False)
class HandEnded(Event):
    stacks: tuple[int, ...]

    def __init__(self, stacks: tuple[int, ...]) -> None:
        self.stacks = stacks


register_events(
    {
        "poker.action_taken": ActionTaken,
        "poker.hand_started": HandStarted,
        "poker.forced_bet": ForcedBet,
        "poker.card_dealt": CardDealt,
        "poker.card_dead": CardDead,
        "poker.action": PlayerActed,
        "poker.statement": StatementMade,
        "poker.wager_read": WagerRead,
        "poker.round_ended": RoundEnded,
        "poker.uncalled_returned": UncalledReturned,
        "poker.hand_shown": HandShown,
        "poker.hand_discarded": HandDiscarded,
        "poker.hand_retrieved": HandRetrieved,
        "poker.hand_dead": HandDead,
        "poker.wager_returned": WagerReturned,
        "poker.pot_awarded": PotAwarded,
        "poker.misdeal": Misdeal,
        "poker.defective_deck": DefectiveDeck,
        "poker.hand_exposed": HandExposed,
        "poker.improper_bet": ImproperBet,
        "poker.player_arrived": PlayerArrived,
        "poker.hand_ended": HandEnded,
    }
)


_FIELD_TYPES: Final[dict[type, dict[str, object]]] = {
    HandStarted: {"seats": tuple[int, ...], "stacks": tuple[int, ...]},
    CardDealt: {"seat": int | None, "card": Card | None},
    CardDead: {"card": Card | None},
    HandShown: {"cards": tuple[Card | None, ...], "high": int | None, "low": int | None},
    PotAwarded: {"seats": tuple[int, ...], "shares": tuple[int, ...]},
    DefectiveDeck: {"returned": tuple[int, ...]},
    HandExposed: {"to": tuple[int, ...], "cards": tuple[Card | None, ...]},
    ImproperBet: {"nullified": tuple[str, ...]},
    HandEnded: {"stacks": tuple[int, ...]},
}
"""The annotated types of the fields that mypyc erases in the compiled classes' annotations
(``tuple[int, ...]`` becomes ``tuple``, ``Card | None`` becomes ``type``): ``event_from_dict``
reads the annotations to rebuild an event from its JSON (the store), so they are put back.
``tests/unit/poker/test_engine_caches.py`` checks that no event's field is left erased."""


def _restore_field_types() -> None:
    for cls, types in _FIELD_TYPES.items():
        annotations = dict(inspect.get_annotations(cls))
        annotations.update(types)
        setattr(cls, "__annotations__", annotations)  # noqa: B010 - a compiled class


_restore_field_types()
