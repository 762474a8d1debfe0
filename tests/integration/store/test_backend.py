"""The store's two backends (``store.backend``, issue 31): Python's ``sqlite3`` for a SQLite
file and SQLAlchemy for the rest run the same statements and read each other's rows; a books
command typed on SQLite imports no SQLAlchemy."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import sqlite as sqlite_dialect

from croupier.core.clock import FixedClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event, event
from croupier.store import ConcurrencyError, EventStore, open_existing_store, open_store
from croupier.store import backend as backends
from croupier.store import engine as engines


@event("test.store.backend.counted")
@dataclass(frozen=True, slots=True)
class Counted(Event):
    amount: int


START = datetime(2025, 1, 2, 3, 4, 5, 6, tzinfo=UTC)


def _alchemy_store(url: str, clock: FixedClock) -> EventStore:
    """The same database through SQLAlchemy, as PostgreSQL and in-memory SQLite are opened."""
    engine = engines.create_engine(engines.parse_url(url), lock_timeout=5.0, must_exist=True)
    return EventStore(backends.AlchemyBackend(engine, url), clock)


def test_a_sqlite_file_is_opened_without_sqlalchemy_and_memory_with_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    with open_store(url) as store:
        assert isinstance(store.backend, backends.SqliteBackend)
    with open_store("sqlite://") as memory:
        assert isinstance(memory.backend, backends.AlchemyBackend)
    assert backends.sqlite_file("sqlite:///x.db?mode=ro") is None  # options: SQLAlchemy's
    assert backends.sqlite_file("postgresql+psycopg://u@h/db") is None
    assert backends.sqlite_file("sqlite+pysqlite:///a/b.db") == backends.SqliteFile(
        "sqlite+pysqlite:///a/b.db", Path("a/b.db")
    )


def test_a_time_is_stored_as_sqlalchemys_datetime_stores_it(tmp_path: Path) -> None:
    # the reference: SQLAlchemy's own SQLite DateTime bind processor, on the naive UTC time
    dialect = sqlite_dialect.dialect()
    processor = sa.DateTime().dialect_impl(dialect).bind_processor(dialect)
    assert processor is not None
    for moment in (
        START,
        datetime(2026, 7, 1, 23, 59, 59, tzinfo=UTC),  # no microseconds
        datetime(2026, 3, 8, 2, 30, tzinfo=UTC) + timedelta(microseconds=1),
    ):
        assert backends.sqlite_time(moment) == processor(moment.replace(tzinfo=None))
        assert backends.utc(backends.sqlite_time(moment)) == moment
    with pytest.raises(ValueError, match="timezone-aware"):
        backends.sqlite_time(datetime(2026, 1, 1))


def test_each_backend_reads_what_the_other_wrote(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    clock = FixedClock(START)
    plain = open_store(url, clock=clock)
    alchemy = _alchemy_store(url, clock)
    try:
        plain.append("s", [Counted(1), Counted(2)], 0)
        clock.advance(timedelta(seconds=1, microseconds=7))
        alchemy.append("s", [Counted(3)], 2)
        clock.advance(timedelta(minutes=1))
        plain.append("s", [Counted(4)], 3)
        assert plain.read("s") == alchemy.read("s")
        assert [e.event for e in plain.read("s")] == [Counted(n) for n in (1, 2, 3, 4)]
        assert plain.verify() == alchemy.verify() == []
        assert plain.head("s") == alchemy.head("s")
        assert alchemy.read("s")[2].recorded_at == START + timedelta(seconds=1, microseconds=7)
        # the text in the file is the same whichever wrote it
        with sqlite3.connect(tmp_path / "c.db") as raw:
            stored = [r[0] for r in raw.execute("SELECT recorded_at FROM events ORDER BY seq")]
        assert stored == [
            "2025-01-02 03:04:05.000006",
            "2025-01-02 03:04:05.000006",
            "2025-01-02 03:04:06.000013",
            "2025-01-02 03:05:06.000013",
        ]
        with pytest.raises(ConcurrencyError, match="is at version 4, not the expected 3"):
            alchemy.append("s", [Counted(5)], 3)
        with pytest.raises(ConcurrencyError, match="is at version 4, not the expected 2"):
            plain.append("s", [Counted(5)], 2)
        assert plain.version("s") == 4
    finally:
        plain.close()
        alchemy.close()


def test_a_prefix_is_matched_as_written_not_as_a_pattern(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'c.db'}") as store:
        for name in ("a_b-1", "axb-1", "A_b-2", "a%c", "a/b"):
            store.append(name, [Counted(1)], 0)
        assert store.streams("a_b") == ["a_b-1"]  # not axb (an underscore), not A_b (case)
        assert store.streams("a%") == ["a%c"]
        assert store.streams("a/") == ["a/b"]


def test_a_file_that_is_not_a_database_is_refused_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a SQLite database, it is a letter" * 100)
    with pytest.raises(InvalidInput) as refused:
        open_existing_store(f"sqlite:///{junk}")
    assert str(refused.value) == f"cannot reach database sqlite:///{junk}: file is not a database"
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    with pytest.raises(InvalidInput, match=r"has no croupier tables, this croupier needs"):
        open_existing_store(f"sqlite:///{empty}")


def test_a_writer_that_waits_past_the_lock_timeout_writes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    open_store(url).close()
    with open_existing_store(url, lock_timeout=0.2) as store:
        holder = sqlite3.connect(tmp_path / "c.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(ConcurrencyError, match=r"gave up after 0.2 s"):
                store.append("s", [Counted(1)], 0)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert store.version("s") == 0
        assert store.append("s", [Counted(1)], 0) == 1


_PROBE = """
import json, sys
from croupier.cli.main import run, app
code = 0
try:
    run(app, sys.argv[1:])
