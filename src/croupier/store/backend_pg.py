"""PostgreSQL through psycopg itself, for the commands a person types (issue 31).

A ``croupier books`` command on PostgreSQL took about twice its time on SQLite; the difference
was SQLAlchemy's import (about 0.13 s) and its engine, not the database. As ``SqliteBackend``
does for a SQLite file, ``PsycopgBackend`` runs the store's statements (plain SQL text, written
once in ``event_store``) on the driver directly: a small pool of connections in autocommit
mode, croupier's own ``BEGIN``, and what SQLAlchemy did for croupier on PostgreSQL done here:

* each transaction names its organization for row-level security (``store.scope``): the
  context's ``org_scope``, else the backend's default (``ALL`` for the command line), set in
  the same round trip as its ``BEGIN``;
* a row refused by row-level security is ``InvalidInput`` with ``scope.REFUSED``; a unique key
  is ``DuplicateRow``; a lock timeout is ``Locked``; any other error ``BackendError``;
* a whole stream read with ``each`` comes through a server-side cursor, a thousand rows at a
  time, as SQLAlchemy's ``yield_per`` did;
* the connect timeout of ``store.engine`` (``CONNECT_TIMEOUT_SECONDS``).

The web server keeps ``AlchemyBackend`` (``open_store(..., engine=True)``): its own tables,
its per-request organization and its pool live on one SQLAlchemy engine. ``engine`` here makes
one on demand (Alembic's migrations, the few commands that read the web's tables).

Only the URL scheme ``postgresql+psycopg://`` comes here (the one croupier documents); libpq
reads the rest of such a URL as SQLAlchemy does (user, password, host, port, database and
``?key=value`` connection options such as ``options=-csearch_path%3Dname``).
"""

from __future__ import annotations

import itertools
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit, urlunsplit

from croupier.core.errors import InvalidInput
from croupier.store import scope
from croupier.store.backend import (
    Backend,
    BackendError,
    DuplicateRow,
    Locked,
    Params,
    Row,
    Session,
    first_line,
)

if TYPE_CHECKING:
    import psycopg
    from sqlalchemy.engine import Engine

SCHEME: Final = "postgresql+psycopg://"
CONNECT_TIMEOUT_SECONDS: Final = 5
"""As ``store.engine.CONNECT_TIMEOUT_SECONDS`` (a test holds them equal)."""
LOCK_NOT_AVAILABLE: Final = "55P03"

_PLACEHOLDER: Final = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_STATEMENTS: dict[str, str] = {}
_CURSORS = itertools.count(1)


def conninfo_of(url_text: str) -> str | None:
    """The libpq connection URI of a ``postgresql+psycopg://`` URL; None for any other."""
    if not url_text.startswith(SCHEME):
        return None
    return "postgresql://" + url_text[len(SCHEME) :]


def safe_url(url_text: str) -> str:
    """The URL with its password hidden, as SQLAlchemy renders it for messages."""
    parts = urlsplit(url_text)
    if parts.password is None:
        return url_text
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def statement(sql: str) -> str:
    """The store's ``:name`` placeholders as psycopg's ``%(name)s`` (a literal ``%`` doubled;
    ``::`` casts left alone), made once per statement."""
    found = _STATEMENTS.get(sql)
    if found is None:
        found = _STATEMENTS[sql] = _PLACEHOLDER.sub(r"%(\1)s", sql.replace("%", "%%"))
    return found


def _translated(exc: Exception) -> Exception:
    import psycopg

    if scope.refused_by_row_security(exc):
        return InvalidInput(scope.REFUSED)
    if isinstance(exc, psycopg.IntegrityError):
        return DuplicateRow(first_line(exc))
    if isinstance(exc, psycopg.OperationalError):
        text = str(exc).lower()
        if getattr(exc, "sqlstate", None) == LOCK_NOT_AVAILABLE or "lock timeout" in text:
            return Locked(first_line(exc))
    return BackendError(first_line(exc))


