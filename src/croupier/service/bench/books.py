"""``croupier bench books``: command cost against the size of the books' history.

For each size, a database is built from a generated year of a four-site organization
(``croupier.service.bench.year``: every event produced by the books operations, so legal by
construction) with ``service.store.upgrade`` and ``service.books.import_batches``; SQLite in a
temporary folder, PostgreSQL in a fresh schema of the ``test`` database on 127.0.0.1:5432
(dropped afterwards). Then four commands are timed in this process, each repeat from a fresh
open of the database as the command line does it (interpreter start-up excluded):

* ``books status`` -- ``service.books_close.site_status`` of the site with the open table;
* a fill -- ``service.books.record`` of ``service.books_day.slip("fill", ...)``, the path of
  ``croupier books fill`` (each repeat records one more fill slip);
* the daily report of the last closed day -- ``service.reports.daily_report``;
* the quarterly report of the last full quarter -- ``service.reports.quarterly_report``.

The reports are timed as built (read, checked, made into a form), not rendered.
"""

from __future__ import annotations

import socket
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.service.bench.books_sizes import (
    ANCHOR_CHECK_GOAL,
    DEFAULT_SIZES,
    PROCESS_GOAL,
    PROCESS_QUARTERLY_GOAL,
    QUARTERLY_GOAL,
    QUARTERLY_GOAL_AT,
    SIGN_DAY_GOAL,
    SIGN_GOAL_AT,
    STATUS_FILL_GOAL,
    WRITER_WAIT_GOAL,
    Row,
    anchor_goal,
    goal,
    parse_backends,
    parse_sizes,
    process_goal,
    report_quarter,
    size_label,
)
from croupier.service.bench.year import ORG, OpenTable, YearGenerator

POSTGRES_HOST = "127.0.0.1"
POSTGRES_PORT = 5432
POSTGRES_URL = f"postgresql+psycopg://postgres@{POSTGRES_HOST}:{POSTGRES_PORT}/test"
FILL_CHIPS = "5x20"

Progress = Callable[[str], None]
__all__ = [
    "ANCHOR_CHECK_GOAL",
    "DAY_FILLS",
    "DEFAULT_SIZES",
    "PROCESS_GOAL",
    "PROCESS_QUARTERLY_GOAL",
    "QUARTERLY_GOAL",
    "QUARTERLY_GOAL_AT",
    "SIGN_DAY_GOAL",
    "SIGN_GOAL_AT",
    "STATUS_FILL_GOAL",
    "WRITER_WAIT_GOAL",
    "Row",
    "anchor_goal",
    "goal",
    "parse_backends",
    "parse_sizes",
    "process_goal",
    "run",
    "size_label",
]


def _quiet(_: str) -> None:
    return None


@dataclass(frozen=True)
class Built:
    """A database holding a generated history, and what the timed commands need."""

    url: str
    events: int
    generated_per_second: float
    written_per_second: float
    last_closed: tuple[str, str]
    open_table: OpenTable


