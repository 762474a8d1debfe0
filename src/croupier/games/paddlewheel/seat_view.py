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
from croupier.games.seat_views import Viewer, money, parse_viewer

__all__ = ["redact_event", "seat_view", "visible_events"]


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
