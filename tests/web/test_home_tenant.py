"""The home page's "Today" list reads the session's organization only (found by an audit: a
person signed in to a second organization saw the default organization's slips awaiting
verification and its live tables)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.conftest import Demo, make_demo
from tests.web.test_tenancy import add_second_organization

from croupier.service.people.authz import Actor


@pytest.fixture
def two(tmp_path: Path) -> Iterator[Demo]:
    demo = make_demo(f"sqlite:///{tmp_path / 'two.db'}")
    add_second_organization(demo)
    yield demo
    demo.app.state.server.close()


def _today(demo: Demo, name: str) -> str:
    client, _ = demo.page_client(name)
    page = client.get("/")
    assert page.status_code == 200
    part = page.text.split("<h2>Today</h2>", 1)[1].split("</ol>", 1)[0]
    return re.sub(r"<[^>]+>", "", part)


def test_the_today_list_of_another_organization_shows_none_of_the_default_ones(
    two: Demo,
) -> None:
    client, token = two.api_client("d1")  # the default organization's dealer
    opened = client.post(
        "/api/tables",
        json={
            "table": "alpha-only-table",
            "game": "twentyone",
            "rules": "twentyone-hole-card-no-peek-6deck-s17.toml",
        },
        headers={"X-CSRF-Token": token},
    )
    assert opened.status_code == 201, opened.text
    office = two.app.state.server.tenant("demo").backoffice
    office.prepare(Actor("c1", frozenset({"cashier"}), "c1"), "fill", "S1", 1, "5x1")
    alpha = _today(two, "sm")
    assert "alpha-only-table" in alpha
    assert "prepared by c1" in alpha
    for name in ("b-sm", "b-d1", "b-player1"):
        beta = _today(two, name)
        assert "alpha-only-table" not in beta, name
        assert "prepared by c1" not in beta, name
