"""Paddlewheels for the command line and the server: house rules from a file, the posted
disclosure, the exact analysis with its seeded simulation, and terminal play of both methods.

Every spin of a table and every ticket card goes through ``croupier.core.protocol.Play`` (a
refused action changes nothing): a table session plays one ``Play`` of ``GAME`` a spin, each
spin's setup being the table the previous spin left. Money is cents inside and dollars in every
text this module hands out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.money import format_money, parse_money
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.paddlewheel import GAME, TICKET_GAME
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.disclosure import disclosure
from croupier.games.paddlewheel.rules import Rules, TableRules, TicketRules
from croupier.games.paddlewheel.sample import sample_table_rules
from croupier.games.paddlewheel.table import Table, TableSetup
from croupier.games.paddlewheel.tickets import CardPhase, CardPlay, CardSetup
from croupier.games.paddlewheel.wheel import Spin
from croupier.service.games.rules import load_rules

GAME_NAME = "paddlewheel"
AGREEMENT_SE = 4.0
"""A simulated mean agrees with the exact return within this many standard errors."""

TableSpin = Play[TableRules, TableSetup, Table, a.TableAction]
Card = Play[TicketRules, CardSetup, CardPlay, a.TicketAction]


def load(path: Path | None) -> Rules:
    """The paddlewheel rules of ``path`` (TOML or JSON; the sample table without one)."""
    rules: Rules = load_rules(GAME_NAME, path, defaults=sample_table_rules())
    return rules


def disclosure_text(path: Path | None) -> str:
    """The rules handout and prize information (99-01.3-11-02.6, -06)."""
    return disclosure(load(path))


# -- the analysis -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetRow:
    """One bet of one $1 chip: exact probability, expected return and house edge (fractions of a
    dollar as text), and the simulation's mean and standard error when one was run."""

    bet: str
    payoff: str
    probability: str
    expected_return: str
    house_edge: str
    house_edge_percent: float
    simulated_mean: float | None = None
    standard_error: float | None = None
    agrees: bool | None = None


@dataclass(frozen=True, slots=True)
class TicketRow:
    """One ticket of a card: its chance to win a spin and its expected prizes and return."""

    ticket: int
    numbers: tuple[str, ...]
    probability: str
    expected_prizes: str
    expected_return: str


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of a table (``bets``) or of a ticket card (``tickets``)."""

    method: str
    spins: int
    seed: int
    bets: tuple[BetRow, ...] = ()
    tickets: tuple[TicketRow, ...] = ()

    def to_dict(self) -> JSON:
        if self.method != "table":
            return [
                {
                    "ticket": r.ticket,
                    "numbers": list(r.numbers),
                    "probability": r.probability,
                    "expected_prizes": r.expected_prizes,
                    "expected_return": r.expected_return,
                }
                for r in self.tickets
            ]
        bets: list[JSON] = []
        for r in self.bets:
            item: dict[str, JSON] = {
                "bet": r.bet,
                "payoff": r.payoff,
                "probability": r.probability,
                "expected_return": r.expected_return,
                "house_edge": r.house_edge,
            }
            if r.simulated_mean is not None:
                item["simulated_mean"] = r.simulated_mean
                item["standard_error"] = r.standard_error
            bets.append(item)
        return {"spins": self.spins, "seed": self.seed, "bets": bets}


def _dollars(cents: float) -> str:
    return f"{cents / 100:+.4f}"


def analyze(
    path: Path,
    spins: int = 200_000,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Exact expected return and house edge of every bet of a table, with ``spins`` simulated
    valid spins (``progress(done, total)`` as they go), or each ticket's chances on a card."""
    from croupier.analysis.paddlewheel import analyze_table, analyze_tickets, simulate_table

    rules = load(path)
    if isinstance(rules, TicketRules):
        tickets = tuple(
            TicketRow(
                r.ticket,
                r.numbers,
                str(r.probability),
                _dollars(float(r.expected_prizes)).lstrip("+"),
                _dollars(float(r.expected_return)),
            )
            for r in analyze_tickets(rules)
        )
        return Analysis("ticket-card", 0, seed, tickets=tickets)
    if spins < 0:
        raise InvalidInput("--spins must be 0 or more")
    exact = analyze_table(rules)
    sim = simulate_table(rules, spins, SeededRng(seed), progress) if spins else ()
    rows = []
    for i, r in enumerate(exact):
        mean = se = None
        agrees = None
        if sim:
            mean, se = sim[i].mean, sim[i].standard_error
            agrees = abs(mean - float(r.expected_return)) <= AGREEMENT_SE * (se or 1e-12)
        rows.append(
            BetRow(
                r.label,
                r.payoff,
                str(r.probability),
                str(r.expected_return),
                str(r.house_edge),
                float(r.house_edge) * 100,
                mean,
                se,
                agrees,
            )
        )
    return Analysis("table", spins, seed, bets=tuple(rows))


