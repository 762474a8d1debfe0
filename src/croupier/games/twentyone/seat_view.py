"""What each party at a North Dakota twenty-one table may see (99-01.3-08).

* Every card dealt to a betting space is dealt face upwards (99-01.3-08-10.1 and -10.2; a
  split hand's, a double-down's and a hit card face upwards too, -11.4.a, -11.4.b, -11.5), so
  every player's cards are seen by everyone at the table, dealer and surveillance included.
* The dealer's face-down card (the hole card of the hole-card-no-peek and the
  card-reading-device methods, -10.1.a(2)/(4), -10.1.c(2)/(4)) is hidden from every viewer until
  the dealer turns it up (-11.10). The dealer "may not look at the face of a hole card" before
  then (-10.1.a), and the reading device only says whether the hand is a natural (-10.3), so the
  dealer's console and surveillance (who see what the dealer sees) do not show it either.
* A burned card is removed "face downwards and without showing its value" (-08.3): hidden from
  everyone. The shoe's undealt cards are never part of a view (the round holds no shoe order).
* What the table says aloud (the up card, -11.1; "dealer turns up ..." and the totals, -11.10)
  and the cards played back after a round (-11.17, -12.12) are public.

Money in dollars. See ``croupier.games.seat_views`` for the viewers.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.events import JSON, Event
from croupier.games.seat_views import (
    Viewer,
    card_code,
    hidden_event,
    money,
    parse_viewer,
    without_card,
)
from croupier.games.twentyone.actions import ActionKind
from croupier.games.twentyone.events import ActionRecorded, CardBurned, CardDealt
from croupier.games.twentyone.hand import total
from croupier.games.twentyone.state import Round

__all__ = ["redact_event", "seat_view", "visible_events"]


def dealer_card_visible(face_up: bool) -> bool:
    """A dealer's card is seen by every viewer once it is face up, by none before
    (99-01.3-08-10.1.a, -10.1.c, -10.3, -11.10)."""
    return face_up


def seat_view(state: Round, viewer: str | Viewer) -> dict[str, JSON]:
    """The round as ``viewer`` may see it."""
    who = parse_viewer(viewer)
    dealer = [
        card_code(c, dealer_card_visible(up))
        for c, up in zip(state.dealer_cards, state.dealer_faces, strict=True)
    ]
    shown = [c for c, up in zip(state.dealer_cards, state.dealer_faces, strict=True) if up]
    spaces = []
    for seat in state.ordered_seats():
        spaces.append(
            {
                "space": seat.space,
                "player": seat.name,
                "mine": who.owns(seat.space),
                "active": seat.active,
                "wager": money(seat.stake),
                "tip": money(seat.tip),
                "insurance": money(seat.insurance),
                "hands": [
                    {
                        # -10.2, -11.4, -11.5: player cards are dealt face upwards
                        "cards": [str(c) for c in h.cards],
                        "total": h.total,
                        "done": h.done,
                        "wager": money(h.wager),
                    }
                    for h in seat.hands
                ],
            }
        )
    return {
        "game": "twentyone",
        "viewer": str(who),
        "phase": state.phase.value,
        "method": state.method.value,
        "dealer": {
            "cards": dealer,
            "shown_total": total(shown) if shown else None,
        },
        "spaces": spaces,
        "burned": len(state.burned),  # -08.3: face down, never their values
        "results": [
            {
                "space": r.space,
                "kind": r.kind,
                "stake": money(r.stake),
                "result": r.outcome.value,
                "net": money(r.net),
                "section": r.section,
            }
            for r in state.results
        ],
    }


def redact_event(event: Event, viewer: str | Viewer) -> dict[str, JSON]:
    """``event`` as ``viewer`` may receive it.

    A face-down card (the hole card, a burned card: -10.1, -08.3) becomes "a card was dealt"
    without its value for every viewer; the turned-up hole card arrives in the dealer's
    announcement (-11.10). The card inside a recorded chance action is never sent: the
    ``card_dealt`` event that follows it says where the card went and, if it is face up,
    which card it is."""
    parse_viewer(viewer)
    data = event.to_dict()
    if isinstance(event, CardDealt):
        if event.face_up:
            return data
        if event.recipient == "dealer":
            note = "a card was dealt face down to the dealer"
        elif event.space is not None:
            note = f"a card dealt to space {event.space} was burned"
        else:
            note = "a card was burned"
        return hidden_event(
            event,
            note,
            card=None,
            recipient=event.recipient,
            space=event.space,
            hand=event.hand,
            face_up=False,
            purpose=event.purpose,
        )
    if isinstance(event, CardBurned):  # -08.3
        return without_card(data, "card")
    if isinstance(event, ActionRecorded) and event.action.kind is ActionKind.CARD:
        action = data["action"]
        assert isinstance(action, dict)
        data["action"] = without_card(action, "card")
        return data
    return data


def visible_events(events: Sequence[Event], viewer: str | Viewer) -> list[dict[str, JSON]]:
    """Each event as ``viewer`` may receive it (``redact_event``), in order."""
    who = parse_viewer(viewer)
    return [redact_event(e, who) for e in events]
