"""Paddlewheel round files (docs/round-files/paddlewheel.md) for both methods, replayed through
``croupier.games.harness.replay``.

``rules.method`` chooses the protocol game: ``"table"`` plays ``GAME`` from ``seats``, ``actions``
and ``wheel_stops``; ``"ticket-card"`` plays one card of ``TICKET_GAME`` from ``setup`` and
``actions``. A ``spin`` action takes wheel stops in order until one is valid (void spins are
spun again: each stop is a chance move). An action carrying ``"refused": "<section>"`` must raise
``RuleViolation`` citing that section; ``Play`` leaves the state unchanged and the replay goes on.

A table file may run several spins; the protocol's round is one spin, so the file is replayed
spin by spin (each round's setup is the table the previous spin left, ``Table.next_setup``) and
the results are joined: every spin's wagers and events, the spins and void spins of all of them,
the chip accounts as the last spin left them, and the parties summed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.protocol import Settlement
from croupier.games.base import ReplayResult
from croupier.games.harness import ScriptItem
from croupier.games.harness import replay as harness_replay
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.game import GAME, TICKET_GAME
from croupier.games.paddlewheel.rules import TableRules, TicketRules, rules_from_dict
from croupier.games.paddlewheel.table import Phase, SeatSetup, Table, TableSetup
from croupier.games.paddlewheel.tickets import CardPhase, CardPlay, CardSetup
from croupier.games.paddlewheel.wheel import Spin, Wheel, parse_spin
from croupier.games.roundfile import RoundFile


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


_TABLE_ACTIONS: dict[str, tuple[set[str], Callable[[Mapping[str, Any]], a.TableAction]]] = {
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
        {"seat", "spot", "chips", "assisted", "tip"},
        lambda i: a.PlaceBet(
            _int(i, "seat"),
            _str(i, "spot"),
            _int(i, "chips", 1),
            _bool(i, "assisted"),
            _bool(i, "tip"),
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


def _opt_str(item: Mapping[str, Any], key: str) -> str | None:
    return None if item.get(key) is None else _str(item, key)


def _sell(item: Mapping[str, Any]) -> a.TicketAction:
    """``sell {ticket, player, price}`` (one ticket) or ``sell {tickets: [...], player, amount}``
    (one purchase of several); ``date`` and ``site`` of the sale when stated."""
    date, site = _opt_str(item, "date"), _opt_str(item, "site")
    if "tickets" in item:
        if "ticket" in item or "price" in item:
            raise InvalidInput(f"a purchase of 'tickets' states its 'amount': {dict(item)!r}")
        tickets = item["tickets"]
        if not isinstance(tickets, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in tickets
        ):
            raise InvalidInput(f"'tickets' must be a list of ticket numbers in {dict(item)!r}")
        return a.SellTickets(
            tuple(tickets), _str(item, "player"), _int(item, "amount", -1), date, site
        )
    if "amount" in item:
        raise InvalidInput(f"a sale of one 'ticket' states its 'price': {dict(item)!r}")
    return a.SellTicket(
        _int(item, "ticket"), _str(item, "player"), _int(item, "price", -1), date, site
    )


_TICKET_ACTIONS: dict[str, tuple[set[str], Callable[[Mapping[str, Any]], a.TicketAction]]] = {
    "sell": ({"ticket", "tickets", "player", "price", "amount", "date", "site"}, _sell),
    "refund": (set(), lambda i: a.RefundCard()),
    "claim": (
        {"ticket", "minutes"},
        lambda i: a.ClaimPrize(_int(i, "ticket"), _int(i, "minutes", 0)),
    ),
    "unclaimed": ({"minutes"}, lambda i: a.PrizeUnclaimed(_int(i, "minutes", 0))),
}


A = TypeVar("A", a.TableAction, a.TicketAction)


def _parse(
    item: Mapping[str, Any],
    known: Mapping[str, tuple[set[str], Callable[[Mapping[str, Any]], A]]],
) -> A | None:
    """The action of a round-file item; ``None`` for ``spin`` (chance moves follow)."""
    name = item.get("action")
    if name == "spin":
        unknown = set(item) - {"action", "refused"}
        if unknown:
            raise InvalidInput(f"unknown keys {sorted(unknown)} in action {dict(item)!r}")
        return None
    if name not in known:
        raise InvalidInput(f"unknown action {name!r}; known: spin, {', '.join(sorted(known))}")
    keys, build = known[str(name)]
    unknown = set(item) - keys - {"action", "refused"}
    if unknown:
        raise InvalidInput(f"unknown keys {sorted(unknown)} in action {dict(item)!r}")
    return build(item)


def _refused(item: Mapping[str, Any]) -> str | None:
    refused = item.get("refused")
    if refused is not None and not isinstance(refused, str):
        raise InvalidInput(f"'refused' must be a section in {dict(item)!r}")
    return refused


class _Stops:
    def __init__(self, stops: Sequence[Any] | None) -> None:
        self._stops = list(stops or [])
        self.used = 0

    def next(self, wheel: Wheel, start: int) -> Spin:
        if self.used >= len(self._stops):
            raise InvalidInput("the round file has too few wheel_stops")
        data = self._stops[self.used]
        self.used += 1
        return parse_spin(data, wheel, start)

    def check_all_used(self) -> None:
        if self.used != len(self._stops):
            raise InvalidInput(
                f"{len(self._stops) - self.used} wheel_stops were not used by any spin"
            )


class TableScript:
    """A table round file as a ``Script``: the seats' joins and purchases, then the actions; a
    ``spin`` item hands out wheel stops while the wheel is due to spin. It stops at the end of
    each spin (the protocol's round) and at the end of the file (``done``)."""

    def __init__(self, rules: TableRules, rf: RoundFile) -> None:
        self.rules = rules
        self.items: list[ScriptItem[a.TableAction] | None] = []
        for seat in rf.seats:
            extra = set(seat) - {"seat", "player", "color", "buy", "exchange", "rail"}
            if extra:
                raise InvalidInput(f"unknown seat keys {sorted(extra)}")
            if "rail" in seat:
                continue  # seated before this spin (``seated_before``): in the setup
            n = _int(seat, "seat")
            self.items.append(ScriptItem(a.Join(n, _str(seat, "player"), _str(seat, "color"))))
            if seat.get("buy"):
                self.items.append(ScriptItem(a.BuyChips(n, _int(seat, "buy"))))
            if seat.get("exchange"):
                self.items.append(ScriptItem(a.ExchangeCasinoChips(n, _int(seat, "exchange"))))
        self._spin_refused: list[str | None] = []
        for item in rf.actions:
            action = _parse(item, _TABLE_ACTIONS)
            if action is None:
                self.items.append(None)
                self._spin_refused.append(_refused(item))
            else:
                self.items.append(ScriptItem(action, _refused(item), str(item.get("action"))))
        self.stops = _Stops(rf.wheel_stops)
        self._next = 0
        self._spins_seen = 0
        self._spinning = False
        self.last: Table | None = None

    @property
    def done(self) -> bool:
        return self._next >= len(self.items) and not self._spinning

    def next(self, state: Table) -> ScriptItem[a.TableAction] | None:
        self.last = state
        if self._spinning:
            if state.data.phase is Phase.SPINNING and not state.spun:
                spin = self.stops.next(self.rules.wheel, state.data.wheel_at)
                return ScriptItem(a.SpinWheel(spin), label="spin")
            self._spinning = False
        if state.spun or self._next >= len(self.items):
            return None
        item = self.items[self._next]
        self._next += 1
        if item is not None:
            return item
        refused = self._spin_refused[self._spins_seen]
        self._spins_seen += 1
        if state.data.phase is Phase.SPINNING:
            self._spinning = True
            return self.next(state)
        if refused is None:
            raise InvalidInput("'spin' before 'close': bets must be closed first")
        at = state.data.wheel_at
        return ScriptItem(a.SpinWheel(Spin(at, 5, at)), refused, "spin")


def seated_before(rf: RoundFile) -> tuple[SeatSetup, ...]:
    """The seats a round file's spin opens with (a seat with ``rail``: the betting chips it
    holds as betting opens, bought at an earlier spin); the others join in the file."""
    out = []
    for seat in rf.seats:
        if "rail" not in seat:
            continue
        if "buy" in seat or "exchange" in seat:
            raise InvalidInput(
                f"seat {seat.get('seat')!r}: a seat already at the table ('rail') buys its "
                "chips in the actions, not with 'buy' or 'exchange'"
            )
        out.append(
            SeatSetup(
                _int(seat, "seat"), _str(seat, "player"), _str(seat, "color"), _int(seat, "rail")
            )
        )
    return tuple(out)


def _replay_table(rules: TableRules, rf: RoundFile) -> ReplayResult:
    unknown = set(rf.setup) - {"tray_betting_chips", "tray_casino", "spin", "wheel_at"}
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}")
    spin = _int(rf.setup, "spin", 1)
    if spin < 1:
        raise InvalidInput(f"setup.spin counts the table's spins from 1, got {spin}")
    wheel_at = _int(rf.setup, "wheel_at", 0)
    if not 0 <= wheel_at < rules.wheel.circumference:
        raise InvalidInput(
            f"setup.wheel_at is a tick of the wheel, 0 to {rules.wheel.circumference - 1}, "
            f"got {wheel_at}"
        )
    setup = TableSetup(
        spin=spin,
        wheel_at=wheel_at,
        seats=seated_before(rf),
        tray_betting=_int(rf.setup, "tray_betting_chips", 1000),
        tray_casino=_int(rf.setup, "tray_casino", 100_000),
    )
    script = TableScript(rules, rf)
    results: list[ReplayResult] = []
    while True:
        results.append(harness_replay(GAME, rules, setup, script, _line))
        if script.done or script.last is None:
            break
        setup = script.last.next_setup()
    script.stops.check_all_used()
    return join_spins(results)


