"""Found by an audit, each small: Uvicorn's ``server`` banner, the headers beside the content
policy (``Permissions-Policy``, ``COOP``, ``CORP``) and one-time passwords that never expired."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import httpx
from tests.web.conftest import Demo
from tests.web.served import free_port, serve, stop

from croupier.service.server.transport import SERVER_HEADER, uvicorn_command
from croupier.service.server.webserver import add_user


def test_no_answer_names_the_server_software(tmp_path: Path) -> None:
    assert SERVER_HEADER is False
    assert "--no-server-header" in uvicorn_command("python", "127.0.0.1", 8000, 1)
    port = free_port()
    proc = serve(f"sqlite:///{tmp_path / 's.db'}", port)
    try:
        answer = httpx.get(f"http://127.0.0.1:{port}/login", timeout=10)
    finally:
        stop(proc)
    assert answer.status_code == 200
    assert "server" not in answer.headers


def test_every_answer_keeps_features_windows_and_resources_to_itself(demo: Demo) -> None:
    client = demo.client()
    for path in ("/login", "/api/me", "/static/table.js", "/docs", "/no-such-page"):
        r = client.get(path)
        assert r.headers["cross-origin-opener-policy"] == "same-origin", path
        assert r.headers["cross-origin-resource-policy"] == "same-origin", path
        policy = r.headers["permissions-policy"]
        assert "camera=()" in policy, path
        assert "geolocation=()" in policy, path


def test_a_one_time_password_expires_after_a_day(demo: Demo) -> None:
    server = demo.app.state.server
    _, once = add_user(server, "newbie", ["cashier"], None, "owner")
    _, later = add_user(server, "latecomer", ["cashier"], None, "owner")
    client = demo.client()
    ok = client.post("/api/login", json={"name": "newbie", "password": once})
    assert ok.status_code == 200  # within the day: signed in, to change it
    demo.clock.advance(timedelta(hours=24, minutes=1))
    late = demo.client().post("/api/login", json={"name": "latecomer", "password": later})
    assert late.status_code == 401
    assert "one-time password has expired" in late.json()["detail"]
    # the session opened in time cannot change it once expired either
    token = ok.json()["csrf_token"]
    changed = client.post(
        "/api/password",
        json={"current": once, "new": "a fresh cashier passphrase"},
        headers={"X-CSRF-Token": token},
    )
    assert changed.status_code in (401, 422)
    # a reset gives a new one, for another day
    again = server.accounts.reset_password("latecomer", actor="owner")
    fresh = demo.client().post("/api/login", json={"name": "latecomer", "password": again})
    assert fresh.status_code == 200
    # an account that chose its own password is not touched by the lifetime
    demo.clock.advance(timedelta(days=3))
    owner = demo.client().post(
        "/api/login", json={"name": "owner", "password": demo.passwords["owner"]}
    )
    assert owner.status_code == 200
