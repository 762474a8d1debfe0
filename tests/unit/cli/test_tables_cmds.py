"""``croupier tables rounds|export`` (issue 27): a live table's rounds from the database, and one
as its round file, which ``croupier replay --check`` accepts (99-01.3-08-11.17)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.service.conftest import open_and_deal, play_out
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.service.tables.live import LiveTableHub, SeededRngSource
from croupier.store import open_store


def _settled_round(url: str) -> dict[str, int]:
    store = open_store(url)
    hub = LiveTableHub(store, rng=SeededRngSource(9))
    open_and_deal(hub, "bj-1", "twentyone")
    play_out(hub, "bj-1", 9)
    result = hub.settle("bj-1", "dealer-1")
    assert result.accepted
    assert result.settlement is not None
    paid = dict(result.settlement.parties)
    store.close()
    return paid


def test_99_01_3_08_11_17_a_settled_round_exports_and_replays_to_what_was_paid(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    paid = _settled_round(url)
    runner = CliRunner()
    listed = runner.invoke(app, ["tables", "rounds", "bj-1", "--db", url])
    assert listed.exit_code == 0, listed.output
    assert "1" in listed.output
    out = tmp_path / "round.json"
    exported = runner.invoke(app, ["tables", "export", "bj-1", "1", "--db", url, "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["expect"]["parties"] == dict(sorted(paid.items()))
    checked = runner.invoke(app, ["replay", "--check", str(out)])
    assert checked.exit_code == 0, checked.output
    assert "settlement matches expect" in checked.output


def test_a_round_not_there_is_one_line_and_exit_2(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    _settled_round(url)
    result = CliRunner().invoke(app, ["tables", "export", "bj-1", "7", "--db", url])
    assert result.exit_code == 2
    assert "has no round 7" in result.output
    assert "Traceback" not in result.output
