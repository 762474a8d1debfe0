"""``croupier books init|setup|add-site|add-table|add-employee|receive-chips|fund``: set up an
organization (the first phase). The day's operations are in ``books_day_cmds``, the count and
close in ``books_close_cmds``, poker and ticket cards in ``books_game_cmds`` and the reports in
``books_report_cmds``; importing this module registers them all.

Every command has the shape of ``books_common.record``; the service modules are imported
inside the commands so that ``--help`` imports no database library."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cli.books_common import AMOUNTS, At, Db, Org, books_app, record
from croupier.cli.common import reports_errors

OrgId = Annotated[
    str,
    typer.Argument(
        help="The organization's id, no spaces (e.g. post1); the other commands take it as --org."
    ),
]
OrgName = Annotated[str, typer.Argument(help="The organization's name as the records show it.")]
FirstFill = Annotated[
    int,
    typer.Option(
        help="Number of the first fill slip the books issue; the slips are numbered in sequence "
        "from it (99-01.3-08-05.2)."
    ),
]
FirstCredit = Annotated[
    int,
    typer.Option(
        help="Number of the first credit slip the books issue; the slips are numbered in "
        "sequence from it (99-01.3-08-05.2)."
    ),
]
Site = Annotated[str, typer.Argument(help="The site's id, e.g. S1.")]
Table = Annotated[int, typer.Argument(help="The table number at the site, e.g. 1.")]


def _init(org_id: str, name: str, db: str | None, first_fill: int, first_credit: int) -> None:
    from croupier.service.books import setup as s

    record(db, org_id, None, s.init(org_id, name, first_fill, first_credit), create=True)


@books_app.command("init")
@reports_errors
def init(
    org_id: OrgId,
    name: OrgName,
    db: Db = None,
    first_fill: FirstFill = 1,
    first_credit: FirstCredit = 1,
) -> None:
    """Create the books of an organization (and the database, if it does not exist yet).

    The only books command that creates anything: every other one refuses a database or an
    organization that does not exist."""
    _init(org_id, name, db, first_fill, first_credit)


@books_app.command("setup")
@reports_errors
def setup(
    org_id: OrgId,
    name: OrgName,
    db: Db = None,
    first_fill: FirstFill = 1,
    first_credit: FirstCredit = 1,
) -> None:
    """Register the organization whose books these are.

    The same as ``croupier books init`` (kept for existing scripts)."""
    _init(org_id, name, db, first_fill, first_credit)


@books_app.command("add-site")
@reports_errors
def add_site(
    site: Annotated[str, typer.Argument(help="A short id for the site, no spaces (e.g. S1).")],
    name: Annotated[str, typer.Argument(help="The site's name as the records show it.")],
    db: Db = None,
    org: Org = None,
    surveilled: Annotated[
        bool,
        typer.Option(
            "--surveilled/--no-surveilled",
            help="The site's tables are watched by video surveillance cameras (99-01.3-08-04).",
        ),
    ] = False,
    seasonal: Annotated[
        bool,
        typer.Option(
            help="The site is seasonal: without video surveillance, its need for cameras is "
            "judged on the active quarters of the fiscal year (99-01.3-08-04)."
        ),
    ] = False,
) -> None:
    """Register a site (with or without video surveillance)."""
    from croupier.service.books import setup as s

    record(db, org, None, s.add_site(site, name, surveilled, seasonal))


@books_app.command("add-table")
@reports_errors
def add_table(
    site: Site,
    number: Annotated[
        int,
        typer.Argument(
            help="The table's number, 1 or more; its drop box carries the same number "
            "(99-01.3-08-02.2)."
        ),
    ],
    game: Annotated[str, typer.Argument(help="21 or PW")],
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a numbered table at a site."""
    from croupier.service.books import setup as s

    record(db, org, None, s.add_table(site, number, game))


