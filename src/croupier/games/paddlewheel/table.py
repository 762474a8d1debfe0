"""The table method (N.D. Admin. Code 99-01.3-11-03 to -06) as a state machine.

A ``Table`` runs spin after spin. Between spins players join, buy betting chips (currency into
the drop box, casino chips into the chip tray), place and take back bets, tip the wheel operator
and redeem betting chips. ``CloseBets`` announces "bets closed" (voiding any player's bet over
the limit, -05.3); then chance supplies ``SpinWheel`` outcomes until one is valid (-05.4); the
losing chips are removed and the winners paid in order of accessibility (-05.5), and the next
spin's betting opens.

``Table.apply`` applies an action or raises ``RuleViolation``/``InvalidInput``; it does not roll
back. A refusal that changes nothing is ``croupier.core.protocol.Play``'s job: the protocol's
round is ONE SPIN (``croupier.games.paddlewheel.game.GAME``), whose setup (``TableSetup``) is the
table as that spin's betting opens (the seats and their rails, the chip tray, the drop box, the
tip receptacle, where the wheel rests), so a refused action rebuilds only that spin from its
setup and its accepted actions. ``next_setup`` is the setup of the following spin.

Chips are accounted everywhere: each player's rail, the layout, the chip tray (betting chips and
casino chips), the drop box and the tip receptacle.
"""

from __future__ import annotations

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.games.base import (
    TIP_RECEPTACLE,
    Outcome,
    Pending,
    PendingKind,
    Settlement,
    WagerResult,
)
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.payoffs import settle_spin
from croupier.games.paddlewheel.rules import (
    BET_LIMIT,
    CHIPS,
    DOLLAR,
    MUSTARD_YELLOW,
    PLAYERS,
    TableRules,
    person_key,
)
from croupier.games.paddlewheel.state import (
    LAYOUT,
    Phase,
    SeatSetup,
    SeatState,
    TableData,
    TableSetup,
    balances,
    next_setup,
    parties,
    snapshot,
)

__all__ = [
    "BETS_CLOSED",
    "LAYOUT",
    "Phase",
    "SeatSetup",
    "SeatState",
    "Table",
    "TableData",
    "TableSetup",
]

BUY = "99-01.3-11-05.2"
CONDUCT = "99-01.3-11-05.4"
TIP_SECTION = "99-01.3-11-05.7"
REDEEM = "99-01.3-11-05.8"
LEAVING = "99-01.3-11-06.1.g"
BETS_CLOSED = "bets closed"


