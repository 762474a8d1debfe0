"""The event store: append-only, hash-chained event streams in SQLite or PostgreSQL.

Optimistic concurrency: a writer says how many events it believes the stream has
(``expected_version``). Inside one transaction the store locks the stream's row
(``SELECT ... FOR UPDATE`` on PostgreSQL; ``BEGIN IMMEDIATE`` on SQLite), compares, and inserts
the events with the next seqs; the unique constraint on ``(stream, seq)`` and the primary key of
``event_streams`` back the check up, so two writers can never fork a stream.

Why one module of over 600 lines: it is the store's whole contract in one class (append,
read, the chain checks and the anchor check), whose methods share one set of transaction,
locking and verified-up-to rules; split, those rules would be spread over modules that must
still agree. Opening a database (reaching it, its schema revision) is `opening.py`.

Its statements are plain SQL text, run by ``store.backend``: Python's own ``sqlite3`` for a
SQLite file (a command a person types imports no SQLAlchemy: issue 31), SQLAlchemy for
PostgreSQL and an in-memory database. Rows are read by position, in the order each statement
names its columns.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event, event_from_dict
from croupier.store.backend import Backend, DuplicateRow, Locked, Row, Session, in_list, utc
from croupier.store.hashing import GENESIS_HASH, event_hash, payload_json
from croupier.store.records import (
    STREAM_NAME_MAX,
    TYPE_NAME_MAX,
    BreakKind,
    ChainBreak,
    ConcurrencyError,
    CorruptStream,
    StoredEvent,
)
from croupier.store.verify import ChainMark, ChainRow, check_rows, first_break

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

DEFAULT_LOCK_TIMEOUT: Final = 30.0
"""Seconds a writer waits for another writer's transaction before giving up."""


def _check_stream(stream: object) -> str:
    if not isinstance(stream, str) or not stream.strip():
        raise InvalidInput(f"a stream name must be a non-empty string, got {stream!r}")
    if len(stream) > STREAM_NAME_MAX:
        raise InvalidInput(f"stream name longer than {STREAM_NAME_MAX} characters: {stream!r}")
    return stream


def _check_version(expected_version: object) -> int:
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise InvalidInput(f"expected_version must be an int, got {expected_version!r}")
    if expected_version < 0:
        raise InvalidInput(f"expected_version must be 0 or more, got {expected_version}")
    return expected_version


def _encode(events_: Sequence[Event]) -> list[tuple[str, str]]:
    """(type, canonical payload JSON) of every event; every event is checked before any write."""
    encoded: list[tuple[str, str]] = []
    for index, ev in enumerate(events_):
        if not isinstance(ev, Event) or not ev.TYPE:
            raise InvalidInput(f"item {index} is not a registered @event: {ev!r}")
        if len(ev.TYPE) > TYPE_NAME_MAX:
            raise InvalidInput(f"event type longer than {TYPE_NAME_MAX} characters: {ev.TYPE!r}")
        try:
            data = ev.to_dict()
        except TypeError as exc:
            raise InvalidInput(f"event {index} ({ev.TYPE}) cannot be stored: {exc}") from None
        data.pop("type", None)
        encoded.append((ev.TYPE, payload_json(data)))
    return encoded


