"""The books' records as forms an auditor recognises: a title, the section that asks for it,
header fields, one or more tables, and notes. One builder per form."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from croupier.books.amounts import Amount, Unknown, show, show_percent, total
from croupier.books.daily import DailyRecord
from croupier.books.hold import HoldLine, hold_by_dealer
from croupier.books.quarterly import QuarterlyReport, day_ranges
from croupier.books.state import Books
from croupier.core.money import format_money
from croupier.reports.game_forms import (
    collector_time_table,
    half_hour_table,
    poker_summary_table,
    series_table,
    ticket_cards_table,
    tournament21_table,
    tournament_fee_table,
)
from croupier.reports.labels import org_label, site_label, sites_label, span
from croupier.reports.model import Form, FormPerson, FormTable
from croupier.reports.people import People, day_people, poker_people, quarter_people
from croupier.reports.registers import count_form, slips_form

__all__ = [
    "Form",
    "FormPerson",
    "FormTable",
    "count_form",
    "daily_form",
    "hold_form",
    "poker_form",
    "quarterly_form",
    "slips_form",
]


def _m(value: Amount) -> str:
    return show(value)


def _pct(value: Fraction | Unknown) -> str:
    return show_percent(value)


def daily_form(books: Books, record: DailyRecord) -> Form:
    """Daily summary (99-01.3-08-16.1, 99-01.3-11-07.2, .3)."""
    fields = (
        ("Status", "closed" if record.closed else "OPEN (values depending on it are unknown)"),
        ("Starting cash bank", format_money(record.starting_cash_bank)),
        ("Ending cash bank (counted)", _m(record.ending_cash_bank)),
        ("Ideal ending cash bank", format_money(record.ideal_ending_cash_bank)),
        (
            "IOUs outstanding at start / end",
            f"{format_money(record.starting_ious)} / {_m(record.ending_ious)}",
        ),
        (
            "Starting / ending chip bank",
            f"{format_money(record.starting_chip_bank)} / {_m(record.ending_chip_bank)}",
        ),
        ("Chip bank over (short)", _m(record.chip_bank_variance)),
        ("Cash bank fundings during the day", format_money(record.cash_bank_fundings)),
        (
            "Chip redemptions / dealer tip redemptions",
            f"{format_money(record.chip_redemptions)} / {format_money(record.tip_redemptions)}",
        ),
    )
    shifts = FormTable(
        "Drop box cash, fills and credits by table and shift",
        (
            "Table",
            "Game",
            "Shift",
            "Dealer",
            "Opening tray",
            "Fills",
            "Credits",
            "Closing tray",
            "Tray over (short)",
            "Drop box cash",
            "Win",
        ),
        tuple(
            (
                str(s.table),
                s.game.value,
                str(s.shift),
                s.dealer_id,
                format_money(s.opening_tray),
                format_money(s.fills),
                format_money(s.credits),
                _m(s.closing_tray),
                _m(s.tray_variance),
                _m(s.drop),
                _m(s.win),
            )
            for s in record.shifts
        ),
    )
    summary = FormTable(
        "Summary",
        (
            "Game",
            "Gross proceeds",
            "Prizes",
            "Adjusted gross proceeds",
            "Cash profit",
            "Cash long (short)",
        ),
        (
            *tuple(
                (
                    g.game.value,
                    _m(g.gross_proceeds),
                    _m(g.prizes),
                    _m(g.adjusted_gross_proceeds),
                    _m(g.cash_profit),
                    _m(g.cash_long_short),
                )
                for g in record.games
            ),
            *_ticket_summary(record),
            (
                "All",
                _m(_all_gross(record)),
                "",
                "",
                _m(record.cash_profit),
                _m(record.cash_long_short),
            ),
        ),
    )
    deposit = FormTable("Bank deposit", ("Deposited",), ((format_money(record.bank_deposit),),))
    reviews = FormTable(
        "Daily surveillance review log (99-01.3-08-04.6)",
        ("Table", "Recording clear", "Reviewer", "Time", "Note"),
        tuple(
            (str(r.table), "yes" if r.working else "NO", r.reviewer_id, r.at, r.note)
            for r in record.reviews
        ),
    )
    return Form(
        "Daily summary",
        "99-01.3-08-16.1",
        fields,
        (shifts, summary, deposit, reviews, *_ticket_tables(books, record)),
        (
            "Win = drop box cash + credits - fills + closing tray - opening tray; prizes = gross "
            "proceeds - adjusted gross proceeds; see docs/accounting.md.",
        ),
        organization=org_label(books),
        site=site_label(books, record.site_id),
        period=f"gaming day {record.day}",
        people=day_people(books, record.site_id, record.day).build(),
    )


def _all_gross(record: DailyRecord) -> Amount:
    """The day's gross proceeds of every game: the tables' drop, twenty-one tournament fees and
    paddlewheel ticket cards."""
    tickets = record.tickets.gross_proceeds if record.tickets is not None else 0
    return total((*(g.gross_proceeds for g in record.games), tickets))


def _ticket_summary(record: DailyRecord) -> tuple[tuple[str, ...], ...]:
    """The ticket-card line of the summary (99-01.3-11-07.3.b): its cash passed through the
    cash bank, so the "All" line's cash profit includes it."""
    t = record.tickets
    if t is None:
        return ()
    return (
        (
            "PW tickets",
            format_money(t.gross_proceeds),
            format_money(t.prizes),
            format_money(t.adjusted_gross_proceeds),
            _m(t.cash_profit),
            _m(t.cash_long_short),
        ),
    )


