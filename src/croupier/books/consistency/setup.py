"""The consistency rules of the organization's set-up and periods: organization, sites, tables,
employees, chips received, the cash bank funded, opening balances, rent (-01), a quarter closed
(-16) and a game discontinued.

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

import re
from datetime import date, datetime

from croupier.books import events as ev
from croupier.books.consistency.fields import (
    RECORDS,
    _cents,
    _chips,
    _count,
    _day,
    _id,
    _ids,
    _name,
    _optional_id,
    _site_of,
    _text,
    _time,
)
from croupier.books.model import MAX_TABLE_NUMBER
from croupier.books.opening import site_activity
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import InvalidInput


def _organization(e: ev.OrganizationRegistered) -> list[str]:
    return [
        *_id(e.org_id, "the organization id"),
        *_name(e.name, "the organization name"),
        *_count(e.first_fill_number, "the first fill slip number"),
        *_count(e.first_credit_number, "the first credit slip number"),
    ]


def _site(e: ev.SiteRegistered) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_name(e.name, "the site name")]


def _table(e: ev.TableRegistered) -> list[str]:
    problems = [*_id(e.site_id, "the site id"), *_count(e.number, "the table number")]
    if not problems and e.number > MAX_TABLE_NUMBER:
        problems.append(f"its table number is over {MAX_TABLE_NUMBER:,}")
    return problems


def _employee(e: ev.EmployeeRegistered) -> list[str]:
    return [
        *_id(e.employee_id, "the employee id"),
        *_name(e.name, "the employee's name"),
        *_name(e.initials, "the employee's initials"),
        *_optional_id(e.supervisor_id, "the supervisor id"),
        *_optional_id(e.household_id, "the household id"),
        *_ids(e.relatives, "a relative's id"),
    ]


def _inventory(e: ev.ChipInventoryReceived) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_chips(e.chips, "the chips received", nonempty=True),
        *_time(e.at),
    ]


def _funded(e: ev.CashBankFunded) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_cents(e.cents, "the funding"), *_time(e.at)]


def _opening(e: ev.OpeningBalances) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_time(e.at),
        *_cents(e.cash_bank, "the opening cash bank", positive=False),
        *_chips(e.chip_bank, "the opening chip bank"),
        *_chips(e.jar_bar, "the opening jar bar"),
        *_chips(e.outstanding, "the chips outstanding"),
        *_id(e.prepared_by, "the preparer's id"),
        *_id(e.audited_by, "the auditor's id"),
    ]
    if not isinstance(e.trays, tuple):
        problems.append("its trays are not a list of tables")
    else:
        for t in e.trays:
            problems += [
                *_count(getattr(t, "table", None), "a tray's table number"),
                *_chips(getattr(t, "chips", None), "a tray's chips"),
            ]
    if e.prepared_by == e.audited_by:
        problems.append(f"its preparer audited it ({RECORDS})")
    return problems


def _ctx_opening(books: Books, e: ev.OpeningBalances) -> list[str]:
    found = _site_of(books, e.site_id)
    if found:
        return found
    held = site_activity(books, e.site_id)
    if held is not None:
        found.append(f"the site already had {held} before it ({RECORDS})")
    for t in e.trays:
        if (e.site_id, t.table) not in books.tables:
            found.append(f"there is no table {t.table} at {e.site_id!r}")
    return found


def _prior(e: ev.PriorActivity) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_time(e.at),
        *_id(e.prepared_by, "the preparer's id"),
        *_id(e.audited_by, "the auditor's id"),
    ]
    try:
        Quarter.parse(e.quarter)
    except (InvalidInput, TypeError, AttributeError):
        problems.append(f"its quarter {e.quarter!r} is not a quarter such as 2025Q3")
    if e.twentyone_gross is not None:
        problems += _cents(e.twentyone_gross, "the twenty-one gross proceeds", positive=False)
    if not isinstance(e.table_days, tuple) or not isinstance(e.over_five, tuple):
        problems.append("its tables are not a list of tables")
    else:
        for t in e.table_days:
            problems += [
                *_count(getattr(t, "table", None), "a table number"),
                *_count(getattr(t, "days", None), "a table's days of use", least=0),
            ]
        for n in e.over_five:
            problems += _count(n, "a table number")
    if e.prepared_by == e.audited_by:
        problems.append(f"its preparer audited it ({RECORDS})")
    return problems


def _ctx_prior(books: Books, e: ev.PriorActivity) -> list[str]:
    found = _site_of(books, e.site_id)
    if found:
        return found
    for t in (*(d.table for d in e.table_days), *e.over_five):
        if (e.site_id, t) not in books.tables:
            found.append(f"there is no table {t} at {e.site_id!r}")
    first = min(books.days_opened(e.site_id), default=None)
    try:
        late = first is not None and not Quarter.parse(e.quarter) < Quarter.of(
            date.fromisoformat(first)
        )
    except (InvalidInput, ValueError):
        late = False  # the quarter itself is reported by ``_prior``
    if late:
        found.append(f"{e.quarter} is not before the site's first gaming day, {first} ({RECORDS})")
    if (e.site_id, e.quarter) in books.prior:
        found.append(f"the activity of {e.quarter} at {e.site_id} was entered before it")
    return found


def _rent(e: ev.RentPaid) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_cents(e.cents, "the rent paid"),
        *_id(e.by_id, "who paid it"),
        *_time(e.at),
    ]
    if not isinstance(e.month, str) or re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", e.month) is None:
        problems.append("its month is not a month such as 2026-03")
    return problems


def _ctx_rent(books: Books, e: ev.RentPaid) -> list[str]:
    found = _site_of(books, e.site_id)
    if not found and (e.site_id, e.table) not in books.tables:
        found.append(f"there is no table {e.table} at {e.site_id!r}")
    if any((p.site_id, p.table, p.month) == (e.site_id, e.table, e.month) for p in books.rent_paid):
        found.append(f"the rent of table {e.table} for {e.month} was recorded before")
    return found


def _quarter_closed(e: ev.QuarterClosed) -> list[str]:
    problems = [*_id(e.by_id, "who closed it"), *_time(e.at), *_text(e.reason, "the reason")]
    if not isinstance(e.quarter, str) or re.fullmatch(r"\d{4}Q[1-4]", e.quarter) is None:
        problems.append("its quarter is not a quarter such as 2026Q1")
    return problems


def _ctx_quarter_closed(books: Books, e: ev.QuarterClosed) -> list[str]:
    """Closed once, after it ended (``books.periods.close_quarter``)."""
    problems: list[str] = []
    if not isinstance(e.quarter, str) or re.fullmatch(r"\d{4}Q[1-4]", e.quarter) is None:
        return problems  # the entry's own check names it
    if e.quarter in books.closed_quarters:
        problems.append(f"{e.quarter} was closed already")
    last = Quarter.parse(e.quarter).last_day
    if datetime.fromisoformat(e.at).date() <= last:
        problems.append(f"{e.quarter} was closed before it ended ({last})")
    return problems


def _discontinued(e: ev.GameDiscontinued) -> list[str]:
    return [*_id(e.site_id, "the site id"), *_day(e.day, "the day discontinued")]


def _ctx_organization(books: Books, e: ev.OrganizationRegistered) -> list[str]:
    if books.org_id is not None:
        return [f"the books already belong to organization {books.org_id!r}"]
    return []


def _ctx_site(books: Books, e: ev.SiteRegistered) -> list[str]:
    if books.org_id is None:
        return ["it comes before the organization is registered"]
    return [f"site {e.site_id!r} is registered twice"] if e.site_id in books.sites else []


def _ctx_table(books: Books, e: ev.TableRegistered) -> list[str]:
    found = _site_of(books, e.site_id)
    if not found and (e.site_id, e.number) in books.tables:
        found.append(f"table {e.number} is registered twice (99-01.3-08-02.2)")
    return found


def _ctx_employee(books: Books, e: ev.EmployeeRegistered) -> list[str]:
    if books.org_id is None:
        return ["it comes before the organization is registered"]
    if e.employee_id in books.employees:
        return [f"employee {e.employee_id!r} is registered twice"]
    if e.supervisor_id is not None and e.supervisor_id not in books.employees:
        return [f"it names supervisor {e.supervisor_id!r}, whom the books lack"]
    return []
