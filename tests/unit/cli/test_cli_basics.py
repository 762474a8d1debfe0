"""The croupier command: version, help, and one clear error for bad input."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from croupier import __version__
from croupier.cli.main import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_help_lists_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("replay", "play", "disclosure", "analyze", "bench"):
        assert command in result.output


def test_replay_of_a_corrupt_file_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ this is not json", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "not valid JSON" in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2
    assert "not found" in result.output


def test_replay_of_an_unknown_game(tmp_path: Path) -> None:
    f = tmp_path / "r.json"
    f.write_text('{"game": "baccarat"}', encoding="utf-8")
    result = runner.invoke(app, ["replay", str(f)])
    assert result.exit_code == 2
    assert "unknown game 'baccarat'" in result.output
