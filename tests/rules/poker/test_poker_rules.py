"""Rule tests for N.D. Admin. Code 99-01.3-09, named by section."""

from __future__ import annotations

import copy

import pytest

from croupier.core.cards import parse_card, parse_cards
from croupier.core.errors import ConfigError, RuleViolation
from croupier.games.base import PendingKind
from croupier.games.poker import (
    Action,
    ActionKind,
    Hand,
    SeatSpec,
    TableRules,
    first_button,
    next_button,
    rules_from_dict,
)
from croupier.games.poker.actions import Statement
from croupier.games.poker.pots import build_pots, split_evenly


def _hand(n: int = 3, button: int | None = None, rules: TableRules | None = None) -> Hand:
    seats = [SeatSpec(k + 1, 1000) for k in range(n)]
    return Hand(rules or TableRules(), seats, button or n)


def _deal_all(hand: Hand, cards: str = "") -> None:
    deck = list(parse_cards(cards)) if cards else []
    while hand.pending.kind is PendingKind.CHANCE:
        hand.apply(Action(ActionKind.CARD, card=deck.pop(0) if deck else None))


def _state(hand: Hand) -> object:
    return copy.deepcopy(hand.snapshot())


def test_99_01_3_09_01_maximum_single_bet_one_dollar() -> None:
    hand = _hand()
    _deal_all(hand)
    before = _state(hand)
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.RAISE, 3, amount=200))
    assert info.value.section.startswith("99-01.3-09")
    assert _state(hand) == before
    hand.apply(Action(ActionKind.RAISE, 3, amount=150))


def test_99_01_3_09_01_at_most_three_raises_among_all_players() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.RAISE, 3, amount=100))
    hand.apply(Action(ActionKind.RAISE, 1, amount=150))
    hand.apply(Action(ActionKind.RAISE, 2, amount=200))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.RAISE, 3, amount=250))
    assert info.value.section == "99-01.3-09-01"


def test_99_01_3_09_01_config_refuses_two_dollar_bets_listing_every_problem() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"maximum_bet": 200, "fee_per_half_hour": 300, "max_raises": 4})
    fields = {p.field for p in info.value.problems}
    assert {"maximum_bet", "fee_per_half_hour", "max_raises"} <= fields


def test_99_01_3_09_06_1_f_raise_at_least_the_original_bet() -> None:
    hand = _hand()
    _deal_all(hand)
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.RAISE, 3, amount=75))  # raise of 25 < original bet 50
    assert info.value.section == "99-01.3-09-06.1.f"


def test_99_01_3_09_04_8_first_button_high_card_suit_order() -> None:
    draws = {1: parse_card("Kc"), 2: parse_card("Kh"), 3: parse_card("Kd"), 4: parse_card("Qs")}
    assert first_button(draws) == 2
    assert first_button({1: parse_card("As"), 2: parse_card("Ah")}) == 1


def test_99_01_3_09_04_11_heads_up_button_goes_to_the_most_recent_big_blind() -> None:
    # Three players down to two: seat 5 had the big blind in hand 9, seat 2 in hand 8.
    assert next_button([2, 3, 5], 3, [2, 5], {2: 8, 5: 9}) == 5


def test_99_01_3_09_04_11_heads_up_button_posts_small_blind_and_acts_first() -> None:
    hand = _hand(2, button=2)
    assert hand.player(2).bet == 25
    assert hand.player(1).bet == 50
    _deal_all(hand)
    assert hand.pending.seat == 2


def test_99_01_3_09_04_10_out_of_turn_is_refused_and_changes_nothing() -> None:
    hand = _hand(4)
    _deal_all(hand)
    before = _state(hand)
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.CALL, 1))
    assert info.value.section == "99-01.3-09-04.10"
    assert _state(hand) == before


def test_99_01_3_09_04_13_no_misdeal_after_substantial_action() -> None:
    hand = _hand(4)
    _deal_all(hand)
    hand.apply(Action(ActionKind.RAISE, 3, amount=100))
    hand.apply(Action(ActionKind.FOLD, 4))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.MISDEAL, reason="late"))
    assert info.value.section == "99-01.3-09-04.13"


