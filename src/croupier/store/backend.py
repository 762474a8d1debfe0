"""The event store's SQL on its database: Python's own ``sqlite3`` for a SQLite file, SQLAlchemy
for everything else (PostgreSQL, an in-memory SQLite database).

Why two: a command a person types on the embedded default (``croupier books status``, ``report
daily``, ``books fill``) spent about a third of its time importing SQLAlchemy, more than all of
its own work at a year's history (issue 31, docs/bench-books.md). The store's statements are
plain SQL text, written once in ``event_store`` and run unchanged by either ``Backend`` here; what
differs (how a transaction begins, how a time is stored, which errors mean a lock or a duplicate)
is decided in this module and nowhere else. SQLAlchemy is imported only when something asks for
``engine`` (the web server's own tables, Alembic's migrations).

Both keep SQLAlchemy's settings for SQLite: WAL, the busy timeout, croupier's own ``BEGIN``
(``DEFERRED`` to read, ``IMMEDIATE`` to append), and times stored as SQLAlchemy's ``DateTime``
stores them (``2026-01-01 09:30:00.000000``, naive UTC), so a database written by one is read by
the other, byte for byte (``tests/integration/store/test_backend.py``).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from croupier.core.errors import InvalidInput

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

Params = Mapping[str, Any]
Row = Sequence[Any]
C = TypeVar("C")

URL_EXAMPLES: Final = "sqlite:///croupier.db or postgresql+psycopg://user@host:5432/dbname"
SQLITE_BEGIN_OPTION: Final = "croupier_sqlite_begin"
"""SQLAlchemy execution option naming the SQLite ``BEGIN`` mode of a connection's next
transaction (``store.engine``)."""
HEAD_REVISION: Final = "0012_anchor_orgs"
"""The newest migration shipped (a test holds it to Alembic's own head): a database already at
it is opened without loading Alembic or reading a migration script (issue 31: most commands
open a database that is up to date, and Alembic's start-up was a tenth of their time)."""


class DuplicateRow(Exception):
    """A unique key refused a row (another writer got there first)."""


class Locked(Exception):
    """The lock timeout passed while another writer held the lock."""


class BackendError(Exception):
    """Any other error of the database, with its driver's first line as the message."""


def first_line(exc: BaseException) -> str:
    """The first line of a driver's message (its type's name when it says nothing)."""
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def sqlite_time(value: datetime) -> str:
    """A time as SQLAlchemy's ``DateTime`` stores it in SQLite: the naive UTC wall time with
    six digits of microseconds. A naive time is refused (``schema.UtcDateTime``)."""
    if value.tzinfo is None:
        raise ValueError("a stored time must be timezone-aware")
    u = value.astimezone(UTC)
    return (
        f"{u.year:04d}-{u.month:02d}-{u.day:02d} "
        f"{u.hour:02d}:{u.minute:02d}:{u.second:02d}.{u.microsecond:06d}"
    )


def utc(value: object) -> datetime:
    """A stored time read back, aware and in UTC (SQLite's text or PostgreSQL's datetime)."""
    if isinstance(value, str):
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    raise BackendError(f"not a stored time: {value!r}")


class Session(ABC):
    """One connection's statements (``Backend.reading`` or ``Backend.writing``)."""

    dialect: str
    watchers: list[Callable[[str], None]]

    @abstractmethod
    def all(self, sql: str, params: Params | None = None) -> list[Row]:
        """Every row of a query."""

    @abstractmethod
    def each(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        """The rows one at a time, not all held at once (a whole stream's chain)."""

    @abstractmethod
    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> None:
        """A statement without rows; a sequence of parameter sets runs it once per set."""

    def told(self, sql: str) -> None:
        """Tell the watchers (``Backend.watching``) of a statement about to run."""
        for watcher in self.watchers:
            watcher(sql)

    def first(self, sql: str, params: Params | None = None) -> Row | None:
        rows = self.all(sql, params)
        return rows[0] if rows else None

    def scalar(self, sql: str, params: Params | None = None) -> Any:
        row = self.first(sql, params)
        return None if row is None else row[0]

    def time(self, value: datetime) -> object:
        """``value`` as this backend binds a stored time."""
        return sqlite_time(value) if self.dialect == "sqlite" else value.astimezone(UTC)


def in_list(name: str, values: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """``(:name0, :name1, ...)`` and its parameters, for an ``IN`` list."""
    params = {f"{name}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{key}" for key in params) + ")", params


class Backend(ABC):
    """Where the store's SQL runs. ``reading()`` is a deferred transaction rolled back at the
    end (the reads see one snapshot); ``writing()`` takes the write lock first (SQLite's
    ``BEGIN IMMEDIATE``) and commits when the block ends without an exception."""

    dialect: str
    url_text: str
    watchers: list[Callable[[str], None]]
    """Called with each statement's text before it runs (``watching``): none but in tests."""

    @contextmanager
    def watching(self, watcher: Callable[[str], None]) -> Iterator[None]:
        """``watcher`` told of every statement run in the block (how many queries a check
        takes, in the tests)."""
        self.watchers.append(watcher)
        try:
            yield
        finally:
            self.watchers.remove(watcher)

    @abstractmethod
    def reading(self) -> AbstractContextManager[Session]:
        """A deferred transaction, rolled back at the end."""

    @abstractmethod
    def writing(self) -> AbstractContextManager[Session]:
        """A transaction holding the write lock from its start, committed at the end."""

    @property
    @abstractmethod
    def engine(self) -> Engine:
        """A SQLAlchemy engine on the same database (imports SQLAlchemy)."""

    @abstractmethod
    def dispose(self) -> None:
        """Close the connections; the backend is not used again."""


class Idle(Generic[C]):
    """The idle connections of a backend's small pool, shared by threads (each connection used
    by one thread at a time): ``take`` one if any, ``give`` it back (kept only while fewer than
    ``size`` wait and the pool is open, else closed), ``close`` them all for good."""

    def __init__(self, size: int, close: Callable[[C], object]) -> None:
        self._size = size
        self._close = close
        self._waiting: list[C] = []
        self._lock = threading.Lock()
        self._closed = False

    def take(self) -> C | None:
        with self._lock:
            return self._waiting.pop() if self._waiting else None

    def give(self, conn: C, keep: bool = True) -> None:
        with self._lock:
            if keep and not self._closed and len(self._waiting) < self._size:
                self._waiting.append(conn)
                return
        self._close(conn)

    def close(self) -> None:
        with self._lock:
            waiting, self._waiting, self._closed = self._waiting, [], True
        for conn in waiting:
            self._close(conn)


class PooledBackend(Backend, Generic[C]):
    """A backend on its driver's own connections (``C``): a small pool of them shared by
    threads (``Idle``, each used by one thread at a time), each transaction begun by croupier
    (``_transaction``), and a SQLAlchemy engine on the same database made only when something
    asks for it (Alembic's migrations, the service's own tables)."""

    POOL: Final = 8
    """Idle connections kept (SQLAlchemy's pool for a file keeps five, and lets ten more open)."""

    def __init__(
        self, url_text: str, make_engine: Callable[[], Engine], close: Callable[[C], object]
    ) -> None:
        self.url_text = url_text
        self._make_engine = make_engine
        self._idle: Idle[C] = Idle(self.POOL, close)
        self._engine: Engine | None = None
        self.watchers = []

    @abstractmethod
    def _transaction(self, write: bool) -> AbstractContextManager[Session]:
        """A transaction on a pooled connection: committed at the end when ``write`` (which
        also takes the write lock first where the database has one), else rolled back."""

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self._transaction(write=False) as session:
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        with self._transaction(write=True) as session:
            yield session

    def _engine_made(self, engine: Engine) -> None:
        """What a backend sets on its engine when it is made (nothing here)."""

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = self._make_engine()
            self._engine_made(self._engine)
        return self._engine

    def dispose(self) -> None:
        self._idle.close()
        if self._engine is not None:
            self._engine.dispose()


# -- SQLite through Python's own module -------------------------------------------------------


@dataclass(frozen=True)
class SqliteFile:
    """A SQLite URL naming a file, as the stdlib backend takes it."""

    url_text: str
    path: Path


def sqlite_file(url: str) -> SqliteFile | None:
    """The file of a plain SQLite URL (``sqlite:///relative.db``, ``sqlite:////abs.db``,
    ``sqlite+pysqlite:///...``), or None for any other URL (PostgreSQL, an in-memory database,
    a ``file:`` URI, query options): those go to SQLAlchemy, which parses and checks them."""
    for scheme in ("sqlite:///", "sqlite+pysqlite:///"):
        if url.startswith(scheme):
            rest = url[len(scheme) :]
            if not rest or rest == ":memory:" or rest.startswith("file:") or "?" in rest:
                return None
            return SqliteFile(url, Path(rest))
    return None


class _SqliteSession(Session):
    dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection, watchers: list[Callable[[str], None]]) -> None:
        self._conn = conn
        self.watchers = watchers

    def all(self, sql: str, params: Params | None = None) -> list[Row]:
        if self.watchers:
            self.told(sql)
        try:
            return self._conn.execute(sql, params or {}).fetchall()
        except sqlite3.Error as exc:
            raise _translated(exc) from None

    def each(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        if self.watchers:
            self.told(sql)
        try:
            cursor = self._conn.execute(sql, params or {})
            while batch := cursor.fetchmany(1000):
                yield from batch
        except sqlite3.Error as exc:
            raise _translated(exc) from None

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> None:
        if self.watchers:
            self.told(sql)
        try:
            if isinstance(params, Sequence):
                self._conn.executemany(sql, params)
            else:
                self._conn.execute(sql, params or {})
        except sqlite3.Error as exc:
            raise _translated(exc) from None


def _translated(exc: sqlite3.Error) -> Exception:
    if isinstance(exc, sqlite3.IntegrityError):
        return DuplicateRow(first_line(exc))
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower():
        return Locked(first_line(exc))
    return BackendError(first_line(exc))


class SqliteBackend(PooledBackend[sqlite3.Connection]):
    """A SQLite file through ``sqlite3``: a small pool of connections shared by threads (each
    used by one thread at a time), each in WAL mode with the busy timeout."""

    dialect = "sqlite"

    def __init__(
        self, file: SqliteFile, lock_timeout: float, make_engine: Callable[[], Engine]
    ) -> None:
        super().__init__(file.url_text, make_engine, sqlite3.Connection.close)
        self.path = file.path
        self._lock_timeout = lock_timeout

    def _connect(self) -> sqlite3.Connection:
        idle = self._idle.take()
        if idle is not None:
            return idle
        try:
            conn = sqlite3.connect(
                self.path,
                timeout=self._lock_timeout,
                isolation_level=None,  # croupier, not the driver, begins each transaction
                check_same_thread=False,
            )
        except sqlite3.Error as exc:
            raise BackendError(first_line(exc)) from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {max(1, round(self._lock_timeout * 1000))}")
            set_wal(conn, self._lock_timeout)
        except sqlite3.Error as exc:
            conn.close()
            raise _translated(exc) from None
        return conn

    def _release(self, conn: sqlite3.Connection, broken: bool) -> None:
        if not broken and conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                broken = True
        self._idle.give(conn, keep=not broken)

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Session]:
        # croupier's BEGIN: IMMEDIATE takes the write lock up front (an append waits its turn
        # instead of failing halfway), DEFERRED to read
        begin, commit = ("BEGIN IMMEDIATE", True) if write else ("BEGIN DEFERRED", False)
        conn = self._connect()
        broken = False
        try:
            try:
                conn.execute(begin)
            except sqlite3.Error as exc:
                raise _translated(exc) from None
            yield _SqliteSession(conn, self.watchers)
            if commit:
                try:
                    conn.execute("COMMIT")
                except sqlite3.Error as exc:
                    raise _translated(exc) from None
        except BaseException:
            try:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
            except sqlite3.Error:
                broken = True
            raise
        finally:
            self._release(conn, broken)


def check_sqlite_path(url_text: str, path: Path, *, must_exist: bool) -> None:
    """Refuse a SQLite file in a directory that does not exist, and (``must_exist``) a file
    that does not: a mistyped path must not create an empty database."""
    if not path.parent.is_dir():
        raise InvalidInput(
            f"cannot open database {url_text}: directory {path.parent} does not exist"
        )
    if must_exist and not path.is_file():
        raise InvalidInput(
            f"no database at {url_text} (file {path} does not exist); "
            "create it with `croupier db upgrade` (or `croupier books init ORG NAME`); "
            "nothing was created"
        )


def sqlite_revision(conn: Session) -> str | None:
    """The schema revision a SQLite database is at (None for one croupier never touched)."""
    if (
        conn.scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
        )
        is None
    ):
        return None
    rows = conn.all("SELECT version_num FROM alembic_version")
    return str(rows[0][0]) if len(rows) == 1 else None


def known_revisions() -> frozenset[str]:
    """The schema revisions this croupier's migrations name (``versions/r<revision>.py``)."""
    folder = Path(__file__).parent / "migrations" / "versions"
    return frozenset(p.stem[1:] for p in folder.glob("r[0-9]*.py"))


def refuse_unknown_revision(url_text: str, current: str | None) -> None:
    """Refuse a database at a schema revision this croupier does not know: one made by a newer
    croupier, which no ``db upgrade`` of this one can read (found by an audit: the advice to
    upgrade ended in an internal error)."""
    if current is not None and current not in known_revisions():
        raise InvalidInput(
            f"database {url_text} has schema revision {current}, which this croupier does not "
            f"know (it knows up to {HEAD_REVISION}): it was made by a newer croupier; use that "
            "one (nothing was changed)"
        )


def refuse_revision(url_text: str, current: str | None) -> None:
    """Refuse a database whose schema is not at this croupier's head revision."""
    refuse_unknown_revision(url_text, current)
    if current != HEAD_REVISION:
        found = "no croupier tables" if current is None else f"schema revision {current}"
        raise InvalidInput(
            f"database {url_text} has {found}, this croupier needs revision {HEAD_REVISION}; "
            "run `croupier db upgrade`"
        )


def set_wal(conn: Any, lock_timeout: float) -> None:
    """Switch a SQLite database to WAL. Several processes opening a fresh database at once can
    get "database is locked" here without SQLite's busy handler being called, so retry within
    the lock timeout."""
    deadline = time.monotonic() + lock_timeout
    delay = 0.005
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() + delay > deadline:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.1)


# -- everything else through SQLAlchemy -------------------------------------------------------


class _AlchemySession(Session):
    def __init__(self, conn: Connection, watchers: list[Callable[[str], None]]) -> None:
        self._conn = conn
        self.dialect = conn.dialect.name
        self.watchers = watchers

    def _execute(self, sql: str, params: Any, **options: Any) -> Any:
        import sqlalchemy as sa

        self.told(sql)
        statement = _text(sql)
        if options:
            statement = statement.execution_options(**options)
        try:
            return self._conn.execute(statement, params)
        except sa.exc.IntegrityError as exc:
            raise DuplicateRow(first_line(exc.orig or exc)) from None
        except sa.exc.OperationalError as exc:
            orig = exc.orig or exc
            text = str(orig).lower()
            if (
                "locked" in text
                or "lock timeout" in text
                or getattr(orig, "sqlstate", "") == "55P03"
            ):
                raise Locked(first_line(orig)) from None
            raise BackendError(first_line(orig)) from None
        except sa.exc.DBAPIError as exc:
            raise BackendError(first_line(exc.orig or exc)) from None

    def all(self, sql: str, params: Params | None = None) -> list[Row]:
        return [tuple(row) for row in self._execute(sql, params or {})]

    def each(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        result = self._execute(sql, params or {}, yield_per=1000)
        try:
            for row in result:
                yield tuple(row)
        finally:
            result.close()

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> None:
        if isinstance(params, Sequence) and not isinstance(params, Mapping):
            self._execute(sql, list(params))
        else:
            self._execute(sql, params or {})


_TEXTS: dict[str, Any] = {}


def _text(sql: str) -> Any:
    """``sqlalchemy.text(sql)``, made once per statement."""
    found = _TEXTS.get(sql)
    if found is None:
        import sqlalchemy as sa

        found = _TEXTS[sql] = sa.text(sql)
    return found


class AlchemyBackend(Backend):
    """A database through a SQLAlchemy engine (``store.engine.create_engine``'s settings)."""

    def __init__(self, engine: Engine, url_text: str) -> None:
        self._engine = engine
        self.dialect = engine.dialect.name
        self.url_text = url_text
        self.watchers = []

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self._engine.connect() as conn:
            yield _AlchemySession(conn, self.watchers)

    @contextmanager
    def writing(self) -> Iterator[Session]:
        with self._engine.connect() as conn:
            conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
            with conn.begin():
                yield _AlchemySession(conn, self.watchers)

    @property
    def engine(self) -> Engine:
        return self._engine

    def dispose(self) -> None:
        self._engine.dispose()


def check_url_text(url: object) -> str:
    """A database URL as given, stripped; an empty one is refused."""
    if not isinstance(url, str) or not url.strip():
        raise InvalidInput(f"a database URL is required, e.g. {URL_EXAMPLES}")
    return url.strip()
