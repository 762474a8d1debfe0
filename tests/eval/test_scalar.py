"""The scalar kernels (one hand at a time, used at the poker showdown) against the reference.

Expected values come from ``croupier.eval.reference``, the readable evaluator that shares no
code with the tables; the hands are seeded random deals plus one hand of every category.
"""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_cards
from croupier.core.errors import InvalidInput
from croupier.eval import reference as ref
from croupier.eval.scalar import NO_LOW, high, omaha

from .conftest import cards_of, random_hands


@pytest.mark.parametrize("size", [5, 6, 7])
def test_high_equals_the_reference_on_random_hands(size: int) -> None:
    for row in random_hands(31 + size, 3000, size):
        cards = [int(c) for c in row]
        assert high(cards) == ref.rank_high(cards_of(row)), cards


@pytest.mark.parametrize(
    "text",
    [
        "Ah Kh Qh Jh Th 2c 3d",  # royal flush
        "5s 4s 3s 2s As Kd Kc",  # five-high straight flush
        "9c 9d 9h 9s 2c 3c 4d",  # four of a kind
        "8c 8d 8h 2s 2c Kc Kd",  # full house from two pairs and trips
        "2h 7h 9h Jh Kh Ah 3c",  # six-card flush: the best five
        "Ad 2c 3h 4s 5d Kc Kh",  # wheel over a pair
        "7c 7d 7h 2s 9c Jd Kd",  # three of a kind
        "Qc Qd 5h 5s 3c 3d 2h",  # three pairs: best two plus the kicker
        "Ac Ad 9h 7s 5c 3d 2h",  # one pair
        "Ac Jd 9h 7s 5c 3d 2h",  # high card
    ],
)
def test_high_equals_the_reference_on_every_category(text: str) -> None:
    cards = parse_cards(text)
    assert high([c.index for c in cards]) == ref.rank_high(cards)


def test_omaha_equals_the_reference_on_random_hands() -> None:
    for row in random_hands(77, 1500, 9):
        hole, board = cards_of(row[:4]), cards_of(row[4:])
        value, low = omaha([int(c) for c in row[:4]], [int(c) for c in row[4:]], True)
        expected_low = ref.omaha_low8(hole, board)
        assert value == ref.omaha_high(hole, board)
        assert low == (NO_LOW if expected_low is None else expected_low)


def test_omaha_two_from_the_hole_three_from_the_board() -> None:
    # four hearts in the hole and a heart board of three: the flush takes two hole hearts only
    hole = parse_cards("Ah Kh Qh Jh")
    board = parse_cards("2h 3h 4h 9c 9d")
    value, low = omaha([c.index for c in hole], [c.index for c in board], True)
    assert value == ref.omaha_high(hole, board)
    assert ref.omaha_low8(hole, board) is None  # one low card in the hole (the ace)
    assert low == NO_LOW
    # no low wanted: reported as NO_LOW
    assert omaha([c.index for c in hole], [c.index for c in board], False)[1] == NO_LOW


@pytest.mark.parametrize("cards", [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 0, 1, 2, 3]])
def test_high_refuses_a_bad_hand(cards: list[int]) -> None:
    with pytest.raises(InvalidInput):
        high(cards)


def test_high_refuses_a_card_out_of_range() -> None:
    with pytest.raises(InvalidInput, match="distinct card indices"):
        high([0, 1, 2, 3, 52])


def test_omaha_refuses_a_repeated_card() -> None:
    with pytest.raises(InvalidInput, match="distinct card indices"):
        omaha([0, 1, 2, 3], [3, 4, 5, 6, 7], True)
    with pytest.raises(InvalidInput):
        omaha([0, 1, 2], [4, 5, 6, 7, 8], True)
