"""The store on PostgreSQL through psycopg itself (``store.backend_pg``, issue 31): the same
statements and rows as through SQLAlchemy, each transaction naming its organization for
row-level security, the same refusals, and a books command typed on PostgreSQL that imports no
SQLAlchemy."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from croupier.core.clock import FixedClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event, event
from croupier.store import ConcurrencyError, backend_pg, open_existing_store, open_store, scope
from croupier.store import backend as backends

pytestmark = pytest.mark.postgres


@event("test.store.backend_pg.counted")
@dataclass(frozen=True, slots=True)
class Counted(Event):
    amount: int


START = datetime(2025, 1, 2, 3, 4, 5, 6, tzinfo=UTC)


def _conninfo(url: str) -> str:
    found = backend_pg.conninfo_of(url)
    assert found is not None
    return found


def test_placeholders_become_psycopgs_and_nothing_else_changes() -> None:
    assert backend_pg.statement("SELECT v FROM s WHERE a = :a AND b = :b_2") == (
        "SELECT v FROM s WHERE a = %(a)s AND b = %(b_2)s"
    )
    # a cast, a literal percent sign and a LIKE pattern's escape are left as PostgreSQL reads them
    assert backend_pg.statement("SELECT x::text, '%' FROM t WHERE n LIKE :p ESCAPE '/'") == (
        "SELECT x::text, '%%' FROM t WHERE n LIKE %(p)s ESCAPE '/'"
    )


URLS = (
    "postgresql+psycopg://u:p@h:5/d?options=-csearch_path%3Dx",
    "postgresql+psycopg://postgres@127.0.0.1:5432/test",
    "postgresql+psycopg://u:pa/ss@db.example:5432/test",  # a slash in the password
    "postgresql+psycopg://u:s3cr#t@127.0.0.1:1/x",  # a hash in the password
    "postgresql+psycopg://u:100%25sure@h/d",  # an encoded percent sign
    "postgresql+psycopg://u:it's%20me@h/d",  # a quote, an encoded blank
    "postgresql+psycopg://u@h/d%20b",  # an encoded blank in the database's name
    "postgresql+psycopg://u@[::1]:5432/d",  # an IPv6 host
    "postgresql+psycopg:///d?host=/var/run/postgresql",  # a Unix socket's folder
    "postgresql+psycopg://u@h/d?sslmode=require&application_name=croupier",
)


@pytest.mark.parametrize("url", URLS)
def test_a_url_means_what_it_means_to_sqlalchemy(url: str) -> None:
    """The connection arguments psycopg is given are SQLAlchemy's for the same URL (its own
    dialect's ``create_connect_args``, the reference), so a URL names the same database
    whichever backend opens it."""
    import sqlalchemy as sa
    from psycopg.conninfo import conninfo_to_dict

    reference = sa.create_engine(url).dialect.create_connect_args(sa.make_url(url))[1]
    conninfo = backend_pg.conninfo_of(url)
    assert conninfo is not None
    expected = {k: str(v) for k, v in reference.items() if k != "context"}  # its type adapters
    assert conninfo_to_dict(conninfo) == expected


def test_the_forms_only_sqlalchemy_reads_are_left_to_it() -> None:
    for url in (
        "postgresql://u@h/d",  # SQLAlchemy's default driver, psycopg2
        "sqlite:///x.db",
        "postgresql+psycopg://u@h/d?host=h1:5432&host=h2:5433",  # several hosts
        "postgresql+psycopg://u@h/d?host=h1,h2&port=1,2",
        "postgresql+psycopg://u@h:notaport/d",
    ):
        assert backend_pg.conninfo_of(url) is None, url


def test_a_password_never_shows_in_a_message() -> None:
    for url, shown in (
        ("postgresql+psycopg://u:secret@h:5/d", "postgresql+psycopg://u:***@h:5/d"),
        ("postgresql+psycopg://u:pa/ss@h/d", "postgresql+psycopg://u:***@h/d"),
        ("postgresql+psycopg://u:s3cr#t@h/d?x=1", "postgresql+psycopg://u:***@h/d?x=1"),
        ("postgresql+psycopg://u@h/d", "postgresql+psycopg://u@h/d"),
    ):
        assert backend_pg.safe_url(url) == shown
    with pytest.raises(InvalidInput) as refused:
        open_existing_store("postgresql+psycopg://u:s3cr#t@127.0.0.1:1/x")
    assert "s3cr" not in str(refused.value)
    assert str(refused.value).startswith("cannot reach database postgresql+psycopg://u:***@")


def test_a_literal_percent_sign_is_read_as_written_with_parameters_or_without(
    postgres_url: str,
) -> None:
    with open_store(postgres_url) as store, store.backend.reading() as conn:
        assert conn.scalar("SELECT '100%'") == "100%"
        assert conn.scalar("SELECT '100%'", {}) == "100%"
        assert conn.all("SELECT '100%', :n::int", {"n": 5}) == [("100%", 5)]


def test_a_pooled_connection_the_server_closed_is_replaced_unseen(postgres_url: str) -> None:
    """A database restart or an idle timeout closes the pool's connections; the next command
    gets a new one instead of an error (SQLAlchemy's ``pool_pre_ping`` did this before)."""
    with open_store(postgres_url) as store:
        store.append("s", [Counted(1)], 0)
        with store.backend.reading() as conn:
            pid = conn.scalar("SELECT pg_backend_pid()")
        with psycopg.connect(_conninfo(postgres_url), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert store.version("s") == 1
        with store.backend.reading() as conn:
            assert conn.scalar("SELECT pg_backend_pid()") != pid


def test_commands_open_postgres_on_psycopg_and_the_server_on_sqlalchemy(postgres_url: str) -> None:
    with open_store(postgres_url) as store:
        assert isinstance(store.backend, backend_pg.PsycopgBackend)
    with open_existing_store(postgres_url, engine=True) as served:
        assert isinstance(served.backend, backends.AlchemyBackend)


def test_each_postgres_backend_reads_what_the_other_wrote(postgres_url: str) -> None:
    clock = FixedClock(START)
    plain = open_store(postgres_url, clock=clock)
    alchemy = open_existing_store(postgres_url, clock=clock, engine=True)
    try:
        plain.append("s", [Counted(1), Counted(2)], 0)
        clock.advance(timedelta(seconds=1, microseconds=7))
        alchemy.append("s", [Counted(3)], 2)
        clock.advance(timedelta(minutes=1))
        plain.append("s", [Counted(4)], 3)
        assert plain.read("s") == alchemy.read("s")
        assert [e.event for e in plain.read("s")] == [Counted(n) for n in (1, 2, 3, 4)]
        assert [e.event for e in plain.read("s", after=2)] == [Counted(3), Counted(4)]
        assert plain.verify() == alchemy.verify() == []
        assert plain.head("s") == alchemy.head("s")
        assert plain.read("s")[2].recorded_at == START + timedelta(seconds=1, microseconds=7)
        with pytest.raises(ConcurrencyError, match="is at version 4, not the expected 3"):
            alchemy.append("s", [Counted(5)], 3)
        with pytest.raises(ConcurrencyError, match="is at version 4, not the expected 2"):
            plain.append("s", [Counted(5)], 2)
        assert plain.version("s") == alchemy.version("s") == 4
    finally:
        plain.close()
        alchemy.close()


def test_a_writer_that_waits_past_the_lock_timeout_writes_nothing(postgres_url: str) -> None:
    open_store(postgres_url).close()
    with open_existing_store(postgres_url, lock_timeout=0.2) as store:
        store.append("s", [Counted(1)], 0)
        holder = psycopg.connect(_conninfo(postgres_url), autocommit=True)
        try:
            holder.execute("BEGIN")
            holder.execute("SELECT version FROM event_streams WHERE stream = 's' FOR UPDATE")
            with pytest.raises(ConcurrencyError, match=r"gave up after 0.2 s"):
                store.append("s", [Counted(2)], 1)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert store.version("s") == 1
        assert store.append("s", [Counted(2)], 1) == 2


def test_two_writers_at_once_one_wins_and_the_other_writes_nothing(postgres_url: str) -> None:
    with open_store(postgres_url) as store:
        results: list[object] = []
        start = threading.Barrier(2)

        def write(n: int) -> None:
            start.wait()
            try:
                results.append(store.append("race", [Counted(n)], 0))
            except ConcurrencyError as exc:
                results.append(exc)

        threads = [threading.Thread(target=write, args=(n,)) for n in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(type(r).__name__ for r in results) == ["ConcurrencyError", "int"]
        assert store.version("race") == 1


def _two_organizations(url: str) -> None:
    """``alpha`` and ``beta`` served, each with its books stream (written by the operator)."""
    from croupier.service.server.webserver import open_server

    server = open_server(url, "alpha")
    try:
        server.orgs.add("beta")
        server.store.append("books-alpha", [Counted(1)], 0)
        server.store.append("books-beta", [Counted(2)], 0)
    finally:
        server.close()


def test_each_transaction_names_its_organization(postgres_role_url: str) -> None:
    """As the web server's engine does (``scope.install``): a context's organization, else
    the backend's default (``*`` on the command line); a write into another organization's
    stream is refused by the database in one line, and nothing is written."""
    _two_organizations(postgres_role_url)
    with open_existing_store(postgres_role_url) as store:
        assert isinstance(store.backend, backend_pg.PsycopgBackend)
        assert {"books-alpha", "books-beta"} <= set(store.stream_versions())
        with scope.scoped("alpha"):
            assert "books-beta" not in store.stream_versions()
            assert store.read("books-beta") == []
            assert [e.event for e in store.read("books-alpha")] == [Counted(1)]
            with pytest.raises(InvalidInput, match="row-level security refused it"):
                store.append("live-beta.t9", [Counted(3)], 0)
        with scope.scoped(scope.NONE):
            assert store.stream_versions() == {}
        assert store.version("books-beta") == 1
        assert store.version("live-beta.t9") == 0
        backend = store.backend
        assert isinstance(backend, backend_pg.PsycopgBackend)
        backend.default_scope = scope.NONE  # what a server sets for requests naming none
        assert store.stream_versions() == {}


def test_an_unreachable_or_foreign_database_is_refused_in_one_line(postgres_url: str) -> None:
    with pytest.raises(InvalidInput) as unreachable:
        open_existing_store("postgresql+psycopg://nobody:secret@127.0.0.1:1/x")
    assert str(unreachable.value).startswith(
        "cannot reach database postgresql+psycopg://nobody:***@127.0.0.1:1/x: "
    )
    assert "\n" not in str(unreachable.value)
    with pytest.raises(InvalidInput, match=r"has no croupier tables, this croupier needs"):
        open_existing_store(postgres_url)  # the fresh schema: nothing of croupier's yet


def test_the_connect_timeout_is_the_engines() -> None:
    from croupier.store import engine as engines

    assert backend_pg.CONNECT_TIMEOUT_SECONDS == engines.CONNECT_TIMEOUT_SECONDS


def test_a_stream_read_left_unfinished_does_not_reach_into_the_next_transaction(
    postgres_url: str,
) -> None:
    """``each`` reads through a server-side cursor. A generator left unfinished when its
    transaction ends had its cursor closed later, on a connection the pool had meanwhile
    handed to another transaction, which that aborted; the cursor now closes with its own
    transaction."""
    with open_store(postgres_url) as store:
        backend = store.backend
        with backend.reading() as conn:
            rows = conn.each("SELECT n FROM generate_series(1, 5000) AS n")
            assert next(iter(rows)) == (1,)
        with backend.writing() as conn:  # the same pooled connection, another transaction
            rows.close()  # type: ignore[attr-defined]  # the generator finished only now
            conn.run("CREATE TABLE later (n integer)")
            conn.run("INSERT INTO later VALUES (:n)", {"n": 7})
        with backend.reading() as conn:
            assert conn.all("SELECT n FROM later") == [(7,)]
