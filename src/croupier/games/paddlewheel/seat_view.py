"""What each party at a North Dakota paddlewheel table may see (99-01.3-11, table method).

A paddlewheel has no hidden information: the wheel, the layout and the chips on it are in
plain view of the players, the wheel operator and the surveillance camera (99-01.3-11-03), and
the paddlewheel's result exists only once the wheel stops (-05: bets close, the wheel is spun,
the result is the number the pointer indicates). So every viewer gets the same view and the
same events; the result appears only in the events of the spin (``wheel_stopped``), never
before it, because no state holds a result before the chance actor spins.

Money in dollars. See ``croupier.games.seat_views`` for the viewers.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.events import JSON, Event
from croupier.games.paddlewheel.table import Table
from croupier.games.paddlewheel.tickets import CardPlay
from croupier.games.seat_views import Viewer, money, parse_viewer

__all__ = [
    "redact_event",
    "seat_view",
    "ticket_redact_event",
    "ticket_seat_view",
    "visible_events",
]


def seat_view(state: Table, viewer: str | Viewer) -> dict[str, JSON]:
    """The table as ``viewer`` may see it: everything on it (-03), the result once spun (-05)."""
    who = parse_viewer(viewer)
    d = state.data
    last = d.spins[-1] if d.spins and state.spun else None
    return {
        "game": "paddlewheel",
        "viewer": str(who),
        "phase": d.phase.value,
        "spin": d.spin,
        "seats": [
            {
                "seat": n,
                "player": s.player,
                "mine": who.owns(n),
                "color": s.color,
                "rail": s.rail,
            }
            for n, s in sorted(d.seats.items())
        ],
        "layout": [
            {"seat": seat, "spot": spot, "chips": chips}
            for (seat, spot), chips in sorted(d.layout.items())
        ],
        "result": None if last is None else last.get("result"),
        "results": [
            {
                "seat": w.space,
                "kind": w.kind,
                "stake": money(w.stake),
                "result": w.result.value,
                "net": money(w.net),
            }
            for w in d.wagers
        ],
    }


def redact_event(event: Event, viewer: str | Viewer) -> dict[str, JSON]:
    """Every paddlewheel event is public (nothing at the table is hidden, -03, -05)."""
    parse_viewer(viewer)
    return event.to_dict()


def visible_events(events: Sequence[Event], viewer: str | Viewer) -> list[dict[str, JSON]]:
    """Each event as ``viewer`` may receive it: all of them, unchanged."""
    who = parse_viewer(viewer)
    return [redact_event(e, who) for e in events]


def ticket_seat_view(state: CardPlay, viewer: str | Viewer) -> dict[str, JSON]:
    """A ticket card as ``viewer`` may see it (-02): the card, its price, the tickets sold and to
    whom, the prize being spun for and the winning ticket. Nothing on a ticket card is hidden:
    the tickets are sold openly, the wheel is spun in plain view (-02.3) and the winner is
    announced to claim the prize (-02.6)."""
    who = parse_viewer(viewer)
    d = state.data
    rules = state.rules
    last = d.spins[-1] if d.spins else None
    return {
        "game": "paddlewheel-tickets",
        "viewer": str(who),
        "phase": d.phase.value,
        "card": state.card_number,
        "serial": state.serial_number,
        "date": state.date,
        "price": money(rules.flare.price_per_ticket),
        "tickets": len(rules.tickets),
        "sold": [
            {"ticket": t, "player": p, "price": money(price)}
            for t, (p, price) in sorted(d.sold.items())
        ],
        "prize": d.prize + 1 if d.prize < len(rules.prizes) else None,
        "prizes": len(rules.prizes),
        "winner": None if d.winner is None else {"ticket": d.winner[0], "player": d.winner[1]},
        "last_spin": last,
        "claim_limit_minutes": rules.claim_limit_minutes,
        "presence_required": rules.presence_required,
        "won": {str(t): money(v) for t, v in sorted(d.won.items())},
        "records": list(d.records),
    }


def ticket_redact_event(event: Event, viewer: str | Viewer) -> dict[str, JSON]:
    """A ticket card's event as ``viewer`` may receive it: all of it (nothing is hidden)."""
    parse_viewer(viewer)
    return event.to_dict()
