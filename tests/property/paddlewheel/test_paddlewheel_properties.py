"""Invariants under random legal play: chips are conserved, refused actions change nothing,
and the events replay to the identical settlement."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.errors import CroupierError
from croupier.core.events import event_from_dict
from croupier.games.paddlewheel import Spin, Table, TableRules, rules_from_dict
from croupier.games.paddlewheel import actions as a

GOLDEN = Path(__file__).parents[2] / "golden" / "paddlewheel"
RULES = rules_from_dict(
    json.loads((GOLDEN / "t01_exact_red_wins.json").read_text(encoding="utf-8"))["rules"]
)
assert isinstance(RULES, TableRules)
LABELS = [s.label for s in RULES.spots()] + ["tip", "purple 3"]

step = st.tuples(st.integers(0, 9), st.integers(1, 3), st.integers(0, 30), st.integers(0, 1000))


def action_for(t: Table, kind: int, seat: int, n: int, r: int) -> Any:
    if t.data.phase.value == "spinning":
        return a.SpinWheel(Spin(t.data.wheel_at, r % 8, r % RULES.wheel.circumference))
    return [
        a.Join(seat, f"p{seat}", ["red", "blue", "green", "mustard yellow"][r % 4]),
        a.BuyChips(seat, n * 100 + (r % 3 == 0) * 50),
        a.ExchangeCasinoChips(seat, n * 100),
        a.PlaceBet(seat, LABELS[r % len(LABELS)], max(n % 12, 1)),
        a.PlaceBet(seat, LABELS[r % len(LABELS)], max(n % 12, 1)),
        a.RemoveBet(seat, LABELS[r % len(LABELS)], 1),
        a.CloseBets(),
        a.Tip(seat, max(n % 4, 1), casino=r % 2 == 0),
        a.RedeemChips(seat, max(n % 10, 1)),
        a.Leave(seat),
    ][kind]


@settings(max_examples=150, deadline=None)
@given(st.lists(step, max_size=60))
def test_chips_conserved_and_refusals_change_nothing(
    steps: list[tuple[int, int, int, int]],
) -> None:
    t = Table(RULES)
    t.apply(a.Join(1, "ann", "purple"))
    t.apply(a.BuyChips(1, 2000))
    total_chips = t.betting_chips_total()
    events = []
    applied: list[str] = []
    for kind, seat, n, r in steps:
        action = action_for(t, kind, seat, n, r)
        before = copy.deepcopy(t.data)
        try:
            events += t.apply(action)
        except CroupierError:
            assert t.data == before
            continue
        applied.append(type(action).__name__)
        d = t.data
        # Betting chips never leave the table: rails + layout + tray (-03.4).
        assert t.betting_chips_total() == total_chips
        # Value: the tray's opening value plus what players paid in, less what they took out,
        # is on the table: tray, drop box, tip receptacle, rails and layout.
        paid_in = sum(s.cash_in for s in d.seats.values()) + d.departed_cash_in
        taken = sum(s.cash_out for s in d.seats.values()) + d.departed_cash_out
        on_table = (
            d.drop_box
            + d.tray_casino
            + d.tip_receptacle
            + 100
            * (d.tray_betting + sum(s.rail for s in d.seats.values()) + sum(d.layout.values()))
        )
        assert t.initial_casino + 100 * total_chips + paid_in - taken == on_table
    # Each player's settled nets and tips equal their change in holdings.
    for seat_no, seat in t.data.seats.items():
        nets = sum(
            w.net for w in t.settlement().wagers if w.space == seat_no and w.player == seat.player
        )
        layout = sum(c for (s, _), c in t.data.layout.items() if s == seat_no)
        assert nets == 100 * (seat.rail + layout) + seat.cash_out - seat.cash_in
    # The events rebuild from JSON exactly.
    for e in events:
        assert event_from_dict(e.to_dict()) == e
