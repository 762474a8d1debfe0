"""Opening a database: URL checks, engine settings per backend, and Alembic migrations.

SQLite runs in WAL mode with a busy timeout, and croupier issues its own ``BEGIN`` so that an
append can take the write lock up front (``BEGIN IMMEDIATE``): concurrent writers then wait their
turn instead of failing with "database is locked" halfway through a transaction. PostgreSQL
connections get a connect timeout; migrations there run under an advisory lock so that two
processes opening a fresh database at once do not both create the tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import sqlalchemy as sa
from sqlalchemy import event as sa_event
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

from croupier.core.errors import InvalidInput
from croupier.store.backend import (
    HEAD_REVISION,
    SQLITE_BEGIN_OPTION,
    URL_EXAMPLES,
    check_sqlite_path,
    first_line,
    refuse_revision,
    refuse_unknown_revision,
    set_wal,
)

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR: Final = Path(__file__).with_name("migrations")
MIGRATION_LOCK_KEY: Final = 0x63726F75  # "crou": PostgreSQL advisory lock for migrations
CONNECT_TIMEOUT_SECONDS: Final = 5


def safe_url(url: URL) -> str:
    """The URL as text with any password hidden, for messages."""
    return url.render_as_string(hide_password=True)


def parse_url(text: str) -> URL:
    """Parse a database URL, refusing malformed ones and backends croupier does not support."""
    try:
        url = sa.make_url(text)
    except ArgumentError:
        raise InvalidInput(
            f"malformed database URL {text!r}: expected e.g. {URL_EXAMPLES}"
        ) from None
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise InvalidInput(
            f"unsupported database {backend!r} in {safe_url(url)}: "
            f"croupier stores events in SQLite or PostgreSQL ({URL_EXAMPLES})"
        )
    return url


def sqlite_path(url: URL) -> Path | None:
    """The file of a SQLite URL, or None for an in-memory database."""
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def create_engine(url: URL, *, lock_timeout: float, must_exist: bool) -> Engine:
    """An engine for ``url`` with croupier's per-backend settings (does not connect yet)."""
    if url.get_backend_name() == "sqlite":
        path = sqlite_path(url)
        if path is not None:
            check_sqlite_path(safe_url(url), path, must_exist=must_exist)
        try:
            engine = sa.create_engine(url, connect_args={"timeout": lock_timeout})
        except (ArgumentError, NoSuchModuleError) as exc:
            raise InvalidInput(f"cannot use database URL {safe_url(url)}: {exc}") from None
        _configure_sqlite(engine, lock_timeout)
        return engine
    connect_args: dict[str, Any] = {}
    if url.get_driver_name() in ("psycopg", "psycopg2"):
        connect_args["connect_timeout"] = CONNECT_TIMEOUT_SECONDS
    try:
        engine = sa.create_engine(url, connect_args=connect_args, pool_pre_ping=True)
    except (ArgumentError, NoSuchModuleError, ImportError) as exc:
        raise InvalidInput(f"cannot use database URL {safe_url(url)}: {exc}") from None
    from croupier.store import scope

    scope.install(engine)  # each transaction names its organization (row-level security)
    return engine


def _configure_sqlite(engine: Engine, lock_timeout: float) -> None:
    busy_ms = max(1, round(lock_timeout * 1000))

    @sa_event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let croupier, not the driver, decide when a transaction begins and in which mode.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {busy_ms}")
            set_wal(cursor, lock_timeout)
        finally:
            cursor.close()

    @sa_event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        mode = connection.get_execution_options().get(SQLITE_BEGIN_OPTION, "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


def describe_connect_error(exc: DBAPIError) -> str:
    """The first line of the driver's message, without SQLAlchemy's boilerplate."""
    return first_line(exc.orig if exc.orig is not None else exc)


def check_reachable(engine: Engine) -> None:
    """Connect once; an unreachable database becomes one clear ``InvalidInput``."""
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except DBAPIError as exc:
        engine.dispose()
        raise InvalidInput(
            f"cannot reach database {safe_url(engine.url)}: {describe_connect_error(exc)}"
        ) from None


def alembic_config() -> Config:
    """An Alembic configuration pointing at the migrations shipped inside the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def head_revision() -> str | None:
    """The newest migration revision shipped with this croupier, as Alembic reads it from the
    scripts (``HEAD_REVISION`` is held to it)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(conn: Connection) -> str | None:
    """The revision the database is at (None for a database croupier never touched)."""
    if not sa.inspect(conn).has_table("alembic_version"):
        return None
    rows = conn.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    return str(rows[0][0]) if len(rows) == 1 else None


def upgrade_to_head(engine: Engine) -> None:
    """Run every pending migration in one transaction (serialised between processes); a
    database already at ``HEAD_REVISION`` is left alone without starting Alembic."""
    with engine.connect() as conn:
        current = current_revision(conn)
    if current == HEAD_REVISION:
        return
    refuse_unknown_revision(safe_url(engine.url), current)
    from alembic import command

    config = alembic_config()
    with engine.connect() as conn:
        conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
            config.attributes["connection"] = conn
            command.upgrade(config, "head")


def require_head(engine: Engine) -> None:
    """Refuse a database whose schema is not at this croupier's head revision."""
    with engine.connect() as conn:
        current = current_revision(conn)
    refuse_revision(safe_url(engine.url), current)
