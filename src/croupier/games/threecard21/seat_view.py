"""What each party at a Three Card 21 "N" Done table may see (N.J.A.C. 13:69F-2C).

* The cards of every betting spot are dealt face upwards (13:69F-2C.6(b), (d)1, 3, 5; hit and
  double-down cards too, 2C.6(k), 2C.9(b)): everyone at the table sees them.
* The dealer's first card is dealt face upwards (2C.6(d)2); the second is "one face-down card
  to the dealer" (2C.6(d)4), the hole card, hidden from every viewer (the dealer's console and
  surveillance included: a card reader only says whether it makes a blackjack, 2C.6(i)) until
  the dealer reveals it (2C.6(i), (k)). Further dealer cards are dealt face upwards (2C.6(k)).
* A burn card goes "face downwards" to the discard rack (2C.6(c)); it is "disclosed if
  requested by a player", a request this system does not take, so it stays hidden. The shoe's
  undealt cards are never part of a view.

Money in dollars. See ``croupier.games.seat_views`` for the viewers.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.events import JSON, Event
from croupier.games.seat_views import Viewer, card_code, hidden_event, money, parse_viewer
from croupier.games.threecard21.events import ActionTaken, CardBurned, CardDealt
from croupier.games.threecard21.state import Round

__all__ = ["redact_event", "seat_view", "visible_events"]

HOLE = 1
"""The dealer's second card is the face-down hole card (2C.6(d)4)."""


def dealer_card_visible(index: int, hole_revealed: bool) -> bool:
    """Every dealer card but the hole card is dealt face upwards (2C.6(d)2, (k)); the hole card
    is seen once revealed (2C.6(i), (k))."""
    return index != HOLE or hole_revealed


def seat_view(state: Round, viewer: str | Viewer) -> dict[str, JSON]:
    """The round as ``viewer`` may see it."""
    who = parse_viewer(viewer)
    view = state.view()
    dealer = [
        card_code(c, dealer_card_visible(i, view.hole_revealed)) for i, c in enumerate(view.dealer)
    ]
    spots = [
        {
            "space": s.space,
            "players": list(s.players),
            "mine": who.owns(s.space),
            "wagers": [money(w) for w in s.wagers],
            "dead": s.dead,
            "hands": [  # 2C.6(b), (d): face upwards
                {"cards": [str(c) for c in h.cards], "total": h.total, "done": h.done}
                for h in s.hands
            ],
        }
        for s in view.spots
    ]
    return {
        "game": "threecard21",
        "viewer": str(who),
        "phase": view.phase.value,
        "dealer": {"cards": dealer, "hole_revealed": view.hole_revealed},
        "spots": spots,
        "bonus": {str(k): v for k, v in view.bonus.items()},
        "results": [
            {
                "space": r.space,
                "hand": r.hand,
                "kind": r.kind,
                "stake": money(r.stake),
                "result": r.result.value,
                "net": money(r.net),
                "player": r.player,
            }
            for r in view.results
        ],
    }


def redact_event(event: Event, viewer: str | Viewer) -> dict[str, JSON]:
    """``event`` as ``viewer`` may receive it: the face-down hole card (2C.6(d)4) and burn
    cards (2C.6(c)) lose their value ("a card was dealt face down to the dealer", "a card was
    burned"); the card inside a recorded action is never sent (the ``card_dealt`` event says
    where it went, and which card when face up); the revealed hole card arrives in
    ``hole_card_revealed`` (2C.6(i), (k))."""
    parse_viewer(viewer)
    data = event.to_dict()
    if isinstance(event, CardDealt) and not event.face_up:
        return hidden_event(
            event,
            "a card was dealt face down to the dealer",
            space=event.space,
            hand=event.hand,
            card=None,
            face_up=False,
        )
    if isinstance(event, CardBurned):
        return hidden_event(event, "a card was burned", card=None, reason=event.reason)
    if isinstance(event, ActionTaken) and "card" in event.detail:
        detail = dict(event.detail)
        detail["card"] = None
        data["detail"] = detail
        return data
    return data


def visible_events(events: Sequence[Event], viewer: str | Viewer) -> list[dict[str, JSON]]:
    """Each event as ``viewer`` may receive it (``redact_event``), in order."""
    who = parse_viewer(viewer)
    return [redact_event(e, who) for e in events]
