"""Monthly table rent for additional twenty-one tables (99-01.3-08-01).

Each additional table must be used at least thirteen times a quarter, judged over each of the
previous four quarters. A table used that often in all four may be rented for the full monthly
amount ($200, or $300 when a wager over $5 is accepted: NDCC 53-06.1-11.5); in at least one but
not all four, the rent for the active quarters is prorated over the active months of the
licensing year: monthly amount x 3 months x qualifying quarters / active months.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from croupier.books.amounts import Amount, total
from croupier.books.daily import shift_line
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import InvalidInput

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
    previous: list[Quarter] = []
    q = licensing_year_first_quarter
    for _ in range(4):
        q = q.previous()
        previous.insert(0, q)
    uses = {qq: table_uses(books, site_id, qq) for qq in previous}
    tables = sorted(n for (s, n) in books.tables if s == site_id)
    over = wager_over_five or {}
    lines: list[RentLine] = []
    for index, table in enumerate(tables):
        counts = tuple((str(qq), len(uses[qq].get(table, []))) for qq in previous)
        qualifying = sum(1 for _, n in counts if n >= USES_PER_QUARTER)
        high = over.get(table, False)
        additional = index > 0
        allowed = (
            allowable_monthly_rent(qualifying, high, active_months)
            if additional
            else monthly_maximum(high)
        )
        lines.append(RentLine(table, counts, qualifying, additional, high, allowed))
    return lines
