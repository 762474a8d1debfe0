"""``croupier tournament check|run`` and ``croupier bench tournament`` (issue 19). Everything is
in ``croupier.service.tournaments``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import app, bench_app
from croupier.cli.common import console, reports_errors

tournament_app = typer.Typer(
    no_args_is_help=True, help="Twenty-one and poker tournaments (99-01.3-08-15, 99-01.3-09)."
)
app.add_typer(tournament_app, name="tournament")

GOAL_SECONDS = 60.0


@tournament_app.command("check")
@reports_errors
def check_cmd(path: Annotated[Path, typer.Argument(help="A tournament rules file.")]) -> None:
    """Validate a tournament rules file (every problem at once, each with its section) and
    print the schedule to post (99-01.3-09-05.1)."""
    from croupier.service.tournaments import check

    console.print(check(path), highlight=False, markup=False)


@tournament_app.command("run")
@reports_errors
def run_cmd(path: Annotated[Path, typer.Argument(help="A tournament file (JSON).")]) -> None:
    """Run a tournament file (rules, steps, expectations): its registers and every difference
    from what it expects; exit 1 when it differs."""
    from croupier.service.tournaments import run

    result = run(path)
    for line in result.lines:
        console.print(line, highlight=False, markup=False)
    if result.differences:
        for d in result.differences:
            console.print(f"differs: {d}", highlight=False, markup=False)
        raise typer.Exit(1)
    console.print("as expected", highlight=False)


@bench_app.command("tournament")
@reports_errors
def bench_tournament_cmd(
    players: Annotated[int, typer.Option("--players", min=2, max=10_000)] = 1000,
    seed: Annotated[int, typer.Option("--seed")] = 1,
) -> None:
    """A poker tournament of random legal play from the draw to the last player: hands per
    second and the time to finish (goal: 1,000 players under 60 s on one core)."""
    from croupier.service.tournaments import bench

    r = bench(players, seed)
    verdict = "met" if players < 1000 or r.seconds < GOAL_SECONDS else "missed"
    console.print(
        f"tournament: {r.players:,} players, {r.hands:,} hands, {r.levels} levels, "
        f"{r.events:,} events in {r.seconds:.2f} s: {r.hands_per_second:,.0f} hands/second "
        f"(goal {GOAL_SECONDS:.0f} s for 1,000 players: {verdict})",
        highlight=False,
    )
