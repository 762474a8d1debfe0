"""Exhaustive preflop hold'em equity by rank classes: a few thousand rank patterns and only the
boards on which a flush is possible, instead of every board.

A board that lets nobody make a flush is worth, to every player, only its five ranks: the hands
are then decided by rank multisets alone. With no board card known and two hole cards a player,
a flush needs at least three board cards of one suit (exactly ``5 - h`` where ``h`` is the most
hole cards any player holds in that suit, so 3, 4 or 5), and two suits cannot both reach three
in five cards. So the boards split, with no overlap and nothing left out, into

* the **flush boards**: for each suit, every board holding at least ``5 - h`` cards of it (for
  AhKh v QsQd about 161,000 of the 1,712,304 boards). The suit's cards are taken one by one and
  the other (at most two) cards by their ranks only, each pattern weighted by its number of
  boards (about 36,000 patterns). A player who has the flush is worth the flush of the suit's
  cards (with seven cards nothing but a better flush beats a flush, so the other ranks do not
  matter: one look-up per choice of the suit's cards); any other player is worth the ranks;
* the rest, grouped by their **rank multiset**: at most 6,175 five-card multisets, each scored
  once on ranks alone and weighted by how many boards have those ranks (the product over ranks
  of C(cards of that rank left, cards of it on the board)) less how many of them are flush
  boards (counted while those are scored).

Every board is still counted exactly once with its exact outcome, so wins, ties, losses and pot
units equal those of the board-by-board enumeration (``tests/eval`` compares the two on random
deals of two to six players, with dead cards). The idea of reducing the work by the cards' suit
symmetry is the one OMPEval's equity calculator uses; this reduction by rank classes is written
for croupier's tables and its own.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from croupier.eval.equity_vector import STATS, tally
from croupier.eval.tables import HI_SHIFT, LO_MASK, LO_SHIFT, Tables

I64 = npt.NDArray[np.int64]
RANKS = 13
SUITS = 4

_CHOOSE = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
"""``_CHOOSE[n, k]``: C(n, k) for up to four cards of a rank."""


@cache
def rank_multisets(m: int = 5) -> npt.NDArray[np.int64]:
    """Every multiset of ``m`` ranks with at most four of a rank, as rows of 13 counts (6,175
    rows for five)."""
    rows = []
    for ranks in combinations_with_replacement(range(RANKS), m):
        counts = [0] * RANKS
        for r in ranks:
            counts[r] += 1
        if max(counts, default=0) <= 4:
            rows.append(counts)
    out: npt.NDArray[np.int64] = np.array(rows, dtype=np.int64).reshape(-1, RANKS)
    out.flags.writeable = False
    return out


@cache
def _combinations(n: int, k: int) -> npt.NDArray[np.int64]:
    """The ``k``-subsets of ``range(n)`` as rows of indices."""
    out: npt.NDArray[np.int64] = np.array(list(combinations(range(n), k)), dtype=np.int64)
    out = out.reshape(-1, k)
    out.flags.writeable = False
    return out


def _rank_part(t: Tables) -> I64:
    """Each rank's share of a card key (the key of its deuce-of-suit-0 card less the suit)."""
    part: I64 = t.card_key[np.arange(RANKS) * 4] - 1
    return part


def _slot5(keys: I64, t: Tables) -> I64:
    """The perfect-hash slot of a five-card key's rank multiset (0..6174)."""
    slot: I64 = t.hi_offset[0, keys >> HI_SHIFT] + t.lo_index[(keys >> LO_SHIFT) & LO_MASK]
    return slot.astype(np.int64)


_CLASSES: list[tuple[Tables, I64, I64]] = []


def _five_card_classes(t: Tables) -> tuple[I64, I64]:
    """The rank key and perfect-hash slot of every five-card rank multiset (``rank_multisets``
    order), kept for the tables they were made with."""
    for made_with, keys, slots in _CLASSES:
        if made_with is t:
            return keys, slots
    keys = rank_multisets(5) @ _rank_part(t)
    _CLASSES[:] = [(t, keys, _slot5(keys, t))]
    return _CLASSES[0][1], _CLASSES[0][2]


