"""Exhaustive hold'em equity in numpy, without numba: a whole enumeration in a few array passes.

A command-line run of ``croupier equity AhKh QsQd`` is over in well under a second only if it
does not pay numba's start-up (about 0.35 s to import numba and initialise its compiler, even
with every kernel cached on disk). The boards of an enumeration are few enough (at most
C(48, 5) = 1,712,304) to be held as arrays, so this module scores them with numpy alone, on
the tables of ``croupier.eval.tables`` and with the same arithmetic as the numba kernel
``croupier.eval.equity_kernels.holdem_enumerate`` (checked against it in ``tests/eval``).

**Subset sums.** A board's key (the sum of its cards' keys) and its rank bits by suit (the sum of
distinct single bits, so also a plain sum) are sums over the ``k``-card subsets of the deck.
In lexicographic order, the ``k``-subsets whose first card is ``i`` are card ``i`` plus every
``(k - 1)``-subset of the cards after ``i``, and those are a suffix of the ``(k - 1)``-subset
sums: so each size is one concatenation of shifted suffixes of the previous size.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.eval.tables import FLUSH_MASK, HI_SHIFT, LO_MASK, LO_SHIFT, Tables

I64 = npt.NDArray[np.int64]
WIN, TIE, LOSS, UNITS, UNITS_SQ = 0, 1, 2, 3, 4
STATS = 5


def subset_sums(values: I64, k: int) -> I64:
    """The sums of all ``k``-element subsets of ``values``, in lexicographic order of indices."""
    n = len(values)
    if k == 0:
        return np.zeros(1, dtype=np.int64)
    previous = values.astype(np.int64)  # size 1: one subset per element
    for size in range(2, k + 1):
        # start[i]: where the (size-1)-subsets whose first element is i begin in ``previous``
        counts = [math.comb(n - 1 - i, size - 2) for i in range(n)]
        start = np.concatenate(([0], np.cumsum(counts)))
        pieces = [values[i] + previous[start[i + 1] :] for i in range(n - size + 1)]
        previous = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)
    return previous


def _flush_suit(flush_bits: I64) -> I64:
    """The suit whose counter reached five cards (bits of ``FLUSH_MASK``)."""
    out: I64 = np.where(
        flush_bits & 0x8, 0, np.where(flush_bits & 0x80, 1, np.where(flush_bits & 0x800, 2, 3))
    ).astype(np.int64)
    return out


def holdem_values(key: I64, pack: I64, t: Tables) -> npt.NDArray[np.int64]:
    """High values of seven-card hands given their keys and rank bits by suit."""
    values = t.rank_value[t.hi_offset[2, key >> HI_SHIFT] + t.lo_index[(key >> LO_SHIFT) & LO_MASK]]
    out: npt.NDArray[np.int64] = values.astype(np.int64)
    flush = np.flatnonzero(key & FLUSH_MASK)
    if len(flush):
        suit = _flush_suit(key[flush] & FLUSH_MASK)
        bits = (pack[flush] >> (16 * suit)) & 0x1FFF
        out[flush] = t.flush_value[bits]
    return out


def holdem_enumerate(
    deck: I64,
    k: int,
    base_key: int,
    base_pack: int,
    hole_key: I64,
    hole_pack: I64,
    card_key: I64,
    card_pack: I64,
    denom: int,
    t: Tables,
) -> Any:
    """Per-player wins, ties, losses, pot units and squared units over every ``k``-card
    completion of the board from ``deck`` (the statistics of ``holdem_enumerate`` in
    ``croupier.eval.equity_kernels``)."""
    keys = subset_sums(card_key[deck], k) + base_key
    packs = subset_sums(card_pack[deck], k) + base_pack
    stats = np.zeros((len(hole_key), STATS), dtype=np.int64)
    for first in range(0, len(keys), CHUNK):
        _score(keys[first : first + CHUNK], packs[first : first + CHUNK], hole_key, hole_pack,
               denom, t, stats)  # fmt: skip
    return stats


CHUNK = 1 << 15
"""Boards scored per pass: small arrays stay in the cache and their memory is reused (one
pass over all 1.7 million boards at once spends most of its time faulting in fresh pages)."""


def _score(
    keys: I64, packs: I64, hole_key: I64, hole_pack: I64, denom: int, t: Tables, stats: I64
) -> None:
    players = len(hole_key)
    high = np.empty((players, len(keys)), dtype=np.int64)
    for p in range(players):
        high[p] = holdem_values(keys + hole_key[p], packs | hole_pack[p], t)
    tally(high, np.ones(len(keys), dtype=np.int64), denom, stats)


def tally(high: Any, weight: I64, denom: int, stats: I64) -> None:
    """Add the showdowns of boards with the players' values ``high`` (players x boards, higher
    is better) to ``stats``, each board counted ``weight`` times: the whole pot to a lone
    winner, ``denom`` split among tied winners."""
    winners = high == high.max(axis=0)
    n_high = winners.sum(axis=0)
    share = denom // n_high
    units = weight * share  # pot units of a winner of each board, all its boards together
    units_sq = units * share
    alone = weight * (n_high == 1)
    total = int(weight.sum())
    for p in range(high.shape[0]):
        won = winners[p]
        wins = int(alone[won].sum())
        shares = int(weight[won].sum())
        stats[p, WIN] += wins
        stats[p, TIE] += shares - wins
        stats[p, LOSS] += total - shares
        stats[p, UNITS] += int(units[won].sum())
        stats[p, UNITS_SQ] += int(units_sq[won].sum())
