"""Amounts that may be unknown: a missing value is never taken as zero.

An ``Amount`` is either an ``int`` number of cents or ``Unknown`` naming what is missing
(for example "drop box 21-1 shift 1 not counted"). Every sum, difference and ratio involving an
unknown amount is unknown, and carries the union of what is missing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from croupier.core.money import format_money


@dataclass(frozen=True, slots=True)
class Unknown:
    """A value that cannot be stated because a record is missing."""

    missing: tuple[str, ...]

    def __str__(self) -> str:
        return "unknown (" + "; ".join(self.missing) + ")"


Amount = int | Unknown
"""Cents, or ``Unknown``."""


def unknown(reason: str) -> Unknown:
    """An unknown amount missing one record."""
    return Unknown((reason,))


def _merge(values: Iterable[Amount]) -> Unknown | None:
    missing: list[str] = []
    for value in values:
        if isinstance(value, Unknown):
            missing.extend(m for m in value.missing if m not in missing)
    return Unknown(tuple(missing)) if missing else None


def total(values: Iterable[Amount]) -> Amount:
    """The sum of amounts; unknown if any term is unknown."""
    items = list(values)
    missing = _merge(items)
    if missing is not None:
        return missing
    return sum(v for v in items if isinstance(v, int))


def minus(a: Amount, b: Amount) -> Amount:
    """``a - b``; unknown if either is."""
    missing = _merge((a, b))
    if missing is not None:
        return missing
    assert isinstance(a, int)
    assert isinstance(b, int)
    return a - b


def ratio(numerator: Amount, denominator: Amount) -> Fraction | Unknown:
    """``numerator / denominator`` as an exact fraction; unknown if either is or if the
    denominator is zero (a percent-of-hold of a shift with no gross proceeds is undefined)."""
    missing = _merge((numerator, denominator))
    if missing is not None:
        return missing
    assert isinstance(numerator, int)
    assert isinstance(denominator, int)
    if denominator == 0:
        return unknown("no gross proceeds (division by zero)")
    return Fraction(numerator, denominator)


def show(value: Amount) -> str:
    """Format an amount for a record: dollars and cents, or ``unknown (...)``."""
    return str(value) if isinstance(value, Unknown) else format_money(value)


def show_percent(value: Fraction | Unknown, places: int = 2) -> str:
    """Format a fraction as a percent rounded half-up to ``places`` decimals."""
    if isinstance(value, Unknown):
        return str(value)
    scaled = value * 100 * 10**places
    sign = "-" if scaled < 0 else ""
    scaled = abs(scaled)
    rounded = int(scaled + Fraction(1, 2))
    whole, frac = divmod(rounded, 10**places)
    return f"{sign}{whole}.{frac:0{places}d}%" if places else f"{sign}{whole}%"
