"""Round-file envelope and the comparison with an expect block."""

from __future__ import annotations

import pytest

from croupier.core.errors import InvalidInput
from croupier.games.base import Outcome, Settlement, WagerResult
from croupier.games.roundfile import compare_settlement, parse_round, parse_round_text


def test_envelope_parses() -> None:
    rf = parse_round({"game": "twentyone", "shoe": ["Ah", "Kd"], "seats": [{"space": 1}]})
    assert rf.game == "twentyone"
    assert rf.shoe == ["Ah", "Kd"]
    assert rf.expect is None


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"game": ""},
        {"game": "twentyone", "format": "other/9"},
        {"game": "twentyone", "shoe": "AhKd"},
        {"game": "twentyone", "actions": [1, 2]},
        {"game": "twentyone", "expcet": {}},
        # format 1 has no cards never seen; format 2 names places in the shoe, each once
        {"game": "twentyone", "shoe": ["Ah"], "unseen": [0]},
        {"game": "twentyone", "format": "croupier.round/1", "shoe": ["Ah"], "unseen": [0]},
        {"game": "twentyone", "format": "croupier.round/2", "shoe": ["Ah"], "unseen": [1]},
        {"game": "twentyone", "format": "croupier.round/2", "shoe": ["Ah"], "unseen": [0, 0]},
        {"game": "twentyone", "format": "croupier.round/2", "shoe": ["Ah"], "unseen": [True]},
        {"game": "twentyone", "format": "croupier.round/2", "unseen": [0]},
    ],
)
def test_bad_envelopes_are_refused(data: object) -> None:
    with pytest.raises(InvalidInput):
        parse_round(data)


def test_both_formats_are_read() -> None:
    """Format 1 (every card seen) is read as it always was; format 2 adds the places in the
    shoe of the cards never seen (stand-ins)."""
    one = parse_round({"format": "croupier.round/1", "game": "poker", "shoe": ["Ah", "Kd"]})
    assert one.unseen == ()
    two = parse_round(
        {"format": "croupier.round/2", "game": "poker", "shoe": ["2c", "Kd"], "unseen": [0]}
    )
    assert two.unseen == (0,)
    assert two.shoe == ["2c", "Kd"]


def test_corrupt_json_is_one_clear_error() -> None:
    with pytest.raises(InvalidInput, match="not valid JSON"):
        parse_round_text("{ nope", "x.json")


def settlement() -> Settlement:
    return Settlement(
        wagers=(
            WagerResult(1, 0, "original", 1000, Outcome.WIN, 1500),
            WagerResult(1, 0, "tip", 100, Outcome.WIN, 100, destination="tip receptacle"),
        ),
        details={"dealer": {"cards": ["Th", "7c"], "total": 17}},
    )


def test_matching_expect_has_no_differences() -> None:
    expect = {
        "wagers": [
            {"space": 1, "kind": "original", "stake": 1000, "result": "win", "net": 1500},
            {"space": 1, "kind": "tip", "stake": 100, "result": "win", "net": 100},
        ],
        "dealer": {"cards": ["Th", "7c"], "total": 17},
    }
    assert compare_settlement(expect, settlement()) == []


def test_differences_are_listed() -> None:
    expect = {
        "wagers": [
            {"space": 1, "kind": "original", "stake": 1000, "result": "win", "net": 1000},
            {"space": 2, "kind": "original", "stake": 500, "result": "lose", "net": -500},
        ],
        "dealer": {"total": 18},
    }
    diffs = compare_settlement(expect, settlement())
    assert any("space 1 hand 0 original" in d and "net +1000" in d for d in diffs)
    assert any("space 1 hand 0 tip: not expected" in d for d in diffs)
    assert any("space 2 hand 0 original" in d and "got nothing" in d for d in diffs)
    assert any(d.startswith("dealer:") for d in diffs)
    assert len(diffs) == 4


def test_house_net_excludes_tips_to_the_dealer() -> None:
    assert settlement().house_net == -1500
