"""Nothing that reaches the database runs on the event loop (a worker's one thread for every
socket and request): a statement may wait for SQLite's write lock for seconds, and while it
waits every table's updates in that worker stop. Each statement the server runs is watched,
at both of the store's doors (the event store's backend and the services' SQLAlchemy engine),
for a running event loop in its thread."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from tests.web.conftest import Demo

from croupier.web.security import SESSION_COOKIE

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


@dataclass
class Watch:
    on_loop: list[str] = field(default_factory=list)
    """The statements that ran with an event loop running in their thread."""
    statements: int = 0
    """Every statement watched (so that a test shows its requests reached the database)."""

    def clear(self) -> None:
        self.on_loop.clear()
        self.statements = 0


@pytest.fixture
def watch(demo: Demo) -> Iterator[Watch]:
    """Every statement the server runs, at both of the store's doors."""
    found = Watch()

    def told(sql: str) -> None:
        found.statements += 1
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a worker thread: as it should be
            return
        found.on_loop.append(" ".join(sql.split())[:80])

    def engine_told(_conn: object, _cursor: object, sql: str, *_rest: object) -> None:
        told(sql)

    store = demo.app.state.server.store
    sa.event.listen(store.engine, "before_cursor_execute", engine_told)
    try:
        with store.backend.watching(told):
            yield found
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", engine_told)


def test_a_books_entry_page_and_its_refusal_read_the_database_off_the_loop(
    demo: Demo, watch: Watch
) -> None:
    client, csrf = demo.page_client("d1")
    watch.clear()  # the sign-in: the test client's own doing
    sale = {"csrf_token": csrf, "site": "S1", "table": "1", "amount": "20", "chips": "1x20"}
    assert client.post("/books/sell", data=sale).status_code == 200
    assert client.post("/books/sell", data={**sale, "amount": "twenty"}).status_code == 422
    assert watch.statements > 0
    assert watch.on_loop == []


def test_an_error_page_reads_the_database_off_the_loop(demo: Demo, watch: Watch) -> None:
    client, csrf = demo.page_client("d1")
    watch.clear()
    assert client.get("/tables/no-such-table").status_code == 404  # the page of a refusal
    assert client.post("/books/fund", data={"csrf_token": csrf}).status_code == 403
    assert client.post("/books/sell", data={"csrf_token": "wrong"}).status_code == 403  # CSRF
    assert watch.statements > 0
    assert watch.on_loop == []


def test_a_table_socket_reads_the_database_off_the_loop(demo: Demo, watch: Watch) -> None:
    client, _csrf = demo.api_client("pb")
    watch.clear()
    cookie = {"cookie": f"{SESSION_COOKIE}={client.cookies.get(SESSION_COOKIE)}"}
    with client.websocket_connect("/api/tables/no-such-table/ws", headers=cookie) as socket:
        assert "no-such-table" in socket.receive_json()["error"]
    assert watch.statements > 0
    assert watch.on_loop == []


def test_a_table_played_with_its_sockets_open_reads_the_database_off_the_loop(
    demo: Demo, watch: Watch
) -> None:
    """The hot path: commands to a live table while a player's page socket and the dealer's
    socket take every update (each a view or a console built from the store)."""
    dealer = demo.api_client("d1")
    player = demo.api_client("player1")
    table = "/api/tables/loop-1"

    def post(who: tuple[TestClient, str], path: str, body: dict[str, object] | None = None) -> int:
        return who[0].post(path, json=body or {}, headers={"X-CSRF-Token": who[1]}).status_code

    def socket(who: tuple[TestClient, str], query: str) -> Any:
        cookie = f"{SESSION_COOKIE}={who[0].cookies.get(SESSION_COOKIE)}"
        return who[0].websocket_connect(f"{table}/ws{query}", headers={"cookie": cookie})

    opening = {"table": "loop-1", "game": "twentyone", "rules": RULES}
    assert post(dealer, "/api/tables", opening) == 201
    assert post(player, f"{table}/seat", {"seat": 2}) == 200
    assert post(player, f"{table}/wager", {"amount": "10"}) == 200
    watch.clear()
    with socket(player, "?render=console") as page, socket(dealer, "") as console:
        page.receive_json()
        console.receive_json()
        assert post(dealer, f"{table}/deal") == 200
        for _ in range(3):  # the first cards, each an update on both sockets
            page.receive_json()
            console.receive_json()
            if post(dealer, f"{table}/chance") != 200:
                break
    assert watch.statements > 0
    assert watch.on_loop == []
