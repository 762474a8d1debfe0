"""The restart test (issue 16): the server process is killed (SIGKILL) in the middle of rounds
at tables of all four games; started again, every table shows the same step to its dealer,
play continues to settlement, and ``croupier verify`` finds every hash chain intact.

The server is a real Uvicorn process on 127.0.0.1 over a demo organization's SQLite file.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from croupier.core.rng import SeededRng

from .conftest import entry_values, make_demo
from .served import free_port, serve, sign_in

TABLES = {
    "r-21": ("twentyone", "twentyone-hole-card-no-peek-6deck-s17.toml", ("10", "25")),
    "r-3c": ("threecard21", "threecard21-6deck.toml", ("5", "40")),
    "r-pk": ("poker", "poker-holdem.toml", ("20", "15")),
    "r-pw": ("paddlewheel", "paddlewheel-table.toml", ("0", "0")),
}
PLAYERS = ("player1", "player2")


class Served:
    """The server process, killed with SIGKILL and started again on the same port."""

    def __init__(self, url: str, port: int) -> None:
        self.url, self.port = url, port
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = serve(self.url, self.port)

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        assert self.proc.returncode == -signal.SIGKILL


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Served, dict[str, str]]]:
    url = f"sqlite:///{tmp_path / 'restart.db'}"
    demo = make_demo(url, secure_cookie=False)
    demo.app.state.server.close()
    server = Served(url, free_port())
    server.start()
    try:
        yield server, demo.passwords
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait(timeout=10)


def _post(who: tuple[httpx.Client, str], path: str, body: dict[str, Any] | None = None) -> Any:
    client, csrf = who
    return client.post(path, json=body or {}, headers={"X-CSRF-Token": csrf})


def _step(people: dict[str, tuple[httpx.Client, str]], table: str, rng: SeededRng) -> bool:
    """One command of a random legal player through the API; False when the round is over."""
    dealer = people["d1"]
    view = dealer[0].get(f"/api/tables/{table}").json()
    pending = view["pending"]
    if pending is None or pending["kind"] == "none":
        return False
    if pending["kind"] == "chance":
        r = _post(dealer, f"/api/tables/{table}/chance")
        assert r.status_code == 200, r.text
        return True
    who = dealer if pending["kind"] == "dealer" else people[view["seats"][str(pending["seat"])]]
    mine = who[0].get(f"/api/tables/{table}").json()
    labels = [o["label"] for o in mine["options"]]
    assert labels, mine
    close = next((i for i, t in enumerate(labels) if t.startswith("close bets")), None)
    pick = close if close is not None and mine["version"] > 12 else rng.randbelow(len(labels))
    body = {"option": pick, "version": mine["version"]}
    values = entry_values(mine["options"][pick])
    if values is not None:
        body["values"] = values
    r = _post(who, f"/api/tables/{table}/choose", body)
    assert r.status_code == 200, (r.text, labels[pick])
    return True


def _in_play(view: dict[str, Any]) -> bool:
    return bool(view["pending"]) and view["pending"]["kind"] != "none"


def _dealer_views(dealer: tuple[httpx.Client, str]) -> dict[str, Any]:
    return {t: dealer[0].get(f"/api/tables/{t}").json() for t in TABLES}


def test_a_killed_server_restarts_every_table_at_the_same_step(
    served: tuple[Served, dict[str, str]], tmp_path: Path
) -> None:
    server, passwords = served
    names = ("d1", *PLAYERS)
    people = {n: sign_in(server.port, n, passwords[n]) for n in names}
    rng = SeededRng(17)
    for table, (game, rules, wagers) in TABLES.items():
        r = _post(people["d1"], "/api/tables", {"table": table, "game": game, "rules": rules})
        assert r.status_code == 201, r.text
        for seat, player in enumerate(PLAYERS, start=1):
            assert _post(people[player], f"/api/tables/{table}/seat", {"seat": seat}).is_success
        # the shuffle is the server's own: a round may end within its first steps (a quick stand
        # at Three Card 21); then it is settled and the next round is dealt and left at its start
        for attempt in range(5):
            for player, amount in zip(PLAYERS, wagers, strict=True):
                r = _post(people[player], f"/api/tables/{table}/wager", {"amount": amount})
                assert r.status_code == 200, r.text
            assert _post(people["d1"], f"/api/tables/{table}/deal").status_code == 200
            for _ in range(3 if attempt == 0 else 0):  # into the round, not (as a rule) to its end
                if not _step(people, table, rng):
                    break
            if _in_play(people["d1"][0].get(f"/api/tables/{table}").json()):
                break
            assert _post(people["d1"], f"/api/tables/{table}/settle").status_code == 200
    before = _dealer_views(people["d1"])
    assert all(_in_play(v) for v in before.values()), before
    server.kill()
    server.start()
    # the sessions are in the database: the same signed-in clients carry on
    after = _dealer_views(people["d1"])
    assert after == before
    for table in TABLES:
        for _ in range(400):
            if not _step(people, table, rng):
                break
        else:
            raise AssertionError(f"the round at {table} did not finish")
        r = _post(people["d1"], f"/api/tables/{table}/settle")
        assert r.status_code == 200, r.text
    verified = subprocess.run(
        [sys.executable, "-m", "croupier.cli.main", "verify", "--db", server.url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "intact" in verified.stdout
