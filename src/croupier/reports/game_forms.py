"""Poker and paddlewheel ticket series parts of the records: the per-card ticket record
(99-01.3-11-07.1.b), the per-series summary (11-07.3.b) and the poker summaries of a quarter
(99-01.3-09-07.1.f)."""

from __future__ import annotations

from datetime import date

from croupier.books.amounts import show
from croupier.books.poker import (
    PokerSummary,
    collector_times,
    half_hour_lines,
    poker_summaries,
)
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.books.tickets import SeriesSummary, series_summary
from croupier.core.money import format_money
from croupier.reports.labels import org_label, site_label, span
from croupier.reports.model import Form, FormTable
from croupier.reports.people import People


def _prizes_text(books: Books, series_id: str, card: int, day: str | None) -> str:
    prizes = books.tickets.series[series_id].cards[card].prizes
    parts = [
        format_money(p.cash)
        if p.cash
        else f"{p.description} (cost {format_money(p.merchandise_cost)})"
        for p in prizes
        if day is None or p.day == day
    ]
    return "; ".join(parts)


def ticket_cards_table(books: Books, site_id: str, day: str | None = None) -> FormTable:
    """Each ticket card with activity (on ``day``, or ever): date, card number, tickets sold,
    gross proceeds, winning numbers, prizes (99-01.3-11-07.1.b.1)."""
    rows: list[tuple[str, ...]] = []
    for sid, series in sorted(books.tickets.series.items()):
        if series.registered.site_id != site_id:
            continue
        price = series.registered.price
        for number, card in sorted(series.cards.items()):
            if not card.days or (day is not None and day not in card.days):
                continue
            status = "refunded" if card.refunded else "spun" if card.spins else "selling"
            rows.append(
                (
                    sid,
                    ", ".join(sorted(card.days)),
                    str(number),
                    f"{card.sold}/{series.registered.tickets_per_card}",
                    status,
                    format_money(0 if card.refunded else card.sold * price),
                    ", ".join(s.winning_number for s in card.spins),
                    _prizes_text(books, sid, number, day),
                )
            )
    return FormTable(
        "Paddlewheel ticket cards (99-01.3-11-07.1.b)",
        ("Series", "Date", "Card", "Sold", "Status", "Gross", "Winner", "Prizes"),
        tuple(rows),
    )


def tournament21_table(books: Books, site_id: str, day: str) -> FormTable:
    """The day's twenty-one tournament fees and prizes (99-01.3-08-16.1.e, f): each fee with
    the player's name, what it paid for, and the initials of the employee who collected it;
    each prize with its cash or its merchandise's description and cost; tournament by
    tournament, never combined."""
    rows: list[tuple[str, ...]] = []
    for tid, t in sorted(books.t21_tournaments.tournaments.items()):
        if t.registered.site_id != site_id:
            continue
        for n, f in enumerate(t.fees, start=1):
            if f.day != day:
                continue
            void = t.voided.get(n)
            who = books.employees.get(f.collected_by)
            initials = who.initials if who is not None else f.collected_by
            rows.append(
                (
                    tid,
                    f.player,
                    f.name,
                    f.kind.value if void is None else f"{f.kind.value} VOID ({void.reason})",
                    format_money(f.cents),
                    initials,
                    f.played_at or f.at,
                )
            )
        for p in t.prizes:
            if p.day != day:
                continue
            what = (
                f"cash prize {format_money(p.cash)}"
                if p.cash
                else f"merchandise prize at cost {format_money(p.merchandise_cost)}"
            )
            rows.append(
                (
                    tid,
                    p.player,
                    t.names.get(p.player, ""),
                    "prize",
                    what,
                    p.description,
                    p.played_at or p.at,
                )
            )
    return FormTable(
        "Twenty-one tournament fees and prizes (99-01.3-08-16.1.e, f)",
        ("Tournament", "Player", "Name", "Kind", "Amount", "Collected by / description", "Time"),
        tuple(rows),
    )


SUMMARY_COLUMNS = (
    "Gross proceeds",
    "Prizes",
    "Adjusted gross proceeds",
    "Cash profit",
    "Cash long or short",
    "Bank deposit",
)
"""The figures of a game's summary that -07.3.b (paddlewheels) and -07.1.f (poker) both ask."""


def _summary_cells(s: SeriesSummary | PokerSummary) -> tuple[str, ...]:
    """A summary's ``SUMMARY_COLUMNS``: amounts in dollars, an unknown one with its reason."""
    return (
        format_money(s.gross_proceeds),
        format_money(s.prizes),
        format_money(s.adjusted_gross_proceeds),
        show(s.cash_profit),
        show(s.cash_long_short),
        format_money(s.bank_deposit),
    )


def series_table(books: Books, quarter: Quarter | None = None) -> FormTable:
    """The per-series summary, in the quarter the series was first played (11-07.3.b, 11-02.5)."""
    rows: list[tuple[str, ...]] = []
    for sid, series in sorted(books.tickets.series.items()):
        s = series_summary(books, sid)
        if quarter is not None and s.quarter != str(quarter):
            continue
        unsold = len(s.unsold_cards)
        rows.append(
            (
                sid,
                series.registered.site_id,
                series.registered.stamp_number,
                s.quarter or "not played",
                str(len(s.cards_played)),
                str(unsold),
                *_summary_cells(s),
            )
        )
    return FormTable(
        "Paddlewheel ticket series summary (99-01.3-11-07.3.b)",
        (
            "Series",
            "Site",
            "Stamp",
            "Quarter",
            "Cards played",
            "Unsold cards kept",
            *SUMMARY_COLUMNS,
        ),
        tuple(rows),
    )


