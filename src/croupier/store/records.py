"""The values the store hands back: stored events, chain breaks, and its errors."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from croupier.core.errors import CroupierError
from croupier.core.events import JSON, Event

STREAM_NAME_MAX = 200
TYPE_NAME_MAX = 200
HASH_LENGTH = 64
"""The lengths of a stream's name, an event's type and a hash as the store keeps them
(``schema``)."""


class ConcurrencyError(CroupierError):
    """The stream is not at the version the writer expected (another writer got there first),
    or the write lock could not be had in time. Nothing was written; re-read and retry."""

    def __init__(self, message: str, stream: str, expected: int, actual: int | None) -> None:
        self.stream = stream
        self.expected = expected
        self.actual = actual
        super().__init__(message)


class CorruptStream(CroupierError):
    """A stream's stored chain is damaged, so nothing more may be appended to it."""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event as recorded in a stream.

    ``event`` is the decoded domain event (None when read with ``read_raw``); ``payload`` is its
    JSON form without the ``type`` key. ``hash`` chains the event to ``prev_hash``
    (see ``croupier.store.hashing``). ``text`` is the payload's text as the database returned
    it, kept by the readers whose callers check entries on their own (``read_types``), else
    None.
    """

    stream: str
    seq: int
    type: str
    payload: dict[str, JSON]
    event: Event | None
    recorded_at: datetime
    prev_hash: str
    hash: str
    text: str | None = None


class BreakKind(Enum):
    """What is wrong at a broken link of a chain."""

    HASH_MISMATCH = "hash mismatch"
    """The event's stored hash is not the hash of its contents (a field was changed)."""
    PREV_HASH_MISMATCH = "prev_hash mismatch"
    """The event does not point at the previous event's hash (reordered, replaced, removed)."""
    SEQUENCE_GAP = "gap in sequence"
    """An event number is missing (a deleted event), or the stream's tail is gone."""
    VERSION_MISMATCH = "stream version mismatch"
    """More events are stored than the stream's recorded version (written behind the store)."""
    ANCHOR_MISMATCH = "differs from its signed anchor"
    """The event a signed anchor covers is stored with another hash: the history up to it was
    rewritten, hashes recomputed (or the stream lost the events the anchor covers)."""


@dataclass(frozen=True, slots=True)
class ChainBreak:
    """The first broken link of one stream's chain: where, what kind, and the details."""

    stream: str
    seq: int
    kind: BreakKind
    detail: str

    def __str__(self) -> str:
        return f"{self.stream} seq {self.seq}: {self.kind.value} ({self.detail})"