class Table:
    """One paddlewheel table from ``setup`` (a new table by default: no seats, the chip tray's
    opening inventory of 1000 betting chips and $1,000.00 of casino chips)."""

    def __init__(self, rules: TableRules, setup: TableSetup | None = None) -> None:
        setup = TableSetup() if setup is None else setup
        self.rules = rules
        self.setup = setup
        self._spots = {s.label: s for s in rules.spots()}
        self._order = [s.label for s in rules.spots()]
        self.data = TableData(
            spin=setup.spin,
            wheel_at=setup.wheel_at,
            seats={
                s.seat: SeatState(s.player, s.color, s.rail, s.cash_in, s.cash_out)
                for s in setup.seats
            },
            tray_betting=setup.tray_betting,
            tray_casino=setup.tray_casino,
            drop_box=setup.drop_box,
            tip_receptacle=setup.tip_receptacle,
        )

    # -- protocol ---------------------------------------------------------------------------------

    @property
    def spun(self) -> bool:
        """Whether a valid spin has been settled since the setup (the protocol's round is over)."""
        return self.data.spin > self.setup.spin

    @property
    def pending(self) -> Pending:
        if self.spun:
            return Pending(PendingKind.NONE)
        if self.data.phase is Phase.SPINNING:
            return Pending(PendingKind.CHANCE, detail="spin")
        return Pending(PendingKind.DEALER, detail="bets open")

    def legal_actions(self) -> list[a.TableAction]:
        """Representative legal actions while bets are open (one chip for bets, tips and
        redemptions, one dollar bought); ``CloseBets`` whenever enough players sit, so a random
        player always reaches the spin. Empty when the wheel is due to spin (chance acts) and
        once the spin is settled."""
        d = self.data
        if d.phase is Phase.SPINNING or self.spun:
            return []
        out: list[a.TableAction] = []
        taken = {s.color for s in d.seats.values()}
        free_seats = [n for n in range(1, self.rules.maximum_players + 1) if n not in d.seats]
        free_colors = [c for c in self.rules.betting_chip_colors if c.strip().lower() not in taken]
        free_colors = [c for c in free_colors if c.strip().lower() != MUSTARD_YELLOW]
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

    def apply(self, action: a.TableAction) -> list[Event]:
        """Apply ``action`` and return its events, or raise ``RuleViolation``/``InvalidInput``.
        No rollback here: drive the table through ``Play`` (``GAME``) when a refusal must change
        nothing."""
        d = self.data
        if isinstance(action, a.SpinWheel):
            if d.phase is not Phase.SPINNING:
                raise RuleViolation("the wheel is spun only after bets are closed", CONDUCT)
            return settle_spin(self.data, self.rules, self._spots, self._order, action)
        if d.phase is Phase.SPINNING:
            raise RuleViolation(
                "bets are closed: no one may bet or touch a placed betting chip until the wheel "
                "operator pays off all winning wagers",
                CONDUCT,
            )
        if isinstance(action, a.Join):
            return self._join(action)
        if isinstance(action, a.BuyChips):
            return self._buy(action)
        if isinstance(action, a.ExchangeCasinoChips):
            return self._exchange(action)
        if isinstance(action, a.PlaceBet):
            return self._place(action)
        if isinstance(action, a.RemoveBet):
            return self._remove(action)
        if isinstance(action, a.CloseBets):
            return self._close()
        if isinstance(action, a.Tip):
            return self._tip(action)
        if isinstance(action, a.RedeemChips):
            return self._redeem(action)
        if isinstance(action, a.Leave):
            return self._leave(action)
        raise InvalidInput(f"not a paddlewheel table action: {action!r}")

    def settlement(self) -> Settlement:
        """Every settled wager: space = seat, hand = spin number, kind = the spot's label; tips
        (kind ``tip``, destination the tip receptacle); the parties from the chip accounts."""
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
        return Settlement(tuple(d.wagers) + tuple(tips), details, self.parties())

    def balances(self) -> dict[str, int]:
        """Where the money is, as changes since the setup (``state.balances``)."""
        return balances(self.data, self.setup)

    def parties(self) -> dict[str, int]:
        """Each party's net since the setup (``state.parties``)."""
        return parties(self.data, self.setup)

    def snapshot(self) -> JSON:
        """The whole state as plain data."""
        return snapshot(self.data)

    def next_setup(self) -> TableSetup:
        """The setup of the next spin: the table as it stands (bets open, layout empty)."""
        return next_setup(self.data)

    # -- dispatch ---------------------------------------------------------------------------------

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
        return [ev.PlayerJoined(act.seat, act.player, act.chip_color)]

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
                    f"seat {act.seat} has {seat.rail} betting chips, not {chips}", TIP_SECTION
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
        departed = self.data.departed
        departed[seat.player] = departed.get(seat.player, 0) + seat.cash_out - seat.cash_in
        del self.data.seats[act.seat]
        return [ev.PlayerLeft(act.seat, seat.player)]

    # -- bets -------------------------------------------------------------------------------------

    def _bet_problem(self, act: a.PlaceBet) -> RuleViolation | None:
        if act.tip or act.spot.strip().lower() in ("tip", "tip bet"):
            # -05.3 forbids a tip bet outright, whatever the house rules say of tips (a tip is
            # given with a chip, -05.7); rules asking for tip bets are refused (tip_bets).
            return RuleViolation(
                "a player may not place a tip bet for a wheel operator; give a tip with a betting "
                "or casino chip instead",
                BET_LIMIT,
            )
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
        # the policy is the player's (-05.3), like the $20 a spin: a player holding several
        # seats (colour sets) has each seat's chips on the spot counted together
        who = person_key(seat.player)
        on_spot = sum(
            chips
            for (s, label), chips in self.data.layout.items()
            if label == act.spot and person_key(self.data.seats[s].player) == who
        )
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

    def _close(self) -> list[Event]:
        d = self.data
        if len(d.seats) < self.rules.minimum_players:
            raise RuleViolation(
                f"the organization requires {self.rules.minimum_players} players to open the "
                f"table; {len(d.seats)} seated",
                PLAYERS,
            )
        out: list[Event] = [ev.Announcement(BETS_CLOSED, CONDUCT)]
        limit = self.rules.maximum_bet_per_spin
        # The limit is a player's for the spin (-05.3): a player holding several seats (colour
        # sets) has every seat's chips counted together.
        by_player: dict[str, int] = {}
        for (s, _label), chips in d.layout.items():
            who = person_key(d.seats[s].player)
            by_player[who] = by_player.get(who, 0) + chips
        for n in sorted(d.seats):
            mine = {label: c for (s, label), c in d.layout.items() if s == n}
            total = sum(mine.values())
            if not mine or by_player[person_key(d.seats[n].player)] * DOLLAR <= limit:
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

    # -- accounting -------------------------------------------------------------------------------

    def betting_chips_total(self) -> int:
        """Betting chips on rails, on the layout and in the tray (constant, -03.4)."""
        d = self.data
        return d.tray_betting + sum(s.rail for s in d.seats.values()) + sum(d.layout.values())
