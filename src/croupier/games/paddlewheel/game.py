"""The paddlewheel on the game protocol (``croupier.core.protocol``).

``GAME`` is the table method (-03 to -06). Its round is ONE SPIN: the setup (``TableSetup``) is the
table as that spin's betting opens (seats, rails, chip tray, drop box, tip receptacle, where the
wheel rests); players join, buy chips, bet, take bets back, tip, redeem and leave; ``CloseBets``;
then the chance actor spins (``SpinWheel`` from the injected ``Rng``, void spins spun again)
until a valid spin is settled, which ends the round. The next spin is a new round whose setup is
``Table.next_setup()``. So ``Play`` rebuilds a refused action's state from one spin's actions,
however long the table has run.

``TICKET_GAME`` is the ticket-card method (-02): one card a round, its setup a ``CardSetup``
(card number and date); chance spins for each prize (``SpinForPrize``).

``balances`` come from the chip accounts the engines keep, as changes since the round's setup;
the settlement's parties are the players (by name: one person may hold several colour sets),
``house`` and ``tips``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.protocol import Pending, PendingKind, Settlement
from croupier.core.rng import Rng
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.rules import TableRules, TicketRules, rules_from_dict
from croupier.games.paddlewheel.sample import sample_table_rules
from croupier.games.paddlewheel.table import BETS_CLOSED, SeatSetup, Table, TableSetup
from croupier.games.paddlewheel.tickets import CardPlay, CardSetup
from croupier.games.paddlewheel.wheel import Spin, draw_spin, keyed_spin

TABLE_ACTIONS: tuple[type, ...] = (
    a.Join,
    a.BuyChips,
    a.ExchangeCasinoChips,
    a.PlaceBet,
    a.RemoveBet,
    a.CloseBets,
    a.SpinWheel,
    a.Tip,
    a.RedeemChips,
    a.Leave,
)
TICKET_ACTIONS: tuple[type, ...] = (
    a.SellTicket,
    a.SellTickets,
    a.RefundCard,
    a.SpinForPrize,
    a.ClaimPrize,
    a.PrizeUnclaimed,
)

RANDOM_RAIL = 30
"""A random setup's seats hold up to this many betting chips each."""


class PaddlewheelTable:
    """The table method, one spin a round (``Game[TableRules, TableSetup, Table, TableAction]``)."""

    name = "paddlewheel"
    title = "Paddlewheels (table method)"
    regulation = "N.D. Admin. Code 99-01.3-11"

    @property
    def action_types(self) -> tuple[type, ...]:
        return TABLE_ACTIONS

    def parse_rules(self, data: Mapping[str, JSON]) -> TableRules:
        """Validated table-method rules; an empty mapping is the sample table
        (``croupier.games.paddlewheel.sample``)."""
        rules = rules_from_dict(dict(data) if data else sample_table_rules())
        if not isinstance(rules, TableRules):
            raise InvalidInput("these are ticket-card rules: play them as ticket cards")
        return rules

    def start(self, rules: TableRules, setup: TableSetup) -> Table:
        return Table(rules, setup)

    def random_setup(self, rules: TableRules, rng: Rng) -> TableSetup:
        """Between the minimum and the maximum number of players (as the chip sets allow) on
        random seats, each with up to ``RANDOM_RAIL`` chips; the wheel resting anywhere."""
        colors = list(dict.fromkeys(c.strip().lower() for c in rules.betting_chip_colors))
        most = min(rules.maximum_players, len(colors))
        count = min(rules.minimum_players, most) + rng.randbelow(
            most - min(rules.minimum_players, most) + 1
        )
        free = list(range(1, rules.maximum_players + 1))
        seats = []
        for k in range(count):
            seat = free.pop(rng.randbelow(len(free)))
            color = colors.pop(rng.randbelow(len(colors)))
            rail = rng.randbelow(RANDOM_RAIL + 1)
            seats.append(SeatSetup(seat, f"player {seat}", color, rail, 100 * rail + 100 * k))
        return TableSetup(
            spin=1 + rng.randbelow(100),
            wheel_at=rng.randbelow(rules.wheel.circumference),
            seats=tuple(sorted(seats, key=lambda s: s.seat)),
            drop_box=100 * rng.randbelow(1000),
            tip_receptacle=100 * rng.randbelow(50),
        )

    def pending(self, state: Table) -> Pending:
        return state.pending

    def legal_actions(self, state: Table) -> Sequence[a.TableAction]:
        return state.legal_actions()

    def chance(self, state: Table, rng: Rng) -> a.TableAction:
        return a.SpinWheel(draw_spin(state.rules.wheel, state.data.wheel_at, rng))

    def keyed(self, state: Table, outcome: str) -> a.TableAction:
        """The spin as the wheel operator keys it (``keyed_spin``: ``SECTION[/REVOLUTIONS]``)."""
        if state.pending.kind is not PendingKind.CHANCE:
            raise InvalidInput(f"no spin is due: {state.pending}")
        return a.SpinWheel(keyed_spin(state.rules.wheel, state.data.wheel_at, outcome))

    def step(self, state: Table, action: a.TableAction) -> Sequence[Event]:
        if state.spun:
            raise InvalidInput(
                f"spin {state.setup.spin} is settled: the next spin is a new round "
                "(its setup is Table.next_setup())"
            )
        return state.apply(action)

    def is_over(self, state: Table) -> bool:
        return state.spun

    def settlement(self, state: Table) -> Settlement:
        return state.settlement()

    def balances(self, state: Table) -> Mapping[str, int]:
        return state.balances()

    def snapshot(self, state: Table) -> JSON:
        return state.snapshot()

    def actions_from_events(self, events: Sequence[Event]) -> list[a.TableAction]:
        return table_actions(events)

    def irregularities(self, state: Table) -> Sequence[a.TableAction]:
        """None to choose: a spin of fewer than four revolutions is void and spun again (-05.4)
        as part of the spin itself, and a bet over the limit is voided at "bets closed"."""
        return ()