def postgres_answers(host: str = POSTGRES_HOST, port: int = POSTGRES_PORT) -> bool:
    """Whether a PostgreSQL server accepts connections on ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return True
    except OSError:
        return False


def build(url: str, events: int, seed: int = 0, progress: Progress = _quiet) -> Built:
    """Create the database at ``url`` and write a generated history of about ``events``."""
    from croupier.service.books.service import import_batches
    from croupier.service.database.store import upgrade

    upgrade(url)
    gen = YearGenerator(events, seed, tail=True)
    spent = [0.0]

    def timed() -> Iterator[list[Event]]:
        it = gen.batches()
        while True:
            start = time.perf_counter()
            batch = next(it, None)
            spent[0] += time.perf_counter() - start
            if batch is None:
                return
            yield batch
            progress(f"written {gen.stats.events:,} of about {events:,} events")

    start = time.perf_counter()
    written = import_batches(url, ORG, timed())
    total = time.perf_counter() - start
    writing = max(total - spent[0], 1e-9)
    if gen.stats.last_closed is None or gen.stats.open_table is None:  # pragma: no cover
        raise RuntimeError("the generated history closed no day")
    return Built(
        url,
        written,
        written / max(spent[0], 1e-9),
        written / writing,
        gen.stats.last_closed,
        gen.stats.open_table,
    )


def _median(run: Callable[[int], object], repeat: int) -> float:
    seconds = []
    for k in range(repeat):
        start = time.perf_counter()
        run(k)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def time_status(built: Built, repeat: int) -> float:
    from croupier.service.books.close import site_status

    site = built.open_table.site_id
    return _median(lambda _k: site_status(built.url, ORG, site), repeat)


def _fill_at(built: Built, k: int, kind: str = "fill") -> None:
    """A fill slip (or a credit slip) at the open table, the books' clock ``k + 1`` minutes on,
    through the path of ``croupier books fill`` (``credit``)."""
    from croupier.service.books.day import slip
    from croupier.service.books.service import record

    t = built.open_table
    at = (t.last_at + timedelta(minutes=k + 1)).isoformat()
    if kind == "fill":
        request = slip(
            kind, t.site_id, t.table, FILL_CHIPS, t.preparer, t.cashier, t.verifier, False
        )
    else:  # a credit returns what a fill brought: the chip bank never runs dry
        request = slip(kind, t.site_id, t.table, FILL_CHIPS, t.dealer, t.cashier, t.verifier, False)
    record(built.url, ORG, at, request)


def _slip_at(built: Built, k: int) -> None:
    """A fill or a credit slip, in turn (``k`` odd: a credit)."""
    _fill_at(built, k, "credit" if k % 2 else "fill")


def time_fill(built: Built, repeat: int) -> float:
    """One fill slip per repeat, through the path of ``croupier books fill`` (the books' clock
    moves a minute each time)."""
    return _median(lambda k: _fill_at(built, k), repeat)


def time_daily(built: Built, repeat: int) -> float:
    from croupier.service.books.reports import daily_report, open_books

    site, day = built.last_closed

    def daily(_k: int) -> None:
        svc = open_books(built.url, ORG)
        try:
            daily_report(svc, site, day)
        finally:
            svc.close()

    return _median(daily, repeat)


def time_quarterly(built: Built, repeat: int) -> tuple[float, str]:
    from croupier.service.books.reports import open_books, quarterly_report

    q, today = report_quarter(date.fromisoformat(built.last_closed[1]))
    label = f"{q.year}Q{q.number}"

    def quarterly(_k: int) -> None:
        svc = open_books(built.url, ORG)
        try:
            quarterly_report(svc, label, today)
        finally:
            svc.close()

    return _median(quarterly, repeat), label + (f" to {today.isoformat()}" if today else "")


def time_processes(
    built: Built, repeat: int, quarter: str, after: int
) -> tuple[float, float, float, float]:
    """The four commands as a person types them, each its own process (``python -m
    croupier.cli.main``: the interpreter's start-up, the imports, the database opened): median
    wall seconds of ``books status``, ``books fill``, ``report daily`` and ``report
    quarterly``. The fills move the books' clock on from ``after`` minutes, past the in-process
    ones (``AnchorTimes.minutes``)."""
    import subprocess
    import sys

    t = built.open_table
    site, day = built.last_closed
    where = ["--db", built.url, "--org", ORG]

    def typed(args: list[str]) -> Callable[[int], object]:
        def run(_k: int) -> None:
            done = subprocess.run(
                [sys.executable, "-m", "croupier.cli.main", *args, *where],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                raise InvalidInput(f"croupier {' '.join(args)}: {done.stderr.strip()[:300]}")

        return run

    def fill(k: int) -> None:
        at = (t.last_at + timedelta(minutes=after + 1 + k)).isoformat()  # past the others
        args = ["books", "fill", t.site_id, str(t.table), FILL_CHIPS, t.preparer, t.cashier,
                "--verifier", t.verifier, "--at", at]  # fmt: skip
        typed(args)(k)

    return (
        _median(typed(["books", "status", t.site_id]), repeat),
        _median(fill, repeat),
        _median(typed(["report", "daily", site, day, "--format", "csv"]), repeat),
        _median(typed(["report", "quarterly", quarter.split()[0], "--format", "csv"]), repeat),
    )


DAY_FILLS = 20
"""The entries of "a day" before the timed anchor (fills, through the path of ``books fill``)."""


@dataclass(frozen=True)
class AnchorTimes:
    sign_first: float
    sign_day: float
    writer_wait: float
    writer_alone: float
    anchor_check: float
    minutes: int
    """How many minutes on the books' clock now stands (each slip a minute after the one
    before; how many were recorded while the signer worked depends on the machine)."""


def _sign_apart(url: str, pem: bytes, out: Any) -> None:
    """Sign an anchor in a process of its own (as ``books close-day`` does) and report the
    seconds it took on ``out`` (a queue)."""
    from datetime import UTC, datetime

    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    from croupier.store import anchor as anchors
    from croupier.store import open_existing_store

    key = load_pem_private_key(pem, None)
    store = open_existing_store(url)
    try:
        start = time.perf_counter()
        anchors.sign(store, key, datetime.now(UTC))  # type: ignore[arg-type]
        out.put(time.perf_counter() - start)
    finally:
        store.close()


def time_anchors(built: Built, repeat: int, first_fill: int) -> AnchorTimes:
    """Signing and its cost to writers and readers (issue 26). The first anchor of the history
    is signed in a process of its own (as a close does) while this one records fills and
    credits one after another: the longest of them is the writer's wait, beside the longest of
    as many with nothing signed. Then, ``repeat`` times, ``DAY_FILLS`` slips and an anchor.
    Last, a reader's anchor check."""
    import multiprocessing
    from datetime import UTC, datetime

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
    )

    from croupier.store import anchor as anchors
    from croupier.store import open_existing_store

    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    k = first_fill
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    signer = context.Process(target=_sign_apart, args=(built.url, pem, out))
    signer.start()
    waits: list[float] = []
    while signer.is_alive():
        start = time.perf_counter()
        _slip_at(built, k)
        k += 1
        waits.append(time.perf_counter() - start)
    signer.join()
    if signer.exitcode != 0:
        raise InvalidInput(f"the signing process failed (exit {signer.exitcode})")
    first = float(out.get(timeout=10))
    alone: list[float] = []
    for _ in range(max(len(waits), 3)):
        start = time.perf_counter()
        _slip_at(built, k)
        k += 1
        alone.append(time.perf_counter() - start)
    store = open_existing_store(built.url)
    try:
        day: list[float] = []
        for _ in range(repeat):
            for _fill in range(DAY_FILLS):
                _slip_at(built, k)
                k += 1
            start = time.perf_counter()
            anchors.sign(store, key, datetime.now(UTC))
            day.append(time.perf_counter() - start)
        stream = f"books-{ORG}"
        version = store.version(stream)
        checks: list[float] = []
        with store.backend.reading() as conn:
            for _ in range(max(repeat, 20)):
                start = time.perf_counter()
                found = store.anchor_break(conn, stream, version)
                checks.append(time.perf_counter() - start)
                if found is not None:  # pragma: no cover - the history is intact
                    raise InvalidInput(f"the generated history fails its anchor: {found}")
    finally:
        store.close()
    return AnchorTimes(
        first,
        statistics.median(day),
        max(waits, default=0.0),
        max(alone),
        statistics.median(checks),
        k + 1,
    )


