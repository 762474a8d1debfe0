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
from numba import njit

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


@cache
def dealer_trie(up: int, hits_soft_17: bool) -> DealerTrie:
    """The multisets of cards the dealer draws to (and keeps drawing from) with ``up`` showing."""
    up_hard = up + 1

    def drawing(key: tuple[int, ...]) -> bool:
        hard = up_hard + sum((c + 1) * k for c, k in enumerate(key))
        total, soft = best_total(hard, up == ACE or key[ACE] > 0)
        return total < 17 or (total == 17 and soft and hits_soft_17)

    root = (0,) * RANKS
    layers = [[root]]
    cnt: dict[tuple[int, ...], int] = {root: 1}
    link: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
    while layers[-1]:
        nxt: list[tuple[int, ...]] = []
        for key in layers[-1]:
            for c in range(RANKS):
                child = (*key[:c], key[c] + 1, *key[c + 1 :])
                if not drawing(child):
                    continue
                if child not in cnt:
                    cnt[child] = 0
                    link[child] = (key, c)
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
        hard = up_hard + sum((c + 1) * k for c, k in enumerate(key))
        has_ace = up == ACE or key[ACE] > 0
        skey = (hard, has_ace, i == 0)
        if skey not in states:
            states[skey] = len(state_rows)
            row = []
            for c in range(RANKS):
                h = hard + c + 1
                if drawing((*key[:c], key[c] + 1, *key[c + 1 :])):
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


@njit(cache=True, error_model="numpy")
def dealer_probabilities(
    shoe: I64,
    parent: I64,
    card: I64,
    kpar: I64,
    size: I64,
    cnt: F64,
    state: I64,
    state_outcome: I8,
    fix_first: I64,
    fix_outcome: I8,
    fix_count: I64,
    skip_natural: bool,
    weight: F64,
    out: F64,
) -> None:
    """Fill ``out[0..6]`` with the dealer's outcome probabilities from ``shoe`` (up card already
    removed); with ``skip_natural`` the natural is left out (its mass is missing from the sum).
    ``weight`` is scratch space of the trie's length.

    A node's chance of finishing on outcome ``o`` is its reach probability times the number of
    cards left that finish it there; that number is the shoe's count of the finishing ranks of
    the node's state less the ones the node holds. So the reach probabilities are summed per
    state and multiplied by the state's finishing counts once, and each node only corrects for
    the finishing ranks it holds (a few)."""
    total = 0
    for c in range(10):
        total += shoe[c]
    n_states = state_outcome.shape[0]
    finishing = np.zeros((n_states, 7))
    for s in range(n_states):
        for c in range(10):
            o = state_outcome[s, c]
            if o >= 0:
                finishing[s, o] += shoe[c]
    reach = np.zeros(n_states)
    for o in range(7):
        out[o] = 0.0
    # 1 / (cards left) after k draws: multiplications instead of divisions in the loop
    inverse = np.empty(32)
    for k in range(32):
        inverse[k] = 1.0 / (total - k) if total > k else 0.0
    nodes = parent.shape[0]
    weight[0] = 1.0
    for i in range(nodes):
        if i:
            avail = shoe[card[i]] - kpar[i]
            w = weight[parent[i]]
            if w == 0.0 or avail <= 0:
                weight[i] = 0.0
                continue
            w = w * avail * inverse[size[i] - 1]
            weight[i] = w
        else:
            w = 1.0
        r = cnt[i] * w * inverse[size[i]]
        reach[state[i]] += r
        for k in range(fix_first[i], fix_first[i + 1]):
            out[fix_outcome[k]] -= r * fix_count[k]
    for s in range(n_states):
        if reach[s] != 0.0:
            for o in range(7):
                out[o] += reach[s] * finishing[s, o]
    if skip_natural:
        out[6] = 0.0
