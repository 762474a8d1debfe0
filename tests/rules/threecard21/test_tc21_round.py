"""The round, rule by rule (N.J.A.C. 13:69F-2C, 13:69F-2A.14). Every refusal leaves the round
unchanged and names its section."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import RuleViolation
from croupier.core.events import Event, event_from_dict
from croupier.core.protocol import Play
from croupier.games.base import Outcome, PendingKind
from croupier.games.threecard21 import GAME, Setup
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.events import CardDealt, WagerPlaced
from croupier.games.threecard21.rules import HouseRules
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers
from croupier.games.threecard21.view import RoundView

Table = Play[HouseRules, Setup, Round, Action]


def table(rules: HouseRules, spots: Sequence[SpotWagers], *, burn_first: bool = False) -> Table:
    """A round driven through ``Play``, the one mechanism by which an action is refused."""
    return Play(GAME, rules, Setup(tuple(spots), burn_first))


def act(state: Table, action: Action) -> list[Event]:
    return list(state.apply(action).events)


def view(state: Table) -> RoundView:
    return state.state.view()


def one(amount: int = 1000, space: int = 1) -> SpotWagers:
    return SpotWagers(space, (PersonWager(amount),))


def deal(state: Table, cards: str | Iterable[str]) -> list[Event]:
    events: list[Event] = []
    for text in cards.split() if isinstance(cards, str) else cards:
        events += act(state, a.Deal(parse_card(text)))
    return events


def refused(state: Table, action: Action, section: str) -> None:
    before = GAME.snapshot(state.state)
    pending = state.pending
    with pytest.raises(RuleViolation) as info:
        act(state, action)
    assert section in info.value.section
    assert GAME.snapshot(state.state) == before
    assert state.pending == pending


# -- wagers -------------------------------------------------------------------------------------


def test_2C_5_a_wager_at_least_table_minimum() -> None:
    with pytest.raises(RuleViolation, match=r"2C\.5\(a\)"):
        table(HouseRules(), [one(400)])


def test_2C_5_a_bonus_equal_to_three_card_21_wager() -> None:
    with pytest.raises(RuleViolation, match="equal"):
        table(HouseRules(), [SpotWagers(1, (PersonWager(1000, bonus=500),))])
    table(HouseRules(), [SpotWagers(1, (PersonWager(1000, bonus=1000),))])


def test_13_69E_1_10D_a_no_seventh_position() -> None:
    with pytest.raises(RuleViolation, match=r"1\.10D\(a\)"):
        table(HouseRules(), [one(space=7)])


def test_2C_12_a_people_per_spot_limited() -> None:
    spot = SpotWagers(1, (PersonWager(1000, "A"), PersonWager(1000, "B")))
    with pytest.raises(RuleViolation, match=r"2C\.12\(a\)"):
        table(HouseRules(), [spot])
    table(HouseRules(max_persons_per_spot=2), [spot])


def test_2C_13_one_spot_per_player_unless_permitted() -> None:
    spots = [
        SpotWagers(1, (PersonWager(1000, "Ann"),)),
        SpotWagers(2, (PersonWager(1000, "Ann"),)),
    ]
    with pytest.raises(RuleViolation, match=r"2C\.13"):
        table(HouseRules(), spots)
    table(HouseRules(multiple_spots=True), spots)


def test_2C_5_f_no_wager_change_after_first_card() -> None:
    state = table(HouseRules(), [one()])
    act(state, a.ChangeWager(1, 2000))
    deal(state, "9h")
    refused(state, a.ChangeWager(1, 3000), "2C.5(f)")


def test_2C_6_c_burn_not_with_bart_carter() -> None:
    with pytest.raises(RuleViolation, match=r"2C\.6\(c\)"):
        table(HouseRules(shuffle="bart_carter"), [one()], burn_first=True)


# -- dealing ------------------------------------------------------------------------------------


def test_2C_6_d_dealing_order() -> None:
    state = table(HouseRules(), [one(space=1), one(space=3)])
    events = deal(state, "2c 3c 4d 5c 6c 7d 8c 9c")
    dealt = [(e.space, str(e.card), e.face_up) for e in events if isinstance(e, CardDealt)]
    assert dealt == [
        (1, "2c", True),
        (3, "3c", True),
        (0, "4d", True),  # dealer's up card
        (1, "5c", True),
        (3, "6c", True),
        (0, "7d", False),  # hole card face down
        (1, "8c", True),
        (3, "9c", True),
    ]


def test_2C_6_e_bonus_settled_before_anything_else() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "8c 6h 8d 5s")
    assert view(state).results == ()
    deal(state, "3c")
    results = view(state).results
    assert [(w.kind, w.result, w.net) for w in results] == [("bonus", Outcome.WIN, 1000)]


def test_2C_5_c_1_three_card_21_paid_before_check() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "7c Ah 7d Kc 7h")
    kinds = [(w.kind, w.net) for w in state.settlement().wagers]
    assert ("original", 1000) in kinds  # paid although the dealer has blackjack


# -- insurance ----------------------------------------------------------------------------------


def test_2C_7_b_insurance_at_most_half() -> None:
    state = table(HouseRules(), [one(1000)])
    deal(state, "Tc As 6d Kh 2c")
    refused(state, a.Insure(1, 600), "2C.7(b)")
    act(state, a.Insure(1, 500))


def test_2C_7_b_chip_denomination_exception() -> None:
    state = table(HouseRules(), [one(500)])
    deal(state, "Tc As 6d Kh 2c")
    refused(state, a.Insure(1, 400), "2C.7(b)")
    act(state, a.Insure(1, 300))


def test_2C_7_a_no_insurance_without_an_ace_up() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "9h 7c 5d Ks 4s")
    refused(state, a.Insure(1, 500), "2C.7(a)")


# -- surrender ----------------------------------------------------------------------------------


def test_2C_8_c_surrender_only_where_offered() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "Kc 9s Qd 8h 5s")
    refused(state, a.Surrender(1), "2C.8(c)")


def test_2C_5_c_5_i_only_a_hand_over_21_may_surrender() -> None:
    state = table(HouseRules(surrender=True), [one()])
    deal(state, "9h 7c 5d Ks 4s")
    refused(state, a.Surrender(1), "2C.5(c)5.i")


def test_2C_8_a_2_surrender_against_ten_waits_for_hole_card() -> None:
    state = table(HouseRules(surrender=True, card_reader=False), [one()])
    deal(state, "Jc Td 8h Ac 6s")
    act(state, a.Surrender(1))
    result = {w.kind: (w.result, w.net) for w in state.settlement().wagers}
    assert result["original"] == (Outcome.LOSE, -1000)


# -- decisions ----------------------------------------------------------------------------------


def test_2C_9_a_double_not_more_than_wager() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "5c 9h 4d Th 2s")
    refused(state, a.Double(1, 0, 1100), "2C.9(a)")
    act(state, a.Double(1, 0, 1000))


def test_2C_5_e_a_double_is_made_in_whole_chips() -> None:
    """Found by an audit: 2C.5(e) has every wager made with gaming chips (the smallest $1
    here); the wagers and insurance were held to whole chips, a double down was not. Each
    person's double on a shared spot is held to it too."""
    state = table(HouseRules(), [one()])
    deal(state, "5c 9h 4d Th 2s")
    refused(state, a.Double(1, 0, 250), "2C.5(e)")
    act(state, a.Double(1, 0, 300))
    rules = HouseRules(max_persons_per_spot=2)
    shared = table(rules, [SpotWagers(1, (PersonWager(1000, "A", True), PersonWager(500, "B")))])
    deal(shared, "5c 9h 4d Th 2s")
    refused(shared, a.Double(1, 0, 1000, (("B", 150),)), "2C.5(e)")
    act(shared, a.Double(1, 0, 1000, (("B", 200),)))


