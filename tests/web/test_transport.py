"""How the live sockets are served (``service/server/transport.py``): a client that offers
``permessage-deflate``, as every browser does, gets plain frames, from the server the tests
start as ``croupier serve`` starts it and from ``croupier serve`` itself."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app

from .conftest import RULES_DIR, make_demo
from .served import free_port, open_table, serve, session_cookie, sign_in, stop


def test_a_socket_offered_per_message_deflate_is_served_uncompressed(tmp_path: Path) -> None:
    from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
    from websockets.sync.client import connect

    url = f"sqlite:///{tmp_path / 'plain.db'}"
    demo = make_demo(url, secure_cookie=False)
    demo.app.state.server.close()
    port = free_port()
    proc = serve(url, port)
    try:
        dealer = sign_in(port, "d1", demo.passwords["d1"])
        open_table(dealer, "plain-1")
        with connect(
            f"ws://127.0.0.1:{port}/api/tables/plain-1/ws",
            additional_headers={"Cookie": session_cookie(dealer)},
            extensions=[ClientPerMessageDeflateFactory()],  # offered, as a browser does
            open_timeout=10,
        ) as ws:
            offered = ws.request.headers.get("Sec-WebSocket-Extensions") if ws.request else None
            assert offered is not None
            assert "permessage-deflate" in offered
            assert ws.response is not None
            assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
            assert ws.protocol.extensions == []
            first = json.loads(ws.recv(timeout=10))
            assert first["view"]["table"] == "plain-1"  # the socket works, uncompressed
    finally:
        stop(proc)


def test_croupier_serve_starts_uvicorn_without_per_message_deflate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    started: list[dict[str, Any]] = []

    def run(target: str, **options: Any) -> None:  # the command's call, recorded, not served
        started.append({"target": target, **options})

    monkeypatch.setattr(uvicorn, "run", run)
    names = ("CROUPIER_DATABASE_URL", "CROUPIER_ORG", "CROUPIER_WEB_INSECURE_COOKIE")
    before = {name: os.environ.get(name) for name in names}
    for name in names:
        # the command sets them: set and unset here first, so that the undo removes them even
        # where they were not set before (a bare delenv records nothing to undo then)
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CROUPIER_RULES_DIR", str(RULES_DIR))
    result = CliRunner().invoke(
        app, ["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", "--port", str(free_port())]
    )
    assert result.exit_code == 0, result.output
    assert len(started) == 1
    assert started[0]["target"] == "croupier.web.app:create_app_from_environment"
    assert started[0]["ws_per_message_deflate"] is False
    monkeypatch.undo()
    assert {name: os.environ.get(name) for name in names} == before  # as the next test needs
