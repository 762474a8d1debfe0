"""Poker round files (docs/round-files/poker.md): play one hand back through the engine.

``shoe`` lists the deck from the top: every card the dealer takes, burn cards included. Before
each action the dealer deals from it whatever is due, except before the actions that happen
during the deal (``deal``, ``exposed-card``, ``faced-card``, ``arrive``, ``misdeal``,
``fouled-hand``); ``{"action": "deal", "cards": k}`` deals exactly ``k`` cards. An action carrying
``"refused": "<section>"`` must be refused citing that section; the hand is then unchanged and
the replay goes on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.games import harness
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.harness import ScriptItem
from croupier.games.poker.actions import Action, ActionKind, Statement
from croupier.games.poker.events import ActionTaken, CardDead, CardDealt, UncalledReturned
from croupier.games.poker.game import GAME, Setup
from croupier.games.poker.hand import FACED, Hand
from croupier.games.poker.rules import rules_from_dict
from croupier.games.poker.table import SeatSpec
from croupier.games.roundfile import RoundFile, with_card_trace

_ACTION_KEYS = {
    "action",
    "seat",
    "amount",
    "statement",
    "single_chip",
    "announced_raise",
    "face_up",
    "identifiable",
    "induced",
    "intentional",
    "cards",
    "seats",
    "reason",
    "refused",
}
_DURING_DEAL = {"deal", "exposed-card", "faced-card", "arrive", "misdeal", "fouled-hand"}


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be a whole number, got {value!r}")
    return value


def _bool(item: Mapping[str, Any], key: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInput(f"{key} must be true or false")
    return value


def parse_seats(items: Any) -> list[SeatSpec]:
    out = []
    for item in items:
        unknown = set(item) - {"seat", "stack", "player", "absent"}
        if unknown:
            raise InvalidInput(f"unknown seat keys {sorted(unknown)}")
        player = item.get("player")
        out.append(
            SeatSpec(
                _int(item.get("seat"), "seat"),
                _int(item.get("stack"), "stack"),
                None if player is None else str(player),
                _bool(item, "absent"),
            )
        )
    return out


def parse_action(item: Mapping[str, Any]) -> Action:
    """One poker action from its round-file object."""
    unknown = set(item) - _ACTION_KEYS
    if unknown:
        raise InvalidInput(f"unknown action keys {sorted(unknown)} in {dict(item)!r}")
    name = item.get("action")
    try:
        kind = ActionKind(name)
    except ValueError:
        known = ", ".join(k.value for k in ActionKind if k is not ActionKind.CARD)
        raise InvalidInput(f"unknown action {name!r}; known: {known}") from None
    statement = item.get("statement")
    seats = item.get("seats", [])
    if not isinstance(seats, list):
        raise InvalidInput("'seats' must be a list")
    return Action(
        kind,
        seat=None if item.get("seat") is None else _int(item.get("seat"), "seat"),
        amount=_int(item.get("amount", 0), "amount"),
        statement=None if statement is None else Statement(statement),
        single_chip=_bool(item, "single_chip"),
        announced_raise=_bool(item, "announced_raise"),
        face_up=_bool(item, "face_up"),
        identifiable=_bool(item, "identifiable"),
        induced=_bool(item, "induced"),
        intentional=_bool(item, "intentional"),
        cards=_int(item.get("cards", 0), "cards"),
        seats=tuple(_int(s, "seats") for s in seats),
        reason=str(item.get("reason", "")),
    )


class RoundScript:
    """A poker round file as a ``croupier.games.harness.Script``.

    Before each action except those that happen during the deal, the cards due are dealt from
    the shoe (as many as the shoe holds); ``deal`` with ``cards: k`` deals exactly ``k`` (fewer
    if no card is due any more; an empty shoe then is an error) and ``faced-card`` deals the top
    card improperly faced. After the last action whatever is due is dealt."""

    def __init__(self, actions: Sequence[Mapping[str, Any]], shoe: Sequence[Card]) -> None:
        self.items = deque(actions)
        self.shoe = deque(shoe)
        self.counted = 0
        """Cards still to deal for a ``deal``/``faced-card`` item (they must be in the shoe)."""
        self.faced = False
        self.held: Mapping[str, Any] | None = None
        """The next action, held back while the cards due before it are dealt."""

    def _card(self) -> ScriptItem[Action]:
        card = self.shoe.popleft()
        return ScriptItem(
            Action(ActionKind.CARD, card=card, faced=self.faced), label=f"card {card}"
        )

    def next(self, state: Hand) -> ScriptItem[Action] | None:
        while True:
            due = state.pending.kind is PendingKind.CHANCE
            if self.counted:
                if due:
                    if not self.shoe:
                        raise InvalidInput("the shoe has no more cards to deal")
                    self.counted -= 1
                    return self._card()
                self.counted = 0
            self.faced = False
            if self.held is None:
                if not self.items:
                    return self._card() if due and self.shoe else None
                item = self.items.popleft()
                name = item.get("action")
                if name == "deal":
                    self.counted = _int(item.get("cards", 1), "cards")
                    continue
                if name == "faced-card":
                    self.counted, self.faced = 1, True
                    continue
                if name in _DURING_DEAL:
                    return _scripted(item)
                self.held = item
            if due and self.shoe:
                return self._card()
            item, self.held = self.held, None
            return _scripted(item)


def _scripted(item: Mapping[str, Any]) -> ScriptItem[Action]:
    action = parse_action(item)
    refused = item.get("refused")
    return ScriptItem(action, None if refused is None else str(refused), action.describe())


def setup_of(round_file: RoundFile) -> Setup:
    """The hand's setup: the file's seats and ``setup.button``."""
    unknown = set(round_file.setup) - {"button"}
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}; known: ['button']")
    button = _int(round_file.setup.get("button"), "setup.button")
    return Setup(tuple(parse_seats(round_file.seats)), button)


def describe(event: Event) -> str:
    """The transcript line of an event: each action other than a card, as the file wrote it."""
    if isinstance(event, ActionTaken) and event.action.kind is not ActionKind.CARD:
        return event.action.describe()
    return ""


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a poker round file through the protocol (``croupier.games.harness.replay``)."""
    rules = rules_from_dict(round_file.rules)
    setup = setup_of(round_file)
    shoe = [parse_card(c) for c in (round_file.shoe or [])]
    result = harness.replay(GAME, rules, setup, RoundScript(round_file.actions, shoe), describe)
    settlement = with_card_trace(
        result.settlement, card_trace(result.events), excess_returned(result.events)
    )
    return replace(result, settlement=settlement)


def card_trace(events: Sequence[Event]) -> list[str]:
    """Every card the dealer took from the deck, in order, and where it went: ``"Ah seat 3"``
    (a hole card; ``"seat 3 replacement"`` for an exposed card's replacement),
    ``"Kd board"``, ``"2c burn"``, ``"7s dead"`` (improperly faced in the deck, -04.22)."""
    out = []
    for e in events:
        if isinstance(e, CardDealt):
            card = "??" if e.card is None else str(e.card)
            if e.to in ("hole", "replacement"):
                extra = " replacement" if e.to == "replacement" else ""
                out.append(f"{card} seat {e.seat}{extra}")
            else:
                out.append(f"{card} {e.to}")
        elif isinstance(e, CardDead) and e.section == FACED:
            out.append(f"{'??' if e.card is None else e.card} dead")
    return out


def excess_returned(events: Sequence[Event]) -> dict[int, int]:
    """Each seat's bet, or the part of it, that no other player called or could call (more
    than an all-in player holds, -05.7, or a bet every other player folded to), returned to
    it."""
    out: dict[int, int] = {}
    for e in events:
        if isinstance(e, UncalledReturned):
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return out
