"""Cards: parsing, printing, indices, twenty-one counts (99-01.3-08-01.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.core.cards import (
    Card,
    Rank,
    Suit,
    check_cards_from_decks,
    multi_deck,
    parse_card,
    parse_cards,
    standard_deck,
)
from croupier.core.errors import InvalidInput


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("Ah", Rank.ACE, Suit.HEARTS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("10D", Rank.TEN, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("ks", Rank.KING, Suit.SPADES),
        (" qh ", Rank.QUEEN, Suit.HEARTS),
    ],
)
def test_parse_card_accepts_common_forms(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "A", "1h", "11h", "Ax", "Zh", "10", "AhK", "A h"])
def test_parse_card_refuses_malformed(text: str) -> None:
    with pytest.raises(InvalidInput, match="card"):
        parse_card(text)


def test_printing_uses_two_characters() -> None:
    assert str(parse_card("10d")) == "Td"
    assert str(parse_card("as")) == "As"


def test_parse_cards_compact_and_separated() -> None:
    expected = (Card(Rank.ACE, Suit.HEARTS), Card(Rank.KING, Suit.HEARTS))
    assert parse_cards("AhKh") == expected
    assert parse_cards("Ah Kh") == expected
    assert parse_cards("Ah,Kh") == expected
    assert parse_cards(["Ah", "Kh"]) == expected
    assert parse_cards("10dAh") == (Card(Rank.TEN, Suit.DIAMONDS), Card(Rank.ACE, Suit.HEARTS))


def test_index_layout_is_rank_major_suits_cdhs() -> None:
    assert parse_card("2c").index == 0
    assert parse_card("2d").index == 1
    assert parse_card("2s").index == 3
    assert parse_card("3c").index == 4
    assert parse_card("As").index == 51


@given(st.integers(min_value=0, max_value=51))
def test_index_round_trip(index: int) -> None:
    card = Card.from_index(index)
    assert card.index == index
    assert parse_card(str(card)) == card


def test_deck_has_52_distinct_cards() -> None:
    assert len(set(standard_deck())) == 52
    assert len(multi_deck(6)) == 312


@pytest.mark.parametrize(
    ("text", "count"),
    [("Ah", 1), ("2c", 2), ("9d", 9), ("Ts", 10), ("Jh", 10), ("Qc", 10), ("Kd", 10)],
)
def test_99_01_3_08_01_1_count_values(text: str, count: int) -> None:
    # "An ace counts either one or eleven. A king, queen, and jack have a count of ten. Cards two
    # through ten are counted at their face value." A card gives 1 for an ace; the hand makes 11.
    assert parse_card(text).count_value == count


def test_too_many_copies_for_the_decks_is_refused() -> None:
    check_cards_from_decks(parse_cards("AhAh"), decks=2)
    with pytest.raises(InvalidInput, match="appears 3 times"):
        check_cards_from_decks(parse_cards("AhAhAh"), decks=2)
