"""Preflop hold'em equity by rank classes (``eval/equity_classes.py``) against the board-by-board
enumeration (``eval/equity_vector.py``, itself checked against the numba kernel and phevaluator):
the same wins, ties, losses and pot units on every deal, two to six players, with dead cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import Card, parse_cards
from croupier.eval import equity as eq
from croupier.eval import equity_classes, equity_vector
from croupier.eval.tables import SUIT_OFFSET, tables


def _both(hands: Sequence[Sequence[Card]], dead: Sequence[Card]) -> tuple[Any, Any]:
    t = tables()
    deck = eq._deck(hands, [], dead)
    denom = eq._denominator(len(hands))
    card_pack, hole_key, hole_pack = eq._holdem_inputs(hands)
    every_board = equity_vector.holdem_enumerate(
        deck, 5, SUIT_OFFSET, 0, hole_key, hole_pack, t.card_key, card_pack, denom, t
    )
    holes = np.array([[c.index for c in h] for h in hands], dtype=np.int64)
    classes = equity_classes.holdem_preflop(
        deck, holes, hole_key, hole_pack, t.card_key, card_pack, denom, t
    )
    return every_board, classes


def test_ahkh_v_qsqd_by_classes_equals_every_board() -> None:
    every_board, classes = _both([parse_cards("AhKh"), parse_cards("QsQd")], [])
    assert classes.tolist() == every_board.tolist()
    assert int(classes[0, :3].sum()) == 1_712_304


def test_suited_hands_sharing_suits_and_a_four_way_pot() -> None:
    # every suit held twice by someone: each suit's flush boards start at three cards
    hands = [parse_cards(h) for h in ("Ts9s", "Th9h", "Td9d", "Tc9c")]
    every_board, classes = _both(hands, [])
    assert classes.tolist() == every_board.tolist()


def test_a_board_flush_for_a_suit_nobody_holds() -> None:
    # nobody holds a club: only five-club boards make a club flush (for everyone at once)
    hands = [parse_cards("AhAd"), parse_cards("KsKh")]
    every_board, classes = _both(hands, parse_cards("2c3c"))
    assert classes.tolist() == every_board.tolist()


@settings(max_examples=12, deadline=None)
@given(
    cards=st.permutations(range(52)),
    players=st.integers(min_value=2, max_value=6),
    dead=st.integers(min_value=0, max_value=4),
)
def test_random_deals_by_classes_equal_every_board(
    cards: list[int], players: int, dead: int
) -> None:
    hands = [
        [Card.from_index(cards[2 * p]), Card.from_index(cards[2 * p + 1])] for p in range(players)
    ]
    gone = [Card.from_index(c) for c in cards[2 * players : 2 * players + dead]]
    every_board, classes = _both(hands, gone)
    assert classes.tolist() == every_board.tolist()


def test_enumerate_equity_preflop_equals_every_board() -> None:
    # the public function's preflop counts equal the board-by-board counts
    hands = [parse_cards("7c7d"), parse_cards("AsQh"), parse_cards("JhTh")]
    r = eq.enumerate_equity(hands)
    every_board, _ = _both(hands, [])
    assert [(p.wins, p.ties, p.losses) for p in r.players] == [
        tuple(int(x) for x in row[:3]) for row in every_board
    ]
