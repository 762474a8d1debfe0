"""The table method on the game protocol: one spin a round (99-01.3-11-05.4, -05.5), its setup
the table as the spin's betting opens; balances and parties from the chip accounts."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.protocol import HOUSE, TIPS, PendingKind, Play
from croupier.games.paddlewheel import (
    GAME,
    SeatSetup,
    Spin,
    TableRules,
    TableSetup,
    rules_from_dict,
)
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.table import LAYOUT


def _rules(data: dict[str, Any]) -> TableRules:
    rules = rules_from_dict(data)
    assert isinstance(rules, TableRules)
    return rules


def test_99_01_3_11_05_5_a_round_ends_with_its_valid_spin(table_data: dict[str, Any]) -> None:
    rules = _rules(table_data)
    play = Play(GAME, rules, TableSetup(spin=4, seats=(SeatSetup(1, "ann", "blue", 10),)))
    play.apply(a.PlaceBet(1, "red 18", 2))
    play.apply(a.CloseBets())
    play.apply(a.SpinWheel(Spin(0, 3, 55)))  # void: fewer than four revolutions (-05.4)
    assert play.pending.kind is PendingKind.CHANCE
    play.apply(a.SpinWheel(Spin(55, 6, 173)))  # red 18: 2 chips win 76
    assert play.is_over()
    assert play.pending.kind is PendingKind.NONE
    assert play.legal_actions() == []
    with pytest.raises(InvalidInput):
        play.apply(a.Tip(1, 1))  # the next spin is a new round
    nxt = play.state.next_setup()
    assert nxt.spin == 5
    assert nxt.wheel_at == 173
    assert nxt.seats == (SeatSetup(1, "ann", "blue", 10 - 2 + 2 + 76),)
    assert play.settlement().parties == {"player:ann": 7600, HOUSE: -7600, TIPS: 0}


def test_balances_follow_the_chips_since_the_spin_began(table_data: dict[str, Any]) -> None:
    rules = _rules(table_data)
    setup = TableSetup(seats=(SeatSetup(1, "ann", "blue", 5, cash_in=500),), tip_receptacle=700)
    play = Play(GAME, rules, setup)
    assert set(GAME.balances(play.state).values()) == {0}
    play.apply(a.BuyChips(1, 1000))  # $10 for 10 chips: no value moves
    play.apply(a.PlaceBet(1, "red 1", 3))
    play.apply(a.Tip(1, 2))
    assert GAME.balances(play.state) == {"player:ann": -500, LAYOUT: 300, HOUSE: 0, TIPS: 200}
    # Before the spin the chips on the layout are still the player's.
    assert play.settlement().parties == {"player:ann": -200, HOUSE: 0, TIPS: 200}


def test_a_refused_action_rebuilds_only_this_spin(table_data: dict[str, Any]) -> None:
    rules = _rules(table_data)
    setup = TableSetup(spin=9, seats=(SeatSetup(1, "ann", "blue", 3),))
    play = Play(GAME, rules, setup)
    play.apply(a.PlaceBet(1, "red 1", 1))
    before = GAME.snapshot(play.state)
    with pytest.raises(RuleViolation) as info:
        play.apply(a.Leave(1))  # chips on the rail: exchange first (-06.1.g)
    assert info.value.section == "99-01.3-11-06.1.g"
    assert GAME.snapshot(play.state) == before
    assert play.state.setup is setup
    assert play.log == [a.PlaceBet(1, "red 1", 1)]


def test_actions_from_events_keep_the_chip_colour_as_asked(table_data: dict[str, Any]) -> None:
    rules = _rules(table_data)
    play = Play(GAME, rules, TableSetup())
    play.apply(a.Join(1, "ann", "Blue"))
    play.apply(a.ExchangeCasinoChips(1, 300))
    play.apply(a.Tip(1, 1, casino=True))
    assert GAME.actions_from_events(play.events) == play.log
    assert play.state.data.seats[1].color == "blue"


def test_parse_rules_empty_is_the_sample_table() -> None:
    rules = GAME.parse_rules({})
    assert len(rules.wheel.outer.sections) == 40