def test_99_01_3_09_04_15_statement_is_binding() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.STATE, 3, statement=Statement.RAISE, amount=100))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.CALL, 3))
    assert info.value.section == "99-01.3-09-04.15"
    hand.apply(Action(ActionKind.WAGER, 3, amount=60))  # corrected to the stated 100
    assert hand.player(3).bet == 100


def test_99_01_3_09_04_16_less_than_a_call_completes_or_folds() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.WAGER, 3, amount=30))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.RAISE, 3, amount=100))
    assert info.value.section == "99-01.3-09-04.16"
    hand.apply(Action(ActionKind.CALL, 3))
    assert hand.player(3).bet == 50


def test_99_01_3_09_04_17_single_chip_is_a_call() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.WAGER, 3, amount=100, single_chip=True))
    assert hand.player(3).bet == 50


def test_99_01_3_09_04_17_half_a_raise_must_be_completed() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.WAGER, 3, amount=75))  # 25 over the call = 50% of a raise
    assert hand.player(3).bet == 100
    hand2 = _hand()
    _deal_all(hand2)
    hand2.apply(Action(ActionKind.WAGER, 3, amount=70))  # 20 over: under half -> a call
    assert hand2.player(3).bet == 50


def test_99_01_3_09_04_18_fouled_hand_with_too_many_cards_is_dead() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.RAISE, 3, amount=100))
    hand.apply(Action(ActionKind.CALL, 1))
    hand.apply(Action(ActionKind.FOULED_HAND, 2, cards=3))
    assert hand.player(2).dead


def test_99_01_3_09_04_22_improperly_faced_card_is_replaced_by_the_next() -> None:
    hand = _hand(2, button=2)
    hand.apply(Action(ActionKind.CARD, card=parse_card("As"), faced=True))
    hand.apply(Action(ActionKind.CARD, card=parse_card("Kd")))
    assert hand.player(1).hole == [parse_card("Kd")]


def test_99_01_3_09_04_2_one_deck_no_card_twice() -> None:
    hand = _hand(2, button=2)
    hand.apply(Action(ActionKind.CARD, card=parse_card("As")))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.CARD, card=parse_card("As")))
    assert info.value.section == "99-01.3-09-04.2"


def test_99_01_3_09_04_24_all_in_hands_may_not_be_mucked() -> None:
    rules = TableRules(structure="no-limit", tournament=True, max_raises=None, odd_chip_unit=1)
    hand = Hand(rules, [SeatSpec(1, 100), SeatSpec(2, 1000)], 2)
    _deal_all(hand, "As Ks Ah Kh")
    hand.apply(Action(ActionKind.RAISE, 2, amount=1000))
    hand.apply(Action(ActionKind.CALL, 1))
    first = hand.pending.seat
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(ActionKind.MUCK, first))
    assert info.value.section == "99-01.3-09-04.24"


def test_99_01_3_09_04_28_defective_deck_returns_wagers_except_knowing_bettors() -> None:
    hand = _hand()
    _deal_all(hand)
    hand.apply(Action(ActionKind.RAISE, 3, amount=100))
    hand.apply(Action(ActionKind.DEFECTIVE_DECK, seats=(3,)))
    assert hand.stacks == {1: 1000, 2: 1000, 3: 900}
    assert hand.settlement().details["forfeited_to_next_game"] == 100


def test_99_01_3_09_05_11_absent_player_blind_posted_and_hand_dead() -> None:
    seats = [SeatSpec(1, 1000, absent=True), SeatSpec(2, 1000), SeatSpec(3, 1000)]
    hand = Hand(TableRules(), seats, 3)
    assert hand.player(1).bet == 25
    _deal_all(hand)
    assert hand.player(1).dead


def test_99_01_3_09_05_7_side_pots_any_number() -> None:
    pots = build_pots([50, 100, 150, 200, 200], [True] * 5)
    assert [p.amount for p in pots] == [250, 200, 150, 100]
    assert pots[-1].eligible == (3, 4)


def test_99_01_3_09_04_27_odd_chip_first_clockwise() -> None:
    assert split_evenly(125, [1, 2], 25) == [75, 50]
    assert split_evenly(100, [4, 5, 6], 25) == [50, 25, 25]


