"""Money is an ``int`` number of cents. Never a float.

``parse_money`` accepts ``"$12.50"``, ``"12.50"``, ``"12"``, ``"$0.50"``, ``"1,250.00"``;
``format_money`` prints ``$12.50`` (``-$3.00`` for a negative amount).
"""

from __future__ import annotations

import re

from croupier.core.errors import InvalidInput

Cents = int
"""An amount of money in cents (type alias for readability)."""

_MONEY = re.compile(
    r"^\s*(?P<sign>-)?\s*\$?\s*(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,2}))?\s*$"
)


def dollars(amount: int) -> Cents:
    """Whole dollars to cents."""
    return amount * 100


def parse_money(text: str) -> Cents:
    """Parse a dollar amount into cents; more than two decimals is refused, never rounded."""
    match = _MONEY.match(text)
    if match is None:
        raise InvalidInput(
            f"not a money amount: {text!r} (expected dollars and cents such as '$12.50' or '12')"
        )
    whole = int(match["whole"].replace(",", ""))
    frac_text = match["frac"] or "0"
    frac = int(frac_text.ljust(2, "0"))
    cents = whole * 100 + frac
    return -cents if match["sign"] else cents


def format_money(cents: Cents) -> str:
    """Format cents as ``$1,234.56``."""
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise InvalidInput(f"money must be an int number of cents, got {cents!r}")
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{frac:02d}"


def require_cents(value: object, what: str = "amount") -> Cents:
    """Check that ``value`` is an int number of cents (bool and float refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be an integer number of cents, got {value!r}")
    return value
