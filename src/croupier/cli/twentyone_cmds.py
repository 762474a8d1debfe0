"""Twenty-one commands: ``croupier play twentyone``, ``croupier disclosure twentyone``,
``croupier bench twentyone``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.panel import Panel
from rich.table import Table

from croupier.cli.apps import bench_app, disclosure_app, play_app
from croupier.cli.common import console, database_url, read_text, reports_errors
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money, parse_money
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.base import PendingKind
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.disclosure import disclosure, disclosure_html, sections
from croupier.games.twentyone.events import RoundClosed, WagerSettled
from croupier.games.twentyone.rules import HouseRules, rules_from_dict
from croupier.games.twentyone.transcript import describe_event

_KEYS = {
    "h": ActionKind.HIT,
    "s": ActionKind.STAND,
    "d": ActionKind.DOUBLE,
    "p": ActionKind.SPLIT,
    "i": ActionKind.INSURANCE,
    "n": ActionKind.NO_INSURANCE,
    "e": ActionKind.EVEN_MONEY,
    "c": ActionKind.SECOND_CARD,
    "x": ActionKind.DECLINE_SECOND_CARD,
}
_NAMES = {v: k for k, v in _KEYS.items()}


def _load_rules(path: Path | None) -> HouseRules:
    if path is None:
        return rules_from_dict({})
    try:
        data = json.loads(read_text(path, "house rules file"))
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{path} is not valid JSON: {exc}") from exc
    return rules_from_dict(data)


def _show(events: list[Event]) -> None:
    for e in events:
        line = describe_event(e)
        if not line:
            continue
        style = "bold yellow" if line.startswith("dealer:") else ""
        if isinstance(e, WagerSettled):
            style = "green" if e.net > 0 else ("red" if e.net < 0 else "cyan")
        console.print(line, style=style or None, highlight=False)


@play_app.command("twentyone")
@reports_errors
def play_twentyone(
    seed: Annotated[int | None, typer.Option(help="Seed the shuffle (reproducible).")] = None,
    rules: Annotated[Path | None, typer.Option("--rules", help="House rules JSON.")] = None,
    db: Annotated[str | None, typer.Option("--db", help="Database URL.")] = None,
    spaces: Annotated[int, typer.Option(help="Betting spaces to play (1 or 2).", min=1, max=2)] = 1,
    table_name: Annotated[str, typer.Option("--table", help="Table stream name.")] = "table-1",
    bankroll: Annotated[str, typer.Option(help="Buy-in for a new table.")] = "100.00",
) -> None:
    """Play twenty-one against the dealer at a terminal table (99-01.3-08)."""
    from croupier.service.twentyone_table import TwentyOneTable
    from croupier.store import open_store

    house = _load_rules(rules)
    console.print(Panel(disclosure(house), title="Posted rules (99-01.3-08-13)"))
    store = open_store(database_url(db))
    rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
    table = TwentyOneTable.open_or_resume(
        store, rng, house, bankroll=parse_money(bankroll), stream=f"twentyone/{table_name}"
    )
    if table.round is not None:
        console.print("[bold]Resuming the round in progress.[/]")
    while True:
        if table.round is None:
            if table.after_round():
                console.print('dealer: "shuffling: the indicator card has appeared" (-08.2)')
            console.print(f"\nChips: [bold]{format_money(table.bankroll)}[/]")
            wagers = _ask_wagers(table.rules or house, spaces)
            if wagers is None:
                console.print("Thanks for playing.")
                return
            if not wagers:
                continue
            try:
                _show(table.start_round(wagers))
            except (RuleViolation, InvalidInput) as exc:
                _refused(exc)
                continue
        else:
            _show(table.deal_owed_cards())
        while table.round is not None and table.round.pending.kind is PendingKind.SEAT:
            _decide(table)


def _refused(exc: Exception) -> None:
    if isinstance(exc, RuleViolation):
        console.print(f"[red]refused:[/] {exc.detail} [dim](section {exc.section})[/]")
    else:
        console.print(f"[red]refused:[/] {exc}")


def _ask_wagers(house: HouseRules, spaces: int) -> list[tuple[int, int, int]] | None:
    prompt = (
        f"Wager ({format_money(house.minimum_wager)}-{format_money(house.maximum_wager)})"
        " [tip], or q to quit"
    )
    answer = typer.prompt(prompt, default="q").strip().lower()
    if answer in ("q", "quit", ""):
        return None
    parts = answer.split()
    try:
        wager = parse_money(parts[0])
        tip = parse_money(parts[1]) if len(parts) > 1 else 0
    except (InvalidInput, IndexError) as exc:
        console.print(f"[red]{exc}[/]")
        return []
    return [(space, wager, tip if space == 1 else 0) for space in range(1, spaces + 1)]


def _decide(table: object) -> None:
    from croupier.service.twentyone_table import TwentyOneTable

    assert isinstance(table, TwentyOneTable)
    assert table.round is not None
    r = table.round
    pending = r.pending
    seat = r.seats[pending.seat or 0]
    hand_no = pending.hand or 0
    hand = seat.hands[hand_no]
    grid = Table(show_header=False, box=None)
    grid.add_row("dealer", f"{r.up_card} + hole" if r.hole_card_down else str(r.up_card))
    grid.add_row(
        f"space {seat.space} hand {hand_no}",
        " ".join(str(c) for c in hand.cards) + f"  ({hand.total})",
    )
    console.print(grid)
    options = r.legal_actions()
    menu = ", ".join(
        f"{_NAMES[a.kind]}={a.kind.value}"
        for a in dict.fromkeys(o for o in options if o.kind in _NAMES)
    )
    answer = typer.prompt(f"Your decision ({menu})", default="s").strip().lower()
    parts = answer.split()
    kind = _KEYS.get(parts[0][:1]) if parts else None
    if kind is None:
        console.print(f"[red]unknown decision {answer!r}[/]")
        return
    amount = None
    if kind is ActionKind.DOUBLE and len(parts) > 1:
        try:
            amount = parse_money(parts[1])
        except InvalidInput as exc:
            console.print(f"[red]{exc}[/]")
            return
    action = Action(kind, space=seat.space, hand=hand_no, amount=amount)
    try:
        events = table.act(action)
    except (RuleViolation, InvalidInput) as exc:
        _refused(exc)
        return
    _show(events)
    if any(isinstance(e, RoundClosed) for e in events):
        console.print("[dim]round over[/]")


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
