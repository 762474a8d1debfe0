"""Checks shared by the books commands. Each raises ``RuleViolation`` (or ``InvalidInput``)
before any event exists, so a refused command changes nothing."""

from __future__ import annotations

from datetime import date, datetime

from croupier.books.model import Chips, Employee, Game, Role, Table, Token, check_identifier
from croupier.books.state import Books, ShiftKey, ShiftRecord
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.money import format_money

RECORDS = "99-01.3-08-16"


def stamp(at: datetime) -> str:
    """An event time: timezone-aware ISO 8601."""
    if at.tzinfo is None:
        raise InvalidInput(f"time {at!r} has no timezone; books times must be timezone-aware")
    return at.isoformat()


def require_org(books: Books) -> None:
    if books.org_id is None:
        raise InvalidInput("no organization is set up; run 'croupier books init' first")


def employee(books: Books, employee_id: str) -> Employee:
    check_identifier(employee_id, "employee id")
    try:
        return books.employees[employee_id]
    except KeyError:
        raise InvalidInput(f"no employee {employee_id!r} in the books") from None


def require_role(
    books: Books, employee_id: str, roles: tuple[Role, ...], what: str, section: str
) -> Employee:
    """The employee, who must hold one of ``roles`` to do ``what``."""
    person = employee(books, employee_id)
    if not person.has(*roles):
        allowed = ", ".join(r.value for r in roles)
        article = "an" if allowed[:1] in ("a", "e", "i", "o", "u") else "a"
        raise RuleViolation(
            f"{person.name} ({', '.join(sorted(r.value for r in person.roles))}) may not {what}; "
            f"only {article} {allowed} may",
            section,
        )
    return person


def require_site(books: Books, site_id: str) -> None:
    check_identifier(site_id, "site id")
    if site_id not in books.sites:
        raise InvalidInput(f"no site {site_id!r} in the books")


def require_table(books: Books, site_id: str, number: int) -> Table:
    require_site(books, site_id)
    try:
        return books.tables[(site_id, number)]
    except KeyError:
        raise InvalidInput(f"no table {number} at site {site_id!r}") from None


def require_open_day(books: Books, site_id: str, day: date) -> str:
    """The ISO day, which must be open at the site: a closed day takes no more entries."""
    require_site(books, site_id)
    iso = day.isoformat()
    record = books.days.get((site_id, iso))
    if record is None and not books.day_known(site_id, iso):
        raise InvalidInput(f"the gaming day {iso} is not open at site {site_id!r}")
    if record is None or record.closed is not None:  # a day before the books' window is closed
        raise RuleViolation(
            f"the gaming day {iso} at site {site_id!r} is closed; its records are kept as they "
            "are and a correction is a new entry that references the corrected one",
            RECORDS,
        )
    return iso


def require_open_shift(books: Books, site_id: str, table: int) -> tuple[ShiftKey, ShiftRecord]:
    require_table(books, site_id, table)
    key = books.sites[site_id].open_shift.get(table)
    if key is None:
        raise InvalidInput(f"table {table} at site {site_id!r} is not open")
    return key, books.shifts[key]


def require_positive(value: int, what: str) -> None:
    """An amount of money above zero (said in dollars, as a person typed it)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be a whole number of cents, got {value!r}")
    if value <= 0:
        raise InvalidInput(f"{what} must be more than $0.00, got {format_money(value)}")


def require_game_chips(books: Books, site_id: str, table: int, lines: Chips, what: str) -> None:
    """The chips at a table are its game's (found by an audit: nothing checked them): betting
    chips are a paddlewheel's (99-01.3-11-03.4), so a twenty-one table takes casino chips
    only (99-01.3-08-03.1); a paddlewheel's casino chips are $1, $2, $5, $25 and $100, with no
    fifty-cent chip (99-01.3-11-03.4)."""
    game = books.tables[(site_id, table)].game
    tokens = {line.token for line in lines if line.quantity}
    if game is Game.TWENTY_ONE and Token.BETTING_CHIP in tokens:
        raise RuleViolation(
            f"{what}: betting chips are a paddlewheel's; a twenty-one table takes casino chips",
            "99-01.3-08-03.1",
        )
    if game is Game.PADDLEWHEEL and Token.FIFTY_CENTS in tokens:
        raise RuleViolation(
            f"{what}: a paddlewheel's casino chips are $1, $2, $5, $25 and $100, not 50 cents",
            "99-01.3-11-03.4",
        )
