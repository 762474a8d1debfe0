"""A round file's ``expect.parties`` states each party's net; it is checked against the game's."""

from __future__ import annotations

import pytest

from croupier.core.errors import InvalidInput
from croupier.core.protocol import Outcome, Settlement, WagerResult
from croupier.games.roundfile import compare_settlement, parse_round_text


def _settlement() -> Settlement:
    lost = WagerResult(1, 0, "original", 500, Outcome.LOSE, -500, "1")
    return Settlement((lost,), {}, {"player:1": -500, "house": 500, "tips": 0})


def test_parties_that_agree_give_no_difference() -> None:
    expect = {"parties": {"player:1": -500, "house": 500, "tips": 0}}
    assert compare_settlement(expect, _settlement()) == []


def test_a_party_with_another_net_is_a_difference() -> None:
    expect = {"parties": {"player:1": -400, "house": 400}}
    diffs = compare_settlement(expect, _settlement())
    assert diffs == [
        "party house: expected net +400, got +500",
        "party player:1: expected net -400, got -500",
    ]


def test_a_party_not_named_must_have_no_net() -> None:
    assert compare_settlement({"parties": {"player:1": -500}}, _settlement()) == [
        "party house: expected net +0, got +500"
    ]


def test_parties_must_be_whole_cents() -> None:
    with pytest.raises(InvalidInput, match="whole number of cents"):
        compare_settlement({"parties": {"house": 5.0}}, _settlement())


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "twentyone", "expect": {"parties": {"house": 12345678901234567890123456}}}',
        '{"game": "twentyone", "x": ' + "1" * 5000 + "}",
        '{"game": ' + "[" * 5000 + "]" * 5000 + "}",
    ],
    ids=["26-digit amount", "5000-digit number", "deep nesting"],
)
def test_absurd_round_files_are_one_line_errors(text: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_round_text(text, "r.json")
    assert "\n" not in str(caught.value)
