"""House rules: 99-01.3-08-02, -08.2, -09.1, -09.2, -10.1."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_cards
from croupier.core.errors import ConfigError
from croupier.games.twentyone import SPEC
from croupier.games.twentyone.hand import count
from croupier.games.twentyone.rules import DealingMethod, HouseRules, rules_from_dict


def test_99_01_3_08_01_1_card_counts() -> None:
    assert count(parse_cards("Ah Kd")) == (21, True)
    assert count(parse_cards("Ah 6d")) == (17, True)
    assert count(parse_cards("Ah 6d Tc")) == (17, False)
    assert count(parse_cards("Jh Qd")) == (20, False)
    assert count(parse_cards("Ah Ad 9c")) == (21, True)
    assert count(parse_cards("2h 3d 4c")) == (9, False)


@pytest.mark.parametrize("decks", [4, 6, 8])
def test_99_01_3_08_02_3_four_six_or_eight_decks(decks: int) -> None:
    assert rules_from_dict({"decks": decks}).decks == decks


def test_99_01_3_08_02_3_other_deck_counts_refused() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"decks": 5})
    assert [(p.field, p.section) for p in info.value.problems] == [("decks", "99-01.3-08-02.3")]


def test_every_invalid_field_reported_at_once() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict(
            {
                "decks": 2,
                "minimum_wager": 250,
                "maximum_wager": 3000,
                "dealing_method": "peek",
                "tip_bet_cap": 75,
                "inactivity_reshuffle_minutes": 0,
            }
        )
    fields = {p.field for p in info.value.problems}
    assert {"decks", "minimum_wager", "maximum_wager", "dealing_method", "tip_bet_cap"} <= fields
    assert "inactivity_reshuffle_minutes" in fields


def test_unknown_rule_refused() -> None:
    with pytest.raises(ConfigError):
        rules_from_dict({"surrender": True})


def test_99_01_3_08_09_1_limits_even_dollars_one_to_twenty_five() -> None:
    assert rules_from_dict({"minimum_wager": 100, "maximum_wager": 2500}).maximum_wager == 2500
    for bad in ({"maximum_wager": 2600}, {"minimum_wager": 50}, {"maximum_wager": 1050}):
        with pytest.raises(ConfigError):
            rules_from_dict(bad)
    with pytest.raises(ConfigError):
        rules_from_dict({"minimum_wager": 1000, "maximum_wager": 500, "first_active_table": False})


def test_99_01_3_08_09_1_first_active_table_minimum_at_most_three_dollars() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"minimum_wager": 500})
    assert info.value.problems[0].section == "99-01.3-08-09.1"
    assert rules_from_dict({"minimum_wager": 500, "first_active_table": False}).minimum_wager == 500
    assert rules_from_dict({"minimum_wager": 300}).minimum_wager == 300


def test_99_01_3_08_09_2_b_even_money_needs_insurance() -> None:
    with pytest.raises(ConfigError):
        rules_from_dict({"insurance_permitted": False, "even_money_offered": True})


def test_99_01_3_08_09_2_a_tip_cap_between_fifty_cents_and_maximum() -> None:
    assert rules_from_dict({"tip_bet_cap": 500}).tip_bet_limit == 500
    assert rules_from_dict({}).tip_bet_limit == 2500
    for cap in (25, 3000, 120):
        with pytest.raises(ConfigError):
            rules_from_dict({"tip_bet_cap": cap})


def test_99_01_3_08_08_2_inactivity_period() -> None:
    assert rules_from_dict({"inactivity_reshuffle_minutes": 45}).inactivity_reshuffle_minutes == 45
    with pytest.raises(ConfigError):
        rules_from_dict({"inactivity_reshuffle_minutes": -1})


def test_99_01_3_08_10_1_device_fallback_is_another_method() -> None:
    rules = rules_from_dict(
        {
            "dealing_method": "hole-card-with-card-reading-device",
            "device_fallback_method": "no-hole-card",
        }
    )
    assert rules.effective_method(device_malfunction=True) is DealingMethod.NO_HOLE_CARD
    assert rules.effective_method() is DealingMethod.CARD_READING_DEVICE
    with pytest.raises(ConfigError):
        rules_from_dict({"device_fallback_method": "hole-card-with-card-reading-device"})


def test_rules_frozen() -> None:
    rules = HouseRules()
    with pytest.raises(ValueError):
        rules.decks = 8  # type: ignore[misc]


def test_spec_exposes_rules_from_dict() -> None:
    assert SPEC.name == "twentyone"
    assert SPEC.rules_from_dict({"decks": 8}).decks == 8
