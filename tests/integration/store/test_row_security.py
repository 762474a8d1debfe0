"""Row-level security on PostgreSQL (issue 29, ``store.scope`` and migration r0011): a
transaction sees and writes only the rows of the organization it names; ``*`` every
organization's; no organization, nothing. Run as a role that is not a superuser (a superuser
passes every policy)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from croupier.core.errors import InvalidInput
from croupier.service.people.authz import Actor
from croupier.service.server.webserver import Server, open_server
from croupier.store import scope

RULES_DIR = Path(__file__).resolve().parents[3] / "examples" / "rules"
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
DEALER = Actor("d1", frozenset({"dealer"}), "d1")
CASHIER = Actor("c1", frozenset({"cashier"}), "c1")

pytestmark = pytest.mark.postgres


def _two(url: str) -> Server:
    """``alpha`` (the first organization) and ``beta``, each with a live table ``t1``, books
    and a prepared fill slip."""
    from croupier.service.server.demo import seed_demo

    server = open_server(url, "alpha", rules_dir=RULES_DIR)
    server.orgs.add("beta")
    for org, prefix in (("alpha", ""), ("beta", "b-")):
        seed_demo(server, org=org, account_prefix=prefix, name=f"{org} lodge")
        assert server.tenant(org).tables.open_table(DEALER, "t1", "twentyone", RULES,
                                                    "virtual").accepted  # fmt: skip
    return server


def test_29_a_transaction_sees_only_its_organizations_streams(postgres_role_url: str) -> None:
    server = _two(postgres_role_url)
    try:
        every = set(server.store.stream_versions())  # the operator's: every organization's
        assert {"live-t1", "live-beta.t1", "books-alpha", "books-beta"} <= every
        with scope.scoped("alpha"):
            alpha = set(server.store.stream_versions())
        with scope.scoped("beta"):
            beta = set(server.store.stream_versions())
            assert server.store.read("live-t1") == []
            assert server.store.read("books-alpha") == []
        with scope.scoped(scope.NONE):
            assert server.store.stream_versions() == {}
        assert alpha == {"live-t1", "books-alpha"}
        assert beta == {"live-beta.t1", "books-beta"}
        assert alpha | beta == every
    finally:
        server.close()


def test_29_a_write_into_another_organizations_stream_is_refused(
    postgres_role_url: str,
) -> None:
    """The application check removed (alpha's desk used in beta's name): the database refuses
    the write, in one line, and nothing is written."""
    server = _two(postgres_role_url)
    try:
        before = server.store.stream_versions()
        with scope.scoped("beta"), pytest.raises(InvalidInput, match="row-level security"):
            server.tenant("alpha").tables.open_table(DEALER, "t2", "twentyone", RULES, "virtual")
        assert server.store.stream_versions() == before
    finally:
        server.close()


def test_29_prepared_slips_are_seen_by_their_organization_only(postgres_role_url: str) -> None:
    server = _two(postgres_role_url)
    try:
        owner = Actor("o", frozenset({"owner"}))
        with scope.scoped("beta"):
            # alpha's office asked in beta's name: the database shows it none of alpha's slips
            assert server.tenant("alpha").backoffice.drafts(owner) == []
            assert len(server.tenant("beta").backoffice.drafts(owner)) == 1
        with scope.scoped("alpha"):
            assert len(server.tenant("alpha").backoffice.drafts(owner)) == 1
    finally:
        server.close()


def test_29_the_operator_is_told_when_row_security_cannot_apply(
    postgres_url: str, postgres_role_url: str
) -> None:
    """A superuser passes every policy: ``croupier serve`` says so before serving; a role that
    is neither a superuser nor BYPASSRLS is not warned about."""
    for url, warned in ((postgres_url, True), (postgres_role_url, False)):
        server = open_server(url, "alpha")
        try:
            said = server.row_security_warning()
        finally:
            server.close()
        assert (said is not None) == warned, said
        if said is not None:
            assert "row-level security does not apply" in said


def test_29_verify_names_row_security_turned_off(postgres_role_url: str) -> None:
    """``croupier verify`` names an organization-scoped table whose row-level security was
    turned off, and fails, as it does a dropped append-only trigger."""
    import sqlalchemy as sa
    from typer.testing import CliRunner

    from croupier.cli.main import app

    server = _two(postgres_role_url)
    try:
        with server.store.engine.begin() as conn:
            conn.execute(sa.text("ALTER TABLE slip_asks DISABLE ROW LEVEL SECURITY"))
    finally:
        server.close()
    out = CliRunner().invoke(app, ["verify", "--db", postgres_role_url], terminal_width=400)
    assert out.exit_code == 1
    assert "row security of slip_asks was turned off" in out.output
    assert "row security of events" not in out.output


def test_29_an_organization_sees_its_own_anchors_and_the_databases_only(
    postgres_role_url: str,
) -> None:
    """Migration r0012: the anchors, their indexed heads and the refusals to sign are shown by
    organization like the events; the database's anchors (version 1) to every organization.
    An organization's proof and its readers' anchor check work inside its own scope."""
    from datetime import UTC, datetime

    import sqlalchemy as sa
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from croupier.store import anchor as anchors
    from croupier.store import anchor_reads

    server = _two(postgres_role_url)
    try:
        key, now = Ed25519PrivateKey.generate(), datetime.now(UTC)
        database = anchors.sign(server.store, key, now)
        alpha = anchors.sign(server.store, key, now, "alpha", server.orgs.namespace("alpha").owns)
        beta = anchors.sign(server.store, key, now, "beta", server.orgs.namespace("beta").owns)
        assert anchor_reads.lines_newest_first(server.store) == [
            beta.line,
            alpha.line,
            database.line,
        ]
        for org, own in (("alpha", alpha), ("beta", beta)):
            with scope.scoped(org):
                assert anchor_reads.lines_newest_first(server.store) == [own.line, database.line]
                with server.store.engine.connect() as conn:
                    listed = set(conn.execute(sa.text("SELECT stream FROM anchor_heads")).scalars())
                assert listed == set(server.store.stream_versions())  # its own streams only
                assert anchors.prove(server.store, own.line, key.public_key()).proven
                assert server.store.anchor_break_of(f"books-{org}") is None
        with scope.scoped(scope.NONE):
            assert anchor_reads.lines_newest_first(server.store) == [database.line]
    finally:
        server.close()


def _role_flags(engine: Any, role: str) -> list[tuple[bool, bool]]:
    """(superuser, bypasses row security) of each role named ``role``."""
    with engine.connect() as conn:
        rows = conn.exec_driver_sql(
            "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %(r)s", {"r": role}
        ).all()
    return [(bool(r[0]), bool(r[1])) for r in rows]


def test_the_plain_role_is_made_once_when_processes_ask_at_the_same_time() -> None:
    """``scope.ensure_plain_role`` from four connections at once (the tests run in parallel
    processes, each making the role on a fresh server): each takes its turn, none is refused
    with 'already exists', and the role is there once."""
    import threading
    import uuid

    import sqlalchemy as sa
    from tests.conftest import POSTGRES_BASE_URL, postgres_available

    if not postgres_available():
        pytest.skip("no PostgreSQL server answers")
    role = f"croupier_race_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(POSTGRES_BASE_URL, pool_size=4)
    gate = threading.Barrier(4)
    failures: list[BaseException] = []

    def make() -> None:
        gate.wait()
        try:
            scope.ensure_plain_role(engine, role)
        except BaseException as exc:  # every failure is the finding
            failures.append(exc)

    threads = [threading.Thread(target=make) for _ in range(4)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert failures == []
        assert _role_flags(engine, role) == [(False, False)]  # there once, plain
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP ROLE IF EXISTS {role}")
        engine.dispose()


def test_the_plain_role_made_meanwhile_by_a_process_of_another_database_is_taken_as_made() -> None:
    """The advisory lock that makes processes take turns is the database's; a role is the
    cluster's. A process connected to another database (here: a transaction that takes no such
    lock) may create the role between this one's look and its CREATE: the role is there, as
    asked, and nothing is refused. Deterministic: the other transaction creates the role and
    holds its commit until this one's CREATE waits on it."""
    import threading
    import time
    import uuid

    import sqlalchemy as sa
    from tests.conftest import POSTGRES_BASE_URL, postgres_available

    if not postgres_available():
        pytest.skip("no PostgreSQL server answers")
    role = f"croupier_other_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(POSTGRES_BASE_URL, pool_size=2)
    failures: list[BaseException] = []

    def make() -> None:
        try:
            scope.ensure_plain_role(engine, role)
        except BaseException as exc:  # every failure is the finding
            failures.append(exc)

    other = engine.connect()
    try:
        transaction = other.begin()
        other.exec_driver_sql(f"CREATE ROLE {role} LOGIN NOSUPERUSER NOBYPASSRLS")
        thread = threading.Thread(target=make)
        thread.start()  # looks (not yet committed: absent), then waits in its CREATE
        time.sleep(0.5)
        transaction.commit()
        thread.join(timeout=60)
        assert not thread.is_alive()
        assert failures == []
        assert _role_flags(engine, role) == [(False, False)]  # there once, plain
    finally:
        other.close()
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP ROLE IF EXISTS {role}")
        engine.dispose()
