"""Paddlewheel commands: terminal play, the posted disclosure, the exact analysis.

``croupier play paddlewheel [--seed N] [--rules FILE] [--card N --date YYYY-MM-DD]``,
``croupier disclosure paddlewheel --rules FILE``,
``croupier analyze paddlewheel --rules FILE [--spins N] [--seed S] [--json]``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table as RichTable

from croupier.analysis.paddlewheel import analyze_table, analyze_tickets, simulate_table
from croupier.cli.apps import analyze_app, disclosure_app, play_app
from croupier.cli.common import console, read_text, reports_errors
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.money import format_money
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.disclosure import disclosure
from croupier.games.paddlewheel.rules import Rules, TableRules, TicketRules, rules_from_dict
from croupier.games.paddlewheel.sample import sample_table_rules
from croupier.games.paddlewheel.table import Phase, Table
from croupier.games.paddlewheel.tickets import CardPhase, CardPlay
from croupier.games.paddlewheel.wheel import Spin, draw_spin

AGREEMENT_SE = 4.0


def _load_rules(path: Path | None) -> Rules:
    if path is None:
        return rules_from_dict(sample_table_rules())
    try:
        data: Any = json.loads(read_text(path, "rules file"))
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"rules file {path} is not valid JSON: {exc}") from exc
    if isinstance(data, dict) and "rules" in data and "method" not in data:
        data = data["rules"]
    if not isinstance(data, dict):
        raise InvalidInput(f"rules file {path} must hold a JSON object")
    return rules_from_dict(data)


@disclosure_app.command("paddlewheel")
@reports_errors
def disclosure_cmd(
    rules: Annotated[Path, typer.Option("--rules", help="Paddlewheel rules (JSON).")],
) -> None:
    """The rules handout and prize information (99-01.3-11-02.6, -06)."""
    console.print(disclosure(_load_rules(rules)), highlight=False, end="", soft_wrap=True)


@analyze_app.command("paddlewheel")
@reports_errors
def analyze_cmd(
    rules: Annotated[Path, typer.Option("--rules", help="Paddlewheel rules (JSON).")],
    spins: Annotated[int, typer.Option("--spins", help="Simulated spins (0: none).")] = 200_000,
    seed: Annotated[int, typer.Option("--seed", help="Simulation seed.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Exact expected return and house edge of every bet, and a seeded simulation."""
    loaded = _load_rules(rules)
    if not isinstance(loaded, TableRules):
        _analyze_tickets(loaded, as_json)
        return
    _analyze_table(loaded, spins, seed, as_json)


def _analyze_tickets(loaded: TicketRules, as_json: bool) -> None:
    rows = analyze_tickets(loaded)
    if as_json:
        console.print_json(
            json.dumps(
                [
                    {
                        "ticket": r.ticket,
                        "numbers": list(r.numbers),
                        "probability": str(r.probability),
                        "expected_prizes_cents": str(r.expected_prizes),
                        "expected_return_cents": str(r.expected_return),
                    }
                    for r in rows
                ]
            )
        )
        return
    table = RichTable(title="Paddlewheel tickets: one card")
    for col in ("ticket", "numbers", "P(win a spin)", "E(prizes)", "E(return)"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            str(r.ticket),
            " ".join(r.numbers),
            str(r.probability),
            f"{float(r.expected_prizes) / 100:.4f}",
            f"{float(r.expected_return) / 100:+.4f}",
        )
    console.print(table)


def _analyze_table(loaded: TableRules, spins: int, seed: int, as_json: bool) -> None:
    exact = analyze_table(loaded)
    if spins < 0:
        raise InvalidInput("--spins must be 0 or more")
    sim = simulate_table(loaded, spins, SeededRng(seed)) if spins else ()
    if as_json:
        out = []
        for i, r in enumerate(exact):
            item: dict[str, Any] = {
                "bet": r.label,
                "payoff": r.payoff,
                "probability": str(r.probability),
                "expected_return": str(r.expected_return),
                "house_edge": str(r.house_edge),
            }
            if sim:
                item["simulated_mean"] = sim[i].mean
                item["standard_error"] = sim[i].standard_error
            out.append(item)
        console.print_json(json.dumps({"spins": spins, "seed": seed, "bets": out}))
        return
    table = RichTable(title=f"Paddlewheel bets (one $1 chip); simulation {spins:,} spins")
    for col in ("bet", "payoff", "P(win)", "E(return)", "house edge", "simulated", "agrees"):
        table.add_column(col)
    for i, r in enumerate(exact):
        simulated = agrees = ""
        if sim:
            s = sim[i]
            simulated = f"{s.mean:+.5f} ± {s.standard_error:.5f}"
            agrees = (
                "yes"
                if abs(s.mean - float(r.expected_return))
                <= AGREEMENT_SE * (s.standard_error or 1e-12)
                else "NO"
            )
        table.add_row(
            r.label,
            r.payoff,
            str(r.probability),
            str(r.expected_return),
            f"{r.house_edge} ({float(r.house_edge) * 100:.3f}%)",
            simulated,
            agrees,
        )
    console.print(table)


