"""``croupier poker phh``, ``croupier play poker``, ``croupier disclosure poker``,
``croupier bench poker``: thin commands over ``croupier.service.games.poker`` (imported inside each
command: the service reaches the engine, numpy and the store)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from croupier.cli.apps import app, bench_app, disclosure_app, play_app
from croupier.cli.common import EXIT_REFUSED, console, err_console, reports_errors
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.money import parse_money

if TYPE_CHECKING:
    from croupier.service.games.poker import PhhReport, PokerTable

poker_app = typer.Typer(help="Poker (N.D. Admin. Code 99-01.3-09) tools.", no_args_is_help=True)
app.add_typer(poker_app, name="poker")


@poker_app.command("phh")
@reports_errors
def phh(
    files: Annotated[list[Path], typer.Argument(help="PHH hand histories (TOML), one hand each.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="ND's rules as at a live table: an action out of turn (-04.10), a show out of "
            "the -04.23 order, an unshown discard -04.24 forbids or a show after the award "
            "(-04.26) is refused. Default: replayed as recorded, each difference flagged.",
        ),
    ] = False,
    infer: Annotated[
        bool,
        typer.Option(
            "--infer-folds",
            help="With --strict: infer the omitted fold of a skipped player who has only "
            "forced bets in the pot and faces a bet (each one is flagged). Always on without "
            "--strict.",
        ),
    ] = False,
) -> None:
    """Replay PHH hand histories, records made elsewhere: final stacks checked against the
    record's, each difference from ND's rules flagged (--strict: refused).

    Without --strict the showdown order, unshown discards and a winner's voluntary show after
    everyone folded are taken from the record; each place where North Dakota's rules ask for
    something else (-04.23 order, -04.24 showing, -04.10 an omitted fold) is flagged with the
    section. The final stacks are compared with the file's finishing_stacks where it records
    them. Exit 2 if a file is refused, 1 if its finishing_stacks are not reproduced."""
    from croupier.service.games.poker import phh_reports, phh_summary

    reports = phh_reports(files, infer, strict)
    summary = phh_summary(reports)
    if as_json:
        out: object = reports[0].to_dict()
        if len(reports) > 1:
            out = {"files": [r.to_dict() for r in reports], "summary": summary.to_dict()}
        console.print_json(json.dumps(out))
    else:
        for report in reports:
            _phh_text(report)
        if len(reports) > 1:
            console.print(summary.describe(), highlight=False, soft_wrap=True)
    for report in reports:
        if report.refused is not None:
            err_console.print(
                f"[bold red]error:[/] {escape(Path(report.file).name)}: {escape(report.refused)}",
                highlight=False,
                soft_wrap=True,
            )
    if summary.refused:
        raise typer.Exit(EXIT_REFUSED)
    if summary.different:
        raise typer.Exit(1)


def _phh_text(report: PhhReport) -> None:
    name = Path(report.file).name
    if report.refused is not None:
        console.print(f"{escape(name)}: not replayed", highlight=False)
        return
    table = Table(title=f"{escape(name)} ({report.mode})")
    table.add_column("player")
    table.add_column("name")
    table.add_column("final stack", justify="right")
    recorded = report.recorded_stacks
    if recorded is not None:
        table.add_column("recorded", justify="right")
    for k, p in enumerate(report.players):
        row = [p.player, escape(p.name), p.final_stack]
        table.add_row(*(row if recorded is None else [*row, recorded[k]]))
    console.print(table)
    for line in report.flag_lines:
        console.print("flag: " + escape(line), highlight=False, soft_wrap=True)
    for line in report.show_lines:
        console.print("voluntary show: " + escape(line), highlight=False, soft_wrap=True)
    if report.matches is not None:
        console.print("finishing_stacks: " + ("reproduced" if report.matches else "DIFFERENT"))
    elif report.inferred_lines:
        console.print("finishing_stacks: not recorded; the inferred folds are unconfirmed")
    else:
        console.print("finishing_stacks: not recorded; the final stacks are unchecked")


@disclosure_app.command("poker")
@reports_errors
def disclosure_cmd(
    rules: Annotated[
        Path | None, typer.Option("--rules", help="Table rules (JSON or TOML).")
    ] = None,
) -> None:
    """Print the poker house and player rules handout (99-01.3-09-06)."""
    from croupier.service.games.poker import disclosure_text

    console.print(disclosure_text(rules), highlight=False)


def _say(lines: list[str]) -> None:
    for line in lines:
        console.print(escape(line), highlight=False, soft_wrap=True)


def _your_move(table: PokerTable) -> None:
    """Ask the person until a move is accepted; a refused or unreadable move is reported (with
    its section) and asked again. The end of stdin stops the game."""
    while True:
        console.print(escape(table.turn().describe()), highlight=False, soft_wrap=True)
        line = sys.stdin.readline()
        if not line:
            raise InvalidInput("no more input")
        try:
            _say(table.move(line))
            return
        except CroupierError as exc:
            console.print(
                f"  [red]{escape(str(exc))}[/] - your move again", highlight=False, soft_wrap=True
            )


@play_app.command("poker")
@reports_errors
def play(
    rules: Annotated[
        Path | None, typer.Option("--rules", help="Table rules (JSON or TOML).")
    ] = None,
    bots: Annotated[int, typer.Option(help="Number of bots.")] = 2,
    hands: Annotated[int, typer.Option(help="Hands to play.")] = 1,
    stack: Annotated[
        str, typer.Option(help="Each player's starting chips in dollars (20, $20, 12.50).")
    ] = "20",
    button: Annotated[
        int | None,
        typer.Option(help="First button at a set position (default: dealt for the high card)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed (testing only).")] = None,
) -> None:
    """Play poker at seat 1 against simple bots; moves are read from stdin. The table is a
    ``TableSession``: stacks carry over, the button moves (heads-up rule, -04.11) and a bot that
    loses all its chips leaves the table (-05.7).

    Moves: fold (f), check (k or x), call (c), bet X (b X), raise X (r X), where X is the
    amount in dollars to bet or raise to in this betting round (1, $1, 0.50); at the showdown
    show (s) or muck (m)."""
    from croupier.service.games.poker import PokerTable, table_rules

    table = PokerTable(table_rules(rules), bots, parse_money(stack, "stack"), seed)
    first = button
    if first is None:
        line, first = table.deal_for_button()
        console.print(escape(line), highlight=False, soft_wrap=True)
    for number in range(1, hands + 1):
        heading = table.begin_hand(first if number == 1 else None)
        console.print(f"[bold]{escape(heading)}[/]")
        while True:
            _say(table.play_others())
            if not table.in_progress():
                break
            _your_move(table)
        _say(table.finish())
        if not table.can_go_on():
            break


@bench_app.command("poker")
@reports_errors
def bench(
    hands: Annotated[int, typer.Option(help="Hands per engine and table size.")] = 300,
    seed: Annotated[int, typer.Option(help="Seed.")] = 2024,
    rounds: Annotated[
        int, typer.Option(help="Rounds the hands are split into, each timing both engines.")
    ] = 7,
    no_pokerkit: Annotated[bool, typer.Option("--no-pokerkit")] = False,
) -> None:
    """Hands per second of random fixed-limit hold'em and Omaha high-low, next to PokerKit's
    (and OpenSpiel's universal_poker heads-up, where it installs)."""
    from rich.progress import Progress

    from croupier.service.bench.runs import poker_bench as run_bench

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("poker bench", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        build, rows = run_bench(hands, seed, not no_pokerkit, rounds, advance)
    console.print(build)
    table = Table(title="poker: random legal fixed-limit hands per second")
    columns = ["variant", "players", "hands", "croupier h/s", "pokerkit h/s", "ratio", "range"]
    openspiel = any(row.openspiel_hps is not None for row in rows)  # its columns where it ran
    if openspiel:
        columns += ["openspiel h/s", "vs openspiel"]
    for column in columns:
        table.add_column(column, justify="right")
    for row in rows:
        cells = [
            row.variant,
            str(row.players),
            str(row.hands),
            f"{row.croupier_hps:,.0f}",
            "-" if row.pokerkit_hps is None else f"{row.pokerkit_hps:,.0f}",
            "-" if row.ratio is None else f"{row.ratio:.2f}x",
            "-" if not row.ratios else f"{min(row.ratios):.0f}-{max(row.ratios):.0f}x",
        ]
        if openspiel:
            cells.append("-" if row.openspiel_hps is None else f"{row.openspiel_hps:,.0f}")
            ratio = row.openspiel_ratio
            cells.append("-" if ratio is None else f"{ratio:.2f}x")
        table.add_row(*cells)
    console.print(table)
    console.print(
        f"Each table size in {rounds} rounds, both engines timed back to back in each: rates "
        "are the median round, ratio the median of the rounds' ratios, range their lowest "
        "and highest. Croupier's hands are played by the shared random legal player through "
        "the game protocol (play_randomly, Play, GAME.step). OpenSpiel's universal_poker "
        "plays where it can (hold'em, at most four players)."
    )
