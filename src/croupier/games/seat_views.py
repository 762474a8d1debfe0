"""Who is looking at a live table, and the helpers every game's ``seat_view`` module shares.

A viewer is one of ``dealer``, ``surveillance``, ``player:<seat>`` or ``public``
(``parse_viewer``). Each game says what each viewer may see in
``croupier.games.<game>.seat_view``: ``seat_view(state, viewer)`` (the table as that viewer may
see it, plain JSON, money in dollars) and ``visible_events(events, viewer)`` (the events as that
viewer may receive them, a hidden card replaced by a note such as "a card was dealt to seat 3").
Redaction is decided event by event, from the event alone: a card is either shown in the event
that deals or exposes it, or it is hidden there and shown later by the event that turns it up.

Pure: no I/O. Readings where the rules are silent: ``docs/interpretations/seat-views.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.core.names import ascii_digits

ROLES: Final = ("dealer", "surveillance", "player", "public")
HIDDEN: Final = None
"""What a hidden card becomes in a view or an event (JSON ``null``)."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: ``role`` (``dealer``, ``surveillance``, ``player``, ``public``) and, for a
    player, the seat (betting space) the player sits at."""

    role: str
    seat: int | None = None

    @property
    def is_player(self) -> bool:
        return self.role == "player"

    @property
    def staff(self) -> bool:
        """The dealer or surveillance (surveillance sees what the dealer sees)."""
        return self.role in ("dealer", "surveillance")

    def owns(self, seat: int | None) -> bool:
        """The viewer is the player at ``seat``."""
        return self.role == "player" and seat is not None and self.seat == seat

    def __str__(self) -> str:
        return f"player:{self.seat}" if self.role == "player" else self.role


def parse_viewer(viewer: str | Viewer) -> Viewer:
    """``dealer``, ``surveillance``, ``public`` or ``player:<seat>``; anything else is refused."""
    if isinstance(viewer, Viewer):
        if viewer.role not in ROLES or (viewer.role == "player") != (viewer.seat is not None):
            raise InvalidInput(f"not a viewer: {viewer!r}")
        return viewer
    if not isinstance(viewer, str):
        raise InvalidInput(f"a viewer is a string such as 'player:3', got {viewer!r}")
    text = viewer.strip().lower()
    if text in ("dealer", "surveillance", "public"):
        return Viewer(text)
    role, _, seat = text.partition(":")
    if role == "player" and ascii_digits(seat) and int(seat) > 0:
        return Viewer("player", int(seat))
    raise InvalidInput(
        f"unknown viewer {viewer!r}: use dealer, surveillance, public or player:<seat number>"
    )


def money(cents: int) -> str:
    """Cents as the dollars a person reads (``$12.50``)."""
    return format_money(cents)


def card_code(card: Card | None, visible: bool) -> str | None:
    """The card's code when the viewer may see it, else ``None``."""
    return str(card) if visible and card is not None else HIDDEN


def cards(codes: Iterable[Card | None], visible: bool) -> list[str | None]:
    return [card_code(c, visible) for c in codes]


def hidden_event(event: Event, note: str, **kept: JSON) -> dict[str, JSON]:
    """An event whose cards the viewer may not see: its type, the fields ``kept`` and a note
    saying what happened without saying which card."""
    data: dict[str, JSON] = {"type": event.TYPE, "hidden": True, "note": note}
    data.update(kept)
    return data


def without_card(data: Mapping[str, JSON], *fields: str) -> dict[str, JSON]:
    """``data`` with the named card fields set to ``None``."""
    out = dict(data)
    for name in fields:
        if name in out:
            out[name] = HIDDEN
    return out