@contextmanager
def _decoding() -> Iterator[None]:
    """The cyclic garbage collector paused while stored rows are fetched and decoded, resumed
    after (if this paused it). Decoding builds only acyclic values (rows, JSON dicts and lists,
    frozen events), so a collection in the middle of it finds nothing to free, yet walks every
    object the process holds: reading a quarter's digests took about half again as long with
    the collections (issue 31). Reference counting still frees everything as usual."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


# -- the statements (columns in the order the rows are read) ---------------------------------

CHAIN: Final = "seq, type, payload, recorded_at, prev_hash, hash"
"""The columns of an event that its hash covers, in ``store.verify.ChainRow`` order."""
EVENT: Final = "stream, seq, type, payload, recorded_at, prev_hash, hash"
"""An event as ``_stored`` reads it."""
VERSION_OF: Final = "SELECT version FROM event_streams WHERE stream = :stream"
LINK_OF: Final = "SELECT prev_hash FROM events WHERE stream = :stream AND seq = :seq"
HASH_OF: Final = "SELECT hash FROM events WHERE stream = :stream AND seq = :seq"
CHAIN_BETWEEN: Final = (
    f"SELECT {CHAIN} FROM events WHERE stream = :stream AND seq > :after AND seq <= :upto "
    "ORDER BY seq"
)
NEWEST_ANCHOR_HEAD: Final = (
    "SELECT anchor_heads.version, anchor_heads.hash, anchors.signed_at FROM anchor_heads "
    "JOIN anchors ON anchors.anchor_id = anchor_heads.anchor_id "
    "WHERE anchor_heads.stream = :stream ORDER BY anchor_heads.anchor_id DESC LIMIT 1"
)
INSERT_EVENT: Final = (
    "INSERT INTO events (stream, seq, type, payload, recorded_at, prev_hash, hash) "
    "VALUES (:stream, :seq, :type, :payload, :recorded_at, :prev_hash, :hash)"
)


def _chain_row(row: Row) -> ChainRow:
    return ChainRow(row[0], row[1], row[2], utc(row[3]), row[4], row[5])


class EventStore:
    """Append-only, hash-chained event streams in one database. Make one with ``open_store``."""

    def __init__(
        self, db: Backend, clock: Clock | None = None, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
    ) -> None:
        self._db = db
        self._clock: Clock = clock if clock is not None else SystemClock()
        self._lock_timeout = lock_timeout
        self._marks: dict[str, ChainMark] = {}

    @property
    def engine(self) -> Engine:
        """A SQLAlchemy engine on the same database (for the service layer's own tables; on a
        SQLite file, made, and SQLAlchemy imported, at the first use)."""
        return self._db.engine

    @property
    def backend(self) -> Backend:
        """Where the store's SQL runs (``store.backend``): for readers of the store's own
        tables that a command typed on SQLite must reach without SQLAlchemy."""
        return self._db

    # -- writing ---------------------------------------------------------------------------

    def append(self, stream: str, events: Sequence[Event], expected_version: int) -> int:
        """Append ``events`` atomically after event ``expected_version``; return the new version.

        ``expected_version`` is the number of events the caller believes ``stream`` has (0 for
        a new stream). If another writer got there first, ``ConcurrencyError`` is raised and
        nothing is written. An empty ``events`` only checks the version.
        """
        return self.append_many({stream: (events, expected_version)})[stream]

    def append_many(
        self,
        writes: Mapping[str, tuple[Sequence[Event], int]],
        reads: Mapping[str, int] | None = None,
    ) -> dict[str, int]:
        """Append to several streams in one transaction: all or nothing.

        ``writes`` maps each stream to ``(events, expected_version)``; ``reads`` maps streams a
        decision was based on but that get no events to the versions that were read. If any
        stream of either is not at its expected version, ``ConcurrencyError`` names it and
        nothing is written: a command that read a table's stream and the cage's stream and
        writes only the cage's is refused if the table moved meanwhile. Streams are locked in
        name order (writers never deadlock); read-only streams take a shared lock on
        PostgreSQL. Returns every written stream's new version.
        """
        reads = dict(reads or {})
        if not writes:
            raise InvalidInput("append_many needs at least one stream to write")
        plan: dict[str, tuple[list[tuple[str, str]], int]] = {}
        for stream, (events_, expected) in writes.items():
            _check_stream(stream)
            version = _check_version(expected)
            plan[stream] = (_encode(events_), version)
        for stream, expected in reads.items():
            _check_stream(stream)
            _check_version(expected)
            if stream in plan and plan[stream][1] != expected:
                raise InvalidInput(
                    f"stream {stream!r} is both read at version {expected} and written "
                    f"after version {plan[stream][1]}"
                )
        recorded_at = self._clock.now()
        if recorded_at.tzinfo is None:
            raise InvalidInput("the store's clock returned a naive datetime (no time zone)")
        recorded_at = recorded_at.astimezone(UTC)
        first = sorted(plan)[0]
        try:
            with self._db.writing() as conn:
                return self._append_locked(conn, plan, reads, recorded_at)
        except DuplicateRow:
            actual = self.version(first)
            raise ConcurrencyError(
                f"stream {first!r} was written concurrently: expected version "
                f"{plan[first][1]}, it is now {actual}; nothing was written",
                first,
                plan[first][1],
                actual,
            ) from None
        except Locked:
            raise ConcurrencyError(
                f"stream {first!r}: gave up after {self._lock_timeout:g} s waiting for "
                "another writer's lock; nothing was written",
                first,
                plan[first][1],
                None,
            ) from None

    def _append_locked(
        self,
        conn: Session,
        plan: dict[str, tuple[list[tuple[str, str]], int]],
        reads: dict[str, int],
        recorded_at: datetime,
    ) -> dict[str, int]:
        postgresql = conn.dialect == "postgresql"
        if postgresql:
            timeout_ms = max(1, round(self._lock_timeout * 1000))
            conn.run(f"SET LOCAL lock_timeout = {timeout_ms}")
        current: dict[str, int | None] = {}
        for stream in sorted(set(plan) | set(reads)):
            written = stream in plan
            expected = plan[stream][1] if written else reads[stream]
            # SQLite's BEGIN IMMEDIATE has locked the database; PostgreSQL locks the row
            lock = (" FOR UPDATE" if written else " FOR SHARE") if postgresql else ""
            found = conn.scalar(VERSION_OF + lock, {"stream": stream})
            actual = 0 if found is None else found
            if actual != expected:
                raise ConcurrencyError(
                    f"stream {stream!r} is at version {actual}, not the expected "
                    f"{expected}; nothing was written",
                    stream,
                    expected,
                    actual,
                )
            current[stream] = found
        versions: dict[str, int] = {}
        for stream in sorted(plan):
            encoded, actual = plan[stream]
            versions[stream] = self._insert(
                conn, stream, encoded, actual, current[stream] is None, recorded_at
            )
        return versions

    def _insert(
        self,
        conn: Session,
        stream: str,
        encoded: list[tuple[str, str]],
        actual: int,
        new_stream: bool,
        recorded_at: datetime,
    ) -> int:
        if not encoded:
            return actual
        found, mark = self._check(conn, stream, actual)
        if found is not None:
            raise CorruptStream(
                f"stream {stream!r} is damaged at event {found.seq}: {found.kind.value} "
                f"({found.detail}); nothing was written (run `croupier verify`)"
            )
        prev_hash = mark.hash
        stored_at = conn.time(recorded_at)
        rows: list[dict[str, Any]] = []
        for seq, (type_, payload_text) in enumerate(encoded, start=actual + 1):
            digest = event_hash(stream, seq, type_, payload_text, recorded_at, prev_hash)
            rows.append(
                {
                    "stream": stream,
                    "seq": seq,
                    "type": type_,
                    "payload": payload_text,
                    "recorded_at": stored_at,
                    "prev_hash": prev_hash,
                    "hash": digest,
                }
            )
            prev_hash = digest
        new_version = actual + len(rows)
        conn.run(INSERT_EVENT, rows)
        if new_stream:
            conn.run(
                "INSERT INTO event_streams (stream, version) VALUES (:stream, :version)",
                {"stream": stream, "version": new_version},
            )
        else:
            conn.run(
                "UPDATE event_streams SET version = :version "
                "WHERE stream = :stream AND version = :actual",
                {"stream": stream, "version": new_version, "actual": actual},
            )
        self._marks[stream] = ChainMark(new_version, prev_hash)
        return new_version

    def _check(
        self, conn: Session, stream: str, version: int, since: int = 1
    ) -> tuple[ChainBreak | None, ChainMark]:
        """Check events ``mark+1..version`` of ``stream`` from its verified-up-to mark (or
        from event ``since`` when the mark is before it).

        Events beyond ``version`` are not looked at here: a concurrent writer may have
        committed them since ``version`` was read (``chain_break`` checks them race-free).
        """
        start = self._marks.get(stream, ChainMark())
        if start.seq > version:  # the recorded version went down: check from the start
            start = ChainMark()
        if start.seq < since - 1 and since <= version:
            # A reader that starts at a checkpoint: the chain is checked from that event on,
            # taking the link it stores to the event before it as given (``croupier verify``
            # and the signed anchors cover the events before).
            link = conn.scalar(LINK_OF, {"stream": stream, "seq": since})
            if link is not None:
                start = ChainMark(since - 1, link)
        if start.seq == version:
            return None, start
        rows = conn.all(CHAIN_BETWEEN, {"stream": stream, "after": start.seq, "upto": version})
        found, mark = check_rows(stream, map(_chain_row, rows), version, start)
        self._marks[stream] = mark
        return found, mark

    def anchor_break(self, conn: Session, stream: str, version: int) -> ChainBreak | None:
        """Readers prove what they trust (issue 26): the stream's event at the version its
        newest signed anchor covers must be stored with the hash the anchor signed. Two indexed
        queries, whatever the history's size: a rewrite before the anchor, hashes recomputed,
        changes that event's hash, and the events after it are re-hashed by the chain check."""
        row = conn.first(NEWEST_ANCHOR_HEAD, {"stream": stream})
        if row is None:
            return None
        signed_version, signed_hash, signed_at = row
        when = utc(signed_at).isoformat(timespec="seconds")
        if version < signed_version:
            return ChainBreak(
                stream,
                version + 1,
                BreakKind.ANCHOR_MISMATCH,
                f"the anchor signed at {when} covers its events to {signed_version}, the stream "
                f"holds {version}",
            )
        stored = conn.scalar(HASH_OF, {"stream": stream, "seq": signed_version})
        if stored != signed_hash:
            shown = "nothing" if stored is None else f"hash {stored[:12]}…"
            return ChainBreak(
                stream,
                signed_version,
                BreakKind.ANCHOR_MISMATCH,
                f"it is stored with {shown}, the anchor signed at {when} signed "
                f"{signed_hash[:12]}… (the history up to it was rewritten)",
            )
        return None

    def chain_break(self, stream: str, since: int = 1) -> ChainBreak | None:
        """The first broken link of ``stream``'s hash chain, or None if it is intact.

        Incremental: the events up to this store's verified-up-to mark for the stream (set by
        an earlier check or by this store's own appends) are not hashed again, so checking
        before every read or command costs only the events added since. With ``since`` (a
        reader that starts at a checkpoint, ``service.books``) the check starts at that event
        when the mark is before it. ``verify`` checks every event from the start; use it for an
        audit. A stream that does not exist is intact.
        """
        _check_stream(stream)

        def recorded_version(conn: Session) -> int:
            found = conn.scalar(VERSION_OF, {"stream": stream})
            return 0 if found is None else int(found)

        with self._db.reading() as conn:
            version = recorded_version(conn)
            found = self.anchor_break(conn, stream, version)
            if found is not None:
                return found
            found, _mark = self._check(conn, stream, version, since)
            if found is not None:
                return found
            last = conn.scalar(
                "SELECT max(seq) FROM events WHERE stream = :stream", {"stream": stream}
            )
            # A writer commits its events and the new version together and a version only
            # grows: events beyond a version read after them were written behind the store.
            if last is not None and last > version and last > recorded_version(conn):
                return ChainBreak(
                    stream,
                    version + 1,
                    BreakKind.VERSION_MISMATCH,
                    f"{last} events are stored but the stream's recorded version is {version}",
                )
        return None

    def anchor_break_of(self, stream: str) -> ChainBreak | None:
        """``anchor_break`` of ``stream`` at its recorded version, on a connection of its own."""
        _check_stream(stream)
        with self._db.reading() as conn:
            recorded = conn.scalar(VERSION_OF, {"stream": stream})
            return self.anchor_break(conn, stream, recorded or 0)

    def chain_break_between(
        self, stream: str, since: int, upto: int, *, anchored: bool = True
    ) -> ChainBreak | None:
        """The first broken link among events ``since..upto`` of ``stream`` (a report's window),
        taking event ``since``'s stored link to the one before as given; None if intact. Does
        not move this store's verified-up-to marks. With ``anchored`` (the default) the stream
        is first checked against its newest anchor (``anchor_break``); a reader checking many
        small ranges of one stream does that once (``anchor_break_of``) and passes False."""
        _check_stream(stream)
        if anchored:
            found = self.anchor_break_of(stream)
            if found is not None:
                return found
        with self._db.reading() as conn:
            start = ChainMark()
            if since > 1:
                link = conn.scalar(LINK_OF, {"stream": stream, "seq": since})
                if link is None:
                    return ChainBreak(
                        stream, since, BreakKind.SEQUENCE_GAP, f"event {since} is missing"
                    )
                start = ChainMark(since - 1, link)
            rows = conn.all(CHAIN_BETWEEN, {"stream": stream, "after": start.seq, "upto": upto})
        return check_rows(stream, map(_chain_row, rows), upto, start)[0]

    def links_break(self, stream: str, seqs: Sequence[int], upto: int) -> ChainBreak | None:
        """The first broken link around each event of ``seqs`` (a reader's checkpoints, each
        after a digest, so from 2): for each ``s``, events ``s`` and ``s + 1`` (not past
        ``upto``) hash to their stored hashes and each points at the stored hash of the event
        before it. The stored hash of event ``s - 1`` is taken as given: the caller checks that
        event's contents itself (a digest read on its own). Not the anchor
        (``anchor_break_of``). The same finding as ``chain_break_between(stream, s - 1,
        min(s + 1, upto), anchored=False)`` for each ``s`` in order, given that check, in a
        few queries instead of one per event."""
        _check_stream(stream)
        wanted = sorted({s for s in seqs if 1 < s <= upto})
        ahead = sorted({t for s in wanted for t in (s, s + 1) if t <= upto})
        hashes: dict[int, str] = {}
        rows: dict[int, ChainRow] = {}
        with self._db.reading() as conn:
            for part in _parts([s - 1 for s in wanted]):
                listed, params = in_list("s", part)
                linked = conn.all(
                    f"SELECT seq, hash FROM events WHERE stream = :stream AND seq IN {listed}",
                    {"stream": stream, **params},
                )
                hashes.update((int(seq), str(hash_)) for seq, hash_ in linked)
            for part in _parts(ahead):
                listed, params = in_list("s", part)
                found = conn.all(
                    f"SELECT {CHAIN} FROM events WHERE stream = :stream AND seq IN {listed}",
                    {"stream": stream, **params},
                )
                rows.update((int(row[0]), _chain_row(row)) for row in found)
        for s in wanted:
            before = hashes.get(s - 1)
            if before is None:
                missing = f"event {s - 1} is missing"
                return ChainBreak(stream, s - 1, BreakKind.SEQUENCE_GAP, missing)
            last = min(s + 1, upto)
            run = [rows[t] for t in range(s, last + 1) if t in rows]
            found_break = check_rows(stream, run, last, ChainMark(s - 1, before))[0]
            if found_break is not None:
                return found_break
        return None

    # -- reading ---------------------------------------------------------------------------

    def _rows(self, stream: str, after: int, upto: int | None = None) -> list[Row]:
        _check_stream(stream)
        sql = f"SELECT {EVENT} FROM events WHERE stream = :stream AND seq > :after"
        params: dict[str, Any] = {"stream": stream, "after": after}
        if upto is not None:
            sql += " AND seq <= :upto"
            params["upto"] = upto
        with self._db.reading() as conn:
            return conn.all(sql + " ORDER BY seq", params)

    def read_between(self, stream: str, after: int, upto: int | None = None) -> list[StoredEvent]:
        """The stream's events with ``after < seq <= upto`` (to the end without ``upto``), in
        order, decoded."""
        with _decoding():
            return [_stored(row, decode=True) for row in self._rows(stream, after, upto)]

    def read_types(
        self, stream: str, types: Sequence[str], upto: int | None = None, after: int = 0
    ) -> list[StoredEvent]:
        """The stream's events of the given types (``after < seq <= upto``), in order,
        decoded; found through the (stream, type, seq) index, so the cost is theirs alone.

        One query per type: with ``type IN (...)`` and an order by seq, SQLite prefers the
        (stream, seq) index and walks the whole stream."""
        _check_stream(stream)
        rows: list[Row] = []
        sql = f"SELECT {EVENT} FROM events WHERE stream = :stream AND type = :type AND seq > :after"
        if upto is not None:
            sql += " AND seq <= :upto"
        with _decoding():
            with self._db.reading() as conn:
                for type_ in dict.fromkeys(types):
                    params = {"stream": stream, "type": type_, "after": after, "upto": upto}
                    rows.extend(conn.all(sql, params))
            rows.sort(key=lambda row: int(row[1]))
            return [_stored(row, decode=True, keep_text=True) for row in rows]

    def seqs_of_type(self, stream: str, type_: str) -> list[int]:
        """The seqs of the stream's events of one type, in order (index only, no payloads)."""
        _check_stream(stream)
        with self._db.reading() as conn:
            rows = conn.all(
                "SELECT seq FROM events WHERE stream = :stream AND type = :type ORDER BY seq",
                {"stream": stream, "type": type_},
            )
        return [int(row[0]) for row in rows]

    def read_raw(self, stream: str, after: int = 0) -> list[StoredEvent]:
        """The stream's events after seq ``after``, in order, payloads as JSON data (no decoding).

        An unknown stream reads as empty.
        """
        with _decoding():
            return [_stored(row, decode=False) for row in self._rows(stream, after)]

    def read(self, stream: str, after: int = 0) -> list[StoredEvent]:
        """Like ``read_raw``, with each event decoded (``core.events.event_from_dict``)."""
        with _decoding():
            return [_stored(row, decode=True) for row in self._rows(stream, after)]

    def version(self, stream: str) -> int:
        """The number of events in ``stream`` (0 if it does not exist)."""
        _check_stream(stream)
        with self._db.reading() as conn:
            found = conn.scalar(VERSION_OF, {"stream": stream})
        return 0 if found is None else int(found)

    def head(self, stream: str) -> tuple[int, str]:
        """``(version, hash of the last event)`` of ``stream``; ``(0, GENESIS_HASH)`` if empty.

        Writing heads down outside the database (a daily summary, a signed report) anchors the
        chain: a later ``verify`` plus a head comparison also catches a truncated stream.
        """
        _check_stream(stream)
        with self._db.reading() as conn:
            row = conn.first(
                "SELECT event_streams.version, events.hash FROM event_streams "
                "LEFT OUTER JOIN events ON events.stream = event_streams.stream "
                "AND events.seq = event_streams.version WHERE event_streams.stream = :stream",
                {"stream": stream},
            )
        if row is None:
            return 0, GENESIS_HASH
        version, last_hash = row
        if last_hash is None:
            raise CorruptStream(
                f"stream {stream!r} is damaged: its last event {version} is missing"
            )
        return int(version), str(last_hash)

    def streams(self, prefix: str = "") -> list[str]:
        """The names of all streams starting with ``prefix``, sorted."""
        return sorted(self.stream_versions(prefix))

    def stream_versions(self, prefix: str = "") -> dict[str, int]:
        """Every stream starting with ``prefix`` and its version."""
        sql = "SELECT stream, version FROM event_streams"
        params: dict[str, Any] = {}
        if prefix:
            escaped = prefix.replace("/", "//").replace("%", "/%").replace("_", "/_")
            sql += " WHERE stream LIKE :prefix ESCAPE '/'"
            params["prefix"] = escaped + "%"
        with self._db.reading() as conn:
            rows = conn.all(sql, params)
        # LIKE ignores ASCII case in SQLite: the prefix is held to exactly
        return {str(name): int(v) for name, v in rows if str(name).startswith(prefix)}

    # -- checking --------------------------------------------------------------------------

    def verify(self, stream: str | None = None) -> list[ChainBreak]:
        """Check hash chains: every stream's (or one stream's) first broken link, if any.

        An empty list means every chain checked is intact. Also looks at streams that have
        events but no recorded version, and the reverse.
        """
        with self._db.reading() as conn:
            if stream is None:
                versions = {
                    str(name): int(v)
                    for name, v in conn.all("SELECT stream, version FROM event_streams")
                }
                for (name,) in conn.all("SELECT DISTINCT stream FROM events"):
                    versions.setdefault(str(name), 0)
            else:
                _check_stream(stream)
                found = conn.scalar(VERSION_OF, {"stream": stream})
                versions = {stream: 0 if found is None else int(found)}
            breaks: list[ChainBreak] = []
            for name in sorted(versions):
                rows = conn.each(
                    f"SELECT {CHAIN} FROM events WHERE stream = :stream ORDER BY seq",
                    {"stream": name},
                )
                found_break = first_break(name, map(_chain_row, rows), versions[name])
                if found_break is not None:
                    breaks.append(found_break)
        return breaks

    def close(self) -> None:
        """Release the database connections."""
        self._db.dispose()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


