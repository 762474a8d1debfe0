"""Issue 2 "Done means": bad input gives one clear message, a non-zero exit, and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

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
