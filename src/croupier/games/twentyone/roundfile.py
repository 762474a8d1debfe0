"""Twenty-one round files (docs/round-files/twentyone.md) as a harness ``Script``.

``seats`` and ``setup`` become the protocol ``Setup``; the dealer's ``deal`` comes first; then
each listed action is handed out when the round awaits a decision, and the next ``shoe`` card
whenever the round owes one. An action with ``before`` (a dealing mistake found as a card is
dealt) is handed out just before the card it names; an action with ``refused`` must be refused
under exactly that section (``games.harness``), and the state is then unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.harness import ScriptItem
from croupier.games.harness import replay as harness_replay
from croupier.games.roundfile import RoundFile
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.game import GAME, SeatWager, Setup
from croupier.games.twentyone.round_data import Phase
from croupier.games.twentyone.rules import DECKS, rules_from_dict
from croupier.games.twentyone.state import Round
from croupier.games.twentyone.transcript import describe_event

_SETUP_KEYS = {"dealer_first_card", "device_malfunction", "no_burn_at_start"}
_ACTION_KEYS = {"action", "space", "hand", "amount", "tip_amount", "exposed", "before", "refused"}


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be a whole number (cents), got {value!r}")
    return value


def _flag(setup: Mapping[str, Any], key: str) -> bool:
    value = setup.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInput(f"setup.{key} must be true or false")
    return value


def seat_wager(item: Mapping[str, Any]) -> SeatWager:
    """One ``seats`` entry."""
    unknown = set(item) - {"space", "player", "wager", "tip", "unlawful"}
    if unknown:
        raise InvalidInput(f"unknown seat keys {sorted(unknown)}")
    if "space" not in item or "wager" not in item:
        raise InvalidInput(f"a seat needs 'space' and 'wager': {dict(item)!r}")
    player = item.get("player")
    unlawful = item.get("unlawful", False)
    if not isinstance(unlawful, bool):
        raise InvalidInput("seat 'unlawful' must be true or false")
    return SeatWager(
        _int(item["space"], "space"),
        _int(item["wager"], "wager"),
        _int(item.get("tip", 0), "tip"),
        None if player is None else str(player),
        unlawful,
    )


def seat_action(item: Mapping[str, Any]) -> Action:
    """One ``seats`` entry as the engine's ``bet`` action."""
    return seat_wager(item).action()


