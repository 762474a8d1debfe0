"""Daily records (99-01.3-08-16.1, 99-01.3-11-07.2, .3): per table and shift, per game, per site.

Every formula is written once here and in ``docs/accounting.md``:

- shift win = drop box cash + credits - fills + closing tray - opening tray
- gross proceeds = drop box cash (cash received for chips sold at the tables)
- adjusted gross proceeds = sum of shift wins
- prizes = gross proceeds - adjusted gross proceeds
- ideal ending cash bank = starting cash bank - chip redemptions - tip redemptions
  - IOUs written + IOUs cleared
- cash long (+) or short (-) = counted ending cash bank - ideal ending cash bank
- cash profit = drop box cash + (ending cash bank + IOUs outstanding at the end)
  - (starting cash bank + IOUs outstanding at the start) - cash bank fundings of the day
  + ticket cash deposited from the cash bank that day (it left the bank as profit, not loss)
- bank deposit = sum of deposits recorded for the day (counted cash and ticket cash)
- ticket cards (11-01.1): gross proceeds = tickets sold x price - refunds; prizes = cash prizes +
  cost of merchandise prizes; ticket cash (sales in, refunds and cash prizes out) flows through
  the cash bank, so the ideal ending cash bank and the site's cash profit include it

A value that depends on a missing record (an uncounted drop box, an open shift, a day not yet
closed) is ``Unknown``, never zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.books import events as ev
from croupier.books.amounts import Amount, Unknown, minus, total, unknown
from croupier.books.model import Game, SlipKind, chips_total
from croupier.books.state import Books, DayRecord, ShiftRecord


@dataclass(frozen=True, slots=True)
class ShiftLine:
    """One table shift on the daily record."""

    table: int
    game: Game
    shift: int
    dealer_id: str
    opening_tray: int
    fills: int
    credits: int
    closing_tray: Amount
    tray_variance: Amount
    drop: Amount
    win: Amount


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The summary of one game for a day (-16.1.g, 11-07.3.b)."""

    game: Game
    gross_proceeds: Amount
    prizes: Amount
    adjusted_gross_proceeds: Amount
    cash_profit: Amount
    cash_long_short: Amount
    tournament_gross: int = 0
    """The part of the gross proceeds that is twenty-one tournament fees (no table play)."""
    tournament_agp: int = 0
    """The part of the adjusted gross proceeds that is the tournaments' (fees less prizes)."""


@dataclass(frozen=True, slots=True)
class TicketDay:
    """The day's paddlewheel ticket-card activity (99-01.3-11-01.1, 11-07.1.a, 11-07.3).

    Ticket cash passes through the site's cash bank: sales in, refunds and cash prizes out.
    Merchandise is bought from the gaming account (not the cash bank), so its cost is a prize
    but not a cash movement: the ticket cash profit is gross proceeds - cash prizes.
    """

    sales: int
    refunds: int
    cash_prizes: int
    merchandise_prizes: int
    cash_profit: Amount
    cash_long_short: Amount

    @property
    def gross_proceeds(self) -> int:
        return self.sales - self.refunds

    @property
    def prizes(self) -> int:
        return self.cash_prizes + self.merchandise_prizes

    @property
    def adjusted_gross_proceeds(self) -> int:
        return self.gross_proceeds - self.prizes

    @property
    def ideal_cash_profit(self) -> int:
        return self.gross_proceeds - self.cash_prizes


@dataclass(frozen=True, slots=True)
class TournamentDay:
    """The day's twenty-one tournament money (99-01.3-08-15, -08-16.1.e, f): fees (entries,
    rebuys, add-ons) are twenty-one gross proceeds, cash into the cash bank; cash prizes are
    paid from it; merchandise is a prize at its cost, bought from the gaming account."""

    fees: int
    cash_prizes: int
    merchandise_prizes: int

    @property
    def prizes(self) -> int:
        return self.cash_prizes + self.merchandise_prizes

    @property
    def adjusted_gross_proceeds(self) -> int:
        return self.fees - self.prizes


