"""Time enters the domain through a clock protocol, never by reading the system clock."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Protocol, TypeVar

from croupier.core.errors import InvalidInput

D = TypeVar("D", date, datetime)


YEARS = (1900, 9998)
"""The years a date or time typed by a person may be in: four digits, and one year to spare
after it for what follows (the next quarter, the next half hour), so that no later date a
record needs is past the calendar's end (found by an audit: year 1 or 9999 had been a 500)."""


def within_years(value: D, what: str, text: str) -> D:
    """``value`` (a date or a time parsed from ``text``) if its year is one of ``YEARS``."""
    if not YEARS[0] <= value.year <= YEARS[1]:
        raise InvalidInput(f"{what} {text!r} is not in the years {YEARS[0]} to {YEARS[1]}")
    return value


AHEAD = timedelta(days=730)
"""How far past the clock's now a time typed for a record may be. The books and a tournament
take their times in order, so one time typed decades ahead (found by an audit: 2062 for 2026,
or 9999) would refuse every later entry made without a typed time, for good. Two years is
wide enough for books kept ahead of the clock (a rehearsal of coming quarters, as some of the
project's own tests are) and catches the mistyped years that would lock the books for decades
(docs/interpretations/books.md)."""


def not_far_ahead(value: datetime, now: datetime, what: str) -> datetime:
    """``value`` unless it is more than ``AHEAD`` after ``now`` (both aware)."""
    if value - now > AHEAD:
        raise InvalidInput(
            f"{what} {value.isoformat()} is more than {AHEAD.days} days after now "
            f"({now.isoformat(timespec='minutes')}): records are made as things happen; was "
            "the year mistyped?"
        )
    return value


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware."""
        ...


class SystemClock:
    """The real clock (used by the service layer, not by domain code)."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    """A clock for tests and replays: returns a set time, advanced by hand."""

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")
        self._now = start

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> None:
        self._now = self._now + delta
