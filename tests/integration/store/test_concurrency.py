"""Concurrent writers: separate OS processes appending to one stream never fork it, and a
writer that cannot get the lock in time gets a ConcurrencyError instead of hanging."""

from __future__ import annotations

import multiprocessing
import sqlite3
import time
from dataclasses import dataclass
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
import sqlalchemy as sa

from croupier.core.events import Event, event
from croupier.store import ConcurrencyError, EventStore, open_store

WRITERS = 3
BATCHES = 12
BATCH_SIZE = 2


@event("test.store.concurrency.tick")
@dataclass(frozen=True, slots=True)
class Tick(Event):
    writer: int
    n: int


def writer_process(
    url: str, writer: int, barrier: Barrier, conflicts: multiprocessing.Queue[int]
) -> None:
    """Append BATCHES batches of BATCH_SIZE ticks, re-reading the version after a conflict."""
    store = open_store(url)
    retries = 0
    barrier.wait()
    for batch in range(BATCHES):
        ticks = [Tick(writer, batch * BATCH_SIZE + i) for i in range(BATCH_SIZE)]
        while True:
            try:
                store.append("shared", ticks, store.version("shared"))
                break
            except ConcurrencyError:
                retries += 1
    store.close()
    conflicts.put(retries)


def test_processes_appending_at_once_never_fork_a_stream(database_url: str) -> None:
    open_store(database_url).close()  # migrate once, before the writers start
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WRITERS)
    conflicts: multiprocessing.Queue[int] = context.Queue()
    processes = [
        context.Process(target=writer_process, args=(database_url, w, barrier, conflicts))
        for w in range(WRITERS)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    assert [p.exitcode for p in processes] == [0] * WRITERS
    retries = [conflicts.get(timeout=5) for _ in range(WRITERS)]
    print(f"conflicts retried per writer: {retries}")

    store = open_store(database_url)
    try:
        total = WRITERS * BATCHES * BATCH_SIZE
        stored = store.read("shared")
        assert store.version("shared") == total
        assert [s.seq for s in stored] == list(range(1, total + 1))
        assert store.verify() == []
        for w in range(WRITERS):
            mine = [s.event for s in stored if isinstance(s.event, Tick) and s.event.writer == w]
            assert mine == [Tick(w, n) for n in range(BATCHES * BATCH_SIZE)]
    finally:
        store.close()


def test_sqlite_lock_timeout_is_a_concurrency_error(sqlite_url: str, tmp_path: Path) -> None:
    store = open_store(sqlite_url, lock_timeout=0.2)
    store.append("s", [Tick(0, 0)], 0)
    blocker = sqlite3.connect(tmp_path / "croupier-test.db", isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")  # another writer holds the write lock
        started = time.monotonic()
        with pytest.raises(ConcurrencyError, match="waiting for another writer"):
            store.append("s", [Tick(0, 1)], 1)
        assert time.monotonic() - started < 5
        assert store.version("s") == 1  # readers are not blocked (WAL)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert store.append("s", [Tick(0, 1)], 1) == 2
    store.close()


@pytest.mark.postgres
def test_postgres_lock_timeout_is_a_concurrency_error(postgres_url: str) -> None:
    store: EventStore = open_store(postgres_url, lock_timeout=0.2)
    store.append("s", [Tick(0, 0)], 0)
    engine = sa.create_engine(postgres_url)
    try:
        with engine.begin() as blocker:
            blocker.execute(
                sa.text("SELECT version FROM event_streams WHERE stream = 's' FOR UPDATE")
            )
            with pytest.raises(ConcurrencyError, match="waiting for another writer"):
                store.append("s", [Tick(0, 1)], 1)
            assert store.version("s") == 1
        assert store.append("s", [Tick(0, 1)], 1) == 2
    finally:
        engine.dispose()
        store.close()


def open_and_close(url: str, barrier: Barrier) -> None:
    barrier.wait()
    open_store(url).close()


def test_processes_opening_a_fresh_database_at_once_all_succeed(database_url: str) -> None:
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(WRITERS)
    processes = [
        context.Process(target=open_and_close, args=(database_url, barrier)) for _ in range(WRITERS)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=60)
    assert [p.exitcode for p in processes] == [0] * WRITERS
    store = open_store(database_url)
    try:
        assert store.append("s", [Tick(0, 0)], 0) == 1
    finally:
        store.close()
