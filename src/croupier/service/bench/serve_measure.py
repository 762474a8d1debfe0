"""What a run of ``croupier bench serve`` measured: its row (actions, p50 and p99 from an
action sent to its update received by every socket), and the CPU the server's processes and the
load generator used while it ran, from which ``bound_by`` names what limited it."""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

Progress = Callable[[str], None]
LOOPBACK = "127.0.0.1"

PHYSICAL, VIRTUAL = "physical", "virtual"


@dataclass(frozen=True)
class ServeRow:
    """One run: what was served and what it measured."""

    name: str
    backend: str
    workers: int
    tables: int
    players: int
    seconds: float
    actions: int
    p50_ms: float
    p99_ms: float
    errors: int = 0
    """Requests whose connection failed (counted, not timed; the table carries on)."""
    mode: str = VIRTUAL
    """The tables' mode: virtual (the server draws, players act) or physical (keyed)."""
    pace_ms: float = 0.0
    """Each table's actions at least this far apart (0: each sent as soon as the last is seen)."""
    orgs: int = 1
    """Organizations on the server (issue 29), the tables dealt round among them."""
    server_cpu_s: float | None = None
    """CPU seconds the server's processes used while the load ran (None where ``/proc`` is not)."""
    load_cpu_s: float | None = None
    """CPU seconds the load generator (this process) used while it ran: the machine has few
    cores, so a run whose generator is near one core's worth measures the generator."""
    window_s: float | None = None
    """Wall seconds the CPU was measured over: ``seconds`` and the last actions in flight."""

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def cpu_ms_per_action(self, seconds: float | None) -> float | None:
        return None if seconds is None or not self.actions else seconds * 1000 / self.actions


BUSY = 0.9
"""A process using this share of a core (or more) while the load ran was the run's limit."""


def bound_by(row: ServeRow, cores: int | None = None) -> str:
    """What limited a run: the server (its processes near a core each, or near every core
    when it has more workers than the machine has cores), the load generator (a single process
    near one core), both, the machine (every core busy between the two, neither at its own
    limit), or neither (each waited on the other). ``cores``: the machine's (``os.cpu_count``)."""
    window = row.window_s or row.seconds
    if row.server_cpu_s is None or row.load_cpu_s is None or not window:
        return "n/a"
    cores = cores or os.cpu_count() or 1
    server_share = row.server_cpu_s / window
    load_share = row.load_cpu_s / window
    server = server_share >= BUSY * min(row.workers, cores)
    load = load_share >= BUSY
    if server or load:
        return "both" if server and load else "server" if server else "load generator"
    return "machine" if server_share + load_share >= BUSY * cores else "neither"


def tree_cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds used so far by process ``pid`` and its live descendants
    (Uvicorn's workers), read from ``/proc``; None where there is none (not Linux)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    stats: dict[int, tuple[int, float]] = {}  # pid -> (parent, cpu seconds)
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        # after the name: state, ppid, ..., utime (14th field of the line), stime (15th)
        stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    if pid not in stats:
        return None
    total, frontier = 0.0, [pid]
    while frontier:
        p = frontier.pop()
        total += stats[p][1]
        frontier.extend(c for c, (parent, _) in stats.items() if parent == p)
    return total


class CpuWindow:
    """The CPU the server's processes and this process use between ``start`` and ``stop``."""

    def __init__(self, server_pid: int) -> None:
        self._pid = server_pid
        self.server_s: float | None = None
        self.load_s: float | None = None
        self.elapsed_s: float | None = None

    def start(self) -> None:
        self._server0 = tree_cpu_seconds(self._pid)
        self._load0 = time.process_time()
        self._wall0 = time.perf_counter()

    def stop(self) -> None:
        server = tree_cpu_seconds(self._pid)
        if server is not None and self._server0 is not None:
            self.server_s = server - self._server0
        self.load_s = time.process_time() - self._load0
        self.elapsed_s = time.perf_counter() - self._wall0


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q * len(ordered))))
    return ordered[rank - 1]


def measured_row(
    name: str,
    backend: str,
    workers: int,
    tables: int,
    players: int,
    seconds: float,
    actions: int,
    latencies: list[float],
) -> ServeRow:
    return ServeRow(
        name,
        backend,
        workers,
        tables,
        players,
        seconds,
        actions,
        statistics.median(latencies) if latencies else 0.0,
        percentile(latencies, 0.99),
    )