# -- terminal play: the table method, one player at seat 1 --------------------------------------


def open_session(
    path: Path | None, seed: int | None, card_number: int | None, date: str | None
) -> TableSession | CardSession:
    """Terminal play of ``path``'s rules: a table (one person at seat 1) or one ticket card."""
    rules = load(path)
    if isinstance(rules, TicketRules):
        return CardSession(rules, card_number, date, seed)
    return TableSession(rules, seed)


def _rng(seed: int | None) -> Rng:
    return SeededRng(seed) if seed is not None else LiveRng()


def describe(events: Sequence[Event]) -> list[str]:
    """What a player at the table hears and sees, one line an event worth telling."""
    lines = []
    for e in events:
        if isinstance(e, ev.Announcement):
            lines.append(f"wheel operator: {e.text}")
        elif isinstance(e, ev.BetVoided):
            lines.append(f"your bet is void (over {format_money(e.limit)}): chips returned")
        elif isinstance(e, ev.LosingBetRemoved):
            lines.append(f"{e.spot}: {e.chips} chips lose")
        elif isinstance(e, ev.PayoffMade):
            lines.append(f"{e.spot}: {e.chips} chips win {e.payoff_chips}")
    return lines


class TableSession:
    """One person at seat 1 of a table, spin after spin (a ``Play`` of ``GAME`` a spin)."""

    SEAT = 1

    def __init__(self, rules: TableRules, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = _rng(seed)
        self.play: TableSpin = Play(GAME, rules, TableSetup())
        self.opening_tips = self.play.setup.tip_receptacle
        self.play.apply(a.Join(self.SEAT, "you", rules.betting_chip_colors[0]))

    @property
    def table(self) -> Table:
        return self.play.state

    def prize_information(self) -> str:
        """The prize part of the posted rules (-06)."""
        return disclosure(self.rules).split("PRIZE INFORMATION")[1]

    @property
    def chips(self) -> int:
        """Betting chips on the player's rail."""
        return self.table.data.seats[self.SEAT].rail

    def buy(self, dollars: str) -> None:
        """Betting chips for currency (``"20"``, ``"$20.00"``; whole dollars, -03.4)."""
        self.play.apply(a.BuyChips(self.SEAT, parse_money(dollars)))

    def bet(self, chips: int, spot: str) -> None:
        self.play.apply(a.PlaceBet(self.SEAT, spot, chips))

    def remove(self, chips: int, spot: str) -> None:
        self.play.apply(a.RemoveBet(self.SEAT, spot, chips))

    def tip(self, chips: int) -> None:
        self.play.apply(a.Tip(self.SEAT, chips))

    def redeem(self, chips: int) -> None:
        self.play.apply(a.RedeemChips(self.SEAT, chips))

    def spin(self) -> list[str]:
        """Bets closed, the wheel spun (void spins again) and the spin settled; the next spin's
        betting opens. What happened, as lines."""
        start = len(self.play.events)
        self.play.apply(a.CloseBets())
        while self.play.pending.kind is PendingKind.CHANCE:
            self.play.apply(GAME.chance(self.play.state, self.rng))
        lines = describe(self.play.events[start:])
        self.play = Play(GAME, self.rules, self.table.next_setup())
        return lines

    def finish(self) -> str:
        """The player's chips exchanged for casino chips (-05.8) and the session's summary."""
        left = self.chips
        if left:
            self.redeem(left)
        seat = self.table.data.seats[self.SEAT]
        tips = self.table.data.tip_receptacle - self.opening_tips
        return (
            f"You exchanged {left} betting chips for casino chips; paid in "
            f"{format_money(seat.cash_in)}, took out {format_money(seat.cash_out)}, tips "
            f"{format_money(tips)}."
        )


# -- terminal play: one ticket card (-02) --------------------------------------------------------


class CardSession:
    """One ticket card sold, spun and its prizes claimed (a ``Play`` of ``TICKET_GAME``)."""

    def __init__(
        self, rules: TicketRules, card_number: int | None, date: str | None, seed: int | None
    ) -> None:
        if date is None:
            raise InvalidInput("ticket-card play needs --date YYYY-MM-DD (the date conducted)")
        self.rules = rules
        self.rng = _rng(seed)
        setup = CardSetup(card_number or rules.flare.first_card_number, date)
        self.play: Card = Play(TICKET_GAME, rules, setup)

    @property
    def card(self) -> CardPlay:
        return self.play.state

    def opening(self) -> str:
        price = format_money(self.rules.flare.price_per_ticket)
        return (
            f"Paddlewheel ticket card {self.card.card_number} (serial "
            f"{self.card.serial_number}), {price} a ticket."
        )

    def status(self) -> str:
        return self.card.pending.detail or self.card.data.phase.value

    def sell(self, ticket: int, player: str) -> str:
        self.play.apply(a.SellTicket(ticket, player, self.rules.flare.price_per_ticket))
        return f"ticket {ticket} sold ({len(self.card.data.sold)}/{len(self.rules.tickets)})"

    def refund(self) -> str:
        self.play.apply(a.RefundCard())
        return f"refunded {format_money(self.card.data.refunded)} for the unplayed tickets"

    def spin(self) -> list[str]:
        """The wheel spun for the next prize (void spins again); refused when no prize awaits a
        spin (-02.2, -02.3)."""
        if self.card.data.phase is not CardPhase.SPINNING:
            at = self.card.data.wheel_at
            self.play.apply(a.SpinForPrize(Spin(at, 4, at)))  # refused: says why
        lines = []
        while self.play.pending.kind is PendingKind.CHANCE:
            step = self.play.apply(TICKET_GAME.chance(self.card, self.rng))
            for e in step.events:
                if isinstance(e, ev.TicketSpinVoided):
                    lines.append(f"void spin: {e.revolutions} revolutions; spun again")
                elif isinstance(e, ev.WinningNumberDrawn):
                    peg = " (on a peg: the number preceding the peg)" if e.peg else ""
                    lines.append(f"number {e.number}{peg}: ticket {e.ticket} ({e.player})")
        return lines

    def claim(self, ticket: int, minutes: int = 0) -> str:
        self.play.apply(a.ClaimPrize(ticket, minutes))
        return f"prize {self.card.data.prize} awarded to ticket {ticket}"

    def unclaimed(self, minutes: int = 0) -> str:
        self.play.apply(a.PrizeUnclaimed(minutes))
        return "prize unclaimed: the wheel is spun again"

    def summary(self) -> str:
        details = self.card.settlement().details
        return (
            f"Card {self.card.card_number}: {details['phase']}; gross proceeds "
            f"{format_money(int(str(details['gross_proceeds'])))}, prizes "
            f"{format_money(int(str(details['prizes'])))}, refunded "
            f"{format_money(int(str(details['refunded'])))}."
        )
