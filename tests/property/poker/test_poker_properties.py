"""Invariants of random legal play: chips conserved, pots fully awarded, replay reproduces."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.errors import RuleViolation
from croupier.core.protocol import play_randomly
from croupier.core.rng import SeededRng
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.game import GAME, Setup, choose_sized
from croupier.games.poker.hand import Hand
from croupier.games.poker.rules import Structure, TableRules, Variant
from croupier.games.poker.table import SeatSpec

RULES = [
    TableRules(),
    TableRules(
        variant=Variant.OMAHA_HILO,
        structure=Structure.FIXED_LIMIT,
        tournament=True,
        small_bet=20,
        big_bet=40,
        small_blind=10,
        big_blind=20,
        odd_chip_unit=1,
        max_players=11,
    ),
    TableRules(
        variant=Variant.OMAHA,
        structure=Structure.POT_LIMIT,
        tournament=True,
        small_blind=5,
        big_blind=10,
        minimum_bet=10,
        max_raises=None,
        odd_chip_unit=1,
        max_players=11,
    ),
    TableRules(
        structure=Structure.NO_LIMIT,
        tournament=True,
        small_blind=5,
        big_blind=10,
        minimum_bet=10,
        max_raises=None,
        odd_chip_unit=1,
        max_players=11,
    ),
]


def random_hand(
    rules: TableRules, stacks: list[int], seed: int, button_index: int, log: list[Action]
) -> Hand:
    """A hand of random legal play (bets of any legal size) on seats 1..n."""
    seats = tuple(SeatSpec(k + 1, stack) for k, stack in enumerate(stacks))
    setup = Setup(seats, seats[button_index % len(seats)].seat)
    play = play_randomly(GAME, rules, setup, SeededRng(seed), choose=choose_sized)
    log.extend(play.log)
    return play.state


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 3),
    st.integers(2, 11),
    st.integers(0, 2**32),
    st.lists(st.integers(30, 3000), min_size=11, max_size=11),
)
def test_chips_conserved_and_every_pot_awarded(
    rule: int, n: int, seed: int, stacks: list[int]
) -> None:
    rules = RULES[rule]
    if rules.max_players < n:
        n = rules.max_players
    log: list[Action] = []
    hand = random_hand(rules, stacks[:n], seed, seed, log)
    assert sum(hand.stacks.values()) == sum(stacks[:n])
    assert hand.pot == 0
    assert sum(w.net for w in hand.settlement().wagers) == 0
    again = Hand(rules, [SeatSpec(k + 1, s) for k, s in enumerate(stacks[:n])], (seed % n) + 1)
    for action in log:
        GAME.step(again, action)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in hand.events]
    assert again.settlement() == hand.settlement()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(-50, 5000))
def test_illegal_actions_raise_with_section_and_change_nothing(seed: int, amount: int) -> None:
    rules = RULES[0]
    log: list[Action] = []
    played = random_hand(rules, [1000, 1000, 1000], seed, 0, log)
    replay = Hand(rules, [SeatSpec(k + 1, 1000) for k in range(3)], 1)
    for action in log:
        if action.seat is not None:
            wrong = next(s for s in (1, 2, 3) if s != action.seat)
            before = ([e.to_dict() for e in replay.events], dict(replay.stacks), replay.pot)
            with pytest.raises(RuleViolation) as info:
                replay.apply(Action(ActionKind.RAISE, wrong, amount=amount))
            assert info.value.section.startswith("99-01.3-09")
            after = ([e.to_dict() for e in replay.events], dict(replay.stacks), replay.pot)
            assert before == after
        GAME.step(replay, action)
    # the refusals (refused by the hand itself, before it changes anything) left nothing behind:
    # the replay ends exactly as the hand played without them
    assert [e.to_dict() for e in replay.events] == [e.to_dict() for e in played.events]
    assert replay.pending == played.pending
