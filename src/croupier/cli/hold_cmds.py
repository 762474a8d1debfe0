"""``croupier analyze hold``: whether a dealer's low percent-of-hold is explained by chance
(99-01.3-08-04.8). Everything is in ``croupier.service.books.hold_chance``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import analyze_app
from croupier.cli.books_common import Db, Org
from croupier.cli.common import console, database_url, reports_errors


@analyze_app.command("hold")
@reports_errors
def analyze_hold_cmd(
    dealer: Annotated[str, typer.Option("--dealer", help="The dealer's employee id.")],
    quarter: Annotated[str, typer.Option("--quarter", help="The quarter, e.g. 2026Q1.")],
    rules: Annotated[
        Path | None, typer.Option("--rules", help="The table's twenty-one house rules file.")
    ] = None,
    average_wager: Annotated[
        str, typer.Option("--average-wager", help="Average initial wager in dollars (assumed).")
    ] = "$5",
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            help="Rounds simulated for the game's edge and variance.",
            min=1,
            max=1_000_000_000,
        ),
    ] = 1 << 22,
    seed: Annotated[int, typer.Option("--seed", help="The simulation's seed.")] = 1,
    edge_percent: Annotated[
        float | None,
        typer.Option(
            "--edge-percent",
            help="The house's edge against this site's players, in percent, instead of the "
            "basic-strategy edge (players who depart from basic strategy give the house more).",
        ),
    ] = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """The chance, in a fair game, of a dealer's twenty-one percent-of-hold as low as recorded
    in a quarter, and whether chance explains a hold under 10% (99-01.3-08-04.8)."""
    from croupier.service.books.hold_chance import analyze_hold

    result = analyze_hold(
        database_url(db),
        org or os.environ.get("CROUPIER_ORG"),
        dealer,
        quarter,
        rules,
        average_wager,
        rounds,
        seed,
        edge_percent,
    )
    for line in result.lines():
        console.print(line, highlight=False)
