"""The wheel (99-01.3-11-03.1, -03.2), the prize table (-06.2) and the table's rules (-03.4,
-04.2, -05.1, -05.3): invalid configurations are refused with every problem listed."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.core.errors import ConfigError
from croupier.games.paddlewheel import TableRules, rules_from_dict


def problems(data: dict[str, Any]) -> list[tuple[str, str | None]]:
    with pytest.raises(ConfigError) as info:
        rules_from_dict(data)
    return [(p.field, p.section) for p in info.value.problems]


def test_valid_configuration_accepted(table_data: dict[str, Any]) -> None:
    rules = rules_from_dict(table_data)
    assert isinstance(rules, TableRules)
    assert [c.name for c in rules.wheel.circles] == ["red", "blue", "green", "yellow"]


def test_99_01_3_11_03_1_every_wheel_problem_listed_at_once(table_data: dict[str, Any]) -> None:
    wheel = table_data["wheel"]
    wheel["circles"][0]["sections"] = wheel["circles"][0]["sections"][:39]  # 39 < 40
    wheel["circles"][2]["color"] = "blue"  # same colour as circle 1
    wheel["circles"][3]["sections"] = ["a", "b", "c", "d", "e", "f"]  # 6 > 10 // 2
    wheel["circles"].append({"color": "white", "sections": ["x", "y"]})
    wheel["circles"].append({"color": "black", "sections": ["z"]})  # six circles
    wheel["diameter_inches"] = 29
    wheel["numeral_height_sixteenths"] = 9
    found = problems(table_data)
    fields = [f for f, _ in found]
    assert "wheel.circles" in fields
    assert "wheel.circles[0].sections" in fields
    assert "wheel.circles[2].color" in fields
    assert "wheel.circles[3].sections" in fields
    assert "wheel.diameter_inches" in fields
    assert "wheel.numeral_height_sixteenths" in fields
    assert all(s == "99-01.3-11-03.1" for f, s in found if f.startswith("wheel.c"))


def test_99_01_3_11_03_1_inner_circle_up_to_half(table_data: dict[str, Any]) -> None:
    circles = table_data["wheel"]["circles"]
    circles[1]["sections"] = [str(n) for n in range(1, 21)]  # exactly 40 / 2: allowed
    rules_from_dict(table_data)
    circles[1]["sections"].append("21")
    assert ("wheel.circles[1].sections", "99-01.3-11-03.1") in problems(table_data)


def test_99_01_3_11_03_1_numbers_may_repeat(table_data: dict[str, Any]) -> None:
    table_data["wheel"]["circles"][0]["sections"][10] = "1"  # "1" twice on red
    rules = rules_from_dict(table_data)
    assert rules.wheel.circles[0].sections.count("1") == 2


def test_99_01_3_11_03_2_pegs_and_pointer_required(table_data: dict[str, Any]) -> None:
    table_data["wheel"]["pegs"] = False
    table_data["wheel"]["pointer"] = False
    found = problems(table_data)
    assert ("wheel.pegs", "99-01.3-11-03.2") in found
    assert ("wheel.pointer", "99-01.3-11-03.2") in found


def test_99_01_3_11_06_1_f_house_numbers_on_the_odd_even_circle(table_data: dict[str, Any]) -> None:
    table_data["wheel"]["house_numbers"] = ["0", "99"]
    table_data["wheel"]["circles"][0]["sections"][5] = "six"
    found = problems(table_data)
    assert ("wheel.house_numbers", "99-01.3-11-06.1.f") in found
    assert ("wheel.odd_even_circle", "99-01.3-11-06.1.f") in found


def test_99_01_3_11_06_2_prize_table_problems_listed(table_data: dict[str, Any]) -> None:
    prizes = table_data["prize_table"]
    del prizes["exact"]["yellow"]  # every coloured number must be referenced
    prizes["exact"]["purple"] = "10 to 1"  # no purple circle
    prizes["exact"]["green"] = "9 to 2"  # relates to one chip
    prizes["sets"][0]["members"] = ["1", "99"]  # 99 not on red
    prizes["odd"] = "a toaster"  # no merchandise at the table
    found = problems(table_data)
    assert ("prize_table.exact", "99-01.3-11-06.2") in found
    assert ("prize_table.exact.purple", "99-01.3-11-03.3.b") in found
    assert ("prize_table.exact.green", "99-01.3-11-06.2") in found
    assert ("prize_table.sets[0].members", "99-01.3-11-03.3.b") in found
    assert ("prize_table.odd", "99-01.3-11-01.2") in found


def test_99_01_3_11_06_1_f_odd_even_needs_designated_circle(table_data: dict[str, Any]) -> None:
    table_data["wheel"]["odd_even_circle"] = None
    table_data["wheel"]["house_numbers"] = []
    assert ("prize_table.odd", "99-01.3-11-06.1.f") in problems(table_data)


def test_table_limits_all_listed(table_data: dict[str, Any]) -> None:
    table_data.update(
        maximum_bet_per_spin=2100,
        minimum_players=3,
        maximum_players=2,
        betting_chip_colors=["mustard yellow", "red"],
        employees_on_duty=1,
        video_surveillance=False,
    )
    found = problems(table_data)
    assert ("maximum_bet_per_spin", "99-01.3-11-05.3") in found
    assert ("maximum_players", "99-01.3-11-05.1") in found
    assert ("betting_chip_colors", "99-01.3-11-03.4") in found
    assert ("employees_on_duty", "99-01.3-11-04.2") in found
    assert ("video_surveillance", "99-01.3-11-03.5") in found


def test_99_01_3_11_05_3_limit_is_whole_dollars(table_data: dict[str, Any]) -> None:
    table_data["maximum_bet_per_spin"] = 1050
    assert ("maximum_bet_per_spin", "99-01.3-11-05.3") in problems(table_data)


def test_wrong_types_reported(table_data: dict[str, Any]) -> None:
    table_data["minimum_players"] = "many"
    with pytest.raises(ConfigError) as info:
        rules_from_dict(table_data)
    assert any(p.field == "minimum_players" for p in info.value.problems)


def test_unknown_method_refused() -> None:
    assert problems({"method": "bingo"}) == [("method", "99-01.3-11-01")]


def test_99_01_3_11_06_2_payoff_in_other_digits_refused() -> None:
    """Issue 31: a payoff written in full-width or Arabic-Indic digits read as a number."""
    from croupier.core.errors import InvalidInput
    from croupier.games.paddlewheel.prizes import PayoffForm, parse_payoff

    assert parse_payoff("40 to 1").amount == 40
    assert parse_payoff("2 for 1").form is PayoffForm.FOR
    for text in ("４０ to 1", "40 to １", "٤٠ to 1"):
        with pytest.raises(InvalidInput, match="'_ to 1' or '_ for 1'"):
            parse_payoff(text)
