"""``croupier simulate twentyone``: whole shoes of twenty-one under a table's house rules, the
chunks played on a Dask cluster.

The run is split into chunks of ``chunk_rounds`` rounds (``CHUNK_ROUNDS`` unless told), chunk
``i`` drawing from ``SeedSequence(seed).spawn(n_chunks)[i]``; each chunk returns exact integer
statistics, summed in chunk order. The chunk size never depends on the number of workers, so a
seed gives identical figures in-process, on one worker, on many, or on an existing cluster.

Where the chunks run:

- ``workers=0``: here, in this process, one after the other;
- ``scheduler="tcp://host:port"``: an existing Dask cluster (its workers need croupier
  installed);
- otherwise a ``distributed.LocalCluster`` of ``workers`` processes (default: this machine's
  cores), one thread each, started and closed for the run.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.analysis.twentyone_sim import (
    CHUNK_ROUNDS,
    ChunkTask,
    SimRules,
    Strategy,
    Summary,
    basic_strategy,
    combine,
    from_house_rules,
    plan,
    run_task,
    simulate_serial,
)
from croupier.core.errors import InvalidInput
from croupier.service.games.rules import load_rules

Progress = Callable[[int, int], None]

__all__ = ["CHUNK_ROUNDS", "SimulationReport", "run", "simulate"]


@dataclass(frozen=True)
class SimulationReport:
    """A run's figures (``summary``) and how it was run."""

    rules: SimRules
    strategy: str
    players: int
    rounds: int
    seed: int
    chunk_rounds: int
    chunks: int
    where: str
    workers: int
    seconds: float
    """Wall time of the chunks (after the workers were started and warmed up)."""
    setup_seconds: float
    summary: Summary

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else float("nan")

    @property
    def hands_per_second(self) -> float:
        """Initial wagers (seats x rounds) a second."""
        return self.rounds * self.players / self.seconds if self.seconds > 0 else float("nan")

    def to_dict(self) -> dict[str, Any]:
        s = self.summary
        return {
            "rules": self.rules.describe(),
            "strategy": self.strategy,
            "players": self.players,
            "rounds": self.rounds,
            "seed": self.seed,
            "chunk_rounds": self.chunk_rounds,
            "chunks": self.chunks,
            "where": self.where,
            "workers": self.workers,
            "seconds": self.seconds,
            "setup_seconds": self.setup_seconds,
            "rounds_per_second": self.rounds_per_second,
            "hands_per_second": self.hands_per_second,
            "mean_return": s.mean,
            "standard_error": s.standard_error,
            "ci95": list(s.ci95),
            "variance_per_round": s.variance_per_round,
            "variance_per_hand": s.variance_per_hand,
            "initial_wagers": s.initial_wagers,
            "handle": s.handle,
            "house_win": s.house_win,
            "win_per_initial_wager": s.win_per_initial_wager,
            "hold_of_handle": s.hold_of_handle,
            "shoes": s.shoes,
            "rounds_per_shoe": s.rounds_per_shoe,
            "cards": s.cards,
            "refills": s.refills,
            "player_naturals": s.player_naturals,
            "dealer_naturals": s.dealer_naturals,
            "doubles": s.doubles,
            "splits": s.splits,
            "surrenders": s.surrenders,
            "insurance_bets": s.insurance_bets,
            "voided": s.voided,
            "wins": s.wins,
            "pushes": s.pushes,
            "losses": s.losses,
        }


def simulate(
    rules_path: Path | None,
    rounds: int,
    seed: int = 1,
    players: int = 1,
    workers: int | None = None,
    scheduler: str | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
    progress: Progress | None = None,
) -> SimulationReport:
    """Simulate ``rounds`` rounds of the twenty-one table whose house rules are in
    ``rules_path`` (the default rules without one), ``players`` seats each playing the
    published basic strategy for those rules."""
    house = load_rules("twentyone", rules_path)
    rules = from_house_rules(house)
    return run(rules, basic_strategy(rules), rounds, seed, players, workers, scheduler,
               chunk_rounds, progress)  # fmt: skip


