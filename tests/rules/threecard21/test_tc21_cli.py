"""The threecard21 commands: play (non-interactive from stdin), disclosure (13:69E-1.10D(b),
(c)), analyze threecard21-bonus (exact, 2C.5(b)1)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app

runner = CliRunner()


def test_13_69E_1_10D_c_disclosure_command(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"casino_name": "Boardwalk", "surrender": True}))
    result = runner.invoke(app, ["disclosure", "threecard21", "--rules", str(rules)])
    assert result.exit_code == 0, result.output
    assert "Boardwalk" in result.output
    assert "200 to 1" in result.output
    assert "Surrender: offered" in result.output


def test_2C_2_a_disclosure_refuses_bad_rules(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"decks": 4}))
    result = runner.invoke(app, ["disclosure", "threecard21", "--rules", str(rules)])
    assert result.exit_code == 2
    assert "2C.2(a)" in result.output


def test_2C_5_b_1_analyze_bonus_exact_json() -> None:
    result = runner.invoke(app, ["analyze", "threecard21-bonus", "--decks", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    cats = {c["category"]: c for c in data["categories"]}
    assert cats["3 card diamond royal flush"]["count"] == 6**3  # one each of Ad Kd Qd
    assert data["hands"] == 312 * 311 * 310 // 6


def test_2C_2_a_analyze_refuses_five_decks() -> None:
    result = runner.invoke(app, ["analyze", "threecard21-bonus", "--decks", "5"])
    assert result.exit_code == 2


def test_play_from_stdin_reaches_a_settlement() -> None:
    answers = "10\n" + "s\n" * 20 + "q\n"
    result = runner.invoke(app, ["play", "threecard21", "--seed", "7"], input=answers)
    assert result.exit_code == 0, result.output
    assert "bonus:" in result.output
    assert "You leave with" in result.output
