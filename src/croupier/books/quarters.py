"""Calendar quarters and fiscal years (July first through June thirtieth)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from croupier.core.clock import YEARS
from croupier.core.errors import InvalidInput


@dataclass(frozen=True, slots=True, order=True)
class Quarter:
    """A calendar quarter, e.g. ``Quarter(2026, 1)`` is January to March 2026."""

    year: int
    number: int

    def __post_init__(self) -> None:
        if self.number not in (1, 2, 3, 4):
            raise InvalidInput(f"a quarter is numbered 1 to 4, got {self.number}")

    @classmethod
    def of(cls, day: date) -> Quarter:
        return cls(day.year, (day.month - 1) // 3 + 1)

    @classmethod
    def parse(cls, text: str) -> Quarter:
        """``"2026Q1"`` or ``"2026-Q1"``."""
        cleaned = text.strip().upper().replace("-", "")
        year, sep, number = cleaned.partition("Q")
        plain = (year + number).isascii() and year.isdigit() and number.isdigit()
        if not sep or not plain or len(year) != 4 or not YEARS[0] <= int(year) <= YEARS[1]:
            raise InvalidInput(
                f"a quarter reads like 2026Q1 (a year from {YEARS[0]} to {YEARS[1]}), got {text!r}"
            )
        return cls(int(year), int(number))

    @property
    def first_day(self) -> date:
        return date(self.year, 3 * self.number - 2, 1)

    @property
    def last_day(self) -> date:
        return self.next().first_day - timedelta(days=1)

    def next(self) -> Quarter:
        return (
            Quarter(self.year + 1, 1) if self.number == 4 else Quarter(self.year, self.number + 1)
        )

    def previous(self) -> Quarter:
        return (
            Quarter(self.year - 1, 4) if self.number == 1 else Quarter(self.year, self.number - 1)
        )

    def contains(self, day: date) -> bool:
        return self.first_day <= day <= self.last_day

    def __str__(self) -> str:
        return f"{self.year}Q{self.number}"


def fiscal_year_start(day: date) -> date:
    """July first of the fiscal year containing ``day`` (99-01.3-08-04, 99-01.3-09-01)."""
    return date(day.year if day.month >= 7 else day.year - 1, 7, 1)
