"""The incremental chain check (``EventStore.chain_break``) and appends refused on a damaged
stream: tampering is found by a process that opens the store, and nothing more is written to a
stream whose chain is broken (one line naming the stream and its first broken link)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from croupier.core.clock import FixedClock
from croupier.core.events import Event, event
from croupier.store import BreakKind, CorruptStream, EventStore, open_store

Tamper = Callable[..., None]
EDIT_SECOND = (
    "UPDATE events SET payload = replace(payload, '200', '999') WHERE stream = 'tray-1' AND seq = 2"
)


@event("test.store.chain.tray_counted")
@dataclass(frozen=True, slots=True)
class TrayCounted(Event):
    cents: int


@pytest.fixture
def filled(store: EventStore, tamper: Tamper) -> Tamper:
    """Stream 'tray-1' with 4 events, 'tray-2' with 1; the raw SQL runner."""
    store.append("tray-1", [TrayCounted(n) for n in (100, 200, 300, 400)], 0)
    store.append("tray-2", [TrayCounted(5)], 0)
    return tamper


def test_an_intact_stream_and_a_missing_stream_have_no_break(
    store: EventStore, filled: Tamper
) -> None:
    assert store.chain_break("tray-1") is None
    assert store.chain_break("no-such-stream") is None


@pytest.mark.parametrize(
    ("statements", "seq", "kind"),
    [
        (
            (EDIT_SECOND,),
            2,
            BreakKind.HASH_MISMATCH,
        ),
        (("DELETE FROM events WHERE stream = 'tray-1' AND seq = 3",), 3, BreakKind.SEQUENCE_GAP),
        (("DELETE FROM events WHERE stream = 'tray-1' AND seq = 4",), 4, BreakKind.SEQUENCE_GAP),
        (
            ("UPDATE event_streams SET version = 3 WHERE stream = 'tray-1'",),
            4,
            BreakKind.VERSION_MISMATCH,
        ),
    ],
)
def test_a_store_opened_after_tampering_finds_the_first_broken_link(
    filled: Tamper,
    database_url: str,
    clock: FixedClock,
    statements: tuple[str, ...],
    seq: int,
    kind: BreakKind,
) -> None:
    filled(*statements)
    with open_store(database_url, clock=clock) as fresh:
        found = fresh.chain_break("tray-1")
        assert found is not None
        assert (found.stream, found.seq, found.kind) == ("tray-1", seq, kind)
        assert fresh.chain_break("tray-2") is None


def test_an_append_to_a_damaged_stream_is_refused_and_writes_nothing(
    filled: Tamper, database_url: str, clock: FixedClock
) -> None:
    filled(EDIT_SECOND)
    with open_store(database_url, clock=clock) as fresh:
        with pytest.raises(CorruptStream) as refused:
            fresh.append("tray-1", [TrayCounted(500)], 4)
        message = str(refused.value)
        assert message.startswith("stream 'tray-1' is damaged at event 2: hash mismatch (")
        assert message.endswith("; nothing was written (run `croupier verify`)")
        assert "\n" not in message
        assert fresh.version("tray-1") == 4
        assert fresh.append("tray-2", [TrayCounted(6)], 1) == 2  # other streams carry on


def test_the_check_continues_from_its_mark_and_finds_a_break_in_later_events(
    store: EventStore, filled: Tamper, database_url: str, clock: FixedClock
) -> None:
    assert store.chain_break("tray-1") is None  # the mark is now at event 4
    with open_store(database_url, clock=clock) as other:
        other.append("tray-1", [TrayCounted(500), TrayCounted(600)], 4)
    filled("UPDATE events SET payload = replace(payload, '600', '1') WHERE seq = 6")
    found = store.chain_break("tray-1")
    assert found is not None
    assert (found.seq, found.kind) == (6, BreakKind.HASH_MISMATCH)


def test_own_appends_move_the_mark_so_a_check_reads_nothing_new(
    store: EventStore, filled: Tamper
) -> None:
    store.append("tray-1", [TrayCounted(500)], 4)
    queries: list[str] = []
    with store.backend.watching(queries.append):
        assert store.chain_break("tray-1") is None
    assert any("FROM event_streams" in q for q in queries)  # the check did run its queries
    hashed = [q for q in queries if "prev_hash" in q]
    assert hashed == []  # no event row was read back to be hashed again
