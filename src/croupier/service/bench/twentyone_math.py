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


TYPED_RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
"""The example rules file ``croupier analyze twentyone --rules`` is timed with."""


@dataclass(frozen=True)
class TypedLine:
    """``croupier analyze twentyone`` run as its own process, beside the bare interpreter; and
    with ``--rules FILE``, the first time (the file validated, its analysis rules saved in an
    empty cache folder) and again (read back from the cache, no pydantic)."""

    seconds: float
    interpreter: float
    kernels: str
    rules_first: float | None = None
    rules_again: float | None = None

    def line(self) -> str:
        mark = "met" if self.seconds < GOAL_TYPED else "missed"
        out = (
            f"croupier analyze twentyone as typed (whole process: start-up, imports, analysis "
            f"and tip bet; median): {self.seconds:.3f} s (goal {GOAL_TYPED} s {mark}; kernels "
            f"{self.kernels}); the bare interpreter (python -c pass): {self.interpreter:.3f} s"
        )
        if self.rules_first is None or self.rules_again is None:
            return out
        again = "met" if self.rules_again < GOAL_TYPED else "missed"
        first = "met" if self.rules_first < GOAL_TYPED else "missed"
        return (
            f"{out}\ncroupier analyze twentyone --rules {TYPED_RULES} as typed (median): "
            f"{self.rules_again:.3f} s run again, the rules read from the cache (goal "
            f"{GOAL_TYPED} s {again}); {self.rules_first:.3f} s the first time, the file "
            f"validated (pydantic) and saved (goal {GOAL_TYPED} s {first})"
        )


def _median_wall(command: list[str], runs: int, cache: Callable[[int], str]) -> float:
    """The median wall seconds of ``runs`` runs of ``command`` (output discarded), run ``i``
    with ``CROUPIER_CACHE_DIR`` set to ``cache(i)``."""
    import os
    import subprocess

    seconds = []
    for i in range(runs):
        env = {**os.environ, "CROUPIER_CACHE_DIR": cache(i)}
        start = time.perf_counter()
        subprocess.run(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
        )
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def typed_line(runs: int = 7) -> TypedLine:
    """Time ``croupier analyze twentyone`` (the default rules) as a person types it, then with
    ``--rules`` an example file: ``runs`` first runs, each with an empty cache folder, and
    ``runs`` runs again with the folder the first run filled."""
    import subprocess
    import sys
    import tempfile

    from croupier.analysis.twentyone.compiled import KIND
    from croupier.data import RULES_DIR
    from croupier.service.bench.commands import time_command

    timing = time_command(["analyze", "twentyone"], runs)
    bare = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - start)
    rules = RULES_DIR / TYPED_RULES
    if not rules.is_file():
        return TypedLine(timing.median, statistics.median(bare), KIND)
    command = [sys.executable, "-m", "croupier.cli.main", "analyze", "twentyone"]
    command += ["--rules", str(rules)]
    with tempfile.TemporaryDirectory(prefix="croupier-bench-") as folder:
        first = _median_wall(command, runs, lambda i: f"{folder}/first-{i}")
        again = _median_wall(command, runs, lambda _: f"{folder}/first-0")
    return TypedLine(timing.median, statistics.median(bare), KIND, first, again)


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
