"""The exact expectation of splitting a pair, resplits included, under a zero-memory strategy.

The algorithm (written for this package from the argument below; it is the quantity Farmer's
analyzer calls CDZ-, "composition-dependent, zero memory": every split hand is played by a rule
that looks only at its own cards and the up card):

1. *Second cards first.* When each hand's decisions depend only on its own cards, the order in
   which the shoe's cards go to the hands does not change the joint law of the hands: a deal's
   probability is a product of ``(n_c - removed_c) / (T - removed)`` over its cards, the same in
   any order. So deal every split hand its second card first (resplitting whenever a pair card
   comes and the hand limit allows), then play the hands, then the dealer.
2. Until the hand limit is reached, the second cards form a sequence of pair cards ``P`` and
   others ``X``. Its probability depends only on how many of each it holds; a small search over
   the sequences (``_structures``) gives, for every count ``j`` of pair cards and ``m`` of others,
   the probability-weighted number of hands that ended with an ``X`` second card, and of hands
   still waiting when the limit was reached (their second card can be anything, and nothing
   depends on it, so it is an unseen card like any other).
3. A hand's expectation given the structure is its expectation from the shoe less ``j`` pair
   cards and less ``m - 1`` (``m`` for a waiting hand) cards known only to be non-pair cards.
   Write ``G(a, b)`` for the expectation of a hand whose second card is a non-pair card, times
   that event, from the shoe less ``a`` pair cards and ``b`` unknown non-pair cards. Removing one
   unseen card changes no expectation, so ``G(a, b) = q G(a + 1, b) + (1 - q) G(a, b + 1)`` with
   ``q`` the chance the removed card is a pair card; this gives every ``G(a, b)`` from the
   ``G(a, 0)`` that the player recursion computes directly (and the same for ``GP``, a hand
   whose second card is a pair card: a waiting hand is worth ``G + GP``, its second card
   unconditioned).

The dealer's natural is accounted in the hand values (``player.py``). This is exact for the
zero-memory strategy; an optimal strategy that remembers the other split hands' cards can do
slightly better (see ``docs/analysis-twentyone.md``).
"""

from __future__ import annotations

from collections import defaultdict


def _structures(n_pair: int, total: int, hands: int) -> dict[tuple[int, int], tuple[float, float]]:
    """``{(j, m): (E[X-ended hands; j, m], E[free hands; j, m])}`` for a split to at most
    ``hands`` hands, from a shoe of ``total`` cards with ``n_pair`` pair cards (both split cards
    already removed): probability-weighted counts of the hands whose second card was a non-pair
    card while a resplit was still possible, and of the hands still waiting for their second card
    when the last resplit made the maximum (their second card is any card: nothing depends on
    it, so it is not conditioned on), by the ``j`` pair and ``m`` non-pair second cards drawn."""
    out: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0.0])

    def walk(h: int, pending: int, j: int, m: int, xs: int, prob: float) -> None:
        if h == hands or pending == 0:
            acc = out[(j, m)]
            acc[0] += prob * xs
            acc[1] += prob * pending
            return
        left = total - j - m
        q = (n_pair - j) / left if n_pair > j else 0.0
        if q > 0.0:
            walk(h + 1, pending + 1, j + 1, m, xs, prob * q)
        if q < 1.0:
            walk(h, pending - 1, j, m + 1, xs + 1, prob * (1.0 - q))

    walk(2, 2, 0, 0, 0, 1.0)
    return {k: (v[0], v[1]) for k, v in out.items()}


def pair_removals(n_pair: int, hands: int) -> int:
    """The largest number of extra pair cards whose removal the split expectation needs."""
    return min(n_pair, max(0, 2 * hands - 4))


def split_expectation(
    n_pair: int, total: int, hands: int, g: list[float], gp: list[float]
) -> float:
    """The expectation of splitting (all hands' wagers, per original wager).

    ``g[a]`` and ``gp[a]`` (``a = 0..pair_removals``) are ``G(a, 0)`` and ``GP(a, 0)``: the
    expectation of one split hand from the shoe less ``a`` extra pair cards, times the event that
    its second card is a non-pair card (resp. a pair card); ``total`` and ``n_pair`` describe the
    shoe with both split cards (and the up card) removed.
    """
    non_pair = total - n_pair
    memo: dict[tuple[int, int, bool], float] = {}

    def gab(a: int, b: int, pair_second: bool) -> float:
        if a > n_pair or b > non_pair:
            return 0.0
        if b == 0:
            source = gp if pair_second else g
            return source[a] if a < len(source) else 0.0
        key = (a, b, pair_second)
        if key not in memo:
            # removing one unseen card from the (a, b - 1) shoe
            left = total - a - (b - 1)
            q = (n_pair - a) / left
            whole = gab(a, b - 1, pair_second)
            memo[key] = (whole - q * gab(a + 1, b - 1, pair_second)) / (1.0 - q)
        return memo[key]

    ev = 0.0
    for (j, m), (xs, free) in _structures(n_pair, total, hands).items():
        if xs:
            a, b = j, m - 1
            p_non_pair = (non_pair - b) / (total - a - b)
            ev += xs * gab(a, b, False) / p_non_pair
        if free:
            ev += free * (gab(j, m, False) + gab(j, m, True))
    return ev
