"""The paddlewheel commands: play from stdin, the disclosure, the analysis."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from croupier.cli.main import app

runner = CliRunner()


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_disclosure_command(tmp_path: Path, table_data: dict[str, Any]) -> None:
    result = runner.invoke(
        app, ["disclosure", "paddlewheel", "--rules", str(write(tmp_path, table_data))]
    )
    assert result.exit_code == 0, result.output
    assert "EXACT NUMBER RED 38 to 1" in result.output


def test_invalid_rules_refused_with_every_problem(
    tmp_path: Path, table_data: dict[str, Any]
) -> None:
    table_data["maximum_bet_per_spin"] = 2500
    table_data["wheel"]["pegs"] = False
    result = runner.invoke(
        app, ["disclosure", "paddlewheel", "--rules", str(write(tmp_path, table_data))]
    )
    assert result.exit_code == 2
    assert "2 problems" in result.output


def test_analyze_command_json(tmp_path: Path, table_data: dict[str, Any]) -> None:
    path = write(tmp_path, table_data)
    args = ["analyze", "paddlewheel", "--rules", str(path), "--spins", "20000", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    bets = {b["bet"]: b for b in json.loads(result.output)["bets"]}
    assert bets["odd"]["expected_return"] == "-1/20"
    assert bets["red 5"]["house_edge"] == "1/40"


def test_play_from_stdin() -> None:
    commands = "buy 20\nbet 2 red 17\nbet 1 purple 3\nspin\ntip 1\nquit\n"
    result = runner.invoke(app, ["play", "paddlewheel", "--seed", "3"], input=commands)
    assert result.exit_code == 0, result.output
    assert "bets closed" in result.output
    assert "refused" in result.output  # purple 3 is no spot
    assert "paid in $20.00" in result.output
    assert "tips $1.00" in result.output


def test_99_01_3_11_02_play_ticket_card_method(tmp_path: Path, ticket_data: dict[str, Any]) -> None:
    path = write(tmp_path, ticket_data)
    # Five of six tickets sold: the spin is refused (-02.2); the sixth sold, the two prizes are
    # spun. Whoever wins, the claim of a wrong ticket is refused and 'unclaimed' respins.
    lines = [f"sell {t} p{t}" for t in range(1, 6)] + ["spin", "sell 6 p6", "spin"]
    lines += ["unclaimed", "spin", "status", "quit"]
    args = ["play", "paddlewheel", "--rules", str(path), "--seed", "5", "--date", "2026-07-04"]
    result = runner.invoke(app, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "refused" in result.output
    assert "99-01.3-11-02.2" in result.output
    assert result.output.count(": ticket ") == 2  # two winning numbers drawn (one re-spun)
    assert "gross proceeds $6.00" in result.output
    missing_date = runner.invoke(app, ["play", "paddlewheel", "--rules", str(path)], input="quit\n")
    assert missing_date.exit_code != 0


def _toml_value(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)


def test_99_01_3_11_05_3_toml_rules_with_a_dollar_limit(
    tmp_path: Path, table_data: dict[str, Any]
) -> None:
    table_data["maximum_bet_per_spin"] = "$10.00"
    lines = ["# posted house rules", 'game = "paddlewheel"']
    lines += [f"{key} = {_toml_value(value)}" for key, value in table_data.items()]
    path = tmp_path / "rules.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["disclosure", "paddlewheel", "--rules", str(path)])
    assert result.exit_code == 0, result.output
    assert "$10.00" in result.output


def test_99_01_3_11_03_4_chips_bought_in_whole_dollars() -> None:
    commands = "buy $12.50\nbuy $12.00\nchips\nquit\n"
    result = runner.invoke(app, ["play", "paddlewheel", "--seed", "3"], input=commands)
    assert result.exit_code == 0, result.output
    assert "99-01.3-11-03.4" in result.output  # $12.50 is not whole dollars
    assert "betting chips: 12" in result.output
    assert "paid in $12.00" in result.output


def test_analyze_command_on_ticket_card_rules_in_dollars(
    tmp_path: Path, ticket_data: dict[str, Any]
) -> None:
    path = write(tmp_path, ticket_data)
    result = runner.invoke(app, ["analyze", "paddlewheel", "--rules", str(path), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    # Six tickets of two numbers on a 12-number wheel: 1/6 each; prizes $3.50 + a cap ($5.00
    # retail in all, the conftest's card) make E(prizes) = $5.00 / 6 = $0.8333.
    assert rows[0]["probability"] == "1/6"
    assert rows[0]["expected_prizes"] == "0.8333"
    assert rows[0]["expected_return"] == "-0.1667"
