"""Paddlewheel commands: terminal play, the posted disclosure, the exact analysis.

``croupier play paddlewheel [--seed N] [--rules FILE] [--card N --date YYYY-MM-DD]``,
``croupier disclosure paddlewheel --rules FILE``,
``croupier analyze paddlewheel --rules FILE [--spins N] [--seed S] [--json]``.

Rules files are TOML or JSON (``croupier.service.games.rules``); money is typed and shown in
dollars. Everything game-specific is in ``croupier.service.games.paddlewheel``, imported inside
the commands so ``--help`` stays fast.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.apps import analyze_app, disclosure_app, play_app
from croupier.cli.common import console, reports_errors
from croupier.cli.progress import slow_progress
from croupier.core.errors import CroupierError
from croupier.core.names import ascii_digits

if TYPE_CHECKING:
    from croupier.service.games.paddlewheel import Analysis, CardSession, TableSession

"""A simulation shows a progress bar once it has taken this long."""

RULES_HELP = "Paddlewheel rules (TOML or JSON)."


@disclosure_app.command("paddlewheel")
@reports_errors
def disclosure_cmd(
    rules: Annotated[Path, typer.Option("--rules", help=RULES_HELP)],
) -> None:
    """The rules handout and prize information (99-01.3-11-02.6, -06)."""
    from croupier.service.games import paddlewheel as service

    console.print(service.disclosure_text(rules), highlight=False, end="", soft_wrap=True)


@analyze_app.command("paddlewheel")
@reports_errors
def analyze_cmd(
    rules: Annotated[Path, typer.Option("--rules", help=RULES_HELP)],
    spins: Annotated[int, typer.Option("--spins", help="Simulated spins (0: none).")] = 200_000,
    seed: Annotated[int, typer.Option("--seed", help="Simulation seed.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Exact expected return and house edge of every bet, and a seeded simulation."""
    from croupier.service.games import paddlewheel as service

    with slow_progress("spins", not as_json) as progress:
        result = service.analyze(rules, spins, seed, progress)
    if as_json:
        console.print_json(json.dumps(result.to_dict()))
    elif result.method == "table":
        _print_bets(result)
    else:
        _print_tickets(result)


def _print_tickets(result: Analysis) -> None:
    from rich.table import Table

    table = Table(title="Paddlewheel tickets: one card")
    for col in ("ticket", "numbers", "P(win a spin)", "E(prizes)", "E(return)"):
        table.add_column(col)
    for r in result.tickets:
        table.add_row(
            str(r.ticket),
            " ".join(r.numbers),
            r.probability,
            f"${r.expected_prizes}",
            r.expected_return.replace("+", "+$").replace("-", "-$"),
        )
    console.print(table)


def _print_bets(result: Analysis) -> None:
    from rich.table import Table

    from croupier.service.games.paddlewheel import AGREEMENT_SE

    table = Table(
        title=f"Paddlewheel bets (one $1 chip); simulation {result.spins:,} spins",
        caption=f"simulated: the mean return ± one standard error; agrees: within "
        f"{AGREEMENT_SE:g} standard errors of the exact E(return)",
    )
    for col in ("bet", "payoff", "P(win)", "E(return)", "house edge", "simulated", "agrees"):
        table.add_column(col)
    for r in result.bets:
        simulated = agrees = ""
        if r.simulated_mean is not None:
            simulated = f"{r.simulated_mean:+.5f} ± {r.standard_error or 0:.5f}"
            agrees = "yes" if r.agrees else "NO"
        table.add_row(
            r.bet,
            r.payoff,
            r.probability,
            r.expected_return,
            f"{r.house_edge} ({r.house_edge_percent:.3f}%)",
            simulated,
            agrees,
        )
    console.print(table)


# -- terminal play --------------------------------------------------------------------------------

HELP = (
    "commands: buy DOLLARS | bet CHIPS SPOT (e.g. 'bet 2 red 17', 'bet 1 odd', 'bet 3 set low') | "
    "remove CHIPS SPOT | spin | tip CHIPS | redeem CHIPS | chips | prizes | quit"
)


