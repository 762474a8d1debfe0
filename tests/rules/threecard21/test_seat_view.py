"""Who sees what at a Three Card 21 "N" Done table (13:69F-2C.6(b)-(d), (i), (k), 2C.6(c)):
over random legal rounds no view or redacted event stream shows the dealer's face-down hole
card before it is revealed, nor a burn card, checked against the round's own cards."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.threecard21.events import CardDealt
from croupier.games.threecard21.game import GAME
from croupier.games.threecard21.seat_view import seat_view, visible_events
from croupier.games.threecard21.state import Round

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
VIEWERS = ["dealer", "surveillance", "public", "player:1", "player:2", "player:4"]


def codes_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def hidden_and_shown(state: Round) -> tuple[set[str], set[str]]:
    """The hole card while unrevealed and every burned card (the cards out of the shoe that
    are in no hand), against the face-up cards of the spots and the dealer."""
    view = state.view()
    shown = {str(c) for s in view.spots for h in s.hands for c in h.cards}
    dealer = [str(c) for c in view.dealer]
    shown |= {c for i, c in enumerate(dealer) if i != 1 or view.hole_revealed}
    out = Counter(str(c) for c in state.cards_seen)
    out.subtract(str(c) for s in view.spots for h in s.hands for c in h.cards)
    out.subtract(dealer)
    hidden = {c for c, n in out.items() if n > 0}
    if len(dealer) > 1 and not view.hole_revealed:
        hidden.add(dealer[1])
    return hidden - shown, shown


def check(state: Round, events: list[Any]) -> None:
    hidden, shown = hidden_and_shown(state)
    for viewer in VIEWERS:
        view = json.dumps(seat_view(state, viewer))
        text = view + json.dumps(visible_events(events, viewer))
        assert not hidden & codes_in(text), f"{viewer} sees {hidden & codes_in(text)}"
        assert not shown - codes_in(view), f"{viewer} misses {shown - codes_in(view)}"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_13_69f_2c_6_d_the_hole_card_and_burn_cards_are_seen_by_nobody(seed: int) -> None:
    rules = GAME.parse_rules({})
    rng = SeededRng(seed)
    play = Play(GAME, rules, GAME.random_setup(rules, rng))
    revealed_seen = False
    for _ in range(400):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is PendingKind.CHANCE:
            play.apply(GAME.chance(play.state, rng))
        else:
            options = play.legal_actions()
            play.apply(options[rng.randbelow(len(options))])
        check(play.state, play.events)
        revealed_seen |= play.state.view().hole_revealed
    down = [e for e in visible_events(play.events, "player:1") if e["type"] == CardDealt.TYPE]
    assert any(e.get("hidden") for e in down) or not play.state.view().dealer