# -- terminal play --------------------------------------------------------------------------------

HELP = (
    "commands: buy DOLLARS | bet CHIPS SPOT (e.g. 'bet 2 red 17', 'bet 1 odd', 'bet 3 set low') | "
    "remove CHIPS SPOT | spin | tip CHIPS | redeem CHIPS | chips | prizes | quit"
)


def _describe(events: list[Any]) -> None:
    for e in events:
        if isinstance(e, ev.Announcement):
            console.print(f"  wheel operator: {e.text}", highlight=False)
        elif isinstance(e, ev.BetVoided):
            console.print(f"  your bet is void (over {e.limit // 100} dollars): chips returned")
        elif isinstance(e, ev.LosingBetRemoved):
            console.print(f"  {e.spot}: {e.chips} chips lose", highlight=False)
        elif isinstance(e, ev.PayoffMade):
            console.print(f"  {e.spot}: {e.chips} chips win {e.payoff_chips}", highlight=False)


def _command(table: Table, rules: TableRules, rng: Rng, line: str) -> bool:
    words = line.split()
    if not words:
        return True
    verb, rest = words[0].lower(), words[1:]
    if verb in ("q", "quit"):
        return False
    if verb == "chips":
        console.print(f"  betting chips: {table.data.seats[1].rail}")
    elif verb == "prizes":
        console.print(disclosure(rules).split("PRIZE INFORMATION")[1], highlight=False)
    elif verb == "spin":
        events = table.apply(a.CloseBets())
        while table.data.phase is Phase.SPINNING:
            events += table.apply(a.SpinWheel(draw_spin(rules.wheel, table.data.wheel_at, rng)))
        _describe(events)
        console.print(f"  betting chips: {table.data.seats[1].rail}")
    elif verb in ("buy", "tip", "redeem") and len(rest) == 1 and rest[0].isdigit():
        n = int(rest[0])
        action: Any = {
            "buy": a.BuyChips(1, n * 100),
            "tip": a.Tip(1, n),
            "redeem": a.RedeemChips(1, n),
        }[verb]
        table.apply(action)
        console.print(f"  betting chips: {table.data.seats[1].rail}")
    elif verb in ("bet", "remove") and len(rest) >= 2 and rest[0].isdigit():
        spot = " ".join(rest[1:]).lower()
        if verb == "bet":
            table.apply(a.PlaceBet(1, spot, int(rest[0])))
        else:
            table.apply(a.RemoveBet(1, spot, int(rest[0])))
    else:
        console.print(HELP)
    return True


