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

Only the URL scheme ``postgresql+psycopg://`` comes here (the one croupier documents), read as
SQLAlchemy reads it (``conninfo_of``: user, password, host, port, database and ``?key=value``
connection options such as ``options=-csearch_path%3Dname``); the forms only SQLAlchemy
reads (several hosts) are opened by SQLAlchemy as before.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import parse_qsl, unquote

from croupier.core.errors import InvalidInput
from croupier.core.names import ascii_digits
from croupier.store import scope
from croupier.store.backend import (
    BackendError,
    DuplicateRow,
    Locked,
    Params,
    PooledBackend,
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


_URL: Final = re.compile(
    r"postgresql\+psycopg://"
    r"(?:(?P<user>[^:/]*)(?::(?P<password>[^@]*))?@)?"
    r"(?:\[(?P<ipv6>[^/?]+)\]|(?P<host>[^/:?]+))?"
    r"(?::(?P<port>[^/?]*))?"
    r"(?:/(?P<dbname>[^?]*))?"
    r"(?:\?(?P<query>.*))?",
    re.DOTALL,
)
"""A ``postgresql+psycopg://`` URL read as SQLAlchemy reads one (user, password and database
percent-decoded; an IPv6 host in brackets; the query's items passed to the driver as they are),
so that a URL means the same database whichever backend opens it."""


def conninfo_of(url_text: str) -> str | None:
    """The libpq connection string of a ``postgresql+psycopg://`` URL; None for any other URL,
    and for the forms left to SQLAlchemy (several hosts, a port in the query, a key given twice,
    a port that is not a number), which then opens it as before."""
    from psycopg.conninfo import make_conninfo

    found = _URL.fullmatch(url_text)
    if found is None:
        return None
    args: dict[str, str] = {}
    for key in ("user", "password", "dbname"):
        if found[key] is not None and (found[key] or key == "password"):
            args[key] = unquote(found[key])
    host = found["ipv6"] or found["host"]
    if host:
        args["host"] = host
    if found["port"]:
        if not ascii_digits(found["port"]):
            return None
        args["port"] = found["port"]
    items = parse_qsl(found["query"] or "", keep_blank_values=True)
    keys = [k for k, _ in items]
    if len(set(keys)) != len(keys) or "port" in keys:
        return None
    for key, value in items:
        if key == "host" and ("," in value or ":" in value):
            return None  # several hosts, or a host with its port: SQLAlchemy's own forms
        args[key] = value
    return make_conninfo("", **args)


def safe_url(url_text: str) -> str:
    """The URL as written with its password, if any, shown as ``***`` (for messages)."""
    found = _URL.fullmatch(url_text)
    if found is None or found["password"] is None:
        return url_text
    start, end = found.span("password")
    return url_text[:start] + "***" + url_text[end:]


def statement(sql: str) -> str:
    """The store's ``:name`` placeholders as psycopg's ``%(name)s`` (a literal ``%`` doubled;
    ``::`` casts left alone), made once per statement. Only for a statement run with
    parameters: without them psycopg sends the text as it is (``_query``)."""
    found = _STATEMENTS.get(sql)
    if found is None:
        found = _STATEMENTS[sql] = _PLACEHOLDER.sub(r"%(\1)s", sql.replace("%", "%%"))
    return found


def _query(sql: str, params: Params | None) -> tuple[str, Params | None]:
    """What psycopg is given for ``sql`` run with ``params`` (none: the text itself)."""
    return (statement(sql), params) if params else (sql, None)


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
        self._cursors: list[psycopg.ServerCursor[Any]] = []

    def close_cursors(self) -> None:
        """Close the server-side cursors of ``each`` not read to the end, while the
        transaction is still this session's (a generator left unfinished would otherwise
        close its cursor later, on a connection the pool may have handed to someone else)."""
        import psycopg

        for cursor in self._cursors:
            with suppress(psycopg.Error):
                cursor.close()
        self._cursors.clear()

    def all(self, sql: str, params: Params | None = None) -> list[Row]:
        import psycopg

        if self.watchers:
            self.told(sql)
        try:
            return self._conn.execute(*_query(sql, params)).fetchall()
        except psycopg.Error as exc:
            raise _translated(exc) from None

    def each(self, sql: str, params: Params | None = None) -> Iterator[Row]:
        import psycopg

        if self.watchers:
            self.told(sql)
        cursor = self._conn.cursor(name=f"croupier_each_{next(_CURSORS)}")
        cursor.itersize = 1000
        self._cursors.append(cursor)
        try:
            cursor.execute(*_query(sql, params))
            while batch := cursor.fetchmany(1000):
                yield from batch
        except psycopg.Error as exc:
            raise _translated(exc) from None
        finally:
            if not cursor.closed:  # read to the end, or stopped within the transaction
                with suppress(psycopg.Error):
                    cursor.close()
                self._cursors.remove(cursor)

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> None:
        import psycopg

        if self.watchers:
            self.told(sql)
        try:
            if isinstance(params, Sequence):
                with self._conn.cursor() as cursor:
                    cursor.executemany(statement(sql) if params else sql, params)
            else:
                self._conn.execute(*_query(sql, params))
        except psycopg.Error as exc:
            raise _translated(exc) from None


class PsycopgBackend(PooledBackend["psycopg.Connection[Any]"]):
    """PostgreSQL through psycopg: a small pool of connections shared by threads (each used by
    one thread at a time), in autocommit mode with croupier's own ``BEGIN``."""

    dialect = "postgresql"

    def __init__(
        self,
        conninfo: str,
        url_text: str,
        make_engine: Callable[[], Engine],
        default_scope: str = scope.ALL,
    ) -> None:
        super().__init__(url_text, make_engine, lambda conn: conn.close())
        self.default_scope = default_scope
        self._conninfo = conninfo

    def connect(self) -> psycopg.Connection[Any]:
        """A connection from the pool, or a new one (``BackendError`` if none can be made)."""
        return self._checkout()[0]

    def _checkout(self) -> tuple[psycopg.Connection[Any], bool]:
        """A connection, and whether it came from the pool (it may have been closed by the
        server since: a restart, an idle timeout)."""
        import psycopg

        idle = self._idle.take()
        if idle is not None:
            return idle, True
        try:
            made = psycopg.connect(
                self._conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS
            )
        except psycopg.Error as exc:
            raise BackendError(first_line(exc)) from None
        return made, False

    def _begun(self) -> psycopg.Connection[Any]:
        """A connection with a transaction begun. A pooled connection the server has closed
        since it was last used fails at its ``BEGIN``, before anything was done on it: it is
        dropped and the next one tried, down to a new connection (what SQLAlchemy's
        ``pool_pre_ping`` did, without a round trip when the connection is alive)."""
        import psycopg

        while True:
            conn, pooled = self._checkout()
            try:
                conn.execute(self._begin())
                return conn
            except psycopg.OperationalError as exc:
                conn.close()
                if not pooled:
                    raise _translated(exc) from None
            except psycopg.Error as exc:
                self._release(conn, broken=True)
                raise _translated(exc) from None

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
        self._idle.give(conn, keep=not (broken or conn.closed or conn.broken))

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
    def _transaction(self, write: bool) -> Iterator[Session]:
        import psycopg

        conn = self._begun()
        broken = False
        session = _PsycopgSession(conn, self.watchers)
        try:
            try:
                yield session
            finally:
                session.close_cursors()
            if write:
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

    def _engine_made(self, engine: Engine) -> None:
        scope.set_default(engine, self.default_scope)


def revision(db: PsycopgBackend) -> str | None:
    """The schema revision the database is at (None for a database croupier never touched)."""
    with db.reading() as conn:
        # in the current schema, as SQLAlchemy's has_table looks (not the whole search_path)
        table = conn.scalar(
            "SELECT to_regclass(format('%I.alembic_version', current_schema()))::text"
        )
        if table is None:
            return None
        rows = conn.all(f"SELECT version_num FROM {table}")
    return str(rows[0][0]) if len(rows) == 1 else None