@dataclass(frozen=True, slots=True)
class DailyRecord:
    """Everything the rules ask of one day's activity at one site."""

    site_id: str
    day: str
    closed: bool
    starting_cash_bank: int
    ending_cash_bank: Amount
    ideal_ending_cash_bank: int
    starting_ious: int
    ending_ious: Amount
    starting_chip_bank: int
    ending_chip_bank: Amount
    chip_bank_variance: Amount
    shifts: tuple[ShiftLine, ...]
    chip_redemptions: int
    tip_redemptions: int
    drop: Amount
    cash_profit: Amount
    cash_long_short: Amount
    bank_deposit: int
    games: tuple[GameSummary, ...]
    slips: tuple[ev.SlipIssued | ev.SlipVoided, ...]
    reviews: tuple[ev.SurveillanceReviewed, ...]
    cash_bank_fundings: int = 0
    tickets: TicketDay | None = None
    tournaments: TournamentDay | None = None

    def game(self, game: Game) -> GameSummary | None:
        return next((g for g in self.games if g.game is game), None)


def shift_line(rec: ShiftRecord) -> ShiftLine:
    """One shift's line: its slips, tray counts, drop and win."""
    start = rec.started
    label = f"table {start.table} shift {start.shift} on {start.day}"
    fills = sum(s.grand_total for s in rec.fills)
    credits = sum(s.grand_total for s in rec.credits)
    opening = chips_total(rec.opening_tray)
    closing: Amount
    variance: Amount
    if rec.ended is None:
        closing = unknown(f"{label}: tray not yet counted (shift open)")
        variance = closing
    else:
        closing = chips_total(rec.ended.tray_count)
        book = chips_total(rec.book_closing_tray or ())
        variance = closing - book
    counted = rec.counted_cash
    drop: Amount = counted if counted is not None else unknown(f"{label}: drop box not counted")
    win = total((drop, credits, -fills, closing, -opening))
    return ShiftLine(
        start.table,
        rec.game,
        start.shift,
        start.dealer_id,
        opening,
        fills,
        credits,
        closing,
        variance,
        drop,
        win,
    )


def daily_record(books: Books, site_id: str, day: str) -> DailyRecord:
    """The daily record of a site (closed or still open: open values are ``Unknown``)."""
    rec = books.days[(site_id, day)]
    lines = tuple(shift_line(books.shifts[key]) for key in rec.shifts)
    redemptions = sum(r.cents for r in rec.redemptions)
    tips = sum(r.cents for r in rec.tip_redemptions)
    if rec.closed is not None:
        assert rec.book_end_cash_bank is not None
        assert rec.end_ious is not None
        # The book cash bank moved only by redemptions, tip redemptions, IOUs and fundings.
        ideal_end = rec.book_end_cash_bank
        end_cash: Amount = rec.closed.cash_bank_count
        end_ious: Amount = rec.end_ious
        counted_chips = chips_total(rec.closed.chip_bank_count)
        end_chips: Amount = counted_chips
        chip_var: Amount = counted_chips - chips_total(rec.book_end_chip_bank or ())
    else:
        ideal_end = books.sites[site_id].cash_bank
        end_cash = end_ious = end_chips = chip_var = unknown(f"day {day} at {site_id} not closed")
    long_short = minus(end_cash, ideal_end)
    drop = total(line.drop for line in lines)
    fundings = sum(f.cents for f in rec.fundings)
    cash_profit = total(
        (
            drop,
            end_cash,
            end_ious,
            -rec.start_cash_bank,
            -rec.start_ious,
            -fundings,
            rec.ticket_deposits,
        )
    )
    tournament_day: TournamentDay | None = None
    if rec.t21_activity:
        tournament_day = TournamentDay(
            rec.t21_fees, rec.t21_cash_prizes, rec.t21_merchandise_prizes
        )
    ticket_day: TicketDay | None = None
    table_profit = cash_profit
    if rec.ticket_activity:
        ideal = rec.ticket_sales - rec.ticket_refunds - rec.ticket_cash_prizes
        if lines or tournament_day is not None:
            # Tables share the cash bank: tickets are credited their ideal cash profit and the
            # long or short stays with the table games (as for a combined bank, 11-07.2.f).
            ticket_day = _tickets(rec, ideal, 0)
            table_profit = minus(cash_profit, ideal)
        else:
            ticket_day = _tickets(rec, cash_profit, long_short)
    games = _game_summaries(books, site_id, lines, table_profit, long_short, tournament_day)
    return DailyRecord(
        site_id,
        day,
        rec.closed is not None,
        rec.start_cash_bank,
        end_cash,
        ideal_end,
        rec.start_ious,
        end_ious,
        chips_total(rec.start_chip_bank),
        end_chips,
        chip_var,
        lines,
        redemptions,
        tips,
        drop,
        cash_profit,
        long_short,
        sum(d.cents for d in rec.deposits) + rec.ticket_deposits,
        games,
        tuple(rec.slips),
        tuple(rec.reviews),
        fundings,
        ticket_day,
        tournament_day,
    )