def poker_summary_table(books: Books, quarter: Quarter | None = None) -> FormTable:
    """Poker summaries, one per tournament and one for nontournament play, never combined
    (99-01.3-09-07.1.f, 09-01): of the occasions that began in ``quarter``, or of all."""
    rows = tuple(
        (
            s.occasion_id,
            s.tournament_id or "nontournament",
            *_summary_cells(s),
        )
        for s in poker_summaries(books.poker)
        if quarter is None
        or quarter.contains(
            date.fromisoformat(books.poker.occasions[s.occasion_id].opened.first_day)
        )
    )
    return FormTable(
        "Poker summary (99-01.3-09-07.1.f)",
        (
            "Occasion",
            "Tournament",
            *SUMMARY_COLUMNS,
        ),
        rows,
    )


def tournament_fee_table(books: Books) -> FormTable:
    """Every tournament fee (entry, rebuy, add-on, bounty) with its player's name and address,
    the collector and the date (99-01.3-09-07.1.c); a buy-in prize redeemed as an entry is
    listed as such (-03.4.d)."""
    from croupier.books.poker_ledger import PokerBuyInRedeemed, PokerTournamentFee

    rows: list[tuple[str, ...]] = []
    for e in books.poker.events:
        if not isinstance(e, PokerTournamentFee | PokerBuyInRedeemed):
            continue
        occ = books.poker.occasions[e.occasion_id]
        name, address = occ.players.get(e.player, ("", ""))
        kind = (
            e.kind.value
            if isinstance(e, PokerTournamentFee)
            else f"buy-in {e.receipt} ({e.satellite_id})"
        )
        rows.append(
            (
                e.occasion_id,
                e.tournament_id,
                e.player,
                name or "not recorded",
                address or "not recorded",
                kind,
                format_money(e.cents),
                e.collected_by,
                e.at,
            )
        )
    return FormTable(
        "Tournament fees (99-01.3-09-07.1.c)",
        (
            "Occasion",
            "Tournament",
            "Player",
            "Name",
            "Address",
            "Kind",
            "Fee",
            "Collected by",
            "Date",
        ),
        tuple(rows),
    )


def series_form(books: Books, series_id: str) -> Form:
    """One series of ticket cards: the master flare, every card with activity, the unsold cards
    retained, and the summary (99-01.3-11-07.1.b, .3.b; 11-02.5)."""
    series = books.tickets.series[series_id]
    r = series.registered
    s = series_summary(books, series_id)
    unsold = FormTable(
        "Unsold ticket cards retained (99-01.3-11-02.5)",
        ("Card",),
        tuple((str(n),) for n in s.unsold_cards),
    )
    summary = series_table(books)
    days = sorted({d for card in series.cards.values() for d in card.days})
    people = People(books)
    people.gaming_managers()
    for day in days:
        rec = books.days.get((r.site_id, day))
        if rec is not None:
            people.add(rec.opened.opened_by, "opened the gaming day", day)
            for emp_id in rec.opened.on_duty:
                people.add(emp_id, "on duty", day)
    return Form(
        f"Paddlewheel ticket series {series_id}",
        "99-01.3-11-07.1",
        (
            ("Master flare stamp", r.stamp_number),
            ("Cards", f"{r.first_card} to {r.last_card}, {r.tickets_per_card} tickets each"),
            ("Price per ticket", format_money(r.price)),
            ("Reported in", s.quarter or "not yet played"),
        ),
        (
            FormTable(
                summary.title,
                summary.columns,
                tuple(row for row in summary.rows if row[0] == series_id),
            ),
            ticket_cards_table(books, r.site_id),
            unsold,
        ),
        (
            "Winning tickets and unsold cards are kept one year from the end of the quarter "
            "reported (99-01.3-11-07.1.b.2); the rest three years.",
        ),
        organization=org_label(books),
        site=site_label(books, r.site_id),
        period=span(days, "no card sold yet"),
        people=people.build(),
    )


def half_hour_table(books: Books) -> FormTable:
    """Nontournament fees per table and one-half hour with the number of players and the
    collecting employees (99-01.3-09-07.1.b)."""
    return FormTable(
        "Players and fees by table and one-half hour",
        ("Occasion", "Site", "Table", "Half hour from", "Players", "Fees", "Collected by"),
        tuple(
            (
                line.occasion_id,
                line.site_id or "",
                str(line.table),
                line.period_start,
                str(line.players),
                format_money(line.fees),
                ", ".join(line.collected_by),
            )
            for line in half_hour_lines(books.poker)
        ),
    )


def collector_time_table(books: Books) -> FormTable:
    """The time worked of each employee who collected fees (99-01.3-09-07.1.b); a fee collected
    outside any recorded time worked is listed."""
    return FormTable(
        "Time worked of the employees who collected fees",
        (
            "Occasion",
            "Employee",
            "Time worked",
            "Minutes",
            "Fees collected",
            "Collected outside time worked",
        ),
        tuple(
            (
                c.occasion_id,
                c.employee_id,
                "; ".join(f"{a} to {b}" for a, b in c.periods) or "NOT RECORDED",
                str(c.minutes_worked),
                str(c.fees_collected),
                ", ".join(c.collected_outside_time_worked),
            )
            for c in collector_times(books.poker)
        ),
    )
