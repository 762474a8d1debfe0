"""Dealing and playing: 99-01.3-08-10 and -11 (the current text of -11)."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import RuleViolation
from croupier.games.base import Outcome, PendingKind
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import Announcement, CardDealt, DealerChecked, WagerSettled

DEVICE = "hole-card-with-card-reading-device"


def _dealt(events: list[object]) -> list[tuple[str, int | None, bool]]:
    return [(e.recipient, e.space, e.face_up) for e in events if isinstance(e, CardDealt)]


def test_99_01_3_08_10_1_a_hole_card_no_peek_order(run) -> None:
    played = run(
        "Th 9c 7d 8h 6s 5c 4d Ts",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
        [{"action": "stand", "space": 1}, {"action": "stand", "space": 2}],
    )
    assert _dealt(played.events)[:6] == [
        ("space", 1, True),
        ("space", 2, True),
        ("dealer", None, True),
        ("space", 1, True),
        ("space", 2, True),
        ("dealer", None, False),
    ]
    # Th(1) 9c(2) 7d(dealer) 8h(1) 6s(2) 5c(hole); the dealer's 12 draws 4d, 16, then Ts.
    assert played.dealer[:2] == ["7d", "5c"]


def test_99_01_3_08_10_1_a_first_dealer_card_face_down(run) -> None:
    played = run(
        "Th 9c 8h 7d Kd",
        [{"space": 1, "wager": 200}],
        [{"action": "stand", "space": 1}],
        setup={"dealer_first_card": "down"},
    )
    assert [(r, f) for r, _, f in _dealt(played.events)[:4]] == [
        ("space", True),
        ("dealer", False),
        ("space", True),
        ("dealer", True),
    ]
    ups = [e.text for e in played.events if isinstance(e, Announcement)]
    assert "dealer shows 7d" in ups  # the second card is the up card


def test_99_01_3_08_10_1_b_no_hole_card_second_card_after_players(run) -> None:
    played = run(
        "Th 9c 8h 4d 7s",
        [{"space": 1, "wager": 200}],
        [
            {"action": "hit", "space": 1},
        ],
        dealing_method="no-hole-card",
    )
    # space 1: Th 8h = 18, hits 4d = 22, busts; every player busted against a 9: round ends
    # with the dealer holding one card (-11.9).
    assert played.dealer == ["9c"]
    assert played.wager(1, "original").result is Outcome.LOSE


def test_99_01_3_08_10_1_c_5_malfunction_uses_fallback(run) -> None:
    # With the device working the natural would end the round at once; malfunctioning, the
    # no-peek fallback lets the player split, and -11.10.e voids the split wager.
    played = run(
        "8h Kc 8d Ah 2c 3c",
        [{"space": 1, "wager": 200}],
        [
            {"action": "split", "space": 1},
            {"action": "stand", "space": 1, "hand": 0},
            {"action": "stand", "space": 1, "hand": 1},
        ],
        setup={"device_malfunction": True},
        dealing_method=DEVICE,
    )
    assert not [e for e in played.events if isinstance(e, DealerChecked)]
    assert played.wager(1, "split", 1).result is Outcome.VOID
    assert played.wager(1, "original").net == -200


def test_99_01_3_08_10_3_a_device_natural_ends_round(run) -> None:
    played = run("9h Kc 9d Ah", [{"space": 1, "wager": 600, "tip": 100}], dealing_method=DEVICE)
    assert [e.natural for e in played.events if isinstance(e, DealerChecked)] == [True]
    assert played.wager(1, "original").net == -600
    assert played.wager(1, "tip").net == -100


def test_99_01_3_08_10_3_b_device_no_natural_collects_insurance_first(run) -> None:
    played = run(
        "9h Ac 9d 7h",
        [{"space": 1, "wager": 600}],
        [{"action": "insurance", "space": 1}, {"action": "stand", "space": 1}],
        dealing_method=DEVICE,
    )
    settled = [e for e in played.events if isinstance(e, WagerSettled)]
    assert (settled[0].kind, settled[0].result) == ("insurance", Outcome.LOSE)
    assert played.wager(1, "original").result is Outcome.PUSH  # 18 against soft 18


def test_99_01_3_08_11_1_up_card_announced_once(run) -> None:
    played = run("Th 9c 8h 7d 2c", [{"space": 1, "wager": 200}], [{"action": "stand", "space": 1}])
    texts = [e.text for e in played.events if isinstance(e, Announcement)]
    assert texts.count("dealer shows 9c") == 1


def test_99_01_3_08_11_4_no_hit_after_standing(dealt) -> None:
    state = dealt(
        "Th 9c 8h 7d",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}][:1],
    )
    state.apply(Action(ActionKind.STAND, 1, 0))
    before = state.snapshot()
    with pytest.raises(RuleViolation) as info:
        state.apply(Action(ActionKind.HIT, 1, 0))
    assert info.value.section == "99-01.3-08-11.4"
    assert state.snapshot() == before


def test_99_01_3_08_11_4_out_of_turn_refused(dealt) -> None:
    state = dealt(
        "Th 5c 9c 8h 6h 7d",
        [{"space": 1, "wager": 200, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
    )
    with pytest.raises(RuleViolation) as info:
        state.apply(Action(ActionKind.STAND, 2, 0))
    assert info.value.section == "99-01.3-08-11.4"


def test_99_01_3_08_11_6_bust_loses_at_once(dealt) -> None:
    state = dealt("Th 9c 6h 7d", [{"space": 1, "wager": 200, "tip": 50}])
    state.apply(Action(ActionKind.HIT, 1, 0))
    events = state.apply(Action(ActionKind.CARD, card=parse_card("Kc")))
    settled = {(e.kind, e.result, e.section) for e in events if isinstance(e, WagerSettled)}
    assert ("original", Outcome.LOSE, "99-01.3-08-11.6") in settled
    assert ("tip", Outcome.LOSE, "99-01.3-08-11.6") in settled


def test_99_01_3_08_11_7_busted_split_hand_loses_at_once_against_small_card(dealt) -> None:
    state = dealt("8h 6c 8d Tc", [{"space": 1, "wager": 200}])
    state.apply(Action(ActionKind.SPLIT, 1, 0))
    state.apply(Action(ActionKind.CARD, card=parse_card("5s")))  # 13
    state.apply(Action(ActionKind.HIT, 1, 0))
    events = state.apply(Action(ActionKind.CARD, card=parse_card("Ks")))  # 23
    settled = [(e.kind, e.section) for e in events if isinstance(e, WagerSettled)]
    assert settled == [("original", "99-01.3-08-11.7")]


def test_99_01_3_08_11_10_e_double_returned_on_dealer_natural(run) -> None:
    played = run(
        "6h Kc 6d Ah 9s",
        [{"space": 1, "wager": 400, "tip": 100}],
        [{"action": "double", "space": 1}],
    )
    # 6 6 doubled draws 9s: 21; the hole card Ah is a natural: the double-down is voided.
    assert played.wager(1, "double").result is Outcome.VOID


def test_99_01_3_08_11_8_busted_double_against_ten_returned_on_dealer_natural(run) -> None:
    played = run(
        "8h Kc 6d Ah Ts",
        [{"space": 1, "wager": 400, "tip": 100}],
        [{"action": "double", "space": 1}],
    )
    # 8 6 doubled draws Ts: 24, busts against a K up card; the tip bet is lost at once, the
    # double-down waits; the hole card Ah makes a natural: original lost, double returned.
    tip = played.wager(1, "tip")
    assert (tip.result, tip.net) == (Outcome.LOSE, -100)
    assert played.wager(1, "original").net == -400
    assert played.wager(1, "double").result is Outcome.VOID


def test_99_01_3_08_11_9_split_bust_against_ten_dealer_turns_hole_card(run) -> None:
    played = run(
        "8h Kc 8d 6h 7s Ts 9s Ts 2c",
        [{"space": 1, "wager": 200}],
        [
            {"action": "split", "space": 1},
            {"action": "hit", "space": 1, "hand": 0},
            {"action": "hit", "space": 1, "hand": 1},
        ],
    )
    # 8 7 T = 25 and 8 9 T = 27 both bust against a K: a player split, so the round goes on to
    # the hole card (K 6 = 16), both busted hands are collected, and no card is drawn.
    assert played.dealer == ["Kc", "6h"]
    assert played.wager(1, "split", 1).net == -200


def test_99_01_3_08_11_10_c_insurance_and_natural_push(run) -> None:
    played = run(
        "As Ac Kd Qh",
        [{"space": 1, "wager": 400}],
        [{"action": "insurance", "space": 1}, {"action": "stand", "space": 1}],
    )
    assert played.wager(1, "insurance").net == 400
    assert played.wager(1, "original").result is Outcome.PUSH


def test_99_01_3_08_11_10_d_dealer_natural_beats_three_card_21(run) -> None:
    played = run(
        "7h Tc 4d Ah Th",
        [{"space": 1, "wager": 400}],
        [{"action": "hit", "space": 1}, {"action": "stand", "space": 1}],
    )
    assert played.wager(1, "original").net == -400


def test_99_01_3_08_11_10_f_dealer_draws_to_17(run) -> None:
    played = run(
        "Th 2c 9h 3d 4s 8c", [{"space": 1, "wager": 200}], [{"action": "stand", "space": 1}]
    )
    # 2 3 4 = 9, + 8 = 17: stands; 19 wins.
    assert played.dealer == ["2c", "3d", "4s", "8c"]
    assert played.wager(1, "original").net == 200


@pytest.mark.parametrize(("hits", "cards"), [(False, ["Ac", "6d"]), (True, ["Ac", "6d", "3s"])])
def test_99_01_3_08_11_10_g_soft_17(run, hits: bool, cards: list[str]) -> None:
    played = run(
        "Th Ac 9h 6d 3s",
        [{"space": 1, "wager": 200}],
        [{"action": "no-insurance", "space": 1}, {"action": "stand", "space": 1}],
        dealer_hits_soft_17=hits,
    )
    assert played.dealer == cards
    # standing: 19 beats 17; hitting: A 6 3 = 20 beats 19
    assert played.wager(1, "original").net == (-200 if hits else 200)


def test_99_01_3_08_11_10_h_dealer_busts(run) -> None:
    played = run("Th 6c 2h Tc 9d", [{"space": 1, "wager": 200}], [{"action": "stand", "space": 1}])
    assert played.wager(1, "original").result is Outcome.WIN  # 12 wins against 6 T 9 = 25


def test_99_01_3_08_11_11_natural_pays_three_to_two(run) -> None:
    played = run("Ah 6c Kd Tc", [{"space": 1, "wager": 300}], [{"action": "stand", "space": 1}])
    assert played.wager(1, "original").net == 450


def test_99_01_3_08_11_11_doubled_natural_paid_even(run) -> None:
    played = run(
        "Ah 6c Kd Tc 9s 8s", [{"space": 1, "wager": 300}], [{"action": "double", "space": 1}]
    )
    # A K 9 = 20 (no longer a natural); dealer 6 T = 16 draws 8s: 24. Wins 1:1 twice.
    assert played.wager(1, "original").net == 300
    assert played.wager(1, "double").net == 300


def test_99_01_3_08_11_11_no_hit_on_a_natural(dealt) -> None:
    state = dealt("Ah 6c Kd Tc", [{"space": 1, "wager": 300}])
    with pytest.raises(RuleViolation) as info:
        state.apply(Action(ActionKind.HIT, 1, 0))
    assert info.value.section == "99-01.3-08-11.11"


def test_99_01_3_08_11_12_tie_is_a_push(run) -> None:
    played = run(
        "Th 9c 8h 9d", [{"space": 1, "wager": 200, "tip": 100}], [{"action": "stand", "space": 1}]
    )
    assert played.wager(1, "original").result is Outcome.PUSH
    assert played.wager(1, "tip").net == 0


def test_round_complete_pending_none(run) -> None:
    played = run("Th 9c 8h 9d", [{"space": 1, "wager": 200}], [{"action": "stand", "space": 1}])
    assert played.state.pending.kind is PendingKind.NONE
