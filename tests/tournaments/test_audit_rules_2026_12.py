"""Defects an audit found against the rule text (-09-05.11, -09-04.11, -09-02.8, -09-06.2.f,
-08-03.1 and -08-15.1, -09-02.2): each expected value is worked out from the section named."""

from __future__ import annotations

import pytest
from tournamenthelp import DAY, poker_rules, seated, twentyone_rules

from croupier.core.errors import ConfigError, InvalidInput, RuleViolation
from croupier.tournaments import Tournament
from croupier.tournaments.events import Exit, HandStarted
from croupier.tournaments.records import removals
from croupier.tournaments.state import Status

T21 = "2026-08-01T12:00"
REBUY = {"count": 1, "amount": "$100", "chips": 5000, "through_level": 1}


def poker(players: str, **changes: object) -> Tournament:
    t = Tournament.define(poker_rules(**changes))
    seated(t, list(players))
    t.start(DAY)
    return t


def refused(call: object) -> str:
    assert callable(call)
    with pytest.raises(RuleViolation) as info:
        call()
    return info.value.section


def hand(t: Tournament, **kw: object) -> HandStarted:
    e = t.start_hand(1, DAY, **kw)[0]  # type: ignore[arg-type]
    assert isinstance(e, HandStarted)
    return e


# -09-05.11: "A player shall be at the table by the time all other player's receive their hole
# cards in order to have a live hand for that deal": absent and owing nothing, no chips move.


def test_99_01_3_09_05_11_an_absent_player_without_a_forced_bet_has_no_hand() -> None:
    t = poker("ABC")
    started = hand(t, absent=(1,))  # A holds the button: no blind, no ante
    assert refused(lambda: t.record_hand(1, {"A": 500, "B": -500}, DAY)) == "99-01.3-09-05.11"
    assert refused(lambda: t.record_hand(1, {"A": -100, "B": 100}, DAY)) == "99-01.3-09-05.11"
    assert (started.button, started.posted_by_dealer, started.absent) == (1, (), (1,))
    t.record_hand(1, {"B": -25, "C": 25}, DAY)  # the blinds' hand; A's 5000 untouched
    assert t.main.entrants["A"].chips == 5000


def test_99_01_3_09_05_11_back_before_the_hole_cards_without_a_forced_bet_is_live() -> None:
    t = poker("ABC")
    hand(t, absent=(1,))
    t.player_returned(1, 1, DAY)
    t.record_hand(1, {"A": 50, "C": -50}, DAY)
    assert t.main.entrants["A"].chips == 5050


# -09-04.11: "When play becomes heads-up, the player who had the big blind the most recently,
# is given the button and the other player is given the big blind"; the button posts the small
# blind heads-up.


def test_99_01_3_09_04_11_when_play_becomes_heads_up_the_last_big_blind_gets_the_button() -> None:
    t = poker("ABC")
    first = hand(t)
    assert (first.button, first.small_blind, first.big_blind) == (1, 2, 3)
    t.record_hand(1, {"A": -5000, "B": 2500, "C": 2500}, DAY)  # A (seat 1) out
    second = hand(t)  # C (seat 3) had the big blind most recently
    assert (second.button, second.small_blind, second.big_blind) == (3, 3, 2)
    t.record_hand(1, {}, DAY)
    third = hand(t)  # then the button moves: nobody posts the big blind twice in a row
    assert (third.button, third.small_blind, third.big_blind) == (2, 2, 3)


def test_99_01_3_09_04_11_heads_up_after_the_big_blind_rotated_past_the_button() -> None:
    t = poker("ABC")
    for _ in range(2):  # hands 1 (button 1, big blind 3) and 2 (button 2, big blind 1)
        hand(t)
        t.record_hand(1, {}, DAY)
    third = hand(t)
    assert (third.button, third.small_blind, third.big_blind) == (3, 1, 2)
    t.record_hand(1, {"C": -5000, "A": 5000}, DAY)  # C (seat 3) out: B had the big blind last
    fourth = hand(t)
    assert (fourth.button, fourth.small_blind, fourth.big_blind) == (2, 2, 1)


# -09-02.8: a bounty "rewards a player for eliminating another player": the player who won the
# eliminated player's last chips.


def test_99_01_3_09_02_8_a_bounty_goes_only_to_the_player_who_won_the_last_chips() -> None:
    t = poker("ABC", bounty="$20", rebuy=REBUY)
    hand(t)
    t.record_hand(1, {"A": 5000, "B": -5000}, DAY)  # A takes all of B's chips; B may rebuy
    assert refused(lambda: t.eliminate("B", DAY, by="C")) == "99-01.3-09-02.8"
    assert not t.main.prizes
    t.eliminate("B", DAY, by="A")
    assert [(p.player, p.cents) for p in t.main.prizes] == [("A", 2000)]


def test_99_01_3_09_02_8_a_hands_eliminator_must_be_a_winner_of_the_hand() -> None:
    t = poker("ABC", bounty="$20")
    hand(t)
    bad = {"A": 5000, "B": -5000}
    call = lambda: t.record_hand(1, bad, DAY, eliminated_by={"B": "C"})  # noqa: E731
    assert refused(call) == "99-01.3-09-02.8"
    t.record_hand(1, bad, DAY, eliminated_by={"B": "A"})
    assert t.main.entrants["B"].place == 3


# -09-06.2.f: "Any player involved in chip dumping and other forms of collusion shall be
# disqualified."


