"""``croupier books setup|add-site|add-table|add-employee|receive-chips|fund``: set up an
organization (the first phase). The day's operations are in ``books_day_cmds``, the count and
close in ``books_close_cmds``, poker and ticket cards in ``books_game_cmds`` and the reports in
``books_report_cmds``; importing this module registers them all."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.books import operations as ops
from croupier.books.model import Affiliation, Game, Role, parse_chips
from croupier.cli.books_common import At, Db, Org, _do, _money, _now, books_app
from croupier.cli.common import reports_errors
from croupier.core.errors import InvalidInput


@books_app.command("setup")
@reports_errors
def setup(
    org_id: str, name: str, db: Db = None, first_fill: int = 1, first_credit: int = 1
) -> None:
    """Register the organization whose books these are."""
    _do(
        db,
        org_id,
        lambda b: ops.register_organization(b, org_id, name, first_fill, first_credit),
        name,
    )


@books_app.command("add-site")
@reports_errors
def add_site(
    site: str,
    name: str,
    db: Db = None,
    org: Org = None,
    surveilled: Annotated[bool, typer.Option("--surveilled/--no-surveilled")] = False,
    seasonal: bool = False,
) -> None:
    """Register a site (with or without video surveillance)."""
    _do(db, org, lambda b: ops.register_site(b, site, name, surveilled, seasonal), site)


@books_app.command("add-table")
@reports_errors
def add_table(
    site: str,
    number: int,
    game: Annotated[str, typer.Argument(help="21 or PW")],
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a numbered table at a site."""
    try:
        g = Game(game.upper())
    except ValueError as exc:
        raise InvalidInput(f"a game is 21 or PW, got {game!r}") from exc
    _do(db, org, lambda b: ops.register_table(b, site, number, g), f"{site} table {number}")


@books_app.command("add-employee")
@reports_errors
def add_employee(
    employee_id: str,
    name: str,
    initials: str,
    role: Annotated[list[str], typer.Option("--role", help="e.g. dealer, 'pit boss'")],
    affiliation: Annotated[
        str, typer.Option(help="gaming|nongaming|independent|representative")
    ] = "gaming",
    supervisor: str | None = None,
    household: str | None = None,
    relative: Annotated[list[str] | None, typer.Option("--relative")] = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Register an employee or count-team person."""
    try:
        roles = tuple(Role(r.replace("-", " ").lower()) for r in role)
    except ValueError as exc:
        raise InvalidInput(f"roles are {', '.join(r.value for r in Role)}") from exc
    aff = {
        "gaming": Affiliation.GAMING_EMPLOYEE,
        "nongaming": Affiliation.NONGAMING_EMPLOYEE,
        "independent": Affiliation.INDEPENDENT_PERSON,
        "representative": Affiliation.REPRESENTATIVE,
    }.get(affiliation)
    if aff is None:
        raise InvalidInput("affiliation is gaming, nongaming, independent or representative")
    _do(
        db,
        org,
        lambda b: ops.register_employee(
            b, employee_id, name, initials, roles, aff, supervisor, household, tuple(relative or ())
        ),
        name,
    )


@books_app.command("receive-chips")
@reports_errors
def receive_chips(
    site: str,
    chips: Annotated[str, typer.Argument(help="e.g. 1x500,5x400")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Chips bought by the organization, into the site's chip bank."""
    lines, when = parse_chips(chips), _now(db, org, at)
    _do(db, org, lambda b: ops.receive_chip_inventory(b, site, lines, when), chips)


@books_app.command("fund")
@reports_errors
def fund(site: str, amount: str, db: Db = None, org: Org = None, at: At = None) -> None:
    """Cash into the site's cash bank."""
    when = _now(db, org, at)
    _do(db, org, lambda b: ops.fund_cash_bank(b, site, _money(amount), when), amount)


import croupier.cli.books_close_cmds  # noqa: E402  (registers the count and close)
import croupier.cli.books_day_cmds  # noqa: E402  (registers the day's operations)
import croupier.cli.books_game_cmds  # noqa: E402  (registers poker and ticket commands)
import croupier.cli.books_report_cmds  # noqa: E402, F401  (registers the report commands)
