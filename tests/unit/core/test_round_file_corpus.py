"""Round files in every format the project ever wrote keep checking (issue 30;
``tests/corpora/round-files/README.md``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from croupier.service.games.replay import replay_text

CORPUS = Path(__file__).resolve().parents[2] / "corpora" / "round-files"
FILES = sorted(CORPUS.glob("*/*.json"))


def test_the_corpus_is_there() -> None:
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_an_older_round_file_replays_and_checks(path: Path) -> None:
    report = replay_text(path.read_text(encoding="utf-8"), str(path), check=True)
    assert report.ok, report.differences


@pytest.mark.parametrize("path", FILES[:3], ids=[p.stem for p in FILES[:3]])
def test_an_unnamed_wager_that_differs_is_still_reported(path: Path) -> None:
    """Matching a wager without a player by its space, hand and kind does not excuse it: a
    wrong net is one line naming the wager."""
    data = json.loads(path.read_text(encoding="utf-8"))
    wager = data["expect"]["wagers"][0]
    wager["net"] += 100
    report = replay_text(json.dumps(data), "changed", check=True)
    assert not report.ok
    assert any(f"space {wager['space']}" in line for line in report.differences)
