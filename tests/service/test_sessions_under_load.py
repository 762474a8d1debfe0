"""A session's idle clock restarted while other writers commit (the fault ``croupier bench serve``
met on SQLite: requests answered "internal error (OperationalError)").

On SQLite in WAL mode a transaction that reads and then writes fails at once ("database is
locked") if another connection committed in between: its snapshot is stale and no busy wait
applies. ``Accounts.session`` read the session and then restarted its idle clock in one such
transaction; the test commits another write exactly between the two, so the old code fails
every time and the new one (the read and the write in transactions of their own) never does."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from croupier.core.clock import FixedClock
from croupier.core.rng import SeededRng
from croupier.service.people.accounts import TEST_CONFIG, Accounts
from croupier.service.people.orgs import Organizations
from croupier.store import open_store

START = "2026-07-10T12:00:00+00:00"


def test_a_session_touched_while_another_writer_commits_is_not_an_error(tmp_path: Path) -> None:
    from datetime import datetime

    path = tmp_path / "s.db"
    clock = FixedClock(datetime.fromisoformat(START))
    store = open_store(f"sqlite:///{path}", clock=clock)
    Organizations(store.engine, clock).open("org")
    accounts = Accounts(store.engine, clock, SeededRng(1), TEST_CONFIG, org="org")
    accounts.create("ann", frozenset({"player"}), password="a long password!", must_change=False)
    token = accounts.sign_in("ann", "a long password!", "127.0.0.1").token
    clock.advance(timedelta(seconds=31))  # the idle clock is due to be restarted

    other = sqlite3.connect(path, timeout=30)
    fired: list[bool] = []

    def commit_between(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if (
            not fired
            and statement.lstrip().upper().startswith("SELECT")
            and "web_sessions" in (statement)
        ):
            fired.append(True)  # another request writes right after this read
            other.execute("CREATE TABLE IF NOT EXISTS bump (n INTEGER)")
            other.execute("INSERT INTO bump VALUES (1)")
            other.commit()

    sa.event.listen(store.engine, "after_cursor_execute", commit_between)
    try:
        session = accounts.session(token)
    finally:
        sa.event.remove(store.engine, "after_cursor_execute", commit_between)
        other.close()
    assert fired == [True]
    assert session is not None
    assert session.account.name == "ann"
    store.close()
