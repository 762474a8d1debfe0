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
from collections.abc import Mapping
from typing import Any

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.poker.actions import Action, ActionKind, Statement
from croupier.games.poker.hand import Hand
from croupier.games.poker.rules import rules_from_dict
from croupier.games.poker.table import SeatSpec
from croupier.games.roundfile import RoundFile, apply_item

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


def _deal(
    hand: Hand,
    shoe: deque[Card],
    events: list[Event],
    limit: int | None = None,
    faced: bool = False,
) -> None:
    dealt = 0
    while hand.pending.kind is PendingKind.CHANCE and (limit is None or dealt < limit):
        if not shoe:
            if limit is not None:
                raise InvalidInput("the shoe has no more cards to deal")
            return
        events.extend(hand.apply(Action(ActionKind.CARD, card=shoe.popleft(), faced=faced)))
        dealt += 1


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a poker round file through the engine."""
    rules = rules_from_dict(round_file.rules)
    unknown = set(round_file.setup) - {"button"}
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}; known: ['button']")
    button = _int(round_file.setup.get("button"), "setup.button")
    hand = Hand(rules, parse_seats(round_file.seats), button)
    events: list[Event] = list(hand.events)
    shoe = deque(parse_card(c) for c in (round_file.shoe or []))
    transcript: list[str] = []
    for item in round_file.actions:
        name = item.get("action")
        if name == "deal":
            _deal(hand, shoe, events, _int(item.get("cards", 1), "cards"))
            continue
        if name == "faced-card":
            _deal(hand, shoe, events, 1, faced=True)
            continue
        if name not in _DURING_DEAL:
            _deal(hand, shoe, events)
        action = parse_action(item)
        transcript.append(action.describe())
        apply_item(hand, action, item, events)
    _deal(hand, shoe, events)
    return ReplayResult(hand.settlement(), tuple(events), tuple(transcript))