def setup_of(seats: Sequence[Mapping[str, Any]], setup: Mapping[str, Any]) -> Setup:
    """The protocol setup of a round file's ``seats`` and ``setup``."""
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}; known: {sorted(_SETUP_KEYS)}")
    first = setup.get("dealer_first_card", "up")
    if first not in ("up", "down"):
        raise InvalidInput("setup.dealer_first_card must be 'up' or 'down'")
    return Setup(
        tuple(seat_wager(s) for s in seats),
        dealer_first_card_up=first == "up",
        device_malfunction=_flag(setup, "device_malfunction"),
        no_burn_at_start=_flag(setup, "no_burn_at_start"),
    )


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``actions`` item: the action, its ``before`` card (if any), its expected refusal."""

    action: Action
    before: Mapping[str, Any] | None = None
    refused: str | None = None


def parse_entry(item: Mapping[str, Any]) -> Entry:
    action, before = parse_action(item)
    refused = item.get("refused")
    if refused is not None and not isinstance(refused, str):
        raise InvalidInput("'refused' must be the section the action is refused under")
    return Entry(action, before, refused)


def parse_action(item: Mapping[str, Any]) -> tuple[Action, Mapping[str, Any] | None]:
    """An action and its optional ``before`` target."""
    unknown = set(item) - _ACTION_KEYS
    if unknown:
        raise InvalidInput(f"unknown action keys {sorted(unknown)} in {dict(item)!r}")
    try:
        kind = ActionKind(item.get("action"))
    except ValueError:
        names = ", ".join(k.value for k in ActionKind if k not in (ActionKind.BET, ActionKind.CARD))
        raise InvalidInput(f"unknown action {item.get('action')!r}; known: {names}") from None
    given = (ActionKind.BET, ActionKind.CARD, ActionKind.NO_BURN_AT_START)
    if kind in given or (kind is ActionKind.DEAL and item.get("refused") is None):
        raise InvalidInput(f"{kind.value!r} is given by 'seats', 'shoe' and 'setup'")
    before = item.get("before")
    if before is not None and not isinstance(before, dict):
        raise InvalidInput("'before' must be an object")
    space = item.get("space")
    if space is None and before is not None and kind in (K_MISSED, K_HIT_MISSED):
        space = before.get("space")
    exposed = item.get("exposed")
    if exposed is not None and not isinstance(exposed, bool):
        raise InvalidInput("'exposed' must be true or false")
    hand = item.get("hand")
    if kind.is_decision and hand is None:
        hand = 0
    amount, tip = item.get("amount"), item.get("tip_amount")
    return (
        Action(
            kind,
            space=None if space is None else _int(space, "space"),
            hand=None if hand is None else _int(hand, "hand"),
            amount=None if amount is None else _int(amount, "amount"),
            tip_amount=None if tip is None else _int(tip, "tip_amount"),
            exposed=exposed,
        ),
        before,
    )


K_MISSED = ActionKind.MISSED_CARD
K_HIT_MISSED = ActionKind.HIT_CARD_MISSED


def _matches(state: Round, before: Mapping[str, Any]) -> bool:
    target = state.chance_target()
    if target is None:
        return False
    if before.get("dealer"):
        if target.recipient != "dealer":
            return False
    else:
        if target.recipient != "space" or target.space != before.get("space"):
            return False
        if "hand" in before and target.hand != before["hand"]:
            return False
    return "card" not in before or target.card_no == before["card"]


def check_listed_shoe(decks: int, shoe: Sequence[Card]) -> None:
    """The cards a round file lists come from a shoe of the table's decks (99-01.3-08-02.3):
    no more than ``decks`` x 52 cards, no card more than ``decks`` times."""
    if len(shoe) > 52 * decks:
        raise RuleViolation(
            f"a shoe holds the table's {decks} decks ({52 * decks} cards); this one lists "
            f"{len(shoe)} cards",
            DECKS,
        )
    over = sorted({str(c) for c, n in Counter(shoe).items() if n > decks})
    if over:
        raise RuleViolation(
            f"a shoe of {decks} decks holds each card {decks} times; this one lists "
            f"{', '.join(over)} more often",
            DECKS,
        )


class RoundScript:
    """A round file's actions and shoe, handed out as the round asks for them."""

    def __init__(self, entries: Sequence[Entry], shoe: Sequence[Card]) -> None:
        self.entries = list(entries)
        self.shoe = list(shoe)
        self.i = 0  # next entry
        self.j = 0  # next shoe card
        self.dealt = False

    def next(self, state: Round) -> ScriptItem[Action] | None:
        if state.phase is Phase.BETTING and not self.dealt:
            self.dealt = True
            return ScriptItem(Action(ActionKind.DEAL), label="deal")
        nxt = self.entries[self.i] if self.i < len(self.entries) else None
        pending = state.pending
        if nxt is not None:
            if pending.kind is PendingKind.CHANCE:
                if nxt.before is not None and _matches(state, nxt.before):
                    return self._take(nxt)
            elif nxt.before is not None:
                raise InvalidInput(
                    f"action {self.i} ({nxt.action.kind.value}) names a card in 'before' that "
                    "was never due"
                )
            else:
                return self._take(nxt)
        if pending.kind is PendingKind.CHANCE:
            if self.j >= len(self.shoe):
                raise InvalidInput(
                    f"the shoe ran out: a card is due ({pending.detail}) after {self.j} cards"
                )
            card = self.shoe[self.j]
            self.j += 1
            return ScriptItem(Action(ActionKind.CARD, card=card), label=f"card {card}")
        if pending.kind is PendingKind.NONE:
            return None
        raise InvalidInput(
            f"the round needs a decision from space {pending.seat} hand {pending.hand} "
            f"({pending.detail}) but the action list ended after {self.i} actions"
        )

    def _take(self, entry: Entry) -> ScriptItem[Action]:
        self.i += 1
        label = f"action {self.i - 1} ({entry.action.describe()})"
        return ScriptItem(entry.action, entry.refused, label)


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a round file through the protocol and the harness (``SPEC.replay``); the events
    and the transcript begin with the wagers placed in the setup."""
    rules = rules_from_dict(round_file.rules)
    setup = setup_of(round_file.seats, round_file.setup)
    entries = [parse_entry(a) for a in round_file.actions]
    shoe = [parse_card(c) for c in (round_file.shoe or [])]
    check_listed_shoe(rules.decks, shoe)
    opening = tuple(GAME.start(rules, setup).opening)
    result = harness_replay(GAME, rules, setup, RoundScript(entries, shoe), describe_event)
    lines = tuple(t for t in (describe_event(e) for e in opening) if t)
    events: tuple[Event, ...] = (*opening, *result.events)
    return replace(result, events=events, transcript=lines + result.transcript)