def measure(
    url: str, size: int, backend: str, seed: int, repeat: int, progress: Progress = _quiet
) -> Row:
    """Build a database of ``size`` events at ``url`` and time the four commands."""
    if repeat < 1:
        raise InvalidInput(f"--repeat must be at least 1, got {repeat}")
    progress(f"{backend} {size:,}: generating and writing")
    built = build(url, size, seed, progress)
    progress(f"{backend} {size:,}: timing books status")
    status = time_status(built, repeat)
    progress(f"{backend} {size:,}: books status {status:.3f} s; timing a fill")
    fill = time_fill(built, repeat)
    progress(f"{backend} {size:,}: fill {fill:.3f} s; timing the daily report")
    daily = time_daily(built, repeat)
    progress(f"{backend} {size:,}: daily report {daily:.3f} s; timing the quarterly report")
    quarterly, quarter = time_quarterly(built, repeat)
    progress(f"{backend} {size:,}: quarterly report {quarterly:.3f} s; signing anchors")
    signed = time_anchors(built, repeat, repeat + (repeat % 2))
    progress(
        f"{backend} {size:,}: first anchor {signed.sign_first:.3f} s, after a day "
        f"{signed.sign_day:.3f} s, longest fill while signing {signed.writer_wait:.3f} s; "
        "the commands as typed"
    )
    process = time_processes(built, repeat, quarter, signed.minutes)
    progress(
        f"{backend} {size:,}: as typed: status {process[0]:.3f} s, fill {process[1]:.3f} s, "
        f"daily {process[2]:.3f} s, quarterly {process[3]:.3f} s"
    )
    return Row(
        size,
        backend,
        built.events,
        status,
        fill,
        daily,
        quarterly,
        quarter,
        built.generated_per_second,
        built.written_per_second,
        signed.sign_first,
        signed.sign_day,
        signed.writer_wait,
        signed.writer_alone,
        signed.anchor_check,
        process,
    )


def _sqlite_row(size: int, seed: int, repeat: int, progress: Progress) -> Row:
    with tempfile.TemporaryDirectory(prefix="croupier-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'books.db'}"
        return measure(url, size, "sqlite", seed, repeat, progress)


def _postgres_row(size: int, seed: int, repeat: int, progress: Progress, base: str) -> Row:
    import sqlalchemy as sa

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    engine = sa.create_engine(base)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        sep = "&" if "?" in base else "?"
        url = f"{base}{sep}options=-csearch_path%3D{schema}"
        try:
            return measure(url, size, "postgresql", seed, repeat, progress)
        finally:
            with engine.begin() as conn:
                conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        engine.dispose()


def run(
    sizes: tuple[int, ...],
    backends: tuple[str, ...],
    seed: int = 0,
    repeat: int = 3,
    progress: Progress = _quiet,
    postgres_url: str = POSTGRES_URL,
) -> tuple[list[Row], list[str]]:
    """The rows of every size on every backend, and a line for each backend skipped."""
    if repeat < 1:
        raise InvalidInput(f"--repeat must be at least 1, got {repeat}")
    rows: list[Row] = []
    skipped: list[str] = []
    use_pg = "postgresql" in backends
    if use_pg and not postgres_answers():
        skipped.append(f"postgresql skipped: no server answers on {POSTGRES_HOST}:{POSTGRES_PORT}")
        use_pg = False
    for size in sizes:
        if "sqlite" in backends:
            rows.append(_sqlite_row(size, seed, repeat, progress))
        if use_pg:
            rows.append(_postgres_row(size, seed, repeat, progress, postgres_url))
    return rows, skipped
