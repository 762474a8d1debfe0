"""Telling every worker that a stream moved: the fan-out behind live updates.

When a table's stream gets new events, every browser watching that table must hear of it, but
with ``croupier serve --workers N`` the browser may be connected to another worker process than
the one that appended. The store is the truth; the fan-out only carries a small notice,
``(stream, version)``, and each worker reads the new events from the store itself. So a notice
that is lost or duplicated costs at most a late or repeated read, never a lost event, and a
reconnecting browser resumes from the version it last saw.

Two implementations of one small interface:

* ``LocalFanout``: one process (SQLite, or a single worker): asyncio queues.
* ``PostgresFanout``: many processes on one PostgreSQL database: ``NOTIFY`` on publish,
  ``LISTEN`` on one connection per worker. Channels are per database *and* schema (a digest of
  the URL's target), so two organizations' databases or two test schemas on one server do not
  hear each other. PostgreSQL delivers a notice only when the appending transaction commits,
  and a payload is at most 8,000 bytes; a notice here is a few dozen.

A notice is sent after the append commits, on its own connection, so one can be lost: the
worker that appended is killed between the two, or its publishing connection fails. So each
worker also tells its own subscribers ``EVERY`` every ``SWEEP_SECONDS`` (each watched table
checked against the store: one version read each, nothing sent where nothing moved), and a
lost notice costs a late update of at most that long, never a table left behind for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Final, Protocol

from croupier.core.errors import InvalidInput

log = logging.getLogger(__name__)

EVERY: Final = "*"
"""The stream of a notice that says any stream may have moved: the listener was cut off for a
while (its connection dropped and was made again), so the notices of that while are lost and
each watched table is checked against the store."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A stream reached a version (its new events are in the store)."""

    stream: str
    version: int

    def encode(self) -> str:
        return json.dumps([self.stream, self.version], separators=(",", ":"))

    @classmethod
    def decode(cls, text: str) -> Notice | None:
        """The notice in ``text``, or None for anything malformed (ignored, never raised)."""
        try:
            stream, version = json.loads(text)
        except (ValueError, TypeError):
            return None
        if not isinstance(stream, str) or isinstance(version, bool) or not isinstance(version, int):
            return None
        return cls(stream, version)


class Fanout(Protocol):
    """Publish notices; hand each subscriber every notice published after it subscribed."""

    async def publish(self, notice: Notice) -> None: ...

    def subscribe(self) -> AsyncIterator[Notice]: ...

    async def close(self) -> None: ...


class Subscription:
    """The notices delivered to one subscriber, in order, from the moment it subscribed."""

    def __init__(self, queues: set[asyncio.Queue[Notice]], backlog: int) -> None:
        self._queues = queues
        self._queue: asyncio.Queue[Notice] = asyncio.Queue(backlog)
        queues.add(self._queue)

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Notice:
        return await self._queue.get()

    async def aclose(self) -> None:
        """Stop receiving notices."""
        self._queues.discard(self._queue)


class LocalFanout:
    """Every subscriber of this process gets every notice (a bounded queue each: a subscriber
    that falls more than ``backlog`` notices behind loses the oldest, and catches up from the
    store by version)."""

    def __init__(self, backlog: int = 1000) -> None:
        self._queues: set[asyncio.Queue[Notice]] = set()
        self._backlog = backlog

    async def publish(self, notice: Notice) -> None:
        self.deliver(notice)

    def deliver(self, notice: Notice) -> None:
        for queue in list(self._queues):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(notice)

    def subscribe(self) -> Subscription:
        """A subscription that receives every notice delivered from now on."""
        return Subscription(self._queues, self._backlog)

    async def close(self) -> None:
        self._queues.clear()


def channel_for(url: str) -> str:
    """The NOTIFY channel of the database (and schema) a URL names: ``croupier_`` and a digest
    of the URL without its password, a valid unquoted identifier."""
    from sqlalchemy.engine import make_url

    target = make_url(url).render_as_string(hide_password=True)
    return "croupier_" + hashlib.sha256(target.encode()).hexdigest()[:24]


def libpq_url(url: str) -> str:
    """The libpq form of a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://`` -> ``postgresql://``)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise InvalidInput(f"a PostgreSQL URL is needed for the fan-out between workers, got {url}")
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresFanout:
    """Notices between worker processes over PostgreSQL ``LISTEN``/``NOTIFY``."""

    def __init__(self, url: str) -> None:
        self._conninfo = libpq_url(url)
        self.channel = channel_for(url)
        self._local = LocalFanout()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._publisher: object | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Open the listening connection (once); notices from any worker then reach this
        process's subscribers."""
        if self._listener is None:
            self._listener = asyncio.create_task(self._listen())
            await asyncio.wait_for(self._ready.wait(), timeout=10)
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep())

    SWEEP_SECONDS: float = 10.0
    """How often this worker's subscribers are told ``EVERY`` (the longest a lost notice
    leaves a watched table behind)."""

    async def _sweep(self) -> None:
        """``EVERY`` to this process's subscribers every ``SWEEP_SECONDS``, until cancelled."""
        while True:
            await asyncio.sleep(self.SWEEP_SECONDS)
            self._local.deliver(Notice(EVERY, 0))

    RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)
    """The waits before each new try when the listening connection is lost (the last repeats)."""

    async def _listen(self) -> None:
        """Listen until cancelled. A lost connection (a database restart, a network cut) is
        made again, however often; the notices of the gap are lost, so the first one after it
        is ``EVERY``."""
        import psycopg

        tries = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {self.channel}")
                    if self._ready.is_set():  # listening again, after a gap
                        self._local.deliver(Notice(EVERY, 0))
                    self._ready.set()
                    tries = 0
                    async for note in conn.notifies():
                        notice = Notice.decode(note.payload)
                        if notice is not None:
                            self._local.deliver(notice)
            except (psycopg.Error, OSError) as exc:
                log.warning("fan-out: listening on %s lost (%s); trying again", self.channel, exc)
            await asyncio.sleep(self.RETRY_SECONDS[min(tries, len(self.RETRY_SECONDS) - 1)])
            tries += 1

    async def publish(self, notice: Notice) -> None:
        import psycopg

        if self._publisher is None:
            self._publisher = await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True)
        conn = self._publisher
        assert isinstance(conn, psycopg.AsyncConnection)
        try:
            await conn.execute("SELECT pg_notify(%s, %s)", (self.channel, notice.encode()))
        except (psycopg.Error, OSError) as exc:
            # this notice is lost (a late read elsewhere, at the next sweep at most, no event);
            # the next one reconnects
            self._publisher = None
            with contextlib.suppress(Exception):
                await conn.close()
            log.warning("fan-out: a notice of %s was not sent (%s)", notice.stream, exc)

    def subscribe(self) -> Subscription:
        return self._local.subscribe()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sweeper
            self._sweeper = None
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        if self._publisher is not None:
            import psycopg

            conn = self._publisher
            assert isinstance(conn, psycopg.AsyncConnection)
            await conn.close()
            self._publisher = None
        await self._local.close()


def fanout_for(url: str) -> LocalFanout | PostgresFanout:
    """The fan-out that fits a database URL: PostgreSQL's NOTIFY for a PostgreSQL database
    (several workers may share it), in-process queues otherwise."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:  # a malformed URL: the store says so when it is opened
        return LocalFanout()
    return PostgresFanout(url) if backend == "postgresql" else LocalFanout()
