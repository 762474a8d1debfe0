"""Golden tournament files: every ``tests/golden/tournaments/*.json`` is run and checked.

Each file's expectations were worked out by hand from the rule text (its ``description`` says
how); a file without ``expect`` is refused, so the corpus cannot silently stop checking. The
events of every accepted tournament are replayed and must give the identical state.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from croupier.core.events import event_from_dict
from croupier.tournaments import Tournament
from croupier.tournaments.script import run_file

FILES = sorted(Path(__file__).parent.glob("*.json"))


def test_enough_golden_files() -> None:
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_tournament(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("expect"), "a golden file must carry an expect block"
    assert data.get("description"), "a golden file says how its figures were worked out"
    t, diffs = run_file(data)
    assert not diffs, "\n".join(diffs)
    if t is not None:
        stored = [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in t.events]
        assert Tournament.replay(stored).state.snapshot() == t.state.snapshot()