IN_LIST_MAX: Final = 500
"""Values bound in one ``IN (...)`` list: with the stream's name, below 999, SQLite's limit on a
statement's parameters before version 3.32 (32,766 since; PostgreSQL's is 65,535)."""


def _parts(values: Sequence[int]) -> list[Sequence[int]]:
    """``values`` in runs of at most ``IN_LIST_MAX``, for ``IN`` lists."""
    return [values[i : i + IN_LIST_MAX] for i in range(0, len(values), IN_LIST_MAX)]


def _stored(row: Row, *, decode: bool, keep_text: bool = False) -> StoredEvent:
    stream, seq, type_, text, recorded_at, prev_hash, hash_ = row
    where = f"stream {stream!r} event {seq}"
    try:
        payload: dict[str, JSON] = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptStream(f"{where}: stored payload is not JSON ({exc})") from None
    if not isinstance(payload, dict):
        raise CorruptStream(f"{where}: stored payload is not a JSON object")
    decoded = None
    if decode:
        try:
            decoded = event_from_dict({**payload, "type": type_})
        except InvalidInput as exc:
            raise InvalidInput(f"{where} cannot be decoded: {exc}") from None
    return StoredEvent(
        stream=stream,
        seq=seq,
        type=type_,
        payload=payload,
        event=decoded,
        recorded_at=utc(recorded_at),
        prev_hash=prev_hash,
        hash=hash_,
        text=text if keep_text else None,
    )
