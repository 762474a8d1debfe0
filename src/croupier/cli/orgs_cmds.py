"""``croupier orgs add|list``: the organizations one database (one server) serves (issue 29)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from croupier.cli.apps import app
from croupier.cli.common import Db, console, database_url, reports_errors

orgs_app = typer.Typer(
    help="Organizations served by one croupier server (each with its own people, books, "
    "tables and tournaments).",
    no_args_is_help=True,
)
app.add_typer(orgs_app, name="orgs")


@orgs_app.command("add")
@reports_errors
def add(
    org: Annotated[str, typer.Argument(help="The organization's id, no spaces or dots.")],
    owner: Annotated[
        str,
        typer.Option(
            "--owner",
            help="Its owner's account: an existing one is given the owner's role there, a new "
            "one is made with a one-time password, printed once.",
        ),
    ],
    db: Db = None,
) -> None:
    """Serve another organization: its own people, books, live tables and tournaments."""
    from croupier.service.server.serve import add_organization

    made = add_organization(database_url(db), org, owner)
    said = f"serving organization [bold]{escape(made.org.org_id)}[/]; owner {escape(owner)}"
    if made.password is not None:
        said += (
            " (a new account; one-time password, shown once, changed at the first sign-in: "
            f"[bold]{escape(made.password)}[/])"
        )
    console.print(said, soft_wrap=True)
    if not made.has_books:
        console.print(
            f"its books start with `croupier books init {escape(made.org.org_id)} NAME --db ...`",
            soft_wrap=True,
        )


@orgs_app.command("list")
@reports_errors
def list_(db: Db = None) -> None:
    """List the organizations this database serves."""
    from croupier.service.server.serve import list_organizations

    table = Table(title="Organizations")
    for column in ("organization", "since", "stream names"):
        table.add_column(column)
    for o in list_organizations(database_url(db)):
        names = "unqualified (the first)" if o.legacy else f"live-{o.org_id}.*"
        table.add_row(Text(o.org_id), o.created_at.date().isoformat(), Text(names))
    console.print(table, soft_wrap=True)
