"""What may happen at a poker table: the actions of the dealer, the players and chance.

Chance enters as ``CARD`` (the top card of the deck; ``card=None`` when a hand history does not
record it, as for burn cards). Amounts of ``BET``/``RAISE`` are "to" amounts: the player's total
wager in the current betting round after the action. ``WAGER`` is the physical act of putting
chips forward (-04.16, -04.17), interpreted by the rules; ``STATE`` is a binding verbal statement
(-04.15).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.core.cards import Card


class ActionKind(Enum):
    """The closed vocabulary of actions."""

    CARD = "card"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    WAGER = "wager"
    STATE = "state"
    SHOW = "show"
    MUCK = "muck"
    RETRIEVE = "retrieve"
    ARRIVE = "arrive"
    EXPOSED_CARD = "exposed-card"
    FOULED_HAND = "fouled-hand"
    MISDEAL = "misdeal"
    DEFECTIVE_DECK = "defective-deck"
    DEAL = "deal"
    FACED_CARD = "faced-card"
    EXPOSE_HAND = "expose-hand"
    IMPROPER_BET = "improper-bet"


class Statement(Enum):
    """Binding verbal statements (99-01.3-09-04.15)."""

    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Only the fields its kind uses are set.

    * ``CARD``: ``card`` (``None`` = unrecorded), ``faced`` when the card is improperly faced in
      the deck (-04.22);
    * ``BET``/``RAISE``: ``amount`` (the "to" amount); ``STATE``: ``statement`` and, for a bet or
      raise, ``amount``;
    * ``WAGER``: ``amount`` chips pushed forward now, ``single_chip`` when one chip,
      ``announced_raise`` when the player said "raise" (-04.17);
    * ``MUCK``: ``face_up`` when discarded face upward (-04.24.f), ``identifiable`` when the hand
      stays one hundred percent identifiable and retrievable (-04.24.c, g);
    * ``RETRIEVE``: ``induced`` when another player was induced to discard (-04.24.g(2));
    * ``FOULED_HAND``: ``cards`` held, ``intentional`` (-04.20);
    * ``DEFECTIVE_DECK``: ``seats`` that knew of the defect and bet (-04.28);
    * ``EXPOSE_HAND``: ``seat`` showed the hand to the active players ``seats`` (-04.21);
    * ``IMPROPER_BET``: ``seat``'s last call in this betting round is found to have been only
      ``amount`` chips (-04.16);
    * ``MISDEAL``: ``reason``.
    """

    kind: ActionKind
    seat: int | None = None
    card: Card | None = None
    amount: int = 0
    statement: Statement | None = None
    single_chip: bool = False
    announced_raise: bool = False
    faced: bool = False
    face_up: bool = False
    identifiable: bool = False
    induced: bool = False
    intentional: bool = False
    cards: int = 0
    seats: tuple[int, ...] = ()
    reason: str = ""

    def describe(self) -> str:
        """A short human-readable form (``seat 3 raise to 100``)."""
        who = f"seat {self.seat} " if self.seat is not None else ""
        if self.kind is ActionKind.CARD:
            return f"card {self.card if self.card is not None else '??'}"
        if self.kind in (ActionKind.BET, ActionKind.RAISE):
            return f"{who}{self.kind.value} to {self.amount}"
        if self.kind is ActionKind.WAGER:
            return f"{who}wager {self.amount}"
        if self.kind is ActionKind.STATE and self.statement is not None:
            extra = f" {self.amount}" if self.amount else ""
            return f"{who}states {self.statement.value}{extra}"
        return f"{who}{self.kind.value}"


def card(c: Card | None) -> Action:
    return Action(ActionKind.CARD, card=c)


def fold(seat: int) -> Action:
    return Action(ActionKind.FOLD, seat)


def check(seat: int) -> Action:
    return Action(ActionKind.CHECK, seat)


def call(seat: int) -> Action:
    return Action(ActionKind.CALL, seat)


def bet(seat: int, to: int) -> Action:
    return Action(ActionKind.BET, seat, amount=to)


def raise_to(seat: int, to: int) -> Action:
    return Action(ActionKind.RAISE, seat, amount=to)


def show(seat: int) -> Action:
    return Action(ActionKind.SHOW, seat)


def muck(seat: int) -> Action:
    return Action(ActionKind.MUCK, seat)
