"""Three Card 21 "N" Done commands: terminal play, the posted disclosure, the bonus analysis.

``croupier play threecard21 [--seed N] [--rules FILE]``,
``croupier disclosure threecard21 --rules FILE``,
``croupier analyze threecard21-bonus --decks 6|8 [--paytable FILE] [--json]``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from croupier.analysis.threecard21 import analyze_bonus
from croupier.cli.apps import analyze_app, disclosure_app, play_app
from croupier.cli.common import console, read_text, reports_errors
from croupier.core.cards import Card
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.money import format_money, parse_money
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.core.shoe import NJShoe, NJShuffleMethod
from croupier.eval.threecard import CATEGORIES_HIGH_TO_LOW
from croupier.games.base import PendingKind
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.disclosure import disclosure
from croupier.games.threecard21.events import CardDealt
from croupier.games.threecard21.model import points
from croupier.games.threecard21.replay import transcript
from croupier.games.threecard21.rules import (
    POSTED_PAYTABLE,
    HouseRules,
    format_odds,
    rules_from_dict,
)
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers


def _load_json(path: Path, what: str) -> Any:
    try:
        return json.loads(read_text(path, what))
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"{what} {path} is not valid JSON: {exc}") from exc


def _load_rules(path: Path | None) -> HouseRules:
    if path is None:
        return HouseRules()
    data = _load_json(path, "house rules file")
    return rules_from_dict(data if isinstance(data, dict) else {"rules": data})


@disclosure_app.command("threecard21")
@reports_errors
def disclosure_cmd(
    rules: Annotated[Path, typer.Option("--rules", help="House rules (JSON).")],
) -> None:
    """The layout inscriptions and bonus paytable sign (N.J.A.C. 13:69E-1.10D(b), (c))."""
    console.print(disclosure(_load_rules(rules)), highlight=False, end="")


@analyze_app.command("threecard21-bonus")
@reports_errors
def analyze_bonus_cmd(
    decks: Annotated[int, typer.Option("--decks", help="6 or 8 decks (7 also allowed).")] = 6,
    paytable: Annotated[
        Path | None, typer.Option("--paytable", help="A paytable JSON {name, pays}.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Exact probabilities of the bonus categories and the bonus wager's expected return."""
    if not 6 <= decks <= 8:
        raise RuleViolation(
            f"the game is played with six to eight decks, not {decks}", "N.J.A.C. 13:69F-2C.2(a)"
        )
    table_pays = POSTED_PAYTABLE
    if paytable is not None:
        table_pays = rules_from_dict(
            {"bonus_paytable": _load_json(paytable, "paytable file")}
        ).bonus_paytable
    result = analyze_bonus(decks, table_pays)
    rows = [*CATEGORIES_HIGH_TO_LOW, None]
    if as_json:
        out = {
            "decks": decks,
            "paytable": table_pays.name,
            "hands": result.total,
            "categories": [
                {
                    "category": c.value if c else "no win",
                    "count": result.counts[c],
                    "probability": str(result.probability(c)),
                    "pays": format_odds(table_pays.odds(c)) if c else "loses",
                }
                for c in rows
            ],
            "expected_return": str(result.expected_return),
            "house_edge": float(result.house_edge),
        }
        console.print_json(json.dumps(out))
        return
    table = Table(title=f"Three Card 21 bonus, {decks} decks, {table_pays.name}")
    for col in ("category", "pays", "ways", "probability", "decimal", "return"):
        table.add_column(col, justify="left" if col in ("category", "pays") else "right")
    for c in rows:
        p = result.probability(c)
        if c is None:
            contrib = -p
        else:
            win, per = table_pays.odds(c)
            contrib = p * win / per
        table.add_row(
            c.value if c else "no win",
            format_odds(table_pays.odds(c)) if c else "loses",
            f"{result.counts[c]:,}",
            str(p),
            f"{float(p):.8f}",
            f"{float(contrib):+.6f}",
        )
    console.print(table)
    console.print(
        f"hands C({52 * decks},3) = {result.total:,}; expected return per unit = "
        f"{result.expected_return} = {float(result.expected_return):+.6f}; house edge "
        f"{float(result.house_edge) * 100:.4f}%",
        highlight=False,
    )


# -- terminal play --------------------------------------------------------------------------------


