"""``croupier db backup|restore`` beyond ``test_db_backup_restore.py``: a copy taken while
transactions span two streams is one snapshot; a backup rewritten with recomputed hashes (so its
chains all check) still fails the anchor; the newest anchor is the one proved; bad inputs are
refused in one line and leave no file behind."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, canonical_json, event
from croupier.store import open_store
from croupier.store.hashing import GENESIS_HASH, event_hash

runner = CliRunner()


@event("test.store.restore_proof.moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    cents: int


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, list[str]]:
    result = runner.invoke(app, list(args), terminal_width=400, env=env)
    return result.exit_code, [line for line in result.output.splitlines() if line.strip()]


def keyed_db(tmp_path: Path) -> tuple[str, Path]:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    with open_store(url) as store:
        store.append("cage", [Moved(c) for c in (100, 200, 300)], 0)
        store.append("table-1", [Moved(5)], 0)
    key = tmp_path / "anchor.key"
    assert invoke("anchor", "keygen", "--out", str(key))[0] == 0
    code, out = invoke("anchor", "sign", "--db", url, "--key", str(key))
    assert code == 0, out
    return url, key


def test_a_backup_during_two_stream_transactions_is_one_snapshot(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    with open_store(url) as store:
        store.append_many({"cash": ([Moved(1)], 0), "chips": ([Moved(-1)], 0)})
    stop = threading.Event()
    written: list[int] = []

    def writer() -> None:
        with open_store(url) as store:
            n = 1
            while not stop.is_set():
                # every transaction moves both streams by one event: they stay level
                store.append_many({"cash": ([Moved(1)], n), "chips": ([Moved(-1)], n)})
                n += 1
                written.append(n)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        while len(written) < 20:  # the writer is running before the copy starts
            stop.wait(0.01)
        codes = [
            invoke("db", "backup", str(tmp_path / f"copy{i}.db"), "--db", url)[0] for i in (1, 2)
        ]
    finally:
        stop.set()
        thread.join()
    assert codes == [0, 0]
    for i in (1, 2):
        copy = f"sqlite:///{tmp_path / f'copy{i}.db'}"
        with open_store(copy) as store:
            versions = store.stream_versions()
            assert versions["cash"] == versions["chips"] >= 20
            assert store.verify() == []


def test_a_backup_rewritten_with_recomputed_hashes_fails_the_anchor(tmp_path: Path) -> None:
    url, key = keyed_db(tmp_path)
    backup = tmp_path / "copy.db"
    assert invoke("db", "backup", str(backup), "--db", url)[0] == 0
    # the attacker edits the backup file: cage event 2 becomes 250 and the chain is recomputed
    with sqlite3.connect(backup) as conn:
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall():
            conn.execute(f"DROP TRIGGER {name}")
        rows = conn.execute(
            "SELECT seq, type, payload, recorded_at FROM events WHERE stream = 'cage' ORDER BY seq"
        ).fetchall()
    with open_store(f"sqlite:///{backup}") as store:
        stored = store.read_raw("cage")
    prev = GENESIS_HASH
    with sqlite3.connect(backup) as conn:
        for (seq, type_, _payload, _at), row in zip(rows, stored, strict=True):
            payload = dict(row.payload)
            if seq == 2:
                payload["cents"] = 250
            text = canonical_json(payload)
            digest = event_hash("cage", seq, type_, text, row.recorded_at, prev)
            conn.execute(
                "UPDATE events SET payload = ?, prev_hash = ?, hash = ? "
                "WHERE stream = 'cage' AND seq = ?",
                (text, prev, digest, seq),
            )
            prev = digest
    with open_store(f"sqlite:///{backup}") as store:
        assert store.verify() == [], "the rewritten backup should pass the plain chain check"
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke("db", "restore", str(backup), "--db", target, "--public-key", f"{key}.pub")
    assert code == 1, out
    assert not any("broken chain" in line for line in out)
    assert out[-2].startswith("NOT PROVEN")
    assert "stream 'cage' was rewritten" in out[-2]
    assert "kept for inspection" in out[-1]


def test_restore_proves_against_the_newest_anchor(tmp_path: Path) -> None:
    url, key = keyed_db(tmp_path)
    with open_store(url) as store:
        store.append("table-1", [Moved(6)], 1)
    code, out = invoke("anchor", "sign", "--db", url, "--key", str(key))
    assert code == 0, out
    backup = tmp_path / "copy.db"
    assert invoke("db", "backup", str(backup), "--db", url)[0] == 0
    with sqlite3.connect(backup) as conn:
        newest = conn.execute("SELECT signed_at FROM anchors ORDER BY anchor_id DESC").fetchone()[0]
        count = conn.execute("SELECT count(*) FROM anchors").fetchone()[0]
    assert count == 2
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke("db", "restore", str(backup), "--db", target, "--public-key", f"{key}.pub")
    assert code == 0, out
    assert "restored 2 streams, 5 events" in out[0]  # 3 cage + 2 table-1
    assert "proven against the anchor signed" in out[-1]
    assert newest[:16].replace(" ", "T") in out[-1]


def test_restore_with_only_another_keys_anchors_is_not_proven(tmp_path: Path) -> None:
    url, _key = keyed_db(tmp_path)
    other = tmp_path / "other.key"
    assert invoke("anchor", "keygen", "--out", str(other))[0] == 0
    backup = tmp_path / "copy.db"
    assert invoke("db", "backup", str(backup), "--db", url)[0] == 0
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke("db", "restore", str(backup), "--db", target, "--public-key", f"{other}.pub")
    assert code == 1
    assert "no anchor signed with this key" in out[-2]


def test_bad_restores_are_one_line_and_leave_no_file(tmp_path: Path) -> None:
    _url, key = keyed_db(tmp_path)
    not_db = tmp_path / "notes.txt"
    not_db.write_text("this is not a database\n" * 100)
    target = tmp_path / "restored.db"
    cases = [
        (("db", "restore", str(not_db), "--public-key", f"{key}.pub"), "not a SQLite backup"),
        (
            ("db", "restore", str(tmp_path / "none.db"), "--public-key", f"{key}.pub"),
            "no backup file",
        ),
        (("db", "restore", str(tmp_path / "live.db")), "no anchor public key"),
    ]
    for args, message in cases:
        code, out = invoke(
            *args, "--db", f"sqlite:///{target}", env={"CROUPIER_ANCHOR_PUBLIC_KEY": ""}
        )
        assert code == 2, (args, out)
        assert len(out) == 1, (args, out)
        assert message in out[0], (args, out)
        assert not target.exists(), args
    nowhere = f"sqlite:///{tmp_path / 'no' / 'r.db'}"
    code, out = invoke("db", "restore", str(tmp_path / "live.db"), "--db", nowhere)
    assert code == 2
    assert out == [f"error: no folder {tmp_path / 'no'} for the restored database"]


def test_bad_backups_are_one_line(tmp_path: Path) -> None:
    url, _key = keyed_db(tmp_path)
    cases = [
        (("db", "backup", str(tmp_path / "c.db"), "--db", "sqlite:///:memory:"), "in-memory"),
        (
            ("db", "backup", str(tmp_path / "c.db"), "--db", f"sqlite:///{tmp_path / 'no.db'}"),
            "no database",
        ),
        (("db", "backup", str(tmp_path / "no" / "c.db"), "--db", url), "no folder"),
    ]
    for args, message in cases:
        code, out = invoke(*args)
        assert code == 2, (args, out)
        assert len(out) == 1, (args, out)
        assert message in out[0], (args, out)


def test_a_backup_file_in_a_folder_whose_name_looks_like_uri_syntax(tmp_path: Path) -> None:
    url, key = keyed_db(tmp_path)
    odd = tmp_path / "site #2 ?draft=1 100%"
    odd.mkdir()
    code, out = invoke("db", "backup", str(odd / "copy.db"), "--db", url)
    assert code == 0, out
    assert "backed up 4 events" in out[0]  # 3 cage + 1 table-1
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    code, out = invoke(
        "db", "restore", str(odd / "copy.db"), "--db", target, "--public-key", f"{key}.pub"
    )
    assert code == 0, out
    assert "proven against the anchor signed" in out[-1]
