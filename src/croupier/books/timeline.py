"""When an entry may be made: the books' times only move forward, and an entry at a site with
an open gaming day falls within that day (99-01.3-08-16.1: the records are kept for each day's
activity). See ``docs/interpretations/books.md`` (the gaming day's hours)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation

DAY_RECORDS = "99-01.3-08-16.1"


def check_entry_time(books: Books, at: datetime, site_id: str | None) -> None:
    """Refuse ``at`` before the books' last entry (a clock going backwards), or outside the
    gaming day open at ``site_id`` (if one is open there)."""
    if at.tzinfo is None:
        raise InvalidInput(f"time {at.isoformat()} has no UTC offset")
    if books.last_at is not None and at < books.last_at:
        raise InvalidInput(
            f"time {at.isoformat()} is before the books' last entry "
            f"({books.last_at.isoformat()}): entries are made in time order, so a clock may not "
            "go back; a late entry or a correction is recorded now and says what it corrects"
        )
    if site_id is None or site_id not in books.sites:
        return
    open_day = books.sites[site_id].open_day
    if open_day is not None:
        check_within_day(books, site_id, open_day, at)


def check_within_day(books: Books, site_id: str, iso_day: str, at: datetime) -> None:
    """An entry of the gaming day ``iso_day`` at ``site_id`` is made from the day's opening
    until the end of the next calendar day (a day's activity may run past midnight)."""
    opened = datetime.fromisoformat(books.days[(site_id, iso_day)].opened.at)
    day = date.fromisoformat(iso_day)
    if at < opened or at.date() not in (day, day + timedelta(days=1)):
        raise RuleViolation(
            f"{at.isoformat()} is outside the gaming day {iso_day} open at site {site_id!r} "
            f"(opened {opened.isoformat()}; its entries are made from the opening to the end of "
            f"{(day + timedelta(days=1)).isoformat()}); close that day before recording another",
            DAY_RECORDS,
        )


def check_day_opening(day: date, at: datetime) -> None:
    """A gaming day is opened on its own calendar date (in the offset the time is given in)."""
    if at.date() != day:
        raise RuleViolation(
            f"the gaming day {day.isoformat()} is opened on that date, not at {at.isoformat()}",
            DAY_RECORDS,
        )
