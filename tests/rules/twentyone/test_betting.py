"""Table and betting: 99-01.3-08-01.2, -02.1, -09.1, -09.2.a to d."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import RuleViolation
from croupier.games.base import Outcome
from croupier.games.twentyone.actions import Action, ActionKind, bet
from croupier.games.twentyone.events import WagerAccepted
from croupier.games.twentyone.rules import rules_from_dict
from croupier.games.twentyone.state import Round


def _violation(state: Round, action: Action, section: str) -> None:
    before = state.snapshot()
    with pytest.raises(RuleViolation) as info:
        state.apply(action)
    assert info.value.section == section
    assert state.snapshot() == before


def test_99_01_3_08_01_2_two_adjacent_spaces_at_most() -> None:
    state = Round(rules_from_dict({}))
    state.apply(bet(3, 500, player="ann"))
    _violation(state, bet(5, 500, player="ann"), "99-01.3-08-01.2")  # not adjacent
    state.apply(bet(4, 500, player="ann"))
    _violation(state, bet(2, 500, player="ann"), "99-01.3-08-01.2")  # a third space


def test_99_01_3_08_01_2_no_wager_on_another_players_hand() -> None:
    state = Round(rules_from_dict({}))
    state.apply(bet(1, 500, player="ann"))
    _violation(state, bet(1, 500, player="bob"), "99-01.3-08-01.2")


def test_99_01_3_08_02_1_seven_betting_spaces() -> None:
    state = Round(rules_from_dict({}))
    _violation(state, bet(8, 500), "99-01.3-08-02.1")
    _violation(state, bet(0, 500), "99-01.3-08-02.1")
    for space in range(1, 8):
        state.apply(bet(space, 500))
    assert len(state.seats) == 7


def test_99_01_3_08_09_1_even_dollar_wager() -> None:
    state = Round(rules_from_dict({}))
    _violation(state, bet(1, 550), "99-01.3-08-09.1")
    _violation(state, bet(1, 100), "99-01.3-08-09.1")  # under the $2 minimum


def test_99_01_3_08_09_1_over_maximum_valued_at_maximum(run) -> None:
    # Th 9d = 19 stands; dealer 9c 7c = 16 draws 8s: 24, busts.
    played = run(
        "Th 9c 9d 7c 8s",
        [{"space": 1, "wager": 3000}],
        [{"action": "stand", "space": 1}],
        maximum_wager=2000,
    )
    accepted = next(e for e in played.events if isinstance(e, WagerAccepted))
    assert (accepted.wager, accepted.excess_returned) == (2000, 1000)
    w = played.wager(1, "original")
    assert (w.stake, w.result, w.net) == (2000, Outcome.WIN, 2000)  # paid on the maximum only


def test_99_01_3_08_09_2_no_change_after_first_card() -> None:
    state = Round(rules_from_dict({}))
    state.apply(bet(1, 500))
    state.apply(Action(ActionKind.DEAL))
    _violation(state, bet(2, 500), "99-01.3-08-09.2")


def test_99_01_3_08_09_2_a_tip_bet_limits() -> None:
    state = Round(rules_from_dict({"tip_bet_cap": 200}))
    _violation(state, bet(1, 500, tip=250), "99-01.3-08-09.2.a")
    _violation(state, bet(1, 500, tip=25), "99-01.3-08-09.2.a")
    state.apply(bet(1, 500, tip=50))
    no_tips = Round(rules_from_dict({"tip_betting_permitted": False}))
    _violation(no_tips, bet(1, 500, tip=100), "99-01.3-08-09.2.a")


def test_99_01_3_08_09_2_a_tip_bet_win_lose_push(run) -> None:
    # space 1: Th 9h = 19; space 2: 9s 8d = 17; space 3: Ts 8c = 18; dealer Kc 8h = 18
    played = run(
        "Th 9s Ts Kc 9h 8d 8c 8h",
        [
            {"space": 1, "wager": 200, "tip": 100, "player": "a"},
            {"space": 2, "wager": 200, "tip": 100, "player": "b"},
            {"space": 3, "wager": 200, "tip": 100, "player": "c"},
        ],
        [{"action": "stand", "space": s} for s in (1, 2, 3)],
    )
    win, lose, push = (played.wager(s, "tip") for s in (1, 2, 3))
    assert (win.result, win.net, win.destination) == (Outcome.WIN, 100, "tip receptacle")
    assert (lose.result, lose.net, lose.destination) == (Outcome.LOSE, -100, "chip tray")
    assert (push.result, push.net) == (Outcome.PUSH, 0)
    assert played.state.accounts["tips"] == 200  # tip and its 1:1 payoff, in the receptacle


def test_99_01_3_08_09_2_b_insurance_only_on_an_ace(dealt) -> None:
    state = dealt("Th Kc 9h 7d", [{"space": 1, "wager": 400}])
    _violation(state, Action(ActionKind.INSURANCE, 1, 0), "99-01.3-08-09.2.b")


def test_99_01_3_08_09_2_b_insurance_half_the_wager_pays_two_to_one(run) -> None:
    # No-peek: the player still plays (stands on 19) before the hole card Kd is turned.
    played = run(
        "Th Ac 9h Kd",
        [{"space": 1, "wager": 500}],
        [{"action": "insurance", "space": 1}, {"action": "stand", "space": 1}],
    )
    ins = played.wager(1, "insurance")
    assert (ins.stake, ins.result, ins.net) == (250, Outcome.WIN, 500)
    assert played.wager(1, "original").net == -500


def test_99_01_3_08_09_2_b_insurance_not_permitted_skips_the_question(run) -> None:
    played = run(
        "Th Ac 9h 7d",
        [{"space": 1, "wager": 500}],
        [{"action": "stand", "space": 1}],
        insurance_permitted=False,
    )
    assert (1, 0, "insurance") not in played.kinds()
    assert played.wager(1, "original").net == 500  # 19 against A-7 = 18


def test_99_01_3_08_09_2_b_even_money_tip_pushes(run) -> None:
    played = run(
        "As Ac Kd 9c",
        [{"space": 1, "wager": 800, "tip": 100}],
        [{"action": "even-money", "space": 1}],
        even_money_offered=True,
    )
    em = played.wager(1, "even money")
    assert (em.stake, em.result, em.net) == (800, Outcome.WIN, 800)
    assert played.wager(1, "tip").result is Outcome.PUSH
    assert (1, 0, "original") not in played.kinds()


def test_99_01_3_08_09_2_b_even_money_not_offered_refused(dealt) -> None:
    state = dealt("As Ac Kd 9c", [{"space": 1, "wager": 800}])
    _violation(state, Action(ActionKind.EVEN_MONEY, 1, 0), "99-01.3-08-09.2.b")


def test_99_01_3_08_09_2_c_split_needs_a_pair_or_two_tens(dealt) -> None:
    state = dealt("8h 6c 9d Tc", [{"space": 1, "wager": 400}])
    _violation(state, Action(ActionKind.SPLIT, 1, 0), "99-01.3-08-09.2.c")
    tens = dealt("Kh 6c Qd Tc", [{"space": 1, "wager": 400}])
    tens.apply(Action(ActionKind.SPLIT, 1, 0))
    assert len(tens.seats[1].hands) == 2


def test_99_01_3_08_09_2_c_four_hands_at_most(run) -> None:
    # 8 8 split; each hand draws another 8 until four hands; a fifth is refused.
    played = run(
        "8h 6c 8d Tc 8s 8c 3d 2d 2h 2c 2s",
        [{"space": 1, "wager": 200}],
        [
            {"action": "split", "space": 1},
            {"action": "split", "space": 1},
            {"action": "split", "space": 1},
            {"action": "stand", "space": 1, "hand": 0},
            {"action": "stand", "space": 1, "hand": 1},
            {"action": "stand", "space": 1, "hand": 2},
            {"action": "stand", "space": 1, "hand": 3},
        ],
    )
    assert len(played.state.seats[1].hands) == 4


def test_99_01_3_08_09_2_c_fifth_hand_refused(dealt) -> None:
    state = dealt("8h 6c 8d Tc", [{"space": 1, "wager": 200}])
    for card in ("8s", "8c", "8c"):
        state.apply(Action(ActionKind.SPLIT, 1, 0))
        state.apply(Action(ActionKind.CARD, card=parse_card(card)))
    assert len(state.seats[1].hands) == 4
    _violation(state, Action(ActionKind.SPLIT, 1, 0), "99-01.3-08-09.2.c")


def test_99_01_3_08_09_2_c_split_aces_one_card_no_hit(dealt) -> None:
    state = dealt("Ah 6c Ad Tc", [{"space": 1, "wager": 200}])
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    state.apply(Action(ActionKind.CARD, card=parse_card("Ac")))  # hand 0 draws an ace
    _violation(state, Action(ActionKind.HIT, 1, 0), "99-01.3-08-09.2.c")
    _violation(state, Action(ActionKind.DOUBLE, 1, 0), "99-01.3-08-09.2.d")


def test_99_01_3_08_09_2_c_two_card_21_after_split_not_natural(run) -> None:
    played = run(
        "Ah 9c Ad 8d Kh Qs", [{"space": 1, "wager": 400}], [{"action": "split", "space": 1}]
    )
    # hands: Ah Kh = 21, Ad Qs = 21; dealer 9 8 = 17. Each wins 1:1, not 3:2.
    assert played.wager(1, "original").net == 400
    assert played.wager(1, "split", 1).net == 400


def test_99_01_3_08_09_2_c_tip_bet_goes_with_hand_0(run) -> None:
    played = run(
        "8h Tc 8d 7d 2c 9s",
        [{"space": 1, "wager": 400, "tip": 100}],
        [
            {"action": "split", "space": 1},
            {"action": "stand", "space": 1, "hand": 0},
            {"action": "stand", "space": 1, "hand": 1},
        ],
    )
    # hand 0: 8 2 = 10 loses to 17; hand 1: 8 9 = 17 pushes. The tip follows hand 0: lost.
    assert played.wager(1, "tip").result is Outcome.LOSE
    assert played.wager(1, "split", 1).result is Outcome.PUSH
    assert (1, 1, "tip") not in played.kinds()


def test_99_01_3_08_09_2_d_double_only_on_two_cards(dealt) -> None:
    state = dealt("5h 9c 3d 7d", [{"space": 1, "wager": 400}])
    state.apply(Action(ActionKind.HIT, 1, 0))
    state.apply(Action(ActionKind.CARD, card=parse_card("2c")))
    _violation(state, Action(ActionKind.DOUBLE, 1, 0), "99-01.3-08-09.2.d")


def test_99_01_3_08_09_2_d_equal_double_refuses_less(dealt) -> None:
    state = dealt("5h 9c 6d 7d", [{"space": 1, "wager": 400}])
    _violation(state, Action(ActionKind.DOUBLE, 1, 0, amount=200), "99-01.3-08-09.2.d")
    less = dealt("5h 9c 6d 7d", [{"space": 1, "wager": 400}], double_down="equal-or-less")
    less.apply(Action(ActionKind.DOUBLE, 1, 0, amount=200))
    assert less.seats[1].hands[0].double == 200


def test_99_01_3_08_09_2_d_tip_double_rules(dealt) -> None:
    seats = [{"space": 1, "wager": 400, "tip": 200}]
    state = dealt("5h 9c 6d 7d", seats)
    _violation(state, Action(ActionKind.DOUBLE, 1, 0, tip_amount=200), "99-01.3-08-09.2.d")
    equal = dealt("5h 9c 6d 7d", seats, tip_double_down="equal")
    _violation(equal, Action(ActionKind.DOUBLE, 1, 0, tip_amount=100), "99-01.3-08-09.2.d")
    equal.apply(Action(ActionKind.DOUBLE, 1, 0, tip_amount=200))
    assert equal.seats[1].hands[0].tip_double == 200


def test_99_01_3_08_09_2_d_tip_double_pays_with_the_hand(run) -> None:
    played = run(
        "5h 9c 6d 7d Kc 8s",
        [{"space": 1, "wager": 400, "tip": 200}],
        [{"action": "double", "space": 1, "tip_amount": 100}],
        tip_double_down="equal-or-less",
    )
    # 5 6 K = 21; dealer 9 7 = 16 draws 8s: 24, busts. Tip and tip double win 1:1.
    td = played.wager(1, "tip double")
    assert (td.stake, td.result, td.net, td.destination) == (
        100,
        Outcome.WIN,
        100,
        "tip receptacle",
    )
    assert played.wager(1, "double").net == 400
