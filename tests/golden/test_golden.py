"""Golden round files: every ``tests/golden/<game>/*.json`` is replayed and checked.

Each file's ``expect`` block was worked out by hand from the rule text (its ``description`` says
how); a file without ``expect`` is refused here, so the corpus cannot silently stop checking.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.games.registry import get_game
from croupier.games.roundfile import compare_settlement, parse_round_text

GOLDEN = Path(__file__).parent
FILES = sorted(p for p in GOLDEN.glob("*/*.json") if p.parent.name != "tournaments")
"""Round files of every game (tournament files have their own runner, ``tournaments/``)."""


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_round(path: Path) -> None:
    round_file = parse_round_text(path.read_text(encoding="utf-8"), str(path))
    assert round_file.game == path.parent.name, "a golden file lives in its game's folder"
    assert round_file.expect is not None, "a golden file must carry an expect block"
    result = get_game(round_file.game).replay(round_file)
    diffs = compare_settlement(round_file.expect, result.settlement, str(path))
    assert not diffs, "\n".join(diffs)
