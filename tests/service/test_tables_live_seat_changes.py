"""A seat changes hands (issue 16, found by review): what was dealt to a seat before its present
occupant sat is not theirs to see (poker -05.5: a player's hole cards are theirs until shown),
and a player who leaves the seat sees, from then on, what the public sees."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from croupier.core.protocol import PendingKind
from croupier.service.tables.live import LiveTableHub, SeededRngSource
from croupier.store import open_store

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "examples/rules/poker-holdem.toml"


def _hand_folded_round(hub: LiveTableHub, table: str) -> None:
    assert hub.deal(table, "d1").accepted
    for _ in range(300):
        t = hub.table(table)
        if t.play is None or not t.round_open:
            break
        p = t.play.pending
        if p.kind is PendingKind.NONE:
            break
        if p.kind is PendingKind.CHANCE:
            assert hub.chance(table, "d1").accepted
            continue
        options = list(hub.legal_actions(table))
        fold = next((a for a in options if "fold" in repr(a).lower()), options[0])
        seat = p.seat if p.kind is PendingKind.SEAT else None
        assert hub.act(table, fold, "x", seat=seat).accepted
    assert hub.settle(table, "d1").accepted


def _hole_cards(updates: list[dict[str, Any]], seat: int) -> list[Any]:
    return [
        e["card"]
        for u in updates
        for e in u["events"]
        if e.get("seat") == seat and e.get("card") is not None
    ]


def test_99_01_3_09_05_5_a_new_occupant_never_sees_the_cards_of_the_seats_last_player(
    tmp_path: Path,
) -> None:
    store = open_store(f"sqlite:///{tmp_path / 't.db'}")
    hub = LiveTableHub(store, rng=SeededRngSource(3))
    assert hub.open_table("pk", "poker", RULES, "d1").accepted
    for seat, who in ((2, "alice"), (3, "bob")):
        assert hub.seat("pk", seat, who, who).accepted
        assert hub.wager("pk", seat, "100", who).accepted
    alice_sees: list[dict[str, Any]] = []
    hub.subscribe("pk", "player:2", callback=alice_sees.append)
    _hand_folded_round(hub, "pk")
    dealt_to_alice = _hole_cards(alice_sees, 2)
    assert dealt_to_alice, "alice saw her own hole cards"
    assert hub.unseat("pk", 2, "alice").accepted
    assert hub.seat("pk", 2, "carol", "carol").accepted
    # carol's page connects and asks for everything (as a reconnecting page would)
    carol_sees: list[dict[str, Any]] = []
    hub.subscribe("pk", "player:2", callback=carol_sees.append, after=0)
    assert _hole_cards(carol_sees, 2) == []
    assert _hole_cards([{"events": hub.events("pk", "player:2")}], 2) == []
    # the next hand: carol sees her own cards, alice's old socket sees none of them
    seen_by_alice_before = len(_hole_cards(alice_sees, 2))
    assert hub.wager("pk", 2, "100", "carol").accepted
    _hand_folded_round(hub, "pk")
    assert _hole_cards(carol_sees, 2), "carol saw her own hole cards"
    assert len(_hole_cards(alice_sees, 2)) == seen_by_alice_before
    store.close()
