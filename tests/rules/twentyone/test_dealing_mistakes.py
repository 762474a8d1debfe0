"""Dealing mistakes: 99-01.3-08-12.1 to -12.15, each recorded as an action with its remedy."""

from __future__ import annotations

import pytest

from croupier.core.errors import RuleViolation
from croupier.games.base import Outcome
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import CardsPlayedBack, SpaceInactive, WagerAccepted
from croupier.games.twentyone.rules import rules_from_dict
from croupier.games.twentyone.state import Round

ONE = [{"space": 1, "wager": 400}]


def test_99_01_3_08_12_1_card_face_up_in_shoe_burned(run) -> None:
    played = run(
        "2d Th 9c 8h 7d 2c",
        ONE,
        [
            {"action": "card-face-up-in-shoe", "before": {"space": 1, "card": 1}},
            {"action": "stand", "space": 1},
        ],
    )
    assert played.state.burned[0].rank == 2  # 2d burned; Th 8h = 18 vs 9 7 2 = 18
    assert played.wager(1, "original").result is Outcome.PUSH


def test_99_01_3_08_12_2_no_card_dealt_space_inactive(run) -> None:
    played = run(
        "Th 9c 8h 7d 2c",
        [{"space": 1, "wager": 400, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
        [
            {"action": "missed-card", "before": {"space": 2, "card": 1}},
            {"action": "missed-card", "before": {"space": 2, "card": 1}},
            {"action": "stand", "space": 1},
        ],
    )
    assert played.wager(2, "original").result is Outcome.RETURNED
    # Th 8h = 18 against 9c 7d, 16, drawing 2c: 18, a push.
    assert played.wager(1, "original").result is Outcome.PUSH
    assert [e.space for e in played.events if isinstance(e, SpaceInactive)] == [2]


def test_99_01_3_08_12_2_one_card_player_option(run) -> None:
    # Space 2 misses its second card; after the others it takes one (option).
    played = run(
        "Th 5s 9c 8h 7d 6c Kd 3c",
        [{"space": 1, "wager": 400, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
        [
            {"action": "missed-card", "before": {"space": 2, "card": 2}},
            {"action": "second-card", "space": 2},
            {"action": "stand", "space": 1},
            {"action": "stand", "space": 2},
        ],
    )
    # Th(1) 5s(2) 9c(dealer) 8h(1) [space 2 missed]; space 2's late card 7d comes after every
    # other player's second card and before the dealer's hole card 6c.
    assert [str(c) for c in played.state.seats[2].hands[0].cards] == ["5s", "7d"]
    assert played.dealer[:2] == ["9c", "6c"]


def test_99_01_3_08_12_2_declined_second_card_burned(run) -> None:
    played = run(
        "Th 5s 9c 8h 7d 2c",
        [{"space": 1, "wager": 400, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
        [
            {"action": "missed-card", "before": {"space": 2, "card": 2}},
            {"action": "decline-second-card", "space": 2},
            {"action": "stand", "space": 1},
        ],
    )
    assert played.wager(2, "original").result is Outcome.RETURNED
    assert [str(c) for c in played.state.burned] == ["5s"]


def test_99_01_3_08_12_3_card_to_inactive_space_burned(run) -> None:
    played = run(
        "Th 4c 9c 8h 7d 2c Ts",
        ONE,
        [
            {"action": "card-to-inactive-space", "space": 5, "before": {"space": 1, "card": 2}},
            {"action": "stand", "space": 1},
        ],
    )
    # Th to 1, 4c dealer up, 9c to inactive space 5 (burned), 8h to 1, 7d hole; 4 7 = 11 draws
    # 2c (13) and Ts (23): busts, 18 wins.
    assert [str(c) for c in played.state.burned] == ["9c"]
    assert played.wager(1, "original").net == 400


def test_99_01_3_08_12_4_dealer_card_dealt_after_players(run) -> None:
    played = run(
        "Th 8h 9c 7d 2c",
        ONE,
        [
            {"action": "dealer-card-missed", "before": {"dealer": True, "card": 1}},
            {"action": "stand", "space": 1},
        ],
    )
    # Th to 1, (dealer missed), 8h to 1, then the dealer's cards 9c (up) and 7d (hole); 16 draws 2c.
    assert played.dealer == ["9c", "7d", "2c"]
    assert [str(c) for c in played.state.seats[1].hands[0].cards] == ["Th", "8h"]


def test_99_01_3_08_12_5_insurance_not_offered_hand_valid(run) -> None:
    played = run(
        "Th Ac 9h 7d", ONE, [{"action": "insurance-not-offered"}, {"action": "stand", "space": 1}]
    )
    assert (1, 0, "insurance") not in played.kinds()
    assert played.wager(1, "original").net == 400  # 19 vs soft 18


def test_99_01_3_08_12_6_dropped_card_burned(run) -> None:
    played = run(
        "Th 9c 5s 8h 7d 2c",
        ONE,
        [
            {"action": "card-dropped", "before": {"space": 1, "card": 2}},
            {"action": "stand", "space": 1},
        ],
    )
    assert [str(c) for c in played.state.seats[1].hands[0].cards] == ["Th", "8h"]
    assert [str(c) for c in played.state.burned] == ["5s"]


def test_99_01_3_08_12_7_unexposed_card_used_as_next(run) -> None:
    played = run(
        "Th 9c 8h 7d 2c",
        ONE,
        [
            {"action": "card-drawn-in-error", "exposed": False},
            {"action": "stand", "space": 1},
        ],
    )
    assert played.state.burned == []


def test_99_01_3_08_12_8_exposed_card_burned_after_two_cards(run) -> None:
    played = run(
        "Th 9c 8h 7d 5s 2c",
        ONE,
        [
            {"action": "card-drawn-in-error", "exposed": True},
            {"action": "stand", "space": 1},
        ],
    )
    assert [str(c) for c in played.state.burned] == ["5s"]  # 9 7 then 2c: 18
    assert played.dealer == ["9c", "7d", "2c"]
    r = Round(rules_from_dict({}))
    r.apply(Action(ActionKind.BET, space=1, amount=400))
    r.apply(Action(ActionKind.DEAL))
    with pytest.raises(RuleViolation) as info:
        r.apply(Action(ActionKind.CARD_DRAWN_IN_ERROR, exposed=True))
    assert info.value.section == "99-01.3-08-12.8"


def test_99_01_3_08_12_9_short_shoe_first_card_after_reshuffle_burned(run) -> None:
    played = run(
        "Th 9c 2h 7d 4s 5c 2c",
        ONE,
        [
            {"action": "hit", "space": 1},
            {"action": "reshuffle-discards"},
            {"action": "stand", "space": 1},
        ],
    )
    # Th 2h hits 4s (16); the shoe runs short: 5c, the first card after the discards are
    # shuffled and cut, is burned; dealer 9 7 draws 2c: 18 beats 16.
    assert [str(c) for c in played.state.burned] == ["5c"]
    assert played.dealer == ["9c", "7d", "2c"]
    assert played.wager(1, "original").net == -400


def test_99_01_3_08_12_10_dealer_drew_on_17_card_burned(run) -> None:
    played = run(
        "Th 9c 8h 8d 5s",
        ONE,
        [
            {"action": "stand", "space": 1},
            {"action": "dealer-drew-on-17"},
        ],
    )
    assert played.dealer == ["9c", "8d"]
    assert [str(c) for c in played.state.burned] == ["5s"]
    assert played.wager(1, "original").net == 400  # 18 beats 17 still


def test_99_01_3_08_12_11_unlawful_amount_paid_on_proper_wager(run) -> None:
    played = run(
        "Th 9c 9h 7d Ts",
        [{"space": 1, "wager": 550, "unlawful": True}],
        [{"action": "stand", "space": 1}],
    )
    w = played.wager(1, "original")
    assert (w.stake, w.result, w.net) == (550, Outcome.WIN, 500)


def test_99_01_3_08_12_11_fifty_cents_returned_card_burned(run) -> None:
    played = run(
        "Th 5c 9c 8h 7d 2c",
        [
            {"space": 1, "wager": 400, "player": "a"},
            {"space": 2, "wager": 50, "unlawful": True, "player": "b"},
        ],
        [{"action": "stand", "space": 1}],
    )
    assert played.wager(2, "original").result is Outcome.RETURNED
    assert [str(c) for c in played.state.burned] == ["5c"]
    assert played.dealer[:2] == ["9c", "7d"]


def test_99_01_3_08_09_1_unlawful_amount_over_maximum_valued_at_maximum(run) -> None:
    # $27.50 permitted (-12.11) at a $25 maximum: valued at $25, the $2.50 excess returned
    # (-09.1), which leaves no improper part. Th 9d = 19; dealer 9c 7c = 16 draws 8s: busts.
    played = run(
        "Th 9c 9d 7c 8s",
        [{"space": 1, "wager": 2750, "unlawful": True}],
        [{"action": "stand", "space": 1}],
        maximum_wager=2500,
    )
    accepted = next(e for e in played.events if isinstance(e, WagerAccepted))
    assert (accepted.wager, accepted.excess_returned) == (2500, 250)
    w = played.wager(1, "original")
    assert (w.stake, w.result, w.net) == (2500, Outcome.WIN, 2500)


def test_99_01_3_08_09_1_unlawful_amount_over_maximum_loses_only_maximum(run) -> None:
    # $25.50 permitted at a $20 maximum: $20 valued, $5.50 returned before the deal.
    # Th 7d = 17 stands; dealer 9c 9h = 18: the player loses $20, not $25.50.
    played = run(
        "Th 9c 7d 9h",
        [{"space": 1, "wager": 2550, "unlawful": True}],
        [{"action": "stand", "space": 1}],
        maximum_wager=2000,
    )
    accepted = next(e for e in played.events if isinstance(e, WagerAccepted))
    assert (accepted.wager, accepted.excess_returned) == (2000, 550)
    w = played.wager(1, "original")
    assert (w.stake, w.result, w.net) == (2000, Outcome.LOSE, -2000)


def test_99_01_3_08_12_11_whole_dollars_under_minimum_valued_at_wager(run) -> None:
    # $1 permitted at a $3 minimum: $1 is within -09.1's $1..$25, so no part is improper; the
    # proper wager is the $1 itself (not the $3 minimum). Th 9d = 19 beats a busted dealer: +$1.
    played = run(
        "Th 9c 9d 7c 8s",
        [{"space": 1, "wager": 100, "unlawful": True}],
        [{"action": "stand", "space": 1}],
        minimum_wager=300,
    )
    accepted = next(e for e in played.events if isinstance(e, WagerAccepted))
    assert (accepted.wager, accepted.excess_returned) == (100, 0)
    w = played.wager(1, "original")
    assert (w.stake, w.result, w.net) == (100, Outcome.WIN, 100)


def test_99_01_3_08_12_11_whole_dollars_under_minimum_loses_wager(run) -> None:
    # $2 permitted at a $3 minimum; Th 7d = 17 loses to dealer 9c 9h = 18: -$2.
    played = run(
        "Th 9c 7d 9h",
        [{"space": 1, "wager": 200, "unlawful": True}],
        [{"action": "stand", "space": 1}],
        minimum_wager=300,
    )
    w = played.wager(1, "original")
    assert (w.stake, w.result, w.net) == (200, Outcome.LOSE, -200)


def test_99_01_3_08_12_12_miscount_cards_played_back(run) -> None:
    played = run(
        "Th 9c 8h 8d", ONE, [{"action": "stand", "space": 1}, {"action": "miscount-suspected"}]
    )
    back = next(e for e in played.events if isinstance(e, CardsPlayedBack))
    assert back.hands == ("space 1 hand 0: Th 8h (18)", "dealer: 9c 8d (17)")


def test_99_01_3_08_12_13_no_burn_at_start_burned_after_round(run) -> None:
    played = run(
        "Th 9c 8h 8d Qs", ONE, [{"action": "stand", "space": 1}], setup={"no_burn_at_start": True}
    )
    assert [str(c) for c in played.state.burned] == ["Qs"]


def test_99_01_3_08_12_14_hole_card_exposed_replaced(run) -> None:
    played = run(
        "Th 9c 8h 2d Kd", ONE, [{"action": "hole-card-exposed"}, {"action": "stand", "space": 1}]
    )
    assert played.dealer == ["9c", "Kd"]
    assert [str(c) for c in played.state.burned] == ["2d"]


def test_99_01_3_08_12_15_missed_hit_card_dealt_after_others(run) -> None:
    played = run(
        "5h Th 9c 6d 9d 7s 2c 3c 8s",
        [{"space": 1, "wager": 400, "player": "a"}, {"space": 2, "wager": 200, "player": "b"}],
        [
            {"action": "hit", "space": 1},
            {"action": "hit-card-missed", "before": {"space": 1}},
            {"action": "stand", "space": 2},
            {"action": "stand", "space": 1},
        ],
    )
    # 5h 6d = 11 asks a hit; missed. Space 2 (Th 9d = 19) stands. Then space 1 takes 2c: 13.
    assert [str(c) for c in played.state.seats[1].hands[0].cards] == ["5h", "6d", "2c"]
