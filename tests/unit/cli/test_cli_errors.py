"""No Python traceback reaches a user: one line on stderr and a non-zero exit, for any input."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from croupier.cli import main as cli_main
from croupier.cli.common import reports_errors
from croupier.core.errors import InvalidInput


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = cli_main.run(cli_main.app, list(args))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def _one_line_error(err: str) -> None:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("error:"), err


def test_equity_with_a_bad_card_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "equity", "AhKh", "Qx9d")
    assert code == 2
    _one_line_error(err)
    assert "not a card" in err


def test_replay_of_a_directory_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, err = _run(capsys, "replay", str(tmp_path))
    assert code == 2
    _one_line_error(err)
    assert "folder" in err


def test_replay_of_an_unreadable_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "round.json"
    f.write_bytes(b"\xff\xfe not utf-8")
    code, err = _run(capsys, "replay", str(f))
    assert code == 2
    _one_line_error(err)


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "twentyone", "rules": {"maximum_wager": 12345678901234567890123456}}',
        '{"game": "twentyone", "rules": {"x": ' + "9" * 5000 + "}}",
        '{"game": "twentyone", "rules": ' + "[" * 10_000 + "]" * 10_000 + "}",
    ],
    ids=["26-digit amount", "5000-digit number", "deep nesting"],
)
def test_replay_of_an_absurd_round_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    f = tmp_path / "round.json"
    f.write_text(text, encoding="utf-8")
    code, err = _run(capsys, "replay", str(f))
    assert code == 2
    _one_line_error(err)


def test_equity_with_absurd_trials_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(capsys, "equity", "AhKh", "QsQd", "--trials", "0")
    assert code == 2
    _one_line_error(err)


def _command_raising(exc: Exception) -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False, add_completion=False)

    @app.command()
    @reports_errors
    def boom(out: str = "") -> None:
        raise exc

    return app


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (FileNotFoundError(2, "No such file or directory", "/no/such/dir/out.pdf"), "/no/such/dir"),
        (PermissionError(13, "Permission denied", "/root/x.csv"), "Permission denied"),
        (ValueError("day is out of range for month"), "day is out of range"),
        (InvalidInput("not a money amount: '12.345'"), "not a money amount"),
    ],
    ids=["bad --out path", "unwritable file", "bad date", "bad amount"],
)
def test_reports_errors_turns_bad_input_into_one_line(
    capsys: pytest.CaptureFixture[str], exc: Exception, expected: str
) -> None:
    code = cli_main.run(_command_raising(exc), [])
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert expected in err
    assert len([line for line in err.splitlines() if line.strip()]) == 1


def test_an_unexpected_failure_is_an_internal_error_line_with_exit_70(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = typer.Typer(pretty_exceptions_enable=False, add_completion=False)

    @app.command()
    def boom() -> None:
        raise KeyError("dealer")

    code = cli_main.run(app, [])
    err = capsys.readouterr().err
    assert code == cli_main.EXIT_INTERNAL == 70
    assert err.startswith("internal error: KeyError")
    assert err.rstrip().endswith("please report")
    assert "Traceback" not in err


def test_a_croupier_error_escaping_a_command_is_one_line_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = typer.Typer(pretty_exceptions_enable=False, add_completion=False)

    @app.command()
    def boom() -> None:
        raise InvalidInput("a wager of $12.345 has fractions of a cent")

    code = cli_main.run(app, [])
    assert code == 2
    assert capsys.readouterr().err == "error: a wager of $12.345 has fractions of a cent\n"
