"""A live table as the hub caches it (``LiveTable``), what a command answers (``CommandResult``)
and where a table's stream is: the types the hub (``live``) and its parts (``_keying``,
``_fees``) share."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from croupier.core.events import JSON, Event
from croupier.core.protocol import Play, Settlement
from croupier.games.seat_views import Viewer
from croupier.service.tables import unseen
from croupier.service.tables._live_events import VIRTUAL
from croupier.service.tables._live_games import LiveGame

STREAM_PREFIX = "live-"

PUBLIC = Viewer("public")
"""What anyone may see: no hidden card."""


def stream_of(table_id: str, prefix: str = STREAM_PREFIX) -> str:
    """The event stream of a live table (of the organization whose prefix is ``prefix``)."""
    return prefix + table_id


@dataclass(frozen=True, slots=True)
class CommandResult:
    """What a command did: ``accepted`` with the stream's new ``version`` and the events
    appended, or refused (``refusal``, its ``section`` when a rule refused it, ``conflict``
    when another worker changed the table first: reload and try again). A refused command
    appended nothing."""

    accepted: bool
    version: int
    events: tuple[Event, ...] = ()
    refusal: str | None = None
    section: str | None = None
    conflict: bool = False
    settlement: Settlement | None = None


@dataclass
class LiveTable:
    """The hub's cache of one table's stream."""

    table_id: str
    live: LiveGame
    rules: Any
    rules_data: dict[str, JSON]
    version: int = 0
    seats: dict[int, str] = field(default_factory=dict)
    wagers: dict[int, int] = field(default_factory=dict)
    unlawful: set[int] = field(default_factory=set)
    """The seats whose twenty-one wager the dealer accepted though unlawful (-12.11)."""
    round_number: int = 0
    play: Play[Any, Any, Any, Any] | None = None
    round_open: bool = False
    last_parties: dict[str, int] = field(default_factory=dict)
    closed: bool = False
    seated_at: dict[int, int] = field(default_factory=dict)
    """Seat -> the version at which its present occupant sat: what was dealt to the seat
    before is not theirs to see."""
    round_started_at: int = 0
    """The version of the round in progress's ``live.round_started``."""
    mode: str = VIRTUAL
    """``physical`` (chance moves keyed, ``key``) or ``virtual`` (drawn, ``chance``)."""
    books: tuple[str, int] | None = None
    """The books' site and table number this table is (``TableOpened.books_site``)."""
    irregular_at: tuple[int, tuple[tuple[Any, tuple[Event, ...]], ...]] | None = None
    """The irregularities the round accepted at a version (``LiveTableHub.irregularities``)."""
    fees_paid: dict[int, datetime] = field(default_factory=dict)
    """Seat -> the end of the half hours its player has paid for (poker, -09-03.3)."""
    stale: bool = False
    """A command tried a step on the cached play that was not recorded (held, withdrawn)."""
    binding: unseen.Binding = field(default_factory=unseen.Binding)
    """The round's cards bound late: dealt face down unseen, replaced, a command held for a
    card (``service.tables.unseen``)."""
    prefix: str = STREAM_PREFIX
    """Its organization's prefix of live tables' streams (``people.namespace``)."""

    def viewer_at(self, who: Viewer, version: int) -> Viewer:
        """How ``who`` may see an event of ``version``: a player sees a seat's hidden cards
        only from the moment they took it (an earlier occupant's are the public's)."""
        if who.is_player and who.seat is not None and version < self.seated_at.get(who.seat, 0):
            return PUBLIC
        return who

    @property
    def stream(self) -> str:
        return self.prefix + self.table_id

    def seat_of(self, player: str) -> int | None:
        return next((s for s, p in self.seats.items() if p == player), None)
