"""A report of books whose hash chain is broken carries a warning banner naming the first broken
link: at the terminal, on stderr, and on the printed form itself."""

from __future__ import annotations

import html
import sqlite3
from pathlib import Path

from pdftext import pdf_text
from reporthelp import Invoke


def _tamper(env: dict[str, str], seq: int) -> None:
    """Change a stored entry as a database owner could, behind the store's back: the
    append-only triggers set aside for the statement and put back (its hash no longer matches)."""
    path = env["CROUPIER_DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as conn:
        triggers = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall()
        for name, _ in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        changed = conn.execute(
            "UPDATE events SET payload = replace(payload, 'Main Street Bar', 'Main Street Pub') "
            "WHERE stream = 'books-org' AND seq = ?",
            (seq,),
        ).rowcount
        for _, sql in triggers:
            conn.execute(sql)
    assert changed == 1


def test_intact_books_print_no_warning(invoke: Invoke) -> None:
    result = invoke("report", "count", "S1", "2026-01-03")
    assert result.exit_code == 0, result.output
    assert "WARNING" not in result.output
    assert "warning" not in result.stderr


def test_broken_chain_banner_names_the_first_broken_link(
    invoke: Invoke, quarter_db: dict[str, str], tmp_path: Path
) -> None:
    _tamper(quarter_db, 2)  # entry 2 registers site S1 (bookshelp.setup_events)
    link = "stream 'books-org' is damaged at event 2: hash mismatch"  # service.books wording
    shown = invoke("report", "count", "S1", "2026-01-03")
    assert shown.exit_code == 0, shown.output
    assert "WARNING" in shown.stdout
    assert link in " ".join(shown.stdout.split())
    assert link in shown.stderr
    for fmt in ("csv", "html", "pdf"):
        target = tmp_path / f"count.{fmt}"
        result = invoke("report", "count", "S1", "2026-01-03", "--out", str(target))
        assert result.exit_code == 0, result.output
        data = target.read_bytes()
        text = pdf_text(data) if fmt == "pdf" else html.unescape(data.decode())
        assert "WARNING: the books are damaged" in text, fmt
        assert link in text, fmt
        assert link in result.stderr
