"""A database file with a damaged page (found by an audit: `verify --record` called it intact,
`db backup` copied it, and the damage was found only by a restore). SQLite's own check of the
file is part of the full check, and a backup of a damaged file is refused."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, event
from croupier.store import open_store

runner = CliRunner()


@event("test.damaged_noted")
@dataclass(frozen=True, slots=True)
class Noted(Event):
    text: str


def _damaged(tmp_path: Path) -> str:
    path = tmp_path / "live.db"
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        for k in range(40):
            store.append(f"s-{k}", [Noted("x" * 400) for _ in range(10)], 0)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    data = bytearray(path.read_bytes())
    victim = pages // 2  # a page in the middle of the events' table, away from the schema
    data[victim * page : (victim + 1) * page] = b"\xff" * page
    path.write_bytes(bytes(data))
    return url


def test_the_full_check_reports_a_damaged_page_and_a_backup_is_refused(tmp_path: Path) -> None:
    url = _damaged(tmp_path)
    checked = runner.invoke(app, ["verify", "--record", "--db", url], terminal_width=200)
    assert checked.exit_code == 1, checked.output
    assert "check of the file" in checked.output or "malformed" in checked.output, checked.output
    out = tmp_path / "copy.db"
    backed = runner.invoke(app, ["db", "backup", str(out), "--db", url], terminal_width=200)
    assert backed.exit_code == 2, backed.output
    assert "damaged" in backed.output
    assert not out.exists()
    assert not list(tmp_path.glob(".copy.db*"))
