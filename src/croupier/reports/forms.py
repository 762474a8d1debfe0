"""The books' records as forms an auditor recognises: a title, the section that asks for it,
header fields, one or more tables, and notes. One builder per form."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from croupier.books import events as ev
from croupier.books.amounts import Amount, Unknown, show, show_percent
from croupier.books.daily import DailyRecord
from croupier.books.hold import HoldLine, hold_by_dealer
from croupier.books.model import SlipKind
from croupier.books.quarterly import QuarterlyReport
from croupier.books.slips import slip_register, where_parts_go
from croupier.books.state import Books
from croupier.core.money import format_money


@dataclass(frozen=True, slots=True)
class FormTable:
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Form:
    """One record laid out for printing."""

    title: str
    section: str
    fields: tuple[tuple[str, str], ...]
    tables: tuple[FormTable, ...]
    notes: tuple[str, ...] = ()
    hold_lines: tuple[HoldLine, ...] = field(default=())
    signatures: tuple[str, ...] = ("Prepared by", "Reviewed by")
    """Signature lines printed at the end (name, signature or initials, date)."""


def _m(value: Amount) -> str:
    return show(value)


def _pct(value: Fraction | Unknown) -> str:
    return show_percent(value)


def daily_form(books: Books, record: DailyRecord) -> Form:
    """Daily summary (99-01.3-08-16.1, 99-01.3-11-07.2, .3)."""
    site = books.sites[record.site_id].site
    fields = (
        ("Organization", books.org_name),
        ("Site", f"{site.site_id} {site.name}"),
        ("Date", record.day),
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
            ("All", _m(record.drop), "", "", _m(record.cash_profit), _m(record.cash_long_short)),
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
    )


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
    from croupier.reports.game_forms import ticket_cards_table

    table = ticket_cards_table(books, record.site_id, record.day)
    return (table,) if table.rows else ()


def quarterly_form(report: QuarterlyReport, books: Books | None = None) -> Form:
    """Quarterly summary and compliance findings; with ``books``, also the paddlewheel ticket
    series first played and the poker occasions begun in the quarter (11-07.3.b, 09-07.1.f)."""
    extra: tuple[FormTable, ...] = ()
    if books is not None:
        from croupier.reports.game_forms import poker_quarter_table, series_table

        q = report.quarter
        extra = tuple(t for t in (series_table(books, q), poker_quarter_table(books, q)) if t.rows)
    games = FormTable(
        "Summary by site and game",
        (
            "Site",
            "Game",
            "Days",
            "Gross proceeds",
            "Prizes",
            "Adjusted gross proceeds",
            "Cash profit",
            "Cash long (short)",
            "Bank deposits",
            "Percent-of-hold",
        ),
        tuple(
            (
                g.site_id,
                g.game.value,
                str(g.days),
                _m(g.gross_proceeds),
                _m(g.prizes),
                _m(g.adjusted_gross_proceeds),
                _m(g.cash_profit),
                _m(g.cash_long_short),
                format_money(g.bank_deposit),
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
        tuple((f.section, f.site_id, f.message, f.deadline or "") for f in report.findings),
    )
    return Form(
        f"Quarterly summary {report.quarter}",
        "99-01.3-08-16.1.g",
        (("Quarter", f"{report.quarter.first_day} to {report.quarter.last_day}"),),
        (games, *extra, findings, days),
    )


def poker_form(books: Books) -> Form:
    """Poker occasions: half-hour fees by table with the collecting employee (99-01.3-09-07.1.b)
    and one summary per tournament, never combined (99-01.3-09-01)."""
    from croupier.books.poker import poker_summaries

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
    summaries = FormTable(
        "Summary",
        ("Occasion", "Tournament", "Gross proceeds", "Prizes", "Adjusted gross proceeds"),
        tuple(
            (
                s.occasion_id,
                s.tournament_id or "nontournament",
                format_money(s.gross_proceeds),
                format_money(s.prizes),
                format_money(s.adjusted_gross_proceeds),
            )
            for s in poker_summaries(books.poker)
        ),
    )
    from croupier.reports.game_forms import collector_time_table, half_hour_table

    return Form(
        "Poker occasions",
        "99-01.3-09-07",
        (("Organization", books.org_name),),
        (summaries, half_hour_table(books), fees, collector_time_table(books)),
    )


def hold_form(lines: list[HoldLine], start: date | None, end: date | None) -> Form:
    """Percent-of-hold by dealer and wheel operator (99-01.3-08-04.7)."""
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
    period = f"{start or 'first'} to {end or 'last'}"
    return Form(
        "Dealer and wheel operator percent-of-hold",
        "99-01.3-08-04.7",
        (("Period", period),),
        (totals, detail),
        ("Percent-of-hold = adjusted gross proceeds / gross proceeds (99-01.3-08-01.3).",),
        tuple(lines),
    )


def count_form(books: Books, site_id: str, day: str) -> Form:
    """Drop box count documentation (99-01.3-08-14)."""
    rows: list[tuple[str, ...]] = []
    for key, rec in sorted(books.shifts.items()):
        if key[0] != site_id or key[1] != day:
            continue
        cnt = rec.count
        if cnt is None:
            rows.append((str(key[2]), str(key[3]), "not counted", "", "", "", "", "", "", ""))
            continue
        corrected = rec.counted_cash
        rows.append(
            (
                str(key[2]),
                str(key[3]),
                cnt.count_day,
                f"{cnt.member_a} / {cnt.member_b}",
                cnt.key_holder + (f" / {cnt.second_key_holder}" if cnt.second_key_holder else ""),
                format_money(cnt.first_count),
                format_money(cnt.second_count),
                format_money(cnt.resolved)
                + (
                    f" (corrected {format_money(corrected)})"
                    if corrected != cnt.resolved and corrected is not None
                    else ""
                ),
                cnt.resolution,
                f"{cnt.initials_a} {cnt.initials_b} {cnt.count_day}",
            )
        )
    table = FormTable(
        "Drop box cash count",
        (
            "Table",
            "Shift",
            "Count date",
            "Count team",
            "Keys",
            "First count",
            "Second count",
            "Resolved",
            "Difference resolved by",
            "Initials and date",
        ),
        tuple(rows),
    )
    return Form(
        "Drop box cash count", "99-01.3-08-14", (("Site", site_id), ("Date", day)), (table,)
    )


def slips_form(books: Books, kind: SlipKind) -> Form:
    """The register of a slip series: every number accounted for (99-01.3-08-05.2)."""
    original, copy = where_parts_go(kind)
    rows: list[tuple[str, ...]] = []
    for line in slip_register(books, kind):
        e = line.entry
        if isinstance(e, ev.SlipIssued):
            detail = ", ".join(
                f"{x.quantity} x ${x.token.value} = {format_money(x.value)}" for x in e.chips
            )
            rows.append(
                (
                    str(line.number),
                    line.status,
                    e.game.value,
                    e.site_id,
                    e.at,
                    str(e.table),
                    detail,
                    format_money(e.grand_total),
                    e.preparer_id,
                    e.verifier_id or "",
                    e.cashier_id,
                    e.dealer_id,
                )
            )
        elif isinstance(e, ev.SlipVoided):
            rows.append(
                (
                    str(line.number),
                    "VOID",
                    "",
                    e.site_id,
                    e.at,
                    "",
                    "",
                    "",
                    e.preparer_id,
                    "",
                    e.preparer_initials,
                    "",
                )
            )
        else:
            rows.append((str(line.number), "MISSING", "", "", "", "", "", "", "", "", "", ""))
    table = FormTable(
        f"{kind.value.capitalize()} slips",
        (
            "Number",
            "Status",
            "Ref",
            "Site",
            "Date and time",
            "Table",
            "Chips by value",
            "Grand total",
            "Prepared",
            "Verified",
            "Cashier",
            "Dealer/operator",
        ),
        tuple(rows),
    )
    return Form(
        f"{kind.value.capitalize()} slip register",
        "99-01.3-08-05",
        (("Original", original), ("Copy", copy)),
        (table,),
    )
