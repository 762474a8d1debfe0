"""OMPEval beside croupier in ``croupier bench eval --ompeval DIR`` (issue 31).

OMPEval (github.com/zekyll/OMPEval, C++) is the native anchor of issue 31: its hand evaluator and
its equity calculator on one thread. Its code stays out of croupier: the user gives a checkout,
and the bench compiles croupier's own driver (``peers/ompeval_driver.cpp``) against a copy of
that checkout's ``omp/`` sources in a temporary folder, with two mechanical changes a current
compiler needs (the header declaring ``std::function`` included, and the random generator's
``min``/``max`` made ``constexpr`` as the standard library now requires); nothing else of it is
changed. The driver times the same seeded 7-card hands croupier's kernel is timed on and the
exhaustive AhKh v QsQd equity, and prints its first values so that the bench can check that
both evaluators order those hands alike before it prints a ratio.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from croupier.core.errors import InvalidInput

DRIVER = Path(__file__).resolve().parent / "peers" / "ompeval_driver.cpp"
SOURCES = ("HandEvaluator.cpp", "EquityCalculator.cpp", "CardRange.cpp", "CombinedRange.cpp")


@dataclass(frozen=True)
class OmpEval:
    """What the driver measured (one thread)."""

    seven_card_rate: float
    """Hands per second over the same 7-card hands as croupier's kernel."""
    equity_seconds: float
    """The exhaustive AhKh v QsQd preflop equity (the best of the driver's runs)."""
    equity_first: float
    """AhKh's equity there."""
    evaluations: int
    """Showdowns OMPEval evaluated for that equity (the rest by its symmetries)."""
    values: tuple[int, ...]
    """Its values of the first hands, for the ordering check."""


def build(checkout: Path, into: Path) -> Path:
    """Compile the driver against ``checkout``'s sources in ``into``; the executable's path."""
    omp = checkout / "omp"
    if not all((omp / name).is_file() for name in (*SOURCES, "HandEvaluator.h")):
        raise InvalidInput(
            f"--ompeval {checkout}: not a checkout of github.com/zekyll/OMPEval "
            f"(omp/{SOURCES[0]} and the other sources are missing)"
        )
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        raise InvalidInput("--ompeval needs a C++ compiler (g++) to build OMPEval")
    shutil.copytree(omp, into / "omp")
    if (checkout / "libdivide").is_dir():
        shutil.copytree(checkout / "libdivide", into / "libdivide")
    random_h = into / "omp" / "Random.h"
    if random_h.is_file():
        text = random_h.read_text(encoding="utf-8")
        text = re.sub(r"\bstatic uint64_t (min|max)\(\)", r"static constexpr uint64_t \1()", text)
        random_h.write_text(text, encoding="utf-8")
    exe = into / "ompeval-driver"
    command = [
        compiler, "-O3", "-std=c++11", "-pthread", "-include", "functional", f"-I{into}",
        *(str(into / "omp" / name) for name in SOURCES), str(DRIVER), "-o", str(exe),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise InvalidInput(f"--ompeval {checkout}: the build failed: {last[:300]}")
    return exe


def measure(checkout: Path, hands7: npt.NDArray[np.int8], repeats: int = 3) -> OmpEval:
    """Build the driver against ``checkout`` and run it on ``hands7`` (rows of seven card
    indices in croupier's numbering: rank ``c >> 2`` from the deuce, suit ``c & 3``; OMPEval
    numbers cards the same way up to the order of the suits, which no hand value depends on)."""
    with tempfile.TemporaryDirectory(prefix="croupier-ompeval-") as tmp:
        folder = Path(tmp)
        exe = build(checkout, folder)
        data = folder / "hands7.bin"
        np.ascontiguousarray(hands7, dtype=np.uint8).tofile(data)
        done = subprocess.run(
            [str(exe), str(data), str(len(hands7)), str(repeats)],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
    if done.returncode != 0:
        raise InvalidInput(f"the OMPEval driver failed: {done.stderr.strip()[:300]}")
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    return OmpEval(
        seven_card_rate=len(hands7) / float(lines["seven_card_seconds"]),
        equity_seconds=float(lines["equity_seconds"]),
        equity_first=float(lines["equity_player0"]),
        evaluations=int(lines["equity_evaluations"]),
        values=tuple(int(v) for v in lines["values"].split()),
    )


def orders_alike(ours: npt.NDArray[np.integer], theirs: tuple[int, ...]) -> bool:
    """Whether every pair of the first hands compares the same way under both evaluators
    (higher is better in both): the evidence that the driver fed OMPEval the same hands."""
    n = min(len(ours), len(theirs))
    a = np.asarray(ours[:n], dtype=np.int64)
    b = np.asarray(theirs[:n], dtype=np.int64)
    return bool(np.array_equal(np.sign(a[:, None] - a[None, :]), np.sign(b[:, None] - b[None, :])))
