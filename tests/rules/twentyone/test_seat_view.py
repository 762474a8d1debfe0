"""Who sees what at a twenty-one table (99-01.3-08-10.1, -10.2, -08.3, -11.10): over random
legal rounds, no view or redacted event stream shows a face-down card (the hole card before it
is turned, a burned card), checked against the round's own cards, not through the views."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.twentyone.actions import ActionKind, SeatWager
from croupier.games.twentyone.events import CardDealt
from croupier.games.twentyone.game import GAME, Setup
from croupier.games.twentyone.rules import rules_from_dict
from croupier.games.twentyone.seat_view import seat_view, visible_events
from croupier.games.twentyone.state import Round

VIEWERS = ["dealer", "surveillance", "public", "player:1", "player:3", "player:5"]
METHODS = ["hole-card-no-peek", "no-hole-card", "hole-card-with-card-reading-device"]


CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def codes_in(text: str) -> set[str]:
    """Every card code written in ``text`` (a rank and a suit standing alone)."""
    return set(CARD.findall(text))


def shows(text: str, code: str) -> bool:
    return code in codes_in(text)


def face_down_and_face_up(state: Round) -> tuple[set[str], set[str]]:
    """The codes of the cards face down now (dealer's face-down cards, burned cards) and of
    those face up (the spaces' cards, the dealer's face-up cards), from the round's data."""
    faces = zip(state.dealer_cards, state.dealer_faces, strict=True)
    down = Counter(str(c) for c, up in faces if not up)
    down.update(str(c) for c in state.burned)
    up = {str(c) for s in state.seats.values() for h in s.hands for c in h.cards}
    up |= {str(c) for c, f in zip(state.dealer_cards, state.dealer_faces, strict=True) if f}
    return set(down) - up, up


def check(state: Round, events: list[Any]) -> None:
    hidden, shown = face_down_and_face_up(state)
    for viewer in VIEWERS:
        text = json.dumps(seat_view(state, viewer)) + json.dumps(visible_events(events, viewer))
        leaked = hidden & codes_in(text)
        assert not leaked, f"{viewer} sees face-down {leaked}"
        view = json.dumps(seat_view(state, viewer))
        missing = shown - codes_in(view)
        assert not missing, f"{viewer} misses face-up {missing}"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), method=st.sampled_from(METHODS))
def test_99_01_3_08_10_1_no_viewer_ever_sees_a_face_down_card(seed: int, method: str) -> None:
    rules = GAME.parse_rules({"dealing_method": method, "decks": 6})
    rng = SeededRng(seed)
    play = Play(GAME, rules, GAME.random_setup(rules, rng))
    check(play.state, list(play.state.opening))
    for _ in range(300):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is PendingKind.CHANCE:
            play.apply(GAME.chance(play.state, rng))
        else:
            options = play.legal_actions()
            play.apply(options[rng.randbelow(len(options))])
        check(play.state, play.events)


def hole_card_round() -> tuple[Play[Any, Any, Any, Any], str]:
    rules = rules_from_dict({"dealing_method": "hole-card-no-peek", "decks": 6})
    play = Play(GAME, rules, Setup((SeatWager(3, 1000),)))
    from croupier.core.cards import parse_card
    from croupier.games.twentyone.actions import Action, card

    play.apply(Action(ActionKind.DEAL))
    for text in ("7c", "9d", "Th", "Qs"):  # space 3, dealer up, space 3, dealer's hole card
        play.apply(card(parse_card(text)))
    return play, "Qs"


def test_99_01_3_08_10_1_a_the_hole_card_is_a_card_dealt_face_down_until_turned_up() -> None:
    play, hole = hole_card_round()
    dealt = [e for e in visible_events(play.events, "player:3") if e["type"] == CardDealt.TYPE]
    assert [e["card"] for e in dealt] == ["7c", "9d", "Th", None]
    assert dealt[-1]["note"] == "a card was dealt face down to the dealer"
    for viewer in ("dealer", "surveillance", "player:3", "public"):
        assert seat_view(play.state, viewer)["dealer"]["cards"] == ["9d", None]
        assert not shows(json.dumps(visible_events(play.events, viewer)), hole)
    from croupier.games.twentyone.actions import decide

    play.apply(decide(ActionKind.STAND, 3))  # -11.10: the dealer turns the hole card up
    for viewer in ("dealer", "player:3", "public"):
        assert seat_view(play.state, viewer)["dealer"]["cards"] == ["9d", "Qs"]
        assert shows(json.dumps(visible_events(play.events, viewer)), hole)


def test_99_01_3_08_10_2_a_players_cards_are_face_up_for_everyone() -> None:
    play, _ = hole_card_round()
    for viewer in ("player:1", "public", "dealer"):
        spaces = seat_view(play.state, viewer)["spaces"]
        assert spaces[0]["hands"][0]["cards"] == ["7c", "Th"]
        assert spaces[0]["mine"] is (viewer == "player:3")
