"""``EventStore.links_break``: the links around many checkpoints checked in a few queries, the
same finding as one ``chain_break_between`` per checkpoint (the reader of digests, issue 31)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from croupier.core.clock import FixedClock
from croupier.core.events import Event, event
from croupier.store import BreakKind, EventStore, open_store

from .conftest import Tamper

STREAM = "books-links"
MARKS = (3, 6, 9, 12)
"""The "checkpoints" of the test stream of 13 events (the last one's next event is the end)."""


@event("test.store.links.counted")
@dataclass(frozen=True, slots=True)
class Counted(Event):
    cents: int


@pytest.fixture
def filled(store: EventStore, tamper: Tamper) -> Tamper:
    store.append(STREAM, [Counted(100 * n) for n in range(1, 14)], 0)
    store.append("other", [Counted(5)], 0)
    return tamper


def _one_by_one(store: EventStore, marks: tuple[int, ...], upto: int) -> object:
    """The finding of the per-checkpoint check the batch replaces: the first break over the
    checkpoints in order, each from its predecessor (whose own contents the caller checks)."""
    for s in marks:
        found = store.chain_break_between(STREAM, s - 1, min(s + 1, upto), anchored=False)
        if found is not None:
            return found
    return None


def _key(found: object) -> object:
    return None if found is None else (found.seq, found.kind)  # type: ignore[attr-defined]


def test_intact_links_have_no_break_and_take_two_queries(filled: Tamper, store: EventStore) -> None:
    queries: list[str] = []
    with store.backend.watching(queries.append):
        assert store.links_break(STREAM, MARKS, 13) is None
    assert len([q for q in queries if "FROM events" in q]) == 2
    assert store.links_break(STREAM, (), 13) is None


@pytest.mark.parametrize(
    ("statement", "seq", "kind"),
    [
        # a checkpoint's contents edited: its hash no longer matches
        (
            f"UPDATE events SET payload = replace(payload, '600', '601') "
            f"WHERE stream = '{STREAM}' AND seq = 6",
            6,
            BreakKind.HASH_MISMATCH,
        ),
        # the entry after a checkpoint edited
        (
            f"UPDATE events SET payload = replace(payload, '1000', '1001') "
            f"WHERE stream = '{STREAM}' AND seq = 10",
            10,
            BreakKind.HASH_MISMATCH,
        ),
        # a checkpoint pointing elsewhere than the digest before it (its hash covers the link)
        (
            f"UPDATE events SET prev_hash = 'x' || substr(prev_hash, 2) "
            f"WHERE stream = '{STREAM}' AND seq = 9",
            9,
            BreakKind.HASH_MISMATCH,
        ),
        # the entry after a checkpoint gone
        (f"DELETE FROM events WHERE stream = '{STREAM}' AND seq = 4", 4, BreakKind.SEQUENCE_GAP),
        # the event before a checkpoint gone
        (f"DELETE FROM events WHERE stream = '{STREAM}' AND seq = 11", 11, BreakKind.SEQUENCE_GAP),
    ],
)
def test_a_broken_link_is_found_as_the_check_one_by_one_finds_it(
    filled: Tamper,
    database_url: str,
    clock: FixedClock,
    statement: str,
    seq: int,
    kind: BreakKind,
) -> None:
    filled(statement)
    with open_store(database_url, clock=clock) as fresh:
        found = fresh.links_break(STREAM, MARKS, 13)
        assert _key(found) == (seq, kind)
        assert _key(found) == _key(_one_by_one(fresh, MARKS, 13))
        assert fresh.links_break("other", (), 1) is None


def test_the_window_end_bounds_the_entry_after_the_last_checkpoint(
    filled: Tamper, database_url: str, clock: FixedClock
) -> None:
    # event 13 is past a window ending at 12: editing it breaks nothing the window reads
    filled(
        f"UPDATE events SET payload = replace(payload, '1300', '1') "
        f"WHERE stream = '{STREAM}' AND seq = 13"
    )
    with open_store(database_url, clock=clock) as fresh:
        assert fresh.links_break(STREAM, MARKS, 12) is None
        assert _one_by_one(fresh, MARKS, 12) is None
        assert _key(fresh.links_break(STREAM, MARKS, 13)) == (13, BreakKind.HASH_MISMATCH)


def test_many_checkpoints_are_read_in_parts(filled: Tamper, store: EventStore) -> None:
    from croupier.store import event_store

    store.append(STREAM, [Counted(7) for _ in range(1_100)], 13)
    marks = tuple(range(2, 1_113))
    assert len(marks) > event_store.IN_LIST_MAX
    assert store.links_break(STREAM, marks, 1_113) is None
    assert _one_by_one(store, marks[:50], 1_113) is None


def test_a_checkpoint_not_pointing_at_the_stored_hash_before_it_is_a_broken_link(
    filled: Tamper, database_url: str, clock: FixedClock
) -> None:
    # the digest before checkpoint 6 replaced by one with another hash (its contents are the
    # caller's to check, as `_sound` does): the checkpoint no longer points at it
    filled(f"UPDATE events SET hash = 'x' || substr(hash, 2) WHERE stream = '{STREAM}' AND seq = 5")
    with open_store(database_url, clock=clock) as fresh:
        assert _key(fresh.links_break(STREAM, MARKS, 13)) == (6, BreakKind.PREV_HASH_MISMATCH)
