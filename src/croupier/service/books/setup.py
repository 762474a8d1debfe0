"""Requests of the set-up commands: ``croupier books init|add-site|add-table|add-employee|
receive-chips|fund``. Each function reads what was typed and returns a ``Request``."""

from __future__ import annotations

from croupier.books import operations as ops
from croupier.books.model import Affiliation, Chips, Game, Role
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money
from croupier.core.names import ascii_digits
from croupier.service.books.input import amount, chips, describe_chips, ids, numbers
from croupier.service.books.service import Request

AFFILIATIONS = {
    "gaming": Affiliation.GAMING_EMPLOYEE,
    "nongaming": Affiliation.NONGAMING_EMPLOYEE,
    "independent": Affiliation.INDEPENDENT_PERSON,
    "representative": Affiliation.REPRESENTATIVE,
}


def init(org_id: str, name: str, first_fill: int = 1, first_credit: int = 1) -> Request:
    """Register the organization whose books these are (its fields are checked before
    ``books init`` creates a database)."""
    ops.check_organization(org_id, name, first_fill, first_credit)
    return Request(
        name,
        lambda b, _when: ops.register_organization(b, org_id, name, first_fill, first_credit),
        timed=False,
    )


def add_site(site: str, name: str, surveilled: bool, seasonal: bool) -> Request:
    return Request(
        f"site {site} ({name})",
        lambda b, _when: ops.register_site(b, site, name, surveilled, seasonal),
        timed=False,
    )


def game_of(game: str) -> Game:
    """A game by its slip reference: 21 or PW (99-01.3-08-05.3.a)."""
    try:
        return Game(game.strip().upper())
    except ValueError:
        raise InvalidInput(f"a game is 21 or PW, got {game!r}") from None


def add_table(site: str, number: int, game: str) -> Request:
    g = game_of(game)
    return Request(
        f"{site} table {number} ({g.value})",
        lambda b, _when: ops.register_table(b, site, number, g),
        timed=False,
    )


def add_employee(
    employee_id: str,
    name: str,
    initials: str,
    roles: list[str],
    affiliation: str,
    supervisor: str | None,
    household: str | None,
    relatives: list[str],
) -> Request:
    try:
        parsed = tuple(Role(r.replace("-", " ").strip().lower()) for r in roles)
    except ValueError:
        raise InvalidInput(f"roles are {', '.join(r.value for r in Role)}") from None
    aff = AFFILIATIONS.get(affiliation.strip().lower())
    if aff is None:
        raise InvalidInput("affiliation is gaming, nongaming, independent or representative")
    kin = tuple(r for text in relatives for r in ids(text, "relative's id"))
    return Request(
        f"{name} ({employee_id})",
        lambda b, _when: ops.register_employee(
            b, employee_id, name, initials, parsed, aff, supervisor, household, kin
        ),
        timed=False,
    )


def receive_chips(site: str, typed: str) -> Request:
    lines = chips(typed, "chips received")
    return Request(
        f"{describe_chips(lines)} into the chip bank at {site}",
        lambda b, when: ops.receive_chip_inventory(b, site, lines, when),
        site=site,
    )


def fund(site: str, typed: str) -> Request:
    cents = amount(typed, "the amount")
    return Request(
        f"{format_money(cents)} into the cash bank at {site}",
        lambda b, when: ops.fund_cash_bank(b, site, cents, when),
        site=site,
    )


def prior_activity(
    site: str,
    quarter: str,
    table_days: str | None,
    gross: str | None,
    over_five: str | None,
    by: str,
    audited_by: str,
) -> Request:
    """The audited entry of a site's activity in a quarter before these books began
    (``books.prior``). ``table_days`` are ``TABLE=DAYS`` pairs (``1=40,2=13``), ``over_five``
    the tables that accepted a wager over $5 then (``2,3``)."""
    from croupier.books.prior import prior_activity as build
    from croupier.books.quarters import Quarter

    q = Quarter.parse(quarter)
    by_table: dict[int, int] = {}
    for item in (table_days or "").split(","):
        if not item.strip():
            continue
        table, sep, days = item.partition("=")
        digits = all(x.strip().isascii() and x.strip().isdigit() for x in (table, days))
        if not sep or not digits:
            raise InvalidInput(f"a table's use is TABLE=DAYS (1=40), got {item.strip()!r}")
        if int(table) in by_table:
            raise InvalidInput(f"table {int(table)}'s days are given twice")
        by_table[int(table)] = int(days)
    cents = amount(gross, "the twenty-one gross proceeds") if gross else None
    high = (
        frozenset(numbers(over_five, "the tables with a wager over $5"))
        if over_five
        else frozenset()
    )
    shown = f", twenty-one gross proceeds {format_money(cents)}" if cents is not None else ""
    return Request(
        f"{site} {q}: tables' days of use {by_table or 'none'}{shown}",
        lambda b, when: build(b, site, q, when, by_table, cents, high, by, audited_by),
        site=site,
    )


def opening_balances(
    site: str,
    cash_bank: str,
    chip_bank: str | None,
    jar_bar: str | None,
    trays: list[str],
    outstanding: str | None,
    by: str,
    audited_by: str,
) -> Request:
    """The audited opening entry of a site that starts keeping its books here mid-life
    (``books.opening``). ``trays`` are ``TABLE=CHIPS`` (``1=5x40,1x100``)."""
    from croupier.books.opening import opening_balances as build

    cash = amount(cash_bank, "the opening cash bank")
    bank = chips(chip_bank, "the opening chip bank") if chip_bank else ()
    jar = chips(jar_bar, "the opening jar bar") if jar_bar else ()
    out = chips(outstanding, "the chips outstanding") if outstanding else ()
    by_table: dict[int, Chips] = {}
    for item in trays:
        table, sep, lines = item.partition("=")
        if not sep or not ascii_digits(table.strip()):
            raise InvalidInput(f"a tray is TABLE=CHIPS (1=5x40,1x100), got {item!r}")
        number = int(table)
        if number in by_table:
            raise InvalidInput(f"table {number}'s tray is given twice")
        by_table[number] = chips(lines, f"the tray of table {number}")
    return Request(
        f"{site}: cash bank {format_money(cash)}, chip bank, trays and chips outstanding",
        lambda b, when: build(b, site, when, cash, bank, jar, by_table, out, by, audited_by),
        site=site,
    )
