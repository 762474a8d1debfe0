"""``croupier bench serve`` (issue 16): the nearest-rank percentile against hand-worked values,
and the command end to end on SQLite at a tiny size (a real server on 127.0.0.1)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.service.bench.serve import percentile

ROOT = Path(__file__).resolve().parents[3]


def test_percentile_by_nearest_rank() -> None:
    # nearest rank: the ceil(q * n)-th smallest value
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert percentile(values, 0.50) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([5.0, 1.0, 3.0], 0.99) == 5.0
    assert percentile([], 0.5) == 0.0


def test_bench_serve_runs_end_to_end_on_sqlite() -> None:
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "serve",
            "--tables",
            "1",
            "--players",
            "2",
            "--seconds",
            "1",
            "--db",
            "sqlite",
            "--rules-dir",
            str(ROOT / "examples" / "rules"),
            "--markdown",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "| croupier serve | sqlite | virtual | 1 | 1 x 2 |" in result.output
    assert "| echo (bare Starlette) | none |" in result.output


def test_bench_serve_keys_every_card_at_physical_tables() -> None:
    """``--mode physical`` (issue 27): the dealer keys each card from the bench's own shoe and
    each decision; the run finishes and its row says physical, judged by issue 27's goal."""
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "serve",
            "--mode",
            "physical",
            "--tables",
            "1",
            "--players",
            "2",
            "--seconds",
            "1",
            "--db",
            "sqlite",
            "--rules-dir",
            str(ROOT / "examples" / "rules"),
            "--markdown",
        ],
    )
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "| croupier serve |" in line)
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1:5] == ["sqlite", "physical", "1", "1 x 2"]
    assert int(cells[6].replace(",", "")) > 0  # actions keyed and taken
