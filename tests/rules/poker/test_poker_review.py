"""Independent review of the poker engine against N.D. Admin. Code 99-01.3-09.

Every expected value below is worked out by hand from the rule text. The review's twelve
findings (REVIEW-1 to REVIEW-12) were first pinned here as strict xfails and then fixed.
The default table (``TableRules()``) is non-tournament: small blind 25, big blind 50, bets of
50 to 100 cents, at most three raises, odd chips of 25.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from croupier.core.cards import parse_cards
from croupier.core.errors import ConfigError, RuleViolation
from croupier.games.base import Outcome, PendingKind
from croupier.games.poker import (
    Action,
    ActionKind,
    Hand,
    SeatSpec,
    TableRules,
    rules_from_dict,
)
from croupier.games.poker.actions import Statement

K = ActionKind

NO_LIMIT = {
    "tournament": True,
    "structure": "no-limit",
    "small_blind": 10,
    "big_blind": 20,
    "minimum_bet": 20,
    "max_raises": None,
    "odd_chip_unit": 1,
}
FIXED_LIMIT = {
    "tournament": True,
    "structure": "fixed-limit",
    "small_blind": 10,
    "big_blind": 20,
    "small_bet": 20,
    "big_bet": 40,
    "odd_chip_unit": 1,
}


# -- helpers ---------------------------------------------------------------------------------
def _hand(
    n: int = 3,
    button: int | None = None,
    rules: TableRules | None = None,
    stacks: Mapping[int, int] | None = None,
    absent: Iterable[int] = (),
) -> Hand:
    away = set(absent)
    chips = stacks or {k + 1: 1000 for k in range(n)}
    seats = [SeatSpec(seat, stack, absent=seat in away) for seat, stack in sorted(chips.items())]
    return Hand(rules or TableRules(), seats, button if button is not None else max(chips))


class _Shoe:
    """The cards the dealer will deal: each seat's hole cards in order, the board cards, and
    replacements; burn cards (and anything not given) are dealt face down as unknown."""

    def __init__(
        self, holes: Mapping[int, str] | None = None, board: str = "", replacements: str = ""
    ) -> None:
        self.holes = {seat: list(parse_cards(cards)) for seat, cards in (holes or {}).items()}
        self.board = list(parse_cards(board)) if board else []
        self.spare = list(parse_cards(replacements)) if replacements else []

    def deal(self, hand: Hand) -> None:
        """Deal whatever is due."""
        while hand.pending.kind is PendingKind.CHANCE:
            detail, seat = hand.pending.detail, hand.pending.seat
            card = None
            if detail == "hole" and self.holes.get(seat):
                card = self.holes[seat].pop(0)
            elif detail == "board" and self.board:
                card = self.board.pop(0)
            elif detail == "replacement" and self.spare:
                card = self.spare.pop(0)
            hand.apply(Action(K.CARD, card=card))


def _deal(hand: Hand) -> None:
    _Shoe().deal(hand)


def _play(hand: Hand, moves: Iterable[Action], shoe: _Shoe | None = None) -> None:
    """Deal what is due before each move, then make it."""
    dealer = shoe or _Shoe()
    for move in moves:
        dealer.deal(hand)
        hand.apply(move)


def _checks(*seats: int) -> list[Action]:
    return [Action(K.CHECK, seat) for seat in seats]


def _public(hand: Hand) -> object:
    """Everything the public API shows of a hand."""
    return (hand.stacks, hand.pending, hand.legal_actions(), hand.settlement())


def _refused(hand: Hand, action: Action, section: str) -> None:
    before = _public(hand)
    with pytest.raises(RuleViolation) as info:
        hand.apply(action)
    assert info.value.section == section
    assert _public(hand) == before


def _show_down(hand: Hand) -> list[int]:
    """Show every hand in the order the engine asks for; return that order."""
    order = []
    while hand.pending.kind is PendingKind.SEAT and hand.pending.detail == "showdown":
        seat = hand.pending.seat
        assert seat is not None
        order.append(seat)
        hand.apply(Action(K.SHOW, seat))
    return order


def _kinds(hand: Hand) -> set[ActionKind]:
    return {a.kind for a in hand.legal_actions()}


# Three players, button 3: seat 1 small blind 25, seat 2 big blind 50, seat 3 acts first.
LIMP_AROUND = [Action(K.CALL, 3), Action(K.CALL, 1), Action(K.CHECK, 2)]


# -- 99-01.3-09-01: non-tournament limits ----------------------------------------------------
def test_99_01_3_09_01_opening_bet_after_the_flop_at_most_one_dollar() -> None:
    hand = _hand()
    _deal(hand)
    _play(hand, LIMP_AROUND)
    _deal(hand)
    _refused(hand, Action(K.BET, 1, amount=125), "99-01.3-09-01")
    hand.apply(Action(K.BET, 1, amount=100))
    assert hand.stacks[1] == 850  # 50 pre-flop + 100


def test_99_01_3_09_01_each_raise_at_most_one_dollar_over_the_bet() -> None:
    hand = _hand()
    _deal(hand)
    _play(hand, [*LIMP_AROUND, Action(K.BET, 1, amount=50)])
    _refused(hand, Action(K.RAISE, 2, amount=175), "99-01.3-09-01")  # adds 125
    hand.apply(Action(K.RAISE, 2, amount=150))  # adds 100


def test_99_01_3_09_01_three_raises_among_all_players_after_the_flop() -> None:
    hand = _hand()
    _deal(hand)
    _play(
        hand,
        [
            *LIMP_AROUND,
            Action(K.BET, 1, amount=50),
            Action(K.RAISE, 2, amount=100),
            Action(K.RAISE, 3, amount=150),
            Action(K.RAISE, 1, amount=200),
        ],
    )
    assert K.RAISE not in _kinds(hand)
    _refused(hand, Action(K.RAISE, 2, amount=250), "99-01.3-09-01")
    hand.apply(Action(K.CALL, 2))
    assert hand.stacks[2] == 750  # 50 pre-flop + 200


# -- 99-01.3-09-06.1.f: the raise floor ------------------------------------------------------
def test_99_01_3_09_06_1_f_raise_at_least_the_original_bet_of_the_round() -> None:
    # Flop: seat 1 opens for 100; a raise of 50 (to 150) is less than the original bet.
    hand = _hand()
    _deal(hand)
    _play(hand, [*LIMP_AROUND, Action(K.BET, 1, amount=100)])
    _refused(hand, Action(K.RAISE, 2, amount=150), "99-01.3-09-06.1.f")
    hand.apply(Action(K.RAISE, 2, amount=200))


# -- 99-01.3-09-04.7, -05.5: the deal --------------------------------------------------------
def test_99_01_3_09_05_5_a_hole_cards_one_at_a_time_from_the_left_of_the_button() -> None:
    hand = _hand(3, button=2)
    seats = []
    while hand.pending.kind is PendingKind.CHANCE:
        assert hand.pending.detail == "hole"
        seats.append(hand.pending.seat)
        hand.apply(Action(K.CARD))
    assert seats == [3, 1, 2, 3, 1, 2]


def test_99_01_3_09_05_5_b_burn_before_the_flop_turn_and_river() -> None:
    hand = _hand(2, button=2)
    _deal(hand)
    hand.apply(Action(K.CALL, 2))
    hand.apply(Action(K.CHECK, 1))
    details = []
    shoe = list(parse_cards("2c 3c 4c 5c 6c 7c 8c 9c"))
    moves = _checks(1, 2) * 2
    while hand.pending.kind is not PendingKind.SEAT or moves:
        if hand.pending.kind is PendingKind.CHANCE:
            details.append(hand.pending.detail)
            hand.apply(Action(K.CARD, card=shoe.pop(0)))
        else:
            hand.apply(moves.pop(0))
    assert details == ["burn", "board", "board", "board", "burn", "board", "burn", "board"]
    assert hand.settlement().details["board"] == ["3c", "4c", "5c", "7c", "9c"]


# -- 99-01.3-09-04.10, -04.11: betting order -------------------------------------------------
def test_99_01_3_09_04_10_big_blind_acts_before_the_first_round_ends() -> None:
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.CALL, 3))
    hand.apply(Action(K.CALL, 1))
    assert hand.pending.kind is PendingKind.SEAT
    assert hand.pending.seat == 2
    assert {K.CHECK, K.RAISE} <= _kinds(hand)


def test_99_01_3_09_04_10_later_rounds_start_with_first_active_left_of_button() -> None:
    hand = _hand(4, button=4)  # seat 1 small blind, seat 2 big blind
    _deal(hand)
    _play(hand, [Action(K.CALL, 3), Action(K.CALL, 4), Action(K.FOLD, 1), Action(K.CHECK, 2)])
    _deal(hand)
    assert hand.pending.seat == 2


def test_99_01_3_09_04_11_heads_up_button_acts_last_after_the_flop() -> None:
    hand = _hand(2, button=2)
    _deal(hand)
    _play(hand, [Action(K.CALL, 2), Action(K.CHECK, 1)])
    _deal(hand)
    assert hand.pending.seat == 1
    hand.apply(Action(K.CHECK, 1))
    assert hand.pending.seat == 2


def test_99_01_3_09_04_11_heads_up_button_acts_first_without_blinds() -> None:
    # -04.11: heads-up, "the player with the button shall be the first player to act on the
    # first betting round" -- the sentence does not depend on blinds being used.
    rules = rules_from_dict({"small_blind": 0, "big_blind": 0, "ante": 25})
    hand = _hand(2, button=2, rules=rules)
    _deal(hand)
    assert hand.pending.seat == 2


# -- 99-01.3-09-04.12: exposed cards ---------------------------------------------------------
def test_99_01_3_09_04_12_exposed_card_replaced_after_everyone_has_cards() -> None:
    hand = _hand(3, button=3)
    hand.apply(Action(K.CARD))  # seat 1's first card, flashed
    hand.apply(Action(K.EXPOSED_CARD, 1))
    seats = []
    while hand.pending.kind is PendingKind.CHANCE:
        seats.append((hand.pending.detail, hand.pending.seat))
        hand.apply(Action(K.CARD))
    dealt_later = [("hole", 2), ("hole", 3), ("hole", 1), ("hole", 2), ("hole", 3)]
    assert seats == [*dealt_later, ("replacement", 1)]


def test_99_01_3_09_04_12_button_last_card_exposed_is_replaced() -> None:
    # The button's second card is the last card of the deal; if it is flashed it is an exposed
    # card like any other and is replaced once all players have received their cards.
    hand = _hand(3, button=3)
    for _ in range(6):
        hand.apply(Action(K.CARD))
    hand.apply(Action(K.EXPOSED_CARD, 3))
    assert hand.pending.kind is PendingKind.CHANCE
    assert (hand.pending.detail, hand.pending.seat) == ("replacement", 3)


# -- 99-01.3-09-04.13: misdeals and substantial action ---------------------------------------
def test_99_01_3_09_04_13_three_players_acting_is_substantial_action() -> None:
    # Two calls without a raise: not yet substantial; a misdeal returns every wager.
    hand = _hand(4, button=4)
    _deal(hand)
    _play(hand, [Action(K.CALL, 3), Action(K.CALL, 4)])
    hand.apply(Action(K.MISDEAL, reason="seat 2 dealt three cards"))
    assert hand.stacks == {1: 1000, 2: 1000, 3: 1000, 4: 1000}
    assert {w.result for w in hand.settlement().wagers} == {Outcome.RETURNED}
    # A third player acting (a fold) makes it substantial: no misdeal.
    hand = _hand(4, button=4)
    _deal(hand)
    _play(hand, [Action(K.CALL, 3), Action(K.CALL, 4), Action(K.FOLD, 1)])
    _refused(hand, Action(K.MISDEAL, reason="late"), "99-01.3-09-04.13")


def test_99_01_3_09_04_13_misdeal_after_the_flop_without_substantial_action() -> None:
    # Heads-up: the button calls, the big blind checks. One player has acted by betting; no
    # raise. -04.13 forbids a misdeal only "once substantial action has occurred".
    hand = _hand(2, button=2)
    _deal(hand)
    _play(hand, [Action(K.CALL, 2), Action(K.CHECK, 1)])
    _deal(hand)
    hand.apply(Action(K.MISDEAL, reason="seat 1 was dealt three cards"))
    assert hand.stacks == {1: 1000, 2: 1000}


def test_99_01_3_09_04_13_two_players_without_a_raise_is_not_substantial() -> None:
    # Heads-up: call, check; flop: bet, call. Only two players have acted and nobody raised:
    # substantial action needs three players, or two if one of them raised.
    hand = _hand(2, button=2)
    _deal(hand)
    _play(hand, [Action(K.CALL, 2), Action(K.CHECK, 1)])
    _play(hand, [Action(K.BET, 1, amount=50), Action(K.CALL, 2)])
    _deal(hand)
    hand.apply(Action(K.MISDEAL, reason="seat 1 was dealt three cards"))
    assert hand.stacks == {1: 1000, 2: 1000}


# -- 99-01.3-09-04.15 to -04.17: statements and chips ----------------------------------------
def test_99_01_3_09_04_15_first_statement_stays_binding() -> None:
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.STATE, 3, statement=Statement.CALL))
    _refused(hand, Action(K.STATE, 3, statement=Statement.RAISE, amount=100), "99-01.3-09-04.15")
    hand.apply(Action(K.CALL, 3))
    assert hand.stacks[3] == 950


def test_99_01_3_09_04_15_after_stating_call_the_only_legal_action_is_call() -> None:
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.STATE, 3, statement=Statement.CALL))
    assert _kinds(hand) == {K.CALL}


def test_99_01_3_09_04_16_short_bet_then_only_call_or_fold() -> None:
    # Seat 3 puts 30 into a 50 bet: it shall complete the call or fold (-04.16). Stating a
    # raise is neither; accepted, it leaves no action the engine will take.
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.WAGER, 3, amount=30))
    _refused(hand, Action(K.STATE, 3, statement=Statement.RAISE, amount=100), "99-01.3-09-04.16")
    hand.apply(Action(K.CALL, 3))
    assert hand.stacks[3] == 950


def test_99_01_3_09_04_15_stated_raise_with_too_few_chips_is_corrected() -> None:
    # "Raise" is binding; the chips put in (30) differ from it and are corrected to the
    # smallest legal raise: 50 + 50 = 100.
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.STATE, 3, statement=Statement.RAISE))
    hand.apply(Action(K.WAGER, 3, amount=30))
    assert hand.stacks[3] == 900
    assert hand.pending.seat == 1


def test_99_01_3_09_04_17_big_blind_single_chip_is_a_call() -> None:
    # Everyone limps; the big blind (50 in) drops a single 100 chip without announcing a raise.
    # A single chip larger than the bet is a call: the big blind has nothing more to put in and
    # the round ends.
    hand = _hand()
    _deal(hand)
    _play(hand, [Action(K.CALL, 3), Action(K.CALL, 1)])
    hand.apply(Action(K.WAGER, 2, amount=100, single_chip=True))
    assert hand.stacks == {1: 950, 2: 950, 3: 950}
    assert hand.pending.kind is PendingKind.CHANCE


def test_99_01_3_09_04_17_single_chip_with_a_raise_announced_is_a_raise() -> None:
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.WAGER, 3, amount=100, single_chip=True, announced_raise=True))
    assert hand.stacks[3] == 900
    assert hand.pending.seat == 1


# -- 99-01.3-09-04.18 to -04.20: fouled hands ------------------------------------------------
def test_99_01_3_09_04_18_short_a_card_and_due_the_next_is_not_fouled() -> None:
    hand = _hand(3, button=3)
    hand.apply(Action(K.CARD))  # seat 1 holds one card and is due another
    _refused(hand, Action(K.FOULED_HAND, 1, cards=1), "99-01.3-09-04.18")


def test_99_01_3_09_04_19_fouled_bet_returned_before_the_next_player_acts() -> None:
    # Pre-flop: raise to 100, two calls (substantial action). Flop: seat 1 bets 50 with three
    # cards; seat 2 has not acted, so the 50 goes back and seat 1's hand is dead.
    hand = _hand()
    _deal(hand)
    _play(hand, [Action(K.RAISE, 3, amount=100), Action(K.CALL, 1), Action(K.CALL, 2)])
    _play(hand, [Action(K.BET, 1, amount=50)])
    hand.apply(Action(K.FOULED_HAND, 1, cards=3))
    assert hand.stacks[1] == 900
    assert hand.pending.seat == 2
    assert K.CHECK in _kinds(hand)


def test_99_01_3_09_04_20_intentionally_fouled_hand_wagers_stay_in_the_pot() -> None:
    # Seat 3 raises to 100, seat 1 folds; seat 3's hand is found fouled and bet on purpose.
    # All of seat 3's wagers stay in the pot; seat 2, the only live hand, wins 25 + 50 + 100.
    hand = _hand()
    _deal(hand)
    _play(hand, [Action(K.RAISE, 3, amount=100), Action(K.FOLD, 1)])
    hand.apply(Action(K.FOULED_HAND, 3, cards=3, intentional=True))
    assert hand.stacks == {1: 975, 2: 1125, 3: 900}


def test_99_01_3_09_04_19_fouled_hand_recovers_no_wager_after_substantial_action() -> None:
    # As above but not intentional. Raise and fold: substantial action, so no misdeal; the next
    # player has acted, so the raise is not returned. The player "cannot recover any wagers".
    hand = _hand()
    _deal(hand)
    _play(hand, [Action(K.RAISE, 3, amount=100), Action(K.FOLD, 1)])
    hand.apply(Action(K.FOULED_HAND, 3, cards=3))
    assert hand.stacks == {1: 975, 2: 1125, 3: 900}


def test_99_01_3_09_05_11_absent_big_blind_posted_for_the_player_stays_in_the_pot() -> None:
    # Seat 2 is away: the dealer posts its 50 big blind and its hand is dead. Seat 3 folds;
    # seat 1 (small blind) is the only live hand and wins 25 + 50.
    hand = _hand(absent=[2])
    _deal(hand)
    hand.apply(Action(K.FOLD, 3))
    assert hand.stacks == {1: 1050, 2: 950, 3: 1000}


# -- 99-01.3-09-04.22: improperly faced cards ------------------------------------------------
def test_99_01_3_09_04_22_faced_card_in_the_flop_is_replaced_by_the_next() -> None:
    hand = _hand(2, button=2)
    _deal(hand)
    _play(hand, [Action(K.CALL, 2), Action(K.CHECK, 1)])
    hand.apply(Action(K.CARD))  # burn
    hand.apply(Action(K.CARD, card=parse_cards("As")[0], faced=True))
    for card in parse_cards("2d 3d 4d"):
        hand.apply(Action(K.CARD, card=card))
    assert hand.settlement().details["board"] == ["2d", "3d", "4d"]
    assert hand.pending.kind is PendingKind.SEAT


# -- 99-01.3-09-04.23: the order of showing --------------------------------------------------
HOLES3 = {1: "2c 7d", 2: "3c 8d", 3: "4c 9d"}
BOARD = "Ks Qh Jd 5s 6h"


def test_99_01_3_09_04_23_a_final_round_bettor_shows_first() -> None:
    hand = _hand()
    moves = [*LIMP_AROUND, *_checks(1, 2, 3) * 2]
    moves += [Action(K.CHECK, 1), Action(K.BET, 2, amount=50), Action(K.CALL, 3)]
    moves += [Action(K.CALL, 1)]
    _play(hand, moves, _Shoe(HOLES3, BOARD))
    assert _show_down(hand) == [2, 3, 1]
    assert hand.settlement().details["showing_order"] == [2, 3, 1]


def test_99_01_3_09_04_23_b_last_raiser_shows_first() -> None:
    hand = _hand()
    moves = [*LIMP_AROUND, *_checks(1, 2, 3) * 2]
    moves += [Action(K.BET, 1, amount=50), Action(K.RAISE, 2, amount=100)]
    moves += [Action(K.RAISE, 3, amount=150), Action(K.CALL, 1), Action(K.CALL, 2)]
    _play(hand, moves, _Shoe(HOLES3, BOARD))
    assert _show_down(hand) == [3, 1, 2]


def test_99_01_3_09_04_23_c_checked_final_round_first_actor_shows_first() -> None:
    # The flop's bettor (seat 3) does not matter: the river is checked, seat 1 acted first.
    hand = _hand()
    moves = [*LIMP_AROUND, *_checks(1, 2), Action(K.BET, 3, amount=50)]
    moves += [Action(K.CALL, 1), Action(K.CALL, 2), *_checks(1, 2, 3) * 2]
    _play(hand, moves, _Shoe(HOLES3, BOARD))
    assert _show_down(hand) == [1, 2, 3]


def test_99_01_3_09_04_23_e_side_pot_players_show_before_main_pot_all_in() -> None:
    # Seat 1 (100) is all in for the main pot only; seats 2 (300) and 3 share a side pot.
    # Seat 3 raised last: it shows first, then seat 2 (side pot), then seat 1.
    rules = rules_from_dict(NO_LIMIT)
    hand = _hand(rules=rules, stacks={1: 100, 2: 300, 3: 1000}, button=3)
    shoe = _Shoe({1: "As Ad", 2: "Ks Kd", 3: "Qs Qd"}, "2c 7h 9d Jc 4s")
    _play(hand, [Action(K.RAISE, 3, amount=1000), Action(K.CALL, 1), Action(K.CALL, 2)], shoe)
    # -04.24: every hand is shown without delay once a player is all in; then the board.
    assert _show_down(hand) == [3, 2, 1]
    shoe.deal(hand)
    # -05.7: main pot 3 x 100 = 300 to seat 1 (aces); side pot 2 x 200 = 400 to seat 2
    # (kings, the second-best hand); seat 3's unmatched 700 is returned.
    assert hand.stacks == {1: 300, 2: 400, 3: 700}


# -- 99-01.3-09-04.24: showing and mucking ---------------------------------------------------
def _checked_down_to_showdown(hand: Hand, holes: Mapping[int, str], board: str) -> None:
    n = len(hand.stacks)
    seats = list(range(1, n + 1))
    if n == 2:
        moves = [Action(K.CALL, 2), Action(K.CHECK, 1), *_checks(1, 2) * 3]
    else:
        moves = [*LIMP_AROUND, *_checks(*seats) * 3]
    _play(hand, moves, _Shoe(holes, board))


def test_99_01_3_09_04_24_f_hand_discarded_face_up_is_live() -> None:
    hand = _hand(2, button=2)
    _checked_down_to_showdown(hand, {1: "2c 7d", 2: "As Ah"}, "Kd Qc 9h 5s 3c")
    hand.apply(Action(K.SHOW, 1))
    hand.apply(Action(K.MUCK, 2, face_up=True, identifiable=True))
    assert hand.stacks == {1: 950, 2: 1050}


def test_99_01_3_09_04_24_g_face_down_discard_retrieved_and_wins() -> None:
    hand = _hand()
    holes = {1: "As Ah", 2: "2c 7d", 3: "3c 8d"}
    _checked_down_to_showdown(hand, holes, "Kd Qc 9h 5s 4c")
    hand.apply(Action(K.MUCK, 1, identifiable=True))
    hand.apply(Action(K.SHOW, 2))
    hand.apply(Action(K.RETRIEVE, 1))
    hand.apply(Action(K.SHOW, 3))
    assert hand.stacks == {1: 1100, 2: 950, 3: 950}


def test_99_01_3_09_04_24_g_no_retrieval_when_another_player_was_induced() -> None:
    hand = _hand()
    holes = {1: "As Ah", 2: "2c 7d", 3: "3c 8d"}
    _checked_down_to_showdown(hand, holes, "Kd Qc 9h 5s 4c")
    hand.apply(Action(K.MUCK, 1, identifiable=True))
    hand.apply(Action(K.SHOW, 2))
    _refused(hand, Action(K.RETRIEVE, 1, induced=True), "99-01.3-09-04.24.g")


def test_99_01_3_09_04_24_h_face_down_discard_not_retrievable_is_dead() -> None:
    hand = _hand()
    holes = {1: "As Ah", 2: "2c 7d", 3: "3c 8d"}
    _checked_down_to_showdown(hand, holes, "Kd Qc 9h 5s 4c")
    hand.apply(Action(K.MUCK, 1))
    hand.apply(Action(K.SHOW, 2))
    _refused(hand, Action(K.RETRIEVE, 1), "99-01.3-09-04.24.h")
    hand.apply(Action(K.SHOW, 3))
    # Seat 1's aces are dead. Seat 3's K-Q-9-8-5 beats seat 2's K-Q-9-7-5: seat 3 wins 150.
    assert hand.stacks == {1: 950, 2: 950, 3: 1100}


def _river_bet_called(hand: Hand, holes: Mapping[int, str], board: str) -> None:
    """Three seats limp and check to the river (button 3); seat 1 bets 50, seats 2, 3 call."""
    moves = [*LIMP_AROUND, *_checks(1, 2, 3) * 2, Action(K.BET, 1, amount=50)]
    _play(hand, [*moves, Action(K.CALL, 2), Action(K.CALL, 3)], _Shoe(holes, board))


def test_99_01_3_09_04_24_a_caller_of_all_betting_action_may_not_muck_unshown() -> None:
    # "No player who is either all-in or has called all betting action may muck his hand
    # without showing." Seat 1 bet the river; seats 2 and 3 called it and must show.
    hand = _hand()
    _river_bet_called(hand, {1: "2c 7d", 2: "As Ah", 3: "3c 8d"}, "Kd Qc 9h 5s 4c")
    hand.apply(Action(K.SHOW, 1))  # the last bettor shows first (-04.23.a)
    assert [a.kind for a in hand.legal_actions()] == [K.SHOW]
    _refused(hand, Action(K.MUCK, 2), "99-01.3-09-04.24")
    _refused(hand, Action(K.MUCK, 2, identifiable=True), "99-01.3-09-04.24")
    hand.apply(Action(K.MUCK, 2, face_up=True, identifiable=True))  # tabled face up: shown
    hand.apply(Action(K.SHOW, 3))
    # Seat 2's aces win the pot of 3 x 50 + 3 x 50 = 300 (each stake 100).
    assert hand.stacks == {1: 900, 2: 1200, 3: 900}


def test_99_01_3_09_04_24_the_last_bettor_may_discard_unshown_and_concede() -> None:
    # "A player may discard a hand without showing it": the bettor, who called no bet in the
    # final round, concedes; the callers then show.
    hand = _hand()
    _river_bet_called(hand, {1: "As Ah", 2: "2c 7d", 3: "3c 8d"}, "Kd Qc 9h 5s 4c")
    assert [a.kind for a in hand.legal_actions()] == [K.SHOW, K.MUCK]
    hand.apply(Action(K.MUCK, 1))
    assert _show_down(hand) == [2, 3]
    # Seat 1's aces are dead. Seat 3's K-Q-9-8-5 beats seat 2's K-Q-9-7-5: seat 3 wins 300.
    assert hand.stacks == {1: 900, 2: 900, 3: 1200}


# -- 99-01.3-09-04.25, -05.6: Omaha and high-low ---------------------------------------------
def test_99_01_3_09_05_6_c_omaha_uses_exactly_two_hole_cards() -> None:
    # Seat 1 holds one spade (As) on a four-spade board: no flush in Omaha; its best is 7-7.
    # Seat 2's J-J wins.
    hand = _hand(2, button=2, rules=rules_from_dict({"variant": "omaha"}))
    _checked_down_to_showdown(hand, {1: "As 7c 7d 3h", 2: "Jc Jd 5h 6h"}, "Ks Qs 9s 4s 2d")
    _show_down(hand)
    assert hand.stacks == {1: 950, 2: 1050}


def test_99_01_3_09_04_25_high_tied_low_won_outright_gets_three_quarters() -> None:
    # Pot 60. Seats 1 and 2 tie for high (K-K-K-A-8); seat 1's 8-4-3-2-A beats seat 2's
    # 8-5-4-3-A for low. High half 30 split 15/15, low half 30 to seat 1: 45 = 3/4 of 60.
    rules = rules_from_dict({**FIXED_LIMIT, "variant": "omaha-hilo"})
    hand = _hand(rules=rules)
    holes = {1: "Ks 2s Ah 9c", 2: "Kh Ad 9d 5s", 3: "Qs Qh Jd Js"}
    board = "Kc Kd 8h 4c 3d"
    moves = [Action(K.CALL, 3), Action(K.CALL, 1), Action(K.CHECK, 2), *_checks(1, 2, 3) * 3]
    _play(hand, moves, _Shoe(holes, board))
    _show_down(hand)
    assert hand.stacks == {1: 1025, 2: 995, 3: 980}


# -- 99-01.3-09-04.27: the odd chip ----------------------------------------------------------
def test_99_01_3_09_04_27_odd_chip_to_first_live_hand_left_of_button() -> None:
    # Blinds 5/10; seat 3 calls, seat 1 folds, seat 2 checks; both play the board. Pot 25:
    # the odd chip goes to the first live hand clockwise from the button (seat 3): seat 1 has
    # folded, so seat 2 gets 13 and seat 3 gets 12.
    rules = rules_from_dict({**NO_LIMIT, "small_blind": 5, "big_blind": 10, "minimum_bet": 10})
    hand = _hand(rules=rules)
    holes = {1: "6c 7d", 2: "2c 3d", 3: "4c 5d"}
    board = "As Ks Qs Js Ts"
    moves = [Action(K.CALL, 3), Action(K.FOLD, 1), Action(K.CHECK, 2), *_checks(2, 3) * 3]
    _play(hand, moves, _Shoe(holes, board))
    _show_down(hand)
    assert hand.stacks == {1: 995, 2: 1003, 3: 1002}


# -- 99-01.3-09-04.26, -04.28: the pot once awarded, a defective deck ------------------------
def test_99_01_3_09_04_28_winner_keeps_pot_when_deck_later_found_defective() -> None:
    hand = _hand()
    _deal(hand)
    _play(hand, [Action(K.FOLD, 3), Action(K.FOLD, 1)])
    before = _public(hand)
    with pytest.raises(RuleViolation):
        hand.apply(Action(K.DEFECTIVE_DECK, seats=()))
    assert _public(hand) == before
    assert hand.stacks == {1: 975, 2: 1025, 3: 1000}


def test_99_01_3_09_04_28_defective_deck_returns_each_contribution() -> None:
    # Seat 3 raised to 100 knowing the deck was defective: its 100 stays for the next game;
    # seats 1 (25) and 2 (50) get back what they put in.
    hand = _hand()
    _deal(hand)
    hand.apply(Action(K.RAISE, 3, amount=100))
    hand.apply(Action(K.CALL, 1))
    hand.apply(Action(K.DEFECTIVE_DECK, seats=(3,)))
    assert hand.stacks == {1: 1000, 2: 1000, 3: 900}


# -- 99-01.3-09-05.5.a, -05.8: the posted table limit ----------------------------------------
def test_99_01_3_09_05_8_no_limit_bet_bounded_by_table_limit() -> None:
    rules = rules_from_dict({**NO_LIMIT, "table_limit": 100})
    hand = _hand(rules=rules)
    _deal(hand)
    _refused(hand, Action(K.RAISE, 3, amount=121), "99-01.3-09-05.8")
    hand.apply(Action(K.RAISE, 3, amount=120))  # adds 100 over the 20 being called


def test_99_01_3_09_05_5_a_fixed_limit_bet_over_posted_table_limit() -> None:
    # A fixed-limit table posts a table limit of 30 with a big bet of 40: either the
    # configuration is refused, or a 40 bet on the turn is (-05.5.a: "not more than the posted
    # table limit").
    try:
        rules = rules_from_dict({**FIXED_LIMIT, "table_limit": 30})
    except ConfigError:
        return
    hand = _hand(2, button=2, rules=rules)
    _deal(hand)
    _play(hand, [Action(K.CALL, 2), Action(K.CHECK, 1), *_checks(1, 2)])
    _deal(hand)
    with pytest.raises(RuleViolation):
        hand.apply(Action(K.BET, 1, amount=40))


def test_99_01_3_09_05_5_a_fixed_limit_overbet_cites_the_table_limit() -> None:
    hand = _hand(2, button=2, rules=rules_from_dict(FIXED_LIMIT))
    _deal(hand)
    before = _public(hand)
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(K.RAISE, 2, amount=60))  # a raise of 40; the limit is 20
    assert _public(hand) == before
    assert info.value.section in ("99-01.3-09-05.5.a", "99-01.3-09-05.8")


# -- 99-01.3-09-05.11: the absent player -----------------------------------------------------
def test_99_01_3_09_05_11_arrival_before_the_others_have_their_cards_keeps_hand_live() -> None:
    hand = _hand(absent=[3])
    for _ in range(4):  # seats 1, 2, 3, 1
        hand.apply(Action(K.CARD))
    hand.apply(Action(K.ARRIVE, 3))
    _deal(hand)
    assert hand.pending.seat == 3  # live: first to act, left of the big blind


def test_99_01_3_09_05_11_arrival_after_the_others_have_their_cards_is_too_late() -> None:
    # Seats 1 and 2 have both hole cards after the fifth card; the absent button (seat 3) is
    # not yet at the table, so its hand is not live for this deal.
    hand = _hand(absent=[3])
    for _ in range(5):  # seats 1, 2, 3, 1, 2
        hand.apply(Action(K.CARD))
    _refused(hand, Action(K.ARRIVE, 3), "99-01.3-09-05.11")


# -- a later audit (2026-11-29) ------------------------------------------------------------------


def test_99_01_3_09_04_24_j_the_dealer_cannot_kill_a_shown_and_tabled_hand() -> None:
    """Seat 2 shows As Ah on Ac Kd 7h 8s 9s (three aces) against seat 1's 2c 3d; a fouled-hand
    call on the shown hand was accepted and gave seat 1 the pot unshown. Now refused: seat 2
    wins the 200 pot (100 each: the big blind's 50 called, a 50 bet called on the flop)."""
    hand = _hand(stacks={1: 1000, 2: 1000}, button=1)
    shoe = _Shoe({2: "As Ah", 1: "2c 3d"}, "Ac Kd 7h 8s 9s")
    _play(
        hand,
        [
            Action(K.CALL, 1),
            Action(K.CHECK, 2),
            Action(K.BET, 2, amount=50),
            Action(K.CALL, 1),
            *_checks(2, 1),
            *_checks(2, 1),
        ],
        shoe,
    )
    shoe.deal(hand)
    first = hand.pending.seat
    assert first == 2
    hand.apply(Action(K.SHOW, 2))
    _refused(hand, Action(K.FOULED_HAND, 2, cards=3), "99-01.3-09-04.24.j")
    _show_down(hand)
    assert hand.stacks == {1: 900, 2: 1100}


def test_99_01_3_09_04_27_a_pot_tied_both_ways_is_divided_as_evenly_as_possible() -> None:
    """Omaha high-low, chips of 25, three players in for 50 each (a 150 pot): seats 1 and 2
    both make the five-high straight and the A-2-3-4-5 low on 3h 4h 5c Kd Tc; seat 3 has
    neither. Halving first paid each half 50/25 with both odd chips to seat 1 (100 and 50);
    the pot is theirs in equal parts: 75 each, three chips apiece."""
    rules = rules_from_dict({"variant": "omaha-hilo"})
    hand = _hand(stacks={1: 1000, 2: 1000, 3: 1000}, button=3, rules=rules)
    shoe = _Shoe({1: "Ah 2h Kh Kc", 2: "As 2s 9c 9s", 3: "Qc Qs Jd Js"}, "3h 4h 5c Kd Tc")
    _play(
        hand,
        [Action(K.CALL, 3), Action(K.CALL, 1), Action(K.CHECK, 2)] + _checks(1, 2, 3) * 3,
        shoe,
    )
    shoe.deal(hand)
    _show_down(hand)
    assert hand.stacks == {1: 1025, 2: 1025, 3: 950}
