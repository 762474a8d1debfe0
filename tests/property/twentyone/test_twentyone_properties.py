"""Invariants of the twenty-one engine over random legal rounds (hypothesis), through the game
protocol (``GAME``) and its random legal player (``play_randomly``), dealing mistakes injected
now and then by ``MistakeChooser``."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.errors import CroupierError, RuleViolation
from croupier.core.events import event_from_dict
from croupier.core.protocol import TIP_RECEPTACLE, Outcome, Play, play_randomly, player_party
from croupier.core.rng import SeededRng
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.game import GAME
from croupier.games.twentyone.random_play import MistakeChooser, random_rules
from croupier.games.twentyone.settle import HOUSE_ACCOUNT, LAYOUT, TIPS_ACCOUNT

SEEDS = st.integers(min_value=0, max_value=2**32)


def _play(seed: int, mistakes: int = 0) -> Any:
    rng = SeededRng(seed)
    rules = random_rules(rng)
    setup = GAME.random_setup(rules, rng)
    choose = MistakeChooser(mistakes) if mistakes else None
    return play_randomly(GAME, rules, setup, rng, choose=choose)


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.sampled_from([0, 4]))
def test_chips_conserved(seed: int, mistakes: int) -> None:
    play = _play(seed, mistakes)
    r = play.state
    assert r.accounts.get(LAYOUT, 0) == 0
    assert sum(r.accounts.values()) == 0
    # each player's chips moved exactly by the settlement: a won tip bet and its 1:1 payoff go
    # to the tip receptacle (-09.2.a, -11.14), so the player gave the tip's stake
    settlement = play.settlement()
    mine: dict[str, int] = {}
    for w in settlement.wagers:
        who = player_party(w.player if w.player is not None else w.space)
        change = -w.stake if w.destination == TIP_RECEPTACLE else w.net
        mine[who] = mine.get(who, 0) + change
    for who, change in mine.items():
        assert r.accounts.get(who, 0) == change
        assert settlement.parties.get(who, 0) == change
    to_tips = [w for w in settlement.wagers if w.destination == TIP_RECEPTACLE]
    assert r.accounts.get(TIPS_ACCOUNT, 0) == sum(w.stake + w.net for w in to_tips)
    tip_payoffs = sum(w.net for w in to_tips)
    assert r.accounts.get(HOUSE_ACCOUNT, 0) == settlement.house_net - tip_payoffs
    assert dict(settlement.parties) == {k: v for k, v in r.accounts.items() if k != LAYOUT}


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.sampled_from([0, 4]))
def test_replay_from_stored_events_rebuilds_state_and_settlement(seed: int, mistakes: int) -> None:
    play = _play(seed, mistakes)
    stored = [e.to_dict() for e in play.events]  # the JSON form an event store keeps
    events = [event_from_dict(d) for d in stored]
    assert events == play.events
    again = Play.rebuilt(GAME, play.rules, play.setup, GAME.actions_from_events(events))
    assert GAME.snapshot(again.state) == GAME.snapshot(play.state)
    assert again.settlement() == play.settlement()
    assert [e.to_dict() for e in again.events] == stored


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=60), st.data())
def test_illegal_actions_refused_and_state_unchanged(
    seed: int, stop: int, data: st.DataObject
) -> None:
    """Any action at any point of a round: refused under a section of -08 (or as bad input)
    with the state and the log exactly as before, or accepted."""
    whole = _play(seed)
    play = Play.rebuilt(GAME, whole.rules, whole.setup, whole.log[:stop])
    kind = data.draw(st.sampled_from([k for k in ActionKind if k is not ActionKind.CARD]))
    action = Action(
        kind,
        space=data.draw(st.integers(0, 8)),
        hand=data.draw(st.integers(0, 4)),
        amount=data.draw(st.sampled_from([None, 50, 100, 250, 550, 3000])),
        exposed=data.draw(st.booleans()),
    )
    before, log = GAME.snapshot(play.state), list(play.log)
    section = None
    try:
        play.apply(action)
    except CroupierError as exc:
        section = exc.section if isinstance(exc, RuleViolation) else "99-01.3-08- (bad input)"
    if section is not None:
        assert section.startswith("99-01.3-08-")
        assert GAME.snapshot(play.state) == before
        assert play.log == log


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_results_are_known_outcomes(seed: int) -> None:
    for w in _play(seed, 3).settlement().wagers:
        assert isinstance(w.result, Outcome)
        if w.result in (Outcome.PUSH, Outcome.VOID, Outcome.RETURNED):
            assert w.net == 0


def test_mistakes_are_really_injected() -> None:
    """The mistake runs above are not vacuous: dealing mistakes are recorded and remedied."""
    kinds = set()
    for seed in range(40):
        play = _play(seed, 3)
        kinds |= {a.kind for a in play.log if a.kind.is_mistake}
    assert len(kinds) >= 3, kinds
