"""A card found face up in the middle of the deal (N.J.A.C. 13:69F-2A.14(a)) placed in a round
file by the cards out of the shoe before it (``after_cards``, docs/round-files/threecard21.md).
Before, the format placed ``face_up_in_shoe`` right after the preceding action only, so a live
round in which the dealer found a card face up between two cards of the deal could not be
exported as its dispute record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from croupier.core.errors import CroupierError
from croupier.service.games.replay import replay_text

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "threecard21"
FILE = GOLDEN / "60_irregularity_a_face_up_card_mid_deal_after_cards.json"


def _with(after: Any) -> str:
    data = json.loads(FILE.read_text(encoding="utf-8"))
    if after is None:
        del data["actions"][0]["after_cards"]
    else:
        data["actions"][0]["after_cards"] = after
    return json.dumps(data)


def test_13_69f_2a_14_a_face_up_card_mid_deal_replays_where_it_was_found() -> None:
    report = replay_text(FILE.read_text(encoding="utf-8"), "60", check=True)
    assert report.ok, report.differences


def test_13_69f_2a_14_a_without_after_cards_the_first_card_is_discarded_instead() -> None:
    """The key carries the meaning: read right after the preceding action (none), the card
    found face up would be the shoe's first, the 9h, and the round another one."""
    report = replay_text(_with(None), "60 without after_cards", check=True)
    assert not report.ok


@pytest.mark.parametrize(
    ("after", "says"),
    [
        ("2", "'after_cards' is a number of cards"),
        (-1, "'after_cards' is a number of cards"),
        (True, "'after_cards' is a number of cards"),
        (99, "no card is due once 5 have left it"),
    ],
)
def test_13_69f_2a_14_a_after_cards_that_cannot_be_is_one_line(after: Any, says: str) -> None:
    with pytest.raises(CroupierError) as err:
        replay_text(_with(after), "bad", check=True)
    assert says in str(err.value)
    assert "\n" not in str(err.value)
