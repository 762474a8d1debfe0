"""``croupier equity`` and ``croupier bench eval``: poker equity and evaluator benchmarks.

Light at import (``--help`` answers at once): the work is in
``croupier.service.analysis.equity``, which
imports numpy and the kernels only when a command runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.apps import app, bench_app
from croupier.cli.common import console, reports_errors
from croupier.cli.progress import slow_progress
from croupier.core.cards import format_cards
from croupier.service.analysis.equity import Game

if TYPE_CHECKING:
    from rich.table import Table

    from croupier.service.analysis.equity import EquityResult

"""A Monte Carlo run shows a progress bar once it has taken this long."""


def _table(result: EquityResult) -> Table:
    from rich.table import Table

    how = "exact, every board" if result.exact else "Monte Carlo"
    title = f"{result.game.value} equity over {result.boards:,} boards ({how})"
    if result.board:
        title += f"; board {format_cards(result.board)}"
    if result.dead:
        title += f"; dead {format_cards(result.dead)}"
    table = Table(title=title)
    for name in ("hand", "wins", "ties", "losses", "equity"):
        table.add_column(name, justify="left" if name == "hand" else "right")
    if not result.exact:
        table.add_column("95% interval", justify="right")
    for p in result.players:
        row = [
            format_cards(p.hole, ""),
            f"{p.wins:,}",
            f"{p.ties:,}",
            f"{p.losses:,}",
            f"{float(p.equity) * 100:.4f}%",
        ]
        if p.ci95 is not None:
            row.append(f"{p.ci95[0] * 100:.3f}% .. {p.ci95[1] * 100:.3f}%")
        table.add_row(*row)
    return table


@app.command("equity")
@reports_errors
def equity_command(
    hands: Annotated[list[str], typer.Argument(help="Two or more hands, e.g. AhKh QsQd.")],
    board: Annotated[str, typer.Option(help="Known board cards, e.g. '2c7d9h'.")] = "",
    dead: Annotated[str, typer.Option(help="Dead cards, out of the deck.")] = "",
    game: Annotated[Game, typer.Option(help="holdem, omaha or omaha-hilo.")] = Game.HOLDEM,
    trials: Annotated[
        int | None, typer.Option(help="Monte Carlo with this many boards instead of all.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the Monte Carlo boards.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Showdown equity: every board enumerated, or --trials random boards (seeded)."""
    from croupier.service.analysis import equity as service

    with slow_progress("boards", enabled=not as_json and console.is_terminal) as progress:
        result = service.equity(hands, board, dead, game, trials, seed, progress)
    if as_json:
        console.print_json(json.dumps(service.equity_json(result)))
    else:
        console.print(_table(result))


@bench_app.command("eval")
@reports_errors
def bench_eval(
    as_json: Annotated[bool, typer.Option("--json", help="Print every figure as JSON.")] = False,
    enumerate_all: Annotated[
        bool, typer.Option("--enumerate", help="Also count all 133,784,560 seven-card hands.")
    ] = False,
    count: Annotated[int, typer.Option(help="Hands per croupier kernel run.")] = 2_000_000,
    ompeval: Annotated[
        Path | None,
        typer.Option(
            envvar="CROUPIER_OMPEVAL",
            help="A checkout of github.com/zekyll/OMPEval: built and run beside croupier.",
        ),
    ] = None,
) -> None:
    """Hands per second of croupier's kernels against eval7, phevaluator, treys, pokerkit,
    pkrbot (one thread), and the seconds of the exhaustive AhKh v QsQd preflop equity."""
    from rich.table import Table

    from croupier.service.bench.runs import eval_bench

    say = None if as_json else (lambda label: console.print(f"[dim]measuring {label}...[/]"))
    bench, data = eval_bench(count, enumerate_all, say, ompeval)
    if as_json:
        console.print_json(json.dumps(data))
        return
    table = Table(title="hands per second, one thread")
    table.add_column("library")
    for kind in bench.kinds:
        table.add_column(kind, justify="right")
    for lib, rates in bench.rates.items():
        table.add_row(lib, *(f"{rates[k]:,.0f}" if k in rates else "-" for k in bench.kinds))
    console.print(table)
    console.print(f"{bench.equity_label}: {bench.equity_seconds:.4f} s (1,712,304 boards)")
    if bench.equity_typed is not None:
        console.print(
            f"croupier equity AhKh QsQd as typed (whole process, median of 5): "
            f"{bench.equity_typed:.3f} s",
            highlight=False,
        )
    if bench.ompeval is not None:
        om = bench.ompeval
        console.print(
            f"OMPEval (C++, one thread, same run): 7-card {om.seven_card_rate:,.0f} hands/s; "
            f"exhaustive AhKh v QsQd {om.equity_seconds:.4f} s ({om.evaluations:,} showdowns "
            f"evaluated); AhKh's equity {om.equity_first:.9f} (croupier "
            f"{bench.equity_first:.9f})",
            highlight=False,
        )
    for name, ratio in data["ratios"].items():
        console.print(f"{name}: {ratio:,.1f}x")
    for lib, why in bench.skipped.items():
        console.print(f"[yellow]skipped {lib}[/]: {why}")
    if bench.census is not None:
        console.print(f"all seven-card hands in {bench.census_seconds:.2f} s:")
        for name, n in bench.census.items():
            console.print(f"  {name:>16}: {n:,}")
