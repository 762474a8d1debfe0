"""Money is an ``int`` number of cents. Never a float.

``parse_money`` accepts ``"$12.50"``, ``"12.50"``, ``"12"``, ``"$0.50"``, ``"1,250.00"``
(and ``"-3.00"``); ``parse_amount`` is the same for a quantity that must not be negative and
says "<what> is missing" for empty text. Both refuse more than ``MAX_DOLLAR_DIGITS`` digits of
dollars (a typo, not an amount a table sees). ``format_money`` prints ``$12.50`` (``-$3.00``
for a negative amount).
"""

from __future__ import annotations

import re

from croupier.core.errors import InvalidInput

Cents = int
"""An amount of money in cents (type alias for readability)."""

MAX_DOLLAR_DIGITS = 12
"""Digits of dollars an amount may have: $999,999,999,999.99 at most."""

_MONEY = re.compile(
    r"^\s*(?P<sign>-)?\s*\$?\s*(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,2}))?\s*$",
    re.ASCII,  # digits 0-9 only: '$٢٠٠' (Arabic-Indic) or '$２００' (full-width) is no amount
)


def dollars(amount: int) -> Cents:
    """Whole dollars to cents."""
    return amount * 100


def parse_money(text: str, what: str = "") -> Cents:
    """Parse a dollar amount into cents; more than two decimals is refused, never rounded.

    ``what`` names the amount in the messages (``"wager"``: "wager: not a money amount ...")."""
    label = f"{what}: " if what else ""
    match = _MONEY.match(text)
    if match is None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise InvalidInput(
            f"{label}not a money amount: {shown!r} "
            "(expected dollars and cents such as '$12.50' or '12')"
        )
    whole_text = match["whole"].replace(",", "").lstrip("0")
    if len(whole_text) > MAX_DOLLAR_DIGITS:
        raise InvalidInput(
            f"{label}amount too large: {len(whole_text)} digits of dollars "
            f"(at most {MAX_DOLLAR_DIGITS})"
        )
    whole = int(whole_text or "0")
    frac_text = match["frac"] or "0"
    frac = int(frac_text.ljust(2, "0"))
    cents = whole * 100 + frac
    return -cents if match["sign"] else cents


def parse_amount(text: str, what: str) -> Cents:
    """Parse a quantity of money that cannot be negative (a wager, a buy-in, a bankroll):
    empty text is "<what> is missing", a negative amount is refused naming ``what``."""
    if not text.strip():
        raise InvalidInput(f"{what} is missing")
    cents = parse_money(text, what)
    if cents < 0:
        raise InvalidInput(f"{what} cannot be negative, got {text.strip()!r}")
    return cents


_SHOWN: dict[int, str] = {}
"""Amounts already formatted: a live table formats the same few wagers hundreds of times a
command (every seat's view, every console). Bounded by ``_SHOWN_MAX`` entries."""
_SHOWN_MAX = 65_536


def format_money(cents: Cents) -> str:
    """Format cents as ``$1,234.56``."""
    exact = type(cents) is int
    if exact:
        found = _SHOWN.get(cents)
        if found is not None:
            return found
    elif not isinstance(cents, int) or isinstance(cents, bool):
        raise InvalidInput(f"money must be an int number of cents, got {cents!r}")
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    text = f"{sign}${whole:,}.{frac:02d}"
    if exact and len(_SHOWN) < _SHOWN_MAX:
        _SHOWN[cents] = text
    return text


def require_cents(value: object, what: str = "amount") -> Cents:
    """Check that ``value`` is an int number of cents (bool and float refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be an integer number of cents, got {value!r}")
    return value
