"""Poker through the game protocol (``GAME``) under several table rules: the shared property
module (``tests/property/test_protocol.py``) runs only the default nontournament table, so here
the same invariants run on fixed-limit hold'em, Omaha high-low, pot-limit Omaha and no-limit
hold'em, with bets of every legal size (``choose_sized``)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import parse_card
from croupier.core.errors import CroupierError
from croupier.core.events import event_from_dict
from croupier.core.protocol import HOUSE, PendingKind, Play, play_randomly, player_party
from croupier.core.rng import SeededRng
from croupier.games.poker import GAME, Action, ActionKind, SeatSpec, Setup, Statement
from croupier.games.poker.events import ActionTaken, HandStarted
from croupier.games.poker.game import POT, choose_sized

from .test_poker_properties import RULES

K = ActionKind


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(RULES) - 1), st.integers(0, 2**32 - 1))
def test_money_conserved_at_every_step_and_parties_are_the_final_balances(
    rule: int, seed: int
) -> None:
    rules = RULES[rule]
    rng = SeededRng(seed)
    setup = GAME.random_setup(rules, rng)
    play = Play(GAME, rules, setup)
    while not GAME.is_over(play.state):
        balances = GAME.balances(play.state)
        assert sum(balances.values()) == 0
        assert balances[HOUSE] == 0  # no rake: fees are collected apart (-03.3)
        if play.pending.kind is PendingKind.CHANCE:
            assert GAME.legal_actions(play.state) == ()
            play.apply(GAME.chance(play.state, rng))
        else:
            play.apply(choose_sized(play.legal_actions(), rng))
    settlement = play.settlement()
    parties = dict(settlement.parties)
    assert parties == dict(GAME.balances(play.state))
    assert POT not in parties  # every chip of the pot awarded
    for w in settlement.wagers:
        assert parties[player_party(w.space)] == w.net
    assert sum(parties.values()) == 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(RULES) - 1), st.integers(0, 2**32 - 1))
def test_the_event_stream_alone_rebuilds_the_hand(rule: int, seed: int) -> None:
    rules = RULES[rule]
    rng = SeededRng(seed)
    setup = GAME.random_setup(rules, rng)
    play = play_randomly(GAME, rules, setup, rng, choose=choose_sized)
    stored = [event_from_dict(e.to_dict()) for e in play.events]
    assert stored == play.events
    assert isinstance(stored[0], HandStarted)  # the opening events lead the first step's
    actions = GAME.actions_from_events(stored)
    assert actions == play.log
    again = Play.rebuilt(GAME, rules, setup, actions)
    assert GAME.snapshot(again.state) == GAME.snapshot(play.state)
    assert again.events == play.events
    assert again.settlement() == play.settlement()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_chance_draws_each_remaining_card_and_never_a_dealt_one(seed: int) -> None:
    rng = SeededRng(seed)
    setup = Setup((SeatSpec(1, 1000), SeatSpec(2, 1000)), 1)
    hand = GAME.start(RULES[0], setup)
    dealt = []
    while hand.pending.kind is PendingKind.CHANCE:
        action = GAME.chance(hand, rng)
        dealt.append(action.card)
        GAME.step(hand, action)
    assert len(dealt) == len(set(dealt)) == 4  # two hole cards each, one deck (-04.2)


def test_chance_is_uniform_over_the_cards_left() -> None:
    # The first card of a hand is any of 52 with probability 1/52: over 52,000 draws each card
    # is expected 1,000 times (standard deviation about 31.5); 6 deviations is far outside
    # chance for any card, and a draw that skipped or doubled a card would be far outside it.
    rng = SeededRng(99)
    setup = Setup((SeatSpec(1, 1000), SeatSpec(2, 1000)), 1)
    hand = GAME.start(RULES[0], setup)
    counts = Counter(GAME.chance(hand, rng).card for _ in range(52_000))
    assert len(counts) == 52
    assert all(abs(n - 1000) < 6 * 31.5 for n in counts.values())
    # with the ace of spades already dealt it is never drawn again
    GAME.step(hand, Action(K.CARD, card=parse_card("As")))
    assert parse_card("As") not in {GAME.chance(hand, rng).card for _ in range(2_000)}


def test_every_kind_of_action_round_trips_in_its_event() -> None:
    for action in (
        Action(K.CARD, card=None),
        Action(K.CARD, card=parse_card("Td"), faced=True),
        Action(K.STATE, 3, statement=Statement.RAISE, amount=120),
        Action(K.WAGER, 2, amount=75, single_chip=True, announced_raise=True),
        Action(K.MUCK, 4, face_up=True, identifiable=True),
        Action(K.DEFECTIVE_DECK, seats=(1, 3)),
        Action(K.MISDEAL, reason="two cards exposed"),
    ):
        event = ActionTaken(action)
        assert event_from_dict(event.to_dict()) == event


def test_a_refused_action_leaves_the_play_as_it_was() -> None:
    rules = RULES[0]
    setup = Setup((SeatSpec(1, 1000), SeatSpec(2, 1000), SeatSpec(3, 1000)), 1)
    play = Play(GAME, rules, setup)
    for _ in range(3):  # three of the six hole cards dealt
        play.apply(GAME.chance(play.state, SeededRng(3)))
    before, log = GAME.snapshot(play.state), list(play.log)
    with pytest.raises(CroupierError):
        play.apply(Action(K.RAISE, 2, amount=10))
    assert GAME.snapshot(play.state) == before
    assert play.log == log