def _new_shoe(rules: HouseRules, rng: Rng) -> NJShoe:
    shoe = NJShoe(rules.decks, rules.shuffle)
    shoe.shuffle(rng)
    n = shoe.remaining
    shoe.cut(10 + rng.randbelow(n - 19))
    if rules.shuffle is not NJShuffleMethod.BART_CARTER:
        shoe.insert_cut_card(n // 4 + rng.randbelow(10))
    return shoe


def _show(state: Round, shown: list[str]) -> None:
    data = state.data
    table = Table(title='Three Card 21 "N" Done')
    table.add_column("hand")
    table.add_column("cards")
    table.add_column("total", justify="right")
    dealer = data.dealer
    hidden = not (data.hole_revealed or data.phase.value == "complete")
    dealer_text = " ".join("??" if (i == 1 and hidden) else str(c) for i, c in enumerate(dealer))
    table.add_row("dealer", dealer_text, "" if hidden else str(points(dealer)))
    for spot in data.spots:
        for i, hand in enumerate(spot.hands):
            table.add_row(
                f"you, hand {i}", " ".join(str(c) for c in hand.cards), str(points(hand.cards))
            )
    console.print(table)
    for line in shown:
        console.print(f"  {line}", highlight=False)
    shown.clear()


def _choose(state: Round, options: tuple[object, ...]) -> object:
    keys: dict[str, object] = {}
    labels = {
        a.Stand: ("s", "stand"),
        a.Hit: ("h", "hit"),
        a.Double: ("d", "double"),
        a.Split: ("p", "split three ways"),
        a.Insure: ("i", "insure"),
        a.DeclineInsurance: ("n", "no insurance"),
        a.Surrender: ("u", "surrender"),
        a.DeclineSurrender: ("k", "keep the hand"),
    }
    for opt in options:
        key, label = labels[type(opt)]
        keys[key] = opt
        console.print(escape(f"  [{key}] {label}"), highlight=False)
    while True:
        answer = str(typer.prompt("your choice", default=next(iter(keys)))).strip().lower()
        if answer in keys:
            choice = keys[answer]
            if isinstance(choice, a.Double | a.Insure):
                limit = choice.amount
                text = typer.prompt("amount", default=format_money(limit))
                amount = parse_money(str(text))
                if isinstance(choice, a.Double):
                    return a.Double(choice.space, choice.hand, amount)
                return a.Insure(choice.space, amount)
            return choice
        console.print(f"choose one of {', '.join(keys)}")


@play_app.command("threecard21")
@reports_errors
def play_threecard21(
    seed: Annotated[int | None, typer.Option("--seed", help="Seeded shuffle (practice).")] = None,
    rules_file: Annotated[Path | None, typer.Option("--rules", help="House rules (JSON).")] = None,
    bankroll: Annotated[str, typer.Option("--bankroll", help="Your chips to start.")] = "$1000",
) -> None:
    """Play Three Card 21 "N" Done at the terminal, one person at space 1."""
    rules = _load_rules(rules_file)
    rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
    chips = parse_money(bankroll)
    shoe = _new_shoe(rules, rng)
    burn = rules.shuffle is not NJShuffleMethod.BART_CARTER
    default = format_money(rules.table_minimum)
    while True:
        console.print(f"\nYour chips: {format_money(chips)}", highlight=False)
        try:
            text = str(typer.prompt("wager on each of the two areas (q to leave)", default=default))
        except typer.Abort:
            break
        if text.strip().lower() in ("q", "quit"):
            break
        try:
            amount = parse_money(text)
            if 2 * amount > chips:
                raise InvalidInput("you do not have enough chips for both wagers")
            state = Round(rules, [SpotWagers(1, (PersonWager(amount),))], burn_first=burn)
        except CroupierError as exc:
            console.print(f"[red]{exc}[/]")
            continue
        burn = False
        shown: list[str] = []
        dealt: list[Card] = []
        try:
            while state.pending.kind is not PendingKind.NONE:
                pending = state.pending
                if pending.kind is PendingKind.CHANCE:
                    card = shoe.burn() if pending.detail == "burn card" else shoe.draw()
                    events = state.apply(a.Deal(card))
                else:
                    _show(state, shown)
                    try:
                        events = state.apply(_choose(state, tuple(state.legal_actions())))
                    except RuleViolation as exc:
                        console.print(f"[red]refused:[/] {exc.detail} ({exc.section})")
                        continue
                dealt += [e.card for e in events if isinstance(e, CardDealt)]
                shown += [line for line in transcript(events) if not line.startswith("{")]
        except typer.Abort:
            break
        _show(state, shown)
        settlement = state.settlement()
        for w in sorted(settlement.wagers, key=lambda w: w.key()):
            console.print(
                f"  hand {w.hand} {w.kind}: {w.result.value} {format_money(w.net)}", highlight=False
            )
        chips += sum(w.net for w in settlement.wagers)
        shoe.discard(dealt)
        if shoe.reshuffle_due:
            console.print("The cutting card came out: the cards are reshuffled (2C.4(h)).")
            shoe = _new_shoe(rules, rng)
            burn = rules.shuffle is not NJShuffleMethod.BART_CARTER
    console.print(f"You leave with {format_money(chips)}.", highlight=False)
