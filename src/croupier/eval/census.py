# mypy: allow-untyped-defs, allow-untyped-calls
"""Complete enumerations of poker hands: how many hands of each value and category.

``value_histogram(7)`` visits all 133,784,560 seven-card hands (``math.comb(52, 7)``) with the
fast tables, growing the key sum one card per level as ``croupier.eval.equity_kernels`` does;
``category_counts`` folds a histogram into the categories of 99-01.3-09-04.1.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from croupier.core.errors import InvalidInput
from croupier.eval.equity_kernels import _holdem_high
from croupier.eval.fast import evaluate
from croupier.eval.scale import HAND_CLASSES, HandCategory, encoded_table
from croupier.eval.tables import SUIT_OFFSET, tables

I64 = npt.NDArray[np.int64]


@njit(cache=True)
def _seven_card_histogram(
    card_key, card_pack, lo_index, hi_offset, rank_value, flush_value, classes
):
    hist = np.zeros(classes + 1, dtype=np.int64)
    zero = np.zeros(1, dtype=np.int64)
    high = np.zeros(1, dtype=np.int64)
    for a in range(52):
        ka, pa = SUIT_OFFSET + card_key[a], card_pack[a]
        for b in range(a + 1, 52):
            kb, pb = ka + card_key[b], pa | card_pack[b]
            for c in range(b + 1, 52):
                kc, pc = kb + card_key[c], pb | card_pack[c]
                for d in range(c + 1, 52):
                    kd, pd = kc + card_key[d], pc | card_pack[d]
                    for e in range(d + 1, 52):
                        ke, pe = kd + card_key[e], pd | card_pack[e]
                        for f in range(e + 1, 52):
                            kf, pf = ke + card_key[f], pe | card_pack[f]
                            for g in range(f + 1, 52):
                                _holdem_high(
                                    kf + card_key[g],
                                    pf | card_pack[g],
                                    zero,
                                    zero,
                                    high,
                                    lo_index,
                                    hi_offset,
                                    rank_value,
                                    flush_value,
                                )
                                hist[high[0]] += 1
    return hist


def _all_five_card_hands() -> npt.NDArray[np.int8]:
    idx = np.array(np.triu_indices(52, 1)).T  # every pair a < b
    rows = []
    for a, b in idx:
        rest = np.arange(b + 1, 52)
        if len(rest) < 3:
            continue
        c, d, e = (x.ravel() for x in np.meshgrid(rest, rest, rest, indexing="ij"))
        keep = (c < d) & (d < e)
        block = np.empty((int(keep.sum()), 5), dtype=np.int8)
        block[:, 0], block[:, 1] = a, b
        block[:, 2], block[:, 3], block[:, 4] = c[keep], d[keep], e[keep]
        rows.append(block)
    return np.concatenate(rows)


def value_histogram(cards: int) -> I64:
    """``hist[v]``: how many of all ``cards``-card hands (5 or 7) have value ``v``."""
    t = tables()
    if cards == 5:
        values = evaluate(_all_five_card_hands())
        return np.bincount(values, minlength=HAND_CLASSES + 1).astype(np.int64)
    if cards == 7:
        card_pack = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)
        hist: I64 = _seven_card_histogram(
            t.card_key, card_pack, t.lo_index, t.hi_offset, t.rank_value, t.flush_value,
            HAND_CLASSES,
        )  # fmt: skip
        return hist
    raise InvalidInput(f"complete enumerations are of 5 or 7 cards, not {cards}")


def category_counts(hist: I64) -> dict[HandCategory, int]:
    """Fold a value histogram into hand categories (99-01.3-09-04.1), best category first."""
    categories = encoded_table() >> 20
    counts = dict.fromkeys(sorted(HandCategory, reverse=True), 0)
    for value in range(1, HAND_CLASSES + 1):
        counts[HandCategory(int(categories[value]))] += int(hist[value])
    return counts
