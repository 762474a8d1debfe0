"""``croupier tournament check|run|post`` and ``croupier bench tournament`` (issue 19). Everything
is in ``croupier.service.tournaments`` and ``croupier.service.tournament_books`` (post)."""

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


@tournament_app.command("post")
@reports_errors
def post_cmd(
    path: Annotated[
        Path, typer.Argument(help="A tournament file (JSON) of a finished poker tournament.")
    ],
    occasion: Annotated[str, typer.Option("--occasion", help="The books' poker occasion id.")],
    utc_offset: Annotated[
        str | None,
        typer.Option(
            "--utc-offset", help="UTC offset of the file's times, e.g. -05:00 (if they have none)."
        ),
    ] = None,
    director: Annotated[
        str | None,
        typer.Option(
            "--director", help="Employee directing (default: the rules' director, by id or name)."
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db).",
            show_default=False,
        ),
    ] = None,
    org: Annotated[
        str | None,
        typer.Option(
            "--org", help="Organization id (default: $CROUPIER_ORG, else org).", show_default=False
        ),
    ] = None,
) -> None:
    """Record a finished poker tournament's fees, starts, prizes and redeemed buy-ins in the
    books, in time order, all at once or nothing (99-01.3-09-01, -03.4.d, f, -07.1)."""
    import os

    from croupier.cli.common import database_url
    from croupier.service.tournament_books import post

    org_id = org or os.environ.get("CROUPIER_ORG") or "org"
    result = post(database_url(db), org_id, path, occasion, utc_offset, director)
    console.print(f"posted {result.entries} books entries", highlight=False)
    for line in result.lines:
        console.print(line, highlight=False, markup=False)


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
