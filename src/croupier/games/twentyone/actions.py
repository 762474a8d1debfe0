"""The actions a twenty-one round accepts: wagers, the next card (chance), the players'
decisions and the dealing mistakes the dealer or floor records (99-01.3-08-12)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.core.cards import Card


class ActionKind(Enum):
    """Every action, by the name round files use."""

    BET = "bet"
    NO_BURN_AT_START = "no-burn-at-start"
    DEAL = "deal"
    CARD = "card"
    INSURANCE = "insurance"
    NO_INSURANCE = "no-insurance"
    EVEN_MONEY = "even-money"
    SECOND_CARD = "second-card"
    DECLINE_SECOND_CARD = "decline-second-card"
    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    # dealing mistakes (-12)
    CARD_FACE_UP_IN_SHOE = "card-face-up-in-shoe"
    MISSED_CARD = "missed-card"
    CARD_TO_INACTIVE_SPACE = "card-to-inactive-space"
    DEALER_CARD_MISSED = "dealer-card-missed"
    INSURANCE_NOT_OFFERED = "insurance-not-offered"
    CARD_DROPPED = "card-dropped"
    CARD_DRAWN_IN_ERROR = "card-drawn-in-error"
    RESHUFFLE_DISCARDS = "reshuffle-discards"
    DEALER_DREW_ON_17 = "dealer-drew-on-17"
    MISCOUNT_SUSPECTED = "miscount-suspected"
    HOLE_CARD_EXPOSED = "hole-card-exposed"
    HIT_CARD_MISSED = "hit-card-missed"

    @property
    def is_mistake(self) -> bool:
        return self in MISTAKES

    @property
    def is_decision(self) -> bool:
        return self in DECISIONS


MISTAKE_SECTIONS: dict[ActionKind, str] = {
    ActionKind.CARD_FACE_UP_IN_SHOE: "99-01.3-08-12.1",
    ActionKind.MISSED_CARD: "99-01.3-08-12.2",
    ActionKind.CARD_TO_INACTIVE_SPACE: "99-01.3-08-12.3",
    ActionKind.DEALER_CARD_MISSED: "99-01.3-08-12.4",
    ActionKind.INSURANCE_NOT_OFFERED: "99-01.3-08-12.5",
    ActionKind.CARD_DROPPED: "99-01.3-08-12.6",
    ActionKind.CARD_DRAWN_IN_ERROR: "99-01.3-08-12.7",
    ActionKind.RESHUFFLE_DISCARDS: "99-01.3-08-12.9",
    ActionKind.DEALER_DREW_ON_17: "99-01.3-08-12.10",
    ActionKind.MISCOUNT_SUSPECTED: "99-01.3-08-12.12",
    ActionKind.NO_BURN_AT_START: "99-01.3-08-12.13",
    ActionKind.HOLE_CARD_EXPOSED: "99-01.3-08-12.14",
    ActionKind.HIT_CARD_MISSED: "99-01.3-08-12.15",
}
MISTAKES = frozenset(MISTAKE_SECTIONS) - {ActionKind.NO_BURN_AT_START}
DECISIONS = frozenset(
    {
        ActionKind.INSURANCE,
        ActionKind.NO_INSURANCE,
        ActionKind.EVEN_MONEY,
        ActionKind.SECOND_CARD,
        ActionKind.DECLINE_SECOND_CARD,
        ActionKind.HIT,
        ActionKind.STAND,
        ActionKind.DOUBLE,
        ActionKind.SPLIT,
    }
)


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Unused fields stay ``None``.

    ``space``/``hand`` name the betting space and hand; ``amount`` is a wager or double-down in
    cents; ``tip_amount`` a tip bet or tip double-down; ``card`` the card a chance action deals;
    ``card_no`` (1-based position in a hand) and ``dealer`` target a mistake at one card;
    ``exposed`` says whether a card drawn in error was exposed (-12.7/-12.8).
    """

    kind: ActionKind
    space: int | None = None
    hand: int | None = None
    amount: int | None = None
    tip_amount: int | None = None
    player: str | None = None
    unlawful: bool | None = None
    card: Card | None = None
    card_no: int | None = None
    dealer: bool | None = None
    exposed: bool | None = None

    def describe(self) -> str:
        parts = [self.kind.value]
        if self.space is not None:
            parts.append(f"space {self.space}")
        if self.hand:
            parts.append(f"hand {self.hand}")
        if self.amount is not None:
            parts.append(f"{self.amount}c")
        if self.card is not None:
            parts.append(str(self.card))
        return " ".join(parts)


def bet(
    space: int, wager: int, tip: int = 0, player: str | None = None, unlawful: bool = False
) -> Action:
    return Action(
        ActionKind.BET, space=space, amount=wager, tip_amount=tip, player=player, unlawful=unlawful
    )


def card(c: Card) -> Action:
    return Action(ActionKind.CARD, card=c)


def decide(
    kind: ActionKind,
    space: int,
    hand: int = 0,
    amount: int | None = None,
    tip_amount: int | None = None,
) -> Action:
    return Action(kind, space=space, hand=hand, amount=amount, tip_amount=tip_amount)


@dataclass(frozen=True, slots=True)
class SeatWager:
    """One betting space's wager before the first card, in cents; ``player`` names the person
    (one person may play two adjacent spaces, -01.2); ``unlawful`` marks an amount accepted
    though not lawful (-12.11). Part of a round's setup (``game.Setup``)."""

    space: int
    wager: int
    tip: int = 0
    player: str | None = None
    unlawful: bool = False

    def action(self) -> Action:
        """The engine's ``bet`` action for this wager."""
        return Action(
            ActionKind.BET,
            space=self.space,
            amount=self.wager,
            tip_amount=self.tip,
            player=self.player,
            unlawful=self.unlawful,
        )
