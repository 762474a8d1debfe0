"""Three Card 21 "N" Done commands: terminal play, the posted disclosure, the bonus analysis.

``croupier play threecard21 [--seed N] [--rules FILE] [--bankroll $1000]``,
``croupier disclosure threecard21 --rules FILE``,
``croupier analyze threecard21-bonus --decks 6|7|8 [--paytable FILE] [--json]``.

Light at import (``--help`` answers at once): the work is in ``croupier.service.games.threecard21``,
imported when a command runs. Amounts are typed and shown in dollars.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from croupier.cli.apps import analyze_app, disclosure_app, play_app
from croupier.cli.common import console, reports_errors
from croupier.cli.progress import slow_progress
from croupier.core.errors import CroupierError, RuleViolation
from croupier.core.money import format_money, parse_money

if TYPE_CHECKING:
    from croupier.service.games.threecard21 import BonusReport, Option, TerminalTable

"""The bonus analysis shows a progress bar once it has taken this long."""


@disclosure_app.command("threecard21")
@reports_errors
def disclosure_cmd(
    rules: Annotated[Path, typer.Option("--rules", help="House rules (TOML or JSON).")],
    operator: Annotated[
        bool,
        typer.Option(
            "--operator",
            help="Add, for the operator (not posted), the round as written: the main wager, the "
            "bonus wager, both together and the house's expected hold, with a warning naming "
            "2C.5(b)1 when a round returns more than it takes.",
        ),
    ] = False,
) -> None:
    """The layout inscriptions and bonus paytable sign (N.J.A.C. 13:69E-1.10D(b), (c))."""
    from croupier.service.games.threecard21 import disclosure_text

    console.print(disclosure_text(rules), highlight=False, end="")
    if operator:
        from rich.markup import escape

        from croupier.service.analysis.twentyone import analyze_threecard21_main

        console.print("\nFor the operator, not posted: a round as written", highlight=False)
        for line in analyze_threecard21_main(rules):
            if not line.startswith("computed in"):
                console.print("  " + escape(line), highlight=False)


@analyze_app.command("threecard21-bonus")
@reports_errors
def analyze_bonus_cmd(
    decks: Annotated[int, typer.Option("--decks", help="6 or 8 decks (7 also allowed).")] = 6,
    paytable: Annotated[
        Path | None, typer.Option("--paytable", help="A paytable {name, pays} (TOML or JSON).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Exact probabilities of the bonus categories and the bonus wager's expected return."""
    from croupier.service.games.threecard21 import bonus_analysis

    with slow_progress("combinations", enabled=not as_json and console.is_terminal) as progress:
        report = bonus_analysis(decks, paytable, progress)
    if as_json:
        console.print_json(json.dumps(report.to_dict()))
        return
    _print_report(report)


def _print_report(report: BonusReport) -> None:
    from rich.table import Table

    table = Table(title=f"Three Card 21 bonus, {report.decks} decks, {report.paytable}")
    for col in ("category", "pays", "ways", "probability", "decimal", "return"):
        table.add_column(col, justify="left" if col in ("category", "pays") else "right")
    for row in report.rows:
        table.add_row(
            row.category,
            row.pays,
            f"{row.ways:,}",
            str(row.probability),
            f"{float(row.probability):.8f}",
            f"{float(row.contribution):+.6f}",
        )
    console.print(table)
    ev = report.expected_return
    console.print(
        f"hands C({52 * report.decks},3) = {report.hands:,}; expected return per unit = "
        f"{ev} = {float(ev):+.6f}; house edge {float(report.house_edge) * 100:.4f}%",
        highlight=False,
    )


# -- terminal play --------------------------------------------------------------------------------


def _show(table: TerminalTable) -> None:
    from rich.table import Table

    shown = Table(title='Three Card 21 "N" Done')
    shown.add_column("hand")
    shown.add_column("cards")
    shown.add_column("total", justify="right")
    for row in table.rows():
        shown.add_row(*row)
    console.print(shown)
    for line in table.news():
        console.print(f"  {line}", highlight=False)


def _choose(options: list[Option]) -> tuple[Option, int | None]:
    """The person's choice, and the amount in dollars for a double or an insurance bet."""
    keys = {o.key: o for o in options}
    for o in options:
        console.print(escape(f"  [{o.key}] {o.label}"), highlight=False)
    while True:
        answer = str(typer.prompt("your choice", default=options[0].key)).strip().lower()
        choice = keys.get(answer)
        if choice is None:
            console.print(f"choose one of {', '.join(keys)}")
            continue
        if choice.limit is None:
            return choice, None
        text = typer.prompt(
            f"amount (up to {format_money(choice.limit)})", default=format_money(choice.limit)
        )
        try:
            return choice, parse_money(str(text))
        except CroupierError as exc:
            console.print(f"[red]{escape(str(exc))}[/]")


def _play_round(table: TerminalTable) -> None:
    while not table.is_over():
        _show(table)
        option, amount = _choose(table.options())
        try:
            table.decide(option, amount)
        except RuleViolation as exc:
            console.print(f"[red]refused:[/] {escape(exc.detail)} ({exc.section})")


@play_app.command("threecard21")
@reports_errors
def play_threecard21(
    seed: Annotated[int | None, typer.Option("--seed", help="Seeded shuffle (practice).")] = None,
    rules_file: Annotated[
        Path | None, typer.Option("--rules", help="House rules (TOML or JSON).")
    ] = None,
    bankroll: Annotated[str, typer.Option("--bankroll", help="Your chips to start.")] = "$1000",
) -> None:
    """Play Three Card 21 "N" Done at the terminal, one person at space 1."""
    from croupier.service.games.threecard21 import TerminalTable, house_rules

    table = TerminalTable(house_rules(rules_file), seed, parse_money(bankroll, "--bankroll"))
    while True:
        console.print(f"\nYour chips: {format_money(table.chips)}", highlight=False)
        try:
            text = str(
                typer.prompt(
                    "wager on each of the two areas (q to leave)", default=table.table_minimum
                )
            )
        except typer.Abort:
            break
        if text.strip().lower() in ("q", "quit"):
            break
        try:
            table.start(parse_money(text))
        except CroupierError as exc:
            console.print(f"[red]{escape(str(exc))}[/]")
            continue
        try:
            _play_round(table)
        except typer.Abort:
            break
        _show(table)
        _settlement, lines, reshuffled = table.finish()
        for line in lines:
            console.print(f"  {line}", highlight=False)
        if reshuffled:
            console.print("The cutting card came out: the cards are reshuffled (2C.4(h)).")
    console.print(f"You leave with {format_money(table.chips)}.", highlight=False)