@books_app.command("add-employee")
@reports_errors
def add_employee(
    employee_id: Annotated[
        str, typer.Argument(help="A short id for the person, no spaces (e.g. d1); used by --by.")
    ],
    name: Annotated[str, typer.Argument(help="The person's full name.")],
    initials: Annotated[
        str, typer.Argument(help="The initials the person signs slips and counts with, e.g. JD.")
    ],
    role: Annotated[list[str], typer.Option("--role", help="e.g. dealer, 'pit boss'")],
    affiliation: Annotated[
        str, typer.Option(help="gaming|nongaming|independent|representative")
    ] = "gaming",
    supervisor: Annotated[
        str | None,
        typer.Option(
            help="Employee id of the person's direct supervisor (already registered): the two "
            "may not count a drop box together (99-01.3-08-14.2)."
        ),
    ] = None,
    household: Annotated[
        str | None,
        typer.Option(
            help="Any id naming the person's household: people with the same household may not "
            "count a drop box together (99-01.3-08-14.2)."
        ),
    ] = None,
    relative: Annotated[
        list[str] | None,
        typer.Option(
            "--relative",
            help="Employee id of a relative, comma-separated or repeated: relatives may not "
            "count a drop box together (99-01.3-08-14.2).",
        ),
    ] = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Register an employee or count-team person."""
    from croupier.service.books import setup as s

    request = s.add_employee(
        employee_id, name, initials, role, affiliation, supervisor, household, relative or []
    )
    record(db, org, None, request)


@books_app.command("receive-chips")
@reports_errors
def receive_chips(
    site: Site,
    chips: Annotated[str, typer.Argument(help="e.g. 1x500,5x400")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Chips bought by the organization, into the site's chip bank."""
    from croupier.service.books import setup as s

    record(db, org, at, s.receive_chips(site, chips))


@books_app.command("fund", **AMOUNTS)
@reports_errors
def fund(
    site: Site,
    amount: Annotated[str, typer.Argument(help="dollars, e.g. 2000 or $2,000.00")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Cash into the site's cash bank."""
    from croupier.service.books import setup as s

    record(db, org, at, s.fund(site, amount))


@books_app.command("opening-balances", **AMOUNTS)
@reports_errors
def opening_balances(
    site: Site,
    cash_bank: Annotated[str, typer.Option("--cash-bank", help="Cash in the cash bank, dollars.")],
    by: Annotated[str, typer.Option("--by", help="The gaming manager who prepares the entry.")],
    audited_by: Annotated[str, typer.Option("--audited-by", help="The auditor who checked it.")],
    chip_bank: Annotated[
        str | None, typer.Option("--chip-bank", help="Chips in the chip bank, e.g. 1x200,5x100.")
    ] = None,
    jar_bar: Annotated[str | None, typer.Option("--jar-bar", help="Chips in the jar bar.")] = None,
    tray: Annotated[
        list[str] | None, typer.Option("--tray", help="A table's tray, TABLE=CHIPS (repeat).")
    ] = None,
    outstanding: Annotated[
        str | None, typer.Option("--outstanding", help="Chips still with players.")
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """The audited opening entry of a site whose books start here mid-life: its cash bank,
    chip bank, jar bar, trays and chips outstanding, once, before any activity."""
    from croupier.service.books import setup as s

    request = s.opening_balances(
        site, cash_bank, chip_bank, jar_bar, tray or [], outstanding, by, audited_by
    )
    record(db, org, at, request)


@books_app.command("prior-activity", **AMOUNTS)
@reports_errors
def prior_activity(
    site: Site,
    quarter: Annotated[
        str, typer.Argument(help="A quarter before these books began at the site, e.g. 2025Q3.")
    ],
    by: Annotated[str, typer.Option("--by", help="The gaming manager who prepares the entry.")],
    audited_by: Annotated[
        str, typer.Option("--audited-by", help="The auditor who checked it against the records.")
    ],
    table_days: Annotated[
        str | None,
        typer.Option(
            "--table-days",
            help="Each table's days of use in the quarter, TABLE=DAYS, e.g. 1=40,2=13 "
            "(table rent, 99-01.3-08-01).",
        ),
    ] = None,
    gross: Annotated[
        str | None,
        typer.Option(
            "--gross",
            help="The site's twenty-one gross proceeds of the quarter, dollars (the video "
            "surveillance test, 99-01.3-08-04).",
        ),
    ] = None,
    over_five: Annotated[
        str | None,
        typer.Option(
            "--over-five",
            help="The tables that accepted a wager over $5 in the quarter, e.g. 2,3 (the $300 "
            "rent ceiling).",
        ),
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """The audited entry of a site's activity in a quarter before its books began here: each
    table's days of use and the twenty-one gross proceeds, which table rent and the surveillance
    test read from the quarters before."""
    from croupier.service.books import setup as s

    request = s.prior_activity(site, quarter, table_days, gross, over_five, by, audited_by)
    record(db, org, at, request)


@books_app.command("rent", **AMOUNTS)
@reports_errors
def rent(
    site: Site,
    table: Table,
    month: Annotated[str, typer.Argument(help="The month the rent is for, YYYY-MM.")],
    amount: Annotated[str, typer.Argument(help="Dollars paid, e.g. 200 or $200.00.")],
    by: Annotated[str, typer.Option("--by", help="Who recorded the payment.")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a month's rent paid for a table; the quarterly report finds rent above what the
    table's usage allows (99-01.3-08-01)."""
    from croupier.service.books import rent as s

    record(db, org, at, s.pay_rent(site, table, month, amount, by))


import croupier.cli.books_close_cmds  # noqa: E402  (registers the count and close)
import croupier.cli.books_day_cmds  # noqa: E402  (registers the day's operations)
import croupier.cli.books_game_cmds  # noqa: E402  (registers poker and ticket commands)
import croupier.cli.books_report_cmds  # noqa: E402, F401  (registers the report commands)