def _tickets(rec: DayRecord, cash_profit: Amount, long_short: Amount) -> TicketDay:
    return TicketDay(
        rec.ticket_sales,
        rec.ticket_refunds,
        rec.ticket_cash_prizes,
        rec.ticket_merchandise_prizes,
        cash_profit,
        long_short,
    )


def _game_summaries(
    books: Books,
    site_id: str,
    lines: tuple[ShiftLine, ...],
    cash_profit: Amount,
    long_short: Amount,
    tournament: TournamentDay | None = None,
) -> tuple[GameSummary, ...]:
    games = [
        g
        for g in Game
        if any(line.game is g for line in lines)
        or (g is Game.TWENTY_ONE and tournament is not None)
    ]
    summaries: list[GameSummary] = []
    pw_profit: Amount = 0
    for game in games:
        gross = total(line.drop for line in lines if line.game is game)
        agp = total(line.win for line in lines if line.game is game)
        t_gross = t_agp = 0
        if game is Game.TWENTY_ONE and tournament is not None:
            # A twenty-one tournament's fees are twenty-one gross proceeds, its prizes
            # twenty-one prizes (-08-16.1.e, f, g).
            t_gross, t_agp = tournament.fees, tournament.adjusted_gross_proceeds
            gross = total((gross, t_gross))
            agp = total((agp, t_agp))
        prizes = minus(gross, agp)
        if game is Game.PADDLEWHEEL and len(games) > 1:
            # Combined cash bank: the paddlewheel is credited its ideal cash profit (its adjusted
            # gross proceeds) and the long or short goes to twenty-one (-16.4, 11-07.2.f).
            pw_profit = agp
            summaries.append(GameSummary(game, gross, prizes, agp, agp, 0))
        else:
            summaries.append(
                GameSummary(game, gross, prizes, agp, cash_profit, long_short, t_gross, t_agp)
            )
    if len(games) > 1:
        summaries = [
            GameSummary(
                s.game,
                s.gross_proceeds,
                s.prizes,
                s.adjusted_gross_proceeds,
                minus(cash_profit, pw_profit),
                long_short,
                s.tournament_gross,
                s.tournament_agp,
            )
            if s.game is Game.TWENTY_ONE
            else s
            for s in summaries
        ]
    return tuple(summaries)


def slips_by_table(record: DailyRecord) -> dict[int, tuple[int, int]]:
    """Fills and credits by table: table -> (fills, credits) in cents (-16.1.b)."""
    out: dict[int, tuple[int, int]] = {}
    for slip in record.slips:
        if isinstance(slip, ev.SlipIssued):
            fills, credits = out.get(slip.table, (0, 0))
            if slip.kind is SlipKind.FILL:
                fills += slip.grand_total
            else:
                credits += slip.grand_total
            out[slip.table] = (fills, credits)
    return out


def is_known(value: Amount) -> bool:
    return not isinstance(value, Unknown)
