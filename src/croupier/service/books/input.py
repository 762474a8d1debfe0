"""What a person types at a books command, read into values: dollars, chips, dates, times,
lists of ids. Every refusal is one ``InvalidInput`` line naming what was wrong."""

from __future__ import annotations

from datetime import date, datetime

from croupier.books.model import Chips, Token, check_identifier, parse_chips
from croupier.core.clock import within_years
from croupier.core.errors import InvalidInput
from croupier.core.money import Cents, format_money, parse_amount
from croupier.core.names import ascii_digits

EXAMPLE_TIME = "2026-01-05T18:00:00-06:00"


def amount(text: str, what: str) -> Cents:
    """Dollars as typed (``12.50``, ``$12.50``, ``$1,000``) into cents: a missing amount is
    "<what> is missing", a negative one "<what> cannot be negative"."""
    return parse_amount(text, what)


def optional_amount(text: str | None, what: str) -> Cents | None:
    """``amount``, or None when the option was not given."""
    return None if text is None else amount(text, what)


def chips(text: str, what: str) -> Chips:
    """Chips as typed, ``value x quantity`` comma-separated (``5x20,25x4,betting x10``)."""
    try:
        return parse_chips(text)
    except InvalidInput as exc:
        raise InvalidInput(f"{what}: {exc}") from None


def parse_day(text: str, what: str = "date") -> date:
    """A calendar date, ``YYYY-MM-DD``."""
    try:
        value = date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput(f"{what} is not a date (YYYY-MM-DD): {text!r}") from None
    return within_years(value, what, text)


def parse_time(text: str, what: str = "time") -> datetime:
    """An ISO time with its UTC offset (``2026-01-05T18:00:00-06:00``)."""
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput(f"{what} is not an ISO time: {text!r} (e.g. {EXAMPLE_TIME})") from None
    if value.tzinfo is None:
        raise InvalidInput(f"{what} {text!r} needs a UTC offset, e.g. {EXAMPLE_TIME}")
    return within_years(value, what, text)


def ids(text: str | None, what: str) -> tuple[str, ...]:
    """A comma-separated list of ids (spaces around the commas ignored), each checked."""
    items = tuple(x.strip() for x in (text or "").split(",") if x.strip())
    for item in items:
        check_identifier(item, what)
    return items


def pair(text: str, what: str) -> tuple[str, str]:
    """Exactly two comma-separated values (a count team, both members' initials)."""
    items = tuple(x.strip() for x in text.split(","))
    if len(items) != 2 or not all(items):
        raise InvalidInput(f"{what} are two values separated by a comma, got {text!r}")
    return items[0], items[1]


def numbers(text: str | None, what: str) -> tuple[int, ...]:
    """A comma-separated list of whole numbers."""
    items = [x.strip() for x in (text or "").split(",") if x.strip()]
    if not all(ascii_digits(x.removeprefix("-")) for x in items):
        # digits 0-9 only, as everywhere a person types a number (int() would read "1_0" as 10)
        raise InvalidInput(f"{what} are comma-separated whole numbers, got {text!r}")
    return tuple(int(x) for x in items)


def card_range(text: str) -> tuple[int, int]:
    """``FIRST-LAST`` (or one number) of ticket cards."""
    first, sep, last = (x.strip() for x in text.partition("-"))
    if not ascii_digits(first) or (sep and not ascii_digits(last)):
        # digits 0-9 only (int() would read "1_001" as 1001)
        raise InvalidInput(f"card numbers are FIRST-LAST, e.g. 1001-1050, got {text!r}")
    return (int(first), int(last)) if sep else (int(first), int(first))


def describe_chips(lines: Chips) -> str:
    """``2 x $5, 10 x $1 ($20.00)``: the chips and their total, in dollars."""
    if not lines:
        return "no chips"
    total = sum(x.value for x in lines)
    listed = ", ".join(
        f"{x.quantity} x {'betting' if x.token is Token.BETTING_CHIP else '$' + x.token.value}"
        for x in lines
    )
    return f"{listed} ({format_money(total)})"
