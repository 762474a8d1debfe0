"""``croupier verify`` and ``croupier db upgrade|streams``: the event store from a shell."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from croupier.cli.apps import app
from croupier.cli.common import console, database_url, reports_errors
from croupier.store import open_store

db_app = typer.Typer(help="The event store's database: schema and streams.", no_args_is_help=True)
app.add_typer(db_app, name="db")

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db).",
        show_default=False,
    ),
]


@app.command()
@reports_errors
def verify(db: DbOption = None) -> None:
    """Check every event stream's hash chain; exit 1 if any link is broken."""
    with open_store(database_url(db), upgrade=False) as store:
        versions = store.stream_versions()
        breaks = {b.stream: b for b in store.verify()}
    table = Table(title="Event streams")
    table.add_column("stream")
    table.add_column("events", justify="right")
    table.add_column("chain")
    for name in sorted(set(versions) | set(breaks)):
        found = breaks.get(name)
        if found is None:
            status = Text("ok", style="green")
        else:
            status = Text(f"broken at seq {found.seq}", style="red")
            status.append(f": {found.kind.value} ({found.detail})")
        table.add_row(Text(name), str(versions.get(name, 0)), status)
    console.print(table, soft_wrap=True)
    if breaks:
        console.print(f"[bold red]{len(breaks)} of {table.row_count} streams broken[/]")
        raise typer.Exit(1)
    console.print(f"[green]all {table.row_count} chains intact[/]")


@db_app.command("upgrade")
@reports_errors
def upgrade(db: DbOption = None) -> None:
    """Create the database's tables, or migrate them to this croupier's schema."""
    url = database_url(db)
    with open_store(url):
        pass
    console.print("database schema is up to date")


@db_app.command("streams")
@reports_errors
def streams(
    db: DbOption = None,
    prefix: Annotated[str, typer.Option(help="Only streams whose name starts with this.")] = "",
) -> None:
    """List the event streams and their versions (number of events)."""
    with open_store(database_url(db), upgrade=False) as store:
        versions = store.stream_versions(prefix)
    table = Table(title="Event streams")
    table.add_column("stream")
    table.add_column("version", justify="right")
    for name in sorted(versions):
        table.add_row(Text(name), str(versions[name]))
    console.print(table, soft_wrap=True)
