"""Rules pinned by the independent review of the paddlewheel engine (each failed before its fix)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from croupier.core.errors import ConfigError, RuleViolation
from croupier.core.protocol import Play
from croupier.core.rng import SeededRng
from croupier.games.base import Outcome, PendingKind
from croupier.games.paddlewheel import (
    GAME,
    TICKET_GAME,
    CardPlay,
    CardSetup,
    Spin,
    Table,
    TableRules,
    TableSetup,
    TicketRules,
    report_series,
    rules_from_dict,
)
from croupier.games.paddlewheel import actions as a


def _table(data: dict[str, Any]) -> Table:
    rules = rules_from_dict(data)
    assert isinstance(rules, TableRules)
    return Table(rules)


def _card(data: dict[str, Any], number: int = 1001, date: str = "2026-07-04") -> CardPlay:
    rules = rules_from_dict(data)
    assert isinstance(rules, TicketRules)
    card = CardPlay(rules, number, date)
    for t, who in enumerate(["ann", "ann", "bob", "bob", "carl", "carl"], start=1):
        card.apply(a.SellTicket(t, who, 100))
    return card


def _problems(data: dict[str, Any]) -> list[tuple[str, str | None]]:
    with pytest.raises(ConfigError) as info:
        rules_from_dict(data)
    return [(p.field, p.section) for p in info.value.problems]


# -- 99-01.3-11-05.3: the $20 limit is a player's, whatever seats the player uses ----------------


def test_99_01_3_11_05_3_limit_is_per_player_across_seats(table_data: dict[str, Any]) -> None:
    t = _table(table_data)
    t.apply(a.Join(1, "ann", "blue"))
    t.apply(a.Join(2, "ann", "green"))  # the same player with a second colour set
    t.apply(a.Join(3, "bob", "red"))
    for seat in (1, 2, 3):
        t.apply(a.BuyChips(seat, 2000))
    t.apply(a.PlaceBet(1, "red 1", 15))
    t.apply(a.PlaceBet(2, "red 2", 15))  # ann: $30 in all for the spin
    t.apply(a.PlaceBet(3, "red 3", 15))  # bob: $15 stands
    t.apply(a.CloseBets())
    voided = {(w.space, w.kind) for w in t.settlement().wagers if w.result is Outcome.VOID}
    assert voided == {(1, "red 1"), (2, "red 2")}
    assert t.data.seats[1].rail == 20
    assert t.data.seats[2].rail == 20
    assert t.data.layout == {(3, "red 3"): 15}


# -- the game protocol: legal actions are action values; the spin is the chance actor's ----------


def test_99_01_3_11_05_4_spin_is_the_chance_actors_move(table_data: dict[str, Any]) -> None:
    rules = rules_from_dict(table_data)
    assert isinstance(rules, TableRules)
    t = Play(GAME, rules, TableSetup(wheel_at=55))
    t.apply(a.Join(1, "ann", "blue"))
    t.apply(a.BuyChips(1, 500))
    t.apply(a.CloseBets())
    assert t.pending.kind is PendingKind.CHANCE
    assert t.legal_actions() == []
    drawn = GAME.chance(t.state, SeededRng(7))
    assert isinstance(drawn, a.SpinWheel)
    assert drawn.spin.start == 55  # the double spin starts where the wheel rests (-05.4)
    assert 0 <= drawn.spin.stop < rules.wheel.circumference


def test_every_listed_betting_action_applies(table_data: dict[str, Any]) -> None:
    rules = rules_from_dict(table_data)
    assert isinstance(rules, TableRules)
    t = Play(GAME, rules, TableSetup())
    t.apply(a.Join(1, "ann", "blue"))
    t.apply(a.BuyChips(1, 500))
    t.apply(a.PlaceBet(1, "red 1", 1))
    listed = t.legal_actions()
    assert a.CloseBets() in listed
    for action in listed:
        Play.rebuilt(GAME, rules, TableSetup(), t.log).apply(action)


def test_99_01_3_11_02_3_ticket_spin_is_the_chance_actors_move(
    ticket_data: dict[str, Any],
) -> None:
    rules = rules_from_dict(ticket_data)
    assert isinstance(rules, TicketRules)
    card = Play(TICKET_GAME, rules, CardSetup(1001, "2026-07-04"))
    for t, who in enumerate(["ann", "ann", "bob", "bob", "carl", "carl"], start=1):
        card.apply(a.SellTicket(t, who, 100))
    assert card.pending.kind is PendingKind.CHANCE
    assert card.legal_actions() == []
    drawn = TICKET_GAME.chance(card.state, SeededRng(7))
    assert isinstance(drawn, a.SpinForPrize)
    assert drawn.spin.start == 0


# -- 99-01.3-11-02.4, -07.1.f, -07.3.b: merchandise prizes are recorded and reported at cost -------


def test_99_01_3_11_02_4_merchandise_prize_reported_at_cost(ticket_data: dict[str, Any]) -> None:
    card = _card(ticket_data)
    # Prize 1: $3.50 cash, stop 35 = '4' (ticket 4); prize 2: a cap, retail $1.50, cost $0.90,
    # stop 115 = '12' (ticket 6).
    card.apply(a.SpinForPrize(Spin(0, 4, 35)))
    card.apply(a.ClaimPrize(4))
    card.apply(a.SpinForPrize(Spin(35, 4, 115)))
    card.apply(a.ClaimPrize(6))
    details = card.settlement().details
    assert details["prizes"] == 350 + 90
    report = report_series(card.rules.flare, [card])
    assert report.prizes == 440
    assert report.adjusted_gross_proceeds == 600 - 440


# -- 99-01.3-11-02.5: a series report holds the cards of one master flare -------------------------


def test_99_01_3_11_02_5_series_cards_of_one_flare(ticket_data: dict[str, Any]) -> None:
    other = copy.deepcopy(ticket_data)
    other["flare"]["stamp_number"] = "ND-999999"  # another series with the same card numbers
    other_rules = rules_from_dict(other)
    rules = rules_from_dict(ticket_data)
    assert isinstance(other_rules, TicketRules)
    assert isinstance(rules, TicketRules)
    refund = CardPlay(other_rules, 1002, "2026-07-04")
    refund.apply(a.RefundCard())
    with pytest.raises(RuleViolation) as info:
        report_series(rules.flare, [refund])
    assert info.value.section == "99-01.3-11-02.1"


# -- every problem of a configuration at once, wrong types included --------------------------------


def test_99_01_3_11_03_1_wrong_type_does_not_hide_rule_problems(
    table_data: dict[str, Any],
) -> None:
    table_data["maximum_bet_per_spin"] = "twenty"  # wrong type
    red = table_data["wheel"]["circles"][0]
    red["sections"] = [*red["sections"][:30], "0", "00"]  # 32 sections: under forty
    table_data["wheel"]["circles"][1]["sections"] = [str(n) for n in range(1, 21)]  # > half of 32
    table_data["employees_on_duty"] = 1
    table_data["betting_chip_colors"] = ["mustard yellow"] + [f"c{i}" for i in range(8)]
    found = _problems(table_data)
    assert any(f == "maximum_bet_per_spin" for f, _ in found)
    assert ("wheel.circles[0].sections", "99-01.3-11-03.1") in found
    assert ("wheel.circles[1].sections", "99-01.3-11-03.1") in found
    assert ("employees_on_duty", "99-01.3-11-04.2") in found
    assert ("betting_chip_colors", "99-01.3-11-03.4") in found


def test_99_01_3_11_03_1_wrong_type_in_wheel_keeps_other_problems(
    table_data: dict[str, Any],
) -> None:
    table_data["wheel"]["diameter_inches"] = "big"  # wrong type inside a required part
    table_data["employees_on_duty"] = 1
    table_data["maximum_bet_per_spin"] = 2500
    found = _problems(table_data)
    assert any(f.startswith("wheel.diameter_inches") for f, _ in found)
    assert ("employees_on_duty", "99-01.3-11-04.2") in found
    assert ("maximum_bet_per_spin", "99-01.3-11-05.3") in found


def test_99_01_3_11_02_2_wrong_type_does_not_hide_ticket_problems(
    ticket_data: dict[str, Any],
) -> None:
    ticket_data["presence_required"] = "perhaps"  # wrong type
    ticket_data["flare"]["price_per_ticket"] = 250
    ticket_data["prizes"][0]["cash"] = 15000
    found = _problems(ticket_data)
    assert any(f == "presence_required" for f, _ in found)
    assert ("flare.price_per_ticket", "99-01.3-11-02.2") in found
    assert ("prizes[0].cash", "99-01.3-11-02.4") in found
