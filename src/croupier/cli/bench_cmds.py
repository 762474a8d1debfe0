"""``croupier bench cli``: how long ``croupier --help`` and every ``croupier CMD --help`` take."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from croupier.cli.apps import bench_app
from croupier.cli.common import console, reports_errors

BUDGET_SECONDS = 0.3
"""What a help page may take (issue 15)."""


def help_command_lines() -> list[list[str]]:
    """``--help`` of the root, of every group and of every command, from the command table."""
    from croupier.cli.command_table import COMMANDS, GROUPS

    lines = [["--help"]] + [[g.name, "--help"] for g in GROUPS]
    lines += [[*([c.group] if c.group else []), c.name, "--help"] for c in COMMANDS]
    return lines


@bench_app.command("cli")
@reports_errors
def bench_cli(
    runs: Annotated[int, typer.Option(help="Runs of each command (the median is shown).")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print the timings as JSON.")] = False,
) -> None:
    """Wall time of croupier --help and of every croupier CMD --help (median of --runs runs, each
    a new process), against the 0.3 s budget."""
    from rich.table import Table

    from croupier.service.bench.commands import time_commands

    timings = time_commands(help_command_lines(), runs)
    if as_json:
        data = [
            {"command": t.command, "median": t.median, "worst": t.worst, "exit": t.exit_code}
            for t in timings
        ]
        console.print_json(json.dumps(data))
        return
    table = Table(title=f"help pages, median of {runs} runs (budget {BUDGET_SECONDS} s)")
    for column in ("command", "median s", "worst s", ""):
        table.add_column(column, justify="left" if column == "command" else "right")
    for t in timings:
        mark = "" if t.median < BUDGET_SECONDS and t.exit_code == 0 else "[red]over[/]"
        if t.exit_code:
            mark = f"[red]exit {t.exit_code}[/]"
        table.add_row(t.command, f"{t.median:.3f}", f"{t.worst:.3f}", mark)
    console.print(table)
    over = [t for t in timings if t.median >= BUDGET_SECONDS]
    console.print(f"{len(timings) - len(over)} of {len(timings)} within {BUDGET_SECONDS} s")
