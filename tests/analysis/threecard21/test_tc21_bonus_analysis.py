"""Exact bonus probabilities (N.J.A.C. 13:69F-2C.2(c), 2C.5(b)1) checked three independent ways:
closed-form counts derived by hand, brute-force enumeration of physical cards for small shoes,
and a seeded simulation within its error bars."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from croupier.analysis.threecard21 import analyze_bonus, category_counts, simulate_bonus
from croupier.core.cards import Card
from croupier.eval.threecard import BonusCategory, classify

C = BonusCategory


def hand_formulas(n: int) -> dict[BonusCategory, int]:
    """Counts for an n-deck shoe, derived by hand.

    * diamond royal: one each of Ad, Kd, Qd: n^3; royal (other suits): 3 n^3;
    * straight flush (not royal): 12 rank sequences (A23..QKA) x 4 suits - 4 royals = 44, n^3 each;
    * three of a kind: 13 ranks x C(4n, 3);
    * straight (not flush): 12 sequences x (4^3 - 4) suit patterns x n^3;
    * flush: per suit C(13n, 3) minus suited straights (12 n^3) minus suited trips (13 C(n, 3));
    * pair (not flush): 13 C(4n, 2) x 48n, minus the all-one-suit ones 13 x 4 C(n, 2) x 12n;
    * 21 total: distinct-rank triples totalling 21 that are not straights, counted below by
      hand: 26 rank sets, each 60 non-flush suit patterns x n^3.
    """
    return {
        C.DIAMOND_ROYAL: n**3,
        C.ROYAL: 3 * n**3,
        C.STRAIGHT_FLUSH: 44 * n**3,
        C.THREE_OF_A_KIND: 13 * comb(4 * n, 3),
        C.STRAIGHT: 12 * 60 * n**3,
        C.FLUSH: 4 * (comb(13 * n, 3) - 12 * n**3 - 13 * comb(n, 3)),
        C.PAIR: 13 * comb(4 * n, 2) * 48 * n - 13 * 4 * comb(n, 2) * 12 * n,
        C.TWENTY_ONE: 26 * 60 * n**3,
    }


def test_21_total_rank_sets_counted_by_hand() -> None:
    # Three distinct ranks (no pair), not three consecutive ranks, count 21 (2C.2(b)):
    # * ace as 11 + two distinct non-ace ranks totalling 10: 2+8, 3+7, 4+6           ->  3
    # * one ten-count (T, J, Q, K) + two distinct of 2..9 totalling 11: 2+9, 3+8,
    #   4+7, 5+6, none consecutive with the ten-count: 4 x 4                         -> 16
    # * two distinct ten-counts + ace as 1: C(4, 2) = 6, less Q-K-A (a straight)      ->  5
    # * three distinct of 2..9 totalling 21: 4-8-9, 5-7-9, 6-7-8 less 6-7-8 (straight) ->  2
    # 3 + 16 + 5 + 2 = 26 rank sets.
    sets = 0
    ranks = range(2, 15)
    for r in combinations(ranks, 3):
        cards = [Card.from_index((x - 2) * 4 + i) for i, x in enumerate(r)]  # three suits
        if classify(cards) is C.TWENTY_ONE:
            sets += 1
    assert sets == 3 + 16 + 5 + 2


@pytest.mark.parametrize("decks", [6, 8])
def test_2C_2_c_exact_counts_match_hand_formulas(decks: int) -> None:
    counts = category_counts(decks)
    for category, count in hand_formulas(decks).items():
        assert counts[category] == count, category
    assert sum(counts.values()) == comb(52 * decks, 3)


@pytest.mark.parametrize("decks", [1, 2])
def test_exact_counts_match_brute_force_over_physical_cards(decks: int) -> None:
    cards = [Card.from_index(i) for _ in range(decks) for i in range(52)]
    brute: dict[BonusCategory | None, int] = {}
    for hand in combinations(cards, 3):
        cat = classify(hand)
        brute[cat] = brute.get(cat, 0) + 1
    counts = {k: v for k, v in category_counts(decks).items() if v}
    assert counts == brute


def test_2C_5_b_1_posted_paytable_expected_return_six_decks() -> None:
    n = 6
    f = hand_formulas(n)
    total = comb(52 * n, 3)
    pays = {
        C.DIAMOND_ROYAL: Fraction(200),
        C.ROYAL: Fraction(50),
        C.STRAIGHT_FLUSH: Fraction(15),
        C.THREE_OF_A_KIND: Fraction(5),
        C.STRAIGHT: Fraction(2),
        C.FLUSH: Fraction(3, 2),
        C.PAIR: Fraction(1),
        C.TWENTY_ONE: Fraction(1),
    }
    winning = sum(f.values())
    expected = (sum(pays[c] * f[c] for c in f) - (total - winning)) / total
    assert analyze_bonus(6).expected_return == expected
    assert analyze_bonus(6).house_edge == -expected


@pytest.mark.parametrize("decks", [6, 8])
def test_seeded_simulation_agrees_within_error_bars(decks: int) -> None:
    hands = 60_000
    sim = simulate_bonus(decks, hands, seed=20240601 + decks)
    exact = analyze_bonus(decks)
    for category, observed in sim.items():
        p = float(exact.probability(category))
        sigma = sqrt(p * (1 - p) / hands)
        assert abs(observed / hands - p) <= 5 * sigma + 1e-12, category


def test_progress_reports_every_multiset_counted() -> None:
    seen: list[tuple[int, int]] = []
    category_counts(6, lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 24_804)  # C(52 + 2, 3) multisets of three faces
    assert seen[-1] == (24_804, 24_804)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
