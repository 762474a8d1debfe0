"""What a browser may receive from the hub: over random legal rounds played through the hub,
no view, event list or subscription update for ``player:<k>`` (or the public, the dealer,
surveillance) contains a card the full state says is hidden from that viewer: another seat's
unshown poker hole card, the dealer's face-down hole card, a burn card. The hidden cards are
read from the game's state directly, not through the seat views."""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.service.tables.live import LiveTableHub, SeededRngSource
from croupier.store import open_store

from .conftest import PLAYERS, open_and_deal, play_out

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def codes_in(data: Any) -> set[str]:
    return set(CARD.findall(json.dumps(data)))


def hidden_from(game: str, state: Any, seat: int | None) -> set[str]:
    """Cards the viewer (the player at ``seat``; None: dealer, surveillance, public) may not
    see now, from the round's data."""
    if game == "twentyone":
        faces = list(zip(state.dealer_cards, state.dealer_faces, strict=True))
        down = {str(c) for c, up in faces if not up}
        down |= {str(c) for c in state.burned}
        up = {str(c) for s in state.seats.values() for h in s.hands for c in h.cards}
        up |= {str(c) for c, f in zip(state.dealer_cards, state.dealer_faces, strict=True) if f}
        return down - up
    if game == "poker":
        out = {str(c) for c in state.burned if c is not None}
        mine: set[str] = set()
        for p in state.players:
            cards = {str(c) for c in p.hole if c is not None}
            if p.seat == seat:
                mine = cards
            elif not p.shown and p.seat not in state.exposed_hands:
                out |= cards
        return out - mine - {str(c) for c in state.board if c is not None}
    if game == "threecard21":
        view = state.view()
        shown = {str(c) for s in view.spots for h in s.hands for c in h.cards}
        dealer = [str(c) for c in view.dealer]
        shown |= {c for i, c in enumerate(dealer) if i != 1 or view.hole_revealed}
        left = Counter(str(c) for c in state.cards_seen)
        left.subtract(str(c) for s in view.spots for h in s.hands for c in h.cards)
        left.subtract(dealer)
        hidden = {c for c, n in left.items() if n > 0}
        if len(dealer) > 1 and not view.hole_revealed:
            hidden.add(dealer[1])
        return hidden - shown
    return set()


def run(game: str, seed: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        hub = LiveTableHub(open_store(f"sqlite:///{Path(tmp) / 'v.db'}"), SeededRngSource(seed))
        seats = [s for s, _, _ in PLAYERS[game]]
        viewers = [(f"player:{s}", s) for s in seats] + [
            ("dealer", None),
            ("surveillance", None),
            ("public", None),
        ]
        open_and_deal(hub, "t", game)
        updates: dict[str, list[Any]] = {v: [] for v, _ in viewers}
        for viewer, _ in viewers:
            hub.subscribe("t", viewer, callback=updates[viewer].append)
        checks = 0

        def check(_result: Any) -> None:
            nonlocal checks
            state = hub.table("t").play.state  # type: ignore[union-attr]
            for viewer, seat in viewers:
                hidden = hidden_from(game, state, seat)
                seen = (
                    codes_in(hub.view("t", viewer))
                    | codes_in(hub.events("t", viewer))
                    | codes_in(updates[viewer][-1:])
                )
                assert not hidden & seen, f"{viewer} received {hidden & seen}"
                checks += 1

        check(None)
        play_out(hub, "t", seed, each=check)
        # every update went to every subscriber, in version order, without gaps
        for viewer, _ in viewers:
            versions = [u["version"] for u in updates[viewer]]
            assert versions == sorted(set(versions))
            assert versions[-1] == hub.table("t").version
        return checks


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), game=st.sampled_from(["twentyone", "threecard21", "poker"]))
def test_no_viewer_receives_a_card_hidden_from_it(seed: int, game: str) -> None:
    assert run(game, seed) > 0


def test_a_player_receives_the_own_poker_hole_cards_and_the_others_as_dealt_face_down(
    sqlite_db: str,
) -> None:
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(3))
    open_and_deal(hub, "p", "poker")
    hub.chance("p", "dealer-1")  # the hole cards
    state = hub.table("p").play.state  # type: ignore[union-attr]
    holes = {p.seat: {str(c) for c in p.hole} for p in state.players}
    for seat in holes:
        seen = codes_in(hub.view("p", f"player:{seat}")) | codes_in(
            hub.events("p", f"player:{seat}")
        )
        assert holes[seat] <= seen
        for other, cards in holes.items():
            if other != seat:
                assert not cards & seen
        notes = [e["note"] for e in hub.events("p", f"player:{seat}") if e.get("hidden")]
        assert notes.count("a card was dealt to seat 4") == (0 if seat == 4 else 2)
    dealer = codes_in(hub.view("p", "dealer")) | codes_in(hub.events("p", "dealer"))
    assert not dealer & set().union(*holes.values())
