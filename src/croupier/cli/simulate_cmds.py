"""``croupier simulate twentyone --rules FILE --rounds N [--seed S] [--players K]
[--workers W | --scheduler ADDRESS] [--json]``: Monte Carlo over whole shoes, on a Dask cluster.

Everything game-specific is in ``croupier.service.analysis.simulate_twentyone``, imported inside the
command so ``--help`` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.apps import app
from croupier.cli.common import console, reports_errors
from croupier.cli.progress import slow_progress

if TYPE_CHECKING:
    from croupier.service.analysis.simulate_twentyone import SimulationReport

simulate_app = typer.Typer(
    help="Monte Carlo simulation of a game under a table's house rules.", no_args_is_help=True
)
app.add_typer(simulate_app, name="simulate")


MAX_ROUNDS = 1_000_000_000
"""The most rounds one run deals (more would hold the machine for hours, or run out of memory)."""
MAX_WORKERS = 256
"""The most worker processes of a local cluster."""


@simulate_app.command("twentyone")
@reports_errors
def twentyone_cmd(
    rules: Annotated[
        Path | None, typer.Option("--rules", help="Twenty-one house rules (TOML or JSON).")
    ] = None,
    rounds: Annotated[
        int, typer.Option("--rounds", help="Rounds dealt at the table.", min=1, max=MAX_ROUNDS)
    ] = 10_000_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed, the same figures.")] = 1,
    players: Annotated[
        int, typer.Option("--players", help="Players at the table (1-7), each one space.")
    ] = 1,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            help="Worker processes of a local Dask cluster (default: the cores; 0: this process).",
            show_default=False,
            min=0,
            max=MAX_WORKERS,
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler", help="Address of an existing Dask scheduler (tcp://host:port)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Simulate whole shoes of twenty-one as dealt here, each player on basic strategy: mean
    return, its confidence interval, variance and hold."""
    from croupier.service.analysis import simulate_twentyone as service

    with slow_progress("rounds", not as_json) as progress:
        report = service.simulate(rules, rounds, seed, players, workers, scheduler,
                                  progress=progress)  # fmt: skip
    if as_json:
        console.print_json(json.dumps(report.to_dict()))
    else:
        _print(report)


def _print(report: SimulationReport) -> None:
    from rich.table import Table

    s = report.summary
    r = report.rules
    method = {
        "peek": "dealer peeks (card-reading device)",
        "no-peek-original-bets-only": "no peek, original bets only",
        "no-peek-all-bets": "no peek, all bets lost",
    }[r.dealer_natural.value]
    console.print(
        f"{r.decks} decks, dealer {'hits' if r.dealer_hits_soft_17 else 'stands on'} soft 17, "
        f"{method}{'' if r.hole_card else ' (no hole card)'}, split to {r.max_hands} hands; "
        f"{report.strategy}; {report.players} player(s)",
        highlight=False,
    )
    table = Table(title=f"Twenty-one: {report.rounds:,} rounds, seed {report.seed}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    lo, hi = s.ci95
    rows = [
        ("mean return per initial wager", f"{s.mean * 100:+.4f}%"),
        ("standard error", f"{s.standard_error * 100:.4f}%"),
        ("95% confidence interval", f"{lo * 100:+.4f}% .. {hi * 100:+.4f}%"),
        ("variance per round (seats' mean)", f"{s.variance_per_round:.4f}"),
        ("variance per hand (one seat)", f"{s.variance_per_hand:.4f}"),
        ("initial wagers", f"{s.initial_wagers:,}"),
        ("handle (initial wagers)", f"{s.handle:,.1f}"),
        ("house win (initial wagers)", f"{s.house_win:,.1f}"),
        ("win per initial wager", f"{s.win_per_initial_wager * 100:.4f}%"),
        ("hold of handle", f"{s.hold_of_handle * 100:.4f}%"),
        ("shoes (rounds per shoe)", f"{s.shoes:,} ({s.rounds_per_shoe:.1f})"),
        ("where", f"{report.where}, {report.chunks} chunk(s)"),
        ("seconds (and start-up)", f"{report.seconds:.2f} ({report.setup_seconds:.2f})"),
        ("rounds per second", f"{report.rounds_per_second:,.0f}"),
        ("hands per second", f"{report.hands_per_second:,.0f}"),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
