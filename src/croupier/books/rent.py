"""Monthly table rent for additional twenty-one tables (99-01.3-08-01).

Each additional table must be used at least thirteen times a quarter, judged over each of the
previous four quarters. A table used that often in all four may be rented for the full monthly
amount ($200, or $300 when a wager over $5 is accepted: NDCC 53-06.1-11.5); in at least one but
not all four, the rent for the active quarters is prorated over the active months of the
licensing year: monthly amount x 3 months x qualifying quarters / active months.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from croupier.books import events as ev
from croupier.books.amounts import Amount, total
from croupier.books.daily import shift_line
from croupier.books.guards import employee, require_table, stamp
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.clock import YEARS
from croupier.core.errors import InvalidInput
from croupier.core.events import Event

SECTION = "99-01.3-08-01"
USES_PER_QUARTER = 13
BASE_MONTHLY = 20000
HIGH_WAGER_MONTHLY = 30000
HIGH_WAGER_THRESHOLD = 500


def monthly_maximum(wager_over_five: bool) -> int:
    """Monthly rent ceiling for one table."""
    return HIGH_WAGER_MONTHLY if wager_over_five else BASE_MONTHLY


def allowable_monthly_rent(
    qualifying_quarters: int, wager_over_five: bool, active_months: int = 12
) -> int:
    """The most monthly rent an additional table may carry, in cents (rounded down).

    ``qualifying_quarters`` is how many of the previous four quarters the table was used at least
    thirteen times.
    """
    if not 0 <= qualifying_quarters <= 4:
        raise InvalidInput(f"qualifying quarters are 0 to 4, got {qualifying_quarters}")
    if not 1 <= active_months <= 12:
        raise InvalidInput(f"active months are 1 to 12, got {active_months}")
    monthly = monthly_maximum(wager_over_five)
    if qualifying_quarters == 4:
        return monthly
    return monthly * 3 * qualifying_quarters // active_months


@dataclass(frozen=True, slots=True)
class TableUse:
    """One day a table was used: the documentation the rule asks for."""

    day: str
    table: int
    drop: Amount


def table_uses(books: Books, site_id: str, quarter: Quarter) -> dict[int, list[TableUse]]:
    """Each table's days of use in a quarter with its drop box cash (date, table, drop)."""
    days: dict[tuple[int, str], list[Amount]] = {}
    for key, rec in books.shifts.items():
        if key[0] != site_id or not quarter.contains(date.fromisoformat(key[1])):
            continue
        days.setdefault((key[2], key[1]), []).append(shift_line(rec).drop)
    out: dict[int, list[TableUse]] = {}
    for (table, day), drops in sorted(days.items()):
        out.setdefault(table, []).append(TableUse(day, table, total(drops)))
    return out


@dataclass(frozen=True, slots=True)
class RentLine:
    """How one table's allowable monthly rent was determined."""

    table: int
    uses_by_quarter: tuple[tuple[str, int], ...]
    qualifying_quarters: int
    additional: bool
    wager_over_five: bool
    allowable_monthly: int


def rent_schedule(
    books: Books,
    site_id: str,
    licensing_year_first_quarter: Quarter,
    wager_over_five: dict[int, bool] | None = None,
    active_months: int = 12,
) -> list[RentLine]:
    """Allowable monthly rent per table for a licensing year from the previous four quarters.
    The lowest-numbered table is the first table; every other one is additional."""
    previous = previous_four(licensing_year_first_quarter)
    uses = {
        qq: {t: len(days) for t, days in table_uses(books, site_id, qq).items()} for qq in previous
    }
    tables = sorted(n for (s, n) in books.tables if s == site_id)
    return schedule_from_uses(tables, previous, uses, wager_over_five or {}, active_months)


def previous_four(licensing_year_first_quarter: Quarter) -> list[Quarter]:
    """The four quarters before a licensing year, oldest first."""
    previous: list[Quarter] = []
    q = licensing_year_first_quarter
    for _ in range(4):
        q = q.previous()
        previous.insert(0, q)
    return previous


def licensing_year_start(quarter: Quarter) -> Quarter:
    """The first quarter of the licensing year (July 1 to June 30) that ``quarter`` is in."""
    return Quarter(quarter.year if quarter.number >= 3 else quarter.year - 1, 3)


def schedule_from_uses(
    tables: Sequence[int],
    previous: Sequence[Quarter],
    uses: Mapping[Quarter, Mapping[int, int]],
    wager_over_five: Mapping[int, bool],
    active_months: int = 12,
) -> list[RentLine]:
    """The rent schedule from each table's days of use in each of the previous four quarters:
    the lowest-numbered of ``tables`` is the first table, every other one additional."""
    lines: list[RentLine] = []
    for index, table in enumerate(sorted(tables)):
        counts = tuple((str(qq), uses.get(qq, {}).get(table, 0)) for qq in previous)
        qualifying = sum(1 for _, n in counts if n >= USES_PER_QUARTER)
        high = wager_over_five.get(table, False)
        additional = index > 0
        allowed = (
            allowable_monthly_rent(qualifying, high, active_months)
            if additional
            else monthly_maximum(high)
        )
        lines.append(RentLine(table, counts, qualifying, additional, high, allowed))
    return lines


MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")
"""A rent month, the whole text: ``YYYY-MM`` in ASCII digits (no trailing newline)."""


def pay_rent(
    books: Books, site_id: str, table: int, month: str, cents: int, by_id: str, at: datetime
) -> list[Event]:
    """Record a month's rent paid for a table (once a table and month)."""
    require_table(books, site_id, table)
    employee(books, by_id)
    if not isinstance(month, str) or MONTH.fullmatch(month) is None:
        raise InvalidInput(
            f"a rent month is YYYY-MM, not {month!r}: monthly rent is paid for a month of the "
            f"licensing year ({SECTION})"
        )
    if not YEARS[0] <= int(month[:4]) <= YEARS[1]:  # as every date typed (an audit: 0000-07)
        raise InvalidInput(f"a rent month is in the years {YEARS[0]} to {YEARS[1]}, not {month}")
    if cents <= 0:
        raise InvalidInput("the rent paid must be more than $0")
    for paid in books.rent_paid:
        if (paid.site_id, paid.table, paid.month) == (site_id, table, month):
            raise InvalidInput(
                f"rent for table {table} at {site_id} for {month} was recorded on {paid.at[:10]}"
            )
    return [ev.RentPaid(site_id, table, month, cents, by_id, stamp(at))]


@dataclass(frozen=True, slots=True)
class RentOverpaid:
    """Rent paid for a table's month above what the table's usage allows."""

    site_id: str
    table: int
    month: str
    paid: int
    allowed: int
    line: RentLine


def months_of(quarter: Quarter) -> tuple[str, ...]:
    first = (quarter.number - 1) * 3 + 1
    return tuple(f"{quarter.year}-{m:02d}" for m in range(first, first + 3))


def rent_overpaid(
    site_id: str, lines: Sequence[RentLine], paid: Iterable[ev.RentPaid], quarter: Quarter
) -> list[RentOverpaid]:
    """Each table's month of ``quarter`` whose rent paid exceeds the allowable monthly rent."""
    by_table = {line.table: line for line in lines}
    months = months_of(quarter)
    out: list[RentOverpaid] = []
    for p in sorted(paid, key=lambda x: (x.table, x.month)):
        if p.site_id != site_id or p.month not in months:
            continue
        line = by_table.get(p.table)
        allowed = line.allowable_monthly if line is not None else 0
        if p.cents > allowed and line is not None:
            out.append(RentOverpaid(site_id, p.table, p.month, p.cents, allowed, line))
    return out
