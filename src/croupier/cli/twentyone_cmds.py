"""Twenty-one commands: ``croupier play twentyone``, ``croupier disclosure twentyone``,
``croupier bench twentyone``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.apps import bench_app, disclosure_app, play_app
from croupier.cli.common import console, database_url, reports_errors
from croupier.cli.progress import slow_progress
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money, parse_money

"""The bench shows a progress bar once it has run this long."""


@play_app.command("twentyone")
@reports_errors
def play_twentyone(
    seed: Annotated[int | None, typer.Option(help="Seed the shuffle (reproducible).")] = None,
    rules: Annotated[
        Path | None, typer.Option("--rules", help="House rules file (TOML or JSON).")
    ] = None,
    db: Annotated[str | None, typer.Option("--db", help="Database URL.")] = None,
    spaces: Annotated[
        int, typer.Option(help="Betting spaces to play: 1, or 2 adjacent (-01.2).", min=1, max=2)
    ] = 1,
    space: Annotated[
        int, typer.Option("--space", help="Your (first) betting space, 1-7.", min=1, max=7)
    ] = 1,
    table_name: Annotated[str, typer.Option("--table", help="Table stream name.")] = "table-1",
    bankroll: Annotated[
        str,
        typer.Option(help="Buy-in in dollars when you sit down (a new table, or after you left)."),
    ] = "100.00",
    player: Annotated[str, typer.Option("--player", help="Your name at the table.")] = "player",
) -> None:
    """Play twenty-one against the dealer at a terminal table (99-01.3-08).

    Every step is saved: quit (or lose the terminal) and run the same command to resume.
    """
    from rich.panel import Panel

    from croupier.cli.twentyone_play import Session
    from croupier.service.games import twentyone as service

    if space + spaces - 1 > 7:
        raise InvalidInput(
            f"space {space} has no betting space to its right; a player's second space must be "
            "adjacent (99-01.3-08-01.2): choose --space 1 to 6"
        )
    house = service.house_rules(rules)
    buy_in = parse_money(bankroll, "--bankroll")
    if buy_in <= 0:
        raise InvalidInput(f"--bankroll must be more than $0.00, not {format_money(buy_in)}")
    table = service.open_table(
        database_url(db), house, seed=seed, player=player, chips=buy_in, table=table_name
    )
    posted = table.rules or house
    console.print(Panel(service.disclosure(posted), title="Posted rules (99-01.3-08-13)"))
    if rules is not None and posted != house:
        console.print(
            f"[yellow]note:[/] table {table_name!r} was opened with the rules posted above; "
            "--rules applies only to a new table (use --table NAME)."
        )
    Session(table, tuple(range(space, space + spaces)), buy_in).run()


@disclosure_app.command("twentyone")
@reports_errors
def disclosure_twentyone(
    rules: Annotated[Path, typer.Option("--rules", help="House rules file (TOML or JSON).")],
    fmt: Annotated[str, typer.Option("--format", help="text, html or pdf.")] = "text",
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file.")] = None,
) -> None:
    """The posted house-rules and player-rules handout with the felony notice (99-01.3-08-13)."""
    from croupier.service.files import write_bytes, write_text
    from croupier.service.games import twentyone as service

    house = service.house_rules(rules)
    if fmt == "text":
        payload: str | bytes = service.disclosure(house)
    elif fmt == "html":
        payload = service.disclosure_html(house)
    elif fmt == "pdf":
        if out is None:
            raise InvalidInput("--format pdf needs --out FILE")
        payload = service.disclosure_pdf(house)
    else:
        raise InvalidInput(f"unknown format {fmt!r}: use text, html or pdf")
    if out is None:
        console.print(payload, highlight=False, markup=False)
        return
    if isinstance(payload, bytes):
        write_bytes(out, payload)
    else:
        write_text(out, payload)
    console.print(f"wrote {out}")


@bench_app.command("twentyone")
@reports_errors
def bench_twentyone(
    rounds: Annotated[int, typer.Option(help="Rounds to settle.", min=1)] = 1_000_000,
    seed: Annotated[int, typer.Option(help="Seed of the random bot.")] = 0,
    math: Annotated[
        bool,
        typer.Option(
            "--math/--no-math",
            help="Also time the exact analysis of every N.D. example and the simulation.",
        ),
    ] = True,
    sim_rounds: Annotated[
        int, typer.Option("--sim-rounds", help="Rounds simulated (1 and 2 workers).", min=0)
    ] = 1 << 25,
) -> None:
    """Settle random legal rounds under random valid house rules; print rounds per second.
    With --math (the default) also the exact analysis's time per N.D. rule set and the
    simulation's rounds per second on 1 and 2 workers, beside named peers' figures."""
    from croupier.service.bench.runs import twentyone_bench

    with slow_progress("rounds") as progress:
        result = twentyone_bench(rounds, seed, progress)
    console.print(
        f"twentyone: settled {result.rounds:,} rounds under {result.rule_sets:,} random house "
        f"rule sets in {result.seconds:.1f} s: {result.rounds_per_second:,.0f} rounds/second"
    )
    if not math:
        return
    from croupier.service.bench import twentyone_math as bm

    examples = bm.nd_examples()
    exact = bm.exact_lines(examples)
    sim = bm.sim_lines(examples[0], sim_rounds) if sim_rounds and examples else []
    for line in bm.lines(exact, sim):
        console.print(line, highlight=False)
    console.print(bm.typed_line().line(), highlight=False)
