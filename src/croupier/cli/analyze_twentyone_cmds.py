"""``croupier analyze twentyone`` and ``croupier analyze threecard21-main``: the exact analysis
of a table's rules, the strategy chart and the tip bet (issue 18). Everything is in
``croupier.service.analysis.twentyone``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import analyze_app
from croupier.cli.common import console, reports_errors

Flag = Annotated[bool | None, typer.Option(show_default=False)]


@analyze_app.command("twentyone")
@reports_errors
def analyze_twentyone_cmd(
    rules: Annotated[
        Path | None, typer.Option("--rules", help="A twenty-one house rules file (N.D.).")
    ] = None,
    strategy: Annotated[
        str, typer.Option("--strategy", help="basic (total-dependent) or composition.")
    ] = "composition",
    chart: Annotated[
        Path | None, typer.Option("--chart", help="Write the strategy chart: .png, .pdf or .html.")
    ] = None,
    decks: Annotated[int | None, typer.Option("--decks", help="1 to 8 decks.")] = None,
    h17: Annotated[
        bool | None, typer.Option("--h17/--s17", help="The dealer hits or stands on soft 17.")
    ] = None,
    double_on: Annotated[
        str | None, typer.Option("--double-on", help="any, 9-11 or 10-11.")
    ] = None,
    das: Annotated[bool | None, typer.Option("--das/--no-das", help="Double after split.")] = None,
    split_hands: Annotated[
        int | None, typer.Option("--split-hands", help="Hands a pair may become (1 to 4).")
    ] = None,
    rsa: Annotated[bool | None, typer.Option("--rsa/--no-rsa", help="Resplit aces.")] = None,
    hsa: Annotated[bool | None, typer.Option("--hsa/--no-hsa", help="Hit split aces.")] = None,
    surrender: Annotated[
        bool | None, typer.Option("--surrender/--no-surrender", help="Late surrender.")
    ] = None,
    dealer_natural: Annotated[
        str | None,
        typer.Option("--dealer-natural", help="peek, original-bets-only or all-bets."),
    ] = None,
    blackjack_pays: Annotated[
        str | None, typer.Option("--blackjack-pays", help="A natural's payoff, e.g. 3:2 or 6:5.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """The exact expected return of a table's rules from a full shoe (combinatorial, not
    simulated), basic or composition-dependent strategy, each two-card hand's expectations, the
    tip bet's economics and the strategy chart. Options change the rules one by one; a rule set
    N.D. does not allow is analysed and marked so."""
    from croupier.service.analysis.twentyone import Options, analyze_twentyone, write_chart

    options = Options(
        decks, h17, double_on, das, split_hands, rsa, hsa, surrender, dealer_natural,
        blackjack_pays,
    )  # fmt: skip
    report = analyze_twentyone(rules, strategy, options)
    if as_json:
        print(json.dumps(report.to_dict(), indent=1))
    else:
        for line in report.lines():
            console.print(line, highlight=False, markup=False)
    if chart is not None:
        size = write_chart(report, chart)
        console.print(f"wrote {chart} ({size:,} bytes)", highlight=False)


@analyze_app.command("threecard21-main")
@reports_errors
def analyze_threecard21_main_cmd(
    rules: Annotated[
        Path | None, typer.Option("--rules", help="A Three Card 21 house rules file.")
    ] = None,
) -> None:
    """The exact expected return of Three Card 21's main wager under optimal play
    (N.J.A.C. 13:69F-2C, a table with a card reader)."""
    from croupier.service.analysis.twentyone import analyze_threecard21_main

    for line in analyze_threecard21_main(rules):
        console.print(line, highlight=False, markup=False)
