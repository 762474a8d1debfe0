"""Rule tests of the readable reference evaluators (N.D. Admin. Code 99-01.3-09)."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_cards
from croupier.core.errors import InvalidInput
from croupier.eval.reference import (
    HandCategory,
    category_of,
    describe,
    describe_low,
    is_royal,
    low8,
    omaha_high,
    omaha_low8,
    rank_high,
)


def high(text: str) -> int:
    return rank_high(parse_cards(text))


# One hand of each category of 99-01.3-09-04.1, listed from highest to lowest as the rule does.
RULE_ORDER = [
    ("AsKsQsJsTs", "royal flush"),
    ("9h8h7h6h5h", "straight flush, nine high"),
    ("7c7d7h7s2c", "four of a kind, sevens (two kicker)"),
    ("KcKdKh4s4c", "full house, kings full of fours"),
    ("Ad9d7d4d2d", "flush, ace-nine-seven-four-two"),
    ("5c4d3h2sAc", "straight, five high"),
    ("QcQdQh9s2c", "three of a kind, queens (nine-two)"),
    ("JcJd3h3s2c", "two pair, jacks and threes (two kicker)"),
    ("TcTd8h5s2c", "one pair, tens (eight-five-two)"),
    ("AcJd8h5s2c", "high card, ace-jack-eight-five-two"),
]


def test_99_01_3_09_04_1_categories_rank_in_the_rules_order() -> None:
    values = [high(text) for text, _ in RULE_ORDER]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    cats = [category_of(v) for v in values]
    assert cats[0] == cats[1] == HandCategory.STRAIGHT_FLUSH
    assert cats[2:] == sorted(HandCategory, reverse=True)[1:]


@pytest.mark.parametrize(("text", "words"), RULE_ORDER)
def test_describe_names_the_hand(text: str, words: str) -> None:
    assert describe(high(text)) == words


def test_99_01_3_09_04_1_a_royal_flush_is_the_ace_high_straight_flush() -> None:
    assert is_royal(high("ThJhQhKhAh"))
    assert not is_royal(high("9h8h7h6h5h"))
    assert high("AsKsQsJsTs") == high("AdKdQdJdTd")  # suits are equal (04.25)


def test_99_01_3_09_04_1_f_ace_low_only_in_the_five_high_straight() -> None:
    wheel = high("Ac2d3h4s5c")
    six_high = high("2c3d4h5s6c")
    assert category_of(wheel) == HandCategory.STRAIGHT
    assert wheel < six_high
    assert category_of(high("QcKdAh2s3c")) == HandCategory.HIGH_CARD  # no wrap-around
    assert wheel > high("AcAdKhQsJc")  # a straight beats any one pair
    assert high("Ah2h3h4h5h") < high("2h3h4h5h6h")  # steel wheel is the lowest straight flush


def test_99_01_3_09_04_25_unmatched_cards_break_ties_and_suits_do_not() -> None:
    assert high("AcAdKh9s2c") > high("AhAsKc8d7c")
    assert high("AcAdKh9s2c") == high("AhAsKd9c2d")
    assert high("KcKd5h5s9c") > high("KhKs5c5d8c")
    assert high("7c7d7hKsQs") > high("7c7d7hKsJs")


def test_best_five_of_seven() -> None:
    assert describe(high("AsKs2s3s7s7d7h")) == "flush, ace-king-seven-three-two"
    assert describe(high("7c7d7hKsKc2d2h")) == "full house, sevens full of kings"
    assert describe(high("9c9d9h9s8c8d8h")) == "four of a kind, nines (eight kicker)"
    assert describe(high("2c3c4c5c6c7c8c")) == "straight flush, eight high"
    assert describe(high("AcKdQhJs9c8d2h")) == "high card, ace-king-queen-jack-nine"
    assert describe(high("JcJdTh8s8c5d5h")) == "two pair, jacks and eights (ten kicker)"
    assert high("AcKdQhJs9c8d") == high("AcKdQhJs9c")


def test_99_01_3_09_05_6_c_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts on the board and one heart in the hand: no flush in Omaha.
    hole, board = parse_cards("AhKsQd2c"), parse_cards("3h5h7h9hJc")
    assert category_of(omaha_high(hole, board)) != HandCategory.FLUSH
    assert category_of(rank_high([*hole[:2], *board])) == HandCategory.FLUSH
    # Quads on the board cannot be played: two hole cards must be used.
    assert describe(omaha_high(parse_cards("AcAdKhKs"), parse_cards("9c9d9h9s2c"))) == (
        "full house, nines full of aces"
    )
    # Four to a straight in the hand uses only two of them.
    assert category_of(omaha_high(parse_cards("9c8d7h6s"), parse_cards("KcKd2h3s4c"))) == (
        HandCategory.ONE_PAIR
    )


def test_eight_or_better_low() -> None:
    best = low8(parse_cards("Ac2d3h4s5c"))
    assert best is not None
    assert describe_low(best) == "five-four-three-two-ace low"  # straights do not count
    assert low8(parse_cards("Ac2c3c4c5c")) == best  # nor flushes
    assert low8(parse_cards("9c2d3h4s5c")) is None  # a nine does not qualify
    assert low8(parse_cards("Ac2d3h4s4c")) is None  # a pair does not make five unpaired ranks
    eight = low8(parse_cards("8c6d4h3s2cKdKh"))
    seven = low8(parse_cards("7c6d5h4s3c"))
    assert eight is not None
    assert seven is not None
    assert best < seven < eight
    # 8-5-4-3-2 beats 8-6-3-2-A: compare the highest card, then the next (04.25).
    a, b = low8(parse_cards("8c5d4h3s2c")), low8(parse_cards("8c6d3h2sAc"))
    assert a is not None
    assert b is not None
    assert a < b
    assert low8(parse_cards("AcAd2h3s4c5d6h")) == best


def test_omaha_low_uses_two_hole_and_three_board() -> None:
    # Board A-2-3-K-Q; hand 4-5 makes 5-4-3-2-A.
    assert describe_low(omaha_low8(parse_cards("4c5dKhKs"), parse_cards("Ac2d3hKdQc"))) == (
        "five-four-three-two-ace low"
    )
    # Only two low cards on the board: no low whatever the hand.
    assert omaha_low8(parse_cards("Ac2c3c4c"), parse_cards("5d6dKhQsJc")) is None
    # One low card in the hand: no low.
    assert omaha_low8(parse_cards("AcKcKdQd"), parse_cards("2d3d4h5s8c")) is None
    # A hole card pairing the board cannot be used twice: 2-2 hole is one low rank.
    assert omaha_low8(parse_cards("2c2dKhKs"), parse_cards("3d4d5h9s8c")) is None


@pytest.mark.parametrize("text", ["AcKdQhJs", "AcKdQhJsTc9c8c7c", "AcAcKdQhJs"])
def test_bad_hands_are_refused(text: str) -> None:
    with pytest.raises(InvalidInput):
        rank_high(parse_cards(text))


def test_bad_omaha_hands_are_refused() -> None:
    with pytest.raises(InvalidInput, match="four hole cards"):
        omaha_high(parse_cards("AcKd"), parse_cards("2c3c4c"))
    with pytest.raises(InvalidInput):
        omaha_low8(parse_cards("AcKdQhJs"), parse_cards("2c3c"))
    with pytest.raises(InvalidInput):
        category_of(0)
