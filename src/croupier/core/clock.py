"""Time enters the domain through a clock protocol, never by reading the system clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


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
