# mypy: allow-untyped-defs, allow-untyped-calls
"""The kernel's shoe (its layout is ``layout``): the
random generator, the shuffle, the cut, a new shoe and the refill of a short shoe (-12.9).

Randomness: xoshiro256** (Blackman and Vigna) seeded with four 64-bit words (from
``numpy.random.SeedSequence``); integers below ``n`` by Lemire's unbiased multiply-and-reject on
the high 32 bits.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from croupier.analysis.twentyone_sim.layout import (
    P_BURN,
    P_CUT_MIN,
    P_IND_MAX,
    P_IND_MIN,
    S_CARDS,
    S_REFILLS,
    S_SHOES,
)

_U32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True)
def next_u64(s):
    """xoshiro256** (Blackman and Vigna): the next 64-bit output of state ``s`` (4 uint64)."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit(cache=True)
def below(s, n):
    """A uniform integer in ``0..n-1`` (``1 <= n < 2**32``), unbiased (Lemire's method on the
    high 32 bits)."""
    nn = np.uint64(n)
    m = (next_u64(s) >> np.uint64(32)) * nn
    if (m & _U32) < nn:  # rare: only then is the exact threshold needed
        threshold = (np.uint64(0x100000000) - nn) % nn
        while (m & _U32) < threshold:
            m = (next_u64(s) >> np.uint64(32)) * nn
    return np.int64(m >> np.uint64(32))


@njit(cache=True)
def _shuffle(cards, lo, hi, s):
    """Fisher-Yates over ``cards[lo:hi]`` (the generator's state in registers meanwhile)."""
    s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
    for i in range(hi - lo - 1, 0, -1):
        nn = np.uint64(i + 1)
        while True:
            result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
            t = s1 << np.uint64(17)
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = _rotl(s3, 45)
            m = (result >> np.uint64(32)) * nn
            low = m & _U32
            if low >= nn or low >= (np.uint64(0x100000000) - nn) % nn:
                break
        j = np.int64(m >> np.uint64(32))
        a = cards[lo + i]
        cards[lo + i] = cards[lo + j]
        cards[lo + j] = a
    s[0], s[1], s[2], s[3] = s0, s1, s2, s3


@njit(cache=True)
def _cut(cards, lo, hi, cut_min, tmp, s):
    """Cut ``cards[lo:hi]``: the cards in front of the cutting card go to the back."""
    n = hi - lo
    if n < 2:
        return
    c = cut_min + below(s, n - 2 * cut_min + 1) if n >= 2 * cut_min else below(s, n)
    for i in range(n - c):
        tmp[i] = cards[lo + c + i]
    for i in range(c):
        tmp[n - c + i] = cards[lo + i]
    for i in range(n):
        cards[lo + i] = tmp[i]


@njit(cache=True)
def new_shoe(cards, n, rules, tmp, s, stats):
    """Shuffle, cut, place the indicator card, burn (-08): the indicator's distance from the
    bottom."""
    _shuffle(cards, 0, n, s)
    _cut(cards, 0, n, rules[P_CUT_MIN], tmp, s)
    stats[S_SHOES] += 1
    stats[S_CARDS] += rules[P_BURN]
    return rules[P_IND_MIN] + below(s, rules[P_IND_MAX] - rules[P_IND_MIN] + 1)


@njit(cache=True)
def refill(cards, n, start, refilled, rules, tmp, s, stats):
    """-12.9: the shoe ran out within a round. The discards (the ``start`` cards before this
    round) are shuffled, cut and one burned; this round's cards move to the front of the array
    and the refilled cards follow them. The new position."""
    d = start
    if refilled or d <= rules[P_BURN]:
        raise ValueError("the shoe and the discard holder ran out within one round")
    for i in range(d):
        tmp[i] = cards[i]
    for i in range(n - d):
        cards[i] = cards[d + i]
    for i in range(d):
        cards[n - d + i] = tmp[i]
    _shuffle(cards, n - d, n, s)
    _cut(cards, n - d, n, rules[P_CUT_MIN], tmp, s)
    stats[S_REFILLS] += 1
    return n - d + rules[P_BURN]
