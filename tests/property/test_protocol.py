"""One property module for every game, through the protocol (``croupier.core.protocol``).

For each game in the registry and each of its example rules files (``examples/rules/``), random
legal rounds (the harness's random player, seeded by hypothesis) must show:

* money is conserved: at every step the game's balances sum to zero;
* settlement sums to zero, and each player's party equals the sum of that player's wagers
  (two independent statements of the result); the final balances are the parties;
* a refused action changes nothing (actions legal elsewhere are tried at every step);
* replaying the actions recorded in a round's events rebuilds the same state;
* every event round-trips through the store (SQLite);
* the round is over exactly when nobody is pending, and its actions are the game's typed classes.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.core.errors import CroupierError
from croupier.core.events import event_from_dict
from croupier.core.protocol import (
    TIP_RECEPTACLE,
    TIPS,
    Game,
    PendingKind,
    Play,
    play_randomly,
    player_party,
)
from croupier.core.rng import SeededRng
from croupier.games.registry import game_names, get_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rules"

AnyGame = Game[Any, Any, Any, Any]


def _protocol_game(name: str) -> AnyGame:
    game = get_game(name).game
    assert game is not None, f"{name} does not implement the game protocol"
    return game


def _rules_cases() -> Iterator[Any]:
    for name in game_names():
        files = sorted(EXAMPLES.glob(f"**/{name}*.toml"))
        if not files:
            yield pytest.param(name, None, id=f"{name}-defaults")
        for path in files:
            yield pytest.param(name, path, id=path.stem)


CASES = list(_rules_cases())


def _rules(game: AnyGame, path: Path | None) -> Any:
    if path is None:
        return game.parse_rules({})
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("game", None)
    return game.parse_rules(data)


def _game_and_rules(name: str, path: Path | None) -> tuple[AnyGame, Any]:
    """The protocol object of game ``name`` that takes this rules file (the paddlewheel has
    one per method), and the validated rules; exactly one must take it."""
    if path is None:
        game = _protocol_game(name)
        return game, _rules(game, None)
    taken = []
    for game in get_game(name).protocol_games:
        try:
            taken.append((game, _rules(game, path)))
        except CroupierError:
            continue
    assert len(taken) == 1, f"{path.name}: {len(taken)} protocol objects take it"
    return taken[0]


def _setup(game: AnyGame, rules: Any, seed: int) -> Any:
    return game.random_setup(rules, SeededRng(seed))


def _players(wagers: Sequence[Any]) -> dict[str, int]:
    """Each player's net from the wager list, keyed as the parties are: every wager of that
    person; chips that went to the tip receptacle (a paddlewheel tip, or a twenty-one tip bet
    that won and went there with its payoff, 99-01.3-08-09.2.a) cost the player the stake."""
    nets: dict[str, int] = defaultdict(int)
    for w in wagers:
        given = -w.stake if w.destination == TIP_RECEPTACLE else w.net
        nets[player_party(w.player if w.player is not None else w.space)] += given
    return dict(nets)


SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@pytest.mark.parametrize(("name", "path"), CASES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_money_conserved_and_settlement_sums_to_zero(
    name: str, path: Path | None, seed: int
) -> None:
    game, rules = _game_and_rules(name, path)
    rng = SeededRng(seed)
    play = Play(game, rules, _setup(game, rules, seed))
    for _ in range(5_000):
        assert sum(game.balances(play.state).values()) == 0, game.balances(play.state)
        pending = play.pending
        assert (pending.kind is PendingKind.NONE) == game.is_over(play.state)
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is PendingKind.CHANCE:
            action = game.chance(play.state, rng)
        else:
            options = play.legal_actions()
            assert options, f"{pending} has no legal action"
            action = options[rng.randbelow(len(options))]
        assert isinstance(action, game.action_types)
        play.apply(action)
    else:
        pytest.fail("the round did not end")
    settlement = play.settlement()
    parties = dict(settlement.parties)
    assert parties, "the settlement names no party"
    assert sum(parties.values()) == 0, parties
    for who, net in _players(settlement.wagers).items():
        assert parties.get(who, 0) == net, (who, parties)
    # the tip receptacle holds each tip's stake and a winning tip bet's payoff
    assert parties.get(TIPS, 0) == sum(
        w.stake + max(w.net, 0) for w in settlement.wagers if w.destination == TIP_RECEPTACLE
    )
    final = {k: v for k, v in game.balances(play.state).items() if v}
    assert final == {k: v for k, v in parties.items() if v}
    # a game may name other parties (poker's next game's pot after a -04.28 forfeit), but
    # nothing is left to a party that the game does not name
    assert all(isinstance(k, str) and k for k in parties)


def _action_pool(game: AnyGame, rules: Any, seed: int) -> list[Any]:
    """Actions that were legal somewhere in a few other random rounds."""
    pool: list[Any] = []
    for k in range(3):
        rng = SeededRng(seed + 7919 * (k + 1))
        setup = game.random_setup(rules, rng)
        play = play_randomly(game, rules, setup, rng)
        pool.extend(play.log)
    return pool


def _stray_round(game: AnyGame, rules: Any, seed: int) -> int:
    """Play a random round, trying an action that was legal somewhere else before every move;
    every refused one must leave the state and the log exactly as they were. The refusals."""
    rng = SeededRng(seed)
    pool = _action_pool(game, rules, seed)
    play = Play(game, rules, _setup(game, rules, seed))
    refusals = 0
    for _ in range(5_000):
        if game.is_over(play.state) or not pool:
            break
        stray = pool[rng.randbelow(len(pool))]
        before = game.snapshot(play.state)
        log_before = list(play.log)
        try:
            play.apply(stray)
        except CroupierError:
            refusals += 1
            assert game.snapshot(play.state) == before
            assert play.log == log_before
        if game.is_over(play.state):
            break
        if play.pending.kind is PendingKind.CHANCE:
            play.apply(game.chance(play.state, rng))
        else:
            options = play.legal_actions()
            play.apply(options[rng.randbelow(len(options))])
    return refusals


@pytest.mark.parametrize(("name", "path"), CASES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_refused_action_changes_nothing(name: str, path: Path | None, seed: int) -> None:
    game, rules = _game_and_rules(name, path)
    _stray_round(game, rules, seed)


@pytest.mark.parametrize(("name", "path"), CASES)
def test_refusals_are_really_tried(name: str, path: Path | None) -> None:
    """The test above is not vacuous: over twenty rounds, stray actions are refused."""
    game, rules = _game_and_rules(name, path)
    assert sum(_stray_round(game, rules, seed) for seed in range(20)) > 0


@pytest.mark.parametrize(("name", "path"), CASES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_events_rebuilds_the_state(name: str, path: Path | None, seed: int) -> None:
    game, rules = _game_and_rules(name, path)
    rng = SeededRng(seed)
    setup = _setup(game, rules, seed)
    play = play_randomly(game, rules, setup, rng)
    actions = game.actions_from_events(play.events)
    assert actions == play.log
    again = Play.rebuilt(game, rules, setup, actions)
    assert game.snapshot(again.state) == game.snapshot(play.state)
    assert again.settlement() == play.settlement()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from croupier.store import open_store

    url = f"sqlite:///{tmp_path_factory.mktemp('protocol') / 'events.db'}"
    with open_store(url) as opened:
        yield opened


@pytest.mark.parametrize("name", game_names())
def test_every_event_round_trips_through_the_store(name: str, store: Any) -> None:
    files = sorted(EXAMPLES.glob(f"**/{name}*.toml"))
    paths: list[Path | None] = list(files) or [None]
    for n, path in enumerate(paths):
        game, rules = _game_and_rules(name, path)
        for seed in range(8):
            rng = SeededRng(1000 * n + seed)
            play = play_randomly(game, rules, game.random_setup(rules, rng), rng)
            stream = f"protocol-{name}-{n}-{seed}"
            store.append(stream, play.events, 0)
            stored = store.read(stream)
            assert [s.event for s in stored] == play.events
            for s in stored:
                assert event_from_dict({**s.payload, "type": s.type}) == s.event


def test_every_game_implements_the_protocol() -> None:
    for name in game_names():
        assert _protocol_game(name).name == name
        for game in get_game(name).protocol_games:
            assert game.name.startswith(name)
            assert game.action_types, name
            assert isinstance(game.action_types, tuple)
