"""What every exporter's property test checks of an exported round file: with the settlement
that was paid as its ``expect``, ``croupier replay --check`` plays it back ``ok``, to the same
wagers and the same parties' nets. Each game's test then checks its own part (the cards, the
actions, the spin's events)."""

from __future__ import annotations

import json
from typing import Any

from croupier.core.protocol import Settlement, WagerResult
from croupier.games.roundfile import expect_block
from croupier.service.games.replay import ReplayReport, replay_text


def replays_to(data: dict[str, Any], settlement: Settlement) -> tuple[str, ReplayReport]:
    """``data`` with ``expect`` = ``settlement``, as text, and its checked replay (asserted ok,
    with the same wagers and parties)."""
    data["expect"] = expect_block(settlement)
    text = json.dumps(data)
    report = replay_text(text, "exported round", check=True)
    assert report.ok, report.differences
    got = report.settlement
    assert dict(got.parties) == dict(settlement.parties)
    assert sorted(got.wagers, key=WagerResult.key) == sorted(settlement.wagers, key=WagerResult.key)
    return text, report