def test_99_01_3_09_06_2_f_chip_dumping_disqualifies_the_player() -> None:
    t = poker("ABCD", bounty="$20", rebuy=REBUY, add_on={**REBUY, "amount": "$50"})
    t.disqualify("B", DAY, by="Dana Director", reason="chip dumping to C")
    b = t.main.entrants["B"]
    assert (b.status, b.chips, b.place, b.exit) == (Status.OUT, 0, None, Exit.DISQUALIFIED)
    assert sum(e.chips for e in t.main.entrants.values()) == 15_000  # B's 5000 left play
    assert refused(lambda: t.rebuy("B", collected_by="Cass", at=DAY)) == "99-01.3-09-06.2.f"
    assert refused(lambda: t.add_on("B", collected_by="Cass", at=DAY)) == "99-01.3-09-06.2.f"
    line = removals(t.state)[-1]
    assert (line.player, line.chips, line.by, line.disqualified) == (
        "B",
        5000,
        "Dana Director",
        True,
    )
    assert "chip dumping to C" in line.reason
    with pytest.raises(InvalidInput):
        t.disqualify("B", DAY, by="Dana Director", reason="again")
    hand(t)
    t.record_hand(1, {"A": 10000, "C": -5000, "D": -5000}, DAY, eliminated_by={"C": "A", "D": "A"})
    t.eliminate("C", DAY, by="A")
    t.eliminate("D", DAY, by="A")
    # C out first takes 3rd, D 2nd: places 1 to 3 only (B has none); nothing for or of B
    assert t.main.standings == ("A", "D", "C")
    assert all(p.player != "B" and "of B" not in p.description for p in t.main.prizes)


def test_99_01_3_09_06_2_f_disqualification_not_in_twentyone() -> None:
    t = Tournament.define(twentyone_rules())
    seated(t, ["A", "B"], at=T21)
    t.start(T21)
    call = lambda: t.disqualify("A", T21, by="Dana", reason="collusion")  # noqa: E731
    assert refused(call) == "99-01.3-08-11.2"


# Twenty-one: a wager is made with chips (-08-03.1); a hand settles its wagers, the chips
# changing by no more than the bet can (-08-15.1 with the chapter's splits to four hands per
# betting space and doubling, -08-13.2.h, i; a natural pays 3 to 2, -08-02.1).


def twentyone(**changes: object) -> Tournament:
    t = Tournament.define(twentyone_rules(starting_chips=100, **changes))
    seated(t, ["A", "B"], at=T21)
    t.start(T21)
    t.start_hand(1, T21)
    return t


def test_99_01_3_08_03_1_a_bet_over_the_players_chips_is_refused() -> None:
    t = twentyone(maximum_bet=500)
    call = lambda: t.record_hand(1, {"A": 500}, T21, bets={"A": 500, "B": 10})  # noqa: E731
    assert refused(call) == "99-01.3-08-03.1"


def test_99_01_3_08_15_1_a_loss_larger_than_the_bet_can_lose_is_refused() -> None:
    t = twentyone()  # 10 chips split to four hands, each doubled: 80 at most
    call = lambda: t.record_hand(1, {"B": -90}, T21, bets={"A": 10, "B": 10})  # noqa: E731
    assert refused(call) == "99-01.3-08-15.1"
    t.record_hand(1, {"B": -80}, T21, bets={"A": 10, "B": 10})
    assert t.main.entrants["B"].chips == 20


def test_99_01_3_08_15_1_a_win_larger_than_the_payout_is_refused() -> None:
    t = twentyone(split_hands=1, double_down=False)  # a 10 bet: a natural wins 15 at most
    call = lambda: t.record_hand(1, {"A": 16}, T21, bets={"A": 10, "B": 10})  # noqa: E731
    assert refused(call) == "99-01.3-08-15.1"
    call = lambda: t.record_hand(1, {"B": -11}, T21, bets={"A": 10, "B": 10})  # noqa: E731
    assert refused(call) == "99-01.3-08-15.1"
    t.record_hand(1, {"A": 15, "B": -10}, T21, bets={"A": 10, "B": 10})


def test_99_01_3_08_13_2_h_splitting_beyond_four_hands_refused_in_the_rules() -> None:
    with pytest.raises(ConfigError) as info:
        Tournament.define(twentyone_rules(split_hands=5))
    assert [p.section for p in info.value.problems] == ["99-01.3-08-13.2"]


# -09-02.2: an add-on "is the last opportunity a player has to buy additional chips".


def test_99_01_3_09_02_2_rebuys_running_past_the_add_on_period_refused() -> None:
    rules = poker_rules(
        rebuy={**REBUY, "through_level": 2}, add_on={**REBUY, "amount": "$50", "through_level": 1}
    )
    with pytest.raises(ConfigError) as info:
        Tournament.define(rules)
    assert [(p.field, p.section) for p in info.value.problems] == [
        ("rebuy.through_level", "99-01.3-09-02.2")
    ]


def test_99_01_3_09_02_2_no_rebuy_after_the_players_add_on() -> None:
    t = poker("AB", rebuy=REBUY, add_on={**REBUY, "amount": "$50"})
    t.add_on("A", collected_by="Cass", at=DAY)
    assert refused(lambda: t.rebuy("A", collected_by="Cass", at=DAY)) == "99-01.3-09-02.2"
    t.rebuy("B", collected_by="Cass", at=DAY)
    t.add_on("B", collected_by="Cass", at=DAY)


# -08-15.2: "The organization shall set the time or number of shoes or hands to be played."


def test_99_01_3_08_15_2_no_more_hands_than_the_level_sets() -> None:
    t = Tournament.define(twentyone_rules(levels=[{"hands": 1}, {"hands": 1}]))
    seated(t, ["A", "B"], at=T21)
    t.start(T21)
    t.start_hand(1, T21)
    t.record_hand(1, {"A": 10, "B": -10}, T21, bets={"A": 10, "B": 10})
    assert refused(lambda: t.start_hand(1, T21)) == "99-01.3-08-15.2"
    t.next_level(T21)
    t.start_hand(1, T21)