@play_app.command("paddlewheel")
@reports_errors
def play_cmd(
    seed: Annotated[int | None, typer.Option("--seed", help="Seeded spins (practice).")] = None,
    rules_file: Annotated[Path | None, typer.Option("--rules", help="Rules (JSON).")] = None,
    card_number: Annotated[
        int | None, typer.Option("--card", help="Ticket card number (ticket-card rules).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="Date conducted, YYYY-MM-DD (ticket-card rules).")
    ] = None,
) -> None:
    """Play at the terminal (commands read from stdin): the table method, one player at seat 1,
    or, with ticket-card rules, one ticket card sold, spun and its prizes claimed."""
    rules = _load_rules(rules_file)
    rng: Rng = SeededRng(seed) if seed is not None else LiveRng()
    if isinstance(rules, TicketRules):
        _play_card(rules, rng, card_number, date)
        return
    table = Table(rules)
    table.apply(a.Join(1, "you", rules.betting_chip_colors[0]))
    console.print("Paddlewheel (N.D. Admin. Code 99-01.3-11). " + HELP, highlight=False)
    while True:
        try:
            line = str(typer.prompt("paddlewheel", default="quit", show_default=False))
        except typer.Abort:
            break
        try:
            if not _command(table, rules, rng, line):
                break
        except CroupierError as exc:
            console.print(f"[red]refused:[/] {exc}", highlight=False)
    left = table.data.seats[1].rail
    if left:
        table.apply(a.RedeemChips(1, left))
    seat = table.data.seats[1]
    console.print(
        f"You exchanged {left} betting chips for casino chips; paid in ${seat.cash_in / 100:.2f}, "
        f"took out ${seat.cash_out / 100:.2f}, tips ${table.data.tip_receptacle / 100:.2f}.",
        highlight=False,
    )


# -- terminal play: one ticket card (-02) ----------------------------------------------------------

CARD_HELP = (
    "commands: sell TICKET PLAYER | refund | spin | claim TICKET [MINUTES] | unclaimed [MINUTES] "
    "| status | quit"
)


def _card_command(card: CardPlay, rules: TicketRules, rng: Rng, line: str) -> bool:
    words = line.split()
    if not words:
        return True
    verb, rest = words[0].lower(), words[1:]
    numbers = [int(w) for w in rest if w.isdigit()]
    if verb in ("q", "quit"):
        return False
    if verb == "status":
        console.print(f"  {card.pending.detail or card.data.phase.value}", highlight=False)
    elif verb == "sell" and len(rest) >= 2 and rest[0].isdigit():
        price = rules.flare.price_per_ticket
        card.apply(a.SellTicket(int(rest[0]), " ".join(rest[1:]), price))
        console.print(f"  ticket {rest[0]} sold ({len(card.data.sold)}/{len(rules.tickets)})")
    elif verb == "refund":
        card.apply(a.RefundCard())
        console.print(f"  refunded {format_money(card.data.refunded)} for the unplayed tickets")
    elif verb == "spin":
        if card.data.phase is not CardPhase.SPINNING:
            card.apply(a.SpinForPrize(Spin(card.data.wheel_at, 4, card.data.wheel_at)))
        events: list[Any] = []
        while card.data.phase is CardPhase.SPINNING:
            spin = draw_spin(rules.wheel, card.data.wheel_at, rng)
            events += card.apply(a.SpinForPrize(spin))
        for e in events:
            if isinstance(e, ev.TicketSpinVoided):
                console.print(f"  void spin: {e.revolutions} revolutions; spun again")
            elif isinstance(e, ev.WinningNumberDrawn):
                peg = " (on a peg: the number preceding the peg)" if e.peg else ""
                console.print(
                    f"  number {e.number}{peg}: ticket {e.ticket} ({e.player})", highlight=False
                )
    elif verb == "claim" and numbers:
        card.apply(a.ClaimPrize(numbers[0], numbers[1] if len(numbers) > 1 else 0))
        console.print(f"  prize {card.data.prize} awarded to ticket {numbers[0]}")
    elif verb == "unclaimed":
        card.apply(a.PrizeUnclaimed(numbers[0] if numbers else 0))
        console.print("  prize unclaimed: the wheel is spun again")
    else:
        console.print(CARD_HELP)
    return True


def _play_card(rules: TicketRules, rng: Rng, card_number: int | None, date: str | None) -> None:
    if date is None:
        raise InvalidInput("ticket-card play needs --date YYYY-MM-DD (the date conducted)")
    card = CardPlay(rules, card_number or rules.flare.first_card_number, date)
    console.print(
        f"Paddlewheel ticket card {card.card_number} (serial {card.serial_number}), "
        f"{format_money(rules.flare.price_per_ticket)} a ticket. " + CARD_HELP,
        highlight=False,
    )
    while True:
        try:
            line = str(typer.prompt("card", default="quit", show_default=False))
        except typer.Abort:
            break
        try:
            if not _card_command(card, rules, rng, line):
                break
        except CroupierError as exc:
            console.print(f"[red]refused:[/] {exc}", highlight=False)
    details = card.settlement().details
    console.print(
        f"Card {card.card_number}: {details['phase']}; gross proceeds "
        f"{format_money(int(details['gross_proceeds']))}, prizes "
        f"{format_money(int(details['prizes']))}, refunded "
        f"{format_money(int(details['refunded']))}.",
        highlight=False,
    )
