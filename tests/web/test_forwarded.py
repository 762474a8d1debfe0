"""Issue 29, item 2: the sign-in throttle counts the real client address. Uvicorn believes
``X-Forwarded-For`` from any client on 127.0.0.1 by default, so the per-address lockout could be
dodged by changing the header. ``croupier serve`` believes it only from the proxies named by
``--forwarded-allow-ips`` (none by default). Each case starts ``croupier serve`` itself."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from croupier.service.people.accounts import AccountsConfig

from .served import free_port

FREE = AccountsConfig().address_free_failures  # failures an address may make before a lockout


def _serve(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CROUPIER_")}
    env["CROUPIER_WEB_TEST_HASHES"] = "1"  # fast hashes: the throttle is what is tested
    command = [
        sys.executable, "-m", "croupier.cli.main", "serve", "--port", str(port),
        "--db", f"sqlite:///{tmp_path / 'f.db'}", "--insecure-cookie", *extra,
    ]  # fmt: skip
    proc = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/login", timeout=1)
            return proc, port
        except httpx.TransportError:
            if time.monotonic() > deadline or proc.poll() is not None:  # pragma: no cover
                proc.kill()
                raise
            time.sleep(0.1)


def _tries(port: int) -> list[int]:
    """``FREE + 1`` wrong sign-ins, each claiming another forwarded address; the statuses."""
    out = []
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        for i in range(FREE + 1):
            r = client.post(
                "/api/login",
                json={"name": f"nobody-{i}", "password": "wrong"},
                headers={"X-Forwarded-For": f"203.0.113.{i + 1}"},
            )
            out.append(r.status_code)
    return out


@pytest.mark.parametrize(
    ("extra", "last"),
    [
        ((), 429),  # the header is not believed: one address, locked after FREE failures
        (("--forwarded-allow-ips", "127.0.0.1"), 401),  # a named proxy: each its own address
    ],
)
def test_the_sign_in_throttle_believes_forwarded_addresses_only_from_a_named_proxy(
    tmp_path: Path, extra: tuple[str, ...], last: int
) -> None:
    proc, port = _serve(tmp_path, *extra)
    try:
        statuses = _tries(port)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert statuses[:FREE] == [401] * FREE
    assert statuses[FREE] == last


def test_a_proxy_that_is_not_an_address_is_refused_in_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CROUPIER_")}
    done = subprocess.run(
        [sys.executable, "-m", "croupier.cli.main", "serve", "--forwarded-allow-ips", "*",
         "--db", f"sqlite:///{tmp_path / 'x.db'}"],
        capture_output=True, text=True, cwd=tmp_path, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --forwarded-allow-ips takes addresses or networks (127.0.0.1, 10.0.0.0/8), not '*'"
    ]
    assert not (tmp_path / "x.db").exists()
