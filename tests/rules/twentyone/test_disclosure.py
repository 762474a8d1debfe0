"""Disclosure: 99-01.3-08-13."""

from __future__ import annotations

from croupier.games.twentyone import SPEC
from croupier.games.twentyone.disclosure import disclosure_html
from croupier.games.twentyone.rules import rules_from_dict


def test_99_01_3_08_13_house_and_player_rules_with_felony_notice() -> None:
    rules = rules_from_dict(
        {
            "minimum_wager": 200,
            "maximum_wager": 1500,
            "dealing_method": "no-hole-card",
            "double_down": "equal-or-less",
            "insurance_permitted": False,
            "tip_betting_permitted": False,
        }
    )
    assert SPEC.disclosure is not None
    text = SPEC.disclosure(rules)
    assert "$2.00 minimum, $15.00 maximum" in text
    assert "Use No-Hole-Card method of dealing" in text
    assert "may be equal to or less than the original wager" in text
    assert "Insurance not permitted" in text
    assert "Tip betting not permitted" in text
    assert "Two betting spaces maximum" in text
    assert "class C felony" in text
    assert "five thousand dollar fine or five years in jail" in text


def test_99_01_3_08_13_html_form() -> None:
    page = disclosure_html(rules_from_dict({}))
    assert page.startswith("<!DOCTYPE html>")
    assert "Hole-Card-No-Peek" in page
    assert "class C felony" in page
