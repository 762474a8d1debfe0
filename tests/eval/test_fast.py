"""The fast kernels against the reference, against published counts, and against peer libraries."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.errors import InvalidInput
from croupier.eval import reference as ref
from croupier.eval.census import category_counts, value_histogram
from croupier.eval.fast import (
    NO_LOW,
    evaluate,
    evaluate5,
    evaluate7,
    low8_batch,
    omaha_high_batch,
    omaha_hilo_batch,
    omaha_low8_batch,
)
from croupier.eval.scale import HAND_CLASSES, HandCategory

from .conftest import cards_of, random_hands

# Published five-card counts (e.g. Wikipedia, "Poker probability"): 2,598,960 hands.
FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,  # 36 straight flushes and 4 royal flushes
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
# Issue 7's published seven-card counts: 133,784,560 hands.
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def test_all_five_card_hands_rank_into_7462_values_with_published_counts() -> None:
    hist = value_histogram(5)
    assert int(hist.sum()) == math.comb(52, 5) == 2_598_960
    assert int((hist > 0).sum()) == 7_462
    assert category_counts(hist) == FIVE_CARD_COUNTS
    assert int(hist[HAND_CLASSES]) == 4  # the royal flushes, one per suit


@pytest.mark.slow
def test_all_seven_card_hands_give_the_published_category_counts() -> None:
    hist = value_histogram(7)
    assert int(hist.sum()) == math.comb(52, 7) == 133_784_560
    assert category_counts(hist) == SEVEN_CARD_COUNTS


@pytest.mark.parametrize("size", [5, 6, 7])
def test_fast_high_matches_reference(size: int) -> None:
    hands = random_hands(7000 + size, 30_000, size)
    expected = np.array([ref.rank_high(cards_of(row)) for row in hands])
    assert np.array_equal(evaluate(hands), expected)


@pytest.mark.slow
def test_fast_seven_card_matches_reference_on_300k_hands() -> None:
    hands = random_hands(77, 300_000, 7)
    expected = np.array([ref.rank_high(cards_of(row)) for row in hands])
    assert np.array_equal(evaluate7(hands), expected)


def test_fast_low_matches_reference() -> None:
    hands = random_hands(8, 30_000, 7)
    expected = [ref.low8(cards_of(row)) for row in hands]
    got = low8_batch(hands)
    assert [None if v == NO_LOW else int(v) for v in got] == expected
    assert sum(v is not None for v in expected) > 1000  # the sample holds many lows


def test_fast_omaha_matches_reference() -> None:
    deals = random_hands(9, 6_000, 9)
    hole, board = deals[:, :4], deals[:, 4:]
    high, low = omaha_hilo_batch(hole, board)
    exp_high = [ref.omaha_high(cards_of(h), cards_of(b)) for h, b in zip(hole, board, strict=True)]
    exp_low = [ref.omaha_low8(cards_of(h), cards_of(b)) for h, b in zip(hole, board, strict=True)]
    assert high.tolist() == exp_high
    assert [None if v == NO_LOW else int(v) for v in low] == exp_low
    assert np.array_equal(omaha_high_batch(hole, board), high)
    assert np.array_equal(omaha_low8_batch(hole, board), low)
    flop = np.ascontiguousarray(board[:500, :3])
    assert omaha_high_batch(hole[:500], flop).tolist() == [
        ref.omaha_high(cards_of(h), cards_of(b)) for h, b in zip(hole[:500], flop, strict=True)
    ]


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_99_01_3_09_05_6_c_omaha_by_rank_classes_with_flushes_everywhere(board_size: int) -> None:
    """Omaha high by rank classes with its flushes looked up apart: deals from two suits only
    (a flush possible in most of them, and in both suits in many), a flop, a turn or a river,
    against the reference that tries every two hole cards with every three board cards."""
    gen = np.random.default_rng(31 + board_size)
    two_suits = np.array([c for c in range(52) if c & 3 in (1, 2)], dtype=np.int8)
    picks = np.argsort(gen.random((3_000, len(two_suits))), axis=1)[:, : 4 + board_size]
    deals = two_suits[picks]
    hole = np.ascontiguousarray(deals[:, :4])
    board = np.ascontiguousarray(deals[:, 4:])
    expected = [ref.omaha_high(cards_of(h), cards_of(b)) for h, b in zip(hole, board, strict=True)]
    assert omaha_high_batch(hole, board).tolist() == expected
    flushes = sum(ref.category_of(v) in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
                  for v in expected)  # fmt: skip
    assert flushes > 300  # the flush path is what decides many of them


def test_kernels_accept_any_integer_dtype() -> None:
    hands = random_hands(10, 1000, 7)
    base = evaluate7(hands)
    for dtype in (np.uint8, np.int16, np.int32, np.int64):
        assert np.array_equal(evaluate7(hands.astype(dtype)), base)


@pytest.mark.parametrize(
    "bad",
    [[[0, 1, 2, 3, 52, 5, 6]], [[0, 1, 2, 3, 3, 5, 6]], [[0, 1, 2, 3, -1, 5, 6]]],
)
def test_bad_rows_are_refused(bad: list[list[int]]) -> None:
    with pytest.raises(InvalidInput, match="hand 0"):
        evaluate7(np.array(bad))


def test_bad_shapes_are_refused() -> None:
    with pytest.raises(InvalidInput):
        evaluate7(np.zeros((3, 5), dtype=np.int8))
    with pytest.raises(InvalidInput):
        evaluate5(np.zeros((3, 5), dtype=np.float64))
    with pytest.raises(InvalidInput):
        omaha_high_batch(np.zeros((2, 4), dtype=np.int8), np.zeros((3, 5), dtype=np.int8))


def _assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:  # type: ignore[type-arg]
    """Every pair of hands compares the same way under both scales (``theirs`` higher=better)."""
    order = np.argsort(ours, kind="stable")
    a, b = ours[order], theirs[order]
    same = a[1:] == a[:-1]
    assert np.array_equal(b[1:][same], b[:-1][same])  # our ties are their ties
    assert np.all(b[1:][~same] > b[:-1][~same])  # our strict order is theirs


@pytest.mark.parametrize(
    "count", [200_000, pytest.param(2_000_000, marks=pytest.mark.slow, id="2M")]
)
def test_order_agrees_with_eval7(count: int) -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(str(c)) for c in cards_of(np.arange(52))]
    hands = random_hands(11, count, 7)
    theirs = np.array([eval7.evaluate([deck[c] for c in row]) for row in hands])
    _assert_same_order(evaluate7(hands), theirs)


def test_order_agrees_with_phevaluator_on_five_cards() -> None:
    ph = pytest.importorskip("phevaluator")
    hands = random_hands(12, 100_000, 5)
    # phevaluator's card ids are rank * 4 + suit with suits c, d, h, s: ours; lower is better.
    theirs = -np.array([ph.evaluate_cards(*map(int, row)) for row in hands])
    _assert_same_order(evaluate5(hands), theirs)


def test_omaha_low_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    deals = random_hands(13, 1_500, 9)
    low = omaha_low8_batch(deals[:, :4], deals[:, 4:])
    for row, ours in zip(deals, low, strict=True):
        hole = "".join(str(c) for c in cards_of(row[:4]))
        board = "".join(str(c) for c in cards_of(row[4:]))
        try:
            theirs = pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:
            assert ours == NO_LOW, (hole, board)
            continue
        assert ours != NO_LOW, (hole, board)
        ranks = sorted(
            (1 if c.rank == "A" else "A23456789TJQK".index(c.rank) + 1) for c in theirs.cards
        )
        assert ref.low_ranks(int(ours)) == tuple(sorted(ranks, reverse=True))


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)).map(lambda p: p[:7]), st.randoms(use_true_random=False))
def test_order_of_cards_does_not_matter(cards: list[int], shuffler: object) -> None:
    shuffled = list(cards)
    shuffler.shuffle(shuffled)  # type: ignore[attr-defined]
    values = evaluate7(np.array([cards, shuffled]))
    assert values[0] == values[1] == ref.rank_high(cards_of(np.array(cards)))
