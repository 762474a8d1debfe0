"""A paddlewheel has no hidden information (99-01.3-11-03, -05): every viewer gets the same
view and the same events, and the result appears only once the wheel has stopped."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.paddlewheel.events import WheelStopped
from croupier.games.paddlewheel.game import GAME
from croupier.games.paddlewheel.seat_view import seat_view, visible_events


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_99_01_3_11_05_the_result_is_shown_only_after_the_spin_and_to_everyone(seed: int) -> None:
    rules = GAME.parse_rules({})
    rng = SeededRng(seed)
    play = Play(GAME, rules, GAME.random_setup(rules, rng))
    for _ in range(300):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is PendingKind.CHANCE:
            play.apply(GAME.chance(play.state, rng))
        else:
            options = play.legal_actions()
            names = [type(o).__name__ for o in options]
            close = "CloseBets" in names and rng.randbelow(4) == 0
            play.apply(
                options[names.index("CloseBets")] if close else options[rng.randbelow(len(options))]
            )
        spun = any(isinstance(e, WheelStopped) for e in play.events)
        views = {v: seat_view(play.state, v) for v in ("dealer", "public", "player:1")}
        assert all(v["result"] is None for v in views.values()) == (not spun)
        strip = [
            json.dumps({k: x for k, x in v.items() if k != "viewer"}).replace(
                '"mine": true', '"mine": false'
            )
            for v in views.values()
        ]
        assert strip[0] == strip[1] == strip[2]
        for viewer in ("surveillance", "player:2"):
            assert visible_events(play.events, viewer) == [e.to_dict() for e in play.events]
    assert play.pending.kind is PendingKind.NONE
    stopped = [e for e in play.events if isinstance(e, WheelStopped)][-1]
    assert seat_view(play.state, "public")["result"] is not None
    assert json.dumps(list(stopped.result))
