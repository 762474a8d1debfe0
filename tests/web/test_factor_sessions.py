"""Setting up a second factor ends the account's other sessions (found by an audit: a session
signed in by password alone while the factor was due got full rights once another session
confirmed the factor), as a new password and the owner's reset end them."""

from __future__ import annotations

import re
from pathlib import Path

import pyotp
from fastapi.testclient import TestClient
from tests.web.conftest import BASE, sign_in_form
from tests.web.test_second_factor import PASSWORD, _app


def test_confirming_a_second_factor_ends_the_other_sessions_of_the_account(
    tmp_path: Path,
) -> None:
    client, clock, server = _app(tmp_path)
    other = TestClient(client.app, base_url=BASE)
    sign_in_form(other, "gm", PASSWORD)  # password only, the factor due: may only set it up
    assert other.get("/api/sites").status_code == 403
    sign_in_form(client, "gm", PASSWORD)
    page = client.get("/second-factor")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert csrf is not None
    client.post("/second-factor/start", data={"csrf_token": csrf.group(1)})
    key = re.search(r'id="setup-key">([A-Z2-7 ]+)<', client.get("/second-factor").text)
    assert key is not None
    done = client.post(
        "/second-factor/confirm",
        data={
            "csrf_token": csrf.group(1),
            "code": pyotp.TOTP(key.group(1).replace(" ", "")).at(clock.now()),
        },
    )
    assert done.status_code == 200
    assert client.get("/api/sites").status_code == 200  # the confirming session goes on
    assert other.get("/api/sites").status_code == 401  # the other one ended
    assert other.get("/api/me").status_code == 401
    entry = server.accounts.log_entries("gm")[-1]
    assert entry.action == "second factor set up"
    assert entry.detail["ended"] == 1
    server.close()