def join_spins(results: Sequence[ReplayResult]) -> ReplayResult:
    """One result of consecutive spins of one table: all their wagers, events and transcript
    lines, every spin and void spin, the chip accounts as the last spin left them, and each
    party's nets summed."""
    wagers = tuple(w for r in results for w in r.settlement.wagers)
    details: dict[str, JSON] = dict(results[-1].settlement.details)
    spins: list[JSON] = []
    void = 0
    parties: dict[str, int] = {}
    for r in results:
        spun = r.settlement.details.get("spins")
        spins.extend(spun if isinstance(spun, list) else [])
        count = r.settlement.details.get("void_spins")
        void += count if isinstance(count, int) else 0
        for party, net in r.settlement.parties.items():
            parties[party] = parties.get(party, 0) + net
    details["spins"] = spins
    details["void_spins"] = void
    events = tuple(e for r in results for e in r.events)
    lines = tuple(line for r in results for line in r.transcript)
    return ReplayResult(Settlement(wagers, details, parties), events, lines)


class CardScript:
    """A ticket-card round file as a ``Script``. A ``spin`` item while a prize awaits its spin
    hands out wheel stops until one is valid; a ``spin`` at any other time is an attempted spin
    (the file says it is refused)."""

    def __init__(self, rules: TicketRules, rf: RoundFile) -> None:
        self.rules = rules
        self.items: list[tuple[a.TicketAction | None, Mapping[str, Any]]] = []
        for item in rf.actions:
            action = _parse(item, _TICKET_ACTIONS)
            price = rules.flare.price_per_ticket
            if isinstance(action, a.SellTicket) and action.price == -1:
                action = replace(action, price=price)
            if isinstance(action, a.SellTickets) and action.amount == -1:
                action = replace(action, amount=price * len(action.tickets))
            self.items.append((action, item))
        self.stops = _Stops(rf.wheel_stops)
        self._next = 0
        self._spinning = False

    def next(self, state: CardPlay) -> ScriptItem[a.TicketAction] | None:
        if self._spinning:
            if state.data.phase is CardPhase.SPINNING:
                spin = self.stops.next(self.rules.wheel, state.data.wheel_at)
                return ScriptItem(a.SpinForPrize(spin), label="spin")
            self._spinning = False
        if self._next >= len(self.items):
            return None
        action, item = self.items[self._next]
        self._next += 1
        if action is not None:
            return ScriptItem(action, _refused(item), str(item.get("action")))
        if state.data.phase is CardPhase.SPINNING:
            self._spinning = True
            return self.next(state)
        at = state.data.wheel_at
        # A spin attempted when none is due: its outcome is irrelevant, the engine refuses it.
        return ScriptItem(a.SpinForPrize(Spin(at, 5, at)), _refused(item), "spin")


