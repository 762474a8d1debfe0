"""Twenty-one round files (docs/round-files/twentyone.md): parse ``seats``, ``actions``,
``shoe`` and ``setup`` and play the round through the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.games.base import PendingKind, ReplayResult
from croupier.games.roundfile import RoundFile
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.rules import HouseRules, rules_from_dict
from croupier.games.twentyone.state import Round

_SETUP_KEYS = {"dealer_first_card", "device_malfunction", "no_burn_at_start"}
_ACTION_KEYS = {"action", "space", "hand", "amount", "tip_amount", "exposed", "before"}


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be a whole number (cents), got {value!r}")
    return value


def round_from_setup(rules: HouseRules, setup: Mapping[str, Any]) -> Round:
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}; known: {sorted(_SETUP_KEYS)}")
    first = setup.get("dealer_first_card", "up")
    if first not in ("up", "down"):
        raise InvalidInput("setup.dealer_first_card must be 'up' or 'down'")
    malfunction = setup.get("device_malfunction", False)
    if not isinstance(malfunction, bool):
        raise InvalidInput("setup.device_malfunction must be true or false")
    return Round(rules, dealer_first_card_up=first == "up", device_malfunction=malfunction)


def seat_action(item: Mapping[str, Any]) -> Action:
    unknown = set(item) - {"space", "player", "wager", "tip", "unlawful"}
    if unknown:
        raise InvalidInput(f"unknown seat keys {sorted(unknown)}")
    if "space" not in item or "wager" not in item:
        raise InvalidInput(f"a seat needs 'space' and 'wager': {dict(item)!r}")
    player = item.get("player")
    unlawful = item.get("unlawful", False)
    if not isinstance(unlawful, bool):
        raise InvalidInput("seat 'unlawful' must be true or false")
    return Action(
        ActionKind.BET,
        space=_int(item["space"], "space"),
        amount=_int(item["wager"], "wager"),
        tip_amount=_int(item.get("tip", 0), "tip"),
        player=None if player is None else str(player),
        unlawful=unlawful,
    )


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
    if kind in (ActionKind.BET, ActionKind.CARD, ActionKind.DEAL, ActionKind.NO_BURN_AT_START):
        raise InvalidInput(f"{kind.value!r} is given by 'seats', 'shoe' and 'setup'")
    before = item.get("before")
    if before is not None and not isinstance(before, dict):
        raise InvalidInput("'before' must be an object")
    space = item.get("space")
    if (
        space is None
        and before is not None
        and kind
        in (
            ActionKind.MISSED_CARD,
            ActionKind.HIT_CARD_MISSED,
        )
    ):
        space = before.get("space")
    exposed = item.get("exposed")
    if exposed is not None and not isinstance(exposed, bool):
        raise InvalidInput("'exposed' must be true or false")
    hand = item.get("hand")
    if kind.is_decision and hand is None:
        hand = 0
    return (
        Action(
            kind,
            space=None if space is None else _int(space, "space"),
            hand=None if hand is None else _int(hand, "hand"),
            amount=None if item.get("amount") is None else _int(item["amount"], "amount"),
            tip_amount=None
            if item.get("tip_amount") is None
            else _int(item["tip_amount"], "tip_amount"),
            exposed=exposed,
        ),
        before,
    )


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


def play_round(
    state: Round,
    bets: Sequence[Action],
    actions: Sequence[tuple[Action, Mapping[str, Any] | None]],
    shoe: Sequence[Card],
    no_burn_at_start: bool = False,
) -> list[Event]:
    """Play a round: wagers, deal, then actions in order with cards drawn when owed."""
    events: list[Event] = []
    for b in bets:
        events += state.apply(b)
    if no_burn_at_start:
        events += state.apply(Action(ActionKind.NO_BURN_AT_START))
    events += state.apply(Action(ActionKind.DEAL))
    i = j = 0
    while True:
        nxt = actions[i] if i < len(actions) else None
        pending = state.pending
        if nxt is not None and pending.kind is PendingKind.CHANCE:
            action, before = nxt
            if before is not None and _matches(state, before):
                events += state.apply(action)
                i += 1
                continue
        elif nxt is not None and nxt[1] is not None:
            raise InvalidInput(
                f"action {i} ({nxt[0].kind.value}) names a card in 'before' that was never due"
            )
        elif nxt is not None:
            events += state.apply(nxt[0])
            i += 1
            continue
        if pending.kind is PendingKind.CHANCE:
            if j >= len(shoe):
                raise InvalidInput(
                    f"the shoe ran out: a card is due ({pending.detail}) after {j} cards"
                )
            events += state.apply(Action(ActionKind.CARD, card=shoe[j]))
            j += 1
            continue
        if pending.kind is PendingKind.NONE:
            return events
        raise InvalidInput(
            f"the round needs a decision from space {pending.seat} hand {pending.hand} "
            f"({pending.detail}) but the action list ended after {i} actions"
        )


def replay(round_file: RoundFile) -> ReplayResult:
    """Play a round file through the engine (``SPEC.replay``)."""
    rules = rules_from_dict(round_file.rules)
    setup = dict(round_file.setup)
    state = round_from_setup(rules, setup)
    no_burn = setup.get("no_burn_at_start", False)
    if not isinstance(no_burn, bool):
        raise InvalidInput("setup.no_burn_at_start must be true or false")
    bets = [seat_action(s) for s in round_file.seats]
    actions = [parse_action(a) for a in round_file.actions]
    shoe = [parse_card(c) for c in (round_file.shoe or [])]
    events = play_round(state, bets, actions, shoe, no_burn)
    transcript = tuple(_line(e) for e in events)
    return ReplayResult(state.settlement(), tuple(events), tuple(t for t in transcript if t))


def _line(e: Event) -> str:
    from croupier.games.twentyone.transcript import describe_event

    return describe_event(e)
