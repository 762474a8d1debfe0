"""Paddlewheel round files (docs/round-files/paddlewheel.md) for both methods.

``rules.method`` chooses the engine: ``"table"`` plays a ``Table`` from ``seats``, ``actions``
and ``wheel_stops``; ``"ticket-card"`` plays one ``CardPlay`` from ``setup`` and ``actions``.
A ``spin`` action takes wheel stops in order until one is valid (void spins are spun again). An
action carrying ``"refused": "<section>"`` must raise ``RuleViolation`` citing that section; the
state is then unchanged and the replay goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.games.base import ReplayResult
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.rules import TableRules, TicketRules, rules_from_dict
from croupier.games.paddlewheel.table import Phase, Table
from croupier.games.paddlewheel.tickets import CardPhase, CardPlay
from croupier.games.paddlewheel.wheel import Spin, Wheel, parse_spin
from croupier.games.roundfile import RoundFile, apply_item


def _int(item: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = item.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{key!r} must be a whole number in {dict(item)!r}")
    return value


def _str(item: Mapping[str, Any], key: str) -> str:
    value = item.get(key)
    if not isinstance(value, str):
        raise InvalidInput(f"{key!r} must be a string in {dict(item)!r}")
    return value


def _bool(item: Mapping[str, Any], key: str) -> bool:
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInput(f"{key!r} must be true or false in {dict(item)!r}")
    return value


_TABLE_ACTIONS: dict[str, tuple[set[str], Callable[[Mapping[str, Any]], Any]]] = {
    "join": (
        {"seat", "player", "color"},
        lambda i: a.Join(_int(i, "seat"), _str(i, "player"), _str(i, "color")),
    ),
    "buy": ({"seat", "currency"}, lambda i: a.BuyChips(_int(i, "seat"), _int(i, "currency"))),
    "exchange": (
        {"seat", "amount"},
        lambda i: a.ExchangeCasinoChips(_int(i, "seat"), _int(i, "amount")),
    ),
    "bet": (
        {"seat", "spot", "chips", "assisted"},
        lambda i: a.PlaceBet(
            _int(i, "seat"), _str(i, "spot"), _int(i, "chips", 1), _bool(i, "assisted")
        ),
    ),
    "remove": (
        {"seat", "spot", "chips"},
        lambda i: a.RemoveBet(_int(i, "seat"), _str(i, "spot"), _int(i, "chips", 1)),
    ),
    "close": (set(), lambda i: a.CloseBets()),
    "tip": (
        {"seat", "chips", "casino"},
        lambda i: a.Tip(_int(i, "seat"), _int(i, "chips", 1), _bool(i, "casino")),
    ),
    "redeem": ({"seat", "chips"}, lambda i: a.RedeemChips(_int(i, "seat"), _int(i, "chips"))),
    "leave": ({"seat"}, lambda i: a.Leave(_int(i, "seat"))),
}

_TICKET_ACTIONS: dict[str, tuple[set[str], Callable[[Mapping[str, Any]], Any]]] = {
    "sell": (
        {"ticket", "player", "price"},
        lambda i: a.SellTicket(_int(i, "ticket"), _str(i, "player"), _int(i, "price", -1)),
    ),
    "refund": (set(), lambda i: a.RefundCard()),
    "claim": (
        {"ticket", "minutes"},
        lambda i: a.ClaimPrize(_int(i, "ticket"), _int(i, "minutes", 0)),
    ),
    "unclaimed": ({"minutes"}, lambda i: a.PrizeUnclaimed(_int(i, "minutes", 0))),
}


def _parse(
    item: Mapping[str, Any],
    known: Mapping[str, tuple[set[str], Callable[[Mapping[str, Any]], Any]]],
) -> Any:
    name = item.get("action")
    if name == "spin":
        return None
    if name not in known:
        raise InvalidInput(f"unknown action {name!r}; known: spin, {', '.join(sorted(known))}")
    keys, build = known[str(name)]
    unknown = set(item) - keys - {"action", "refused"}
    if unknown:
        raise InvalidInput(f"unknown keys {sorted(unknown)} in action {dict(item)!r}")
    return build(item)


class _Stops:
    def __init__(self, stops: Sequence[Any] | None) -> None:
        self._it: Iterator[Any] = iter(stops or [])
        self.used = 0

    def next(self, wheel: Wheel, start: int) -> Any:
        try:
            data = next(self._it)
        except StopIteration:
            raise InvalidInput("the round file has too few wheel_stops") from None
        self.used += 1
        return parse_spin(data, wheel, start)


def _replay_table(rules: TableRules, rf: RoundFile) -> ReplayResult:
    unknown = set(rf.setup) - {"tray_betting_chips", "tray_casino"}
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}")
    table = Table(
        rules,
        tray_betting_chips=_int(rf.setup, "tray_betting_chips", 1000),
        tray_casino=_int(rf.setup, "tray_casino", 100_000),
    )
    events: list[Event] = []
    for seat in rf.seats:
        extra = set(seat) - {"seat", "player", "color", "buy", "exchange"}
        if extra:
            raise InvalidInput(f"unknown seat keys {sorted(extra)}")
        n = _int(seat, "seat")
        events.extend(table.apply(a.Join(n, _str(seat, "player"), _str(seat, "color"))))
        if seat.get("buy"):
            events.extend(table.apply(a.BuyChips(n, _int(seat, "buy"))))
        if seat.get("exchange"):
            events.extend(table.apply(a.ExchangeCasinoChips(n, _int(seat, "exchange"))))
    stops = _Stops(rf.wheel_stops)
    for item in rf.actions:
        action = _parse(item, _TABLE_ACTIONS)
        if action is None:
            if table.data.phase is not Phase.SPINNING:
                raise InvalidInput("'spin' before 'close': bets must be closed first")
            while table.data.phase is Phase.SPINNING:
                spin = stops.next(rules.wheel, table.data.wheel_at)
                events.extend(table.apply(a.SpinWheel(spin)))
            continue
        apply_item(table, action, item, events)
    _check_all_used(stops, rf)
    return ReplayResult(table.settlement(), tuple(events), transcript(events))


def _replay_card(rules: TicketRules, rf: RoundFile) -> ReplayResult:
    unknown = set(rf.setup) - {"card_number", "date"}
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}")
    if rf.seats:
        raise InvalidInput("a ticket-card round sells tickets with 'sell' actions, not 'seats'")
    card = CardPlay(
        rules,
        _int(rf.setup, "card_number", rules.flare.first_card_number),
        str(rf.setup.get("date", "")),
    )
    events: list[Event] = []
    stops = _Stops(rf.wheel_stops)
    for item in rf.actions:
        action = _parse(item, _TICKET_ACTIONS)
        if isinstance(action, a.SellTicket) and action.price == -1:
            action = a.SellTicket(action.ticket, action.player, rules.flare.price_per_ticket)
        if action is None:
            if card.data.phase is not CardPhase.SPINNING:
                apply_item(card, a.SpinForPrize(_placeholder_spin(card)), item, events)
                continue
            while card.data.phase is CardPhase.SPINNING:
                spin = stops.next(rules.wheel, card.data.wheel_at)
                events.extend(card.apply(a.SpinForPrize(spin)))
            continue
        apply_item(card, action, item, events)
    _check_all_used(stops, rf)
    return ReplayResult(card.settlement(), tuple(events), transcript(events))


def _placeholder_spin(card: CardPlay) -> Spin:
    """A spin attempted when none is due: its outcome is irrelevant, the engine refuses it."""
    return Spin(card.data.wheel_at, 5, card.data.wheel_at)


def _check_all_used(stops: _Stops, rf: RoundFile) -> None:
    total = len(rf.wheel_stops or [])
    if stops.used != total:
        raise InvalidInput(f"{total - stops.used} wheel_stops were not used by any spin")


def replay(rf: RoundFile) -> ReplayResult:
    """Play a parsed round file of either method through the engine."""
    rules = rules_from_dict(rf.rules)
    if isinstance(rules, TableRules):
        return _replay_table(rules, rf)
    return _replay_card(rules, rf)


def transcript(events: Sequence[Event]) -> tuple[str, ...]:
    """One readable line an event."""
    lines = []
    for e in events:
        data = e.to_dict()
        name = str(data.pop("type")).removeprefix("paddlewheel.").replace("_", " ")
        lines.append(f"{name}: " + ", ".join(f"{k}={v}" for k, v in data.items()))
    return tuple(lines)
