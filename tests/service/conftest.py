"""Helpers of the live-table hub's tests: open a table of each game, drive a round by the
random legal player through the hub, read the state behind the hub."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from croupier.core.protocol import PendingKind
from croupier.core.rng import SeededRng
from croupier.service.tables.live import CommandResult, LiveTableHub

ROOT = Path(__file__).resolve().parents[2]
RULES = {
    "twentyone": ROOT / "examples/rules/twentyone-hole-card-no-peek-6deck-s17.toml",
    "threecard21": ROOT / "examples/rules/threecard21-6deck.toml",
    "poker": ROOT / "examples/rules/poker-holdem.toml",
    "paddlewheel": ROOT / "examples/rules/paddlewheel-table.toml",
}
# (seat, player, wager in dollars as typed): within each example table's posted limits
PLAYERS = {
    "twentyone": [(2, "alice", "$10"), (4, "bob", "$25"), (6, "carol", "$2")],
    "threecard21": [(1, "alice", "$5"), (3, "bob", "$40"), (5, "carol", "$500")],
    "poker": [(1, "alice", "$20"), (4, "bob", "$15"), (7, "carol", "$30")],
    "paddlewheel": [(1, "alice", "$0"), (2, "bob", "$0")],
}
GAMES = tuple(RULES)


def open_and_deal(hub: LiveTableHub, table: str, game: str) -> list[CommandResult]:
    """Open ``table`` for ``game``, seat the players with their wagers and deal."""
    results = [hub.open_table(table, game, RULES[game], "dealer-1")]
    for seat, player, wager in PLAYERS[game]:
        results.append(hub.seat(table, seat, player, player))
        results.append(hub.wager(table, seat, wager, player))
    results.append(hub.deal(table, "dealer-1"))
    assert all(r.accepted for r in results), [r.refusal for r in results if not r.accepted]
    return results


def pick(options: Any, version: int, seed: int) -> Any:
    """The random legal player's choice, drawn from (seed, version): the same at the same
    point of a round however the hub got there (a restart included). A paddlewheel's dealer
    closes the bets once a few actions have been taken."""
    names = [type(o).__name__ for o in options]
    if "CloseBets" in names and version > 12:
        return options[names.index("CloseBets")]
    return options[SeededRng(seed * 100_003 + version).randbelow(len(options))]


def step(hub: LiveTableHub, table: str, seed: int) -> CommandResult | None:
    """One command of the random legal player (None when the round is over)."""
    t = hub.table(table)
    assert t.play is not None
    pending = t.play.pending
    if pending.kind is PendingKind.NONE:
        return None
    if pending.kind is PendingKind.CHANCE:
        result = hub.chance(table, "dealer-1")
    else:
        action = pick(hub.legal_actions(table), t.version, seed)
        seat = pending.seat if pending.kind is PendingKind.SEAT else None
        who = t.seats.get(seat, "dealer-1") if seat is not None else "dealer-1"
        result = hub.act(table, action, who, seat=seat)
    assert result.accepted, result.refusal
    return result


def play_out(
    hub: LiveTableHub,
    table: str,
    seed: int,
    limit: int = 400,
    each: Callable[[CommandResult], None] | None = None,
) -> list[CommandResult]:
    """Drive the round to its end (at most ``limit`` commands)."""
    results = []
    for _ in range(limit):
        result = step(hub, table, seed)
        if result is None:
            return results
        results.append(result)
        if each is not None:
            each(result)
    raise AssertionError(f"the round did not end within {limit} commands")


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'live.db'}"


def pay_fees(hub: LiveTableHub, table: str) -> None:
    """Collect every seat's half-hour fee that is due (a physical poker table deals only to
    players who paid for the half hour in advance, 99-01.3-09-03.3)."""
    for seat in hub.fees_due(table):
        result = hub.collect_fee(table, seat, "dealer-1")
        assert result.accepted, result.refusal
