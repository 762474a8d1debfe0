"""The cross-tenant matrix again on PostgreSQL with row-level security on and the application's
own check removed (issue 29): every request is routed to the first organization's desks, as if
the application forgot whose request it was, but names its session's organization to the
database, as ``Tenant.enter`` does. The database alone must then refuse a person of ``beta``
every object of ``demo``: nothing read, nothing written.

Run as a role that is not a superuser (a superuser passes every policy)."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from tests.conftest import (
    POSTGRES_BASE_URL,
    postgres_available,
    postgres_role_url_for,
    role_schema,
)
from tests.web.conftest import Demo, make_demo
from tests.web.test_authz_matrix import Endpoint, _call, _live_table, _tournament
from tests.web.test_tenancy import CROSS, _alpha_draft, _beta_person, add_second_organization

from croupier.service.server.webserver import Server, Tenant
from croupier.store import scope

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def forgetful() -> Iterator[tuple[Demo, str]]:
    """Two organizations on PostgreSQL as a role under row-level security, served by an app
    whose routing to the session's organization is removed; and a superuser's URL of the same
    schema (to see every row when comparing before and after)."""
    if not postgres_available():
        pytest.skip("no PostgreSQL server answers")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    engine = role_schema(schema)
    demo = make_demo(postgres_role_url_for(schema))
    server = demo.app.state.server
    with scope.scoped(scope.ALL):
        add_second_organization(demo)
    original = Server.tenant

    def first_organizations_desks(self: Server, org_id: str) -> Tenant:
        return dataclasses.replace(original(self, self.org_id), org_id=org_id)

    patch = pytest.MonkeyPatch()
    patch.setattr(Server, "tenant", first_organizations_desks)
    sep = "&" if "?" in POSTGRES_BASE_URL else "?"
    yield demo, f"{POSTGRES_BASE_URL}{sep}options=-csearch_path%3D{schema}"
    patch.undo()
    server.close()
    with engine.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def _everything(url: str) -> tuple[object, ...]:
    """Every stream's version and every prepared slip, as a superuser sees them."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            streams = sorted(conn.execute(sa.text("SELECT stream, version FROM event_streams")))
            drafts = sorted(conn.execute(sa.text("SELECT draft_id, status FROM slip_drafts")))
            asks = sorted(conn.execute(sa.text("SELECT ask_id, status FROM slip_asks")))
    finally:
        engine.dispose()
    return tuple(streams), tuple(drafts), tuple(asks)


@pytest.mark.parametrize(("endpoint", "role"), CROSS, ids=[f"{e.name}-{r}" for e, r in CROSS])
def test_29_row_security_alone_refuses_another_organizations_objects(
    forgetful: tuple[Demo, str], endpoint: Endpoint, role: str
) -> None:
    demo, every_row = forgetful
    path = endpoint.path
    with scope.scoped("demo"):  # the objects are the first organization's
        if endpoint.needs_draft:
            path = path.replace("{id}", str(_alpha_draft(demo)))
        if endpoint.table is not None:
            path = path.replace("{table}", _live_table(demo, endpoint.table))
        if endpoint.tournament is not None:
            path = path.replace("{tournament_id}", _tournament(demo, endpoint.tournament))
    client, csrf = demo.api_client(_beta_person(role))
    before = _everything(every_row)
    status, html, body = _call(client, csrf, endpoint, path, role)
    assert status in (403, 404, 422), (status, body, html[-600:])
    assert _everything(every_row) == before, "row-level security let a write through"
