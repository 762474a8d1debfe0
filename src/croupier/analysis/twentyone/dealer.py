"""The dealer's final-total probabilities from any shoe, exactly.

Cards are ranks 0..9 (ace, two, ..., nine, ten-count); a shoe is the count of each rank. For an up
card the dealer draws until 17 or more (and on a soft 17 if the house hits soft 17). The
probability of one drawn sequence of ranks from a shoe ``n`` of ``T`` cards is
``prod_c n_c (n_c - 1) ... (n_c - k_c + 1) / (T (T - 1) ... (T - K + 1))``: it depends only on the
multiset of ranks drawn, never on their order. So the dealer's hands are enumerated once per up
card and rule as multisets, each with the number ``cnt`` of its rank orders along which the dealer
keeps drawing (a rule-only number, the shoe does not enter it), and the probability of reaching a
multiset from a given shoe is ``cnt`` times the falling-factorial product, built incrementally from
a one-card-smaller multiset. Finishing probabilities are the reach probabilities of the multisets
the dealer draws from times the next card's probability.

Outcomes are indexed 0..4 (the dealer stands on 17..21), 5 (bust) and 6 (natural: the hole card
makes 21 with the up card).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

RANKS = 10
ACE = 0
TEN = 9
OUTCOMES = 7
BUST = 5
NATURAL = 6

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


def best_total(hard: int, has_ace: bool) -> tuple[int, bool]:
    """The hand's total and whether it is soft (an ace counted as eleven)."""
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def natural_partner(up: int) -> int:
    """The hole-card rank that gives the dealer a natural with ``up`` (-1 for none)."""
    if up == ACE:
        return TEN
    if up == TEN:
        return ACE
    return -1


@dataclass(frozen=True, slots=True)
class DealerTrie:
    """The multisets the dealer draws to for one up card and soft-17 rule, fewer cards first.

    Each node's ``parent`` is the node less one card ``card`` (a multiset the dealer also draws
    to), so a node's falling-factorial product is its parent's times one factor.
    """

    parent: I64
    card: I64
    kpar: I64
    """How many ``card``s the parent holds."""
    size: I64
    """Cards drawn (up card excluded)."""
    counts: I8
    cnt: F64
    """Rank orders along which the dealer keeps drawing to this multiset."""
    state: I64
    """The node's state (its total, softness, and whether it is the up card alone)."""
    state_outcome: I8
    """``state_outcome[s, c]``: the outcome of drawing ``c`` in state ``s``, -1 if the dealer
    draws on."""
    fix_first: I64
    """``fix_first[i]:fix_first[i + 1]`` index the node's corrections: a finishing rank the node
    already holds is less available by its count (``fix_outcome``, ``fix_count``)."""
    fix_outcome: I8
    fix_count: I64

    @property
    def kernel_arrays(self) -> tuple[I64, I64, I64, I64, F64, I64, I8, I64, I8, I64]:
        """The arrays the loops take (``kernels.dealer_probabilities`` and ``evaluate``), in
        their order: every field but ``counts``."""
        return (
            self.parent, self.card, self.kpar, self.size, self.cnt, self.state,
            self.state_outcome, self.fix_first, self.fix_outcome, self.fix_count,
        )  # fmt: skip


@cache
def dealer_trie(up: int, hits_soft_17: bool) -> DealerTrie:
    """The multisets of cards the dealer draws to (and keeps drawing from) with ``up`` showing."""
    up_hard = up + 1

    def draws(hard: int, has_ace: bool) -> bool:
        total, soft = best_total(hard, has_ace)
        return total < 17 or (total == 17 and soft and hits_soft_17)

    root = (0,) * RANKS
    layers = [[root]]
    cnt: dict[tuple[int, ...], int] = {root: 1}
    link: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
    hand = {root: (up_hard, up == ACE)}
    """Each multiset's hard total and whether it holds an ace, up card included."""
    while layers[-1]:
        nxt: list[tuple[int, ...]] = []
        for key in layers[-1]:
            hard, has_ace = hand[key]
            for c in range(RANKS):
                if not draws(hard + c + 1, has_ace or c == ACE):
                    continue
                child = (*key[:c], key[c] + 1, *key[c + 1 :])
                if child not in cnt:
                    cnt[child] = 0
                    link[child] = (key, c)
                    hand[child] = (hard + c + 1, has_ace or c == ACE)
                    nxt.append(child)
                cnt[child] += cnt[key]
        layers.append(nxt)
    keys = [k for layer in layers for k in layer]
    index = {k: i for i, k in enumerate(keys)}
    parent = np.full(len(keys), -1, dtype=np.int64)
    card = np.full(len(keys), -1, dtype=np.int64)
    kpar = np.zeros(len(keys), dtype=np.int64)
    states: dict[tuple[int, bool, bool], int] = {}
    state = np.zeros(len(keys), dtype=np.int64)
    state_rows: list[list[int]] = []
    fix_first = [0]
    fix_outcome: list[int] = []
    fix_count: list[int] = []
    for i, key in enumerate(keys):
        if i:
            prev, c = link[key]
            parent[i] = index[prev]
            card[i] = c
            kpar[i] = prev[c]
        hard, has_ace = hand[key]
        skey = (hard, has_ace, i == 0)
        if skey not in states:
            states[skey] = len(state_rows)
            row = []
            for c in range(RANKS):
                h = hard + c + 1
                if draws(h, has_ace or c == ACE):
                    row.append(-1)
                elif h > 21:
                    row.append(BUST)
                elif i == 0 and natural_partner(up) == c:
                    row.append(NATURAL)
                else:
                    row.append(best_total(h, has_ace or c == ACE)[0] - 17)
            state_rows.append(row)
        state[i] = states[skey]
        fixes: dict[int, int] = {}
        for c in range(RANKS):
            o = state_rows[state[i]][c]
            if key[c] and o >= 0:
                fixes[o] = fixes.get(o, 0) + key[c]
        for o, k in sorted(fixes.items()):
            fix_outcome.append(o)
            fix_count.append(k)
        fix_first.append(len(fix_outcome))
    counts = np.array(keys, dtype=np.int8)
    return DealerTrie(
        parent=parent,
        card=card,
        kpar=kpar,
        size=counts.sum(axis=1).astype(np.int64),
        counts=counts,
        cnt=np.array([float(cnt[k]) for k in keys]),
        state=state,
        state_outcome=np.array(state_rows, dtype=np.int8),
        fix_first=np.array(fix_first, dtype=np.int64),
        fix_outcome=np.array(fix_outcome, dtype=np.int8),
        fix_count=np.array(fix_count, dtype=np.int64),
    )
