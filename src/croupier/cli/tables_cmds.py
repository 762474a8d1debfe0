"""``croupier tables rounds|export``: a live table's rounds, and one as its round file (the
dispute record, 99-01.3-08-11.17), from the database the server keeps them in."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import tables_app
from croupier.cli.common import Db as DbOption
from croupier.cli.common import console, database_url, reports_errors
from croupier.core.money import format_money


def _org() -> str | None:
    """The organization of a database that serves several: ``$CROUPIER_ORG`` (else the first)."""
    return os.environ.get("CROUPIER_ORG") or None


@tables_app.command("rounds")
@reports_errors
def rounds_cmd(
    table: Annotated[str, typer.Argument(help="The live table's id, e.g. bj-1.")],
    db: DbOption = None,
) -> None:
    """Every round of a live table: when it was dealt and settled, by whom, and what each party
    was paid (to find a disputed round by its time)."""
    from rich.table import Table

    from croupier.service.tables.rounds import rounds_at

    found = rounds_at(database_url(db), table, _org())
    out = Table(title=f"Table {table}: rounds")
    for column in ("round", "dealt (UTC)", "by", "settled (UTC)", "paid"):
        out.add_column(column, justify="right" if column == "round" else "left")
    for r in found:
        paid = ", ".join(f"{p} {format_money(n)}" for p, n in sorted(r.parties.items()))
        out.add_row(
            str(r.number),
            r.started_at.strftime("%Y-%m-%d %H:%M:%S"),
            r.started_by,
            r.settled_at.strftime("%Y-%m-%d %H:%M:%S") if r.settled_at else "in play",
            paid,
        )
    console.print(out)


@tables_app.command("export")
@reports_errors
def export_cmd(
    table: Annotated[str, typer.Argument(help="The live table's id, e.g. bj-1.")],
    number: Annotated[int, typer.Argument(help="The round's number (from 1).", min=1)],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write the round file here (default: standard output)."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Write a settled round of a live table as its round file, its expect block the settlement
    that was paid; `croupier replay --check` plays it back and agrees (99-01.3-08-11.17)."""
    from croupier.service.tables.rounds import round_file_at

    text = json.dumps(round_file_at(database_url(db), table, number, _org()), indent=1) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    from croupier.service.files import write_text

    write_text(out, text)
    console.print(f"round {number} of table {table} written to {out}", highlight=False)
