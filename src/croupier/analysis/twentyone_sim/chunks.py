"""Chunks of simulated rounds: the kernel (``kernel.py``) called with checked arguments, through
``compiled.py`` (compiled ahead of time by ``make compile``, or by numba at first call)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone_sim.compiled import run_chunk_kernel
from croupier.analysis.twentyone_sim.layout import P_DECKS, S_ROUNDS


def run_chunk(
    rules: npt.NDArray[np.int64],
    hard: npt.NDArray[np.int8],
    soft: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int8],
    take_insurance: bool,
    players: int,
    rounds: int,
    seed_state: npt.NDArray[np.uint64],
) -> npt.NDArray[np.int64]:
    """Play ``rounds`` rounds of a fresh shoe at a table of ``players`` seats; the statistics
    (``S_*`` indices). ``seed_state`` is four uint64 words (not all zero)."""
    state = np.ascontiguousarray(seed_state, dtype=np.uint64)
    if state.shape != (4,) or not state.any():
        raise ValueError("seed_state must be four uint64 words, not all zero")
    result: npt.NDArray[np.int64] = run_chunk_kernel(
        *_tables(rules, hard, soft, pairs),
        bool(take_insurance),
        int(players),
        int(rounds),
        state,
        np.zeros(0, dtype=np.int64),
        np.zeros((0, 1), dtype=np.int64),
    )
    return result


def play_shoe(
    rules: npt.NDArray[np.int64],
    hard: npt.NDArray[np.int8],
    soft: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int8],
    take_insurance: bool,
    players: int,
    order: npt.NDArray[np.int64],
    max_rounds: int = 1000,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Deal one shoe in the given ``order`` (card values 1-10, already cut; the first
    ``rules[P_BURN]`` are burned; the indicator card ``rules[P_IND_MIN]`` cards from the
    bottom) until it would be reshuffled: each round's result of each seat (tenths) and the
    statistics. For checking the kernel against the engine card by card."""
    values = np.ascontiguousarray(order, dtype=np.int64)
    if values.shape != (52 * int(rules[P_DECKS]),) or values.min() < 1 or values.max() > 10:
        raise ValueError("order must hold the shoe's every card value (1-10)")
    record = np.zeros((max_rounds, players), dtype=np.int64)
    stats = run_chunk_kernel(
        *_tables(rules, hard, soft, pairs),
        bool(take_insurance),
        int(players),
        int(max_rounds),
        np.array([1, 2, 3, 4], dtype=np.uint64),
        values,
        record,
    )
    return record[: int(stats[S_ROUNDS])], stats


def _tables(
    rules: npt.NDArray[np.int64],
    hard: npt.NDArray[np.int8],
    soft: npt.NDArray[np.int8],
    pairs: npt.NDArray[np.int8],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The rules array and the strategy's tables as the kernel takes them (contiguous, typed)."""
    return (
        np.ascontiguousarray(rules, dtype=np.int64),
        np.ascontiguousarray(hard, dtype=np.int8),
        np.ascontiguousarray(soft, dtype=np.int8),
        np.ascontiguousarray(pairs, dtype=np.int8),
    )