def test_99_01_3_09_06_1_e_a_tournament_raise_cap_is_three_or_none() -> None:
    base = {"structure": "no-limit", "tournament": True, "odd_chip_unit": 1}
    with pytest.raises(ConfigError) as info:
        rules_from_dict({**base, "max_raises": 4})
    problems = {(p.field, p.section) for p in info.value.problems}
    assert ("max_raises", "99-01.3-09-06.1.e") in problems
    for cap in (None, 0, 1, 3):  # no cap adopted, or a cap of at most three
        assert rules_from_dict({**base, "max_raises": cap}).max_raises == cap


def _flop_with_stacks(stacks: list[int], rules: TableRules) -> Hand:
    """Three players (button 3) who limp preflop and see the flop, with these stacks."""
    hand = Hand(rules, [SeatSpec(k + 1, s) for k, s in enumerate(stacks)], 3)
    _deal_all(hand)
    hand.apply(Action(ActionKind.CALL, 3))
    hand.apply(Action(ActionKind.CALL, 1))
    hand.apply(Action(ActionKind.CHECK, 2))
    _deal_all(hand)
    return hand


_NO_LIMIT = {
    "structure": "no-limit",
    "tournament": True,
    "small_blind": 50,
    "big_blind": 100,
    "minimum_bet": 100,
    "max_raises": None,
}


def test_99_01_3_09_05_7_an_all_in_below_the_minimum_bet_does_not_lower_it() -> None:
    # Nontournament: minimum bet 50c (-06.1.c). Seat 1, with 10c left, bets it all on the flop
    # (-05.7). The next bet must still be at least the 50c minimum, up to the $1 maximum bet.
    hand = _flop_with_stacks([60, 1000, 1000], TableRules())
    hand.apply(Action(ActionKind.BET, 1, amount=10))
    limits = hand.limits_for(1)
    assert (limits.call, limits.min_to, limits.max_to) == (10, 50, 100)
    with pytest.raises(RuleViolation):
        hand.apply(Action(ActionKind.RAISE, 2, amount=20))
    hand.apply(Action(ActionKind.RAISE, 2, amount=50))  # completes the opening bet
    # a raise over the completed bet is at least the original bet of 50c (-06.1.f)
    assert hand.limits_for(2).min_to == 100


def test_99_01_3_09_06_1_f_a_completed_short_opening_is_not_a_raise() -> None:
    # Three raises at most (-06.1.e); completing a short all-in opening is the round's bet, so
    # three raises may still follow it.
    hand = _flop_with_stacks([60, 1000, 1000], TableRules())
    hand.apply(Action(ActionKind.BET, 1, amount=10))
    hand.apply(Action(ActionKind.RAISE, 2, amount=50))
    hand.apply(Action(ActionKind.RAISE, 3, amount=100))
    hand.apply(Action(ActionKind.RAISE, 2, amount=150))
    hand.apply(Action(ActionKind.RAISE, 3, amount=200))
    limits = hand.limits_for(1)  # seat 2 (index 1): three raises made, the cap reached
    assert limits.min_to is None
    assert limits.raise_closed_reason == "the raises are capped"


def test_99_01_3_09_05_7_no_limit_short_all_in_opening_keeps_the_minimum_bet() -> None:
    hand = _flop_with_stacks([120, 5000, 5000], rules_from_dict(_NO_LIMIT))
    hand.apply(Action(ActionKind.BET, 1, amount=20))
    assert hand.limits_for(1).min_to == 100
    with pytest.raises(RuleViolation):
        hand.apply(Action(ActionKind.RAISE, 2, amount=40))
    hand.apply(Action(ActionKind.RAISE, 2, amount=150))  # an opening bet of 150
    assert hand.limits_for(2).min_to == 300  # raised by at least the original bet, 150


def test_99_01_3_09_05_5_fixed_limit_short_all_in_opening_is_completed_to_the_bet() -> None:
    rules = rules_from_dict(
        {**_NO_LIMIT, "structure": "fixed-limit", "small_bet": 100, "big_bet": 200}
    )
    hand = _flop_with_stacks([120, 5000, 5000], rules)
    hand.apply(Action(ActionKind.BET, 1, amount=20))
    limits = hand.limits_for(1)
    assert (limits.call, limits.min_to, limits.max_to) == (20, 100, 100)
