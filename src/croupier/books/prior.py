"""Activity before these books began (issue 30): an organization that starts keeping its books
in croupier mid-life enters, for each quarter before its first gaming day here, what two rules
read from those quarters:

* table rent (99-01.3-08-01): each table's days of use in each of the four quarters before the
  licensing year (an additional twenty-one table used thirteen times or more in a quarter
  qualifies), and whether a table accepted a wager over $5 (the $300 ceiling, NDCC 53-06.1-11.5);
* video surveillance (99-01.3-08-04): the site's twenty-one gross proceeds of the quarter, whose
  average over two quarters (or the active quarters of a seasonal site's fiscal year) decides
  whether a site with wagers over $2 needs a system.

Like the opening balances it is audited: prepared by a gaming manager, checked by an auditor
against the organization's own records of those quarters (two people), one entry a site and
quarter, and only for a quarter that ends before the site's first gaming day in these books, so
it can never stand beside the books' own figures for the same quarter."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from croupier.books import events as ev
from croupier.books.guards import RECORDS, require_role, require_site, require_table, stamp
from croupier.books.model import Role
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event

RENT = "99-01.3-08-01"
SURVEILLANCE = "99-01.3-08-04"


def prior_activity(
    books: Books,
    site_id: str,
    quarter: Quarter,
    at: datetime,
    table_days: Mapping[int, int],
    twentyone_gross: int | None,
    over_five: frozenset[int],
    prepared_by: str,
    audited_by: str,
) -> list[Event]:
    """The audited entry of a site's activity in one quarter before these books (see above)."""
    require_site(books, site_id)
    require_role(books, prepared_by, (Role.GAMING_MANAGER,), "enter prior activity", RECORDS)
    require_role(books, audited_by, (Role.AUDITOR,), "audit prior activity", RECORDS)
    if audited_by == prepared_by:
        raise RuleViolation("the prior activity is audited by a second person", RECORDS)
    first = min(books.days_opened(site_id), default=None)
    limit = Quarter.of(datetime.fromisoformat(first).date()) if first else Quarter.of(at.date())
    if not quarter < limit:
        where = f"its first gaming day here, {first}" if first else f"this entry, {at.date()}"
        raise RuleViolation(
            f"prior activity is entered for a quarter before these books began at {site_id}; "
            f"{quarter} is not before {where}",
            RECORDS,
        )
    if (site_id, str(quarter)) in books.prior:
        raise InvalidInput(f"the activity of {quarter} at {site_id} was entered already")
    days_in = (quarter.last_day - quarter.first_day).days + 1
    for table, days in sorted(table_days.items()):
        require_table(books, site_id, table)
        if not 0 <= days <= days_in:
            raise InvalidInput(
                f"table {table} was used on {days} days of {quarter}, which has {days_in} ({RENT})"
            )
    for table in over_five:
        require_table(books, site_id, table)
        if table_days.get(table, 0) == 0:
            raise InvalidInput(
                f"table {table} accepted a wager over $5 in {quarter} but was not used"
            )
    if twentyone_gross is not None and twentyone_gross < 0:
        raise InvalidInput(f"the twenty-one gross proceeds of {quarter} cannot be negative")
    if not table_days and twentyone_gross is None:
        raise InvalidInput("say the tables' days of use or the twenty-one gross proceeds")
    return [
        ev.PriorActivity(
            site_id,
            str(quarter),
            tuple(ev.TableDays(t, n) for t, n in sorted(table_days.items())),
            twentyone_gross,
            tuple(sorted(over_five)),
            prepared_by,
            audited_by,
            stamp(at),
        )
    ]
