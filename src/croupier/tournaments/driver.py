"""A poker tournament of random legal play, from the seat draw to the last player: each hand is
dealt and played by the poker engine through the game protocol (``play_randomly``), and its
chip changes are recorded in the tournament (eliminations, rebalancing, the button, prizes).

For the benchmark (``croupier bench tournament``, to come) and the tests. Pure: the caller
passes the random source; times are made up from a fixed start, ten seconds a round of hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from croupier.core.protocol import play_randomly
from croupier.core.rng import Rng
from croupier.games.poker.game import GAME, Setup
from croupier.games.poker.rules import TableRules, rules_from_dict
from croupier.games.poker.table import SeatSpec
from croupier.tournaments.events import HandStarted
from croupier.tournaments.tournament import Tournament

START = datetime(2026, 7, 10, 9, 0)


@dataclass(frozen=True, slots=True)
class DriverResult:
    """What a random tournament did: its hands, its events and the tournament itself."""

    tournament: Tournament
    hands: int
    levels: int


def random_tournament_rules(players: int, levels: int = 30) -> dict[str, Any]:
    """A no-limit hold'em tournament for ``players``: $100 entry, 80% pool paid to the top
    tenth (at most ten places), blinds doubling each level."""
    places = max(1, min(10, players // 10))
    shares = [100 // places] * places
    shares[0] += 100 - sum(shares)
    return {
        "game": "poker",
        "id": "bench",
        "name": "Random legal play",
        "organization": "croupier",
        "site": "bench",
        "first_day": START.date().isoformat(),
        "last_day": (START.date() + timedelta(days=2)).isoformat(),
        "variant": "holdem",
        "entry_fee": "$100",
        "starting_chips": 10_000,
        "min_players": 2,
        "max_players": players,
        "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k} for k in range(levels)],
        "payout": {"pool_percent": 80, "places": shares},
    }


def _table_rules(big_blind: int, small_blind: int) -> TableRules:
    return rules_from_dict(
        {
            "variant": "holdem",
            "tournament": True,
            "structure": "no-limit",
            "small_blind": small_blind,
            "big_blind": big_blind,
            "minimum_bet": big_blind,
            "max_raises": 3,
            "minimum_raise": "last-raise",
            "odd_chip_unit": 1,
            "max_players": 11,
        }
    )


def play_hand(t: Tournament, table: int, at: str, rng: Rng) -> None:
    """One hand at ``table``: the tournament starts it (button, blinds), the engine plays it
    with random legal actions, the tournament records its chip changes."""
    (started,) = t.start_hand(table, at)
    assert isinstance(started, HandStarted)
    part = t.main
    level = t.rules.levels[part.level - 1]
    seats = tuple(
        SeatSpec(seat, part.entrants[player].chips, player)
        for seat, player in sorted(part.tables[table].items())
    )
    rules = _table_rules(level.big_blind, level.small_blind)
    play = play_randomly(GAME, rules, Setup(seats, started.button), rng)
    parties = play.settlement().parties
    chips = {spec.player: parties.get(f"player:{spec.player}", 0) for spec in seats if spec.player}
    winners = [p for p, d in chips.items() if d > 0]
    out = {p: winners[0] for p, d in chips.items() if d < 0 and part.entrants[p].chips + d == 0}
    t.record_hand(table, chips, at, eliminated_by=out if winners else None)


def run_random_tournament(
    players: int, rng: Rng, *, rounds_per_level: int = 8, levels: int = 30
) -> DriverResult:
    """Register ``players`` (each drawing a seat card), start, and play hands table by table,
    one round of hands at a time, raising the level every ``rounds_per_level`` rounds, until
    one player holds every chip."""
    t = Tournament.define(random_tournament_rules(players, levels))
    at = START.isoformat(timespec="minutes")
    for i in range(players):
        t.register(f"p{i:04d}", collected_by="cashier", at=at, address="bench", rng=rng)
    t.start(at)
    hands = 0
    rounds = 0
    clock = START
    while not t.main.finished:
        rounds += 1
        clock += timedelta(seconds=10)
        stamp = clock.isoformat(timespec="seconds")
        if rounds % rounds_per_level == 0 and t.main.level < len(t.rules.levels):
            t.next_level(stamp)
        for table in sorted(t.main.tables):
            if t.main.finished:
                break
            if len(t.main.tables.get(table, {})) >= 2:
                play_hand(t, table, stamp, rng)
                hands += 1
    return DriverResult(t, hands, t.main.level)
