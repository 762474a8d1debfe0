"""Chunks, their random streams, and the figures computed from their summed statistics.

A run of ``rounds`` rounds is split into chunks of ``chunk_rounds`` rounds (the last one
shorter); chunk ``i`` plays from a fresh shoe with the stream
``numpy.random.SeedSequence(seed).spawn(n_chunks)[i]``. The chunk size is part of the run's
definition, independent of how many processes play the chunks, so a seed gives the same
statistics on any number of workers. The statistics are exact integers, summed in chunk order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone_sim import chunks
from croupier.analysis.twentyone_sim import layout as k
from croupier.analysis.twentyone_sim.params import TENTHS, SimRules
from croupier.analysis.twentyone_sim.strategy import Strategy

CHUNK_ROUNDS = 1 << 20
"""Rounds per chunk unless a run says otherwise (about a tenth of a second of one core)."""

Z95 = 1.959963984540054
Z999 = 3.2905267314919255

Stats = npt.NDArray[np.int64]


def chunk_sizes(rounds: int, chunk_rounds: int = CHUNK_ROUNDS) -> list[int]:
    """The rounds of each chunk: full chunks, then the remainder."""
    if rounds < 1 or chunk_rounds < 1:
        raise ValueError("rounds and chunk_rounds must be positive")
    full, rest = divmod(rounds, chunk_rounds)
    return [chunk_rounds] * full + ([rest] if rest else [])


def chunk_seeds(seed: int, n_chunks: int) -> list[npt.NDArray[np.uint64]]:
    """Four uint64 words per chunk from ``SeedSequence(seed).spawn(n_chunks)``."""
    out: list[npt.NDArray[np.uint64]] = []
    for child in np.random.SeedSequence(seed).spawn(n_chunks):
        words = np.asarray(child.generate_state(4, np.uint64), dtype=np.uint64)
        if not words.any():  # xoshiro's one forbidden state (probability 2**-256)
            words[0] = np.uint64(1)
        out.append(words)
    return out


@dataclass(frozen=True)
class ChunkTask:
    """Everything one chunk needs (plain arrays: it travels to a worker process)."""

    index: int
    rules: npt.NDArray[np.int64]
    hard: npt.NDArray[np.int8]
    soft: npt.NDArray[np.int8]
    pairs: npt.NDArray[np.int8]
    take_insurance: bool
    players: int
    rounds: int
    seed_state: npt.NDArray[np.uint64]

    def run(self) -> Stats:
        return chunks.run_chunk(
            self.rules,
            self.hard,
            self.soft,
            self.pairs,
            self.take_insurance,
            self.players,
            self.rounds,
            self.seed_state,
        )


def run_task(task: ChunkTask) -> Stats:
    """Play one chunk (a module-level function, so a worker process can import it)."""
    return task.run()


def plan(
    rules: SimRules,
    strategy: Strategy,
    players: int,
    rounds: int,
    seed: int,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> list[ChunkTask]:
    """The chunks of a run, in order."""
    rules.validated()
    if not 1 <= players <= 7:
        raise ValueError(f"a table has one to seven players, not {players}")
    sizes = chunk_sizes(rounds, chunk_rounds)
    seeds = chunk_seeds(seed, len(sizes))
    array = rules.as_array()
    out = []
    for i, (n, state) in enumerate(zip(sizes, seeds, strict=True)):
        out.append(
            ChunkTask(
                i,
                array,
                strategy.hard,
                strategy.soft,
                strategy.pairs,
                strategy.take_insurance,
                players,
                n,
                state,
            )
        )
    return out


def combine(results: Sequence[Stats]) -> Stats:
    """The chunks' statistics summed in chunk order (exact integers)."""
    total = np.zeros(k.N_STATS, dtype=np.int64)
    for r in results:
        total += r
    return total


