"""The posted handouts (99-01.3-11-02.6, -06), generated from the configuration."""

from __future__ import annotations

from typing import Any

from croupier.games.paddlewheel import disclosure, rules_from_dict


def test_99_01_3_11_06_2_prize_information(table_data: dict[str, Any]) -> None:
    text = disclosure(rules_from_dict(table_data))
    for line in (
        "EXACT NUMBER RED 38 to 1",
        "EXACT NUMBER BLUE 18 to 1",
        "EXACT NUMBER YELLOW 4 to 1",
        "SET LOW RED (1, 2, 3, 4, 5) 6 to 1",
        "ODD 1 to 1",
        "EVEN 2 for 1",
    ):
        assert line in text.splitlines()


def test_99_01_3_11_06_1_rules_and_notice(table_data: dict[str, Any]) -> None:
    table_data["maximum_bet_per_spin"] = 1500
    text = disclosure(rules_from_dict(table_data))
    assert "a. A player may not bet chips that exceed a value of $15.00 for one spin." in text
    assert "the number preceding the peg is the winning number" in text
    assert "designated house number (0, 00)" in text
    assert "class C felony" in text  # -06.3


def test_99_01_3_11_06_1_f_odd_even_rule_only_when_offered(table_data: dict[str, Any]) -> None:
    del table_data["prize_table"]["odd"], table_data["prize_table"]["even"]
    assert "odd or even" not in disclosure(rules_from_dict(table_data))


def test_99_01_3_11_02_6_ticket_handout(ticket_data: dict[str, Any]) -> None:
    text = disclosure(rules_from_dict(ticket_data))
    assert "exceed a value of $20.00 for one spin" in text
    assert "at least four revolutions" in text
    assert "required to be present" in text
    ticket_data.update(presence_required=False, claim_limit_minutes=45)
    text = disclosure(rules_from_dict(ticket_data))
    assert "within 45 minutes of the spin" in text
    assert "additional spins until the prize is claimed" in text
