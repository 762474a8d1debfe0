"""The current password of a password change and the code that renews recovery codes are
checked under the sign-in throttle (found by an audit: a stolen session could guess the
password, or the codes, without limit): wrong ones count as failed sign-ins of the name, and
while it is locked even the right one is refused (429)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pyotp
from tests.web.conftest import Demo
from tests.web.test_second_factor import PASSWORD, _app, _enrol


def test_guessing_the_current_password_locks_as_a_sign_in_does(demo: Demo) -> None:
    client, token = demo.api_client("d1")
    page, _ = demo.page_client("d1")  # the password page, signed in before the guesses
    right, new = demo.passwords["d1"], "a fresh dealer passphrase"

    def change(current: str) -> int:
        r = client.post(
            "/api/password",
            json={"current": current, "new": new},
            headers={"X-CSRF-Token": token},
        )
        return r.status_code

    free = 5  # AccountsConfig.account_free_failures
    assert [change(f"guess number {i}") for i in range(free)] == [422] * free
    assert change(right) == 429  # locked: not even the right one is looked at
    assert change("another guess") == 429
    # the password page: the same throttle; and signing in again is locked too
    form = page.get("/password").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert csrf is not None
    locked = page.post(
        "/password",
        data={"csrf_token": csrf.group(1), "current": right, "new": new, "again": new},
    )
    assert locked.status_code == 429
    assert "too many failed attempts" in locked.text
    again = demo.client().post("/api/login", json={"name": "d1", "password": right})
    assert again.status_code == 429
    demo.clock.advance(timedelta(minutes=2))
    assert change(right) == 200
    actions = [e.action for e in demo.app.state.server.accounts.log_entries("d1")]
    assert actions.count("check refused") >= free + 2


def test_guessing_the_code_that_renews_recovery_codes_locks(tmp_path: Path) -> None:
    client, clock, server = _app(tmp_path)
    secret, codes = _enrol(server, "gm")
    clock.advance(timedelta(seconds=60))
    client.post("/api/login", json={"name": "gm", "password": PASSWORD, "code": codes[0]})
    page = client.get("/second-factor")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert csrf is not None

    def renew(code: str) -> int:
        r = client.post(
            "/second-factor/recovery-codes", data={"csrf_token": csrf.group(1), "code": code}
        )
        return r.status_code

    assert [renew(f"{i:06d}") for i in range(5)] == [422] * 5
    clock.advance(timedelta(seconds=30))
    assert renew(pyotp.TOTP(secret).at(clock.now())) == 429
    clock.advance(timedelta(minutes=2))
    assert renew(pyotp.TOTP(secret).at(clock.now())) == 200
    server.close()
