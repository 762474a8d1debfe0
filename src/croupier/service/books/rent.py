"""Table rent (99-01.3-08-01): recording the rent paid for a table and a month, and the
quarterly report's finding when a month's rent exceeds what the table's usage allows.

The usage of the four quarters before the licensing year (July 1 to June 30) is counted from
the tables' shift openings alone, read by type (``ShiftStarted``: a table used on a day once,
whatever its shifts), so the finding does not replay a year of entries. A wager over $5 on a
table in those quarters or in the licensing year so far raises its monthly ceiling to $300.
Only twenty-one tables are rented under -01; the lowest-numbered is the first table.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from croupier.books.events import RentPaid, ShiftStarted
from croupier.books.model import Game
from croupier.books.quarterly import Finding, QuarterlyReport, overdue
from croupier.books.quarters import Quarter
from croupier.books.rent import (
    HIGH_WAGER_THRESHOLD,
    SECTION,
    licensing_year_start,
    previous_four,
    rent_overpaid,
    schedule_from_uses,
)
from croupier.books.state import Books
from croupier.core.money import format_money
from croupier.service.books.input import amount
from croupier.service.books.service import Request

if TYPE_CHECKING:
    from croupier.service.books.service import BooksService


def pay_rent(site: str, table: int, month: str, typed: str, by: str) -> Request:
    """Record the rent paid for ``table`` for ``month`` (YYYY-MM)."""
    from croupier.books.rent import pay_rent as build

    cents = amount(typed, "the rent paid")
    return Request(
        f"{site} table {table} rent for {month}: {format_money(cents)}",
        lambda b, when: build(b, site, table, month, cents, by, when),
        site=site,
    )


def rent_findings(svc: BooksService, books: Books, quarter: Quarter) -> list[Finding]:
    """A finding for each table's month of ``quarter`` whose rent exceeds the allowable."""
    paid = [s.event for s in svc.store.read_types(svc.stream, (RentPaid.TYPE,))]
    rents = [p for p in paid if isinstance(p, RentPaid)]
    if not rents:
        return []
    start = licensing_year_start(quarter)
    previous = previous_four(start)
    first, last = previous[0].first_day, quarter.last_day
    days: dict[tuple[str, Quarter], dict[int, set[str]]] = {}
    high: dict[tuple[str, int], bool] = {}
    for stored in svc.store.read_types(svc.stream, (ShiftStarted.TYPE,)):
        e = stored.event
        if not isinstance(e, ShiftStarted):
            continue
        day = date.fromisoformat(e.day)
        if not first <= day <= last:
            continue
        q = Quarter.of(day)
        if q in previous:
            days.setdefault((e.site_id, q), {}).setdefault(e.table, set()).add(e.day)
        if e.max_wager > HIGH_WAGER_THRESHOLD:
            high[(e.site_id, e.table)] = True
    uses_of: dict[tuple[str, Quarter], dict[int, int]] = {
        key: {t: len(d) for t, d in tables.items()} for key, tables in days.items()
    }
    for (site_id, text), prior in books.prior.items():  # quarters before these books began
        q = Quarter.parse(text)
        if not previous[0] <= q <= quarter:
            continue
        if q in previous:  # the audited counts; the books hold no shift of that quarter
            uses_of[(site_id, q)] = {d.table: d.days for d in prior.table_days}
        for table in prior.over_five:
            high[(site_id, table)] = True
    out: list[Finding] = []
    for site_id in sorted({r.site_id for r in rents}):
        tables = sorted(
            n for (s, n), t in books.tables.items() if s == site_id and t.game is Game.TWENTY_ONE
        )
        uses = {q: uses_of.get((site_id, q), {}) for q in previous}
        over = {t: high.get((site_id, t), False) for t in tables}
        lines = schedule_from_uses(tables, previous, uses, over)
        for o in rent_overpaid(site_id, lines, rents, quarter):
            used = ", ".join(f"{q} {n}" for q, n in o.line.uses_by_quarter)
            out.append(
                Finding(
                    SECTION,
                    site_id,
                    f"table {o.table}: rent for {o.month} {format_money(o.paid)} exceeds the "
                    f"allowable {format_money(o.allowed)} a month ("
                    + ("first table" if not o.line.additional else "additional table")
                    + f"; days of use in the previous four quarters: {used}; "
                    f"{o.line.qualifying_quarters} of 4 with thirteen or more)",
                    overdue(o.month),
                )
            )
    return out


def with_rent_findings(svc: BooksService, report: QuarterlyReport, books: Books) -> QuarterlyReport:
    found = rent_findings(svc, books, report.quarter)
    return replace(report, findings=(*report.findings, *found)) if found else report