except SystemExit as exc:
    code = exc.code or 0
print(json.dumps([code, "sqlalchemy" in sys.modules]), file=sys.__stderr__)
"""


def _typed(*args: str) -> tuple[int, bool, str]:
    """Run a command as typed, in its own process: its exit code, whether it imported
    SQLAlchemy, and what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, check=False
    )
    code, imported = json.loads(done.stderr.strip().splitlines()[-1])
    return int(code), bool(imported), done.stdout


def _type_the_books_commands(url: str) -> str:
    """Build a small history at ``url``, type ``books status``, ``books fill``, ``report
    daily`` and ``verify`` against it, each in its own process, and check that each succeeded
    without importing SQLAlchemy; the organization typed for."""
    from croupier.service.bench.books import FILL_CHIPS, ORG, build

    built = build(url, 3_000)
    t = built.open_table
    site, day = built.last_closed
    where = ["--db", url, "--org", ORG]
    at = (t.last_at + timedelta(minutes=5)).isoformat()
    fill = ["books", "fill", t.site_id, str(t.table), FILL_CHIPS, t.preparer, t.cashier]
    fill += ["--verifier", t.verifier, "--at", at]
    for args in (
        ["books", "status", t.site_id],
        fill,
        ["report", "daily", site, day, "--format", "csv"],
        ["verify"],
    ):
        code, imported, out = _typed(*args, *where)
        assert code == 0, f"croupier {' '.join(args)} failed: {out}"
        assert not imported, f"croupier {' '.join(args)} imported SQLAlchemy"
    return ORG


@pytest.mark.slow
def test_books_commands_typed_on_sqlite_import_no_sqlalchemy(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'books.db'}"
    org = _type_the_books_commands(url)
    # the fill was written through sqlite3; SQLAlchemy reads it back and finds every chain whole
    with _alchemy_store(url, FixedClock(START)) as store:
        assert store.verify() == []
        assert store.read(f"books-{org}")[-1].type == "books.slip_issued"


@pytest.mark.slow
@pytest.mark.postgres
def test_books_commands_typed_on_postgres_import_no_sqlalchemy(postgres_url: str) -> None:
    """As on SQLite: ``store.backend_pg`` runs a typed command's statements on psycopg."""
    org = _type_the_books_commands(postgres_url)
    # the fill was written through psycopg; SQLAlchemy reads it back and finds every chain whole
    with open_existing_store(postgres_url, engine=True) as store:
        assert isinstance(store.backend, backends.AlchemyBackend)
        assert store.verify() == []
        assert store.read(f"books-{org}")[-1].type == "books.slip_issued"
