"""Tamper detection: edits, deletions and reorderings made behind the store's back with raw SQL
are reported by ``EventStore.verify`` and by ``croupier verify`` (exit 1, stream and seq named)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, event
from croupier.store import BreakKind, ChainBreak, EventStore

runner = CliRunner()
Tamper = Callable[..., None]


@event("test.store.tamper.chips_counted")
@dataclass(frozen=True, slots=True)
class ChipsCounted(Event):
    denomination: int
    count: int


@pytest.fixture
def filled(store: EventStore, tamper: Callable[..., None]) -> Callable[..., None]:
    """Stream 'table-7' with 5 events and an untouched stream 'cage' with 2; raw SQL runner."""
    store.append("table-7", [ChipsCounted(100, n) for n in range(1, 6)], 0)
    store.append("cage", [ChipsCounted(500, 1), ChipsCounted(2500, 2)], 0)
    assert store.verify() == []
    return tamper


def cli_verify(database_url: str) -> tuple[int, str]:
    result = runner.invoke(app, ["verify", "--db", database_url], terminal_width=200)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET payload = '{}' WHERE seq = 1",
        "DELETE FROM events WHERE seq = 5",
        "UPDATE event_streams SET version = 4 WHERE stream = 'table-7'",
        "DELETE FROM event_streams WHERE stream = 'cage'",
    ],
)
def test_the_database_itself_refuses_edits_and_deletions(
    store: EventStore, filled: Tamper, database_url: str, statement: str
) -> None:
    engine = sa.create_engine(database_url)
    try:
        with pytest.raises(sa.exc.DBAPIError, match="append-only"), engine.begin() as conn:
            conn.execute(sa.text(statement))
    finally:
        engine.dispose()
    assert store.verify() == []
    assert store.version("table-7") == 5


def assert_reported(store: EventStore, database_url: str, expected: ChainBreak) -> None:
    assert store.verify() == [expected]
    assert store.verify("table-7") == [expected]
    assert store.verify("cage") == []
    code, output = cli_verify(database_url)
    assert code == 1, output
    assert f"broken at seq {expected.seq}" in output
    assert expected.kind.value in output
    line = next(line for line in output.splitlines() if "table-7" in line)
    assert f"seq {expected.seq}" in line
    cage = next(line for line in output.splitlines() if "cage" in line)
    assert "ok" in cage


def test_intact_chains_pass_verify(store: EventStore, filled: Tamper, database_url: str) -> None:
    code, output = cli_verify(database_url)
    assert code == 0, output
    assert "all 2 chains intact" in output


def test_an_edited_payload_is_a_hash_mismatch(
    store: EventStore, filled: Tamper, database_url: str
) -> None:
    filled(
        "UPDATE events SET payload = :p WHERE stream = 'table-7' AND seq = 2",
        p='{"count":20,"denomination":100}',
    )
    expected = ChainBreak("table-7", 2, BreakKind.HASH_MISMATCH, "")
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == (expected.stream, expected.seq, expected.kind)
    assert_reported(store, database_url, found)


def test_a_payload_that_is_no_longer_json_is_a_hash_mismatch(
    store: EventStore, filled: Tamper
) -> None:
    filled("UPDATE events SET payload = 'oops' WHERE stream = 'table-7' AND seq = 4")
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == ("table-7", 4, BreakKind.HASH_MISMATCH)
    assert "not valid JSON" in found.detail


def test_an_edit_with_a_recomputed_hash_breaks_the_next_link(
    store: EventStore, filled: Tamper, database_url: str
) -> None:
    """A forger who rehashes the edited event still breaks event 3's prev_hash."""
    (second,) = [s for s in store.read_raw("table-7") if s.seq == 2]
    payload = '{"count":20,"denomination":100}'
    at = second.recorded_at.isoformat(timespec="microseconds")
    material = json.dumps(
        ["table-7", 2, second.type, payload, at, second.prev_hash], separators=(",", ":")
    )
    forged = hashlib.sha256(material.encode()).hexdigest()
    filled(
        "UPDATE events SET payload = :p, hash = :h WHERE stream = 'table-7' AND seq = 2",
        p=payload,
        h=forged,
    )
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == ("table-7", 3, BreakKind.PREV_HASH_MISMATCH)
    assert_reported(store, database_url, found)


def test_a_deleted_event_is_a_gap(store: EventStore, filled: Tamper, database_url: str) -> None:
    filled("DELETE FROM events WHERE stream = 'table-7' AND seq = 3")
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == ("table-7", 3, BreakKind.SEQUENCE_GAP)
    assert_reported(store, database_url, found)


def test_a_deleted_last_event_is_a_gap(
    store: EventStore, filled: Tamper, database_url: str
) -> None:
    filled("DELETE FROM events WHERE stream = 'table-7' AND seq = 5")
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == ("table-7", 5, BreakKind.SEQUENCE_GAP)
    assert_reported(store, database_url, found)


def test_swapped_events_are_detected(store: EventStore, filled: Tamper, database_url: str) -> None:
    filled(
        "UPDATE events SET seq = 100 WHERE stream = 'table-7' AND seq = 2",
        "UPDATE events SET seq = 2 WHERE stream = 'table-7' AND seq = 3",
        "UPDATE events SET seq = 3 WHERE stream = 'table-7' AND seq = 100",
    )
    (found,) = store.verify()
    # The event now at seq 2 was hashed as seq 3: its own hash no longer matches.
    assert (found.stream, found.seq, found.kind) == ("table-7", 2, BreakKind.HASH_MISMATCH)
    assert_reported(store, database_url, found)


def test_an_edited_recording_time_is_a_hash_mismatch(store: EventStore, filled: Tamper) -> None:
    filled(
        "UPDATE events SET recorded_at = :t WHERE stream = 'cage' AND seq = 1",
        t=store.read_raw("cage")[1].recorded_at.replace(tzinfo=None, year=2024),
    )
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == ("cage", 1, BreakKind.HASH_MISMATCH)


def test_rows_added_behind_the_store_exceed_the_version(store: EventStore, filled: Tamper) -> None:
    filled("UPDATE event_streams SET version = 3 WHERE stream = 'table-7'")
    (found,) = store.verify()
    assert (found.stream, found.seq, found.kind) == ("table-7", 4, BreakKind.VERSION_MISMATCH)
