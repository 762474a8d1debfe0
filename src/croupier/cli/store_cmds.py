"""``croupier verify`` and ``croupier db upgrade|streams``: the event store from a shell."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from croupier.cli.apps import app
from croupier.cli.common import Db as DbOption
from croupier.cli.common import console, database_url, reports_errors

db_app = typer.Typer(help="The event store's database: schema and streams.", no_args_is_help=True)
app.add_typer(db_app, name="db")


@app.command()
@reports_errors
def verify(
    db: DbOption = None,
    anchor: Annotated[
        str | None,
        typer.Option(
            "--anchor",
            help="Also prove the history against a printed anchor (the line, or a file with it).",
            show_default=False,
        ),
    ] = None,
    public_key: Annotated[
        str | None,
        typer.Option(
            "--public-key",
            help="The anchor's public key (default: $CROUPIER_ANCHOR_PUBLIC_KEY).",
            show_default=False,
        ),
    ] = None,
    books: Annotated[
        bool,
        typer.Option(
            "--books",
            help="Also replay every organization's books from the first entry, each entry and "
            "each balances-brought-forward checked (an audit: it reads the whole history).",
        ),
    ] = False,
    record: Annotated[
        bool,
        typer.Option(
            "--record",
            help="Run the full check (every chain, the guards, the chain of anchors) and keep "
            "its result for the status page; what runs in the background after each close.",
        ),
    ] = False,
) -> None:
    """Check every event stream's hash chain and the append-only guards; exit 1 if any link
    is broken or any guard is missing."""
    from croupier.service.database.store import missing_guards
    from croupier.service.database.store import verify as check

    if record:
        from croupier.service.database.store import record_full_check

        run = record_full_check(database_url(db))
        console.print(run.describe(), highlight=False, soft_wrap=True)
        if run.problem is not None:
            raise typer.Exit(1)
        return

    proven = None if anchor is None else _prove(database_url(db), anchor, public_key)
    checks = check(database_url(db))
    books_sound = _audit_books(database_url(db)) if books else True
    for name in missing_guards(database_url(db)):
        if name.startswith("row security of "):
            said = (
                f"[bold red]organizations not kept apart by the database[/]: {name} was "
                "turned off or its policy dropped (croupier's own checks still apply; "
                "`croupier db upgrade` on a database at this revision does not restore it: "
                "restore it with the database's owner, docs/web.md)"
            )
        else:
            said = (
                f"[bold red]append-only guard missing[/]: trigger {name} was dropped or disabled "
                "(the hash chains and anchors still prove the history; restore the trigger with "
                "the database's owner)"
            )
        console.print(said, highlight=False, soft_wrap=True)
        books_sound = False
    if proven is not None and all(c.broken_at is None for c in checks):
        # proven, and the events after the anchor chain too: one line
        console.print(f"{proven}; all {len(checks)} chains intact", highlight=False, soft_wrap=True)
        if not books_sound:
            raise typer.Exit(1)
        return
    if proven is not None:
        console.print(proven, highlight=False, soft_wrap=True)
    table = Table(title="Event streams")
    table.add_column("stream")
    table.add_column("events", justify="right")
    table.add_column("chain")
    for found in checks:
        if found.broken_at is None:
            status = Text("ok", style="green")
        else:
            status = Text(f"broken at seq {found.broken_at}", style="red")
            status.append(f": {found.kind} ({found.detail})")
        table.add_row(Text(found.stream), str(found.events), status)
    console.print(table, soft_wrap=True)
    broken = sum(1 for c in checks if c.broken_at is not None)
    if broken:
        console.print(f"[bold red]{broken} of {table.row_count} streams broken[/]")
        raise typer.Exit(1)
    console.print(f"[green]all {table.row_count} chains intact[/]")
    if not books_sound:
        raise typer.Exit(1)


def _audit_books(url: str) -> bool:
    """Print what replaying each organization's books found; False if an entry is corrupt."""
    from croupier.service.database.store import audit_books

    sound = True
    for audit in audit_books(url):
        if audit.corrupt:
            sound = False
            for line in audit.corrupt:
                console.print(f"[bold red]{line}[/]", highlight=False, soft_wrap=True)
        else:
            console.print(
                f"books {audit.org_id!r}: {audit.entries:,} entries replayed, "
                f"{audit.checkpoints:,} balances brought forward, every one adds up",
                highlight=False,
                soft_wrap=True,
            )
    return sound