def simulate_serial(
    tasks: Sequence[ChunkTask], progress: Callable[[int, int], None] | None = None
) -> Stats:
    """Play every chunk here, in order; ``progress(rounds done, rounds)`` after each."""
    total_rounds = sum(t.rounds for t in tasks)
    done = 0
    results = []
    for t in tasks:
        results.append(t.run())
        done += t.rounds
        if progress is not None:
            progress(done, total_rounds)
    return combine(results)


@dataclass(frozen=True)
class Summary:
    """The figures of a run. Returns are per initial unit wager, the player's side (negative:
    the house wins); a "round" is one deal at the table (``players`` initial wagers)."""

    rounds: int
    players: int
    initial_wagers: int
    mean: float
    """Mean return per initial wager (= per round, per seat)."""
    standard_error: float
    """Of ``mean``, from the rounds' returns (seats of one round are not independent)."""
    ci95: tuple[float, float]
    variance_per_round: float
    """Variance of a round's return per initial wager (the seats' mean)."""
    variance_per_hand: float
    """Variance of one seat's result per round, in initial wagers squared."""
    handle: float
    """Total wagered, in initial wagers: original, split, double and insurance wagers."""
    house_win: float
    """The players' losses, in initial wagers."""
    win_per_initial_wager: float
    hold_of_handle: float
    shoes: int
    cards: int
    refills: int
    player_naturals: int
    dealer_naturals: int
    doubles: int
    splits: int
    surrenders: int
    insurance_bets: int
    voided: float
    wins: int
    pushes: int
    losses: int

    def interval(self, z: float) -> tuple[float, float]:
        """``mean`` plus or minus ``z`` standard errors."""
        return (self.mean - z * self.standard_error, self.mean + z * self.standard_error)

    @property
    def ci999(self) -> tuple[float, float]:
        return self.interval(Z999)

    @property
    def rounds_per_shoe(self) -> float:
        return self.rounds / self.shoes if self.shoes else math.nan

    @classmethod
    def from_stats(cls, stats: Stats, players: int) -> Summary:
        s = [int(x) for x in stats]
        rounds = s[k.S_ROUNDS]
        initial = s[k.S_INITIAL]
        unit = TENTHS * players  # a round's initial wagers, in tenths
        mean = s[k.S_NET] / (TENTHS * initial)
        # per round: x = net / unit; sum x^2 = ROUND_SQ / unit^2
        sum_x2 = s[k.S_ROUND_SQ] / (unit * unit)
        var_round = (sum_x2 - rounds * mean * mean) / (rounds - 1) if rounds > 1 else math.nan
        var_hand = s[k.S_SEAT_SQ] / (TENTHS * TENTHS * initial) - mean * mean
        se = math.sqrt(var_round / rounds) if rounds > 1 else math.nan
        handle = s[k.S_HANDLE] / TENTHS
        house = -s[k.S_NET] / TENTHS
        return cls(
            rounds=rounds,
            players=players,
            initial_wagers=initial,
            mean=mean,
            standard_error=se,
            ci95=(mean - Z95 * se, mean + Z95 * se),
            variance_per_round=var_round,
            variance_per_hand=var_hand,
            handle=handle,
            house_win=house,
            win_per_initial_wager=house / initial if initial else math.nan,
            hold_of_handle=house / handle if handle else math.nan,
            shoes=s[k.S_SHOES],
            cards=s[k.S_CARDS],
            refills=s[k.S_REFILLS],
            player_naturals=s[k.S_PLAYER_NATURALS],
            dealer_naturals=s[k.S_DEALER_NATURALS],
            doubles=s[k.S_DOUBLES],
            splits=s[k.S_SPLITS],
            surrenders=s[k.S_SURRENDERS],
            insurance_bets=s[k.S_INSURANCE],
            voided=s[k.S_VOIDED] / TENTHS,
            wins=s[k.S_WINS],
            pushes=s[k.S_PUSHES],
            losses=s[k.S_LOSSES],
        )
