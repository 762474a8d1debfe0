"""Many organizations on one server (issue 29): the cross-tenant matrix and the switch.

Two organizations share one database and one server: ``demo`` (the first, the legacy one) and
``beta`` (added with ``croupier orgs add``), each seeded with the same demo people, sites and
tables, so that ids collide on purpose (both have site S1, tables 1 to 3, employees gm, c1...).
Every endpoint of the authorization matrix that names an object (a prepared slip by number, a
live table or a tournament by id) is called by a person of ``beta`` who holds a role that may
use it, on an object of ``demo``: refused (403, 404 or 422), and nothing anywhere in the
database changed. Lists (tables, tournaments, slips, chains, accounts) show a person only
their own organization's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import Demo, make_demo
from tests.web.test_authz_matrix import (
    ACCOUNT_OF,
    ENDPOINTS,
    SMALL_TOURNAMENT,
    Endpoint,
    _call,
    _live_table,
    _tournament,
)

from croupier.service.people.authz import Actor
from croupier.service.server.demo import seed_demo

BETA = "beta"
BETA_NAME = "Beta Lodge 7"
ALPHA_NAME = "Demo Charity Post 1"
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    """The demo organization and a second one, ``beta``, on one server; beta's accounts are
    ``b-`` + the demo's names (account names are the whole server's)."""
    demo = make_demo(f"sqlite:///{tmp_path_factory.mktemp('tenancy') / 'web.db'}")
    add_second_organization(demo)
    yield demo
    demo.app.state.server.close()


def add_second_organization(demo: Demo) -> None:
    """``beta`` beside the demo's organization: the demo's people, sites and tables again
    (``b-`` accounts), an owner and a state auditor."""
    server = demo.app.state.server
    server.orgs.add(BETA)
    for login in seed_demo(server, org=BETA, account_prefix="b-", name=BETA_NAME):
        demo.passwords[login.name] = login.password
    owner, once = server.accounts.create(
        "b-owner", frozenset({"owner"}), must_change=False, actor="test", org=BETA
    )
    assert once is not None
    demo.passwords[owner.name] = once
    state, once = server.accounts.create(
        "b-sa", frozenset({"state auditor"}), must_change=False, actor="test", org=BETA
    )
    assert once is not None
    demo.passwords[state.name] = once


def _beta_person(role: str) -> str:
    return "b-" + ACCOUNT_OF[role]


def _alpha_draft(demo: Demo) -> int:
    office = demo.app.state.server.tenant("demo").backoffice
    draft = office.prepare(Actor("c1", frozenset({"cashier"}), "c1"), "fill", "S1", 1, "5x1")
    return int(draft.draft_id)


OBJECT_ENDPOINTS = [
    e for e in ENDPOINTS if e.needs_draft or e.table is not None or e.tournament is not None
]
CROSS = [
    (e, role)
    for e in OBJECT_ENDPOINTS
    for role in sorted(e.allowed | ({"state auditor"} if "auditor" in e.allowed else set()))
]


@pytest.mark.parametrize(("endpoint", "role"), CROSS, ids=[f"{e.name}-{r}" for e, r in CROSS])
def test_29_a_person_of_one_organization_reaches_no_object_of_another(
    two: Demo, endpoint: Endpoint, role: str
) -> None:
    """By id and by path: another organization's slip, live table or tournament is refused
    (as if it did not exist), whatever the person's role in their own organization."""
    path = endpoint.path
    if endpoint.needs_draft:
        path = path.replace("{id}", str(_alpha_draft(two)))
    if endpoint.table is not None:
        path = path.replace("{table}", _live_table(two, endpoint.table))
    if endpoint.tournament is not None:
        path = path.replace("{tournament_id}", _tournament(two, endpoint.tournament))
    client, csrf = two.api_client(_beta_person(role))
    before = two.snapshot()
    status, html, body = _call(client, csrf, endpoint, path, role)
    after = two.snapshot()
    assert status in (403, 404, 422), (status, body, html[-600:])
    assert after == before, "a request on another organization's object changed something"


