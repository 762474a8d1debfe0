"""Nothing that reaches the database runs on the event loop (a worker's one thread for every
socket and request): a statement may wait for SQLite's write lock for seconds, and while it
waits every table's updates in that worker stop. Each statement the server runs is watched,
at both of the store's doors (the event store's backend and the services' SQLAlchemy engine),
for a running event loop in its thread."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from tests.web.conftest import Demo

from croupier.web.security import SESSION_COOKIE


@pytest.fixture
def on_loop(demo: Demo) -> Iterator[list[str]]:
    """The statements that ran with an event loop running in their thread."""
    found: list[str] = []

    def watch(sql: str) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a worker thread: as it should be
            return
        found.append(" ".join(sql.split())[:80])

    def engine_watch(_conn: object, _cursor: object, sql: str, *_rest: object) -> None:
        watch(sql)

    store = demo.app.state.server.store
    sa.event.listen(store.engine, "before_cursor_execute", engine_watch)
    try:
        with store.backend.watching(watch):
            yield found
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", engine_watch)


def test_a_books_entry_page_and_its_refusal_read_the_database_off_the_loop(
    demo: Demo, on_loop: list[str]
) -> None:
    client, csrf = demo.page_client("d1")
    on_loop.clear()  # the sign-in: the test client's own doing
    sale = {"csrf_token": csrf, "site": "S1", "table": "1", "amount": "20", "chips": "1x20"}
    assert client.post("/books/sell", data=sale).status_code == 200
    assert client.post("/books/sell", data={**sale, "amount": "twenty"}).status_code == 422
    assert on_loop == []


def test_an_error_page_reads_the_database_off_the_loop(demo: Demo, on_loop: list[str]) -> None:
    client, csrf = demo.page_client("d1")
    on_loop.clear()
    assert client.get("/tables/no-such-table").status_code == 404  # the page of a refusal
    assert client.post("/books/fund", data={"csrf_token": csrf}).status_code == 403
    assert client.post("/books/sell", data={"csrf_token": "wrong"}).status_code == 403  # CSRF
    assert on_loop == []


def test_a_table_socket_reads_the_database_off_the_loop(demo: Demo, on_loop: list[str]) -> None:
    client, _csrf = demo.api_client("pb")
    on_loop.clear()
    cookie = {"cookie": f"{SESSION_COOKIE}={client.cookies.get(SESSION_COOKIE)}"}
    with client.websocket_connect("/api/tables/no-such-table/ws", headers=cookie) as socket:
        assert "no-such-table" in socket.receive_json()["error"]
    assert on_loop == []