def table_actions(events: Sequence[Event]) -> list[a.TableAction]:
    """The table actions recorded in ``events``, in order."""
    out: list[a.TableAction] = []
    for e in events:
        if isinstance(e, ev.PlayerJoined):
            out.append(a.Join(e.seat, e.player, e.chip_color))
        elif isinstance(e, ev.ChipsBought):
            if e.paid_with == "currency":
                out.append(a.BuyChips(e.seat, e.amount))
            else:
                out.append(a.ExchangeCasinoChips(e.seat, e.amount))
        elif isinstance(e, ev.BetPlaced):
            out.append(a.PlaceBet(e.seat, e.spot, e.chips, e.assisted))
        elif isinstance(e, ev.BetRemoved):
            out.append(a.RemoveBet(e.seat, e.spot, e.chips))
        elif isinstance(e, ev.Announcement) and e.text == BETS_CLOSED:
            out.append(a.CloseBets())
        elif isinstance(e, ev.SpinVoided | ev.WheelStopped):
            out.append(a.SpinWheel(Spin(e.start, e.revolutions, e.stop)))
        elif isinstance(e, ev.TipGiven):
            out.append(a.Tip(e.seat, e.amount // 100, casino=not e.with_betting_chips))
        elif isinstance(e, ev.ChipsRedeemed):
            out.append(a.RedeemChips(e.seat, e.chips))
        elif isinstance(e, ev.PlayerLeft):
            out.append(a.Leave(e.seat))
    return out


class PaddlewheelTickets:
    """The ticket-card method, one card a round
    (``Game[TicketRules, CardSetup, CardPlay, TicketAction]``)."""

    name = "paddlewheel-tickets"
    title = "Paddlewheels (ticket-card method)"
    regulation = "N.D. Admin. Code 99-01.3-11-02"

    @property
    def action_types(self) -> tuple[type, ...]:
        return TICKET_ACTIONS

    def parse_rules(self, data: Mapping[str, JSON]) -> TicketRules:
        rules = rules_from_dict(data)
        if not isinstance(rules, TicketRules):
            raise InvalidInput("these are table-method rules: play them at a table")
        return rules

    def start(self, rules: TicketRules, setup: CardSetup) -> CardPlay:
        return CardPlay(rules, setup.card_number, setup.date, setup.site)

    def random_setup(self, rules: TicketRules, rng: Rng) -> CardSetup:
        flare = rules.flare
        number = flare.first_card_number + rng.randbelow(
            flare.last_card_number - flare.first_card_number + 1
        )
        return CardSetup(number, f"2026-{1 + rng.randbelow(12):02d}-{1 + rng.randbelow(28):02d}")

    def pending(self, state: CardPlay) -> Pending:
        return state.pending

    def legal_actions(self, state: CardPlay) -> Sequence[a.TicketAction]:
        return state.legal_actions()

    def chance(self, state: CardPlay, rng: Rng) -> a.TicketAction:
        return a.SpinForPrize(draw_spin(state.rules.wheel, state.data.wheel_at, rng))

    def keyed(self, state: CardPlay, outcome: str) -> a.TicketAction:
        """The spin as the wheel operator keys it (``keyed_spin``: ``SECTION[/REVOLUTIONS]``)."""
        if state.pending.kind is not PendingKind.CHANCE:
            raise InvalidInput(f"no spin is due: {state.pending}")
        return a.SpinForPrize(keyed_spin(state.rules.wheel, state.data.wheel_at, outcome))

    def step(self, state: CardPlay, action: a.TicketAction) -> Sequence[Event]:
        return state.apply(action)

    def is_over(self, state: CardPlay) -> bool:
        return state.done

    def settlement(self, state: CardPlay) -> Settlement:
        return state.settlement()

    def balances(self, state: CardPlay) -> Mapping[str, int]:
        return state.balances()

    def snapshot(self, state: CardPlay) -> JSON:
        return state.snapshot()

    def actions_from_events(self, events: Sequence[Event]) -> list[a.TicketAction]:
        return ticket_actions(events)

    def irregularities(self, state: CardPlay) -> Sequence[a.TicketAction]:
        """None to choose: a void spin (under four revolutions, -02.3) is spun again as part of
        the spin itself."""
        return ()


def ticket_actions(events: Sequence[Event]) -> list[a.TicketAction]:
    """The ticket-card actions recorded in ``events``, in order."""
    out: list[a.TicketAction] = []
    bought: set[int] = set()
    for e in events:
        if isinstance(e, ev.TicketsPurchased):
            out.append(a.SellTickets(e.tickets, e.player, e.amount))
            bought = set(e.tickets)
        elif isinstance(e, ev.TicketSold):
            if e.ticket in bought:
                bought.discard(e.ticket)
                continue
            out.append(a.SellTicket(e.ticket, e.player, e.price))
        elif isinstance(e, ev.CardRefunded):
            out.append(a.RefundCard())
        elif isinstance(e, ev.TicketSpinVoided | ev.WinningNumberDrawn):
            out.append(a.SpinForPrize(Spin(e.start, e.revolutions, e.stop)))
        elif isinstance(e, ev.PrizeAwarded):
            out.append(a.ClaimPrize(e.ticket, e.minutes))
        elif isinstance(e, ev.PrizeUnclaimed):
            out.append(a.PrizeUnclaimed(e.minutes))
    return out


GAME = PaddlewheelTable()
"""The table method on the protocol: ``SPEC.game``."""

TICKET_GAME = PaddlewheelTickets()
"""The ticket-card method on the protocol."""
