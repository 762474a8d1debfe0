"""What each party at a North Dakota poker table may see (99-01.3-09).

* A player's hole cards are the player's own (hold'em and Omaha deal them face down,
  99-01.3-09-05.5, -05.6): seen by that player only, not by the other players, the dealer or
  surveillance, until they are shown at the showdown (-04.24: "the remaining players show their
  cards"), exposed to another active player during the hand (-04.21: every player then has the
  right to see them), or exposed as they are dealt (-04.12) or found faced in the deck (-04.22),
  when the card is dead and on the table for all to see.
* The board (the community cards) is dealt face up for everyone (-05.5, -05.6).
* A burn card (-04.14) is face down: hidden from everyone. A hand discarded without being shown
  stays unseen (-04.24: "a player may discard a hand without showing it"). The deck's undealt
  cards are never part of a view.

Money in dollars. See ``croupier.games.seat_views`` for the viewers.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.events import JSON, Event
from croupier.games.poker.actions import ActionKind
from croupier.games.poker.events import ActionTaken, CardDealt, PotAwarded
from croupier.games.poker.hand import Hand
from croupier.games.poker.table import Player
from croupier.games.seat_views import Viewer, cards, hidden_event, money, parse_viewer, without_card

__all__ = ["hole_visible", "redact_event", "seat_view", "visible_events"]


def hole_visible(hand: Hand, player: Player, viewer: Viewer) -> bool:
    """A player's hole cards are seen by the player (-05.5, -05.6), by everyone once shown at
    the showdown (-04.24) or exposed to another active player (-04.21)."""
    return viewer.owns(player.seat) or player.shown or player.seat in hand.exposed_hands


def seat_view(state: Hand, viewer: str | Viewer) -> dict[str, JSON]:
    """The hand as ``viewer`` may see it."""
    who = parse_viewer(viewer)
    seats = []
    for p in state.players:
        seats.append(
            {
                "seat": p.seat,
                "player": p.name,
                "mine": who.owns(p.seat),
                "stack": money(p.stack),
                "bet": money(p.bet),
                "folded": p.folded,
                "dead": p.dead,
                "all_in": p.all_in,
                "shown": p.shown,
                "cards_held": len(p.hole),
                "hole": cards(p.hole, hole_visible(state, p, who)),
            }
        )
    return {
        "game": "poker",
        "viewer": str(who),
        "phase": state.phase.value,
        "street": state.street,
        "button": state.players[state.button].seat,
        "board": cards(state.board, True),  # -05.5, -05.6: community cards face up
        "burned": len(state.burned),  # -04.14: face down
        "dead": cards(state.dead_cards, True),  # exposed (-04.12) or faced (-04.22) cards
        "pot": money(state.pot),
        "seats": seats,
        # -04.26: the pots awarded at the end of the hand, each to its winner(s), in public
        "awards": [
            {
                "pot": e.pot,
                "half": e.half,
                "amount": money(e.amount),
                "seats": list(e.seats),
                "shares": [money(x) for x in e.shares],
            }
            for e in state.events
            if isinstance(e, PotAwarded)
        ],
    }


def redact_event(event: Event, viewer: str | Viewer) -> dict[str, JSON]:
    """``event`` as ``viewer`` may receive it: a hole card (or its replacement) dealt to
    another seat becomes "a card was dealt to seat N" (-05.5, -05.6); a burn card "a card was
    burned" (-04.14); the card inside a recorded chance action is never sent (its
    ``card_dealt`` event says where it went). Shown (-04.24) and exposed (-04.12, -04.21,
    -04.22) cards are public, as is the board."""
    who = parse_viewer(viewer)
    data = event.to_dict()
    if isinstance(event, CardDealt):
        if event.to == "board":
            return data
        if event.to == "burn":
            return hidden_event(event, "a card was burned", to=event.to, seat=None, card=None)
        if who.owns(event.seat):
            return data
        return hidden_event(
            event, f"a card was dealt to seat {event.seat}", to=event.to, seat=event.seat, card=None
        )
    if isinstance(event, ActionTaken) and event.action.kind is ActionKind.CARD:
        action = data["action"]
        assert isinstance(action, dict)
        data["action"] = without_card(action, "card")
        return data
    return data


def visible_events(events: Sequence[Event], viewer: str | Viewer) -> list[dict[str, JSON]]:
    """Each event as ``viewer`` may receive it (``redact_event``), in order."""
    who = parse_viewer(viewer)
    return [redact_event(e, who) for e in events]
