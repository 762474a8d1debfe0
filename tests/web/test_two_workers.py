"""Two worker processes on PostgreSQL (issue 16): the same seat taken from two browsers at once,
at table after table, gives one winner and one refusal, never two players in one seat; the
event store's expected version serializes the writers whichever worker each request reaches.

Needs PostgreSQL on 127.0.0.1:5432 (skipped, visibly, without it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import httpx
import pytest

from .conftest import make_demo
from .served import free_port, open_table, serve, session_cookie, sign_in, stop

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
TABLES = 12

pytestmark = pytest.mark.postgres


@pytest.fixture
def two_workers(postgres_url: str) -> Iterator[tuple[int, dict[str, str]]]:
    demo = make_demo(postgres_url, secure_cookie=False)
    demo.app.state.server.close()
    port = free_port()
    proc = serve(postgres_url, port, workers=2)
    try:
        yield port, demo.passwords
    finally:
        stop(proc)


def test_the_same_seat_from_two_workers_at_once_has_one_winner(
    two_workers: tuple[int, dict[str, str]],
) -> None:
    port, passwords = two_workers
    dealer = sign_in(port, "d1", passwords["d1"])
    players = [sign_in(port, name, passwords[name]) for name in ("player1", "player2")]
    outcomes: list[list[int]] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for n in range(TABLES):
            table = f"race-{n}"
            open_table(dealer, table, RULES)
            barrier = Barrier(2)

            def take(
                who: tuple[httpx.Client, str], table: str = table, gate: Barrier = barrier
            ) -> int:
                gate.wait()
                r = who[0].post(
                    f"/api/tables/{table}/seat", json={"seat": 3}, headers={"X-CSRF-Token": who[1]}
                )
                return r.status_code

            codes = sorted(pool.map(take, players))
            outcomes.append(codes)
            view = dealer[0].get(f"/api/tables/{table}").json()
            assert list(view["seats"]) == ["3"], view  # one player in the seat, never two
    for codes in outcomes:
        assert codes[0] == 200, outcomes
        assert codes[1] in (403, 409, 422), outcomes  # refused: taken, or the table moved on


def test_a_socket_on_one_server_hears_the_commands_made_on_another(postgres_url: str) -> None:
    """Two server processes (two machines, as far as they know) on one PostgreSQL database: a
    player's socket on the first receives every change the dealer makes through the second
    (PostgreSQL LISTEN/NOTIFY carries the notice; the first reads the events from the store)."""
    from websockets.sync.client import connect

    demo = make_demo(postgres_url, secure_cookie=False)
    demo.app.state.server.close()
    ports = (free_port(), free_port())
    procs = [serve(postgres_url, port) for port in ports]
    try:
        dealer = sign_in(ports[1], "d1", demo.passwords["d1"])
        player = sign_in(ports[0], "player1", demo.passwords["player1"])
        open_table(dealer, "far-1", RULES)
        cookie = session_cookie(player)
        url = f"ws://127.0.0.1:{ports[0]}/api/tables/far-1/ws"
        with connect(url, additional_headers={"Cookie": cookie}, open_timeout=10) as ws:
            first = json.loads(ws.recv(timeout=10))
            assert first["view"]["viewer"] == "public"
            r = player[0].post(
                "/api/tables/far-1/seat", json={"seat": 2}, headers={"X-CSRF-Token": player[1]}
            )
            assert r.status_code == 200, r.text
            seated = json.loads(ws.recv(timeout=10))
            assert seated["view"]["viewer"] == "player:2"
            for path, body in (("wager", {"amount": "10"}),):
                r = player[0].post(
                    f"/api/tables/far-1/{path}", json=body, headers={"X-CSRF-Token": player[1]}
                )
                assert r.status_code == 200, r.text
                json.loads(ws.recv(timeout=10))
            # the dealer, on the other server
            r = dealer[0].post("/api/tables/far-1/deal", headers={"X-CSRF-Token": dealer[1]})
            assert r.status_code == 200, r.text
            dealt = r.json()["version"]
            update = json.loads(ws.recv(timeout=15))
            assert update["version"] == dealt
            assert update["view"]["round"] == 1
    finally:
        for proc in procs:
            stop(proc)
