"""``croupier db backup|restore``: a consistent copy while a writer appends, a restore proved
against the newest anchor, and an altered backup that fails the proof."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, event
from croupier.store import open_store

runner = CliRunner()


@event("test.store.backup.noted")
@dataclass(frozen=True, slots=True)
class Noted(Event):
    n: int


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), terminal_width=400)
    return result.exit_code, " ".join(result.output.split())


def test_backup_while_writing_then_restore_and_prove(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    key = tmp_path / "k"
    with open_store(url) as store:
        store.append("tray-1", [Noted(n) for n in range(50)], 0)
    assert invoke("anchor", "keygen", "--out", str(key))[0] == 0
    assert invoke("anchor", "sign", "--db", url, "--key", str(key))[0] == 0

    stop = threading.Event()

    def writer() -> None:
        with open_store(url) as store:
            while not stop.is_set():
                store.append("tray-2", [Noted(1)], store.version("tray-2"))

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        code, out = invoke("db", "backup", str(tmp_path / "copy.db"), "--db", url)
    finally:
        stop.set()
        thread.join()
    assert code == 0, out
    assert invoke("db", "backup", str(tmp_path / "copy.db"), "--db", url)[1].endswith(
        "a backup never overwrites a file"
    )

    restored = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke(
        "db", "restore", str(tmp_path / "copy.db"), "--db", restored, "--public-key", f"{key}.pub"
    )
    assert code == 0, out
    assert "proven against the anchor signed" in out
    code, out = invoke("db", "restore", str(tmp_path / "copy.db"), "--db", restored)
    assert code == 2
    assert "restore into a new file" in out


def test_an_altered_backup_fails_the_proof(tmp_path: Path) -> None:
    copy, public = _signed_backup(tmp_path)
    with sqlite3.connect(copy) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("UPDATE events SET payload = '{\"n\":999}' WHERE seq = 2")
    restored = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke("db", "restore", str(copy), "--db", restored, "--public-key", str(public))
    assert code == 1
    assert "broken chain" in out
    assert "NOT PROVEN" in out


def test_postgresql_is_pointed_at_pg_dump() -> None:
    code, out = invoke("db", "backup", "x.db", "--db", "postgresql+psycopg://u@127.0.0.1:1/x")
    assert code == 2
    assert "pg_dump" in out


def _signed_backup(tmp_path: Path) -> tuple[Path, Path]:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    key = tmp_path / "k"
    with open_store(url) as store:
        store.append("tray-1", [Noted(n) for n in (100, 200)], 0)
    invoke("anchor", "keygen", "--out", str(key))
    invoke("anchor", "sign", "--db", url, "--key", str(key))
    assert invoke("db", "backup", str(tmp_path / "copy.db"), "--db", url)[0] == 0
    return tmp_path / "copy.db", Path(f"{key}.pub")


def test_a_backup_without_its_append_only_guards_fails_the_restore(tmp_path: Path) -> None:
    """Found by an audit: a backup whose triggers were dropped, its chains intact, was
    "proven" (exit 0), and the books went on with no append-only guard."""
    copy, public = _signed_backup(tmp_path)
    with sqlite3.connect(copy) as conn:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"):
            conn.execute(f'DROP TRIGGER "{name}"')
    restored = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke("db", "restore", str(copy), "--db", restored, "--public-key", str(public))
    assert code == 1, out
    assert "append-only guard missing" in out
    assert "kept for inspection" in out


def test_a_restore_killed_before_its_check_leaves_nothing_at_the_target(tmp_path: Path) -> None:
    """The copy is made under a temporary name and renamed once checked: what a killed restore
    leaves is that temporary file, which the next restore clears (found by an audit: a killed
    restore had left an unchecked database at the target, and a retry found it "exists")."""
    copy, public = _signed_backup(tmp_path)
    leftover = tmp_path / ".restored.db.restoring"
    leftover.write_bytes(b"half a copy")
    restored = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke("db", "restore", str(copy), "--db", restored, "--public-key", str(public))
    assert code == 0, out
    assert "proven" in out
    assert not leftover.exists()
    assert (tmp_path / "restored.db").exists()
