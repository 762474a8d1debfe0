"""Numbers typed at a page or the API are written in the digits 0-9 (found by a security
audit): ``str.isdigit`` also takes superscripts such as ``²``, which ``int()`` then refuses with
a ``ValueError`` that reached the person as "500 internal error". Each is now one refusal, and
nothing is written."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.conftest import BASE, Demo

SUPERSCRIPT_TWO = "\u00b2"


def _signed_in(demo: Demo, name: str) -> tuple[TestClient, str]:
    """A client that answers a server error as the server would (a 500), not by raising."""
    client = TestClient(demo.app, base_url=BASE, raise_server_exceptions=False)
    r = client.post("/api/login", json={"name": name, "password": demo.passwords[name]})
    assert r.status_code == 200, r.text
    return client, str(r.json()["csrf_token"])


def test_a_superscript_in_a_page_form_is_refused_not_a_server_error(demo: Demo) -> None:
    clients = {who: _signed_in(demo, who) for who in ("c1", "ct")}
    before = demo.snapshot()  # the sessions just made included
    for who, path, form in (
        ("c1", "/slips/prepare",
         {"kind": "fill", "site": "S1", "table": "1", "chips": "5x1", "form": SUPERSCRIPT_TWO}),
        ("ct", "/day/count",
         {"site": "S1", "box": f"2026-01-05/{SUPERSCRIPT_TWO}/1", "partner": "ip", "amount": "1"}),
        ("ct", "/day/count",
         {"site": "S1", "box": f"2026-01-05/1/{SUPERSCRIPT_TWO}", "partner": "ip", "amount": "1"}),
    ):  # fmt: skip
        client, csrf = clients[who]
        r = client.post(path, data={**form, "csrf_token": csrf}, follow_redirects=False)
        assert r.status_code < 500, (path, form, r.status_code)
        assert "internal error" not in r.text
    assert demo.snapshot() == before


def test_a_superscript_in_an_api_body_is_refused_not_a_server_error(demo: Demo) -> None:
    client, csrf = _signed_in(demo, "gm")
    before = demo.snapshot()
    r = client.post(
        "/api/sites/S1/opening-balances",
        json={"cash_bank": "1", "trays": [f"{SUPERSCRIPT_TWO}=5x1"], "audited_by": "au"},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.status_code == 422, (r.status_code, r.text)
    assert "internal error" not in r.text
    assert demo.snapshot() == before
