"""Table-method conduct (99-01.3-11-03.4, -05, -06.1): illegal actions raise RuleViolation
citing the section and change nothing (driven through ``Play``, the protocol's one refusal
mechanism); spins, peg stops and payoffs as the text writes them."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.protocol import Play
from croupier.games.base import Outcome
from croupier.games.paddlewheel import GAME, Spin, Table, TableRules, TableSetup, rules_from_dict
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev

Spin1 = Play[TableRules, TableSetup, Table, a.TableAction]


def table(data: dict[str, Any], chips: int = 20) -> Spin1:
    rules = rules_from_dict(data)
    assert isinstance(rules, TableRules)
    t = Play(GAME, rules, TableSetup())
    t.apply(a.Join(1, "ann", "blue"))
    t.apply(a.BuyChips(1, chips * 100))
    return t


def refused(t: Spin1, action: a.TableAction, section: str) -> None:
    before, log = GAME.snapshot(t.state), list(t.log)
    with pytest.raises(RuleViolation) as info:
        t.apply(action)
    assert info.value.section == section
    assert GAME.snapshot(t.state) == before, "a refused action must change nothing"
    assert t.log == log


def test_99_01_3_11_05_2_only_betting_chips_bet(table_data: dict[str, Any]) -> None:
    t = table(table_data, chips=3)
    refused(t, a.PlaceBet(1, "red 1", 4), "99-01.3-11-05.2")


def test_99_01_3_11_03_4_each_chip_one_dollar(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    refused(t, a.BuyChips(1, 250), "99-01.3-11-03.4")
    refused(t, a.ExchangeCasinoChips(1, 50), "99-01.3-11-03.4")
    t.apply(a.ExchangeCasinoChips(1, 500))
    assert t.state.data.seats[1].rail == 25
    assert t.state.data.tray_casino == 100_000 + 500


def test_99_01_3_11_03_4_no_mustard_yellow_betting_chip(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    refused(t, a.Join(2, "bob", "Mustard Yellow"), "99-01.3-11-03.4")
    refused(t, a.Join(2, "bob", "blue"), "99-01.3-11-03.4")  # ann's colour


def test_99_01_3_11_05_1_maximum_players(table_data: dict[str, Any]) -> None:
    table_data["maximum_players"] = 1
    t = table(table_data)
    refused(t, a.Join(2, "bob", "green"), "99-01.3-11-05.1")


def test_99_01_3_11_05_3_no_tip_bet(table_data: dict[str, Any]) -> None:
    refused(table(table_data), a.PlaceBet(1, "tip", 1), "99-01.3-11-05.3")


def test_99_01_3_11_05_3_over_limit_void_and_returned(table_data: dict[str, Any]) -> None:
    t = table(table_data, chips=30)
    t.apply(a.PlaceBet(1, "red 1", 20))
    t.apply(a.PlaceBet(1, "odd", 1))
    events = t.apply(a.CloseBets()).events
    assert ev.BetVoided(1, 1, 21, 2000) in events
    assert t.state.data.seats[1].rail == 30
    assert {w.result for w in t.settlement().wagers} == {Outcome.VOID}


def test_99_01_3_11_05_3_exactly_twenty_dollars_stands(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.PlaceBet(1, "red 1", 20))
    events = t.apply(a.CloseBets()).events
    assert not any(isinstance(e, ev.BetVoided) for e in events)


def test_99_01_3_11_05_4_bets_closed_no_touching(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.PlaceBet(1, "red 1", 2))
    t.apply(a.CloseBets())
    refused(t, a.PlaceBet(1, "red 2", 1), "99-01.3-11-05.4")
    refused(t, a.RemoveBet(1, "red 1", 1), "99-01.3-11-05.4")
    refused(t, a.RedeemChips(1, 1), "99-01.3-11-05.4")


def test_99_01_3_11_05_4_spin_only_after_bets_closed(table_data: dict[str, Any]) -> None:
    refused(table(table_data), a.SpinWheel(Spin(0, 5, 10)), "99-01.3-11-05.4")


def test_99_01_3_11_05_4_fewer_than_four_revolutions_void(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.PlaceBet(1, "red 1", 1))
    t.apply(a.CloseBets())
    events = t.apply(a.SpinWheel(Spin(0, 3, 5))).events  # stop 5 would be red 1: void instead
    assert isinstance(events[0], ev.SpinVoided)
    assert t.settlement().wagers == ()
    events = t.apply(a.SpinWheel(Spin(5, 4, 15))).events  # four revolutions count; red 2
    assert isinstance(events[0], ev.WheelStopped)
    assert t.settlement().wagers[0].result is Outcome.LOSE


def test_99_01_3_11_06_1_e_peg_stop_preceding_number(table_data: dict[str, Any]) -> None:
    rules = rules_from_dict(table_data)
    wheel = rules.wheel
    # 10 ticks a red section: tick 10 is the peg after red index 0 ('1') and before '2'.
    assert wheel.is_peg_stop(10)
    assert wheel.read(10)[0] == "1"
    assert wheel.read(11)[0] == "2"
    assert wheel.read(0)[0] == "00"  # the peg after the last section


def test_99_01_3_11_05_5_outermost_circle_first(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.CloseBets())
    events = t.apply(a.SpinWheel(Spin(0, 4, 173))).events
    announced = next(e for e in events if isinstance(e, ev.Announcement))
    assert announced.text == "red 18, blue 9, green 5, yellow sun"


def test_99_01_3_11_05_5_losing_chips_removed_before_payoffs(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.PlaceBet(1, "red 18", 1))
    t.apply(a.PlaceBet(1, "red 19", 1))
    t.apply(a.CloseBets())
    events = t.apply(a.SpinWheel(Spin(0, 4, 173))).events
    kinds = [type(e) for e in events if isinstance(e, ev.LosingBetRemoved | ev.PayoffMade)]
    assert kinds == [ev.LosingBetRemoved, ev.PayoffMade]


def test_99_01_3_11_05_7_tip_with_casino_chip(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.Tip(1, 5, casino=True))
    assert t.state.data.tip_receptacle == 500
    assert t.state.data.seats[1].rail == 20
    refused(t, a.Tip(1, 21), "99-01.3-11-05.7")


def test_99_01_3_11_05_8_redeem_no_more_than_held(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    refused(t, a.RedeemChips(1, 21), "99-01.3-11-05.8")
    t.apply(a.RedeemChips(1, 20))
    assert t.state.data.seats[1].cash_out == 2000


def test_99_01_3_11_06_1_g_exchange_before_leaving(table_data: dict[str, Any]) -> None:
    refused(table(table_data), a.Leave(1), "99-01.3-11-06.1.g")


def test_99_01_3_11_03_3_b_unknown_spot(table_data: dict[str, Any]) -> None:
    refused(table(table_data), a.PlaceBet(1, "blue 21", 1), "99-01.3-11-03.3.b")


def test_bad_spin_input_changes_nothing(table_data: dict[str, Any]) -> None:
    t = table(table_data)
    t.apply(a.CloseBets())
    before = GAME.snapshot(t.state)
    with pytest.raises(InvalidInput):
        t.apply(a.SpinWheel(Spin(0, 5, 400)))
    with pytest.raises(InvalidInput):
        t.apply(a.SpinWheel(Spin(7, 5, 10)))  # the wheel rests at 0
    assert GAME.snapshot(t.state) == before


def test_inner_circles_equally_likely_on_uneven_wheel() -> None:
    from croupier.games.paddlewheel import Wheel

    wheel = Wheel.model_validate(
        {
            "circles": [
                {"color": "red", "sections": [str(n) for n in range(40)]},
                {"color": "blue", "sections": [str(n) for n in range(15)]},
                {"color": "green", "sections": [str(n) for n in range(7)]},
            ]
        }
    )
    # 15 / gcd(40, 15) = 3 and 7 / gcd(15... 40, 7) = 7: 21 ticks a section (>= 10).
    assert wheel.ticks_per_section == 21
    for circle, m in ((1, 15), (2, 7)):
        counts = [0] * m
        for t in range(wheel.circumference):
            counts[wheel.section_index(circle, t)] += 1
        assert counts == [wheel.circumference // m] * m


def test_99_01_3_11_05_3_one_chip_a_spot_is_the_players_across_their_seats(
    table_data: dict[str, Any],
) -> None:
    """Found by an audit: under a restrictive policy ("one chip on the same colored number"),
    a player holding two seats (two colour sets) put a second chip on a number from the other
    seat. The policy is the player's, as the $20 a spin is."""
    table_data["several_chips_on_one_spot"] = False
    t = table(table_data)
    t.apply(a.Join(2, "Ann", "green"))  # ann again, another colour set
    t.apply(a.BuyChips(2, 500))
    t.apply(a.PlaceBet(1, "red 17", 1))
    refused(t, a.PlaceBet(1, "red 17", 1), "99-01.3-11-05.3")
    refused(t, a.PlaceBet(2, "red 17", 1), "99-01.3-11-05.3")
    t.apply(a.PlaceBet(2, "red 18", 1))  # another number is another spot
    t.apply(a.Join(3, "bob", "purple"))
    t.apply(a.BuyChips(3, 500))
    t.apply(a.PlaceBet(3, "red 17", 1))  # another player's chip on the same number
