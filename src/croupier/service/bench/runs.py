"""The entry points of ``croupier bench eval``, ``bench poker`` and ``bench twentyone``: each runs
its harness (``bench.eval``, ``bench.poker``, ``bench.twentyone``) and returns what the command
prints. Nothing outside ``service.bench`` imports a harness: the benchmarks sit above every other
service, so measuring one never makes the measured code depend on the bench."""

from __future__ import annotations

import platform
from collections.abc import Callable
from pathlib import Path
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.service.bench.eval import EvalBench
from croupier.service.bench.poker import BenchRow
from croupier.service.bench.twentyone import BenchResult


def eval_bench(
    count: int,
    enumerate_all: bool,
    progress: Callable[[str], None] | None = None,
    ompeval: Path | None = None,
) -> tuple[EvalBench, dict[str, Any]]:
    """Run ``croupier bench eval``: the measurements and their plain-data form."""
    if count < 1_000:
        raise InvalidInput(f"--count must be at least 1,000 hands, got {count:,}")
    from croupier.service.bench.eval import run_eval_bench

    bench = run_eval_bench(
        count=count, enumerate_all=enumerate_all, progress=progress, ompeval=ompeval
    )
    data = bench.to_json()
    data["machine"] = {"python": platform.python_version(), "cpu": platform.processor()}
    return bench, data


def poker_bench(
    hands: int,
    seed: int,
    with_pokerkit: bool,
    rounds: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[str, list[BenchRow]]:
    """Which engine build runs (compiled or not) and the bench's rows; ``progress(done, total)``
    after each timed round."""
    from croupier.service.bench.engine_build import describe
    from croupier.service.bench.poker import run

    return describe(), run(hands, seed, with_pokerkit, rounds, progress)


def twentyone_bench(
    rounds: int, seed: int, progress: Callable[[int, int], None] | None = None
) -> BenchResult:
    """Settle ``rounds`` random legal rounds under random valid house rules."""
    from croupier.service.bench.twentyone import run

    return run(rounds, seed, progress=progress)
