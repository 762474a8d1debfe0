"""The persisted terminal table: crash/restart rebuild and the CLI commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.errors import RuleViolation
from croupier.core.rng import SeededRng
from croupier.games.base import PendingKind
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.rules import rules_from_dict
from croupier.service.games.twentyone_table import TwentyOneTable
from croupier.store import open_store


def test_restart_rebuilds_open_round_shoe_and_bankroll(sqlite_url: str) -> None:
    rules = rules_from_dict({})
    store = open_store(sqlite_url)
    table = TwentyOneTable.open_or_resume(store, SeededRng(7), rules, bankroll=10_000)
    # play a first round to its end, then start a second and "crash" mid-round
    table.start_round([(1, 500, 0)])
    while table.round is not None:
        table.act(Action(ActionKind.STAND, space=1, hand=table.round.pending.hand or 0))
    bankroll_after_first = table.bankroll
    table.start_round([(1, 400, 100)])
    assert table.round is not None
    snapshot = table.round.snapshot() if table.round.pending.kind is PendingKind.SEAT else None
    upcoming = table.upcoming
    remaining = table.shoe.remaining if table.shoe else 0

    restarted = TwentyOneTable.open_or_resume(open_store(sqlite_url), SeededRng(99), rules)
    assert restarted.bankroll == bankroll_after_first
    assert restarted.upcoming == upcoming
    assert restarted.shoe is not None
    assert restarted.shoe.remaining == remaining
    assert snapshot is not None, "seed 7 must leave the second round awaiting a decision"
    if snapshot is not None:
        assert restarted.round is not None
        assert restarted.round.snapshot() == snapshot
        restarted.act(Action(ActionKind.STAND, space=1, hand=restarted.round.pending.hand or 0))


def test_refused_decision_stores_nothing(sqlite_url: str) -> None:
    store = open_store(sqlite_url)
    table = TwentyOneTable.open_or_resume(store, SeededRng(1), rules_from_dict({}))
    before = store.version(table.stream)
    with pytest.raises(RuleViolation) as info:
        table.start_round([(1, 550, 0)])
    assert info.value.section == "99-01.3-08-09.1"
    assert store.version(table.stream) == before


def test_cli_play_from_stdin(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    assert (
        CliRunner().invoke(app, ["db", "upgrade", "--db", db]).exit_code == 0
    )  # play creates none
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["play", "twentyone", "--seed", "3", "--db", db],
        input="10 1\ns\ns\ns\ns\n7\ns\ns\ns\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "class C felony" in result.output
    assert 'dealer: "dealer shows' in result.output
    assert "Thanks for playing." in result.output


def test_cli_refusal_explained_with_section(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    assert (
        CliRunner().invoke(app, ["db", "upgrade", "--db", db]).exit_code == 0
    )  # play creates none
    result = CliRunner().invoke(
        app, ["play", "twentyone", "--seed", "3", "--db", db], input="5.50\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert "(section 99-01.3-08-09.1)" in " ".join(result.output.split())


def test_cli_disclosure_formats(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text('{"dealing_method": "no-hole-card", "maximum_wager": 1000}')
    runner = CliRunner()
    text = runner.invoke(app, ["disclosure", "twentyone", "--rules", str(rules)])
    assert text.exit_code == 0
    assert "No-Hole-Card" in text.output
    pdf = tmp_path / "rules.pdf"
    out = runner.invoke(
        app,
        ["disclosure", "twentyone", "--rules", str(rules), "--format", "pdf", "--out", str(pdf)],
    )
    assert out.exit_code == 0, out.output
    assert pdf.read_bytes().startswith(b"%PDF")


def test_cli_bench_small(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["bench", "twentyone", "--rounds", "300"])
    assert result.exit_code == 0, result.output
    assert "rounds/second" in result.output
    assert "300" in result.output
    assert "croupier analyze twentyone as typed (whole process" in " ".join(result.output.split())