def _ticket_tables(books: Books, record: DailyRecord) -> tuple[FormTable, ...]:
    tables = (
        ticket_cards_table(books, record.site_id, record.day),
        tournament21_table(books, record.site_id, record.day),
    )
    return tuple(t for t in tables if t.rows)


def quarterly_form(report: QuarterlyReport, books: Books | None = None) -> Form:
    """Quarterly summary and compliance findings; with ``books``, also the paddlewheel ticket
    series first played and the poker occasions begun in the quarter (11-07.3.b, 09-07.1.f)."""
    extra: tuple[FormTable, ...] = ()
    if books is not None:
        q = report.quarter
        extra = tuple(t for t in (series_table(books, q), poker_summary_table(books, q)) if t.rows)
    games = FormTable(
        "Summary by site and game",
        (
            "Site",
            "Game",
            "Site days",
            "Table-days",
            "Gross proceeds",
            "Prizes",
            "Adjusted gross proceeds",
            "Cash profit",
            "Cash long (short)",
            "Percent-of-hold",
        ),
        tuple(
            (
                g.site_id,
                g.game.value,
                str(g.days),
                str(g.table_days),
                _m(g.gross_proceeds),
                _m(g.prizes),
                _m(g.adjusted_gross_proceeds),
                _m(g.cash_profit),
                _m(g.cash_long_short),
                _pct(g.hold),
            )
            for g in report.games
        ),
    )
    days = FormTable(
        "Daily records",
        ("Site", "Date", "Drop box cash", "Cash profit", "Cash long (short)", "Deposit"),
        tuple(
            (
                d.site_id,
                d.day,
                _m(d.drop),
                _m(d.cash_profit),
                _m(d.cash_long_short),
                format_money(d.bank_deposit),
            )
            for d in report.days
        ),
    )
    findings = FormTable(
        "Compliance findings",
        ("Section", "Site", "Finding", "Deadline"),
        tuple((f.section, f.site_id, f.message, f.deadline) for f in report.findings),
    )
    prior = FormTable(
        "Corrections recorded this quarter to earlier quarters (99-01.3-08-16)",
        (
            "Recorded",
            "Entry corrected",
            "Its day",
            "Site",
            "Corrected amount",
            "Difference",
            "Carried by",
            "Reason",
            "By",
        ),
        tuple(
            (
                c.at[:16].replace("T", " "),
                str(c.corrects_entry),
                c.corrected_day or "",
                c.site_id or "",
                format_money(c.cents),
                format_money(c.difference),
                "this quarter (its quarter was closed)" if c.of_closed_quarter else "its quarter",
                c.reason,
                c.by_id,
            )
            for c in report.prior_corrections
        ),
    )
    sites = FormTable(
        "Bank deposits by site",
        ("Site", "Days", "Bank deposits"),
        tuple((s.site_id, str(s.days), format_money(s.bank_deposit)) for s in report.sites),
    )
    q = report.quarter
    coverage, notes = _coverage(report)
    tax_tables, tax_notes = _tax(report)
    notes = (*notes, *tax_notes)
    return Form(
        f"Quarterly summary {q}",
        "99-01.3-08-16.1.g",
        (
            ("Days with a daily record", _days_recorded(report)),
            (
                "Records",
                f"closed {report.closed.at[:10]} ({report.closed.reason}) by {report.closed.by_id}"
                if report.closed is not None
                else "open: close them once the report is produced (croupier books close-quarter)",
            ),
        ),
        (
            games,
            sites,
            *tax_tables,
            *((prior,) if prior.rows else ()),
            *coverage,
            *extra,
            findings,
            days,
        ),
        notes,
        organization=org_label(books) if books is not None else "",
        site=sites_label(books, (c.site_id for c in report.coverage)) if books else "",
        period=f"{q}: {q.first_day} to {q.last_day}",
        people=quarter_people(books, ((d.site_id, d.day) for d in report.days)).build()
        if books is not None
        else (),
    )


