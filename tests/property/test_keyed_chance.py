"""Chance from the table (issue 27): every game takes its chance moves keyed by a person at a
physical table (``Game.keyed``), and a keyed move is judged by the same step as a drawn one.

For every game and example rules file, over random legal rounds:

* a round keyed outcome by outcome (each drawn card named as text, each spin keyed as the
  section under the pointer with its revolutions) settles exactly as the same round drawn;
* a keyed card the shoe or deck no longer holds, or a section the wheel does not have, is
  refused with its section and changes nothing;
* text that names no card or section, or a key when no chance move is due, is one line of
  ``InvalidInput`` and changes nothing.

The cards a shoe holds come from the rule texts: four, six or eight decks at N.D. twenty-one
(99-01.3-08-02.3), six to eight at Three Card 21 (N.J.A.C. 13:69F-2C.2(a)), one 52-card deck at
poker (99-01.3-09-04.2); a paddlewheel's outer circle has its listed sections (99-01.3-11-03.1).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng

from .test_protocol import CASES, AnyGame, _game_and_rules, _setup

SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
MAX_ACTIONS = 2_000


def _as_keyed(game: AnyGame, state: Any, drawn: Any) -> str:
    """What a person at the table keys for a drawn chance move: the card's name, or the spin's
    section position (1-based, outer circle) and its revolutions."""
    card = getattr(drawn, "card", None)
    if card is not None:
        return str(card)
    spin = drawn.spin
    wheel = state.rules.wheel
    return f"{wheel.section_index(0, spin.stop) + 1}/{spin.revolutions}"


def _is_peg_stop(state: Any, drawn: Any) -> bool:
    spin = getattr(drawn, "spin", None)
    return spin is not None and state.rules.wheel.is_peg_stop(spin.stop)


def _play(
    game: AnyGame, rules: Any, setup: Any, seed: int, keyed: bool
) -> Play[Any, Any, Any, Any]:
    """The round with chance moves drawn from ``seed``, applied as drawn or keyed as text; the
    other parties take their first legal action (the same in both plays)."""
    rng = SeededRng(seed)
    play = Play(game, rules, setup)
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            return play
        if pending.kind is PendingKind.CHANCE:
            drawn = game.chance(play.state, rng)
            if keyed and not _is_peg_stop(play.state, drawn):
                play.apply(game.keyed(play.state, _as_keyed(game, play.state, drawn)))
            else:
                play.apply(drawn)
            continue
        options = play.legal_actions()
        play.apply(options[rng.randbelow(len(options))])
    raise AssertionError("the round did not end")


@pytest.mark.parametrize(("name", "path"), CASES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_round_keyed_outcome_by_outcome_settles_as_the_round_drawn(
    name: str, path: Any, seed: int
) -> None:
    game, rules = _game_and_rules(name, path)
    setup = _setup(game, rules, seed)
    drawn = _play(game, rules, setup, seed, keyed=False)
    keyed = _play(game, rules, setup, seed, keyed=True)
    ks, ds = keyed.settlement(), drawn.settlement()
    assert (ks.wagers, ks.parties) == (ds.wagers, ds.parties)
    if name != "paddlewheel":  # a keyed spin stops mid-section, a drawn one anywhere in it
        assert ks == ds
        assert keyed.events == drawn.events


def _first_chance(game: AnyGame, rules: Any, setup: Any, seed: int) -> Play[Any, Any, Any, Any]:
    rng = SeededRng(seed)
    play = Play(game, rules, setup)
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.CHANCE or pending.kind is PendingKind.NONE:
            return play
        options = play.legal_actions()
        play.apply(options[rng.randbelow(len(options))])
    raise AssertionError("no chance move came")


def _snapshot(play: Play[Any, Any, Any, Any]) -> Any:
    return (play.game.snapshot(play.state), tuple(play.log), tuple(play.events))


SHOE_SECTION = {
    "twentyone": "99-01.3-08-02.3",
    "threecard21": "N.J.A.C. 13:69F-2C.2(a)",
    "poker": "99-01.3-09-04.2",
}


def _wants_a_card(option: Any) -> bool:
    text = repr(option).lower()
    return any(word in text for word in ("hit", "draw", "split", "double"))


def _refused_when_out(name: str, path: Any, seed: int) -> bool:
    """Key the ace of hearts at every chance move (the other parties asking for cards when they
    can) until the shoe or deck holds no more of it; the next key must be refused with the
    section that sets the shoe, and change nothing. False when the round ended first."""
    game, rules = _game_and_rules(name, path)
    play = Play(game, rules, _setup(game, rules, seed))
    rng = SeededRng(seed)
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            return False
        if pending.kind is not PendingKind.CHANCE:
            options = list(play.legal_actions())
            wanted = [o for o in options if _wants_a_card(o)]
            pick = wanted or options
            play.apply(pick[rng.randbelow(len(pick))])
            continue
        before = _snapshot(play)
        refusal: RuleViolation | None = None
        try:
            play.apply(game.keyed(play.state, "Ah"))
        except RuleViolation as refused:
            refusal = refused
        if refusal is not None:
            assert refusal.section == SHOE_SECTION[name], refusal
            assert _snapshot(play) == before
            return True
    raise AssertionError("the round did not end")


@pytest.mark.parametrize(("name", "path"), [c for c in CASES if c.values[0] != "paddlewheel"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_keyed_card_the_shoe_no_longer_holds_is_refused_and_changes_nothing(
    name: str, path: Any, seed: int
) -> None:
    _refused_when_out(name, path, seed)


@pytest.mark.parametrize(("name", "path"), [c for c in CASES if c.values[0] != "paddlewheel"])
def test_the_shoe_runs_out_of_a_keyed_card_in_some_rounds(name: str, path: Any) -> None:
    """The property above is not vacuous: in some of forty rounds the card runs out."""
    assert any(_refused_when_out(name, path, seed) for seed in range(40))


@pytest.mark.parametrize(("name", "path"), [c for c in CASES if c.values[0] == "paddlewheel"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_keyed_section_the_wheel_does_not_have_is_refused_and_changes_nothing(
    name: str, path: Any, seed: int
) -> None:
    game, rules = _game_and_rules(name, path)
    play = _first_chance(game, rules, _setup(game, rules, seed), seed)
    if play.pending.kind is PendingKind.NONE:
        return
    before = _snapshot(play)
    sections = len(play.state.rules.wheel.outer.sections)
    for impossible in ("0", str(sections + 1)):
        with pytest.raises(RuleViolation) as refused:
            play.apply(game.keyed(play.state, impossible))
        assert refused.value.section == "99-01.3-11-03.1"
        assert _snapshot(play) == before


@pytest.mark.parametrize(("name", "path"), CASES)
def test_text_that_names_nothing_or_a_key_out_of_turn_is_one_line(name: str, path: Any) -> None:
    game, rules = _game_and_rules(name, path)
    play = _first_chance(game, rules, _setup(game, rules, 7), 7)
    if play.pending.kind is PendingKind.CHANCE:
        before = _snapshot(play)
        for text in ("", "Zz", "11h", "x", "٣"):
            with pytest.raises(InvalidInput):
                game.keyed(play.state, text)
        assert _snapshot(play) == before
    fresh = Play(game, rules, _setup(game, rules, 7))
    if fresh.pending.kind is not PendingKind.CHANCE:
        with pytest.raises(InvalidInput, match="no (card|spin) is due"):
            game.keyed(fresh.state, "Ah" if name != "paddlewheel" else "1")
