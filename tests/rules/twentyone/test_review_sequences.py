"""Sequences a dealer could get wrong (independent review of the engine, issue 3).

Expected values come from the rule text and hand counts in the comments, never from the engine.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from croupier.core.cards import Rank, parse_card
from croupier.core.errors import RuleViolation
from croupier.games.base import Outcome
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import WagerSettled
from croupier.games.twentyone.state import Round

Dealt = Callable[..., Round]


def _refused(state: Round, action: Action, section: str) -> str:
    before = state.snapshot()
    with pytest.raises(RuleViolation) as info:
        state.apply(action)
    assert info.value.section == section, str(info.value)
    assert state.snapshot() == before
    return str(info.value)


def _card(state: Round, text: str) -> None:
    state.apply(Action(ActionKind.CARD, card=parse_card(text)))


# -- insurance (-09.2.b) ---------------------------------------------------------------------


def test_99_01_3_08_09_2_b_insurance_must_be_exactly_half(dealt: Dealt) -> None:
    # Tc (s1), Ah up, 9d (s1), 6s hole: a $10 wager may insure for exactly $5.
    state = dealt("Tc Ah 9d 6s", [{"space": 1, "wager": 1000}])
    _refused(state, Action(ActionKind.INSURANCE, 1, amount=300), "99-01.3-08-09.2.b")
    _refused(state, Action(ActionKind.INSURANCE, 1, amount=1000), "99-01.3-08-09.2.b")
    state.apply(Action(ActionKind.INSURANCE, 1, amount=500))
    assert state.seats[1].insurance == 500


def test_99_01_3_08_09_2_b_insurance_on_an_odd_wager_is_half_in_fifty_cents(dealt: Dealt) -> None:
    # A $5 wager insures for $2.50 (fifty-cent chips, -03.1).
    state = dealt("Tc Ah 9d 6s", [{"space": 1, "wager": 500}])
    state.apply(Action(ActionKind.INSURANCE, 1))
    assert state.seats[1].insurance == 250


def test_99_01_3_08_09_2_b_no_insurance_on_a_tip_bet(dealt: Dealt) -> None:
    state = dealt("Tc Ah 9d 6s", [{"space": 1, "wager": 1000, "tip": 200}])
    _refused(state, Action(ActionKind.INSURANCE, 1, tip_amount=100), "99-01.3-08-09.2.b")


def test_99_01_3_08_09_2_b_insurance_refused_on_a_ten_and_once_closed(dealt: Dealt) -> None:
    ten_up = dealt("Tc Kh 9d 6s", [{"space": 1, "wager": 1000}])
    _refused(ten_up, Action(ActionKind.INSURANCE, 1), "99-01.3-08-09.2.b")
    ace_up = dealt("Tc Ah 9d 6s", [{"space": 1, "wager": 1000}])
    ace_up.apply(Action(ActionKind.NO_INSURANCE, 1))
    _refused(ace_up, Action(ActionKind.INSURANCE, 1), "99-01.3-08-09.2.b")


# -- the up card (-10.1.a(2), (4)) -----------------------------------------------------------


def test_99_01_3_08_10_1_a_4_up_card_stays_the_up_card_after_the_hole_card_is_turned(
    run: Callable[..., object],
) -> None:
    # First card down: 8c (s1), 6d hole, 6h (s1) = 14, As up. s1 insures $5 and doubles: Th, 24,
    # busted; it waits under -11.8 (no-peek, ace up). Hole 6d: A+6 = soft 17, no natural; the
    # dealer collects the insurance and the busted double under -11.10.a (ace up), stands.
    played = run(
        "8c 6d 6h As Th",
        [{"space": 1, "wager": 1000}],
        [{"action": "insurance", "space": 1}, {"action": "double", "space": 1}],
        setup={"dealer_first_card": "down"},
    )
    state = played.state  # type: ignore[attr-defined]
    assert state.up_card == parse_card("As")
    sections = {
        e.kind: e.section
        for e in played.events
        if isinstance(e, WagerSettled)  # type: ignore[attr-defined]
    }
    assert sections == {
        "insurance": "99-01.3-08-11.10.a",
        "original": "99-01.3-08-11.10.a",
        "double": "99-01.3-08-11.10.a",
    }
    nets = {w.kind: w.net for w in state.settlement().wagers}
    assert nets == {"insurance": -500, "original": -1000, "double": -1000}


# -- the card-reading device (-10.3) ---------------------------------------------------------


def test_99_01_3_08_10_3_a_device_natural_collections_cite_10_3_a(
    run: Callable[..., object],
) -> None:
    # 9c (s1), Ah up, 9d (s1) = 18, Kh hole: s1 insures $5; the device finds the natural: the
    # original wager is collected (-10.3.a(1)) and the insurance paid 2:1 (-10.3.a(2)).
    played = run(
        "9c Ah 9d Kh",
        [{"space": 1, "wager": 1000}],
        [{"action": "insurance", "space": 1}],
        dealing_method="hole-card-with-card-reading-device",
    )
    got = {
        e.kind: (e.net, e.section)
        for e in played.events  # type: ignore[attr-defined]
        if isinstance(e, WagerSettled)
    }
    assert got == {
        "original": (-1000, "99-01.3-08-10.3.a(1)"),
        "insurance": (1000, "99-01.3-08-10.3.a(2)"),
    }


def test_99_01_3_08_10_3_b_device_no_natural_insurance_collected(
    run: Callable[..., object],
) -> None:
    # 9c (s1), Ah up, 9d (s1) = 18, 7h hole: no natural; insurance lost under -10.3.b; A+7 is
    # soft 18, the dealer stands; 18 ties 18.
    played = run(
        "9c Ah 9d 7h",
        [{"space": 1, "wager": 1000}],
        [{"action": "insurance", "space": 1}, {"action": "stand", "space": 1}],
        dealing_method="hole-card-with-card-reading-device",
    )
    got = {
        e.kind: (e.net, e.section)
        for e in played.events  # type: ignore[attr-defined]
        if isinstance(e, WagerSettled)
    }
    assert got == {
        "insurance": (-500, "99-01.3-08-10.3.b"),
        "original": (0, "99-01.3-08-11.12"),
    }


# -- splits and doubles (-09.2.c, -09.2.d) ---------------------------------------------------


def test_99_01_3_08_09_2_c_resplit_to_exactly_four_then_no_fifth_on_any_hand(
    dealt: Dealt,
) -> None:
    # 8h (s1), 6c up, 8d (s1), Tc hole. Split; hand 0 draws 8s: split (3 hands); hand 0 draws 8c:
    # split (4 hands). Hand 0 draws 3d; later hand 1 [8c] draws 8h: a pair, but a fifth hand is
    # refused on hand 1 as on hand 0.
    state = dealt("8h 6c 8d Tc", [{"space": 1, "wager": 200}])
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    _card(state, "8s")
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    _card(state, "8c")
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    assert len(state.seats[1].hands) == 4
    _card(state, "3d")  # hand 0: 8h 3d = 11
    state.apply(Action(ActionKind.STAND, 1, 0))
    _card(state, "8h")  # hand 1: 8c 8h
    assert state.pending.hand == 1
    _refused(state, Action(ActionKind.SPLIT, 1, 1), "99-01.3-08-09.2.c")


def test_99_01_3_08_09_2_d_double_after_split_on_non_aces(run: Callable[..., object]) -> None:
    # 5h (s1), 6c up, 5d (s1), Tc hole. Split 5s: hand 0 [5h] draws 6s = 11, doubles $4: 9h = 20;
    # hand 1 [5d] draws 5c = 10, doubles: Td = 20. Dealer 6+10 = 16 draws 7d = 23, busts.
    # Each of the four wagers wins 1:1.
    played = run(
        "5h 6c 5d Tc 6s 9h 5c Td 7d",
        [{"space": 1, "wager": 400}],
        [
            {"action": "split", "space": 1},
            {"action": "double", "space": 1, "hand": 0},
            {"action": "double", "space": 1, "hand": 1},
        ],
    )
    nets = sorted(
        (w.hand, w.kind, w.stake, w.net)
        for w in played.state.settlement().wagers  # type: ignore[attr-defined]
    )
    assert nets == [
        (0, "double", 400, 400),
        (0, "original", 400, 400),
        (1, "double", 400, 400),
        (1, "split", 400, 400),
    ]


def test_99_01_3_08_09_2_d_no_double_on_split_aces_even_with_two_cards(dealt: Dealt) -> None:
    # Split aces that draw an ace (A A, fewer than four hands) may be split again, not doubled.
    state = dealt("Ah 6c Ad Tc", [{"space": 1, "wager": 200}])
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    _card(state, "Ac")
    _refused(state, Action(ActionKind.DOUBLE, 1, 0), "99-01.3-08-09.2.d")
    _refused(state, Action(ActionKind.HIT, 1, 0), "99-01.3-08-09.2.c")


def test_99_01_3_08_09_2_d_tip_double_only_with_the_original(dealt: Dealt) -> None:
    # The tip double-down rides only on a double of the original wager; on a split hand 1 (no
    # tip bet) there is nothing to double.
    state = dealt("8h 6c 8d Tc", [{"space": 1, "wager": 400, "tip": 100}], tip_double_down="equal")
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    _card(state, "3s")  # hand 0: 8h 3s = 11
    state.apply(Action(ActionKind.STAND, 1, 0))
    _card(state, "2s")  # hand 1: 8d 2s = 10
    _refused(state, Action(ActionKind.DOUBLE, 1, 1, tip_amount=100), "99-01.3-08-09.2.d")


# -- completed hands take no further decision -------------------------------------------------


def test_99_01_3_08_11_4_no_hit_on_a_stood_split_hand(dealt: Dealt) -> None:
    state = dealt("8h 6c 8d Tc", [{"space": 1, "wager": 200}])
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    _card(state, "Ts")  # hand 0: 18
    state.apply(Action(ActionKind.STAND, 1, 0))
    _card(state, "3s")  # hand 1: 11
    text = _refused(state, Action(ActionKind.HIT, 1, 0), "99-01.3-08-11.4")
    assert "stood" in text


def test_99_01_3_08_11_7_no_action_on_a_busted_split_hand(dealt: Dealt) -> None:
    # Up card 6 (not an ace or ten): the busted split hand is collected at once (-11.7).
    state = dealt("8h 6c 8d Tc", [{"space": 1, "wager": 200}])
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    _card(state, "5s")  # hand 0: 13
    state.apply(Action(ActionKind.HIT, 1, 0))
    _card(state, "Ks")  # hand 0: 23, busted
    _card(state, "3s")  # hand 1: 11
    for kind in (ActionKind.HIT, ActionKind.STAND, ActionKind.DOUBLE):
        text = _refused(state, Action(kind, 1, 0), "99-01.3-08-11.7")
        assert "busted" in text


def test_99_01_3_08_11_6_no_action_on_a_busted_hand(dealt: Dealt) -> None:
    state = dealt(
        "Th 5c 9c 8h 6h 7d",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
    )
    state.apply(Action(ActionKind.HIT, 1, 0))
    _card(state, "Kd")  # s1: 10 + 8 + 10 = 28
    _refused(state, Action(ActionKind.HIT, 1, 0), "99-01.3-08-11.6")


def test_99_01_3_08_11_8_no_action_on_a_busted_hand_waiting_for_the_dealer(
    dealt: Dealt,
) -> None:
    # Ten up, no-peek: the busted double waits under -11.8; it takes no further decision.
    state = dealt(
        "8c 5c Td 6h 6d 7d",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
    )
    state.apply(Action(ActionKind.DOUBLE, 1, 0))
    _card(state, "Ks")  # s1: 8 + 6 + 10 = 24
    _refused(state, Action(ActionKind.HIT, 1, 0), "99-01.3-08-11.8")


def test_99_01_3_08_09_2_d_no_hit_after_a_double(dealt: Dealt) -> None:
    state = dealt(
        "5c 5d 6h 6d 7d 9s",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
    )
    state.apply(Action(ActionKind.DOUBLE, 1, 0))
    _card(state, "2s")  # s1: 5 + 6 + 2 = 13
    _refused(state, Action(ActionKind.HIT, 1, 0), "99-01.3-08-09.2.d")


def test_99_01_3_08_09_2_b_even_money_hand_takes_no_decision(dealt: Dealt) -> None:
    state = dealt(
        "Ac 9c Ad Kh 8c 7d",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
        even_money_offered=True,
    )
    assert state.up_card is not None
    assert state.up_card.rank == Rank.ACE
    state.apply(Action(ActionKind.EVEN_MONEY, 1))
    state.apply(Action(ActionKind.NO_INSURANCE, 2))
    _refused(state, Action(ActionKind.STAND, 1, 0), "99-01.3-08-09.2.b")
    assert [w.result for w in state.settlement().wagers] == [Outcome.WIN]