def _tax(report: QuarterlyReport) -> tuple[tuple[FormTable, ...], tuple[str, ...]]:
    """The figures of the quarter's tax return (NDCC 53-06.1-12): each activity's adjusted
    gross proceeds, the total, its reconciliation with the daily records and the tax."""
    t = report.tax
    if t is None:
        return (), ()
    rows = [(x.site_id, x.activity, _m(x.adjusted_gross_proceeds)) for x in t.lines]
    rows.append(("", "Total adjusted gross proceeds", _m(t.adjusted_gross_proceeds)))
    rows.append(("", "The same summed from the daily records", _m(t.daily_records_total)))
    if t.schedule is not None:
        brackets = "; ".join(
            f"over {format_money(b.over)}: {format_money(b.base)} + {float(b.rate) * 100:g}%"
            for b in t.schedule.brackets
        )
        basis = f"{t.schedule.source}, schedule effective {t.schedule.effective_from} ({brackets})"
    else:
        basis = "no tax schedule in force for the quarter"
    rows.append(("", f"Gaming tax ({basis})", _m(t.tax)))
    notes = [
        "The gaming tax is on the organization's total adjusted gross proceeds for the quarter: "
        "add the games of chance kept outside these books before filing the return."
    ]
    if not t.reconciled:
        notes.append(
            "The adjusted gross proceeds by game and the sum of the daily records disagree: "
            "find the difference before filing."
        )
    table = FormTable(
        "Tax return figures (NDCC 53-06.1-12)",
        ("Site", "Activity", "Adjusted gross proceeds"),
        tuple(rows),
    )
    return (table,), tuple(notes)


def _days_recorded(report: QuarterlyReport) -> str:
    parts = []
    for c in report.coverage:
        looked = len(c.recorded) + len(c.without)
        through = "" if c.through is None else f" through {c.through}"
        parts.append(f"{c.site_id}: {len(c.recorded)} of {looked} days{through}")
    return "; ".join(parts) or "no sites"


def _coverage(report: QuarterlyReport) -> tuple[tuple[FormTable, ...], tuple[str, ...]]:
    """The days of the quarter without a daily record, by site, and what that means for the
    totals: they cover only the days with records (99-01.3-08-16.1)."""
    missing = report.days_without_records
    notes: list[str] = []
    q = report.quarter
    through = {c.through for c in report.coverage}
    if through and through != {q.last_day.isoformat()}:
        last = max((t for t in through if t is not None), default=None)
        notes.append(
            f"The quarter is not over: days after {last or q.first_day} are not looked at."
            if last
            else "The quarter has not begun."
        )
    if not missing:
        return (), tuple(notes)
    notes.insert(
        0,
        "WARNING: the totals above cover only the days with a daily record; "
        + "; ".join(f"{c.site_id} has no record for {len(c.without)} days" for c in missing)
        + ". Confirm that no gaming activity took place on them, or enter their records.",
    )
    table = FormTable(
        "Days of the quarter without a daily record",
        ("Site", "Days with a record", "Days without a record", "Which days"),
        tuple(
            (c.site_id, str(len(c.recorded)), str(len(c.without)), day_ranges(c.without))
            for c in missing
        ),
    )
    return (table,), tuple(notes)


