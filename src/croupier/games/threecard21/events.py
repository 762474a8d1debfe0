"""Events of a Three Card 21 "N" Done round (frozen, JSON round-trip)."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.events import JSON, Event, event


@event("threecard21.action_taken")
@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """An action the round accepted, first among the events it caused: ``action`` is its
    round-file name (``deal``, ``stand``, ``double``...), ``detail`` its fields as plain data.
    A round's actions are read back from these (``actions.action_from_record``)."""

    action: str
    detail: dict[str, JSON]


@event("threecard21.wager_placed")
@dataclass(frozen=True, slots=True)
class WagerPlaced(Event):
    """A wager went on the layout: ``kind`` is bonus, original, insurance, split or double."""

    space: int
    hand: int
    kind: str
    amount: int
    player: str | None = None


@event("threecard21.card_burned")
@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """A card went face down to the discard rack (2C.6(c), 2A.14(c), (d), (f))."""

    card: Card
    reason: str


@event("threecard21.card_dealt")
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card to a player's hand (``space``/``hand``) or, with ``space`` 0, to the dealer."""

    space: int
    hand: int
    card: Card
    face_up: bool = True


@event("threecard21.bonus_resolved")
@dataclass(frozen=True, slots=True)
class BonusResolved(Event):
    """The bonus hand of a spot was classified (2C.5(b), 2C.6(e)); ``category`` '' if none."""

    space: int
    category: str


@event("threecard21.totals_announced")
@dataclass(frozen=True, slots=True)
class TotalAnnounced(Event):
    """The dealer announced a hand's point total (2C.6(f), (h), 2C.10(c))."""

    space: int
    hand: int
    total: int


@event("threecard21.wager_settled")
@dataclass(frozen=True, slots=True)
class WagerSettled(Event):
    """One wager was collected, paid, pushed or returned; ``net`` is the player's gain."""

    space: int
    hand: int
    kind: str
    stake: int
    result: str
    net: int
    player: str | None = None


@event("threecard21.insurance_declined")
@dataclass(frozen=True, slots=True)
class InsuranceDeclined(Event):
    space: int
    player: str | None = None


@event("threecard21.surrender_decided")
@dataclass(frozen=True, slots=True)
class SurrenderDecided(Event):
    """A spot surrendered (or declined to) its three-card hand over 21 (2C.8)."""

    space: int
    surrendered: bool


@event("threecard21.hole_card_checked")
@dataclass(frozen=True, slots=True)
class HoleCardChecked(Event):
    """The dealer checked for blackjack (2C.5(c)1, 2C.6(i)): by card reader or by revealing."""

    method: str
    blackjack: bool


@event("threecard21.hole_card_revealed")
@dataclass(frozen=True, slots=True)
class HoleCardRevealed(Event):
    card: Card


@event("threecard21.decision")
@dataclass(frozen=True, slots=True)
class Decision(Event):
    """A player decision on a hand: stand, hit, double, split, refuse exposed card."""

    space: int
    hand: int
    decision: str


@event("threecard21.dealer_stood")
@dataclass(frozen=True, slots=True)
class DealerFinished(Event):
    """The dealer's hand is complete (2C.11); ``drew`` is False when no outcome depended."""

    total: int
    drew: bool


@event("threecard21.irregularity")
@dataclass(frozen=True, slots=True)
class Irregularity(Event):
    """An irregularity of 13:69F-2A.14 and the remedy applied."""

    section: str
    what: str
    remedy: str


@event("threecard21.round_voided")
@dataclass(frozen=True, slots=True)
class RoundVoided(Event):
    reason: str