def test_2C_9_b_one_card_after_double() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "5c 9h 4d Th 2s")
    act(state, a.Double(1, 0, 500))
    deal(state, "2d")  # 13: the hand is complete after one card
    assert state.pending.kind is PendingKind.NONE  # dealer 19 stood; round over
    assert len(state.settlement().details["dealer"]["cards"]) == 2  # type: ignore[index]


def test_2C_9_a_no_double_after_a_hit() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "2c 9h 3d Th 4s")
    act(state, a.Hit(1))
    deal(state, "2h")
    refused(state, a.Double(1, 0, 1000), "2C.9(a)")


def test_2C_5_c_5_iii_split_needs_a_trigger() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "9h 7c 5d Ks 4s")
    refused(state, a.Split(1), "2C.5(c)5.ii-iii")


def test_2C_10_c_1_no_resplit() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "8c 6d 8h Ts 2c")
    act(state, a.Split(1))
    deal(state, "8d")  # hand 0 is now 8-8
    refused(state, a.Split(1), "2C.10(c)1")


def test_2C_10_b_hands_completed_in_order() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "8c 6d 8h Ts 2c")
    act(state, a.Split(1))
    deal(state, "Tc")
    refused(state, a.Stand(1, 1), "2C.10(b)")


def test_2C_11_a_no_card_without_a_request() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "2c 9h 3d Th 4s")
    refused(state, a.Deal(parse_card("5c")), "2C.11(a)")


