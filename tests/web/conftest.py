"""Fixtures of the web server tests: a demo organization in a fresh SQLite file (or a
PostgreSQL schema), a fixed clock, seeded randomness, cheap argon2id, and signed-in clients.

Clients talk to ``https://testserver`` so that the Secure session cookie is sent back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from croupier.core.clock import FixedClock
from croupier.core.rng import SeededRng
from croupier.service.people.accounts import STATE_AUDITOR, TEST_CONFIG
from croupier.service.server.demo import seed_demo
from croupier.service.server.webserver import first_start, open_server
from croupier.service.tables.live import SeededRngSource
from croupier.web.app import create_app
from croupier.web.settings import WebSettings

START = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)
DAY = "2026-01-05"
ORG = "demo"
OWNER_PASSWORD = "the house's own password"
BASE = "https://testserver"
RULES_DIR = Path(__file__).resolve().parents[2] / "examples" / "rules"


@dataclass
class Demo:
    """A demo organization behind an app: its URL, clock, the app and every password."""

    url: str
    clock: FixedClock
    app: FastAPI
    passwords: dict[str, str]

    def client(self) -> TestClient:
        return TestClient(self.app, base_url=BASE)

    def api_client(self, name: str) -> tuple[TestClient, str]:
        """A client signed in through the API, and its CSRF token."""
        client = self.client()
        r = client.post("/api/login", json={"name": name, "password": self.passwords[name]})
        assert r.status_code == 200, r.text
        return client, str(r.json()["csrf_token"])

    def page_client(self, name: str) -> tuple[TestClient, str]:
        """A client signed in through the sign-in form, and its CSRF token (from /api/me)."""
        client = self.client()
        sign_in_form(client, name, self.passwords[name])
        return client, str(client.get("/api/me").json()["csrf_token"])

    def snapshot(self) -> tuple[object, ...]:
        """Everything a refused request must leave as it was: every stream's version, the
        prepared slips and their states, the accounts (a second factor's key included), the
        number of sessions."""
        engine = sa.create_engine(self.url)
        try:
            with engine.connect() as conn:
                streams = sorted(conn.execute(sa.text("SELECT stream, version FROM event_streams")))
                drafts = sorted(conn.execute(sa.text("SELECT draft_id, status FROM slip_drafts")))
                names = sorted(
                    conn.execute(
                        sa.text(
                            "SELECT a.name, m.org_id, m.roles, m.employee_id, a.totp_secret, "
                            "a.totp_confirmed_at, a.disabled FROM accounts a LEFT JOIN "
                            "memberships m ON m.account_id = a.account_id"
                        )
                    ),
                    key=repr,
                )
                sessions = conn.execute(sa.text("SELECT count(*) FROM web_sessions")).scalar()
        finally:
            engine.dispose()
        return tuple(streams), tuple(drafts), tuple(names), sessions


def sign_in_form(client: TestClient, name: str, password: str) -> object:
    page = client.get("/login")
    token = re.search(r'name="login_csrf" value="([^"]+)"', page.text)
    assert token is not None
    return client.post(
        "/login", data={"name": name, "password": password, "login_csrf": token.group(1)}
    )


def make_demo(url: str, *, secure_cookie: bool = True) -> Demo:
    clock = FixedClock(START)
    server = open_server(url, ORG, clock=clock, rng=SeededRng(7), config=TEST_CONFIG)
    try:
        owner_once = first_start(server)
        assert owner_once is not None
        owner = server.accounts.get("owner")
        assert owner is not None
        server.accounts.change_password(owner, owner_once, OWNER_PASSWORD)
        passwords = {login.name: login.password for login in seed_demo(server)}
        state, once = server.accounts.create(
            "sa", frozenset({STATE_AUDITOR}), must_change=False, actor="test"
        )
        assert once is not None
        passwords[state.name] = once
    finally:
        server.close()
    passwords["owner"] = OWNER_PASSWORD
    settings = WebSettings(
        url,
        ORG,
        clock=clock,
        rng=SeededRng(11),
        accounts=TEST_CONFIG,
        tables_rng=SeededRngSource(5),
        rules_dir=RULES_DIR,
        secure_cookie=secure_cookie,
    )
    return Demo(url, clock, create_app(settings), passwords)


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Demo]:
    """A fresh demo organization behind its app, for one test."""
    made = make_demo(f"sqlite:///{tmp_path / 'web.db'}")
    yield made
    made.app.state.server.close()


@pytest.fixture(scope="module")
def shared_demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    """One demo organization for a whole module (the authorization matrix)."""
    made = make_demo(f"sqlite:///{tmp_path_factory.mktemp('web') / 'web.db'}")
    yield made
    made.app.state.server.close()


def entry_values(option: dict[str, Any]) -> dict[str, str] | None:
    """The values a random player gives an entry option (``service.tables.entries``): the first
    of the offered choices, one dollar or one chip, a name; None for a plain option."""
    if option.get("kind") != "entry":
        return None
    typed = {"money": "1", "count": "1", "text": "pat"}
    return {
        f["name"]: (f["choices"][0] if f["kind"] == "choice" else typed[f["kind"]])
        for f in option["fields"]
    }
