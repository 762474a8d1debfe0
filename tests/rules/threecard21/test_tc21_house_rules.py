"""House rules of a Three Card 21 "N" Done table: 13:69E-1.10D, 13:69F-2C.2(a), 2C.5, 2C.12."""

from __future__ import annotations

import pytest

from croupier.core.errors import ConfigError
from croupier.core.shoe import NJShuffleMethod
from croupier.eval.threecard import BonusCategory
from croupier.games.threecard21 import SPEC
from croupier.games.threecard21.rules import (
    POSTED_PAYTABLE,
    DealerSeventeen,
    HouseRules,
    rules_from_dict,
    validated,
)


def test_defaults_are_the_posted_game() -> None:
    rules = HouseRules()
    assert rules.decks == 6
    assert rules.bonus_paytable == POSTED_PAYTABLE
    assert rules.dealer_seventeen is DealerSeventeen.STANDS_ON_ALL_17


def test_2C_5_b_1_posted_paytable_is_the_text() -> None:
    pays = POSTED_PAYTABLE.pays
    assert pays[BonusCategory.TWENTY_ONE] == (1, 1)
    assert pays[BonusCategory.PAIR] == (1, 1)
    assert pays[BonusCategory.FLUSH] == (3, 2)
    assert pays[BonusCategory.STRAIGHT] == (2, 1)
    assert pays[BonusCategory.THREE_OF_A_KIND] == (5, 1)
    assert pays[BonusCategory.STRAIGHT_FLUSH] == (15, 1)
    assert pays[BonusCategory.ROYAL] == (50, 1)
    assert pays[BonusCategory.DIAMOND_ROYAL] == (200, 1)


@pytest.mark.parametrize("decks", [6, 7, 8])
def test_2C_2_a_six_to_eight_decks(decks: int) -> None:
    assert rules_from_dict({"decks": decks}).decks == decks


@pytest.mark.parametrize("decks", [1, 4, 5, 9])
def test_2C_2_a_other_deck_counts_refused(decks: int) -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"decks": decks})
    assert [(p.field, p.section) for p in info.value.problems] == [
        ("decks", "N.J.A.C. 13:69F-2C.2(a)")
    ]


def test_13_69E_1_10D_a_at_most_six_positions() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"betting_positions": 7})
    assert info.value.problems[0].section == "N.J.A.C. 13:69E-1.10D(a)"


def test_2C_12_a_at_most_three_people_per_spot() -> None:
    assert rules_from_dict({"max_persons_per_spot": 3}).max_persons_per_spot == 3
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"max_persons_per_spot": 4})
    assert info.value.problems[0].section == "N.J.A.C. 13:69F-2C.12(a)"


def test_every_invalid_field_reported_at_once() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"decks": 4, "betting_positions": 9, "max_persons_per_spot": 0, "x": 1})
    fields = {p.field for p in info.value.problems}
    assert fields == {"decks", "betting_positions", "max_persons_per_spot", "x"}


def test_2C_5_a_minimum_not_above_maximum() -> None:
    with pytest.raises(ConfigError, match="exceeds table_maximum") as info:
        rules_from_dict({"table_minimum": 10000, "table_maximum": 5000})
    assert info.value.problems[0].section == "N.J.A.C. 13:69F-2C.5(a)"


def test_2C_5_a_limits_in_dollars() -> None:
    rules = rules_from_dict({"table_minimum": "$10", "table_maximum": "$1,000.00"})
    assert (rules.table_minimum, rules.table_maximum) == (1000, 100_000)


def test_2C_5_e_minimum_in_whole_chips() -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"table_minimum": "$5.50", "smallest_chip": "$1"})
    assert [(p.field, p.section) for p in info.value.problems] == [
        ("table_minimum", "N.J.A.C. 13:69F-2C.5(e)")
    ]


def test_wrong_types_and_rule_problems_reported_together() -> None:
    # a wrongly typed field does not hide the regulation problems of the others
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"decks": "six", "betting_positions": 8, "surrender": 2.5})
    sections = {p.field: p.section for p in info.value.problems}
    assert sections == {
        "decks": "N.J.A.C. 13:69F-2C.2(a)",
        "betting_positions": "N.J.A.C. 13:69E-1.10D(a)",
        "surrender": "N.J.A.C. 13:69F-2C.8(c)",
    }


def test_rules_built_by_code_are_checked_by_validated() -> None:
    assert validated(HouseRules()) == HouseRules()
    with pytest.raises(ConfigError) as info:
        validated(HouseRules(decks=5))
    assert info.value.problems[0].section == "N.J.A.C. 13:69F-2C.2(a)"


def test_aliases_for_options() -> None:
    rules = rules_from_dict({"shuffle": "bart_carter", "dealer_seventeen": "h17"})
    assert rules.shuffle is NJShuffleMethod.BART_CARTER
    assert rules.hits_soft_17


def test_2C_5_b_1_alternative_paytable_as_data() -> None:
    alt = {
        "name": "alt",
        "pays": {
            "21 total": "1 to 1",
            "pair": "1:1",
            "flush": [2, 1],
            "straight": 3,
            "3 of a kind": "10 to 1",
            "straight flush": "20 to 1",
            "3 card royal flush": "50 to 1",
            "3 card diamond royal flush": "100 to 1",
        },
    }
    rules = rules_from_dict({"bonus_paytable": alt})
    assert rules.bonus_paytable.odds(BonusCategory.FLUSH) == (2, 1)
    assert rules.bonus_paytable.odds(BonusCategory.STRAIGHT) == (3, 1)


def test_2C_5_b_1_paytable_missing_or_inverted_refused() -> None:
    with pytest.raises(ConfigError, match="missing") as info:
        rules_from_dict({"bonus_paytable": {"name": "x", "pays": {"pair": "1 to 1"}}})
    assert info.value.problems[0].section == "N.J.A.C. 13:69F-2C.5(b)1"
    inverted = {c.value: "1 to 1" for c in BonusCategory}
    inverted["flush"] = "5 to 1"  # flush above straight (2 to 1 would be lower)
    with pytest.raises(ConfigError, match="must pay at least"):
        rules_from_dict({"bonus_paytable": {"name": "x", "pays": inverted}})


def test_2C_5_b_1_paytable_and_other_fields_reported_at_once() -> None:
    bad_odds = {c.value: "1 to 1" for c in BonusCategory}
    bad_odds["pair"] = "one to one"
    with pytest.raises(ConfigError) as info:
        rules_from_dict({"bonus_paytable": {"name": "x", "pays": bad_odds}, "decks": 9})
    assert {p.field.split(".")[0] for p in info.value.problems} == {"bonus_paytable", "decks"}


def test_13_69E_1_10D_b_c_disclosure_has_inscriptions_and_paytable() -> None:
    assert SPEC.disclosure is not None
    text = SPEC.disclosure(rules_from_dict({"casino_name": "Boardwalk", "dealer_seventeen": "h17"}))
    assert "Boardwalk" in text
    assert '"21 pays 1 to 1"' in text
    assert '"Insurance pays 2 to 1"' in text
    assert "Stands or hits on all 17's per posted option" in text
    assert "must be in equal amounts" in text
    assert "hit soft 17" in text
    assert "200 to 1" in text
    assert "3 to 2" in text
