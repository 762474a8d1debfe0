"""croupier.store: append-only, hash-chained event streams (SQLAlchemy 2 + Alembic).

::

    from croupier.store import open_store
    store = open_store("sqlite:///croupier.db")       # creates/migrates the schema to head
    store = open_existing_store("sqlite:///croupier.db")  # refuses a missing database
    version = store.append("table-1", [event_a, event_b], expected_version=0)
    for stored in store.read("table-1"): ...
    assert store.verify() == []                        # every chain intact

See ``docs/store.md`` for the schema, the hash and the concurrency model.
"""

from croupier.store.event_store import DEFAULT_LOCK_TIMEOUT, EventStore
from croupier.store.hashing import GENESIS_HASH, event_hash
from croupier.store.opening import open_existing_store, open_store
from croupier.store.records import (
    BreakKind,
    ChainBreak,
    ConcurrencyError,
    CorruptStream,
    StoredEvent,
)

__all__ = [
    "DEFAULT_LOCK_TIMEOUT",
    "GENESIS_HASH",
    "BreakKind",
    "ChainBreak",
    "ConcurrencyError",
    "CorruptStream",
    "EventStore",
    "StoredEvent",
    "event_hash",
    "open_existing_store",
    "open_store",
]
