"""``croupier bench books``: the sizes, the goals and the table of the books benchmark.

The benchmark itself (databases built from ``croupier.service.bench.year`` and the commands timed
through the service) is ``croupier.service.bench.books``; this module holds what needs no I/O:
reading ``--sizes`` and ``--db``, the quarter to report, and the goals of issue 17 (a fill and
``books status`` under 0.2 s at every size, excluding interpreter start-up; the quarterly
report under 5 s at 1e6 events).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from croupier.books.quarters import Quarter
from croupier.core.errors import InvalidInput
from croupier.service.bench.year import FIRST_DAY

STATUS_FILL_GOAL = 0.2
"""Seconds a fill and ``books status`` may take at every size (issue 17)."""
QUARTERLY_GOAL = 5.0
"""Seconds the quarterly report may take at ``QUARTERLY_GOAL_AT`` events (issue 17)."""
QUARTERLY_GOAL_AT = 1_000_000
DEFAULT_SIZES = (1_000, 10_000, 100_000)
BACKENDS = ("sqlite", "postgresql")
MAX_SIZE = 10_000_000


def parse_sizes(text: str) -> tuple[int, ...]:
    """``"1e3,1e4,2500"`` as event counts; a bad or non-positive size is one line."""
    sizes: list[int] = []
    for part in text.split(","):
        word = part.strip().replace("_", "")
        if not word:
            continue
        try:
            value = float(word)
        except ValueError:
            raise InvalidInput(
                f"--sizes are event counts like 1e3,1e4, got {part.strip()!r}"
            ) from None
        if value != int(value) or not 1 <= value <= MAX_SIZE:
            raise InvalidInput(
                f"a size is a whole number of events from 1 to {MAX_SIZE:,}, got {part.strip()!r}"
            )
        sizes.append(int(value))
    if not sizes:
        raise InvalidInput("--sizes is empty; say e.g. --sizes 1e3,1e4")
    return tuple(sizes)


def parse_backends(text: str) -> tuple[str, ...]:
    """``sqlite``, ``postgresql`` (or ``postgres``, ``pg``) or ``both``."""
    word = text.strip().lower()
    if word == "both":
        return BACKENDS
    if word in ("postgresql", "postgres", "pg"):
        return ("postgresql",)
    if word == "sqlite":
        return ("sqlite",)
    raise InvalidInput(f"--db is sqlite, postgresql or both, got {text!r}")


def report_quarter(last_day: date) -> tuple[Quarter, date | None]:
    """The quarter to report after a history ending on ``last_day``: the last full quarter
    (with no ``today``), or, when no quarter has ended yet, the quarter of ``last_day``
    reported through that day."""
    q = Quarter.of(last_day)
    if last_day == q.last_day:
        return q, None
    previous = Quarter(q.year, q.number - 1) if q.number > 1 else Quarter(q.year - 1, 4)
    if previous.last_day < FIRST_DAY:
        return q, last_day
    return previous, None


@dataclass(frozen=True)
class Row:
    """One size on one backend: the median seconds of each command, and the build rates."""

    size: int
    backend: str
    events: int
    status: float
    fill: float
    daily: float
    quarterly: float
    quarter: str
    generated_per_second: float
    written_per_second: float
    sign_first: float = 0.0
    """Seconds of the first anchor of the history (every chain checked once from its start)."""
    sign_day: float = 0.0
    """Seconds of an anchor after a day's entries (the median of the repeats)."""
    writer_wait: float = 0.0
    """The longest a fill took while the first anchor was being signed (seconds)."""
    writer_alone: float = 0.0
    """The longest of as many fills with nothing being signed (seconds), to compare with."""
    anchor_check: float = 0.0
    """A reader's check of its stream against the newest anchor (median seconds)."""
    process: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """The same four commands as a person types them: ``croupier books status``, ``books
    fill``, ``report daily`` and ``report quarterly``, each a whole process (start-up, imports,
    the database opened), median wall seconds (issue 31)."""


def goal(row: Row) -> str:
    """The goals of issue 17 the row misses ("missed: ..."), or "met"."""
    missed = [
        name
        for name, seconds in (("status", row.status), ("fill", row.fill))
        if seconds >= STATUS_FILL_GOAL
    ]
    if row.size >= QUARTERLY_GOAL_AT and row.quarterly >= QUARTERLY_GOAL:
        missed.append("quarterly")
    return "met" if not missed else "missed: " + ", ".join(missed)


PROCESS_GOAL = 0.3
"""Seconds a typed ``books status``, ``books fill`` or ``report daily`` may take, the whole
process, at ``PROCESS_GOAL_AT`` events (issue 31)."""
PROCESS_QUARTERLY_GOAL = 1.0
PROCESS_GOAL_AT = 1_000_000


def process_goal(row: Row) -> str:
    """Issue 31's goals, judged on the whole processes: "met", "missed: ..." or, below the size
    they are set at, "not judged"."""
    if row.size < PROCESS_GOAL_AT:
        return "not judged below 1e6"
    status, fill, daily, quarterly = row.process
    missed = [
        name
        for name, seconds in (("status", status), ("fill", fill), ("daily", daily))
        if seconds >= PROCESS_GOAL
    ]
    if quarterly >= PROCESS_QUARTERLY_GOAL:
        missed.append("quarterly")
    return "met" if not missed else "missed: " + ", ".join(missed)


SIGN_DAY_GOAL = 1.0
"""Seconds an anchor after a day's entries may take at ``SIGN_GOAL_AT`` events (issue 26)."""
SIGN_GOAL_AT = 1_000_000
WRITER_WAIT_GOAL = 0.5
"""Seconds a writer may wait because an anchor is being signed (issue 26)."""
ANCHOR_CHECK_GOAL = 0.010
"""Seconds a reader's check against the newest anchor may take (issue 26)."""


def anchor_goal(row: Row) -> str:
    """The goals of issue 26 the row misses ("missed: ..."), or "met"."""
    missed = []
    if row.size >= SIGN_GOAL_AT and row.sign_day >= SIGN_DAY_GOAL:
        missed.append("sign")
    if row.writer_wait >= WRITER_WAIT_GOAL:
        missed.append("writer wait")
    if row.anchor_check >= ANCHOR_CHECK_GOAL:
        missed.append("anchor check")
    return "met" if not missed else "missed: " + ", ".join(missed)


def size_label(n: int) -> str:
    """1000 -> "1e3", 2500 -> "2,500"."""
    text = f"{n:.0e}".replace("e+0", "e").replace("e+", "e")
    return text if float(text) == n else f"{n:,}"
