"""``croupier tournament check|run`` and ``croupier bench tournament`` as a person uses them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
POKER = ROOT / "examples" / "rules" / "tournament-poker-holdem-bounty-satellite.toml"
GOLDEN = ROOT / "tests" / "golden" / "tournaments"
RUNNER = CliRunner()


def test_check_prints_the_schedule_to_post() -> None:
    result = RUNNER.invoke(app, ["tournament", "check", str(POKER)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Payout structure" in result.output
    assert "Most a player can pay: $300.00 (cap $300.00)" in result.output


def test_99_01_3_09_01_check_refuses_fees_over_300_with_the_section(tmp_path: Path) -> None:
    # the entry fee and the bounty every player pays: $280 + $25, over $300
    text = POKER.read_text(encoding="utf-8").replace('entry_fee = "$150', 'entry_fee = "$280', 1)
    assert text != POKER.read_text(encoding="utf-8")
    bad = tmp_path / "t.toml"
    bad.write_text(text, encoding="utf-8")
    result = RUNNER.invoke(app, ["tournament", "check", str(bad)], terminal_width=200)
    assert result.exit_code == 2
    assert "99-01.3-09-01" in result.output
    assert "Traceback" not in result.output


def test_run_passes_a_golden_file_and_fails_a_changed_one(tmp_path: Path) -> None:
    path = GOLDEN / "09_satellite_transferable_buy_in_redeemed.json"
    result = RUNNER.invoke(app, ["tournament", "run", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "as expected" in result.output
    assert "record of win" in result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    data["expect"]["changed"] = "something the file never produces"
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    result = RUNNER.invoke(app, ["tournament", "run", str(changed)], terminal_width=200)
    assert result.exit_code == 1
    assert "differs:" in result.output


def test_bench_tournament_plays_to_the_last_player() -> None:
    result = RUNNER.invoke(app, ["bench", "tournament", "--players", "40"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "40 players" in result.output
