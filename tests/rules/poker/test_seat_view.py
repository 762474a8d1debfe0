"""Who sees what at a poker table (99-01.3-09-05.5, -05.6, -04.14, -04.24): over random legal
hands, a player's view and event stream never show another seat's unshown hole card or a burn
card, checked against the hand's own cards, not through the views."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import parse_card
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.poker.actions import card
from croupier.games.poker.game import GAME, Setup
from croupier.games.poker.hand import Hand
from croupier.games.poker.seat_view import seat_view, visible_events
from croupier.games.poker.table import SeatSpec

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def codes_in(text: str) -> set[str]:
    """Every card code written in ``text`` (a rank and a suit standing alone)."""
    return set(CARD.findall(text))


def shows(text: str, code: str) -> bool:
    return code in codes_in(text)


def unseen_by(hand: Hand, seat: int | None) -> set[str]:
    """Cards the player at ``seat`` (None: anyone but a player) has not been shown: other
    seats' hole cards not tabled at the showdown nor exposed, and the burn cards."""
    out = {str(c) for c in hand.burned if c is not None}
    for p in hand.players:
        if p.seat != seat and not p.shown and p.seat not in hand.exposed_hands:
            out |= {str(c) for c in p.hole if c is not None}
    return out


def check(hand: Hand, events: list[Any]) -> None:
    seats = [p.seat for p in hand.players]
    for viewer, seat in [("dealer", None), ("surveillance", None), ("public", None)] + [
        (f"player:{s}", s) for s in seats
    ]:
        text = json.dumps(seat_view(hand, viewer)) + json.dumps(visible_events(events, viewer))
        leaked = unseen_by(hand, seat) & codes_in(text)
        assert not leaked, f"{viewer} sees {leaked}"
        if seat is not None:  # the player's own cards and the board are there
            own = next(p for p in hand.players if p.seat == seat)
            view = json.dumps(seat_view(hand, viewer))
            for c in [*own.hole, *hand.board]:
                assert c is None or shows(view, str(c))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(["holdem", "omaha"]))
def test_99_01_3_09_05_5_hole_cards_are_seen_only_by_their_player_until_shown(
    seed: int, variant: str
) -> None:
    rules = GAME.parse_rules({"variant": variant})
    rng = SeededRng(seed)
    play = Play(GAME, rules, GAME.random_setup(rules, rng))
    for _ in range(500):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is PendingKind.CHANCE:
            play.apply(GAME.chance(play.state, rng))
        else:
            options = play.legal_actions()
            play.apply(options[rng.randbelow(len(options))])
        check(play.state, play.events)


def test_99_01_3_09_04_14_a_dealt_hole_card_reaches_only_its_player_and_burns_nobody() -> None:
    rules = GAME.parse_rules({})
    play = Play(GAME, rules, Setup((SeatSpec(1, 2000, "a"), SeatSpec(2, 2000, "b")), 1))
    for text in ("2c", "3d", "4h", "5s"):
        play.apply(card(parse_card(text)))
    holes = {p.seat: [str(c) for c in p.hole] for p in play.state.players}
    for seat in (1, 2):
        view = seat_view(play.state, f"player:{seat}")
        mine = next(s for s in view["seats"] if s["seat"] == seat)
        other = next(s for s in view["seats"] if s["seat"] != seat)
        assert mine["hole"] == holes[seat]
        assert other["hole"] == [None, None]
        dealt = [e for e in visible_events(play.events, f"player:{seat}") if "to" in e]
        for e in dealt:
            assert (e["card"] is not None) == (e["seat"] == seat)
            if e["card"] is None:
                assert e["note"] == f"a card was dealt to seat {e['seat']}"
    assert all(s["hole"] == [None, None] for s in seat_view(play.state, "dealer")["seats"])
