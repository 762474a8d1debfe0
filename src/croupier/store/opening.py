"""Opening the event store: a database URL reached, its schema at this croupier's revision
(migrated there when asked), and one clear ``InvalidInput`` for anything in the way.

Apart from ``event_store.py`` because it is another phase: what a database must be before the
store's contract (append, read, the chain checks) applies. A SQLite file is opened on Python's
own ``sqlite3`` and a ``postgresql+psycopg://`` database on psycopg (SQLAlchemy imported only to
migrate them, or when asked for an engine); anything else, and a store opened with
``engine=True`` (the web server's), through a SQLAlchemy engine with ``store.engine``'s
settings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from croupier.core.clock import Clock
from croupier.core.errors import InvalidInput
from croupier.store import backend as backends
from croupier.store import backend_pg
from croupier.store.backend import Backend, Locked
from croupier.store.event_store import DEFAULT_LOCK_TIMEOUT, EventStore

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

B = TypeVar("B", bound=Backend)


def open_store(
    url: str,
    *,
    clock: Clock | None = None,
    upgrade: bool = True,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    engine: bool = False,
) -> EventStore:
    """Open the event store at a database URL, migrating its schema to the newest revision.

    ``url`` is e.g. ``sqlite:///croupier.db`` or ``postgresql+psycopg://user@host:5432/db``.
    A malformed or unreachable URL raises ``InvalidInput`` with one clear message, and creates
    nothing. With ``upgrade=False`` nothing is created either: the database must already exist
    at the current schema revision (what ``croupier verify`` uses). ``engine=True`` runs a
    PostgreSQL store's statements on a SQLAlchemy engine's pool (the web server: its own
    tables and its per-request organization on the same engine).
    """
    text = backends.check_url_text(url)
    file = backends.sqlite_file(text)
    conninfo = None if engine else backend_pg.conninfo_of(text)
    if file is not None:  # a SQLite file: Python's sqlite3, SQLAlchemy only to migrate
        db: Backend = _open_sqlite(file, lock_timeout=lock_timeout, upgrade=upgrade)
    elif conninfo is not None:  # PostgreSQL: psycopg, SQLAlchemy only to migrate
        db = _open_psycopg(text, conninfo, lock_timeout=lock_timeout, upgrade=upgrade)
    else:
        db = _open_alchemy(text, lock_timeout=lock_timeout, upgrade=upgrade)
    return EventStore(db, clock, lock_timeout)


def _open_sqlite(
    file: backends.SqliteFile, *, lock_timeout: float, upgrade: bool
) -> backends.SqliteBackend:
    """A SQLite file's backend, reachable and at the head revision (migrated there with
    ``upgrade``, else refused); one clear ``InvalidInput`` for anything in the way."""

    def make_engine() -> Engine:
        from croupier.store import engine as engines

        url = engines.parse_url(file.url_text)
        return engines.create_engine(url, lock_timeout=lock_timeout, must_exist=False)

    backends.check_sqlite_path(file.url_text, file.path, must_exist=not upgrade)
    db = backends.SqliteBackend(file, lock_timeout, make_engine)

    def reach() -> None:
        with db.reading() as conn:
            conn.scalar("SELECT 1")

    def revision() -> str | None:
        with db.reading() as conn:
            return backends.sqlite_revision(conn)

    return _prepared(db, file.url_text, reach, revision, upgrade)


def _open_psycopg(
    text: str, conninfo: str, *, lock_timeout: float, upgrade: bool
) -> backend_pg.PsycopgBackend:
    """A PostgreSQL database's psycopg backend, reachable and at the head revision (migrated
    there with ``upgrade``, else refused); one clear ``InvalidInput`` for anything in the way."""
    shown = backend_pg.safe_url(text)

    def make_engine() -> Engine:
        from croupier.store import engine as engines

        parsed = engines.parse_url(text)
        return engines.create_engine(parsed, lock_timeout=lock_timeout, must_exist=not upgrade)

    db = backend_pg.PsycopgBackend(conninfo, text, make_engine)
    return _prepared(db, shown, db.reach, lambda: backend_pg.revision(db), upgrade)


def _prepared(
    db: B, shown: str, reach: Callable[[], None], revision: Callable[[], str | None], upgrade: bool
) -> B:
    """``db`` reached (``reach``) and at the head revision (``revision`` reads where it is):
    migrated there with ``upgrade``, else refused; anything in the way is one clear
    ``InvalidInput`` naming the database as ``shown``, and ``db`` is disposed of."""
    try:
        reach()
    except (backends.BackendError, Locked) as exc:
        db.dispose()
        raise InvalidInput(f"cannot reach database {shown}: {exc}") from None
    try:
        current = revision()
        if current != backends.HEAD_REVISION and upgrade:
            from croupier.store.engine import upgrade_to_head

            upgrade_to_head(db.engine)
        elif not upgrade:
            backends.refuse_revision(shown, current)
    except (backends.BackendError, Locked) as exc:
        db.dispose()
        raise InvalidInput(f"cannot prepare database {shown}: {exc}") from None
    except BaseException:
        db.dispose()
        raise
    return db


def _open_alchemy(text: str, *, lock_timeout: float, upgrade: bool) -> Backend:
    from sqlalchemy.exc import DBAPIError

    from croupier.store import engine as engines

    parsed = engines.parse_url(text)
    engine = engines.create_engine(parsed, lock_timeout=lock_timeout, must_exist=not upgrade)
    engines.check_reachable(engine)
    try:
        if upgrade:
            engines.upgrade_to_head(engine)
        else:
            engines.require_head(engine)
    except DBAPIError as exc:
        engine.dispose()
        raise InvalidInput(
            f"cannot prepare database {engines.safe_url(parsed)}: "
            f"{engines.describe_connect_error(exc)}"
        ) from None
    except BaseException:
        engine.dispose()
        raise
    return backends.AlchemyBackend(engine, engines.safe_url(parsed))


def open_existing_store(
    url: str,
    *,
    clock: Clock | None = None,
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    engine: bool = False,
) -> EventStore:
    """Open the event store of a database that already exists; never create or migrate one.

    A mistyped SQLite path is refused ("no database at ...; create it with `croupier db
    upgrade`") instead of silently creating an empty database, and so is a database whose
    schema is not this croupier's (what every command but ``croupier db upgrade`` and
    ``croupier books init`` uses). Same as ``open_store(url, upgrade=False)``.
    """
    return open_store(url, clock=clock, upgrade=False, lock_timeout=lock_timeout, engine=engine)
