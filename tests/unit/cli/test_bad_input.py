"""Issue 2 "Done means": bad input gives one clear message, a non-zero exit, and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app

runner = CliRunner()


def _one_clear_error(output: str) -> None:
    assert output.count("error:") == 1
    assert "Traceback" not in output


def test_malformed_card_is_refused() -> None:
    result = runner.invoke(app, ["equity", "Xx", "Kd", "QsQd"])
    assert result.exit_code == 2
    assert "not a card: 'Xx'" in result.output
    _one_clear_error(result.output)


def test_invalid_rules_fields_are_all_listed_with_sections(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"decks": 5, "minimum_wager": 350}), encoding="utf-8")
    result = runner.invoke(app, ["disclosure", "twentyone", "--rules", str(rules)])
    assert result.exit_code == 2
    assert "99-01.3-08-02.3" in result.output  # decks
    assert "99-01.3-08-09.1" in result.output  # even-dollar minimum
    _one_clear_error(result.output)


def test_invalid_rules_at_the_table_write_no_database(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"decks": 5}), encoding="utf-8")
    db = tmp_path / "table.db"
    result = runner.invoke(
        app, ["play", "twentyone", "--rules", str(rules), "--db", f"sqlite:///{db}"], input=""
    )
    assert result.exit_code == 2
    assert not db.exists()


def test_unreachable_database_is_one_clear_error(tmp_path: Path) -> None:
    for url in (
        "postgresql+psycopg://nobody@127.0.0.1:1/nothing",
        f"sqlite:///{tmp_path / 'missing-dir' / 'x.db'}",
    ):
        result = runner.invoke(app, ["verify", "--db", url])
        assert result.exit_code == 2, url
        _one_clear_error(result.output)
    assert not (tmp_path / "missing-dir").exists()


def test_a_round_file_that_breaks_a_rule_is_refused_with_its_section(tmp_path: Path) -> None:
    # An odd-dollar original wager is unlawful (99-01.3-08-09.1: "an even dollar amount").
    round_file = tmp_path / "odd.json"
    round_file.write_text(
        json.dumps(
            {
                "game": "twentyone",
                "seats": [{"space": 1, "wager": 550}],
                "shoe": ["Th", "6c", "9d", "Td"],
                "actions": [{"action": "stand", "space": 1}],
            }
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["replay", str(round_file)])
    assert result.exit_code == 2
    assert "99-01.3-08-09.1" in result.output
    _one_clear_error(result.output)


def test_a_simulation_size_no_machine_can_run_is_refused_before_it_starts() -> None:
    """Found by an audit: 10^23 rounds ended in an internal MemoryError, and 100,000 workers
    were started on a 2-core machine. Each bound is said, with the option, before any work."""
    huge = "99999999999999999999999"
    for args, option in (
        (["simulate", "twentyone", "--rounds", huge], "--rounds"),
        (["simulate", "twentyone", "--rounds", "0"], "--rounds"),
        (["simulate", "twentyone", "--workers", "100000"], "--workers"),
        (
            ["analyze", "hold", "--dealer", "d1", "--quarter", "2026Q1", "--rounds", huge],
            "--rounds",
        ),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert f"Invalid value for '{option}'" in result.output
        assert "Traceback" not in result.output


def test_play_with_a_mistyped_database_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    """Found by an audit: `play twentyone --db` with a path that does not exist made a new
    database, so a typo silently lost the saved table. Only `croupier db upgrade` (and
    `books init`) create one, as the README says."""
    db = tmp_path / "typo.db"
    result = runner.invoke(app, ["play", "twentyone", "--db", f"sqlite:///{db}"], input="q\n")
    assert result.exit_code == 2
    assert "no database at" in result.output
    assert "croupier db upgrade" in result.output
    assert not db.exists()


def test_numbers_in_other_digits_are_refused_before_any_work(tmp_path: Path) -> None:
    """Issue 31: Typer read full-width digits (and blanks, and ``nan``) as numbers, so
    ``books fill １`` would have recorded table 1 from a figure nobody read as typed. Every
    command's integer and decimal parameters take the digits 0-9 only, ranges kept."""
    db = tmp_path / "books.db"
    for args, option in (
        (["simulate", "twentyone", "--rounds", "１０"], "--rounds"),  # full-width digits
        (["simulate", "twentyone", "--rounds", "١٠"], "--rounds"),  # Arabic-Indic digits
        (["simulate", "twentyone", "--rounds", " 10"], "--rounds"),
        (["books", "fill", "S1", "１", "5x40", "E1", "E2", "--db", f"sqlite:///{db}"], "table"),
        (["serve", "--port", "８０００"], "--port"),
        (["bench", "serve", "--seconds", "nan"], "--seconds"),
        (["bench", "serve", "--seconds", "１.5"], "--seconds"),
    ):
        result = runner.invoke(app, args)
        flat = " ".join(result.output.replace("│", " ").split())  # the error box unwrapped
        assert result.exit_code == 2, (args, result.output)
        assert f"Invalid value for '{option}'" in flat, (args, result.output)
        assert "written in the digits 0-9" in flat, (args, result.output)
        assert "Traceback" not in result.output
    assert not db.exists()


def test_numbers_in_ascii_digits_keep_their_ranges() -> None:
    from typer._click.exceptions import BadParameter

    from croupier.cli.command_table import COMMANDS
    from croupier.cli.lazy import load_command

    serve = next(c for c in COMMANDS if c.group == "" and c.name == "serve")
    port = next(p for p in load_command(serve).params if p.name == "port")
    assert port.type.convert("8_000", port, None) == 8000
    assert port.type.convert("+80", port, None) == 80
    for bad in ("0", "65536", "８０", "8e3"):
        with pytest.raises(BadParameter):
            port.type.convert(bad, port, None)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["books", "fund", "S1"], "Missing argument 'amount'"),
        (["books", "add-table", "S1", "-1", "21"], "No such option: -1"),
        (["equity", "AhKh", "QsQd", "--game", "stud"], "Invalid value for '--game'"),
        (["nosuch"], "No such command 'nosuch'"),
    ],
)
def test_a_mistyped_command_line_is_one_line_naming_the_help_to_read(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by an audit: a usage mistake was a five-line box. The command as run from a shell
    (``croupier.cli.main.run``) says it in one line, with the command whose help says how."""
    from croupier.cli.main import run

    assert run(app, args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("error: "), err
    assert said in err, err
    assert "--help` says how" in err
