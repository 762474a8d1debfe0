"""``croupier verify`` and ``croupier db upgrade|streams``: output, exit codes, bad URLs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.events import Event, event
from croupier.store import open_store

runner = CliRunner()


@event("test.store.cli.drop_counted")
@dataclass(frozen=True, slots=True)
class DropCounted(Event):
    cents: int


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), terminal_width=200)
    return result.exit_code, result.output


def test_db_upgrade_then_streams_then_verify(database_url: str) -> None:
    code, output = invoke("db", "upgrade", "--db", database_url)
    assert (code, "up to date" in output) == (0, True), output
    store = open_store(database_url)
    store.append("table-1", [DropCounted(100), DropCounted(250)], 0)
    store.append("cage", [DropCounted(5)], 0)
    store.close()
    code, output = invoke("db", "streams", "--db", database_url)
    assert code == 0, output
    rows = [line.split() for line in output.splitlines() if "table-1" in line or "cage" in line]
    assert [row[1:4] for row in rows] == [["cage", "│", "1"], ["table-1", "│", "2"]]
    code, output = invoke("verify", "--db", database_url)
    assert code == 0, output
    assert "all 2 chains intact" in output


def test_verify_reads_the_url_from_the_environment(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_store(sqlite_url).close()
    monkeypatch.setenv("CROUPIER_DATABASE_URL", sqlite_url)
    code, output = invoke("verify")
    assert code == 0, output
    assert "all 0 chains intact" in output


def test_unreachable_postgres_is_one_clear_error() -> None:
    code, output = invoke("verify", "--db", "postgresql+psycopg://nobody@127.0.0.1:1/x")
    assert code == 2
    assert output.startswith("error: cannot reach database postgresql+psycopg://nobody@")
    assert len(output.strip().splitlines()) == 1
    assert "Traceback" not in output


@pytest.mark.parametrize("command", [("verify",), ("db", "upgrade"), ("db", "streams")])
def test_sqlite_in_a_missing_directory_creates_nothing(tmp_path: Path, command: tuple[str]) -> None:
    url = f"sqlite:///{tmp_path / 'missing' / 'croupier.db'}"
    code, output = invoke(*command, "--db", url)
    assert code == 2
    assert "directory" in output
    assert "does not exist" in output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [("verify",), ("db", "streams")])
def test_reading_commands_do_not_create_a_database(tmp_path: Path, command: tuple[str]) -> None:
    code, output = invoke(*command, "--db", f"sqlite:///{tmp_path / 'typo.db'}")
    assert code == 2
    assert "no database at" in output
    assert "croupier db upgrade" in output
    assert list(tmp_path.iterdir()) == []


def test_a_database_without_the_schema_is_refused_by_verify(postgres_url: str) -> None:
    code, output = invoke("verify", "--db", postgres_url)
    assert code == 2
    assert "has no croupier tables" in output
    assert "croupier db upgrade" in output


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("not a url", "malformed database URL"),
        ("mysql://root@localhost/casino", "unsupported database 'mysql'"),
        ("postgresql+nodriver://x@localhost/db", "cannot use database URL"),
    ],
)
def test_malformed_urls_are_refused(url: str, message: str) -> None:
    code, output = invoke("verify", "--db", url)
    assert code == 2
    assert message in output


def test_stream_names_are_printed_literally(sqlite_url: str) -> None:
    store = open_store(sqlite_url)
    store.append("pit[bold]2", [DropCounted(1)], 0)
    store.close()
    for command in (("verify",), ("db", "streams")):
        code, output = invoke(*command, "--db", sqlite_url)
        assert code == 0, output
        assert "pit[bold]2" in output


def test_a_database_of_a_newer_croupier_is_refused_in_one_line_and_left_alone(
    tmp_path: Path,
) -> None:
    """Found by an audit: `db upgrade`, the fix the refusal advised, ended in an internal
    error (Alembic cannot locate a revision it never shipped)."""
    import hashlib
    import sqlite3

    path = tmp_path / "newer.db"
    url = f"sqlite:///{path}"
    assert invoke("db", "upgrade", "--db", url)[0] == 0
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    for args in (("db", "upgrade"), ("verify",), ("db", "streams")):
        code, output = invoke(*args, "--db", url)
        assert code == 2, output
        assert "made by a newer croupier" in output, output
        assert "db upgrade`" not in output
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
