"""A broken hash chain in an organization's books is found on every read: writing commands
are refused in one line naming the stream and its first broken link, reading commands print a
warning banner naming it (``service.books.chain_warning``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from clihelp import Books, set_up

from croupier.service.books.service import chain_warning, open_books, read_books


def _edit_funding(path: Path) -> int:
    """Change the recorded $2,000 cash bank funding to $9,000 behind the store's back; the
    entry's seq."""
    conn = sqlite3.connect(path)
    try:
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
        saved = triggers.fetchall()
        for name, _sql in saved:
            conn.execute(f"DROP TRIGGER {name}")
        (seq,) = conn.execute(
            "SELECT seq FROM events WHERE stream = 'books-p1' AND type = 'books.cash_bank_funded'"
        ).fetchone()
        conn.execute(
            "UPDATE events SET payload = replace(payload, '200000', '900000') WHERE seq = ? "
            "AND stream = 'books-p1'",
            (seq,),
        )
        for _name, sql in saved:
            conn.execute(sql)
        conn.commit()
    finally:
        conn.close()
    return int(seq)


def test_intact_books_carry_no_warning(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    assert read_books(b.url, "p1").warning is None
    assert "WARNING" not in b.ok("status", "S1")


def test_reading_damaged_books_prints_a_banner_naming_the_stream_and_link(
    tmp_path: Path,
) -> None:
    b = Books(tmp_path)
    set_up(b)
    seq = _edit_funding(b.path)
    svc = open_books(b.url, "p1")
    try:
        svc.books()
        warning = chain_warning(svc)
    finally:
        svc.close()
    assert warning is not None
    assert warning.startswith(
        f"WARNING: the books are damaged: stream 'books-p1' is damaged at event {seq}: "
        "hash mismatch ("
    )
    assert "run `croupier verify`" in warning
    out = b.ok("status", "S1")
    assert out.splitlines()[0] == warning
    assert "cash bank $9,000.00" in out  # the altered record is shown, under the banner


def test_writing_to_damaged_books_is_refused_in_one_line(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    seq = _edit_funding(b.path)
    line = b.refused("fund", "S1", "5", "--at", "2026-01-04T13:00:00-06:00")
    assert line.startswith(f"error: stream 'books-p1' is damaged at event {seq}: hash mismatch")
    assert line.endswith("nothing was written (run `croupier verify`)")
    conn = sqlite3.connect(b.path)
    try:
        (version,) = conn.execute(
            "SELECT version FROM event_streams WHERE stream = 'books-p1'"
        ).fetchone()
    finally:
        conn.close()
    assert version == 9  # init, site, table, four employees, chips, funding: nothing added
