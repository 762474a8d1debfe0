"""The second factor (issue 29): an authenticator's code (TOTP, RFC 6238) after the password for
the owner, gaming managers and auditors; single-use recovery codes; a lockout by address that
an outsider cannot use to keep such a person out; the owner's reset of a lost one.

Codes are computed in the tests with ``pyotp`` directly from the key the page shows, as a
person's authenticator app would, and checked against RFC 6238's own test values."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pyotp
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import BASE, START, sign_in_form

from croupier.core.clock import FixedClock
from croupier.core.rng import SeededRng
from croupier.service.people import second_factor as factor
from croupier.service.people.accounts import (
    AccountsConfig,
    CodeWanted,
    SignedIn,
    SignInRefused,
)
from croupier.service.server.webserver import Server, open_server
from croupier.web.app import create_app
from croupier.web.settings import WebSettings

SHIPPED = AccountsConfig(time_cost=1, memory_kib=8, parallelism=1)
"""The roles as shipped (owner, gaming manager, auditor need a second factor), cheap hashes."""
PASSWORD = "a long enough password"


def _server(tmp_path: Path) -> tuple[Server, FixedClock]:
    clock = FixedClock(START)
    server = open_server(
        f"sqlite:///{tmp_path / 'f.db'}", "org", clock=clock, rng=SeededRng(3), config=SHIPPED
    )
    for name, role in (("gm", "gaming manager"), ("au", "auditor"), ("dl", "dealer")):
        server.accounts.create(name, frozenset({role}), password=PASSWORD, must_change=False)
    return server, clock


def _enrol(server: Server, name: str) -> tuple[str, list[str]]:
    account = server.accounts.get(name)
    assert account is not None
    secret = server.accounts.start_second_factor(account)
    now = server.accounts.clock.now()
    codes = server.accounts.confirm_second_factor(account, pyotp.TOTP(secret).at(now))
    return secret, codes


@pytest.mark.parametrize(
    ("unix_time", "code"),
    # RFC 6238 Appendix B, SHA-1, key "12345678901234567890": the eight-digit values' last six
    [(59, "287082"), (1111111109, "081804"), (1111111111, "050471"), (1234567890, "005924"),
     (2000000000, "279037")],
)  # fmt: skip
def test_rfc_6238_test_values(unix_time: int, code: str) -> None:
    secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"  # base32 of the ASCII key
    assert factor.code_at(secret, unix_time // 30) == code


def test_the_roles_that_keep_the_books_must_set_one_up_the_others_may(tmp_path: Path) -> None:
    server, _ = _server(tmp_path)
    due = {a.name: server.accounts.factor_due(a) for a in server.accounts.all()}
    assert due == {"gm": True, "au": True, "dl": False}
    signed = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(signed, SignedIn)  # without one yet: signed in, to set it up
    _enrol(server, "gm")
    gm = server.accounts.get("gm")
    assert gm is not None
    assert gm.second_factor
    assert not server.accounts.factor_due(gm)
    server.close()


def test_after_the_password_the_code_and_each_code_once(tmp_path: Path) -> None:
    server, clock = _server(tmp_path)
    secret, _ = _enrol(server, "gm")
    clock.advance(timedelta(seconds=60))
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(waiting, CodeWanted)
    with pytest.raises(SignInRefused, match="wrong code"):
        server.accounts.finish_sign_in(waiting.token, "000000", "10.0.0.1")
    code = pyotp.TOTP(secret).at(clock.now())
    signed = server.accounts.finish_sign_in(waiting.token, code, "10.0.0.1")
    assert signed.session.account.name == "gm"
    assert server.accounts.session(signed.token) is not None
    with pytest.raises(SignInRefused, match="sign in again"):  # the waiting sign-in is used up
        server.accounts.finish_sign_in(waiting.token, code, "10.0.0.1")
    again = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(again, CodeWanted)
    with pytest.raises(SignInRefused, match="wrong code"):  # the same code, seen over a shoulder
        server.accounts.finish_sign_in(again.token, code, "10.0.0.1")
    clock.advance(timedelta(seconds=30))
    server.accounts.finish_sign_in(again.token, pyotp.TOTP(secret).at(clock.now()), "10.0.0.1")
    log = [(e.action, e.detail.get("second_factor")) for e in server.accounts.log_entries("gm")]
    assert ("signed in", "authenticator") in log
    assert ("sign-in refused", None) in log
    server.close()


def test_a_code_from_a_clock_a_step_off_is_taken_two_steps_off_is_not(tmp_path: Path) -> None:
    server, clock = _server(tmp_path)
    secret, _ = _enrol(server, "au")
    clock.advance(timedelta(minutes=5))
    for offset, accepted in ((-30, True), (30, True), (-90, False), (90, False)):
        waiting = server.accounts.sign_in("au", PASSWORD, "10.0.0.2")
        assert isinstance(waiting, CodeWanted)
        code = pyotp.TOTP(secret).at(clock.now() + timedelta(seconds=offset))
        if accepted:
            server.accounts.finish_sign_in(waiting.token, code, "10.0.0.2")
            clock.advance(timedelta(seconds=90))  # the next try on a later step
        else:
            with pytest.raises(SignInRefused, match="wrong code"):
                server.accounts.finish_sign_in(waiting.token, code, "10.0.0.2")
    server.close()


def test_a_recovery_code_signs_in_once(tmp_path: Path) -> None:
    server, _ = _server(tmp_path)
    _, codes = _enrol(server, "gm")
    assert len(codes) == 10
    assert len(set(codes)) == 10
    assert all(re.fullmatch(r"[a-z2-9]{4}(-[a-z2-9]{4}){3}", c) for c in codes)
    gm = server.accounts.get("gm")
    assert gm is not None
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(waiting, CodeWanted)
    typed = codes[3].upper().replace("-", " ")  # any case, spaces for dashes
    server.accounts.finish_sign_in(waiting.token, typed, "10.0.0.1")
    assert server.accounts.recovery_codes_left(gm) == 9
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(waiting, CodeWanted)
    with pytest.raises(SignInRefused, match="wrong code"):
        server.accounts.finish_sign_in(waiting.token, codes[3], "10.0.0.1")
    server.close()


def test_wrong_codes_end_the_waiting_sign_in_and_count_as_failures(tmp_path: Path) -> None:
    server, _ = _server(tmp_path)
    _enrol(server, "gm")
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.9")
    assert isinstance(waiting, CodeWanted)
    for _ in range(SHIPPED.code_tries - 1):
        with pytest.raises(SignInRefused, match="wrong code"):
            server.accounts.finish_sign_in(waiting.token, "123456", "10.0.0.9")
    with pytest.raises(SignInRefused, match="too many wrong codes"):
        server.accounts.finish_sign_in(waiting.token, "123456", "10.0.0.9")
    # five wrong codes from there locked the name from there, as five wrong passwords would
    with pytest.raises(SignInRefused, match="too many failed sign-ins for this account"):
        server.accounts.sign_in("gm", PASSWORD, "10.0.0.9")
    server.close()


def test_a_waiting_sign_in_expires(tmp_path: Path) -> None:
    server, clock = _server(tmp_path)
    secret, _ = _enrol(server, "gm")
    clock.advance(timedelta(seconds=60))
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(waiting, CodeWanted)
    clock.advance(SHIPPED.code_wait + timedelta(seconds=1))
    with pytest.raises(SignInRefused, match="expired"):
        server.accounts.finish_sign_in(waiting.token, pyotp.TOTP(secret).at(clock.now()), "x")
    server.close()


def test_an_address_lockout_cannot_keep_out_a_person_with_a_second_factor(tmp_path: Path) -> None:
    """Issue 29: an outsider's wrong passwords from a shared address (a proxy, an office) lock
    that address; a right password plus a right code still signs in from it. Without a second
    factor the lock holds."""
    server, clock = _server(tmp_path)
    secret, _ = _enrol(server, "gm")
    shared = "192.0.2.50"
    for n in range(SHIPPED.address_free_failures):
        with pytest.raises(SignInRefused):
            server.accounts.sign_in(f"nobody{n}", "guess", shared)
    with pytest.raises(SignInRefused, match="too many failed sign-ins for this address"):
        server.accounts.sign_in("dl", PASSWORD, shared)
    with pytest.raises(SignInRefused, match="too many failed sign-ins for this address"):
        server.accounts.sign_in("gm", "a wrong password", shared)  # no way past it unproven
    clock.advance(timedelta(seconds=60))
    waiting = server.accounts.sign_in("gm", PASSWORD, shared)
    assert isinstance(waiting, CodeWanted)
    server.accounts.finish_sign_in(waiting.token, pyotp.TOTP(secret).at(clock.now()), shared)
    server.close()


def test_the_owner_resets_a_lost_one(tmp_path: Path) -> None:
    server, _ = _server(tmp_path)
    _enrol(server, "gm")
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(waiting, CodeWanted)
    server.accounts.reset_second_factor("gm", "owner")
    with pytest.raises(SignInRefused, match="sign in again"):  # the waiting sign-in ended
        server.accounts.finish_sign_in(waiting.token, "000000", "10.0.0.1")
    gm = server.accounts.get("gm")
    assert gm is not None
    assert not gm.second_factor
    assert server.accounts.factor_due(gm)
    assert ("second factor reset", "owner") in [
        (e.action, e.actor) for e in server.accounts.log_entries("gm")
    ]
    with pytest.raises(Exception, match="no second factor"):
        server.accounts.reset_second_factor("dl", "owner")
    server.close()


def _app(tmp_path: Path) -> tuple[TestClient, FixedClock, Server]:
    server, clock = _server(tmp_path)
    url = server.url
    server.close()
    settings = WebSettings(url, "org", clock=clock, rng=SeededRng(9), accounts=SHIPPED)
    app = create_app(settings)
    return TestClient(app, base_url=BASE), clock, app.state.server


def test_in_the_browser_set_up_then_sign_in_with_the_code(tmp_path: Path) -> None:
    client, clock, server = _app(tmp_path)
    sign_in_form(client, "gm", PASSWORD)
    # nothing but the second factor's page until it is set up; the API says why
    assert client.get("/", follow_redirects=False).headers["location"] == "/second-factor"
    api = client.get("/api/me")
    assert api.status_code == 200  # who am I: allowed, to learn what is due
    refused = client.get("/api/sites")
    assert refused.status_code == 403
    assert "second factor" in refused.json()["detail"]
    page = client.get("/second-factor")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert csrf is not None
    client.post("/second-factor/start", data={"csrf_token": csrf.group(1)})
    page = client.get("/second-factor")
    key = re.search(r'id="setup-key">([A-Z2-7 ]+)<', page.text)
    assert key is not None
    secret = key.group(1).replace(" ", "")
    before = client.cookies.get("croupier_session")
    done = client.post(
        "/second-factor/confirm",
        data={"csrf_token": csrf.group(1), "code": pyotp.TOTP(secret).at(clock.now())},
    )
    assert done.status_code == 200
    codes = re.findall(r"<li><code>([a-z2-9-]{19})</code></li>", done.text)
    assert len(codes) == 10
    assert client.cookies.get("croupier_session") != before  # rotated: its rights changed
    assert client.get("/", follow_redirects=False).status_code == 200
    # a new browser: the password, then the code
    clock.advance(timedelta(seconds=60))
    other = TestClient(client.app, base_url=BASE)
    step = sign_in_form(other, "gm", PASSWORD)
    assert "Code from your authenticator" in step.text  # type: ignore[attr-defined]
    assert other.get("/", follow_redirects=False).headers["location"] == "/login"
    form = re.search(r'name="login_csrf" value="([^"]+)"', step.text)  # type: ignore[attr-defined]
    assert form is not None
    wrong = other.post("/login/code", data={"code": "000000", "login_csrf": form.group(1)})
    assert wrong.status_code == 401
    assert "wrong code" in wrong.text
    form = re.search(r'name="login_csrf" value="([^"]+)"', wrong.text)
    assert form is not None
    right = other.post(
        "/login/code",
        data={"code": pyotp.TOTP(secret).at(clock.now()), "login_csrf": form.group(1)},
        follow_redirects=False,
    )
    assert right.headers["location"] == "/"
    assert other.get("/", follow_redirects=False).status_code == 200
    # the JSON API takes the code in the same request
    api_client = TestClient(client.app, base_url=BASE)
    asked = api_client.post("/api/login", json={"name": "gm", "password": PASSWORD})
    assert asked.status_code == 401
    assert asked.json()["second_factor"] is True
    signed = api_client.post(
        "/api/login", json={"name": "gm", "password": PASSWORD, "code": codes[0]}
    )
    assert signed.status_code == 200, signed.text
    server.close()


def test_the_owner_resets_it_from_the_accounts_page(tmp_path: Path) -> None:
    client, clock, server = _app(tmp_path)
    _enrol(server, "au")
    owner, _ = server.accounts.create(
        "owner", frozenset({"owner"}), password="the head's own password", must_change=False
    )
    secret = server.accounts.start_second_factor(owner)
    server.accounts.confirm_second_factor(owner, pyotp.TOTP(secret).at(clock.now()))
    clock.advance(timedelta(seconds=60))
    step = sign_in_form(client, "owner", "the head's own password")
    form = re.search(r'name="login_csrf" value="([^"]+)"', step.text)  # type: ignore[attr-defined]
    assert form is not None
    client.post(
        "/login/code",
        data={"code": pyotp.TOTP(secret).at(clock.now()), "login_csrf": form.group(1)},
    )
    page = client.get("/accounts")
    assert page.status_code == 200
    assert "/accounts/au/second-factor/reset" in page.text
    assert "due at the next sign-in" in page.text  # gm has none yet
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert csrf is not None
    done = client.post("/accounts/au/second-factor/reset", data={"csrf_token": csrf.group(1)})
    assert "au&#39;s second factor was reset" in done.text
    au = server.accounts.get("au")
    assert au is not None
    assert not au.second_factor
    server.close()


def test_two_sign_ins_racing_with_one_code_only_one_takes_it(tmp_path: Path) -> None:
    """Found by an audit: the code's step was marked used without a condition, so two
    sign-ins that both read the account before either marked it (two workers on PostgreSQL)
    could both be let in with one code. The step is now taken only if it is still unused:
    here the second sign-in's read of the account is from before the first took the code."""
    import sqlalchemy as sa

    from croupier.store.schema import accounts

    server, clock = _server(tmp_path)
    secret, _ = _enrol(server, "gm")
    clock.advance(timedelta(seconds=60))
    code = pyotp.TOTP(secret).at(clock.now())
    engine = server.accounts.engine
    with engine.connect() as conn:
        stale = conn.execute(sa.select(accounts).where(accounts.c.name == "gm")).one()
    waiting = server.accounts.sign_in("gm", PASSWORD, "10.0.0.1")
    assert isinstance(waiting, CodeWanted)
    server.accounts.finish_sign_in(waiting.token, code, "10.0.0.1")  # the first takes it
    with engine.begin() as conn:  # the second, holding the account as it read it before
        assert server.accounts._use_code(conn, stale, code, clock.now()) is None
    server.close()
