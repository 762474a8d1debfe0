"""Closed periods: once a quarter's report is produced or its tax return filed, its records
are final (99-01.3-08-16: the quarter's records are what the report and the return were made
from; NDCC 53-06.1-12: the return's figures).

``close_quarter`` records that, once the quarter is over, every gaming day of it is closed and
every drop box of it counted. From then on ``check_open_periods`` refuses any entry dated in
the quarter (a gaming day opened back-dated into it, a slip, a count), citing the section. A
correction of such a record is a new entry dated when it is made that references what it
corrects (``CountCorrected``): it belongs to the period in which it is recorded, and the next
quarterly report lists it among the corrections of earlier quarters
(``corrections_of_earlier_quarters``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from croupier.books import events as ev
from croupier.books.guards import RECORDS, require_role, stamp
from croupier.books.model import Role
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event

REASONS = ("report produced", "tax return filed")
CLOSE_AFTER_DAYS = 2
"""A quarter is closed from the second day after its last: its last business day may pass
midnight, and a site's clock may be behind UTC."""
CLOSERS = (Role.GAMING_MANAGER,)


def close_quarter(
    books: Books, quarter: Quarter, reason: str, by_id: str, at: datetime
) -> list[Event]:
    """Close ``quarter``: refused before it ends, while a day of it is open or a drop box of
    it uncounted, or when it is closed already."""
    require_role(books, by_id, CLOSERS, "close a quarter's records", RECORDS)
    if reason not in REASONS:
        raise InvalidInput(
            f"a quarter is closed because its {' or '.join(REASONS)}, not {reason!r}"
        )
    label = str(quarter)
    if label in books.closed_quarters:
        done = books.closed_quarters[label]
        raise RuleViolation(f"{label} was closed already ({done.reason}, {done.at})", RECORDS)
    earliest = quarter.last_day + timedelta(days=CLOSE_AFTER_DAYS)
    if at.date() < earliest:
        raise RuleViolation(
            f"{label} runs to {quarter.last_day}: it can be closed only after it ends, from "
            f"{earliest} (its last business day may run past midnight, in any site's time)",
            RECORDS,
        )
    running = sorted(
        occ_id
        for occ_id, occ in books.poker.occasions.items()
        if quarter.contains(date.fromisoformat(occ.opened.first_day))
        and date.fromisoformat(occ.opened.last_day) >= at.date()
    )
    if running:
        raise RuleViolation(
            f"poker occasion {', '.join(running)} began in {label} and is not over: its fees "
            "belong to the quarter it began in; close the quarter after it ends",
            RECORDS,
        )
    open_days = sorted(
        f"{site} {day}"
        for (site, day), rec in books.days.items()
        if rec.closed is None and quarter.contains(date.fromisoformat(day))
    )
    if open_days:
        raise RuleViolation(
            f"close the gaming days of {label} first: {', '.join(open_days)} still open", RECORDS
        )
    uncounted = sorted(
        f"{key[0]} table {key[2]} shift {key[3]} on {key[1]}"
        for key, rec in books.shifts.items()
        if quarter.contains(date.fromisoformat(key[1])) and rec.count is None
    )
    if uncounted:
        raise RuleViolation(
            f"count the drop boxes of {label} first: {', '.join(uncounted)}", "99-01.3-08-14.4"
        )
    return [ev.QuarterClosed(label, reason, by_id, stamp(at))]


def dated(e: Event) -> date | None:
    """The day an entry is about: its gaming day (or first day), else the day it was made."""
    for name in ("day", "first_day"):
        value = getattr(e, name, None)
        if isinstance(value, str):
            try:
                return date.fromisoformat(value)
            except ValueError:
                return None
    for name in ("at", "start", "collected_at", "period_start"):
        value = getattr(e, name, None)
        if isinstance(value, str):
            try:
                return datetime.fromisoformat(value).date()
            except ValueError:
                return None
    return None


def closing_of(books: Books, e: Event) -> tuple[date, ev.QuarterClosed] | None:
    """The day ``e`` is dated and the closing of its quarter, if that quarter is closed: the
    one rule the writer (``check_open_periods``) and the reader (``consistency``) apply."""
    if not books.closed_quarters or isinstance(e, ev.BooksCarriedForward):
        return None
    day = dated(e)
    closed = books.closed_quarters.get(str(Quarter.of(day))) if day is not None else None
    return (day, closed) if day is not None and closed is not None else None


def check_open_periods(books: Books, events: Sequence[Event]) -> None:
    """Refuse entries dated in a closed quarter (nothing is recorded)."""
    for e in events:
        found = closing_of(books, e)
        if found is not None:
            day, closed = found
            raise RuleViolation(
                f"{day} is in {closed.quarter}, whose records are final ({closed.reason} "
                f"{closed.at[:10]}): nothing dated in it can be recorded now; record a "
                "correction dated today that references the entry it corrects",
                RECORDS,
            )


@dataclass(frozen=True, slots=True)
class PriorCorrection:
    """A correction recorded in a quarter to a record of an earlier quarter."""

    at: str
    corrects_entry: int
    corrected_day: str | None
    site_id: str | None
    cents: int
    """The corrected amount."""
    reason: str
    by_id: str
    difference: int = 0
    """The corrected amount less what it corrects (added to the drop and the win)."""
    of_closed_quarter: bool = False
    """The corrected record's quarter was closed: the difference is carried by this quarter."""


def corrections_of_earlier_quarters(books: Books, quarter: Quarter) -> list[PriorCorrection]:
    """The corrections recorded during ``quarter`` whose corrected entry is dated before it."""
    out: list[PriorCorrection] = []
    for position, e in enumerate(books.entries, start=books.base):
        if not isinstance(e, ev.CountCorrected):
            continue
        made = datetime.fromisoformat(e.at).date()
        if not quarter.contains(made):
            continue
        target = books.entry(e.corrects_entry)
        day = dated(target) if target is not None else None
        if day is not None and day >= quarter.first_day:
            continue
        closed = day is not None and str(Quarter.of(day)) in books.closed_quarters
        out.append(
            PriorCorrection(
                e.at,
                e.corrects_entry,
                day.isoformat() if day is not None else None,
                getattr(target, "site_id", None),
                e.cents,
                e.reason,
                e.by_id,
                books.adjustments.get(position, 0),
                closed,
            )
        )
    return out
