"""The field checks every family uses (amounts, counts, times, days, ids, names, text, chip lists)
and the checks of where an entry points in the books (its site, table, day, shift, series).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Any

from croupier.books.model import (
    Chips,
    SlipKind,
    Token,
    chips_total,
)
from croupier.books.state import Books
from croupier.core.errors import InvalidInput

SLIPS = "99-01.3-08-05"


SALES = "99-01.3-08-07.3"


REDEMPTION = "99-01.3-08-06.2"


COUNT = "99-01.3-08-14"


RECORDS = "99-01.3-08-16"


SERIES_SLACK = 1000
"""How far past the next number a slip out of series may move the series on (so that one
edited number flags that slip and the next, not every later one; an absurd number is not
followed)."""


_TOKEN_ORDER: dict[Token, int] = {t: i for i, t in enumerate(Token)}


def _cents(value: object, what: str, *, positive: bool = True) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, int):
        return [f"{what} is not a whole number of cents"]
    if positive and value <= 0:
        return [f"{what} is not a positive amount"]
    if value < 0:
        return [f"{what} is a negative amount"]
    return []


def _count(value: object, what: str, least: int = 1) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        return [f"{what} is not a whole number of {least} or more"]
    return []


def _time(value: object, what: str = "its time") -> list[str]:
    if not isinstance(value, str):
        return [f"{what} is not a time"]
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return [f"{what} is not an ISO 8601 time"]
    if parsed.tzinfo is None:
        return [f"{what} has no UTC offset"]
    return []


def _day(value: object, what: str = "its gaming day") -> list[str]:
    if not isinstance(value, str):
        return [f"{what} is not a date"]
    try:
        date.fromisoformat(value)
    except ValueError:
        return [f"{what} is not an ISO 8601 date"]
    return []


def _visible(value: object, what: str, *, spaces: bool, empty: bool = False) -> list[str]:
    """An id (no space), a name (single inner spaces) or free text as the commands accept it
    (``model.check_identifier``, ``check_name``, ``check_text``), with a fast path for plain
    ASCII (reading a million entries should not cost a Unicode lookup per character)."""
    if not isinstance(value, str):
        return [f"{what} is not text"]
    if not value:
        return [] if empty else [f"{what} is empty"]
    if value.isascii() and value.isprintable():
        if not spaces and " " in value:
            return [f"{what} holds a space"]
        if spaces and not empty and value != value.strip():
            return [f"{what} starts or ends with a space"]
        return []
    from croupier.core.names import check_identifier, check_name, check_text

    check: Callable[[object, str, int | None], str] = (
        check_text if empty else check_name if spaces else check_identifier
    )
    try:
        check(value, what, None)  # what is stored is read whatever its length
    except InvalidInput:
        return [f"{what} holds an invisible or direction-changing character"]
    return []


def _id(value: object, what: str) -> list[str]:
    return _visible(value, what, spaces=False)


def _optional_id(value: object, what: str) -> list[str]:
    return [] if value is None else _id(value, what)


def _ids(values: Iterable[object], what: str) -> list[str]:
    return [p for v in values for p in _id(v, what)]


def _name(value: object, what: str) -> list[str]:
    return _visible(value, what, spaces=True)


def _text(value: object, what: str) -> list[str]:
    return _visible(value, what, spaces=True, empty=True)


def _chips(lines: object, what: str, *, nonempty: bool = False, section: str = "") -> list[str]:
    """Chips as the books keep them: one line per value, in value order, quantities positive."""
    cite = f" ({section})" if section else ""
    if not isinstance(lines, tuple):
        return [f"{what} are not a list of chip lines{cite}"]
    problems: list[str] = []
    last = -1
    for line in lines:
        token = getattr(line, "token", None)
        quantity = getattr(line, "quantity", None)
        if not isinstance(token, Token):
            problems.append(f"{what} hold a line that is not a chip value{cite}")
            continue
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity <= 0:
            problems.append(f"{what} hold a line whose quantity is not a positive number{cite}")
        index = _TOKEN_ORDER[token]
        if index <= last:
            problems.append(f"{what} list chips of one value twice or out of order{cite}")
        last = index
    if nonempty and not lines:
        problems.append(f"{what} list no chips{cite}")
    return problems


def _value(lines: Chips) -> int:
    return chips_total(lines)


def _slip_numbers(numbers: object, what: str) -> list[str]:
    if not isinstance(numbers, tuple) or any(
        isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in numbers
    ):
        return [f"the {what} found are not slip numbers"]
    if list(numbers) != sorted(set(numbers)):
        return [f"the {what} found are listed twice or out of order"]
    return []


def _site_of(books: Books, site_id: str) -> list[str]:
    return [] if site_id in books.sites else [f"it names site {site_id!r}, which the books lack"]


def _table_of(books: Books, site_id: str, table: int) -> list[str]:
    if site_id not in books.sites:
        return _site_of(books, site_id)
    if (site_id, table) not in books.tables:
        return [f"it names table {table} at {site_id!r}, which the books lack"]
    return []


def _day_of(books: Books, site_id: str, day: str) -> list[str]:
    if site_id not in books.sites:
        return _site_of(books, site_id)
    if (site_id, day) not in books.days:
        return [f"it names the gaming day {day} at {site_id!r}, which was never opened"]
    return []


def _open_shift(books: Books, site_id: str, day: str, table: int, shift: int | None) -> list[str]:
    """The table's open shift must be the one the entry names (``shift`` None: any of ``day``)."""
    found = _table_of(books, site_id, table)
    if found:
        return found
    key = books.sites[site_id].open_shift.get(table)
    if key is None:
        return [f"table {table} at {site_id!r} has no open shift at this point of the books"]
    if key[1] != day or (shift is not None and key[3] != shift):
        return [f"it names a shift of table {table} that is not the one open at this point"]
    if (site_id, day) not in books.days:
        return _day_of(books, site_id, day)
    return []


def _holds(source: Chips, taken: Chips, where: str, plus: Chips = ()) -> list[str]:
    """``source`` (with ``plus`` added) holds every chip of ``taken`` (as ``take_chips``, but
    without building the remainder: this runs for every entry read)."""
    have: dict[Token, int] = {}
    for line in (*source, *plus):
        have[line.token] = have.get(line.token, 0) + line.quantity
    for line in taken:
        if have.get(line.token, 0) < line.quantity:
            return [f"it takes chips that {where} does not hold at this point of the books"]
    return []


def _in_series(books: Books, kind: SlipKind, number: int) -> list[str]:
    expected = books.next_number[kind]
    if number != expected:
        return [
            f"its number {number} is out of series: the next {kind.value} slip is number "
            f"{expected} (slips are consecutively numbered and used in sequential order, "
            f"{SLIPS}.2)"
        ]
    return []


def _open_day_of(books: Books, site_id: str, day: str) -> list[str]:
    """The entry's gaming day must be the one open at the site (its cash is that day's)."""
    found = _day_of(books, site_id, day)
    if not found and books.sites[site_id].open_day != day:
        found.append(f"it is dated the gaming day {day} at {site_id!r}, which is not open")
    return found


def _refusal_text(refused: Exception) -> str:
    section = getattr(refused, "section", None)
    return f"{refused} ({section})" if section else str(refused)


def _ctx_site_only(books: Books, e: Any) -> list[str]:
    return _site_of(books, e.site_id)


def corrupt_positions(books: Books) -> frozenset[int]:
    """The positions in ``books.entries`` of the corrupt entries (not data: skip them)."""
    return frozenset(c.position for c in books.corrupt)
