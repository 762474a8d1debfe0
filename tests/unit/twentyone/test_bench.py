"""``croupier bench twentyone`` on the protocol's random legal player."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from croupier.cli import progress
from croupier.cli.main import app
from croupier.service.bench.twentyone import run


def test_bench_settles_every_round_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    result = run(600, seed=3, rounds_per_rule_set=200, progress=lambda d, t: seen.append((d, t)))
    assert (result.rounds, result.rule_sets) == (600, 3)
    assert seen[-1] == (600, 600)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bench_with_dealing_mistakes_settles_every_round() -> None:
    assert run(300, seed=4, mistake_rate=3).rounds == 300


def test_bench_cli_shows_a_progress_bar_on_a_long_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "PROGRESS_AFTER_SECONDS", 0.0)
    result = CliRunner().invoke(app, ["bench", "twentyone", "--rounds", "500"])
    assert result.exit_code == 0, result.output
    assert "settled 500 rounds" in " ".join(result.output.split())
