# mypy: allow-untyped-defs, allow-untyped-calls
"""numba kernels of ``croupier.eval.equity``: showdown scoring, board enumeration, sampling.

A board is scored for every player at once. Each player's pot share is counted in integer units
of ``denom`` (twice the least common multiple of 1..players, so every split of a pot or of a
half pot is a whole number of units); ``stats[p]`` accumulates, per player, wins (whole pot),
ties (a part of the pot), losses (nothing), units of pot, and units squared (for Monte Carlo
confidence intervals).

Hold'em boards are enumerated incrementally: the key sum of the board (see
``croupier.eval.tables``) and its rank bits by suit (16 bits per suit) grow one card per level,
so each board costs one addition per player and one table look-up per player.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from croupier.eval.fast import flush_suit, rank_lookup
from croupier.eval.tables import FLUSH_MASK, SUIT_OFFSET

WIN, TIE, LOSS, UNITS, UNITS_SQ = 0, 1, 2, 3, 4
STATS = 5
HOLDEM, OMAHA, OMAHA_HILO = 0, 1, 2


@njit(cache=True, inline="always")
def _settle(high, low, hilo, denom, stats):
    """Share the pot for one board: ``high``/``low`` per player (low: smaller is better)."""
    players = high.shape[0]
    best = high.max()
    n_high = 0
    for p in range(players):
        if high[p] == best:
            n_high += 1
    best_low = low.min() if hilo else 0x7FFF
    n_low = 0
    if best_low < 0x7FFF:
        for p in range(players):
            if low[p] == best_low:
                n_low += 1
    for p in range(players):
        units = 0
        if n_low:
            if high[p] == best:
                units += denom // (2 * n_high)
            if low[p] == best_low:
                units += denom // (2 * n_low)
        elif high[p] == best:
            units = denom // n_high
        if units == denom:
            stats[p, WIN] += 1
        elif units > 0:
            stats[p, TIE] += 1
        else:
            stats[p, LOSS] += 1
        stats[p, UNITS] += units
        stats[p, UNITS_SQ] += units * units


@njit(cache=True, inline="always")
def _holdem_high(
    key, pack, hole_key, hole_pack, high, lo_index, hi_offset, rank_value, flush_value
):
    for p in range(hole_key.shape[0]):
        k = key + hole_key[p]
        if k & FLUSH_MASK:
            s = flush_suit(k)
            high[p] = flush_value[((pack | hole_pack[p]) >> (16 * s)) & 0x1FFF]
        else:
            high[p] = rank_lookup(k, 7, lo_index, hi_offset, rank_value)


@njit(cache=True)
def holdem_enumerate(
    deck, k, base_key, base_pack, hole_key, hole_pack, card_key, card_pack, denom,
    lo_index, hi_offset, rank_value, flush_value,
):  # fmt: skip
    """Score every ``k``-card completion of the board drawn from ``deck``."""
    players = hole_key.shape[0]
    stats = np.zeros((players, STATS), dtype=np.int64)
    high = np.zeros(players, dtype=np.int64)
    low = np.zeros(players, dtype=np.int64)
    m = deck.shape[0]
    if k == 0:
        _holdem_high(
            base_key,
            base_pack,
            hole_key,
            hole_pack,
            high,
            lo_index,
            hi_offset,
            rank_value,
            flush_value,
        )
        _settle(high, low, False, denom, stats)
        return stats
    idx = np.zeros(k, dtype=np.int64)
    keys = np.zeros(k, dtype=np.int64)
    packs = np.zeros(k, dtype=np.int64)
    keys[0] = base_key
    packs[0] = base_pack
    d = 0
    idx[0] = -1
    while d >= 0:
        idx[d] += 1
        if idx[d] > m - (k - d):
            d -= 1
            continue
        if d == k - 1:
            for j in range(idx[d], m):
                c = deck[j]
                _holdem_high(
                    keys[d] + card_key[c],
                    packs[d] | card_pack[c],
                    hole_key,
                    hole_pack,
                    high,
                    lo_index,
                    hi_offset,
                    rank_value,
                    flush_value,
                )
                _settle(high, low, False, denom, stats)
            d -= 1
            continue
        c = deck[idx[d]]
        keys[d + 1] = keys[d] + card_key[c]
        packs[d + 1] = packs[d] | card_pack[c]
        idx[d + 1] = idx[d]
        d += 1
    return stats


@njit(cache=True, inline="always")
def _omaha_scores(
    board, hole, hilo, high, low, card_key, rank_bit, low_bit,
    lo_index, hi_offset, rank_value, flush_value, omaha_low,
):  # fmt: skip
    board_low = 0
    for x in range(5):
        board_low |= low_bit[board[x]]
    for p in range(hole.shape[0]):
        best = 0
        for x in range(5):
            for y in range(x + 1, 5):
                for z in range(y + 1, 5):
                    cx, cy, cz = board[x], board[y], board[z]
                    tk = SUIT_OFFSET + card_key[cx] + card_key[cy] + card_key[cz]
                    tb = rank_bit[cx] | rank_bit[cy] | rank_bit[cz]
                    for a in range(4):
                        for b in range(a + 1, 4):
                            ca, cb = hole[p, a], hole[p, b]
                            key = tk + card_key[ca] + card_key[cb]
                            if key & FLUSH_MASK:
                                v = flush_value[tb | rank_bit[ca] | rank_bit[cb]]
                            else:
                                v = rank_lookup(key, 5, lo_index, hi_offset, rank_value)
                            if v > best:
                                best = v
        high[p] = best
        if hilo:
            hole_low = 0
            for a in range(4):
                hole_low |= low_bit[hole[p, a]]
            low[p] = omaha_low[board_low << 8 | hole_low]


@njit(cache=True)
def omaha_enumerate(
    deck, known, hole, hilo, denom, card_key, rank_bit, low_bit,
    lo_index, hi_offset, rank_value, flush_value, omaha_low,
):  # fmt: skip
    """Score every completion of the Omaha board ``known`` (0..5 cards) drawn from ``deck``."""
    players = hole.shape[0]
    stats = np.zeros((players, STATS), dtype=np.int64)
    high = np.zeros(players, dtype=np.int64)
    low = np.full(players, 0x7FFF, dtype=np.int64)
    board = np.zeros(5, dtype=np.int64)
    nk = known.shape[0]
    for i in range(nk):
        board[i] = known[i]
    k = 5 - nk
    m = deck.shape[0]
    idx = np.zeros(5, dtype=np.int64)
    if k == 0:
        _omaha_scores(
            board,
            hole,
            hilo,
            high,
            low,
            card_key,
            rank_bit,
            low_bit,
            lo_index,
            hi_offset,
            rank_value,
            flush_value,
            omaha_low,
        )
        _settle(high, low, hilo, denom, stats)
        return stats
    d = 0
    idx[0] = -1
    while d >= 0:
        idx[d] += 1
        if idx[d] > m - (k - d):
            d -= 1
            continue
        board[nk + d] = deck[idx[d]]
        if d == k - 1:
            _omaha_scores(
                board,
                hole,
                hilo,
                high,
                low,
                card_key,
                rank_bit,
                low_bit,
                lo_index,
                hi_offset,
                rank_value,
                flush_value,
                omaha_low,
            )
            _settle(high, low, hilo, denom, stats)
            continue
        idx[d + 1] = idx[d]
        d += 1
    return stats


@njit(cache=True)
def sample_boards(deck, known, draws):
    """Complete ``known`` into full boards: row ``t`` deals by a partial Fisher-Yates shuffle of
    ``deck`` whose ``i``-th swap takes ``draws[t, i]`` (uniform in ``[0, len(deck) - i)``)."""
    trials, k = draws.shape
    nk = known.shape[0]
    m = deck.shape[0]
    boards = np.empty((trials, nk + k), dtype=np.int64)
    work = deck.copy()
    for t in range(trials):
        for i in range(nk):
            boards[t, i] = known[i]
        for i in range(k):
            j = i + draws[t, i]
            work[i], work[j] = work[j], work[i]
            boards[t, nk + i] = work[i]
        for i in range(m):
            work[i] = deck[i]
    return boards


@njit(cache=True)
def holdem_score_boards(
    boards, hole_key, hole_pack, card_key, card_pack, denom,
    lo_index, hi_offset, rank_value, flush_value,
):  # fmt: skip
    """Score the given full hold'em boards (one per row)."""
    players = hole_key.shape[0]
    stats = np.zeros((players, STATS), dtype=np.int64)
    high = np.zeros(players, dtype=np.int64)
    low = np.zeros(players, dtype=np.int64)
    for t in range(boards.shape[0]):
        key = SUIT_OFFSET
        pack = 0
        for i in range(5):
            key += card_key[boards[t, i]]
            pack |= card_pack[boards[t, i]]
        _holdem_high(
            key, pack, hole_key, hole_pack, high, lo_index, hi_offset, rank_value, flush_value
        )
        _settle(high, low, False, denom, stats)
    return stats


@njit(cache=True)
def omaha_score_boards(
    boards, hole, hilo, denom, card_key, rank_bit, low_bit,
    lo_index, hi_offset, rank_value, flush_value, omaha_low,
):  # fmt: skip
    """Score the given full Omaha boards (one per row)."""
    players = hole.shape[0]
    stats = np.zeros((players, STATS), dtype=np.int64)
    high = np.zeros(players, dtype=np.int64)
    low = np.full(players, 0x7FFF, dtype=np.int64)
    for t in range(boards.shape[0]):
        _omaha_scores(
            boards[t],
            hole,
            hilo,
            high,
            low,
            card_key,
            rank_bit,
            low_bit,
            lo_index,
            hi_offset,
            rank_value,
            flush_value,
            omaha_low,
        )
        _settle(high, low, hilo, denom, stats)
    return stats
