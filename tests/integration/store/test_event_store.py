"""The event store's API: round trips, hashes, versions, conflicts and atomicity."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from croupier.core.cards import Card, parse_card
from croupier.core.clock import FixedClock
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import Event, event
from croupier.store import ConcurrencyError, EventStore, StoredEvent, open_store
from croupier.store.engine import alembic_config
from croupier.store.schema import metadata

GENESIS = "0" * 64


class Bet(Enum):
    ORIGINAL = "original"
    TIP = "tip"


@event("test.store.wager_placed")
@dataclass(frozen=True, slots=True)
class WagerPlaced(Event):
    space: int
    bet: Bet
    cents: int
    player: str | None = None


@event("test.store.cards_dealt")
@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    space: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Unregistered(Event):
    n: int


@event("test.store.measured")
@dataclass(frozen=True, slots=True)
class Measured(Event):
    value: object  # a float here must be refused by the store before anything is written


def independent_hash(
    stream: str, seq: int, type_: str, payload: dict[str, object], at: str, prev: str
) -> str:
    """docs/store.md's hash, computed here without the store's code."""
    payload_text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    material = json.dumps(
        [stream, seq, type_, payload_text, at, prev],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


def test_round_trip_of_events(store: EventStore) -> None:
    events = [
        WagerPlaced(space=1, bet=Bet.ORIGINAL, cents=2500, player="Ånna"),
        WagerPlaced(space=1, bet=Bet.TIP, cents=100),
        CardsDealt(space=1, cards=(parse_card("As"), parse_card("10d"))),
    ]
    assert store.append("table-1", events, expected_version=0) == 3
    stored = store.read("table-1")
    assert [s.event for s in stored] == events
    assert [s.seq for s in stored] == [1, 2, 3]
    assert [s.type for s in stored] == [
        "test.store.wager_placed",
        "test.store.wager_placed",
        "test.store.cards_dealt",
    ]
    assert stored[0].payload == {"space": 1, "bet": "original", "cents": 2500, "player": "Ånna"}
    assert stored[2].payload == {"space": 1, "cards": ["As", "Td"]}
    assert all(s.stream == "table-1" for s in stored)


def test_read_raw_gives_the_same_rows_undecoded(store: EventStore) -> None:
    store.append("table-1", [WagerPlaced(space=2, bet=Bet.TIP, cents=500)], 0)
    (raw,) = store.read_raw("table-1")
    (decoded,) = store.read("table-1")
    assert raw.event is None
    assert raw.payload == {"space": 2, "bet": "tip", "cents": 500, "player": None}
    assert (raw.seq, raw.hash, raw.prev_hash, raw.recorded_at) == (
        decoded.seq,
        decoded.hash,
        decoded.prev_hash,
        decoded.recorded_at,
    )


def test_recorded_at_comes_from_the_clock(store: EventStore, clock: FixedClock) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    clock.advance(timedelta(minutes=5, microseconds=1))
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 200)], 1)
    first, second = store.read("s")
    assert first.recorded_at == datetime(2025, 1, 2, 3, 4, 5, 6, tzinfo=UTC)
    assert second.recorded_at == datetime(2025, 1, 2, 3, 9, 5, 7, tzinfo=UTC)
    assert first.recorded_at.utcoffset() == timedelta(0)


def test_hash_chain_matches_the_documented_hash(store: EventStore) -> None:
    store.append("chain", [WagerPlaced(3, Bet.ORIGINAL, 1000), WagerPlaced(3, Bet.TIP, 25)], 0)
    first, second = store.read_raw("chain")
    at = "2025-01-02T03:04:05.000006+00:00"
    expected_first = independent_hash(
        "chain",
        1,
        "test.store.wager_placed",
        {"space": 3, "bet": "original", "cents": 1000, "player": None},
        at,
        GENESIS,
    )
    expected_second = independent_hash(
        "chain",
        2,
        "test.store.wager_placed",
        {"space": 3, "bet": "tip", "cents": 25, "player": None},
        at,
        expected_first,
    )
    assert (first.prev_hash, first.hash) == (GENESIS, expected_first)
    assert (second.prev_hash, second.hash) == (expected_first, expected_second)


def test_versions_and_stream_listing(store: EventStore) -> None:
    assert store.version("table-1") == 0
    assert store.streams() == []
    store.append("table-1", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    store.append("table-2", [WagerPlaced(1, Bet.ORIGINAL, 100)] * 3, 0)
    store.append("table_%", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    store.append("cage", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    assert store.version("table-2") == 3
    assert store.streams() == ["cage", "table-1", "table-2", "table_%"]
    assert store.streams("table-") == ["table-1", "table-2"]
    assert store.streams("table_%") == ["table_%"]  # LIKE wildcards are taken literally
    assert store.read("nowhere") == []


def test_read_after_a_seq(store: EventStore) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, c) for c in (100, 200, 300)], 0)
    assert [s.seq for s in store.read("s", after=1)] == [2, 3]


def test_stale_expected_version_is_a_conflict(store: EventStore) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    with pytest.raises(ConcurrencyError, match="at version 1, not the expected 0") as info:
        store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 200)], 0)
    assert (info.value.stream, info.value.expected, info.value.actual) == ("s", 0, 1)
    assert isinstance(info.value, CroupierError)
    with pytest.raises(ConcurrencyError):
        store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 200)], 2)  # ahead of the stream
    with pytest.raises(ConcurrencyError):
        store.append("new", [WagerPlaced(1, Bet.ORIGINAL, 200)], 1)  # new streams are at 0
    assert store.version("s") == 1
    assert store.version("new") == 0
    assert store.streams() == ["s"]


def test_two_stores_on_one_database_cannot_fork_a_stream(
    database_url: str, store: EventStore
) -> None:
    other = open_store(database_url)
    try:
        seen_by_both = store.version("s")
        store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], seen_by_both)
        with pytest.raises(ConcurrencyError):
            other.append("s", [WagerPlaced(2, Bet.ORIGINAL, 100)], seen_by_both)
        assert other.version("s") == 1
        assert other.append("s", [WagerPlaced(2, Bet.ORIGINAL, 100)], 1) == 2
    finally:
        other.close()
    assert [s.event for s in store.read("s")] == [
        WagerPlaced(1, Bet.ORIGINAL, 100),
        WagerPlaced(2, Bet.ORIGINAL, 100),
    ]
    assert store.verify() == []


def test_a_batch_with_a_bad_event_writes_nothing(store: EventStore) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    batch: list[Event] = [WagerPlaced(1, Bet.TIP, 5), Measured(value=2.5)]
    with pytest.raises(InvalidInput, match="floats are not allowed"):
        store.append("s", batch, 1)
    with pytest.raises(InvalidInput, match="not a registered @event"):
        store.append("s", [WagerPlaced(1, Bet.TIP, 5), Unregistered(1)], 1)
    assert store.version("s") == 1
    assert len(store.read_raw("s")) == 1


def test_a_batch_failing_in_the_database_writes_nothing(
    database_url: str, store: EventStore
) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    # Someone else's row already holds seq 3: the batch's 2nd insert hits (stream, seq).
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO events (stream, seq, type, payload, recorded_at, prev_hash, hash) "
                "VALUES ('s', 3, 'x', '{}', :at, :h, :h)"
            ),
            {"at": datetime(2025, 1, 1, tzinfo=UTC).replace(tzinfo=None), "h": "f" * 64},
        )
    engine.dispose()
    batch = [WagerPlaced(1, Bet.ORIGINAL, c) for c in (200, 300, 400)]
    with pytest.raises(ConcurrencyError):
        store.append("s", batch, 1)
    assert store.version("s") == 1
    assert [s.seq for s in store.read_raw("s")] == [1, 3]


def test_an_empty_batch_only_checks_the_version(store: EventStore) -> None:
    assert store.append("s", [], 0) == 0
    assert store.streams() == []
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    with pytest.raises(ConcurrencyError):
        store.append("s", [], 0)


@pytest.mark.parametrize(
    ("stream", "expected", "message"),
    [
        ("", 0, "non-empty string"),
        ("x" * 201, 0, "longer than 200"),
        ("s", -1, "0 or more"),
        ("s", True, "must be an int"),
    ],
)
def test_bad_arguments_are_refused(
    store: EventStore, stream: str, expected: int, message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        store.append(stream, [WagerPlaced(1, Bet.ORIGINAL, 100)], expected)
    assert store.streams() == []


def test_reopening_keeps_everything(database_url: str, store: EventStore) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    again = open_store(database_url)
    try:
        assert [s.event for s in again.read("s")] == [WagerPlaced(1, Bet.ORIGINAL, 100)]
        assert isinstance(again.read("s")[0], StoredEvent)
    finally:
        again.close()


def newest_revision() -> str:
    """The revision id declared by the highest-numbered file in migrations/versions (read as
    text, not through Alembic), and a check that the revisions form one line, not branches."""
    import re

    from croupier.store.engine import MIGRATIONS_DIR

    files = sorted((MIGRATIONS_DIR / "versions").glob("r[0-9][0-9][0-9][0-9]_*.py"))
    declared: dict[str, str | None] = {}
    for path in files:
        text = path.read_text()
        revision = re.search(r'^revision: str = "([^"]+)"', text, re.M)
        down = re.search(r'^down_revision: str \| None = (None|"([^"]+)")', text, re.M)
        assert revision is not None, path.name
        assert down is not None, path.name
        declared[revision.group(1)] = down.group(2)
    parents = list(declared.values())
    assert parents.count(None) == 1, "more than one first revision"
    assert len(set(parents)) == len(parents), f"the revisions branch: {declared}"
    heads = set(declared) - set(parents)
    assert len(heads) == 1, f"more than one head: {sorted(heads)}"
    return heads.pop()


def test_migrations_create_exactly_the_declared_schema(
    database_url: str, store: EventStore
) -> None:
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
            assert MigrationContext.configure(conn).get_current_revision() == newest_revision()
    finally:
        engine.dispose()


def test_head_is_the_version_and_last_hash(store: EventStore) -> None:
    assert store.head("s") == (0, GENESIS)
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100), WagerPlaced(1, Bet.TIP, 5)], 0)
    last = store.read_raw("s")[-1]
    assert store.head("s") == (2, last.hash)


def test_an_undecodable_event_names_its_stream_and_seq(
    store: EventStore, tamper: Callable[..., None]
) -> None:
    store.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0)
    tamper("UPDATE events SET type = 'test.store.gone' WHERE seq = 1")
    with pytest.raises(InvalidInput, match=r"stream 's' event 1 cannot be decoded: unknown event"):
        store.read("s")
    assert store.read_raw("s")[0].type == "test.store.gone"


def test_the_migration_downgrades_and_upgrades_cleanly(database_url: str) -> None:
    open_store(database_url).close()
    engine = sa.create_engine(database_url)
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "base")
        with engine.connect() as conn:
            assert sa.inspect(conn).get_table_names() == ["alembic_version"]
            if conn.dialect.name == "postgresql":
                functions = conn.execute(
                    sa.text(
                        "SELECT count(*) FROM pg_proc WHERE proname LIKE 'croupier%' "
                        "AND pronamespace = current_schema()::regnamespace"
                    )
                ).scalar_one()
                assert functions == 0
    finally:
        engine.dispose()
    again = open_store(database_url)
    try:
        assert again.append("s", [WagerPlaced(1, Bet.ORIGINAL, 100)], 0) == 1
    finally:
        again.close()


def test_head_revision_is_alembics_own_head() -> None:
    """``HEAD_REVISION`` lets an up-to-date database open without Alembic (issue 31); it must
    name the newest migration script, or a new migration would never run."""
    from croupier.store.backend import HEAD_REVISION
    from croupier.store.engine import head_revision

    assert head_revision() == HEAD_REVISION


def test_an_up_to_date_database_opens_without_loading_alembic_or_numpy(tmp_path: Path) -> None:
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    code = (
        "import sys; from croupier.store import open_store; open_store({url!r}).engine.dispose(); "
        "print(sorted(m for m in ('alembic', 'numpy') if m in sys.modules))"
    )
    first = subprocess.run([sys.executable, "-c", code.format(url=url)], capture_output=True,
                           text=True, check=True)  # fmt: skip
    assert "alembic" in first.stdout  # a new database: the migrations run
    again = subprocess.run([sys.executable, "-c", code.format(url=url)], capture_output=True,
                           text=True, check=True)  # fmt: skip
    assert again.stdout.strip() == "[]"
