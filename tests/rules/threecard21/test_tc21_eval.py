"""Bonus categories of N.J.A.C. 13:69F-2C.2(c), highest only (2C.5(b))."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_cards
from croupier.eval.threecard import BonusCategory, classify, three_card_total

C = BonusCategory


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("AdKdQd", C.DIAMOND_ROYAL),
        ("AsKsQs", C.ROYAL),
        ("QhAhKh", C.ROYAL),
        ("2c3c4c", C.STRAIGHT_FLUSH),
        ("Ac2c3c", C.STRAIGHT_FLUSH),
        ("JsQsKs", C.STRAIGHT_FLUSH),
        ("7c7d7h", C.THREE_OF_A_KIND),
        ("5h5h5h", C.THREE_OF_A_KIND),
        ("Ac2d3h", C.STRAIGHT),
        ("QcKdAs", C.STRAIGHT),
        ("9c8dTh", C.STRAIGHT),
        ("2d9d5d", C.FLUSH),
        ("5d5d9d", C.FLUSH),
        ("8c8d3c", C.PAIR),
        ("5c5sAh", C.PAIR),
        ("9c5d7h", C.TWENTY_ONE),
        ("AcAd9h", C.PAIR),
        ("Kc6d5h", C.TWENTY_ONE),
    ],
)
def test_2C_2_c_categories(cards: str, category: BonusCategory) -> None:
    assert classify(parse_cards(cards)) is category


@pytest.mark.parametrize("cards", ["KcAd2h", "9h5d4s", "Kc5h8d", "AcKd5h"])
def test_2C_2_c_5_no_wrap_around_and_no_category(cards: str) -> None:
    assert classify(parse_cards(cards)) is None


def test_2C_2_b_ace_counts_eleven_unless_over_21() -> None:
    assert three_card_total(parse_cards("AcKdQh")) == 21
    assert three_card_total(parse_cards("AcAd9h")) == 21
    assert three_card_total(parse_cards("AcKd5h")) == 16
    assert three_card_total(parse_cards("AcAdAh")) == 13


def test_2C_2_c_order_highest_first() -> None:
    order = [c.rank_order for c in BonusCategory]
    assert order == sorted(order)
    assert BonusCategory.DIAMOND_ROYAL.rank_order == 0
    assert BonusCategory.TWENTY_ONE.rank_order == 7