def _ways(left: I64, counts: npt.NDArray[np.int64]) -> I64:
    """How many sets of cards have each row's ranks, with ``left[r]`` cards of rank r to take."""
    ways: I64 = np.prod(_CHOOSE[left[None, :], counts], axis=1)
    return ways


def holdem_preflop(
    deck: I64,
    hole_cards: I64,
    hole_key: I64,
    hole_pack: I64,
    card_key: I64,
    card_pack: I64,
    denom: int,
    t: Tables,
) -> I64:
    """Per-player wins, ties, losses, pot units and squared units over every five-card board
    from ``deck`` (the statistics of ``equity_vector.holdem_enumerate`` with no board card
    known); ``hole_cards[p]`` are player ``p``'s two card indices."""
    players = len(hole_key)
    if hole_cards.shape != (players, 2):
        raise ValueError("hole_cards must be two card indices a player")
    stats = np.zeros((players, STATS), dtype=np.int64)
    rank_part = _rank_part(t)
    suit_of = deck & 3
    hole_suit = hole_cards & 3
    hole_bits = 1 << (hole_cards >> 2)
    keys_parts, high_parts, ways_parts = [], [], []
    for suit in range(SUITS):
        in_suit = hole_suit == suit
        held = in_suit.sum(axis=1)  # each player's hole cards of this suit
        suited_bits = (hole_bits * in_suit).sum(axis=1)
        same = deck[suit_of == suit]
        others = np.bincount(deck[suit_of != suit] >> 2, minlength=RANKS)
        for k in range(5 - int(held.max()), min(5, len(same)) + 1):
            # the suit's k cards one by one; the other 5 - k cards by their ranks only (their
            # suits cannot make a flush beside k >= 3 of this one), each rank pattern weighted
            # by how many card choices give it
            chosen = same[_combinations(len(same), k)]
            patterns = rank_multisets(5 - k)
            rest_ways = _ways(others, patterns)
            drawable = rest_ways > 0
            rest_keys = patterns[drawable] @ rank_part
            n = len(rest_keys)
            keys = (card_key[chosen].sum(axis=1)[:, None] + rest_keys).ravel()
            board_bits = (1 << (chosen >> 2)).sum(axis=1)
            high = np.empty((players, len(keys)), dtype=np.uint16)
            for p in range(players):
                if held[p] + k >= 5:  # a flush, and with seven cards nothing beats it but a
                    # better flush: the suit's cards alone decide, whatever the other ranks
                    high[p] = np.repeat(t.flush_value[board_bits | suited_bits[p]], n)
                else:
                    high[p] = _rank_values(keys + hole_key[p], t)
            keys_parts.append(keys)
            high_parts.append(high)
            ways_parts.append(np.tile(rest_ways[drawable], len(chosen)))
    weight = _ways(np.bincount(deck >> 2, minlength=RANKS), rank_multisets(5))
    keys5, slots5 = _five_card_classes(t)
    if keys_parts:
        ways = np.concatenate(ways_parts)
        slots = _slot5(np.concatenate(keys_parts), t)
        flush_boards = np.bincount(slots, weights=ways, minlength=6_175)
        weight = weight - flush_boards.astype(np.int64)[slots5]
        tally(np.concatenate(high_parts, axis=1), ways, denom, stats)
    if (weight < 0).any():  # pragma: no cover - a flush board is a board of its multiset
        raise AssertionError("more flush boards than boards of a rank multiset")
    live = weight > 0
    hands = (keys5[live][None, :] + hole_key[:, None]).ravel()
    tally(_rank_values(hands, t).reshape(players, -1), weight[live], denom, stats)
    return stats


def _rank_values(hands: I64, t: Tables) -> npt.NDArray[np.uint16]:
    """Seven-card values on ranks alone (no flush)."""
    values: npt.NDArray[np.uint16] = t.rank_value[
        t.hi_offset[2, hands >> HI_SHIFT] + t.lo_index[(hands >> LO_SHIFT) & LO_MASK]
    ]
    return values
