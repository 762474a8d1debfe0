"""The actions of a Three Card 21 "N" Done round: chance (cards), decisions, irregularities.

Spaces (betting positions) are numbered 1..6 from the dealer's left. On a spot with several
people, decisions on the cards are the controlling person's (2C.12(b)); actions that belong to
one person (insurance, a wager change) name that person in ``player``.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput
from croupier.core.events import from_json_value, to_json_value
from croupier.games.threecard21.events import ActionTaken


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next card out of the shoe goes where the procedure sends it."""

    card: Card


@dataclass(frozen=True, slots=True)
class ChangeWager:
    """A person changes a wager (both wagers move together, 2C.5(a)); only before any card."""

    space: int
    amount: int
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Insure:
    """An insurance bet of ``amount`` cents (2C.7)."""

    space: int
    amount: int
    player: str | None = None


@dataclass(frozen=True, slots=True)
class DeclineInsurance:
    space: int
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Surrender:
    """Surrender a three-card hand over 21 for half the wager (2C.5(c)5.i, 2C.8)."""

    space: int


@dataclass(frozen=True, slots=True)
class DeclineSurrender:
    space: int


@dataclass(frozen=True, slots=True)
class Stand:
    space: int
    hand: int = 0


@dataclass(frozen=True, slots=True)
class Hit:
    space: int
    hand: int = 0


@dataclass(frozen=True, slots=True)
class Double:
    """Double down for ``amount`` (at most the wager, 2C.9(a)); ``others`` are the other people
    on the spot who also double, with their amounts (2C.12(d))."""

    space: int
    hand: int
    amount: int
    others: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Split:
    """The three-way split (2C.5(c)5.ii-iv, 2C.10); ``others`` are the other people on the spot
    who also place their two additional wagers."""

    space: int
    others: tuple[str, ...] = ()


# -- irregularities of 13:69F-2A.14 -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceUpCardInShoe:
    """(a) The next card is found face up in the shoe: not used, to the discard rack."""

    card: Card


@dataclass(frozen=True, slots=True)
class UnexposedCardDrawnInError:
    """(b) A card drawn in error, face not exposed: it is used as the next card."""


@dataclass(frozen=True, slots=True)
class ExposedCardDrawnInError:
    """(c) After the initial three cards, a card drawn in error and exposed."""

    card: Card


@dataclass(frozen=True, slots=True)
class RefuseExposedCard:
    """(c) The player refuses the exposed card; no more cards to that spot this round."""

    space: int


@dataclass(frozen=True, slots=True)
class DealerDrewInError:
    """(d) The dealer, standing, drew another card: it is burned."""

    card: Card


@dataclass(frozen=True, slots=True)
class DealerCardMissed:
    """(e) The dealer missed dealing his own first or second card."""


@dataclass(frozen=True, slots=True)
class InsufficientCards:
    """(f) Not enough cards to complete the round: the discard rack is shuffled and cut and
    the first card burned."""


@dataclass(frozen=True, slots=True)
class SpotMissed:
    """(g) The dealer skipped a spot in the initial deal; ``take_late_card`` is the player's
    option to receive the missed second or third card after the others."""

    space: int
    take_late_card: bool = True


@dataclass(frozen=True, slots=True)
class HitMissed:
    """(h) The dealer failed to deal a requested card: ``late`` deals it after the other players
    (before the hole card is revealed), otherwise the hand is dead and the wager returned."""

    space: int
    hand: int
    late: bool


@dataclass(frozen=True, slots=True)
class ShufflerMalfunction:
    """(i) The automated shuffler jammed or did not complete a cycle: the cards are reshuffled."""


@dataclass(frozen=True, slots=True)
class ShufflerRemoved:
    """(j) The automated shuffler is removed before another shuffle method is used."""

    supervisor_inspected: bool


@dataclass(frozen=True, slots=True)
class ReaderInsertedInError:
    """(k) The hole card went into the card reader with an up card that is not ace or ten."""

    device_reveals_hole_card: bool


@dataclass(frozen=True, slots=True)
class ReaderMalfunction:
    """(l) The card reader device malfunctions: deal on without it."""


Action = (
    Deal
    | ChangeWager
    | Insure
    | DeclineInsurance
    | Surrender
    | DeclineSurrender
    | Stand
    | Hit
    | Double
    | Split
    | FaceUpCardInShoe
    | UnexposedCardDrawnInError
    | ExposedCardDrawnInError
    | RefuseExposedCard
    | DealerDrewInError
    | DealerCardMissed
    | InsufficientCards
    | SpotMissed
    | HitMissed
    | ShufflerMalfunction
    | ShufflerRemoved
    | ReaderInsertedInError
    | ReaderMalfunction
)
"""Every action of a Three Card 21 round: a closed union of frozen dataclasses."""

ACTION_NAMES: dict[type[Action], str] = {
    Deal: "deal",
    ChangeWager: "change_wager",
    Insure: "insure",
    DeclineInsurance: "decline_insurance",
    Surrender: "surrender",
    DeclineSurrender: "decline_surrender",
    Stand: "stand",
    Hit: "hit",
    Double: "double",
    Split: "split",
    FaceUpCardInShoe: "face_up_in_shoe",
    UnexposedCardDrawnInError: "unexposed_card_drawn_in_error",
    ExposedCardDrawnInError: "exposed_card_drawn_in_error",
    RefuseExposedCard: "refuse_exposed_card",
    DealerDrewInError: "dealer_drew_in_error",
    DealerCardMissed: "dealer_card_missed",
    InsufficientCards: "insufficient_cards",
    SpotMissed: "spot_missed",
    HitMissed: "hit_missed",
    ShufflerMalfunction: "shuffler_malfunction",
    ShufflerRemoved: "shuffler_removed",
    ReaderInsertedInError: "reader_inserted_in_error",
    ReaderMalfunction: "reader_malfunction",
}
"""Each action class by its round-file name (also the name an ``ActionTaken`` event records)."""

ACTION_TYPES: tuple[type[Action], ...] = tuple(ACTION_NAMES)
_BY_NAME: dict[str, type[Action]] = {name: cls for cls, name in ACTION_NAMES.items()}


def record(action: Action) -> ActionTaken:
    """The ``ActionTaken`` event of an accepted action."""
    detail = to_json_value(action)
    assert isinstance(detail, dict)
    return ActionTaken(ACTION_NAMES[type(action)], detail)


def action_from_record(taken: ActionTaken) -> Action:
    """The action an ``ActionTaken`` event records (``InvalidInput`` if it names none)."""
    cls = _BY_NAME.get(taken.action)
    if cls is None:
        raise InvalidInput(f"unknown Three Card 21 action {taken.action!r} in the events")
    try:
        action = from_json_value(cls, taken.detail)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"bad {taken.action} action in the events: {exc}") from exc
    assert isinstance(action, cls)
    return action