def _replay_card(rules: TicketRules, rf: RoundFile) -> ReplayResult:
    unknown = set(rf.setup) - {"card_number", "date", "site"}
    if unknown:
        raise InvalidInput(f"unknown setup keys {sorted(unknown)}")
    if rf.seats:
        raise InvalidInput("a ticket-card round sells tickets with 'sell' actions, not 'seats'")
    setup = CardSetup(
        _int(rf.setup, "card_number", rules.flare.first_card_number),
        str(rf.setup.get("date", "")),
        _opt_str(rf.setup, "site"),
    )
    script = CardScript(rules, rf)
    result = harness_replay(TICKET_GAME, rules, setup, script, _line)
    script.stops.check_all_used()
    return result


def replay(rf: RoundFile) -> ReplayResult:
    """Play a parsed round file of either method through the protocol."""
    rules = rules_from_dict(rf.rules)
    if isinstance(rules, TableRules):
        return _replay_table(rules, rf)
    return _replay_card(rules, rf)


def _line(e: Event) -> str:
    return transcript([e])[0]


def transcript(events: Sequence[Event]) -> tuple[str, ...]:
    """One readable line an event."""
    lines = []
    for e in events:
        data = e.to_dict()
        name = str(data.pop("type")).removeprefix("paddlewheel.").replace("_", " ")
        lines.append(f"{name}: " + ", ".join(f"{k}={v}" for k, v in data.items()))
    return tuple(lines)
