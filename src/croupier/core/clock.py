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
