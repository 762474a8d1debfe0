"""Fixtures for the event store tests: a fixed clock and an open store on each backend."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from croupier.core.clock import FixedClock
from croupier.store import EventStore, open_store

START = datetime(2025, 1, 2, 3, 4, 5, 6, tzinfo=UTC)


@pytest.fixture
def clock() -> FixedClock:
    """A clock standing at 2025-01-02 03:04:05.000006 UTC until a test advances it."""
    return FixedClock(START)


@pytest.fixture
def store(database_url: str, clock: FixedClock) -> Iterator[EventStore]:
    """A freshly migrated store on SQLite and on PostgreSQL."""
    opened = open_store(database_url, clock=clock)
    yield opened
    opened.close()


Tamper = Callable[..., None]


GUARDED = ("events", "event_streams", "anchors", "anchor_heads", "anchor_refusals")
"""The tables whose append-only triggers an attacker sets aside."""


@pytest.fixture
def tamper(database_url: str) -> Iterator[Tamper]:
    """Run raw SQL as a database owner would: the append-only triggers are set aside for the
    statements (in one transaction) and put back afterwards."""
    engine = sa.create_engine(database_url)

    def run(*statements: str, **params: object) -> None:
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                for table in GUARDED:
                    conn.execute(sa.text(f"ALTER TABLE {table} DISABLE TRIGGER USER"))
                triggers: list[str] = []
            else:
                found = conn.execute(
                    sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
                ).all()
                triggers = [sql for _name, sql in found]
                for name, _sql in found:
                    conn.execute(sa.text(f"DROP TRIGGER {name}"))
            for statement in statements:
                conn.execute(sa.text(statement), params)
            if conn.dialect.name == "postgresql":
                for table in GUARDED:
                    conn.execute(sa.text(f"ALTER TABLE {table} ENABLE TRIGGER USER"))
            for sql in triggers:
                conn.execute(sa.text(sql))

    yield run
    engine.dispose()