def test_29_lists_show_only_the_own_organization(two: Demo) -> None:
    """Tables, tournaments, slips, the chains and the accounts: beta's people see beta's."""
    server = two.app.state.server
    alpha = server.tenant("demo")
    alpha.tables.open_table(Actor("d1", frozenset({"dealer"}), "d1"), "alpha-only", "twentyone",
                            RULES, "virtual")  # fmt: skip
    alpha.tournaments.create(SMALL_TOURNAMENT, "gm", "alpha-tour", "2026-07-10T12:00")
    alpha_slip = _alpha_draft(two)

    gm, _ = two.api_client("b-gm")
    tables = gm.get("/api/tables").json()
    assert "alpha-only" not in json.dumps(tables)
    tournaments = gm.get("/api/tournaments").json()
    assert "alpha-tour" not in json.dumps(tournaments)
    for page in ("/tables", "/tournaments", "/pit", "/", "/sites/S1"):
        text = gm.get(page).text
        assert "alpha-only" not in text, page
        assert "alpha-tour" not in text, page
        assert ALPHA_NAME not in text, page
    assert BETA_NAME in gm.get("/").text

    sm, _ = two.api_client("b-sm")
    slips = sm.get("/api/slips").json()
    assert alpha_slip not in [s["draft_id"] for s in slips]
    assert slips, "beta's own prepared slip is listed"
    chains = sm.get("/api/verify").json()
    streams = {c["stream"] for c in chains}
    assert streams == {s for s in streams if s.endswith(BETA) or f"-{BETA}." in s}, streams
    assert f"books-{BETA}" in streams
    assert "alpha-only" not in sm.get("/verify").text

    owner, _ = two.api_client("b-owner")
    names = {a["name"] for a in owner.get("/api/accounts").json()}
    assert names, "beta's own accounts are listed"
    assert all(n.startswith("b-") for n in names), names


def test_29_the_same_table_id_in_two_organizations_is_two_tables(two: Demo) -> None:
    """Ids are an organization's own: both open table ``same``, each its own game and stream."""
    server = two.app.state.server
    a_dealer, a_csrf = two.api_client("d1")
    b_dealer, b_csrf = two.api_client("b-d1")
    body = {"table": "same", "game": "twentyone", "rules": RULES}
    r = a_dealer.post("/api/tables", json=body, headers={"X-CSRF-Token": a_csrf})
    assert r.status_code == 201, r.text
    body = {"table": "same", "game": "threecard21", "rules": "threecard21-6deck.toml"}
    r = b_dealer.post("/api/tables", json=body, headers={"X-CSRF-Token": b_csrf})
    assert r.status_code == 201, r.text
    assert a_dealer.get("/api/tables/same").json()["game"] == "twentyone"
    assert b_dealer.get("/api/tables/same").json()["game"] == "threecard21"
    versions = server.store.stream_versions()
    assert versions["live-same"] >= 1  # the first organization keeps its names
    assert versions[f"live-{BETA}.same"] >= 1


def test_29_a_socket_of_another_organizations_table_is_closed(two: Demo) -> None:
    server = two.app.state.server
    server.tenant("demo").tables.open_table(
        Actor("d1", frozenset({"dealer"}), "d1"), "alpha-ws", "twentyone", RULES, "virtual"
    )
    player, _ = two.api_client("b-player1")
    token = player.cookies.get("croupier_session")
    with player.websocket_connect(
        "/api/tables/alpha-ws/ws", headers={"cookie": f"croupier_session={token}"}
    ) as ws:
        said = ws.receive_json()
        assert said == {"error": "no live table 'alpha-ws'"}  # as for a table nobody opened
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_29_a_person_in_two_organizations_switches_and_holds_each_ones_roles(
    two: Demo,
) -> None:
    server = two.app.state.server
    server.accounts.create("ana", frozenset({"dealer"}), "d2", must_change=False, actor="t",
                           password="her own long password")  # fmt: skip
    server.accounts.grant("ana", BETA, frozenset({"gaming manager"}), "gm", actor="t")
    client = two.client()
    r = client.post("/api/login", json={"name": "ana", "password": "her own long password"})
    assert r.status_code == 200
    me = r.json()
    assert (me["org"], me["roles"]) == ("demo", ["dealer"])  # the server's own org first
    old_cookie = client.cookies.get("croupier_session")
    assert client.get("/api/reports/quarterly?quarter=2026Q1").status_code == 403  # a dealer

    r = client.post("/api/org", json={"org": BETA}, headers={"X-CSRF-Token": me["csrf_token"]})
    assert r.status_code == 200, r.text
    switched = r.json()
    assert (switched["org"], switched["roles"]) == (BETA, ["gaming manager"])
    assert switched["csrf_token"] != me["csrf_token"]
    assert client.cookies.get("croupier_session") != old_cookie  # a new session identifier
    stale = TestClient(two.app, base_url="https://testserver")
    stale.cookies.set("croupier_session", old_cookie or "")
    assert stale.get("/api/me").status_code == 401  # the old identifier ends
    assert BETA_NAME in client.get("/").text
    page = client.get("/")
    assert 'action="/org"' in page.text  # the switcher, for a person of two organizations

    r = client.post(
        "/org", data={"org": "demo", "csrf_token": switched["csrf_token"]}, follow_redirects=False
    )
    assert r.status_code == 303
    assert client.get("/api/me").json()["org"] == "demo"


