"""The table method (N.D. Admin. Code 99-01.3-11-03 to -06) as a state machine.

A ``Table`` runs spin after spin. Between spins players join, buy betting chips (currency into
the drop box, casino chips into the chip tray), place and take back bets, tip the wheel operator
and redeem betting chips. ``CloseBets`` announces "bets closed" (voiding any player's bet over
the limit, -05.3); then chance supplies ``SpinWheel`` outcomes until one is valid (-05.4); the
losing chips are removed and the winners paid in order of accessibility (-05.5), and the next
spin's betting opens. An illegal action raises ``RuleViolation`` and changes nothing.

Chips are accounted everywhere: each player's rail, the layout, the chip tray (betting chips and
casino chips), the drop box and the tip receptacle.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.games.base import Outcome, Pending, PendingKind, Settlement, WagerResult
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.prizes import BetKind, BetSpot
from croupier.games.paddlewheel.rules import (
    BET_LIMIT,
    CHIPS,
    DOLLAR,
    MUSTARD_YELLOW,
    PLAYERS,
    TableRules,
)
from croupier.games.paddlewheel.wheel import PEG_STOP, REVOLUTIONS_TABLE

BUY = "99-01.3-11-05.2"
CONDUCT = "99-01.3-11-05.4"
TIPS = "99-01.3-11-05.7"
REDEEM = "99-01.3-11-05.8"
LEAVING = "99-01.3-11-06.1.g"
TIP_RECEPTACLE = "tip receptacle"


class Phase(Enum):
    BETTING = "betting"
    SPINNING = "spinning"


@dataclass
class SeatState:
    player: str
    color: str
    rail: int = 0
    cash_in: int = 0
    cash_out: int = 0


@dataclass
class TableData:
    phase: Phase = Phase.BETTING
    spin: int = 1
    wheel_at: int = 0
    seats: dict[int, SeatState] = field(default_factory=dict)
    layout: dict[tuple[int, str], int] = field(default_factory=dict)
    tray_betting: int = 0
    tray_casino: int = 0
    drop_box: int = 0
    tip_receptacle: int = 0
    wagers: list[WagerResult] = field(default_factory=list)
    tips: dict[tuple[int, int, str], int] = field(default_factory=dict)
    spins: list[dict[str, JSON]] = field(default_factory=list)
    void_spins: int = 0
    departed_cash_in: int = 0
    departed_cash_out: int = 0


class Table:
    """One paddlewheel table. ``tray_betting_chips`` and ``tray_casino`` are the chip tray's
    opening inventory (betting chips; casino chips in cents)."""

    def __init__(
        self, rules: TableRules, tray_betting_chips: int = 1000, tray_casino: int = 100_000
    ) -> None:
        self.rules = rules
        self._spots = {s.label: s for s in rules.spots()}
        self._order = [s.label for s in rules.spots()]
        self.data = TableData(tray_betting=tray_betting_chips, tray_casino=tray_casino)
        self.initial_betting_chips = tray_betting_chips
        self.initial_casino = tray_casino

    # -- protocol ---------------------------------------------------------------------------------

    @property
    def pending(self) -> Pending:
        if self.data.phase is Phase.SPINNING:
            return Pending(PendingKind.CHANCE, detail="spin")
        return Pending(PendingKind.DEALER, detail="bets open")

    def legal_actions(self) -> list[Any]:
        """Representative legal actions (one chip for bets, tips and redemptions). When the wheel
        is due to spin, the chance action ``SpinWheel()`` is listed without its outcome (any stop
        may come); apply it as ``SpinWheel(spin)`` with the drawn or recorded ``Spin``."""
        d = self.data
        if d.phase is Phase.SPINNING:
            return [a.SpinWheel()]
        out: list[Any] = []
        taken = {s.color for s in d.seats.values()}
        free_seats = [n for n in range(1, self.rules.maximum_players + 1) if n not in d.seats]
        free_colors = [c for c in self.rules.betting_chip_colors if c.lower() not in taken]
        if free_seats and free_colors:
            out.append(a.Join(free_seats[0], f"player {free_seats[0]}", free_colors[0]))
        for n, seat in sorted(d.seats.items()):
            out.append(a.BuyChips(n, DOLLAR))
            out.append(a.ExchangeCasinoChips(n, DOLLAR))
            for (s, label), chips in d.layout.items():
                if s == n and chips:
                    out.append(a.RemoveBet(n, label, 1))
            if seat.rail:
                for label in self._order:
                    action = a.PlaceBet(n, label, 1)
                    if self._bet_problem(action) is None:
                        out.append(action)
                out.append(a.Tip(n, 1))
                out.append(a.RedeemChips(n, 1))
            elif not any(s == n for s, _ in d.layout):
                out.append(a.Leave(n))
        if len(d.seats) >= self.rules.minimum_players:
            out.append(a.CloseBets())
        return out

    def apply(self, action: Any) -> list[Event]:
        """Apply ``action``; on ``RuleViolation`` or ``InvalidInput`` nothing changes."""
        saved = copy.deepcopy(self.data)
        try:
            return self._apply(action)
        except (RuleViolation, InvalidInput):
            self.data = saved
            raise

    def settlement(self) -> Settlement:
        """Every settled wager: space = seat, hand = spin number, kind = the spot's label; tips
        (kind ``tip``, destination the tip receptacle)."""
        d = self.data
        tips = [
            WagerResult(seat, spin, "tip", amount, Outcome.LOSE, -amount, player, TIP_RECEPTACLE)
            for (seat, spin, player), amount in d.tips.items()
        ]
        details: dict[str, JSON] = {
            "spins": list(d.spins),
            "void_spins": d.void_spins,
            "drop_box": d.drop_box,
            "tip_receptacle": d.tip_receptacle,
            "chip_tray": {"betting_chips": d.tray_betting, "casino": d.tray_casino},
            "rails": {str(n): s.rail for n, s in sorted(d.seats.items())},
        }
        return Settlement(tuple(d.wagers) + tuple(tips), details)

    # -- dispatch ---------------------------------------------------------------------------------

    def _apply(self, action: Any) -> list[Event]:
        d = self.data
        if isinstance(action, a.SpinWheel):
            if d.phase is not Phase.SPINNING:
                raise RuleViolation("the wheel is spun only after bets are closed", CONDUCT)
            return self._spin(action)
        if d.phase is Phase.SPINNING:
            raise RuleViolation(
                "bets are closed: no one may bet or touch a placed betting chip until the wheel "
                "operator pays off all winning wagers",
                CONDUCT,
            )
        handlers: dict[type, Callable[[Any], list[Event]]] = {
            a.Join: self._join,
            a.BuyChips: self._buy,
            a.ExchangeCasinoChips: self._exchange,
            a.PlaceBet: self._place,
            a.RemoveBet: self._remove,
            a.CloseBets: self._close,
            a.Tip: self._tip,
            a.RedeemChips: self._redeem,
            a.Leave: self._leave,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise InvalidInput(f"not a paddlewheel table action: {action!r}")
        return handler(action)

    def _seat(self, n: int) -> SeatState:
        seat = self.data.seats.get(n)
        if seat is None:
            raise InvalidInput(f"no player sits at seat {n}")
        return seat

    @staticmethod
    def _count(value: object, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise InvalidInput(f"{what} must be a positive whole number, got {value!r}")
        return value

    # -- players and chips ------------------------------------------------------------------------

    def _join(self, act: a.Join) -> list[Event]:
        d = self.data
        if not 1 <= act.seat <= self.rules.maximum_players:
            raise RuleViolation(
                f"this table seats {self.rules.maximum_players} players (seats 1.."
                f"{self.rules.maximum_players}); seat {act.seat} does not exist",
                PLAYERS,
            )
        if act.seat in d.seats:
            raise InvalidInput(f"seat {act.seat} is taken")
        color = act.chip_color.strip().lower()
        if color == MUSTARD_YELLOW:
            raise RuleViolation("no betting chip can be the primary color of mustard yellow", CHIPS)
        if color not in {c.strip().lower() for c in self.rules.betting_chip_colors}:
            raise RuleViolation(
                f"{act.chip_color!r} is not one of the organization's betting chip sets "
                f"{list(self.rules.betting_chip_colors)}",
                CHIPS,
            )
        if any(s.color == color for s in d.seats.values()):
            raise RuleViolation(f"the {color} chip set is in use by another player", CHIPS)
        if not act.player.strip():
            raise InvalidInput("a player needs a name")
        d.seats[act.seat] = SeatState(act.player, color)
        return [ev.PlayerJoined(act.seat, act.player, color)]

    def _dollars(self, amount: int, what: str) -> int:
        self._count(amount, what)
        if amount % DOLLAR:
            raise RuleViolation(
                f"each betting chip is valued at one dollar: {what} {format_money(amount)} is not "
                "whole dollars",
                CHIPS,
            )
        return amount // DOLLAR

    def _buy(self, act: a.BuyChips) -> list[Event]:
        seat = self._seat(act.seat)
        chips = self._dollars(act.currency, "currency")
        seat.rail += chips
        seat.cash_in += act.currency
        self.data.tray_betting -= chips
        self.data.drop_box += act.currency
        return [ev.ChipsBought(act.seat, "currency", act.currency, chips)]

    def _exchange(self, act: a.ExchangeCasinoChips) -> list[Event]:
        seat = self._seat(act.seat)
        chips = self._dollars(act.amount, "casino chips")
        seat.rail += chips
        seat.cash_in += act.amount
        self.data.tray_betting -= chips
        self.data.tray_casino += act.amount
        return [ev.ChipsBought(act.seat, "casino chips", act.amount, chips)]

    def _tip(self, act: a.Tip) -> list[Event]:
        seat = self._seat(act.seat)
        chips = self._count(act.chips, "tip chips")
        d = self.data
        amount = chips * DOLLAR
        if act.casino:
            seat.cash_in += amount
        else:
            if chips > seat.rail:
                raise RuleViolation(
                    f"seat {act.seat} has {seat.rail} betting chips, not {chips}", TIPS
                )
            seat.rail -= chips
            d.tray_betting += chips
            d.tray_casino -= amount
        d.tip_receptacle += amount
        key = (act.seat, d.spin, seat.player)
        d.tips[key] = d.tips.get(key, 0) + amount
        return [ev.TipGiven(act.seat, amount, not act.casino)]

    def _redeem(self, act: a.RedeemChips) -> list[Event]:
        seat = self._seat(act.seat)
        chips = self._count(act.chips, "chips")
        if chips > seat.rail:
            raise RuleViolation(
                f"seat {act.seat} has {seat.rail} betting chips, not {chips}", REDEEM
            )
        d = self.data
        seat.rail -= chips
        seat.cash_out += chips * DOLLAR
        d.tray_betting += chips
        d.tray_casino -= chips * DOLLAR
        return [ev.ChipsRedeemed(act.seat, chips)]

    def _leave(self, act: a.Leave) -> list[Event]:
        seat = self._seat(act.seat)
        if seat.rail:
            raise RuleViolation(
                f"the player has {seat.rail} unused betting chips: exchange them for casino chips "
                "through the wheel operator before leaving the table",
                LEAVING,
            )
        if any(s == act.seat for s, _ in self.data.layout):
            raise RuleViolation("the player has bets on the layout; take them back first", CONDUCT)
        self.data.departed_cash_in += seat.cash_in
        self.data.departed_cash_out += seat.cash_out
        del self.data.seats[act.seat]
        return [ev.PlayerLeft(act.seat, seat.player)]

    # -- bets -------------------------------------------------------------------------------------

    def _bet_problem(self, act: a.PlaceBet) -> RuleViolation | None:
        if act.spot.strip().lower() in ("tip", "tip bet"):
            return RuleViolation("a player may not place a tip bet for a wheel operator", BET_LIMIT)
        spot = self._spots.get(act.spot)
        if spot is None:
            section = "99-01.3-11-06.1.f" if act.spot in ("odd", "even") else "99-01.3-11-03.3.b"
            return RuleViolation(
                f"{act.spot!r} is not a bet of this layout and prize table", section
            )
        seat = self.data.seats.get(act.seat)
        if seat is None or act.chips > seat.rail:
            have = 0 if seat is None else seat.rail
            return RuleViolation(
                f"only betting chips can be used to place a bet; seat {act.seat} has {have}", BUY
            )
        on_spot = self.data.layout.get((act.seat, act.spot), 0)
        if not self.rules.several_chips_on_one_spot and on_spot + act.chips > 1:
            return RuleViolation(
                "the organization's policy allows one chip on a coloured number or symbol a spin",
                BET_LIMIT,
            )
        return None

    def _place(self, act: a.PlaceBet) -> list[Event]:
        self._seat(act.seat)
        self._count(act.chips, "chips")
        problem = self._bet_problem(act)
        if problem is not None:
            raise problem
        d = self.data
        d.seats[act.seat].rail -= act.chips
        d.layout[(act.seat, act.spot)] = d.layout.get((act.seat, act.spot), 0) + act.chips
        out: list[Event] = []
        if act.assisted:
            out.append(ev.Announcement(f"assisting seat {act.seat}", CONDUCT))
        out.append(ev.BetPlaced(act.seat, d.spin, act.spot, act.chips, act.assisted))
        return out

    def _remove(self, act: a.RemoveBet) -> list[Event]:
        self._seat(act.seat)
        chips = self._count(act.chips, "chips")
        d = self.data
        on_spot = d.layout.get((act.seat, act.spot), 0)
        if chips > on_spot:
            raise InvalidInput(f"seat {act.seat} has {on_spot} chips on {act.spot!r}")
        if chips == on_spot:
            del d.layout[(act.seat, act.spot)]
        else:
            d.layout[(act.seat, act.spot)] = on_spot - chips
        d.seats[act.seat].rail += chips
        return [ev.BetRemoved(act.seat, d.spin, act.spot, chips)]

    def _close(self, act: a.CloseBets) -> list[Event]:
        d = self.data
        if len(d.seats) < self.rules.minimum_players:
            raise RuleViolation(
                f"the organization requires {self.rules.minimum_players} players to open the "
                f"table; {len(d.seats)} seated",
                PLAYERS,
            )
        out: list[Event] = [ev.Announcement("bets closed", CONDUCT)]
        limit = self.rules.maximum_bet_per_spin
        # The limit is a player's for the spin (-05.3): a player holding several seats (colour
        # sets) has every seat's chips counted together.
        by_player: dict[str, int] = {}
        for (s, _label), chips in d.layout.items():
            by_player[d.seats[s].player] = by_player.get(d.seats[s].player, 0) + chips
        for n in sorted(d.seats):
            mine = {label: c for (s, label), c in d.layout.items() if s == n}
            total = sum(mine.values())
            if not mine or by_player[d.seats[n].player] * DOLLAR <= limit:
                continue
            for label, chips in mine.items():
                del d.layout[(n, label)]
                d.wagers.append(
                    WagerResult(
                        n, d.spin, label, chips * DOLLAR, Outcome.VOID, 0, d.seats[n].player
                    )
                )
            d.seats[n].rail += total
            out.append(ev.BetVoided(n, d.spin, total, limit))
        d.phase = Phase.SPINNING
        return out

    # -- the spin and the payoffs -----------------------------------------------------------------

    def _spin(self, act: a.SpinWheel) -> list[Event]:
        d = self.data
        spin = act.spin
        if spin is None:
            raise InvalidInput(
                "a spin enters with its chance outcome: SpinWheel(Spin(start, revolutions, stop))"
            )
        wheel = self.rules.wheel
        if spin.start != d.wheel_at:
            raise InvalidInput(f"the wheel rests at tick {d.wheel_at}, not {spin.start}")
        wheel.check_stop(spin.stop)
        d.wheel_at = spin.stop
        if spin.is_void:
            d.void_spins += 1
            return [
                ev.SpinVoided(d.spin, spin.start, spin.revolutions, spin.stop),
                ev.Announcement(
                    f"no spin: {spin.revolutions} revolutions, at least four are required",
                    REVOLUTIONS_TABLE,
                ),
            ]
        reading = wheel.read(spin.stop)
        peg = wheel.is_peg_stop(spin.stop)
        names = [c.name for c in wheel.circles]
        announced = ", ".join(f"{name} {sym}" for name, sym in zip(names, reading, strict=True))
        out: list[Event] = [
            ev.WheelStopped(d.spin, spin.start, spin.revolutions, spin.stop, peg, reading),
            ev.Announcement(
                announced + (" (on a peg: the number preceding the peg)" if peg else ""),
                PEG_STOP if peg else "99-01.3-11-05.5",
            ),
        ]
        winners: list[tuple[int, int, str, int, BetSpot]] = []
        for (n, label), chips in sorted(d.layout.items()):
            spot = self._spots[label]
            if spot.wins(reading, wheel):
                rank = self._order.index(label)
                winners.append((rank, n, label, chips, spot))
                continue
            d.tray_betting += chips
            d.wagers.append(
                WagerResult(
                    n,
                    d.spin,
                    label,
                    chips * DOLLAR,
                    Outcome.LOSE,
                    -chips * DOLLAR,
                    d.seats[n].player,
                )
            )
            out.append(ev.LosingBetRemoved(n, d.spin, label, chips))
        order: list[JSON] = []
        for _rank, n, label, chips, spot in sorted(winners):
            won = chips * spot.payoff.winnings_per_chip
            d.tray_betting -= won
            d.seats[n].rail += chips + won
            d.wagers.append(
                WagerResult(
                    n, d.spin, label, chips * DOLLAR, Outcome.WIN, won * DOLLAR, d.seats[n].player
                )
            )
            order.append(f"{n} {label}")
            out.append(ev.PayoffMade(n, d.spin, label, chips, won))
        d.spins.append(
            {
                "spin": d.spin,
                "stop": spin.stop,
                "peg": peg,
                "result": dict(zip(names, reading, strict=True)),
                "payout_order": order,
                "parity": _parity_text(wheel, reading, self._spots),
            }
        )
        d.layout.clear()
        d.spin += 1
        d.phase = Phase.BETTING
        return out

    # -- accounting -------------------------------------------------------------------------------

    def betting_chips_total(self) -> int:
        """Betting chips on rails, on the layout and in the tray (constant, -03.4)."""
        d = self.data
        return d.tray_betting + sum(s.rail for s in d.seats.values()) + sum(d.layout.values())


def _parity_text(wheel: Any, reading: Sequence[str], spots: dict[str, BetSpot]) -> str | None:
    if wheel.odd_even_circle is None:
        return None
    index = wheel.circle_named(wheel.odd_even_circle)
    if not any(s.kind in (BetKind.ODD, BetKind.EVEN) for s in spots.values()):
        return None
    parity = wheel.parity(reading[index])
    return "house" if parity is None else str(parity)
