"""The ``croupier equity`` and ``croupier bench eval`` commands."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.service.bench.eval import run_eval_bench

runner = CliRunner()


def test_equity_prints_counts_of_a_hand_countable_board() -> None:
    out = runner.invoke(app, ["equity", "AsAh", "KsKh", "--board", "2c7d9cJd", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["boards"] == 44
    assert data["players"][0]["wins"] == 42
    assert data["players"][0]["equity"] == "21/22"


def test_equity_monte_carlo_is_reproducible_by_seed() -> None:
    args = ["equity", "AhKh", "QsQd", "--trials", "20000", "--seed", "9", "--json"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert json.loads(first.output)["exact"] is False


def test_equity_table_and_refusals() -> None:
    out = runner.invoke(app, ["equity", "AhKh", "QsQd", "--board", "2c7d9h8s5c"])
    assert out.exit_code == 0
    assert "AhKh" in out.output
    assert "QsQd" in out.output
    bad = runner.invoke(app, ["equity", "AhKh", "AhQd"])
    assert bad.exit_code == 2
    assert "twice" in bad.output


def test_bench_harness_reports_every_library_or_why_not() -> None:
    bench = run_eval_bench(peers=("eval7", "no_such_peer_lib"), count=20_000, peer_count=2_000)
    data = bench.to_json()
    assert set(data["hands_per_second"]["croupier"]) == {
        "5-card",
        "7-card",
        "omaha-high",
        "omaha-hilo",
    }
    assert "eval7" in data["hands_per_second"]
    assert "no_such_peer_lib" in data["skipped"]
    assert data["equity-ahkh-qsqd-seconds"]["croupier"] > 0
