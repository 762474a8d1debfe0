"""The books service: loads an organization's books stream, runs a command through the domain
and appends the resulting events atomically.

A command is any function ``Books -> list[Event]`` from ``croupier.books`` (bind its other
arguments with a lambda or ``functools.partial``); it validates against the current books and
either raises (nothing is written) or returns the events that record it. If another writer
appended first, the books are refreshed and the command re-validated against them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from croupier.books.state import Books
from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.store import ConcurrencyError, EventStore, open_store

Command = Callable[[Books], list[Event]]
STREAM_PREFIX = "books-"
RETRIES = 3


def stream_name(org_id: str) -> str:
    """The store stream that holds one organization's books."""
    if not org_id.strip():
        raise InvalidInput("an organization id is required")
    return f"{STREAM_PREFIX}{org_id.strip()}"


class BooksService:
    """One organization's books over an event store."""

    def __init__(self, store: EventStore, org_id: str, clock: Clock | None = None) -> None:
        self.store = store
        self.org_id = org_id
        self.stream = stream_name(org_id)
        self.clock: Clock = clock if clock is not None else SystemClock()
        self._books = Books()
        self._version = 0

    @classmethod
    def open(cls, url: str, org_id: str, clock: Clock | None = None) -> BooksService:
        """Open the store at ``url`` (migrating it) and the organization's books."""
        return cls(open_store(url), org_id, clock)

    def now(self) -> datetime:
        return self.clock.now()

    def books(self) -> Books:
        """The current books, read up to the stream's newest entry."""
        self._refresh()
        return self._books

    def _refresh(self) -> None:
        stored = self.store.read(self.stream, after=self._version)
        for entry in stored:
            if entry.event is None:  # pragma: no cover - read() always decodes
                raise InvalidInput(f"entry {entry.seq} of {self.stream} could not be decoded")
            self._books.apply(entry.event)
            self._version = entry.seq

    def execute(self, command: Command) -> list[Event]:
        """Validate ``command`` against the current books and append its events atomically."""
        for attempt in range(RETRIES):
            self._refresh()
            events = command(self._books)
            if not events:
                return []
            try:
                self._version = self.store.append(self.stream, events, self._version)
            except ConcurrencyError:
                if attempt == RETRIES - 1:
                    raise
                continue
            self._books.apply_all(events)
            return events
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        self.store.close()


def rebuild(store: EventStore, org_id: str) -> Books:
    """The books of an organization rebuilt from every stored entry."""
    return Books.from_events(
        e.event for e in store.read(stream_name(org_id)) if e.event is not None
    )
