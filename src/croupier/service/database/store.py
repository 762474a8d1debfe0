"""The event store from a shell: ``croupier verify`` and ``croupier db upgrade|streams``.

Only ``upgrade`` creates a database (or migrates it); the others open an existing one
(``croupier.store.open_existing_store``) and refuse a mistyped path with one clear line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass

from croupier.core.clock import Clock, SystemClock
from croupier.store import open_existing_store, open_store
from croupier.store.audit import Run


@dataclass(frozen=True)
class StreamCheck:
    """One stream: its version and, if its chain is broken, the first broken link."""

    stream: str
    events: int
    broken_at: int | None = None
    kind: str = ""
    detail: str = ""


def verify(url: str) -> list[StreamCheck]:
    """Every stream of the database at ``url``, sorted, with the first broken link of each
    broken hash chain (a full check from the first event)."""
    with open_existing_store(url) as store:
        versions = store.stream_versions()
        breaks = {b.stream: b for b in store.verify()}
    out: list[StreamCheck] = []
    for name in sorted(set(versions) | set(breaks)):
        found = breaks.get(name)
        if found is None:
            out.append(StreamCheck(name, versions.get(name, 0)))
        else:
            out.append(
                StreamCheck(name, versions.get(name, 0), found.seq, found.kind.value, found.detail)
            )
    return out


def missing_guards(url: str) -> list[str]:
    """The append-only triggers of the database at ``url`` that are missing or disabled, by
    name (``croupier.store.guards``): ``croupier verify`` names each and fails."""
    from croupier.store.guards import missing_guards as missing

    with open_existing_store(url) as store, store.engine.connect() as conn:
        return missing(conn)


VERIFY_AFTER_CLOSE_ENV = "CROUPIER_VERIFY_AFTER_CLOSE"
"""Set to ``off`` to not start the full check after a close (the test suite does, but for the
tests of the check itself)."""


def check_in_background(url: str) -> bool:
    """Start the full check of the database at ``url`` in a process of its own that outlives
    this one (``croupier verify --record``): every chain re-hashed, the guards, the chain of
    anchors, its result kept for the status page. Nobody waits for it. False when switched off
    (``CROUPIER_VERIFY_AFTER_CLOSE=off``)."""
    if os.environ.get(VERIFY_AFTER_CLOSE_ENV, "").strip().lower() == "off":
        return False
    subprocess.Popen(
        [sys.executable, "-m", "croupier.cli.main", "verify", "--db", url, "--record"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
    return True


def record_full_check(url: str, clock: Clock | None = None) -> Run:
    """Run the full check now and keep its result (``croupier verify --record``)."""
    from croupier.service.people.orgs import stream_owner
    from croupier.store.audit import record_run

    with open_existing_store(url) as store:
        return record_run(store, (clock or SystemClock()).now(), stream_owner(store.engine))


def upgrade(url: str) -> None:
    """Create the database's tables, or migrate them to this croupier's schema."""
    with open_store(url):
        pass


def stream_versions(url: str, prefix: str = "") -> dict[str, int]:
    """The streams (whose name starts with ``prefix``) and their versions."""
    with open_existing_store(url) as store:
        return store.stream_versions(prefix)


@dataclass(frozen=True)
class BooksAudit:
    """One organization's books replayed from their first entry (``croupier verify --books``)."""

    org_id: str
    entries: int
    checkpoints: int
    corrupt: tuple[str, ...]
    """One line per entry that does not add up, a disagreeing checkpoint included."""


def audit_books(url: str) -> list[BooksAudit]:
    """Replay every organization's books from the first entry, every entry checked as a reader
    checks it and every balances-brought-forward entry against the entries before it."""
    from croupier.books.events import BooksCarriedForward
    from croupier.service.books.service import STREAM_PREFIX, rebuild

    store = open_existing_store(url)
    try:
        out: list[BooksAudit] = []
        for stream in store.streams(STREAM_PREFIX):
            org_id = stream.removeprefix(STREAM_PREFIX)
            books = rebuild(store, org_id)
            out.append(
                BooksAudit(
                    org_id,
                    len(books.entries),
                    sum(isinstance(e, BooksCarriedForward) for e in books.entries),
                    tuple(c.line() for c in books.corrupt),
                )
            )
        return out
    finally:
        store.close()
