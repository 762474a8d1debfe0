"""Twenty-one events. ``ActionRecorded`` carries each action taken (cards included), so a round's
events rebuild it exactly (99-01.3-08-11.17); the others record what the action caused."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.core.events import Event, event
from croupier.games.base import Outcome
from croupier.games.twentyone.actions import Action, SeatWager


@event("twentyone.action_recorded")
@dataclass(frozen=True, slots=True)
class ActionRecorded(Event):
    action: Action


@event("twentyone.wager_accepted")
@dataclass(frozen=True, slots=True)
class WagerAccepted(Event):
    space: int
    player: str
    wager: int
    tip: int
    excess_returned: int
    unlawful: bool


@event("twentyone.card_dealt")
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card left the shoe. ``recipient`` is ``space``, ``dealer`` or ``burn``."""

    card: Card
    recipient: str
    space: int | None
    hand: int | None
    face_up: bool
    purpose: str


@event("twentyone.announcement")
@dataclass(frozen=True, slots=True)
class Announcement(Event):
    """What the dealer says aloud: the up card (-11.1), "insurance bets are closed" (-09.2.b),
    "even money", totals (-11.10), "push" (-11.13)."""

    text: str
    section: str


@event("twentyone.insurance_decided")
@dataclass(frozen=True, slots=True)
class InsuranceDecided(Event):
    space: int
    choice: str
    amount: int


@event("twentyone.dealer_checked")
@dataclass(frozen=True, slots=True)
class DealerChecked(Event):
    """The card-reading device read the dealer's two cards (-10.3)."""

    natural: bool


@event("twentyone.hand_split")
@dataclass(frozen=True, slots=True)
class HandSplit(Event):
    space: int
    hand: int
    new_hand: int
    wager: int


@event("twentyone.doubled_down")
@dataclass(frozen=True, slots=True)
class DoubledDown(Event):
    space: int
    hand: int
    amount: int
    tip_amount: int


@event("twentyone.hand_completed")
@dataclass(frozen=True, slots=True)
class HandCompleted(Event):
    space: int
    hand: int
    total: int
    how: str


@event("twentyone.space_inactive")
@dataclass(frozen=True, slots=True)
class SpaceInactive(Event):
    space: int
    reason: str
    section: str


@event("twentyone.mistake_remedied")
@dataclass(frozen=True, slots=True)
class MistakeRemedied(Event):
    mistake: str
    section: str
    remedy: str


@event("twentyone.wager_settled")
@dataclass(frozen=True, slots=True)
class WagerSettled(Event):
    space: int
    hand: int
    kind: str
    stake: int
    result: Outcome
    net: int
    destination: str | None
    section: str


@event("twentyone.cards_played_back")
@dataclass(frozen=True, slots=True)
class CardsPlayedBack(Event):
    """The cards of the round, in pick-up order (-11.17, -12.12)."""

    hands: tuple[str, ...]


@event("twentyone.round_ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    reason: str
    section: str


@event("twentyone.table_opened")
@dataclass(frozen=True, slots=True)
class TableOpened(Event):
    """A terminal table opened: its house rules (canonical JSON), the player and bankroll."""

    rules_json: str
    player: str
    bankroll: int


@event("twentyone.shoe_prepared")
@dataclass(frozen=True, slots=True)
class ShoePrepared(Event):
    """The shuffled cards (-08.1), the cut position and the indicator card (-08.2)."""

    order: tuple[Card, ...]
    cut: int
    indicator_from_bottom: int
    reason: str


@event("twentyone.discards_reshuffled")
@dataclass(frozen=True, slots=True)
class DiscardsReshuffled(Event):
    """Too few cards in the shoe to complete the round (-12.9): the discard holder's cards
    shuffled into ``order``, cut at ``cut`` and the first card burned; the round goes on, and
    everything is reshuffled after it."""

    order: tuple[Card, ...]
    cut: int


@event("twentyone.round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins at a table: its setup (the wagers placed before the first card)."""

    number: int
    dealer_first_card_up: bool
    device_malfunction: bool
    wagers: tuple[SeatWager, ...] = ()


@event("twentyone.round_closed")
@dataclass(frozen=True, slots=True)
class RoundClosed(Event):
    """A table's round is over; ``bankroll`` is the chips of the players who wagered in it."""

    number: int
    bankroll: int


@event("twentyone.player_joined")
@dataclass(frozen=True, slots=True)
class PlayerJoined(Event):
    """A player sits down at a table with ``chips`` (cents)."""

    player: str
    chips: int


@event("twentyone.player_left")
@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    """A player leaves a table with ``chips`` (cents)."""

    player: str
    chips: int


@event("twentyone.table.card_burned")
@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """The dealer burned one card outside a round (a player came to an empty table, -08.3)."""

    card: Card
    reason: str
    section: str