def poker_form(books: Books) -> Form:
    """Poker occasions: half-hour fees by table with the collecting employee (99-01.3-09-07.1.b)
    and one summary per tournament, never combined (99-01.3-09-01)."""

    fees = FormTable(
        "Nontournament fees by table and one-half hour",
        ("Occasion", "Table", "Half hour from", "Player", "Fee", "Collected by", "Collected at"),
        tuple(
            (
                occ_id,
                str(f.table),
                f.period_start,
                f.player,
                format_money(f.cents),
                f.collected_by,
                f.collected_at,
            )
            for occ_id, occ in sorted(books.poker.occasions.items())
            for f in occ.half_hour_fees
        ),
    )
    summaries = poker_summary_table(books)
    counted = FormTable(
        "Cash on hand and chips, starting and ending (99-01.3-09-07.1.a)",
        ("Occasion", "Tournament", "Counted", "Cash", "Chips", "Counted by", "At"),
        tuple(
            (
                occ_id,
                tid or "nontournament",
                c.moment,
                format_money(c.cash),
                format_money(c.chips),
                c.by,
                c.at,
            )
            for occ_id, occ in sorted(books.poker.occasions.items())
            for tid, hand in sorted(occ.cash.items(), key=lambda item: item[0] or "")
            for c in (hand.start, hand.end)
            if c is not None
        ),
    )
    occasions = books.poker.occasions.values()
    return Form(
        "Poker occasions",
        "99-01.3-09-07",
        (),
        (
            summaries,
            counted,
            half_hour_table(books),
            fees,
            collector_time_table(books),
            tournament_fee_table(books),
        ),
        organization=org_label(books),
        site=sites_label(books, (s for o in occasions for s in o.opened.sites))
        if any(o.opened.sites for o in occasions)
        else "the sites of each occasion",
        period=span([d for o in occasions for d in (o.opened.first_day, o.opened.last_day)]),
        people=poker_people(books).build(),
    )


def hold_form(
    lines: list[HoldLine], start: date | None, end: date | None, books: Books | None = None
) -> Form:
    """Percent-of-hold by dealer and wheel operator (99-01.3-08-04.7); with ``books``, the
    organization, the sites and the dealers by name."""
    detail = FormTable(
        "By shift",
        (
            "Dealer",
            "Date",
            "Site",
            "Table",
            "Shift",
            "Game",
            "Gross proceeds",
            "Adjusted gross proceeds",
            "Percent-of-hold",
        ),
        tuple(
            (
                h.dealer_id,
                h.day,
                h.site_id,
                str(h.table),
                str(h.shift),
                h.game.value,
                _m(h.gross_proceeds),
                _m(h.adjusted_gross_proceeds),
                _pct(h.hold),
            )
            for h in lines
        ),
    )
    totals = FormTable(
        "By dealer, every site worked",
        (
            "Dealer",
            "Game",
            "Shifts",
            "Gross proceeds",
            "Adjusted gross proceeds",
            "Percent-of-hold",
        ),
        tuple(
            (
                t.dealer_id,
                t.game.value,
                str(t.shifts),
                _m(t.gross_proceeds),
                _m(t.adjusted_gross_proceeds),
                _pct(t.hold),
            )
            for t in hold_by_dealer(lines)
        ),
    )
    days = sorted(h.day for h in lines)
    first = start.isoformat() if start else (days[0] if days else "the first shift")
    last = end.isoformat() if end else (days[-1] if days else "the last shift")
    people: tuple[FormPerson, ...] = ()
    if books is not None:
        named = People(books)
        named.gaming_managers()
        for t in hold_by_dealer(lines):
            named.add(t.dealer_id, "dealer or operator", f"{t.game.value}: {t.shifts} shifts")
        people = named.build()
    return Form(
        "Dealer and wheel operator percent-of-hold",
        "99-01.3-08-04.7",
        (),
        (totals, detail),
        ("Percent-of-hold = adjusted gross proceeds / gross proceeds (99-01.3-08-01.3).",),
        tuple(lines),
        organization=org_label(books) if books is not None else "",
        site=sites_label(books, (h.site_id for h in lines)) if books is not None else "",
        period=f"{first} to {last}",
        people=people,
    )
