"""``croupier replay FILE``: play a round file back through its game's engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import app
from croupier.cli.common import console, reports_errors
from croupier.core.money import format_money


@app.command()
@reports_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A round file (docs/round-files.md).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the settlement as JSON.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Exit non-zero if the settlement differs from expect.")
    ] = False,
    transcript: Annotated[
        bool, typer.Option("--transcript", help="Also print the dealer's play-by-play.")
    ] = False,
) -> None:
    """Replay a round (a disputed hand, 99-01.3-08-11.17) and print its settlement."""
    from rich.table import Table

    from croupier.service.games.replay import replay_file

    report = replay_file(file, check)
    settlement = report.settlement
    if as_json:
        console.print_json(json.dumps(report.to_dict()))
    else:
        if transcript:
            for line in report.transcript:
                console.print(line, highlight=False)
        table = Table(title=f"{report.game_title}: {report.round_title or file.name}")
        for column in ("space", "hand", "bet", "player", "stake", "result", "net", "to"):
            table.add_column(column, justify="right" if column in ("stake", "net") else "left")
        for w in sorted(settlement.wagers, key=lambda w: w.key()):
            table.add_row(
                str(w.space),
                str(w.hand),
                w.kind,
                w.player or "",
                format_money(w.stake),
                w.result.value,
                format_money(w.net),
                w.destination or "",
            )
        console.print(table)
        for party, net in sorted(settlement.parties.items()):
            console.print(f"{party}: {format_money(net)}", highlight=False)
        for key, value in settlement.details.items():
            console.print(f"{key}: {json.dumps(value)}", highlight=False)
    if check:
        if not report.ok:
            console.print("[bold red]settlement differs from expect:[/]")
            for line in report.differences:
                console.print(f"  - {line}", highlight=False)
            raise typer.Exit(1)
        if not as_json:
            console.print("[green]settlement matches expect[/]")
