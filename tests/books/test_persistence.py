"""Persistence through the event store, on SQLite and PostgreSQL: every books entry is an
event, the books are rebuilt from them, and a killed process loses no committed entry."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from bookshelp import DAY, at, c, fingerprint, scripted_commands

from croupier.books import slips
from croupier.books.carry import with_checkpoint
from croupier.books.daily import daily_record
from croupier.books.model import SlipKind
from croupier.books.state import Books
from croupier.core.errors import RuleViolation
from croupier.service.books.service import BooksService, rebuild
from croupier.store import open_store


def _expected(commands_done: int) -> Books:
    books = Books()
    for cmd in scripted_commands()[:commands_done]:
        books.apply_all(with_checkpoint(books, cmd(books)))
    return books


def test_books_rebuilt_from_the_store_equal_the_books_in_memory(database_url: str) -> None:
    svc = BooksService.open(database_url, "org")
    cmds = scripted_commands(sales=10)
    for cmd in cmds:
        svc.execute(cmd)
    svc.close()
    store = open_store(database_url)
    try:
        rebuilt = rebuild(store, "org")
    finally:
        store.close()
    expected = Books()
    for cmd in cmds:
        expected.apply_all(with_checkpoint(expected, cmd(expected)))
    assert fingerprint(rebuilt) == fingerprint(expected)
    record = daily_record(rebuilt, "S1", DAY.isoformat())
    assert record.closed
    assert record.drop == 6000


def test_a_refused_command_appends_nothing(database_url: str) -> None:
    svc = BooksService.open(database_url, "org")
    for cmd in scripted_commands(sales=1)[:-3]:
        svc.execute(cmd)
    version = svc.store.version(svc.stream)
    with pytest.raises(RuleViolation):
        svc.execute(
            lambda b: slips.issue_slip(
                b, SlipKind.FILL, "S1", 1, c(five=1), at(9), "d1", "c1", "sm"
            )
        )
    assert svc.store.version(svc.stream) == version
    svc.close()


def test_two_writers_do_not_lose_entries(database_url: str) -> None:
    a = BooksService.open(database_url, "org")
    b = BooksService.open(database_url, "org")
    cmds = scripted_commands(sales=4)
    for cmd in cmds[:-3]:
        a.execute(cmd)
    b.books()  # b is now up to date ...
    a.execute(cmds[-3])  # ... until a ends the shift; b's next command re-validates
    b.execute(cmds[-2])
    assert b.store.version(b.stream) == a.store.version(a.stream)
    assert rebuild(a.store, "org").shifts[("S1", DAY.isoformat(), 1, 1)].count is not None
    a.close()
    b.close()


def test_killed_mid_day_loses_no_committed_entry(database_url: str) -> None:
    here = Path(__file__).parent
    threshold = len(scripted_commands(sales=0)) + 40  # well into the day
    code = (
        f"import sys; sys.path.insert(0, {str(here)!r}); "
        f"from bookshelp import child_main; child_main({database_url!r}, {threshold})"
    )
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    reported = 0
    total = len(scripted_commands())
    for line in proc.stdout:
        reported = int(line.split()[1])
        if reported >= threshold:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
    assert 0 < reported < total
    store = open_store(database_url)
    try:
        stored = store.read("books-org")
        assert store.verify() == []
        rebuilt = rebuild(store, "org")
    finally:
        store.close()
    # Every command the child reported committed is in the store, and nothing half-written is.
    done, events = 0, 0
    expected = Books()
    for cmd in scripted_commands():
        if events == len(stored):
            break
        new = with_checkpoint(expected, cmd(expected))
        expected.apply_all(new)
        events += len(new)
        done += 1
    assert events == len(stored)
    assert done >= reported
    assert fingerprint(rebuilt) == fingerprint(expected)
    assert fingerprint(rebuilt) == fingerprint(_expected(done))
    # The day goes on after the restart: the rebuilt books accept the remaining commands.
    svc = BooksService.open(database_url, "org")
    for cmd in scripted_commands()[done:]:
        svc.execute(cmd)
    assert daily_record(svc.books(), "S1", DAY.isoformat()).closed
    svc.close()
