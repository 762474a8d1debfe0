"""A round file's ``expect`` may state the card trace and the excess returned; the twenty-one
round file places each dealing mistake where it happened (docs/round-files.md)."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.protocol import Outcome, Settlement, WagerResult
from croupier.games.registry import get_game
from croupier.games.roundfile import compare_settlement, parse_round, with_card_trace


def _settlement() -> Settlement:
    lost = WagerResult(1, 0, "original", 500, Outcome.LOSE, -500)
    plain = Settlement((lost,), {}, {"player:1": -500, "house": 500})
    return with_card_trace(plain, ["Th space 1", "6c dealer", "9d space 1"], {1: 1500})


def test_a_matching_trace_and_excess_give_no_difference() -> None:
    expect = {"trace": ["10h space 1", "6c dealer", "9d  space 1"], "excess_returned": {"1": 1500}}
    assert compare_settlement(expect, _settlement()) == []


def test_the_first_card_that_differs_is_one_line() -> None:
    diffs = compare_settlement({"trace": ["Th space 1", "6c space 2", "9d dealer"]}, _settlement())
    assert diffs == ["trace card 2: expected '6c space 2', got '6c dealer'"]


def test_missing_and_extra_cards_are_named() -> None:
    short = compare_settlement({"trace": ["Th space 1"]}, _settlement())
    assert short == ["trace: expected 1 cards, got 3; then '6c dealer', '9d space 1'"]
    long = compare_settlement(
        {"trace": ["Th space 1", "6c dealer", "9d space 1", "8h dealer"]}, _settlement()
    )
    assert long == ["trace: expected 4 cards, got 3; missing '8h dealer'"]


def test_excess_returned_differences() -> None:
    assert compare_settlement({"excess_returned": {}}, _settlement()) == [
        "excess_returned 1: expected 0 returned, got 1500"
    ]
    assert compare_settlement({"excess_returned": {"1": 1500, "2": 100}}, _settlement()) == [
        "excess_returned 2: expected 100 returned, got 0"
    ]


@pytest.mark.parametrize(
    "expect",
    [
        {"trace": "Th space 1"},
        {"trace": ["Th"]},
        {"trace": ["Xx space 1"]},
        {"excess_returned": []},
        {"wagers": None},  # an audit: null had compared nothing and passed as checked
    ],
)
def test_malformed_expectations_are_refused(expect: dict[str, Any]) -> None:
    with pytest.raises(InvalidInput):
        compare_settlement(expect, _settlement())


def _twentyone(actions: list[dict[str, Any]], shoe: list[str]) -> Settlement:
    data = {
        "game": "twentyone",
        "seats": [{"space": 1, "wager": 1000}],
        "shoe": shoe,
        "actions": actions,
    }
    return get_game("twentyone").replay(parse_round(data)).settlement


SHOE = ["Th", "6c", "9d", "Td", "5s", "2h"]


def test_an_unanchored_mistake_happens_where_it_is_listed() -> None:
    # after the last stand, before the dealer's hit card (not after the dealer's hand)
    s = _twentyone([{"action": "stand", "space": 1}, {"action": "reshuffle-discards"}], SHOE)
    assert s.details["trace"] == [
        "Th space 1",
        "6c dealer",
        "9d space 1",
        "Td dealer hole",
        "5s burn",
        "2h dealer",
    ]


def test_a_mistake_anchored_before_an_action_index() -> None:
    actions = [{"action": "card-face-up-in-shoe", "before": 1}, {"action": "stand", "space": 1}]
    s = _twentyone(actions, SHOE)
    assert s.details["burned"] == ["5s"]


@pytest.mark.parametrize(
    ("item", "section"),
    [
        ({"action": "card-face-up-in-shoe", "before": 0}, "99-01.3-08-12.1"),
        ({"action": "card-face-up-in-shoe", "before": 7}, "99-01.3-08-12.1"),
        ({"action": "missed-card", "before": {"space": 1, "card": 3}}, "99-01.3-08-12.2"),
        ({"action": "card-dropped"}, "99-01.3-08-12.6"),
        ({"action": "reshuffle-discards", "before": "end"}, "99-01.3-08-12.9"),
    ],
)
def test_a_mistake_anchored_out_of_range_or_where_the_rule_refuses_it(
    item: dict[str, Any], section: str
) -> None:
    with pytest.raises(RuleViolation) as caught:
        _twentyone([item, {"action": "stand", "space": 1}], SHOE)
    assert caught.value.section == section


def test_a_card_anchor_already_passed_is_refused() -> None:
    late = {"action": "card-dropped", "before": {"space": 1, "card": 1}}
    with pytest.raises(RuleViolation, match="is not dealt between") as caught:
        _twentyone([{"action": "stand", "space": 1}, late], SHOE)
    assert caught.value.section == "99-01.3-08-12.6"


@pytest.mark.parametrize(
    "before",
    [{"space": 1, "crad": 2}, {"dealer": True, "space": 1}, {"card": 1}, "soon", True],
)
def test_malformed_anchors_are_refused(before: Any) -> None:
    with pytest.raises(InvalidInput):
        _twentyone([{"action": "card-face-up-in-shoe", "before": before}], SHOE)


def test_only_a_mistake_takes_an_action_anchor() -> None:
    with pytest.raises(InvalidInput, match="anchors a dealing mistake"):
        _twentyone([{"action": "stand", "space": 1, "before": 0}], SHOE)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"game": "twentyone", "wheel_stops": [3]}, "'wheel_stops' is a paddlewheel's"),
        ({"game": "paddlewheel", "shoe": ["Ah"]}, "a paddlewheel has no 'shoe'"),
    ],
)
def test_another_games_key_is_refused(data: dict[str, Any], said: str) -> None:
    # found by an audit: a twenty-one file's 'wheel_stops' was read past in silence
    with pytest.raises(InvalidInput, match=said):
        parse_round({"format": "croupier.round/1", **data})
