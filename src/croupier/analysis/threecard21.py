"""Exact mathematics of the Three Card 21 bonus wager (N.J.A.C. 13:69F-2C.2(c), 2C.5(b)).

The bonus hand is the player's first three cards from a full shoe of ``decks`` decks. Every
three-card multiset of the 52 card faces is enumerated once (24,804 of them) and weighted by the
number of ways the shoe can deal it, the product of ``C(decks, k)`` over each face dealt ``k``
times; the weights sum to ``C(52 * decks, 3)``. Probabilities are exact ``Fraction``s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb

from croupier.core.cards import Card
from croupier.core.rng import SeededRng
from croupier.eval.threecard import BonusCategory, classify
from croupier.games.threecard21.rules import POSTED_PAYTABLE, Paytable


@dataclass(frozen=True, slots=True)
class BonusAnalysis:
    """Exact counts and probabilities of each category, and the wager's expected return."""

    decks: int
    total: int
    counts: dict[BonusCategory | None, int]
    paytable: Paytable

    def probability(self, category: BonusCategory | None) -> Fraction:
        return Fraction(self.counts.get(category, 0), self.total)

    @property
    def expected_return(self) -> Fraction:
        """The player's expected net per unit wagered (negative: the house's edge)."""
        ev = Fraction(0)
        for category, count in self.counts.items():
            p = Fraction(count, self.total)
            if category is None:
                ev -= p
            else:
                win, per = self.paytable.odds(category)
                ev += p * Fraction(win, per)
        return ev

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return


Progress = Callable[[int, int], None]
"""``progress(done, total)``: how many of the ``total`` card multisets are counted so far."""

MULTISETS = comb(52 + 2, 3)
"""Three-card multisets of the 52 faces: 24,804."""
_REPORT_EVERY = 1_000


def category_counts(
    decks: int, progress: Progress | None = None
) -> dict[BonusCategory | None, int]:
    """Ways a ``decks``-deck shoe deals each bonus category as three cards (exact);
    ``progress`` is told how far the enumeration has gone, now and then and at the end."""
    counts: dict[BonusCategory | None, int] = dict.fromkeys(BonusCategory, 0)
    counts[None] = 0
    faces = [Card.from_index(i) for i in range(52)]
    for done, combo in enumerate(combinations_with_replacement(range(52), 3)):
        if progress is not None and done % _REPORT_EVERY == 0:
            progress(done, MULTISETS)
        a, b, c = combo
        if a == b == c:
            weight = comb(decks, 3)
        elif a == b or b == c:
            weight = comb(decks, 2) * decks
        else:
            weight = decks**3
        if weight == 0:
            continue
        counts[classify([faces[a], faces[b], faces[c]])] += weight
    if progress is not None:
        progress(MULTISETS, MULTISETS)
    return counts


def analyze_bonus(
    decks: int, paytable: Paytable = POSTED_PAYTABLE, progress: Progress | None = None
) -> BonusAnalysis:
    """Exact analysis of the bonus wager for a ``decks``-deck shoe."""
    if decks < 1:
        raise ValueError(f"decks must be positive, not {decks}")
    counts = category_counts(decks, progress)
    total = comb(52 * decks, 3)
    assert sum(counts.values()) == total
    return BonusAnalysis(decks, total, counts, paytable)


def simulate_bonus(decks: int, hands: int, seed: int) -> dict[BonusCategory | None, int]:
    """A seeded Monte Carlo count of categories: ``hands`` three-card deals from full shoes."""
    gen = SeededRng(seed).generator
    n = 52 * decks
    first = gen.integers(0, n, size=hands)
    second = gen.integers(0, n - 1, size=hands)
    third = gen.integers(0, n - 2, size=hands)
    faces = [Card.from_index(i) for i in range(52)]
    out: dict[BonusCategory | None, int] = dict.fromkeys(BonusCategory, 0)
    out[None] = 0
    for x, y, z in zip(first.tolist(), second.tolist(), third.tolist(), strict=True):
        # draw three distinct physical cards without replacement
        y = y + (y >= x)
        lo, hi = sorted((x, y))
        z = z + (z >= lo)
        z = z + (z >= hi)
        cards = [faces[x % 52], faces[y % 52], faces[z % 52]]
        out[classify(cards)] += 1
    return out
