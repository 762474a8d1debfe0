"""The authorization matrix: every role (and a person not signed in) against every endpoint the
server has, pages and API. The expectations are written here from the rule text, not read from
``croupier.service.authz``:

- 99-01.3-08-05.3: "A fill slip must be prepared by a chip bank cashier, pit boss, or shift
  manager. A credit slip must be prepared by a dealer, wheel operator, pit boss, or shift
  manager."
- 99-01.3-08-05.5: the shift manager or an authorized employee on duty, not presently dealing,
  verifies the chips (croupier's books authorize pit bosses and gaming managers too); never the
  slip's own preparer.
- 99-01.3-08-05.2: a voided slip is marked VOID and initialed by its preparer.
- Reading the records (status, slips, hash chains, the daily record) is house policy,
  documented in docs/web.md; accounts are the owner's.

A refused request is 403 with the section (401 or the sign-in page when not signed in) and
leaves every stream version, every prepared slip and every account as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import DAY, Demo

from croupier.service.authz import Actor
from croupier.web import api, pages

ANONYMOUS = "anonymous"
ACCOUNT_OF = {
    "owner": "owner",
    "gaming manager": "gm",
    "shift manager": "sm",
    "pit boss": "pb",
    "dealer": "d1",
    "wheel operator": "w1",
    "cashier": "c1",
    "count team member": "ct",
    "auditor": "au",
    "independent person": "ip",
    "player": "player1",
}
ROLES = [ANONYMOUS, *ACCOUNT_OF]
EVERYONE = frozenset(ACCOUNT_OF)

FILL_PREPARERS = frozenset({"cashier", "pit boss", "shift manager"})  # -05.3
CREDIT_PREPARERS = frozenset({"dealer", "wheel operator", "pit boss", "shift manager"})  # -05.3
VERIFIERS = frozenset({"shift manager", "pit boss", "gaming manager"})  # -05.5
THE_PREPARER_C1 = frozenset({"cashier"})  # -05.2: the demo's drafts are prepared by c1
STATUS_READERS = frozenset(
    {"owner", "gaming manager", "shift manager", "pit boss", "cashier", "auditor"}
)
SLIP_READERS = STATUS_READERS | {"dealer", "wheel operator"}
RECORD_READERS = frozenset({"owner", "gaming manager", "shift manager", "auditor"})
OWNER_ONLY = frozenset({"owner"})

HOUSE = "house policy (docs/web.md)"


@dataclass(frozen=True)
class Endpoint:
    """One endpoint as a test calls it: who may, and the section a refusal cites."""

    name: str
    method: str
    path: str
    allowed: frozenset[str]
    section: str | None = None
    form: dict[str, str] | None = None
    json: dict[str, object] | None = None
    needs_draft: str | None = None
    """``fill``: a fill slip prepared by c1 first; its id replaces ``{id}`` in the path."""
    fresh_session: bool = False
    """The call ends the session (sign out): made from a session of its own."""
    changes: bool = True
    """An allowed POST changes something (the password ones send a wrong current password)."""

    @property
    def api(self) -> bool:
        return self.path.startswith("/api/")


FILL_FORM = {"kind": "fill", "site": "S1", "table": "1", "chips": "5x2", "cashier": "c1"}
CREDIT_FORM = {"kind": "credit", "site": "S1", "table": "1", "chips": "1x1", "cashier": "c1"}
DAILY = f"site=S1&day={DAY}"

ENDPOINTS: list[Endpoint] = [
    # pages
    Endpoint("home page", "GET", "/", EVERYONE),
    Endpoint("password page", "GET", "/password", EVERYONE),
    Endpoint("change password (wrong current)", "POST", "/password", EVERYONE,
             form={"current": "not it", "new": "a new password!", "again": "a new password!"},
             changes=False),
    Endpoint("sign out", "POST", "/logout", EVERYONE, fresh_session=True),
    Endpoint("sites page", "GET", "/sites", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("site status page", "GET", "/sites/S1", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("slips page", "GET", "/slips", SLIP_READERS, "99-01.3-08-05.1"),
    Endpoint("prepare fill (form)", "POST", "/slips/prepare", FILL_PREPARERS, "99-01.3-08-05.3",
             form=FILL_FORM),
    Endpoint("prepare credit (form)", "POST", "/slips/prepare", CREDIT_PREPARERS,
             "99-01.3-08-05.3", form=CREDIT_FORM),
    Endpoint("verify (form)", "POST", "/slips/{id}/verify", VERIFIERS, "99-01.3-08-05.5",
             form={}, needs_draft="fill"),
    Endpoint("void a prepared fill (form)", "POST", "/slips/{id}/void", THE_PREPARER_C1,
             "99-01.3-08-05.2", form={}, needs_draft="fill"),
    Endpoint("void next fill (form)", "POST", "/slips/void-next", FILL_PREPARERS,
             "99-01.3-08-05.2", form={"kind": "fill", "site": "S1"}),
    Endpoint("void next credit (form)", "POST", "/slips/void-next", CREDIT_PREPARERS,
             "99-01.3-08-05.2", form={"kind": "credit", "site": "S1"}),
    Endpoint("verify page", "GET", "/verify", RECORD_READERS, "99-01.3-08-16"),
    Endpoint("daily page", "GET", f"/reports/daily?{DAILY}", RECORD_READERS, "99-01.3-08-16.1"),
    Endpoint("daily CSV", "GET", f"/reports/daily/download?{DAILY}&format=csv", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("daily PDF", "GET", f"/reports/daily/download?{DAILY}&format=pdf", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("accounts page", "GET", "/accounts", OWNER_ONLY, HOUSE),
    Endpoint("create account (form)", "POST", "/accounts", OWNER_ONLY, HOUSE,
             form={"name": "new-{role}", "roles": "player"}),
    # API
    Endpoint("me", "GET", "/api/me", EVERYONE),
    Endpoint("change password (API, wrong current)", "POST", "/api/password", EVERYONE,
             json={"current": "not it", "new": "a new password!"}, changes=False),
    Endpoint("sign out (API)", "POST", "/api/logout", EVERYONE, fresh_session=True),
    Endpoint("sites", "GET", "/api/sites", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("site status", "GET", "/api/sites/S1/status", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("slips", "GET", "/api/slips", SLIP_READERS, "99-01.3-08-05.1"),
    Endpoint("prepare fill", "POST", "/api/slips", FILL_PREPARERS, "99-01.3-08-05.3",
             json={**FILL_FORM, "table": 1}),
    Endpoint("prepare credit", "POST", "/api/slips", CREDIT_PREPARERS, "99-01.3-08-05.3",
             json={**CREDIT_FORM, "table": 1}),
    Endpoint("verify", "POST", "/api/slips/{id}/verify", VERIFIERS, "99-01.3-08-05.5",
             needs_draft="fill"),
    Endpoint("void a prepared fill", "POST", "/api/slips/{id}/void", THE_PREPARER_C1,
             "99-01.3-08-05.2", needs_draft="fill"),
    Endpoint("void next fill", "POST", "/api/slips/void-next", FILL_PREPARERS,
             "99-01.3-08-05.2", json={"kind": "fill", "site": "S1"}),
    Endpoint("void next credit", "POST", "/api/slips/void-next", CREDIT_PREPARERS,
             "99-01.3-08-05.2", json={"kind": "credit", "site": "S1"}),
    Endpoint("hash chains", "GET", "/api/verify", RECORD_READERS, "99-01.3-08-16"),
    Endpoint("daily JSON", "GET", f"/api/reports/daily?{DAILY}", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("daily CSV (API)", "GET", f"/api/reports/daily?{DAILY}&format=csv", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("daily PDF (API)", "GET", f"/api/reports/daily?{DAILY}&format=pdf", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("accounts", "GET", "/api/accounts", OWNER_ONLY, HOUSE),
    Endpoint("create account", "POST", "/api/accounts", OWNER_ONLY, HOUSE,
             json={"name": "api-{role}", "roles": ["player"]}),
]  # fmt: skip
PUBLIC = {("GET", "/login"), ("POST", "/login"), ("POST", "/api/login"), ("GET", "/docs")}
"""Endpoints for a person not signed in yet (the sign-in itself, the API's documentation)."""


def test_the_matrix_covers_every_endpoint(shared_demo: Demo) -> None:
    served = set()
    routes = [*shared_demo.app.router.routes, *api.router.routes, *pages.router.routes]
    for route in routes:
        methods = getattr(route, "methods", None) or set()
        path = getattr(route, "path", "")
        if path.startswith("/static") or path == "/openapi.json" or not methods:
            continue
        for method in methods - {"HEAD"}:
            served.add((method, path))
    tested = {
        (e.method, e.path.split("?")[0].replace("{id}", "{draft_id}").replace("/S1", "/{site}"))
        for e in ENDPOINTS
    }
    assert served - PUBLIC == tested
    assert len(tested) >= 30


_clients: dict[str, tuple[TestClient, str]] = {}


def _client(demo: Demo, role: str, fresh: bool) -> tuple[TestClient, str]:
    if role == ANONYMOUS:
        return demo.client(), ""
    if fresh:
        return demo.api_client(ACCOUNT_OF[role])
    if role not in _clients:
        _clients[role] = demo.api_client(ACCOUNT_OF[role])
    return _clients[role]


def _call(
    client: TestClient, csrf: str, e: Endpoint, path: str, role: str
) -> tuple[int, str, dict[str, object]]:
    headers = {"X-CSRF-Token": csrf} if (e.api and csrf) else {}
    if e.method == "GET":
        r = client.get(path, follow_redirects=False)
    elif e.api:
        body = _fill(e.json, role) if e.json is not None else None
        r = client.post(path, json=body, headers=headers, follow_redirects=False)
    else:
        form = {k: v.replace("{role}", role.replace(" ", "-")) for k, v in (e.form or {}).items()}
        if csrf:
            form["csrf_token"] = csrf
        r = client.post(path, data=form, follow_redirects=False)
    kind = r.headers.get("content-type", "")
    loaded = r.json() if kind.startswith("application/json") else {}
    return (
        r.status_code,
        r.text if "text/html" in kind else "",
        loaded if isinstance(loaded, dict) else {},
    )


def _fill(body: dict[str, object], role: str) -> dict[str, object]:
    return {
        k: v.replace("{role}", role.replace(" ", "-")) if isinstance(v, str) else v
        for k, v in body.items()
    }


def _draft(demo: Demo) -> int:
    """A fill slip prepared by the cashier c1, awaiting verification."""
    backoffice = demo.app.state.server.backoffice
    draft = backoffice.prepare(Actor("c1", frozenset({"cashier"}), "c1"), "fill", "S1", 1, "5x1")
    return int(draft.draft_id)


CASES = [(e, role) for e in ENDPOINTS for role in ROLES]


@pytest.mark.parametrize(("endpoint", "role"), CASES, ids=[f"{e.name}-{role}" for e, role in CASES])
def test_every_role_against_every_endpoint(
    shared_demo: Demo, endpoint: Endpoint, role: str
) -> None:
    demo = shared_demo
    path = endpoint.path
    if endpoint.needs_draft:
        path = path.replace("{id}", str(_draft(demo)))
    client, csrf = _client(demo, role, endpoint.fresh_session)
    before = demo.snapshot()
    status, html, body = _call(client, csrf, endpoint, path, role)
    after = demo.snapshot()
    if role == ANONYMOUS:
        assert status == (401 if endpoint.api else 303), body
        assert after == before
    elif role in endpoint.allowed:
        assert status not in (401, 403), (status, body, html[-800:])
        assert status < 500
        if endpoint.method == "POST":
            assert (after != before) == endpoint.changes, (status, body, html[-800:])
    else:
        assert status == 403, (status, body)
        if endpoint.api:
            assert body.get("section") == endpoint.section, body
        else:
            assert f"Section {endpoint.section}" in html
        assert after == before, "a refused request changed something"
