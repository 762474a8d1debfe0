"""``croupier poker phh``, ``croupier play poker``, ``croupier disclosure poker``,
``croupier bench poker``."""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from croupier.cli.apps import app, bench_app, disclosure_app, play_app
from croupier.cli.common import console, read_text, reports_errors
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.money import format_money
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.base import PendingKind
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.driver import random_choice, shuffled_deck
from croupier.games.poker.hand import Hand
from croupier.games.poker.phh import parse_phh, replay_phh
from croupier.games.poker.rules import TableRules, rules_from_dict
from croupier.games.poker.session import TableSession
from croupier.games.poker.table import first_button

poker_app = typer.Typer(help="Poker (N.D. Admin. Code 99-01.3-09) tools.", no_args_is_help=True)
app.add_typer(poker_app, name="poker")


def _load_rules(path: Path | None) -> TableRules:
    if path is None:
        return rules_from_dict({})
    try:
        data = json.loads(read_text(path, "rules file"))
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{path} is not valid JSON: {exc}") from exc
    return rules_from_dict(data)


@poker_app.command("phh")
@reports_errors
def phh(
    file: Annotated[Path, typer.Argument(help="A PHH hand history (TOML).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the stacks as JSON.")] = False,
    infer: Annotated[
        bool,
        typer.Option(
            "--infer-folds",
            help="Infer the omitted fold of a skipped player who has only forced bets in the "
            "pot and faces a bet (each one is listed). Default: refused (99-01.3-09-04.10).",
        ),
    ] = False,
) -> None:
    """Replay a PHH hand history through the engine and print each player's final stack."""
    parsed = parse_phh(read_text(file, "PHH file"), str(file))
    result = replay_phh(parsed, infer_folds=infer)
    names = [s.player or f"p{k + 1}" for k, s in enumerate(parsed.seats)]
    stacks = result.display_stacks()
    matches = None
    if parsed.finishing_stacks is not None:
        matches = tuple(result.final_stacks) == parsed.finishing_stacks
    if as_json:
        out = {
            "players": [
                {"player": f"p{k + 1}", "name": n, "final_stack": s}
                for k, (n, s) in enumerate(zip(names, stacks, strict=True))
            ],
            "matches_finishing_stacks": matches,
            "inferred_folds": [f.to_dict() for f in result.inferred_folds],
        }
        console.print_json(json.dumps(out))
        return
    table = Table(title=f"{file.name}: final stacks")
    table.add_column("player")
    table.add_column("name")
    table.add_column("final stack", justify="right")
    for k, (name, stack) in enumerate(zip(names, stacks, strict=True)):
        table.add_row(f"p{k + 1}", name, stack)
    console.print(table)
    for fold in result.inferred_folds:
        console.print("inferred: " + fold.describe(), highlight=False)
    if matches is not None:
        console.print("finishing_stacks: " + ("reproduced" if matches else "DIFFERENT"))
    elif result.inferred_folds:
        console.print("finishing_stacks: not recorded; the inferred folds are unconfirmed")


@disclosure_app.command("poker")
@reports_errors
def disclosure_cmd(
    rules: Annotated[Path | None, typer.Option("--rules", help="Table rules (JSON).")] = None,
) -> None:
    """Print the poker house and player rules handout (99-01.3-09-06)."""
    from croupier.games.poker.disclosure import disclosure

    console.print(disclosure(_load_rules(rules)), highlight=False)


def _parse_move(text: str, hand: Hand, seat: int) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise InvalidInput("type f, k, c, b AMOUNT, r AMOUNT, s (show) or m (muck)")
    verb = words[0]
    kinds = {
        "f": ActionKind.FOLD,
        "k": ActionKind.CHECK,
        "c": ActionKind.CALL,
        "b": ActionKind.BET,
        "r": ActionKind.RAISE,
        "s": ActionKind.SHOW,
        "m": ActionKind.MUCK,
    }
    if verb not in kinds:
        raise InvalidInput(f"unknown move {verb!r}")
    amount = 0
    if kinds[verb] in (ActionKind.BET, ActionKind.RAISE):
        if len(words) != 2 or not words[1].isdigit():
            raise InvalidInput("a bet or raise needs the amount to bet to, in cents")
        amount = int(words[1])
    return Action(kinds[verb], seat, amount=amount)


class _Clock:
    """The session's step times: the wall clock at start, then monotonic time (never backward)."""

    def __init__(self) -> None:
        self.start = datetime.now(UTC)
        self.origin = time.monotonic()

    def now(self) -> datetime:
        return self.start + timedelta(seconds=time.monotonic() - self.origin)


