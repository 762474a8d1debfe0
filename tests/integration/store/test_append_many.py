"""Appending to several streams in one transaction (``EventStore.append_many``): all or
nothing, with the versions of streams that were only read checked too."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest

from croupier.core.errors import InvalidInput
from croupier.core.events import Event, event
from croupier.store import ConcurrencyError, EventStore


@event("test.store.many.noted")
@dataclass(frozen=True, slots=True)
class Noted(Event):
    n: int


def test_writes_to_several_streams_land_together(store: EventStore) -> None:
    versions = store.append_many({"cage": ([Noted(1)], 0), "table-1": ([Noted(2), Noted(3)], 0)})
    assert versions == {"cage": 1, "table-1": 2}
    assert [e.event for e in store.read("table-1")] == [Noted(2), Noted(3)]
    assert store.verify() == []


def test_one_stale_stream_refuses_the_whole_write(store: EventStore) -> None:
    store.append("table-1", [Noted(1)], 0)
    with pytest.raises(ConcurrencyError, match="'table-1' is at version 1, not the expected 0"):
        store.append_many({"cage": ([Noted(9)], 0), "table-1": ([Noted(9)], 0)})
    assert store.version("cage") == 0
    assert store.version("table-1") == 1


def test_a_stream_that_was_only_read_and_has_moved_refuses_the_write(store: EventStore) -> None:
    store.append("table-1", [Noted(1)], 0)
    store.append("table-1", [Noted(2)], 1)  # someone played at the table since it was read
    with pytest.raises(ConcurrencyError, match="'table-1' is at version 2, not the expected 1"):
        store.append_many({"cage": ([Noted(3)], 0)}, reads={"table-1": 1})
    assert store.version("cage") == 0
    assert store.append_many({"cage": ([Noted(3)], 0)}, reads={"table-1": 2}) == {"cage": 1}


def test_bad_arguments_are_refused_before_anything_is_written(store: EventStore) -> None:
    with pytest.raises(InvalidInput):
        store.append_many({})
    with pytest.raises(InvalidInput, match="both read at version 1 and written after version 0"):
        store.append_many({"cage": ([Noted(1)], 0)}, reads={"cage": 1})
    with pytest.raises(InvalidInput, match="expected_version must be 0 or more"):
        store.append_many({"cage": ([Noted(1)], 0), "t": ([Noted(1)], -1)})
    assert store.stream_versions() == {}


def test_writers_on_overlapping_streams_never_fork_either(store: EventStore) -> None:
    """Threads writing (cage + their own table) at once: every write that returned is stored
    once, the cage's chain is gap-free, and the losers wrote nothing."""
    won: list[int] = []
    lock = threading.Lock()

    def writer(table: int) -> None:
        for n in range(20):
            while True:
                cage = store.version("cage")
                mine = store.version(f"table-{table}")
                try:
                    store.append_many(
                        {
                            "cage": ([Noted(table * 100 + n)], cage),
                            f"table-{table}": ([Noted(n)], mine),
                        }
                    )
                except ConcurrencyError:
                    continue
                with lock:
                    won.append(table * 100 + n)
                break

    threads = [threading.Thread(target=writer, args=(t,)) for t in (1, 2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cage = [e.event for e in store.read("cage")]
    assert sorted(e.n for e in cage if isinstance(e, Noted)) == sorted(won)
    assert len(cage) == 60
    assert all(store.version(f"table-{t}") == 20 for t in (1, 2, 3))
    assert store.verify() == []
