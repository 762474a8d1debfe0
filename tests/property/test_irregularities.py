"""Irregularities offered through the protocol (``Play.irregularities``), every game.

The dealer's console offers the dealing mistakes, misdeals and equipment faults that the round
would accept now, each with the section and the remedy recording it applies. For random legal
rounds of every game and example rules file, at several points of each round:

* asking changes nothing (the state's snapshot is the same before and after);
* every offered irregularity, applied to the play, is accepted, and its events are those shown
  (the remedy offered is the remedy applied) and name a section;
* an irregularity refused now is not offered (checked by trying the game's whole candidate
  list).

And, worked from the rule text: a card dropped while a card is owed is burned
(99-01.3-08-12.6); a dealer who drew on seventeen is not offered before the dealer's hand is
complete (-12.10); a poker misdeal is offered for each cause of 99-01.3-09-04.13 until
substantial action and not after.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from croupier.core.errors import CroupierError
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.poker import GAME as POKER
from croupier.games.poker import ActionKind as PokerKind
from croupier.games.poker import SeatSpec
from croupier.games.poker import Setup as PokerSetup
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.game import GAME as TWENTYONE
from croupier.games.twentyone.game import Setup

from .test_protocol import CASES, EXAMPLES, _game_and_rules

SEEDS = range(6)


def _advance(play: Play[Any, Any, Any, Any], rng: SeededRng) -> bool:
    """One random legal move (chance included); False when the round is over."""
    game = play.game
    pending = play.pending
    if pending.kind is PendingKind.NONE:
        return False
    if pending.kind is PendingKind.CHANCE:
        play.apply(game.chance(play.state, rng))
        return True
    options = play.legal_actions()
    play.apply(options[rng.randbelow(len(options))])
    return True


def _accepts(play: Play[Any, Any, Any, Any], action: Any) -> tuple[Any, ...] | None:
    """The events ``action`` would cause on a copy of ``play``, or None if refused."""
    trial = Play.rebuilt(play.game, play.rules, play.setup, play.log)
    try:
        return tuple(trial.apply(action).events)
    except CroupierError:
        return None


@pytest.mark.parametrize(("name", "path"), CASES)
def test_offered_irregularities_are_exactly_those_accepted_and_asking_changes_nothing(
    name: str, path: Any
) -> None:
    game, rules = _game_and_rules(name, path)
    for seed in SEEDS:
        rng = SeededRng(seed)
        play = Play(game, rules, game.random_setup(rules, rng))
        for step in range(400):
            if step % 3 == 0:
                before = game.snapshot(play.state)
                offered = play.irregularities()
                assert game.snapshot(play.state) == before
                kept = [a for a, _ in offered]
                for action, events in offered:
                    assert _accepts(play, action) == events
                    assert any(getattr(e, "section", "") for e in events), action
                for candidate in game.irregularities(play.state):
                    if candidate not in kept:
                        assert _accepts(play, candidate) is None, candidate
            if not _advance(play, rng):
                break


def _example(stem: str) -> dict[str, Any]:
    data = tomllib.loads((EXAMPLES / f"{stem}.toml").read_text(encoding="utf-8"))
    data.pop("game", None)
    return data


def _twentyone_play() -> Play[Any, Any, Any, Any]:
    rules = TWENTYONE.parse_rules(_example("twentyone-hole-card-no-peek-6deck-s17"))
    return Play(TWENTYONE, rules, Setup((SeatWager(2, 1000), SeatWager(4, 2500))))


def test_99_01_3_08_12_6_a_card_dropped_while_a_card_is_owed_is_burned() -> None:
    play = _twentyone_play()
    (deal,) = play.legal_actions()  # the dealer begins the deal
    play.apply(deal)
    assert play.pending.kind is PendingKind.CHANCE
    offered = {a.kind: events for a, events in play.irregularities()}
    assert ActionKind.CARD_DROPPED in offered
    remedied = [e for e in offered[ActionKind.CARD_DROPPED] if hasattr(e, "remedy")]
    assert remedied[0].section == "99-01.3-08-12.6"
    assert "burned" in remedied[0].remedy
    play.apply(Action(ActionKind.CARD_DROPPED))
    burned = play.apply(TWENTYONE.chance(play.state, SeededRng(1))).events
    assert [getattr(e, "recipient", None) for e in burned if hasattr(e, "card")] == ["burn"]


def test_99_01_3_08_12_10_drawing_on_seventeen_is_not_offered_before_the_dealer_is_done() -> None:
    play = _twentyone_play()
    kinds = {a.kind for a, _ in play.irregularities()}
    assert ActionKind.DEALER_DREW_ON_17 not in kinds
    assert ActionKind.MISCOUNT_SUSPECTED not in kinds  # the cards are played back after the round


def test_99_01_3_09_04_13_a_misdeal_is_offered_until_substantial_action() -> None:
    rules = POKER.parse_rules(_example("poker-holdem"))
    seats = tuple(SeatSpec(s, 10_000) for s in (1, 2, 3, 4, 5))
    play = Play(POKER, rules, PokerSetup(seats, 1))
    rng = SeededRng(7)
    offered = play.irregularities()
    assert len(offered) == 4
    assert all(a.kind is PokerKind.MISDEAL for a, _ in offered)
    assert {e.section for _, events in offered for e in events if hasattr(e, "section")} == {
        "99-01.3-09-04.13"
    }
    # deal, then three players act by calling or folding: substantial action (-04.13)
    acted = 0
    while acted < 3:
        if play.pending.kind is PendingKind.CHANCE:
            play.apply(POKER.chance(play.state, rng))
            continue
        options = play.legal_actions()
        passive = [a for a in options if a.kind in (PokerKind.CALL, PokerKind.FOLD)]
        play.apply(passive[0])
        acted += 1
    assert play.irregularities() == []
