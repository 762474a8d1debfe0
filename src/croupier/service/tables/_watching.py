"""What the live-table hub shows (issue 27): each viewer's view of a table, the events as a
viewer may receive them, the irregularities a dealer may record, and the subscriptions that
deliver every update to each viewer. ``LiveTableHub`` takes it in; its commands live in
``live`` and change the tables this part only reads."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.core.protocol import PendingKind
from croupier.games.seat_views import Viewer, parse_viewer
from croupier.service.people.namespace import LIVE, Namespace
from croupier.service.tables._live_events import PHYSICAL
from croupier.service.tables._live_table import PUBLIC, LiveTable
from croupier.service.tables.fanout import EVERY, Fanout, Notice
from croupier.store import EventStore

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    pass


@dataclass
class Subscription:
    """One viewer's updates of one table: put on ``queue`` (an asyncio queue) and/or passed to
    ``callback``; ``version`` is the last version delivered (a reconnecting browser resumes
    from it with ``LiveTableHub.updates``)."""

    hub: Watching
    table_id: str
    viewer: Viewer
    callback: Callable[[dict[str, JSON]], None] | None = None
    queue: asyncio.Queue[dict[str, JSON]] | None = None
    version: int = 0
    person: str | None = None
    """Who holds the seat of a player viewer: if they leave it, the subscription sees what
    the public sees from then on."""
    with_events: bool = True
    """Whether each update carries the new events, redacted for the viewer: a page's socket
    shows the console made from the view and has no use for them (each would be redacted, or
    read back from the store, for nothing)."""

    def close(self) -> None:
        self.hub.unsubscribe(self)


class Watching:
    """The views and subscriptions of ``LiveTableHub``."""

    if TYPE_CHECKING:
        store: EventStore
        namespace: Namespace
        publish: Callable[[Notice], None] | None
        _tables: dict[str, LiveTable]
        _subscribers: dict[str, list[Subscription]]

        def table(self, table_id: str) -> LiveTable: ...

        def _fees_due(self, table: LiveTable) -> list[int]: ...

    # -- reading -------------------------------------------------------------------------------

    def view(self, table_id: str, viewer: str | Viewer) -> dict[str, JSON]:
        """The table as ``viewer`` may see it, money in dollars."""
        return self._view(self.table(table_id), parse_viewer(viewer))

    def _view(self, table: LiveTable, who: Viewer) -> dict[str, JSON]:
        play = table.play
        pending: dict[str, JSON] | None = None
        state: JSON = None
        if play is not None:
            p = play.pending
            pending = {"kind": p.kind.value, "seat": p.seat, "hand": p.hand, "detail": p.detail}
            # a player who sat after this round began sees it as the public does
            round_viewer = table.viewer_at(who, table.round_started_at)
            state = table.live.seat_view(play.state, str(round_viewer))
        return {
            "table": table.table_id,
            "game": table.live.name,
            "mode": table.mode,
            "books_table": None
            if table.books is None
            else f"{table.books[0]} table {table.books[1]}",
            "version": table.version,
            "viewer": str(who),
            "closed": table.closed,
            "seats": {str(s): p for s, p in sorted(table.seats.items())},
            "wagers": {str(s): format_money(c) for s, c in sorted(table.wagers.items())},
            "round": table.round_number,
            "round_open": table.round_open,
            "pending": pending,
            "your_turn": bool(
                pending is not None
                and who.is_player
                and pending["kind"] == PendingKind.SEAT.value
                and pending["seat"] == who.seat
            ),
            "state": state,
            "held": _held_view(table),
            "face_down_due": bool(
                play is not None
                and table.mode == PHYSICAL
                and table.round_open
                and table.binding.held is None
                and play.pending.kind is PendingKind.CHANCE
                and table.live.face_down is not None
                and table.live.face_down(play.state)
            ),
            "unseen": len(table.binding.unseen),
            "fees": {
                str(s): end.astimezone().strftime("%H:%M")
                for s, end in sorted(table.fees_paid.items())
            },
            "fee": None if table.live.fee is None else format_money(table.live.fee(table.rules)),
            "fees_due": self._fees_due(table) if table.mode == PHYSICAL else [],
            "last_settlement": {k: format_money(v) for k, v in sorted(table.last_parties.items())},
        }

    def irregularities(self, table_id: str) -> list[tuple[Any, tuple[Event, ...]]]:
        """The irregularities the round would accept now, each with the events (the remedy
        and its section) recording it would cause; empty with no round in play."""
        table = self.table(table_id)
        if table.play is None or not table.round_open:
            return []
        # each candidate is tried on a replay of the round (``Play.irregularities``): most of
        # a dealer's view; the answer holds until the table's version moves
        cached = table.irregular_at
        if cached is not None and cached[0] == table.version:
            return list(cached[1])
        found = table.play.irregularities()
        table.irregular_at = (table.version, tuple(found))
        return found

    def legal_actions(self, table_id: str) -> Sequence[Any]:
        """The actions the party to act may take now (empty when chance or nobody acts)."""
        table = self.table(table_id)
        if table.play is None or not table.round_open:
            return ()
        return table.play.legal_actions()

    def events(self, table_id: str, viewer: str | Viewer, after: int = 0) -> list[dict[str, JSON]]:
        """The table's events after version ``after``, as ``viewer`` may receive them, each
        with its ``version``."""
        who = parse_viewer(viewer)
        table = self.table(table_id)
        out = []
        for record in self.store.read(table.stream, after=after):
            if record.event is None:  # pragma: no cover - ``read`` decodes every event
                continue
            data = table.live.redact_event(record.event, str(table.viewer_at(who, record.seq)))
            data["version"] = record.seq
            out.append(data)
        return out

    def updates(self, table_id: str, viewer: str | Viewer, after: int) -> dict[str, JSON]:
        """One update for ``viewer``: the events after ``after`` (redacted) and the view now."""
        who = parse_viewer(viewer)
        return {
            "table": table_id,
            "events": list(self.events(table_id, who, after)),
            "view": self.view(table_id, who),
        }

    # -- subscribers ---------------------------------------------------------------------------

    def subscribe(
        self,
        table_id: str,
        viewer: str | Viewer,
        callback: Callable[[dict[str, JSON]], None] | None = None,
        queue: asyncio.Queue[dict[str, JSON]] | None = None,
        after: int | None = None,
        with_events: bool = True,
    ) -> Subscription:
        """Deliver every update of ``table_id`` to ``viewer`` from version ``after`` (now by
        default; a reconnecting browser passes the last version it saw). A player viewer is
        the seat's present occupant: events before they sat are redacted as for the public,
        and if they leave the seat the subscription sees what the public sees."""
        who = parse_viewer(viewer)
        table = self.table(table_id)
        person = table.seats.get(who.seat) if who.is_player and who.seat is not None else None
        sub = Subscription(self, table_id, who, callback, queue, table.version, person, with_events)
        self._subscribers.setdefault(table_id, []).append(sub)
        if after is not None and after < table.version:
            sub.version = after
            self._deliver(sub, table)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subscribers.get(sub.table_id, [])
        if sub in subs:
            subs.remove(sub)

    def catch_up(self, stream: str) -> None:
        """Another worker appended to ``stream`` (a fan-out notice): reload the table and
        deliver the new events to this process's subscribers. ``EVERY``: notices may have been
        lost (the fan-out's listener reconnected), so every watched table is checked."""
        if stream == EVERY:
            for watched in [t for t, subs in self._subscribers.items() if subs]:
                self._deliver_all(self.table(watched))
            return
        table_id = self.namespace.local(LIVE, stream)
        if table_id is None:  # another organization's, or not a table
            return
        if not self._subscribers.get(table_id) and table_id not in self._tables:
            return
        self._deliver_all(self.table(table_id))

    async def follow(self, fanout: Fanout) -> None:
        """Catch up on every notice of ``fanout`` until cancelled."""
        async for notice in fanout.subscribe():
            self.catch_up(notice.stream)

    def _deliver_all(
        self, table: LiveTable, appended: tuple[int, tuple[Event, ...]] | None = None
    ) -> None:
        """Every subscriber of ``table`` told. One that cannot be (its view or console failed
        to build, its socket's hand-over failed) is its own matter: the others are told all
        the same, and the command that moved the table stands, recorded as it is."""
        for sub in list(self._subscribers.get(table.table_id, [])):
            try:
                self._deliver(sub, table, appended)
            except Exception:
                log.exception("table %s: an update could not reach a subscriber", table.table_id)

    def _announce(self, table: LiveTable, before: int, events: tuple[Event, ...]) -> None:
        self._deliver_all(table, (before, events))
        if self.publish is not None:
            with contextlib.suppress(Exception):  # a lost notice costs a late read, no event
                self.publish(Notice(table.stream, table.version))

    def _deliver(
        self,
        sub: Subscription,
        table: LiveTable,
        appended: tuple[int, tuple[Event, ...]] | None = None,
    ) -> None:
        """Send ``sub`` what it has not seen; ``appended`` (the version before and the events
        just appended by this process) spares a read of the store when that is all it lacks."""
        if sub.version >= table.version:
            return  # already delivered (a notice of our own append, or a duplicate)
        seat = sub.viewer.seat
        if sub.person is not None and seat is not None and table.seats.get(seat) != sub.person:
            sub.viewer = PUBLIC  # the person left the seat: from now on, what the public sees
        if not sub.with_events:
            redacted: list[dict[str, JSON]] = []
        elif (
            appended is not None
            and appended[0] == sub.version
            and appended[0] + len(appended[1]) == table.version  # nothing from another worker
        ):
            before, events = appended
            redacted = []
            for offset, e in enumerate(events, start=1):
                data = table.live.redact_event(e, str(table.viewer_at(sub.viewer, before + offset)))
                data["version"] = before + offset
                redacted.append(data)
        else:
            redacted = self.events(table.table_id, sub.viewer, sub.version)
        update = {
            "table": table.table_id,
            "version": table.version,
            "events": list(redacted),
            "view": self._view(table, sub.viewer),
        }
        sub.version = table.version
        if sub.callback is not None:
            sub.callback(update)
        if sub.queue is not None:
            sub.queue.put_nowait(update)


def _held_view(table: LiveTable) -> dict[str, JSON] | None:
    """A command held for a face-down card, as every viewer may see it (no card in it)."""
    held = table.binding.held
    if held is None or not table.round_open:
        return None
    return {"need": list(held.need), "reader": held.reader, "actor": held.actor}