def test_2C_11_c_dealer_does_not_draw_when_nothing_depends() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "9c 5h 5d Ks 7h")  # 21 paid at once; dealer has 15
    assert state.pending.kind is PendingKind.NONE
    assert state.settlement().details["dealer"] == {"cards": ["5h", "Ks"], "total": 15}


def test_2C_12_b_controller_is_seated_or_highest() -> None:
    rules = HouseRules(max_persons_per_spot=3)
    state = table(rules, [SpotWagers(1, (PersonWager(500, "A"), PersonWager(900, "B")))])
    assert view(state).spots[0].controller == 1
    seated = PersonWager(500, "A", seated=True)
    state = table(rules, [SpotWagers(1, (seated, PersonWager(900, "B")))])
    assert view(state).spots[0].controller == 0


def test_2C_12_d_others_double_not_more_than_their_wager() -> None:
    rules = HouseRules(max_persons_per_spot=2)
    state = table(rules, [SpotWagers(1, (PersonWager(1000, "A", True), PersonWager(500, "B")))])
    deal(state, "5c 9h 4d Th 2s")
    refused(state, a.Double(1, 0, 1000, (("B", 600),)), "2C.9(a)")
    refused(state, a.Double(1, 0, 1000, (("Z", 100),)), "2C.12(d)")
    act(state, a.Double(1, 0, 1000, (("B", 500),)))


# -- irregularities -----------------------------------------------------------------------------


def test_2A_14_j_shuffler_removed_only_after_inspection() -> None:
    state = table(HouseRules(shuffle="automatic"), [one()])
    refused(state, a.ShufflerRemoved(False), "2A.14(j)")
    act(state, a.ShufflerRemoved(True))


def test_2A_14_i_only_with_a_shuffler() -> None:
    refused(table(HouseRules(), [one()]), a.ShufflerMalfunction(), "2A.14(i)")


def test_2A_14_k_not_with_an_ace_or_ten_up() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "Qs Kd 4c 5c 3h")
    refused(state, a.ReaderInsertedInError(True), "2A.14(k)")


def test_2A_14_l_reader_malfunction_needs_a_reader() -> None:
    refused(table(HouseRules(card_reader=False), [one()]), a.ReaderMalfunction(), "2A.14(l)")


def test_2A_14_g_only_the_spot_due_a_card() -> None:
    state = table(HouseRules(), [one(space=1), one(space=2)])
    refused(state, a.SpotMissed(2), "2A.14(g)")


def test_2A_14_d_only_after_the_dealer_is_done() -> None:
    state = table(HouseRules(), [one()])
    deal(state, "9h 7c 5d Ks 4s")
    refused(state, a.DealerDrewInError(parse_card("3c")), "2A.14(d)")


def test_settlement_refused_before_the_end() -> None:
    state = table(HouseRules(), [one()])
    with pytest.raises(RuleViolation, match=r"2C\.6\(l\)"):
        state.settlement()


def test_events_round_trip() -> None:
    state = table(HouseRules(), [one()])
    events = deal(state, "9h 7c 5d Ks 4s")  # the first step's events open with the wagers
    events += act(state, a.Stand(1))
    assert sum(isinstance(e, WagerPlaced) for e in events) == 2
    for e in events:
        assert event_from_dict(e.to_dict()) == e  # type: ignore[attr-defined]
