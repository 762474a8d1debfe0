"""``croupier bench twentyone`` (issue 18): the exact analysis's time per N.D. rule set and the
simulation's rounds per second on one worker and on a LocalCluster of two, beside named peers'
published figures (docs/bench-twentyone.md)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

PEER_EXACT = "a leading C++ combinatorial analyzer (issue 18's figure): 0.23-0.35 s a rule set"
PEER_SIM = "a numba blackjack simulator (issue 18's figure): 11 million hands/s per core"
GOAL_EXACT = 0.25
GOAL_SIM = 15e6
GOAL_TYPED = 0.5
"""``croupier analyze twentyone`` as a person types it, the whole process (issue 31)."""


@dataclass(frozen=True)
class ExactLine:
    rules: str
    composition: float
    basic: float
    expected_return: float


@dataclass(frozen=True)
class SimLine:
    workers: int
    rounds: int
    seconds: float
    setup_seconds: float
    mean: float

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds


def _median_cpu(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def exact_lines(rules_files: list[Path], repeat: int = 3) -> list[ExactLine]:
    """Each rules file analysed (composition and basic), the median CPU seconds of ``repeat``
    runs after a warm-up run (the numba kernels compiled and the tables built once)."""
    from croupier.analysis.twentyone import analyze
    from croupier.service.analysis.twentyone import analysis_rules

    out = []
    for path in rules_files:
        rules = analysis_rules(path)
        first = analyze(rules, "composition")  # warm-up
        comp = _median_cpu(partial(analyze, rules, "composition"), repeat)
        basic = _median_cpu(partial(analyze, rules, "basic"), repeat)
        out.append(ExactLine(path.stem, comp, basic, first.expected_return))
    return out


def nd_examples() -> list[Path]:
    """The N.D. twenty-one example rules files shipped with croupier (``croupier.data``)."""
    from croupier.data import RULES_DIR

    return sorted(RULES_DIR.glob("twentyone-*.toml"))


def sim_lines(rules_file: Path, rounds: int, seed: int = 1) -> list[SimLine]:
    """The same simulation on one worker and on a LocalCluster of two (the same figures for
    the seed: the chunks do not depend on the workers)."""
    from croupier.service.analysis.simulate_twentyone import simulate

    out = []
    for workers in (1, 2):
        report = simulate(rules_file, rounds, seed=seed, workers=workers)
        out.append(
            SimLine(workers, rounds, report.seconds, report.setup_seconds, report.summary.mean)
        )
    return out


@dataclass(frozen=True)
class TypedLine:
    """``croupier analyze twentyone`` run as its own process, beside the bare interpreter."""

    seconds: float
    interpreter: float
    kernels: str

    def line(self) -> str:
        mark = "met" if self.seconds < GOAL_TYPED else "missed"
        return (
            f"croupier analyze twentyone as typed (whole process: start-up, imports, analysis "
            f"and tip bet; median): {self.seconds:.3f} s (goal {GOAL_TYPED} s {mark}; kernels "
            f"{self.kernels}); the bare interpreter (python -c pass): {self.interpreter:.3f} s"
        )


def typed_line(runs: int = 7) -> TypedLine:
    """Time ``croupier analyze twentyone`` (the default rules) as a person types it."""
    import subprocess
    import sys

    from croupier.analysis.twentyone.compiled import KIND
    from croupier.service.bench.commands import time_command

    timing = time_command(["analyze", "twentyone"], runs)
    bare = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - start)
    return TypedLine(timing.median, statistics.median(bare), KIND)


def lines(exact: list[ExactLine], sim: list[SimLine]) -> list[str]:
    out = [f"exact analysis, CPU seconds a rule set (median; peer: {PEER_EXACT}):"]
    for e in exact:
        worst = max(e.composition, e.basic)
        mark = "met" if worst <= GOAL_EXACT else "missed"
        out.append(
            f"  {e.rules}: composition {e.composition:.3f} s, basic {e.basic:.3f} s "
            f"(expected return {e.expected_return * 100:+.4f}%; goal {GOAL_EXACT} s {mark})"
        )
    if sim:
        out.append(f"simulation, rounds a second (peer: {PEER_SIM}):")
        for s in sim:
            per_core = s.rounds_per_second / s.workers
            verdict = "met" if per_core >= GOAL_SIM else "missed"
            out.append(
                f"  {s.workers} worker{'s' if s.workers > 1 else ''}: {s.rounds:,} rounds in "
                f"{s.seconds:.2f} s (+{s.setup_seconds:.1f} s start-up): "
                f"{s.rounds_per_second / 1e6:.2f} M rounds/s, {per_core / 1e6:.2f} M per worker "
                f"(goal {GOAL_SIM / 1e6:.0f} M/s per core {verdict})"
            )
        if len(sim) == 2:
            ratio = sim[1].rounds_per_second / sim[0].rounds_per_second
            same = "the same mean" if sim[0].mean == sim[1].mean else "DIFFERENT means"
            out.append(f"  scaling 1 -> 2 workers: x{ratio:.2f} ({same} for the seed)")
    return out
