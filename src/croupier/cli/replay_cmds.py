"""``croupier replay FILE``: play a round file back through its game's engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from croupier.cli.apps import app
from croupier.cli.common import console, read_text, reports_errors
from croupier.core.money import format_money
from croupier.games.registry import get_game
from croupier.games.roundfile import compare_settlement, parse_round_text


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
    round_file = parse_round_text(read_text(file, "round file"), str(file))
    spec = get_game(round_file.game)
    result = spec.replay(round_file)
    settlement = result.settlement
    diffs: list[str] = []
    if check:
        if round_file.expect is None:
            console.print(f"[red]{file}: --check needs an 'expect' block[/]")
            raise typer.Exit(1)
        diffs = compare_settlement(round_file.expect, settlement, str(file))
    if as_json:
        out = settlement.to_dict()
        if check:
            out["check"] = {"ok": not diffs, "differences": diffs}
        console.print_json(json.dumps(out))
    else:
        if transcript:
            for line in result.transcript:
                console.print(line, highlight=False)
        table = Table(title=f"{spec.title}: {round_file.title or file.name}")
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
        for key, value in settlement.details.items():
            console.print(f"{key}: {json.dumps(value)}", highlight=False)
    if check:
        if diffs:
            console.print("[bold red]settlement differs from expect:[/]")
            for line in diffs:
                console.print(f"  - {line}", highlight=False)
            raise typer.Exit(1)
        if not as_json:
            console.print("[green]settlement matches expect[/]")