def run(
    rules: SimRules,
    strategy: Strategy,
    rounds: int,
    seed: int = 1,
    players: int = 1,
    workers: int | None = None,
    scheduler: str | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
    progress: Progress | None = None,
    order: Sequence[int] | None = None,
) -> SimulationReport:
    """Simulate ``rounds`` rounds of ``rules`` with ``strategy`` at ``players`` seats.

    ``order`` submits the chunks in another order (a permutation of their indices): which
    worker plays which chunk changes, the figures do not."""
    if rounds < 1:
        raise InvalidInput(f"--rounds must be at least 1, not {rounds}")
    if not 1 <= players <= 7:
        raise InvalidInput(f"--players must be 1 to 7 (seven betting spaces), not {players}")
    if chunk_rounds < 1:
        raise InvalidInput(f"the chunk size must be at least 1 round, not {chunk_rounds}")
    if workers is not None and workers < 0:
        raise InvalidInput(f"--workers must be 0 (this process) or more, not {workers}")
    if workers is not None and scheduler is not None:
        raise InvalidInput("give --workers or --scheduler, not both")
    problems = rules.problems()
    if problems:
        raise InvalidInput("invalid simulation rules: " + "; ".join(problems))
    tasks = plan(rules, strategy, players, rounds, seed, chunk_rounds)
    sequence = list(range(len(tasks))) if order is None else list(order)
    if sorted(sequence) != list(range(len(tasks))):
        raise InvalidInput(f"order must be a permutation of the {len(tasks)} chunk indices")
    began = time.perf_counter()
    if workers == 0:
        _warm_up()
        setup = time.perf_counter() - began
        began = time.perf_counter()
        stats = _run_here(tasks, sequence, progress)
        where, count = "this process", 1
    else:
        with _client(workers, scheduler) as (client, where):
            client.run(_warm_up)
            count = len(client.scheduler_info()["workers"])
            setup = time.perf_counter() - began
            began = time.perf_counter()
            stats = _run_on(client, tasks, sequence, progress)
    seconds = time.perf_counter() - began
    return SimulationReport(
        rules=rules,
        strategy=strategy.name,
        players=players,
        rounds=rounds,
        seed=seed,
        chunk_rounds=chunk_rounds,
        chunks=len(tasks),
        where=where,
        workers=count,
        seconds=seconds,
        setup_seconds=setup,
        summary=Summary.from_stats(stats, players),
    )


def _warm_up() -> None:
    """Load (or compile) the kernel before the clock starts."""
    rules = SimRules()
    plan(rules, basic_strategy(rules), 1, 10, 0)[0].run()


def _run_here(tasks: list[ChunkTask], sequence: list[int], progress: Progress | None) -> Any:
    if sequence == sorted(sequence):
        return simulate_serial(tasks, progress)
    results: dict[int, Any] = {}
    total = sum(t.rounds for t in tasks)
    done = 0
    for i in sequence:
        results[i] = tasks[i].run()
        done += tasks[i].rounds
        if progress is not None:
            progress(done, total)
    return combine([results[i] for i in range(len(tasks))])


def _run_on(
    client: Any, tasks: list[ChunkTask], sequence: list[int], progress: Progress | None
) -> Any:
    from distributed import as_completed

    total = sum(t.rounds for t in tasks)
    token = os.urandom(6).hex()
    futures = {}
    for i in sequence:
        future = client.submit(run_task, tasks[i], key=f"twentyone-chunk-{token}-{i}", pure=False)
        futures[future.key] = (i, future)
    results: dict[int, Any] = {}
    done = 0
    if progress is not None:
        progress(0, total)
    for future in as_completed([f for _, f in futures.values()]):  # type: ignore[no-untyped-call]
        i = futures[future.key][0]
        results[i] = future.result()
        done += tasks[i].rounds
        if progress is not None:
            progress(done, total)
    return combine([results[i] for i in range(len(tasks))])


@contextmanager
def _client(workers: int | None, scheduler: str | None) -> Iterator[tuple[Any, str]]:
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
        except OSError as e:
            raise InvalidInput(f"no Dask scheduler answers at {scheduler}: {e}") from e
        with client:
            yield client, f"Dask cluster at {scheduler}"
        return
    count = workers if workers is not None else max(1, os.cpu_count() or 1)
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=count,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client, f"LocalCluster of {count} processes"