@db_app.command("upgrade")
@reports_errors
def upgrade(db: DbOption = None) -> None:
    """Create the database's tables, or migrate them to this croupier's schema."""
    from croupier.service.database.store import upgrade as migrate

    migrate(database_url(db))
    console.print("database schema is up to date")


@db_app.command("streams")
@reports_errors
def streams(
    db: DbOption = None,
    prefix: Annotated[str, typer.Option(help="Only streams whose name starts with this.")] = "",
) -> None:
    """List the event streams and their versions (number of events)."""
    from croupier.service.database.store import stream_versions

    versions = stream_versions(database_url(db), prefix)
    table = Table(title="Event streams")
    table.add_column("stream")
    table.add_column("version", justify="right")
    for name in sorted(versions):
        table.add_row(Text(name), str(versions[name]))
    console.print(table, soft_wrap=True)


def _prove(url: str, anchor: str, public_key: str | None) -> str:
    """Prove the history against a printed anchor: exit 1 naming the first stream that does
    not match, else the line to print."""
    from croupier.service.database.anchors import prove

    found = prove(url, anchor, public_key)
    if not found.proven:
        console.print(
            f"[bold red]NOT PROVEN[/]: anchor of {found.signed_at}: {found.problem}",
            highlight=False,
            soft_wrap=True,
        )
        raise typer.Exit(1)
    return (
        f"[green]proven[/]: the stored history matches the anchor signed {found.signed_at} "
        f"({found.streams} streams, {found.events} events; later events are not covered by it)"
    )


@db_app.command("backup")
@reports_errors
def backup(
    out: Annotated[Path, typer.Argument(help="The new backup file (never overwritten).")],
    db: DbOption = None,
) -> None:
    """Copy the SQLite database to a new file, consistent even while it is written."""
    from croupier.service.database.backup import backup as copy

    count = copy(database_url(db), out)
    console.print(f"backed up {count:,} events to {out}", highlight=False, soft_wrap=True)


@db_app.command("restore")
@reports_errors
def restore(
    backup_file: Annotated[Path, typer.Argument(help="A file made by `croupier db backup`.")],
    db: DbOption = None,
    public_key: Annotated[
        str | None,
        typer.Option(
            "--public-key",
            help="The anchors' public key (default: $CROUPIER_ANCHOR_PUBLIC_KEY).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Restore a backup into a new SQLite database, then verify it and prove it against its
    newest anchor; exit 1 if either fails."""
    from croupier.service.database.backup import restore as put_back

    url = database_url(db)
    done = put_back(backup_file, url, public_key)
    console.print(f"restored {done.streams} streams, {done.events:,} events", highlight=False)
    failed = False
    for broken in done.broken:
        console.print(f"[red]broken chain[/]: {broken}", highlight=False, soft_wrap=True)
        failed = True
    for name in done.missing_guards:
        console.print(
            f"[bold red]append-only guard missing[/]: trigger {name} (a backup croupier made "
            "has every guard: this one was altered)",
            highlight=False,
            soft_wrap=True,
        )
        failed = True
    if done.anchor_at is not None and not done.anchor_problem:
        console.print(
            f"[green]proven[/] against the anchor signed {done.anchor_at}", highlight=False
        )
    else:
        where = f"anchor signed {done.anchor_at}: " if done.anchor_at else ""
        console.print(
            f"[bold red]NOT PROVEN[/]: {where}{done.anchor_problem}",
            highlight=False,
            soft_wrap=True,
        )
        failed = True
    if failed:
        console.print(
            f"the restored copy ({url}) is kept for inspection; do not keep books in it",
            highlight=False,
            soft_wrap=True,
        )
        raise typer.Exit(1)
