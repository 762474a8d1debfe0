"""An independent check of the bonus mathematics (N.J.A.C. 13:69F-2C.2(c), 2C.5(b)1).

Its own classifier, written from the 2C.2(c) text on (rank, suit) numbers without the engine's
evaluator, applied to every *ordered* draw of three card faces from a full shoe, each weighted
by the falling product of the copies left (n, then n - 1 for a repeated face...). Ordered draws
sum to N (N - 1) (N - 2) with N = 52 n, a different counting from the engine's unordered
multisets."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from croupier.analysis.threecard21 import analyze_bonus, category_counts

# ranks 2..14 (ace 14), suits 0..3 with 1 = diamonds (the index order c, d, h, s)
DIAMONDS = 1
POSTED = {
    "diamond royal": Fraction(200),
    "royal": Fraction(50),
    "straight flush": Fraction(15),
    "three of a kind": Fraction(5),
    "straight": Fraction(2),
    "flush": Fraction(3, 2),
    "pair": Fraction(1),
    "21": Fraction(1),
}


def my_category(cards: tuple[tuple[int, int], ...]) -> str | None:
    ranks = sorted(r for r, _ in cards)
    suits = {s for _, s in cards}
    flush = len(suits) == 1
    consecutive = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14])
    if flush and ranks == [12, 13, 14]:
        return "diamond royal" if suits == {DIAMONDS} else "royal"
    if flush and consecutive:
        return "straight flush"
    if len(set(ranks)) == 1:
        return "three of a kind"
    if consecutive:
        return "straight"
    if flush:
        return "flush"
    if len(set(ranks)) == 2:
        return "pair"
    points = sum(1 if r == 14 else min(r, 10) for r in ranks)
    if 14 in ranks and points + 10 <= 21:
        points += 10
    return "21" if points == 21 else None


def ordered_counts(decks: int) -> Counter[str | None]:
    faces = [(rank, suit) for rank in range(2, 15) for suit in range(4)]
    out: Counter[str | None] = Counter()
    for i, j, k in product(range(52), repeat=3):
        weight = decks
        weight *= decks - (j == i)
        weight *= decks - (k == i) - (k == j)
        if weight > 0:
            out[my_category((faces[i], faces[j], faces[k]))] += weight
    return out


NAMES = {
    "diamond royal": "DIAMOND_ROYAL",
    "royal": "ROYAL",
    "straight flush": "STRAIGHT_FLUSH",
    "three of a kind": "THREE_OF_A_KIND",
    "straight": "STRAIGHT",
    "flush": "FLUSH",
    "pair": "PAIR",
    "21": "TWENTY_ONE",
}


@pytest.mark.parametrize("decks", [6])
def test_2C_2_c_six_deck_probabilities_and_return_by_ordered_draws(decks: int) -> None:
    n = 52 * decks
    ordered_total = n * (n - 1) * (n - 2)
    mine = ordered_counts(decks)
    assert sum(mine.values()) == ordered_total
    engine = {(c.name if c else None): v for c, v in category_counts(decks).items()}
    analysis = analyze_bonus(decks)
    for name, key in NAMES.items():
        # each unordered hand of three distinct physical cards is drawn in 3! = 6 orders
        assert mine[name] == 6 * engine[key], name
        assert Fraction(mine[name], ordered_total) == analysis.probability(
            next(c for c in analysis.counts if c is not None and c.name == key)
        )
    ev = sum(Fraction(mine[k], ordered_total) * POSTED[k] for k in POSTED) - Fraction(
        mine[None], ordered_total
    )
    assert ev == analysis.expected_return
    # a plausibility bound from the rule text: the bonus pays at least 1 to 1 on any win, so
    # the return is at least 2 P(win) - 1; it is a house game, so below zero
    p_win = 1 - Fraction(mine[None], ordered_total)
    assert 2 * p_win - 1 <= ev < 0
