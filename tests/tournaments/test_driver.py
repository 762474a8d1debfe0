"""The random-play driver: a poker tournament played hand by hand by the poker engine through
the game protocol, from the seat draw to the last player."""

from __future__ import annotations

import pytest

from croupier.core.rng import SeededRng
from croupier.tournaments import Tournament
from croupier.tournaments.driver import run_random_tournament
from croupier.tournaments.records import record_of_win


def _check(players: int, seed: int) -> None:
    result = run_random_tournament(players, SeededRng(seed))
    t = result.tournament
    main = t.main
    assert main.finished
    assert result.hands > 0
    winner = main.standings[0]
    assert main.entrants[winner].chips == players * 10_000
    assert sorted(e.place for e in main.entrants.values() if e.place) == list(range(1, players + 1))
    (line, _total) = record_of_win(t.state)
    assert line.gross_proceeds == players * 10_000
    assert line.prizes == players * 10_000 * 80 // 100
    assert Tournament.replay(t.events).state.snapshot() == t.state.snapshot()


def test_random_tournament_of_100_players() -> None:
    _check(100, 3)


@pytest.mark.slow
def test_random_tournament_of_1000_players() -> None:
    _check(1000, 11)
