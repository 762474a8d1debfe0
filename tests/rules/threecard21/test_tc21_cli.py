"""The threecard21 commands: play (non-interactive from stdin), disclosure (13:69E-1.10D(b),
(c)), analyze threecard21-bonus (exact, 2C.5(b)1)."""

from __future__ import annotations

import json
import re
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


def test_2C_5_a_disclosure_from_a_toml_rules_file_in_dollars(tmp_path: Path) -> None:
    rules = tmp_path / "threecard21.toml"
    rules.write_text(
        '# a commented rules file\ngame = "threecard21"\ncasino_name = "Boardwalk"\n'
        'table_minimum = "$10"\ntable_maximum = "$1,000"\n'
    )
    result = runner.invoke(app, ["disclosure", "threecard21", "--rules", str(rules)])
    assert result.exit_code == 0, result.output
    assert "$10.00 to $1,000.00" in result.output


def test_2C_5_b_1_analyze_a_toml_paytable(tmp_path: Path) -> None:
    paytable = tmp_path / "pays.toml"
    lines = ['name = "flat"', "[pays]"]
    lines += [f'"{c}" = "1 to 1"' for c in ("21 total", "pair", "flush", "straight")]
    lines += [f'"{c}" = "2 to 1"' for c in ("3 of a kind", "straight flush")]
    lines += ['"3 card royal flush" = "2 to 1"', '"3 card diamond royal flush" = "2 to 1"']
    paytable.write_text("\n".join(lines) + "\n")
    result = runner.invoke(
        app, ["analyze", "threecard21-bonus", "--paytable", str(paytable), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["paytable"] == "flat"
    pays = {c["category"]: c["pays"] for c in data["categories"]}
    assert pays["flush"] == "1 to 1"
    assert pays["3 card diamond royal flush"] == "2 to 1"


def test_2C_5_b_1_analyze_refuses_an_inverted_paytable_with_its_section(tmp_path: Path) -> None:
    paytable = tmp_path / "pays.json"
    pays = dict.fromkeys(
        ("21 total", "pair", "straight", "3 of a kind", "straight flush", "3 card royal flush"),
        "1 to 1",
    )
    pays |= {"flush": "5 to 1", "3 card diamond royal flush": "1 to 1"}
    paytable.write_text(json.dumps({"name": "x", "pays": pays}))
    result = runner.invoke(app, ["analyze", "threecard21-bonus", "--paytable", str(paytable)])
    assert result.exit_code == 2
    assert "2C.5(b)1" in result.output
    assert "Traceback" not in result.output


def test_play_shows_amounts_in_dollars() -> None:
    answers = "$10\n" + "s\n" * 20 + "q\n"
    result = runner.invoke(app, ["play", "threecard21", "--seed", "7"], input=answers)
    assert result.exit_code == 0, result.output
    assert "original: wager $10.00" in result.output
    assert not re.search(r"\d cents", result.output)
    assert "You leave with $" in result.output


def test_play_refuses_a_wager_below_the_table_minimum_and_goes_on() -> None:
    result = runner.invoke(app, ["play", "threecard21", "--seed", "7"], input="$4\nq\n")
    assert result.exit_code == 0, result.output
    assert "2C.5(a)" in result.output
    assert "You leave with $1,000.00" in result.output
