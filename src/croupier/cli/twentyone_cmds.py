"""Twenty-one commands: ``croupier play twentyone``, ``croupier disclosure twentyone``,
``croupier bench twentyone``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel

from croupier.cli.apps import bench_app, disclosure_app, play_app
from croupier.cli.common import console, database_url, read_text, reports_errors
from croupier.core.errors import InvalidInput
from croupier.core.money import parse_money
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.twentyone.disclosure import disclosure, disclosure_html, sections
from croupier.games.twentyone.rules import HouseRules, rules_from_dict


def _load_rules(path: Path | None) -> HouseRules:
    if path is None:
        return rules_from_dict({})
    try:
        data = json.loads(read_text(path, "house rules file"))
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{path} is not valid JSON: {exc}") from exc
    return rules_from_dict(data)


@play_app.command("twentyone")
@reports_errors
def play_twentyone(
    seed: Annotated[int | None, typer.Option(help="Seed the shuffle (reproducible).")] = None,
    rules: Annotated[Path | None, typer.Option("--rules", help="House rules JSON.")] = None,
    db: Annotated[str | None, typer.Option("--db", help="Database URL.")] = None,
    spaces: Annotated[
        int, typer.Option(help="Betting spaces to play: 1, or 2 adjacent (-01.2).", min=1, max=2)
    ] = 1,
    space: Annotated[
        int, typer.Option("--space", help="Your (first) betting space, 1-7.", min=1, max=7)
    ] = 1,
    table_name: Annotated[str, typer.Option("--table", help="Table stream name.")] = "table-1",
    bankroll: Annotated[str, typer.Option(help="Buy-in for a new table.")] = "100.00",
) -> None:
    """Play twenty-one against the dealer at a terminal table (99-01.3-08).

    Every step is saved: quit (or lose the terminal) and run the same command to resume.
    """
    from croupier.cli.twentyone_play import Session
    from croupier.service.twentyone_table import TwentyOneTable
    from croupier.store import open_store

    if space + spaces - 1 > 7:
        raise InvalidInput(
            f"space {space} has no betting space to its right; a player's second space must be "
            "adjacent (99-01.3-08-01.2): choose --space 1 to 6"
        )
    house = _load_rules(rules)
    store = open_store(database_url(db))
    rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
    table = TwentyOneTable.open_or_resume(
        store, rng, house, bankroll=parse_money(bankroll), stream=f"twentyone/{table_name}"
    )
    posted = table.rules or house
    console.print(Panel(disclosure(posted), title="Posted rules (99-01.3-08-13)"))
    if rules is not None and posted != house:
        console.print(
            f"[yellow]note:[/] table {table_name!r} was opened with the rules posted above; "
            "--rules applies only to a new table (use --table NAME)."
        )
    Session(table, tuple(range(space, space + spaces))).run()


@disclosure_app.command("twentyone")
@reports_errors
def disclosure_twentyone(
    rules: Annotated[Path, typer.Option("--rules", help="House rules JSON file.")],
    fmt: Annotated[str, typer.Option("--format", help="text, html or pdf.")] = "text",
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file.")] = None,
) -> None:
    """The posted house-rules and player-rules handout with the felony notice (99-01.3-08-13)."""
    house = _load_rules(rules)
    if fmt == "text":
        payload: str | bytes = disclosure(house)
    elif fmt == "html":
        payload = disclosure_html(house)
    elif fmt == "pdf":
        payload = _pdf(house)
        if out is None:
            raise InvalidInput("--format pdf needs --out FILE")
    else:
        raise InvalidInput(f"unknown format {fmt!r}: use text, html or pdf")
    if out is None:
        console.print(payload, highlight=False, markup=False)
        return
    if isinstance(payload, bytes):
        out.write_bytes(payload)
    else:
        out.write_text(payload, encoding="utf-8")
    console.print(f"wrote {out}")


def _pdf(house: HouseRules) -> bytes:
    from io import BytesIO

    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    buffer = BytesIO()
    styles = getSampleStyleSheet()
    story = [Paragraph("Twenty-one: house rules and player rules", styles["Title"])]
    for heading, items in sections(house):
        story.append(Paragraph(heading, styles["Heading2"]))
        for item in items:
            story.append(Paragraph(item, styles["Normal"]))
        story.append(Spacer(1, 8))
    SimpleDocTemplate(buffer, pagesize=letter, title="Twenty-one rules").build(story)
    return buffer.getvalue()


@bench_app.command("twentyone")
@reports_errors
def bench_twentyone(
    rounds: Annotated[int, typer.Option(help="Rounds to settle.", min=1)] = 1_000_000,
    seed: Annotated[int, typer.Option(help="Seed of the random bot.")] = 0,
) -> None:
    """Settle random legal rounds under random valid house rules; print rounds per second."""
    from croupier.bench.twentyone import run

    result = run(rounds, seed)
    console.print(
        f"twentyone: settled {result.rounds:,} rounds under {result.rule_sets:,} random house "
        f"rule sets in {result.seconds:.1f} s: {result.rounds_per_second:,.0f} rounds/second"
    )
