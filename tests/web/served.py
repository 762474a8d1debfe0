"""A croupier web server in a child process on 127.0.0.1, as ``croupier serve`` starts it
(Uvicorn serving the app from the environment), for the tests that need a real server: the
restart test, the two-worker tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import httpx

from croupier.service.server.transport import uvicorn_command
from croupier.web.security import SESSION_COOKIE

from .conftest import RULES_DIR


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(url: str, port: int, workers: int = 1) -> subprocess.Popen[bytes]:
    """Start the server of the demo organization at ``url`` and wait until it answers."""
    env = dict(
        os.environ,
        CROUPIER_DATABASE_URL=url,
        CROUPIER_ORG="demo",
        CROUPIER_WEB_INSECURE_COOKIE="1",
        CROUPIER_WEB_TEST_HASHES="1",
        CROUPIER_RULES_DIR=str(RULES_DIR),
    )
    command = uvicorn_command(sys.executable, "127.0.0.1", port, workers)  # as croupier serve
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/login", timeout=1)
            return proc
        except httpx.TransportError:
            if time.monotonic() > deadline:  # pragma: no cover - a server that does not start
                proc.kill()
                raise
            time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(timeout=30)


def sign_in(port: int, name: str, password: str) -> tuple[httpx.Client, str]:
    """A client signed in through the API, and its CSRF token."""
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    r = client.post("/api/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return client, str(r.json()["csrf_token"])


TWENTYONE_RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


def open_table(dealer: tuple[httpx.Client, str], table: str, rules: str = TWENTYONE_RULES) -> None:
    """Open a virtual twenty-one table through the API as a signed-in dealer."""
    r = dealer[0].post(
        "/api/tables",
        json={"table": table, "game": "twentyone", "rules": rules},
        headers={"X-CSRF-Token": dealer[1]},
    )
    assert r.status_code == 201, r.text


def session_cookie(signed_in: tuple[httpx.Client, str]) -> str:
    """The ``Cookie`` header of a signed-in client's session, for its table sockets."""
    return f"{SESSION_COOKIE}={signed_in[0].cookies.get(SESSION_COOKIE)}"
