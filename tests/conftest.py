"""Shared fixtures: database URLs for SQLite (always) and PostgreSQL (when a server answers)."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# A close starts the full check of the history in a process of its own; the tests close many
# days on databases they drop at once, so it is off here but for the tests of the check itself
# (tests/integration/store/test_anchor_extends.py), which switch it on.
os.environ.setdefault("CROUPIER_VERIFY_AFTER_CLOSE", "off")

# pytest-xdist's workers inherit COLUMNS=80 (and LINES) from it. Rich fixes a console's width
# when the console is made, from COLUMNS if set, and the command line's consoles are made when
# ``croupier.cli.common`` is first imported: a test's own COLUMNS (the reports' 200) would then
# be ignored, in a worker only. Unset, each console reads the width when it prints.
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)

POSTGRES_HOST = os.environ.get("CROUPIER_TEST_PG_HOST", "127.0.0.1")
POSTGRES_PORT = int(os.environ.get("CROUPIER_TEST_PG_PORT", "5432"))
POSTGRES_BASE_URL = os.environ.get(
    "CROUPIER_TEST_POSTGRES_URL",
    f"postgresql+psycopg://postgres@{POSTGRES_HOST}:{POSTGRES_PORT}/test",
)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test a stale compiled engine: an extension older than its source would run the
    old code (``make compile`` rebuilds it; ``make test`` does so itself)."""
    from croupier.service.bench.engine_build import builds

    stale = [b.module for b in builds() if b.stale]
    if stale:
        pytest.exit(f"stale compiled modules {stale}: run `make compile`", returncode=3)


def postgres_available() -> bool:
    try:
        with socket.create_connection((POSTGRES_HOST, POSTGRES_PORT), timeout=1.0):
            return True
    except OSError:
        return False


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database file for one test."""
    return f"sqlite:///{tmp_path / 'croupier-test.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test; skipped, visibly, when no server answers."""
    if not postgres_available():
        pytest.skip(f"no PostgreSQL server answers on {POSTGRES_HOST}:{POSTGRES_PORT}")
    import sqlalchemy as sa

    schema = f"t_{uuid.uuid4().hex[:12]}"
    engine = sa.create_engine(POSTGRES_BASE_URL)
    with engine.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in POSTGRES_BASE_URL else "?"
    yield f"{POSTGRES_BASE_URL}{sep}options=-csearch_path%3D{schema}"
    with engine.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


TENANT_ROLE = "croupier_tenant_test"
"""A PostgreSQL role that is not a superuser: a superuser (the test server's ``postgres``) passes
every row-level security policy, so those policies are tested as this role (issue 29)."""


def postgres_role_url_for(schema: str) -> str:
    import sqlalchemy as sa

    url = sa.make_url(POSTGRES_BASE_URL).set(username=TENANT_ROLE, password=None)
    rendered = url.render_as_string(hide_password=False)
    sep = "&" if "?" in rendered else "?"
    return f"{rendered}{sep}options=-csearch_path%3D{schema}"


@pytest.fixture
def postgres_role_url() -> Iterator[str]:
    """A fresh PostgreSQL schema owned by a role that is not a superuser, and the URL that
    connects as it (row-level security applies); skipped, visibly, when no server answers or
    the role cannot be made."""
    if not postgres_available():
        pytest.skip(f"no PostgreSQL server answers on {POSTGRES_HOST}:{POSTGRES_PORT}")
    import sqlalchemy as sa

    schema = f"t_{uuid.uuid4().hex[:12]}"
    engine = role_schema(schema)
    yield postgres_role_url_for(schema)
    with engine.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def role_schema(schema: str) -> Any:
    """A new schema owned by ``TENANT_ROLE`` (made if need be); the superuser's engine, to drop
    it with. Skips, visibly, when the role cannot be made."""
    import sqlalchemy as sa

    from croupier.store.scope import ensure_plain_role

    engine = sa.create_engine(POSTGRES_BASE_URL)
    try:
        ensure_plain_role(engine, TENANT_ROLE)
        with engine.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}" AUTHORIZATION {TENANT_ROLE}'))
    except sa.exc.DBAPIError as exc:
        engine.dispose()
        pytest.skip(f"cannot make a PostgreSQL role for row-level security: {exc.orig}")
    return engine


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """Both backends: every test using this runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    return str(request.getfixturevalue("postgres_url"))