def _say(lines: list[str]) -> None:
    for line in lines:
        console.print(f"  {line}", highlight=False)


def _command(session: TableSession, line: str) -> bool:
    words = line.split()
    if not words:
        return True
    verb, rest = words[0].lower(), words[1:]
    if verb in ("q", "quit"):
        return False
    if verb == "chips":
        pass
    elif verb == "prizes":
        console.print(session.prize_information(), highlight=False)
        return True
    elif verb == "spin":
        _say(session.spin())
    elif verb == "buy" and len(rest) == 1:
        session.buy(rest[0])
    elif verb in ("tip", "redeem") and len(rest) == 1 and ascii_digits(rest[0]):
        (session.tip if verb == "tip" else session.redeem)(int(rest[0]))
    elif verb in ("bet", "remove") and len(rest) >= 2 and ascii_digits(rest[0]):
        spot = " ".join(rest[1:]).lower()
        (session.bet if verb == "bet" else session.remove)(int(rest[0]), spot)
        return True
    else:
        console.print(HELP)
        return True
    console.print(f"  betting chips: {session.chips}")
    return True


def _loop(prompt: str, handle: Callable[[str], bool]) -> None:
    while True:
        try:
            line = str(typer.prompt(prompt, default="quit", show_default=False))
        except typer.Abort:
            break
        try:
            if not handle(line):
                break
        except CroupierError as exc:
            console.print(f"[red]refused:[/] {exc}", highlight=False)


@play_app.command("paddlewheel")
@reports_errors
def play_cmd(
    seed: Annotated[int | None, typer.Option("--seed", help="Seeded spins (practice).")] = None,
    rules_file: Annotated[Path | None, typer.Option("--rules", help=RULES_HELP)] = None,
    card_number: Annotated[
        int | None, typer.Option("--card", help="Ticket card number (ticket-card rules).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="Date conducted, YYYY-MM-DD (ticket-card rules).")
    ] = None,
) -> None:
    """Play at the terminal (commands read from stdin): the table method, one player at seat 1,
    or, with ticket-card rules, one ticket card sold, spun and its prizes claimed."""
    from croupier.service.games import paddlewheel as service

    session = service.open_session(rules_file, seed, card_number, date)
    if isinstance(session, service.CardSession):
        _play_card(session)
        return
    console.print("Paddlewheel (N.D. Admin. Code 99-01.3-11). " + HELP, highlight=False)
    _loop("paddlewheel", lambda line: _command(session, line))
    console.print(session.finish(), highlight=False)


# -- terminal play: one ticket card (-02) ----------------------------------------------------------

CARD_HELP = (
    "commands: sell TICKET PLAYER | refund | spin | claim TICKET [MINUTES] | unclaimed [MINUTES] "
    "| status | quit"
)


def _card_command(card: CardSession, line: str) -> bool:
    words = line.split()
    if not words:
        return True
    verb, rest = words[0].lower(), words[1:]
    numbers = [int(w) for w in rest if ascii_digits(w)]
    if verb in ("q", "quit"):
        return False
    if verb == "status":
        _say([card.status()])
    elif verb == "sell" and len(rest) >= 2 and ascii_digits(rest[0]):
        _say([card.sell(int(rest[0]), " ".join(rest[1:]))])
    elif verb == "refund":
        _say([card.refund()])
    elif verb == "spin":
        _say(card.spin())
    elif verb == "claim" and numbers:
        _say([card.claim(numbers[0], numbers[1] if len(numbers) > 1 else 0)])
    elif verb == "unclaimed":
        _say([card.unclaimed(numbers[0] if numbers else 0)])
    else:
        console.print(CARD_HELP)
    return True


def _play_card(card: CardSession) -> None:
    console.print(card.opening() + " " + CARD_HELP, highlight=False)
    _loop("card", lambda line: _card_command(card, line))
    console.print(card.summary(), highlight=False)
