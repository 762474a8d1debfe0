"""Benchmarks run as separate processes: the start-up time of ``croupier`` commands."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.core.errors import InvalidInput


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds of one command line, over several runs."""

    argv: tuple[str, ...]
    median: float
    worst: float
    exit_code: int

    @property
    def command(self) -> str:
        return " ".join(("croupier", *self.argv))


def time_command(argv: Sequence[str], runs: int = 5) -> Timing:
    """Run ``python -m croupier.cli.main ARGV`` ``runs`` times (output discarded); the median
    and worst wall time from process start to exit."""
    if runs < 1:
        raise InvalidInput(f"--runs must be at least 1, got {runs}")
    command = [sys.executable, "-m", "croupier.cli.main", *argv]
    seconds = []
    code = 0
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
        )
        seconds.append(time.perf_counter() - start)
        code = done.returncode
    return Timing(tuple(argv), statistics.median(seconds), max(seconds), code)


def time_commands(
    argvs: Sequence[Sequence[str]],
    runs: int = 5,
    progress: Callable[[str], None] | None = None,
) -> list[Timing]:
    """``time_command`` for each command line, in order."""
    out = []
    for argv in argvs:
        if progress is not None:
            progress(" ".join(argv))
        out.append(time_command(argv, runs))
    return out