def test_29_switching_to_an_organization_one_does_not_belong_to_is_refused_alike(
    two: Demo,
) -> None:
    client, csrf = two.api_client("gm")
    before = two.snapshot()
    refusals = []
    for org in (BETA, "nowhere"):
        r = client.post("/api/org", json={"org": org}, headers={"X-CSRF-Token": csrf})
        assert r.status_code == 422
        refusals.append(r.json()["detail"].replace(org, "X"))
    assert refusals[0] == refusals[1]  # an existing organization is not told from a made-up one
    assert two.snapshot() == before
    assert client.get("/api/me").json()["org"] == "demo"


def test_29_an_owner_manages_only_accounts_of_their_organization_alone(two: Demo) -> None:
    server = two.app.state.server
    owner, csrf = two.page_client("b-owner")
    before = two.snapshot()
    for name in ("gm", "ana-missing"):  # the demo's gaming manager; nobody
        r = owner.post(f"/accounts/{name}/second-factor/reset", data={"csrf_token": csrf})
        assert r.status_code == 422
        assert f"no account named {name!r} in this organization" in r.text.replace("&#39;", "'")
    assert two.snapshot() == before
    server.accounts.create("both", frozenset({"dealer"}), "d1", must_change=False, actor="t")
    server.accounts.grant("both", BETA, frozenset({"dealer"}), "d1", actor="t")
    before = two.snapshot()
    r = owner.post("/accounts/both/second-factor/reset", data={"csrf_token": csrf})
    assert r.status_code == 422
    assert "belongs to other organizations too" in r.text
    assert two.snapshot() == before


def test_29_the_state_auditor_reads_and_never_writes(two: Demo) -> None:
    auditor, csrf = two.api_client("b-sa")
    assert auditor.get("/api/reports/quarterly?quarter=2026Q1").status_code == 200
    before = two.snapshot()
    r = auditor.post(
        "/api/slips",
        json={"kind": "fill", "site": "S1", "table": 1, "chips": "5x2", "cashier": "c1"},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.status_code == 403
    assert two.snapshot() == before


def test_29_a_database_made_before_organizations_adopts_its_accounts(tmp_path: Path) -> None:
    """A database at revision 0009 (accounts with their roles in their own row) is opened by a
    server for ``post1``: the organization is registered as the first one, each account's
    roles become roles in it, and its live tables keep their stream names."""
    import sqlalchemy as sa
    from alembic import command

    from croupier.service.server.webserver import open_server
    from croupier.store.engine import alembic_config

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0009_slip_asks")
        conn.execute(
            sa.text(
                "INSERT INTO accounts (name, password_hash, roles, employee_id, disabled, "
                "must_change_password, created_at) VALUES ('kim', 'x', 'dealer,pit boss', 'd1', "
                "0, 0, '2026-01-01 00:00:00.000000')"
            )
        )
    engine.dispose()
    server = open_server(url, "post1")
    try:
        kim = server.accounts.get("kim")
        assert kim is not None
        assert kim.roles == frozenset({"dealer", "pit boss"})
        assert kim.employee_id == "d1"
        assert kim.org_id == "post1"
        info = server.orgs.get("post1")
        assert info is not None
        assert info.legacy
        assert server.tenant("post1").tables.hub.prefix == "live-"
    finally:
        server.close()
    with pytest.raises(Exception, match="serves post1, not 'post2'"):
        open_server(url, "post2")


def test_an_owner_makes_no_state_auditor_and_no_name_twice_in_another_case(two: Demo) -> None:
    """Found by an audit: an owner made a `state auditor` account from the accounts page (the
    operator's to grant, `croupier users grant`), and "B-C1" beside "b-c1"."""
    owner, csrf = two.api_client("owner")
    snapshot = two.snapshot()
    for body, said in (
        ({"name": "inspector", "roles": ["state auditor"]}, "croupier users grant"),
        ({"name": "OWNER", "roles": ["auditor"]}, "exists already"),
    ):
        r = owner.post("/api/accounts", json=body, headers={"X-CSRF-Token": csrf})
        assert r.status_code == 422, r.text
        assert said in r.json()["detail"]
    assert two.snapshot() == snapshot
    page = owner.get("/accounts")
    assert 'value="state auditor"' not in page.text