def _deal_for_the_button(seats: list[int], rng: Rng) -> int:
    """-04.8: one card to each player from a shuffled deck; the high card takes the button."""
    deck = shuffled_deck(rng)
    draws = dict(zip(seats, deck, strict=False))
    console.print(
        "Dealing for the button (99-01.3-09-04.8): "
        + ", ".join(f"seat {s} {c}" for s, c in draws.items()),
        highlight=False,
    )
    return first_button(draws)


def _player_move(hand: Hand) -> Action | None:
    """The person's move read from stdin (``None`` after a bad line, which is reported)."""
    me = hand.player(1)
    board = " ".join(str(c) for c in hand.board if c)
    console.print(
        f"  your cards {' '.join(str(c) for c in me.hole if c)}  board [{board}]  "
        f"pot {format_money(hand.pot)}  to call {format_money(hand.bet_level - me.bet)}",
        highlight=False,
    )
    line = sys.stdin.readline()
    if not line:
        raise InvalidInput("no more input")
    try:
        return _parse_move(line, hand, 1)
    except InvalidInput as exc:
        console.print(f"  [red]{exc}[/]", highlight=False)
        return None


@play_app.command("poker")
@reports_errors
def play(
    rules: Annotated[Path | None, typer.Option("--rules", help="Table rules (JSON).")] = None,
    bots: Annotated[int, typer.Option(help="Number of bots.")] = 2,
    hands: Annotated[int, typer.Option(help="Hands to play.")] = 1,
    stack: Annotated[int, typer.Option(help="Starting stack in cents.")] = 2000,
    button: Annotated[
        int | None,
        typer.Option(help="First button at a set position (default: dealt for the high card)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed (testing only).")] = None,
) -> None:
    """Play poker at seat 1 against simple bots; moves are read from stdin. The table is a
    ``TableSession``: stacks carry over, the button moves (heads-up rule, -04.11) and a bot that
    loses all its chips leaves the table (-05.7)."""
    table_rules = _load_rules(rules)
    rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
    clock = _Clock()
    session = TableSession(table_rules)
    for seat in range(1, bots + 2):
        session.seat(seat, stack, clock.now(), "you" if seat == 1 else f"bot {seat}")
    first = button if button is not None else _deal_for_the_button(sorted(session.stacks), rng)
    for number in range(1, hands + 1):
        session.begin_hand(clock.now(), first if number == 1 else None)
        hand = session.hand
        assert hand is not None
        deck = shuffled_deck(rng)
        console.print(f"[bold]Hand {number}[/] button seat {session.button}")
        top = 0
        while hand.pending.kind is not PendingKind.NONE:
            pending = hand.pending
            if pending.kind is PendingKind.CHANCE:
                session.apply(Action(ActionKind.CARD, card=deck[top]), clock.now())
                top += 1
                continue
            if pending.seat != 1:
                action = random_choice(hand, rng)
                session.apply(action, clock.now())
                console.print(f"  {action.describe()}", highlight=False)
                continue
            move = _player_move(hand)
            if move is None:
                continue
            try:
                session.apply(move, clock.now())
            except (RuleViolation, InvalidInput) as exc:
                console.print(f"  [red]{exc}[/]", highlight=False)
        stacks = session.stacks
        console.print(
            "  stacks: " + ", ".join(f"seat {s} {format_money(v)}" for s, v in stacks.items()),
            highlight=False,
        )
        for seat, chips in stacks.items():
            if chips == 0 and seat != 1:
                session.unseat(seat, clock.now())
                console.print(f"  seat {seat} has no chips and leaves the table", highlight=False)
        if stacks.get(1, 0) == 0 or len(session.stacks) < 2:
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
    """Hands per second of random fixed-limit hold'em and Omaha high-low, next to PokerKit's."""
    from croupier.bench.engine_build import describe
    from croupier.bench.poker import run

    console.print(describe())
    rows = run(hands, seed, not no_pokerkit, rounds)
    table = Table(title="poker: random legal fixed-limit hands per second")
    columns = ("variant", "players", "hands", "croupier h/s", "pokerkit h/s", "ratio", "range")
    for column in columns:
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            row.variant,
            str(row.players),
            str(row.hands),
            f"{row.croupier_hps:,.0f}",
            "-" if row.pokerkit_hps is None else f"{row.pokerkit_hps:,.0f}",
            "-" if row.ratio is None else f"{row.ratio:.2f}x",
            "-" if not row.ratios else f"{min(row.ratios):.0f}-{max(row.ratios):.0f}x",
        )
    console.print(table)
    console.print(
        f"Each table size in {rounds} rounds, both engines timed back to back in each: rates "
        "are the median round, ratio the median of the rounds' ratios, range their lowest "
        "and highest."
    )