class _PsycopgSession(Session):
    dialect = "postgresql"

    def __init__(self, conn: psycopg.Connection[Any], watchers: list[Callable[[str], None]]):
        self._conn = conn
        self.watchers = watchers

    def all(self, sql: str, params: Params | None = None) -> list[Row]:
        import psycopg

        if self.watchers:
            self.told(sql)
        try:
            return self._conn.execute(statement(sql), params or None).fetchall()
        except psycopg.Error as exc:
            raise _translated(exc) from None

    def each(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        import psycopg

        if self.watchers:
            self.told(sql)
        cursor = self._conn.cursor(name=f"croupier_each_{next(_CURSORS)}")
        cursor.itersize = 1000
        try:
            cursor.execute(statement(sql), params or None)
            while batch := cursor.fetchmany(1000):
                yield from batch
        except psycopg.Error as exc:
            raise _translated(exc) from None
        finally:
            with suppress(psycopg.Error):
                cursor.close()

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> None:
        import psycopg

        if self.watchers:
            self.told(sql)
        try:
            if isinstance(params, Sequence):
                with self._conn.cursor() as cursor:
                    cursor.executemany(statement(sql), params)
            else:
                self._conn.execute(statement(sql), params or None)
        except psycopg.Error as exc:
            raise _translated(exc) from None


class PsycopgBackend(Backend):
    """PostgreSQL through psycopg: a small pool of connections shared by threads (each used by
    one thread at a time), in autocommit mode with croupier's own ``BEGIN``."""

    dialect = "postgresql"
    POOL: Final = 8

    def __init__(
        self,
        conninfo: str,
        url_text: str,
        make_engine: Callable[[], Engine],
        default_scope: str = scope.ALL,
    ) -> None:
        self.url_text = url_text
        self.default_scope = default_scope
        self._conninfo = conninfo
        self._make_engine = make_engine
        self._idle: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        self._closed = False
        self._engine: Engine | None = None
        self.watchers = []

    def connect(self) -> psycopg.Connection[Any]:
        """A connection from the pool, or a new one (``BackendError`` if none can be made)."""
        import psycopg

        with self._lock:
            if self._idle:
                return self._idle.pop()
        try:
            return psycopg.connect(
                self._conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS
            )
        except psycopg.Error as exc:
            raise BackendError(first_line(exc)) from None

    def reach(self) -> None:
        """Connect once (``BackendError`` if the database cannot be reached); the connection
        stays in the pool for the first transaction."""
        self._release(self.connect(), False)

    def _release(self, conn: psycopg.Connection[Any], broken: bool) -> None:
        import psycopg
        from psycopg.pq import TransactionStatus

        if not broken and conn.info.transaction_status != TransactionStatus.IDLE:
            try:
                conn.execute("ROLLBACK")
            except psycopg.Error:
                broken = True
        broken = broken or conn.closed or conn.broken
        with self._lock:
            if not broken and not self._closed and len(self._idle) < self.POOL:
                self._idle.append(conn)
                return
        conn.close()

    def _begin(self) -> str:
        """``BEGIN`` and the transaction's organization, one round trip (no parameters: the
        value is quoted as a literal)."""
        from psycopg import sql

        chosen = scope.org_scope.get()
        value = chosen if chosen is not None else self.default_scope
        return "BEGIN; " + sql.SQL("SELECT set_config({}, {}, true)").format(
            sql.Literal(scope.SETTING), sql.Literal(value)
        ).as_string(None)

    @contextmanager
    def _transaction(self, commit: bool) -> Iterator[Session]:
        import psycopg

        conn = self.connect()
        broken = False
        try:
            try:
                conn.execute(self._begin())
            except psycopg.Error as exc:
                raise _translated(exc) from None
            yield _PsycopgSession(conn, self.watchers)
            if commit:
                try:
                    conn.execute("COMMIT")
                except psycopg.Error as exc:
                    raise _translated(exc) from None
        except BaseException:
            try:
                conn.execute("ROLLBACK")
            except psycopg.Error:
                broken = True
            raise
        finally:
            self._release(conn, broken)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self._transaction(commit=False) as session:
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        with self._transaction(commit=True) as session:
            yield session

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = self._make_engine()
            scope.set_default(self._engine, self.default_scope)
        return self._engine

    def dispose(self) -> None:
        with self._lock:
            idle, self._idle, self._closed = self._idle, [], True
        for conn in idle:
            conn.close()
        if self._engine is not None:
            self._engine.dispose()


def revision(db: PsycopgBackend) -> str | None:
    """The schema revision the database is at (None for a database croupier never touched)."""
    with db.reading() as conn:
        if conn.scalar("SELECT to_regclass('alembic_version') IS NOT NULL") is not True:
            return None
        rows = conn.all("SELECT version_num FROM alembic_version")
    return str(rows[0][0]) if len(rows) == 1 else None
