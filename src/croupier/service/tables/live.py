"""Live tables as a service: one hub for the tables of all four games (issue 16, live tables).

The hub holds no truth of its own: every table is the event stream ``live-<table id>`` in the
event store, and the hub's in-memory table is only a cache of that stream.

* ``open_table`` opens a table of any game from a rules file or rules data; ``seat``,
  ``unseat`` and ``wager`` (dollars) prepare the next round; ``deal`` starts it from the seated
  players' wagers (or ``start_round`` from an explicit setup); ``chance`` plays the chance
  actor's moves (the next cards, a wheel spin) from the injected randomness; ``act`` applies a
  dealer's or a player's action; ``settle`` closes a finished round.
* Every accepted command appends its events, preceded by who caused them, in one append with
  the stream's expected version (optimistic concurrency). A command refused by the rules returns
  the refusal with its section and appends nothing; a command that lost a race with another
  worker returns a refusal marked ``conflict`` and appends nothing, and the hub reloads the
  table from the store. So no event is ever lost or written twice.
* ``rebuild`` reloads a table from its stream (after a crash or a restart): the round in
  progress continues at the same step.
* ``subscribe`` gives one viewer (``dealer``, ``surveillance``, ``player:<seat>``, ``public``)
  every update as that viewer may see it: the new events redacted and the table's view
  (``croupier.games.<game>.seat_view``). ``catch_up`` delivers what another worker appended
  (call it on each fan-out ``Notice``; ``follow`` does so for a whole fan-out).

The web layer reaches live tables only through this module (and ``core``).

The hub is one lock, one cache per table and one append per command for the four games. Its
parts live apart: what each game is to the hub (``_live_games``), the cached table and a
command's answer (``_live_table``), the seats and wagers (``_seating``), the keying of a
physical table's cards, face down included (``_keying``, with ``unseen``), poker's half-hour fee
(``_fees``), and what each viewer is shown and sent (``_watching``).
"""

from __future__ import annotations

import contextlib
import json
import zlib
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import CroupierError, InvalidInput, NotFound, RuleViolation
from croupier.core.events import JSON, Event, canonical_json, to_json_value
from croupier.core.protocol import PendingKind, Play, Settlement
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.seat_views import Viewer, parse_viewer
from croupier.service.people.namespace import LIVE, Namespace
from croupier.service.tables import unseen
from croupier.service.tables._fees import HALF_HOUR, Fees
from croupier.service.tables._keying import Keying
from croupier.service.tables._live_events import (
    MODES,
    PHYSICAL,
    VIRTUAL,
    FeeCollected,
    PlayerSeated,
    PlayerUnseated,
    RoundSettled,
    RoundStarted,
    StepTaken,
    TableClosed,
    TableOpened,
    WagerSet,
)
from croupier.service.tables._live_games import game_of, live_game
from croupier.service.tables._live_table import (
    STREAM_PREFIX,
    CommandResult,
    LiveTable,
    stream_of,
)
from croupier.service.tables._seating import Seating
from croupier.service.tables._watching import Subscription, Watching
from croupier.service.tables.fanout import Notice
from croupier.store import ConcurrencyError, EventStore

__all__ = [
    "PHYSICAL",
    "STREAM_PREFIX",
    "VIRTUAL",
    "CommandResult",
    "LiveRngSource",
    "LiveTable",
    "LiveTableHub",
    "RngSource",
    "SeededRngSource",
    "Subscription",
    "Viewer",
    "parse_viewer",
    "stream_of",
]

MAX_CHANCE_STEPS = 500


class RngSource(Protocol):
    """The randomness of a table's chance moves, by table and by the stream version at which
    the moves are drawn (so a table rebuilt after a restart draws what it would have drawn)."""

    def rng(self, table_id: str, version: int) -> Rng: ...


class LiveRngSource:
    """The operating system's CSPRNG for live play."""

    def rng(self, table_id: str, version: int) -> Rng:
        return LiveRng()


class SeededRngSource:
    """Reproducible randomness (tests, demos): a PCG64 stream per (seed, table, version)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def rng(self, table_id: str, version: int) -> Rng:
        key = zlib.crc32(table_id.encode())
        return SeededRng(np.random.SeedSequence([self.seed, key, version]))


class LiveTableHub(Seating, Keying, Fees, Watching):
    """The live tables of one process, kept in ``store`` (see the module's docstring); its
    seat and wager commands are ``Seating``'s (``_seating``), its keying commands ``Keying``'s
    (``_keying``), its fees ``Fees``'s (``_fees``), its views and subscriptions ``Watching``'s
    (``_watching``)."""

    def __init__(
        self,
        store: EventStore,
        rng: RngSource | None = None,
        publish: Callable[[Notice], None] | None = None,
        clock: Clock | None = None,
        namespace: Namespace | None = None,
    ) -> None:
        self.namespace = namespace if namespace is not None else Namespace("", legacy=True)
        self.prefix = self.namespace.live
        self.store = store
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.rngs: RngSource = rng if rng is not None else LiveRngSource()
        self.publish = publish
        self._tables: dict[str, LiveTable] = {}
        self._subscribers: dict[str, list[Subscription]] = {}
        self._pinned: set[str] | None = None

    # -- opening, loading ---------------------------------------------------------------------

    def open_table(
        self,
        table_id: str,
        game: str,
        rules: Mapping[str, JSON] | Path,
        by: str,
        mode: str = VIRTUAL,
        books: tuple[str, int] | None = None,
    ) -> CommandResult:
        """Open a new table of ``game`` with house rules from a file or from rules data
        (validated: every problem at once), ``physical`` (its cards and spins keyed as they
        happen) or ``virtual`` (drawn from the generator), linked to the books' table
        ``books`` (site, number) or not. An existing table id is refused."""
        from croupier.service.games.rules import rules_data

        if not isinstance(table_id, str) or not table_id.strip():
            raise InvalidInput("a table id must be a non-empty string")
        if mode not in MODES:
            raise InvalidInput(f"a table is opened {' or '.join(MODES)}, not {mode!r}")
        data = rules_data(rules, game) if isinstance(rules, Path) else dict(rules)
        game = game_of(game, data)
        live = live_game(game)
        parsed = live.game.parse_rules(data)
        table = LiveTable(table_id, live, parsed, data, mode=mode, books=books, prefix=self.prefix)
        site, number = books if books is not None else (None, None)
        opened = TableOpened(table_id, game, canonical_json(data), by, mode, site, number)
        try:
            version = self.store.append(table.stream, [opened], expected_version=0)
        except ConcurrencyError:
            existing = self.table(table_id)
            said = (
                f"table {table_id!r} was closed; a new table needs an id of its own"
                if existing.closed
                else f"table {table_id!r} is already open"
            )
            return CommandResult(
                False, self.store.version(table.stream), (), said, conflict=not existing.closed
            )
        table.version = version
        self._tables[table_id] = table
        self._announce(table, 0, (opened,))
        return CommandResult(True, version, (opened,))

    def rebuild(self, table_id: str) -> LiveTable:
        """The table rebuilt from its stream (after a crash or restart): seats, wagers and the
        round in progress, replayed from its recorded actions."""
        stream = stream_of(table_id, self.prefix)
        opening = self.store.read_between(stream, 0, 1)
        if not opening:
            raise NotFound(f"no live table {table_id!r}")
        first = opening[0].event
        if not isinstance(first, TableOpened):
            raise InvalidInput(f"stream {stream!r} is not a live table")
        # The game's modules first: they register its event types, which a process that has
        # not played the game yet (a restarted server) must know to decode the rest.
        live = live_game(first.game)
        stored = self.store.read(stream)
        data = json.loads(first.rules_json)
        linked = (
            (first.books_site, first.books_table)
            if first.books_site is not None and first.books_table is not None
            else None
        )
        table = LiveTable(
            table_id,
            live,
            live.game.parse_rules(data),
            data,
            mode=first.mode,
            books=linked,
            prefix=self.prefix,
        )
        setup: Any = None
        round_events: list[Event] = []
        for record in stored[1:]:
            e = record.event
            if e is None:  # pragma: no cover - ``read`` decodes every event
                raise InvalidInput(f"event {record.seq} of {table.stream} could not be read")
            _mark(table, e, record.seq)
            if _fold(table, e) or table.binding.fold(e):
                continue
            if isinstance(e, RoundStarted):
                table.round_number = e.number
                setup = live.setup_from_json(json.loads(e.setup_json))
                round_events = []
                table.round_open = True
                table.binding = unseen.Binding()
            elif isinstance(e, RoundSettled):
                table.round_open = False
                table.last_parties = dict(e.parties)
            elif isinstance(e, TableClosed):
                table.closed = True
            elif not isinstance(e, StepTaken):
                round_events.append(e)
        if setup is not None:
            actions = live.game.actions_from_events(round_events)
            table.play = unseen.replay(live, table.rules, setup, actions, table.binding.cards)
        table.version = len(stored)
        self._tables[table_id] = table
        return table

    def table(self, table_id: str) -> LiveTable:
        """The table as the store has it now (reloaded when another worker moved it). Inside
        ``pinned()`` the store is asked once per table: one request sees one state of it."""
        table = self._tables.get(table_id)
        if table is not None and self._pinned is not None and table_id in self._pinned:
            return table
        if table is None or self.store.version(stream_of(table_id, self.prefix)) != table.version:
            table = self.rebuild(table_id)
        if self._pinned is not None:
            self._pinned.add(table_id)
        return table

    @contextlib.contextmanager
    def pinned(self) -> Iterator[None]:
        """Check each table against the store once for everything done inside (one request:
        its authorization, its view, its command and the updates it sends)."""
        outer = self._pinned is None
        if outer:
            self._pinned = set()
        try:
            yield
        finally:
            if outer:
                self._pinned = None

    def open_tables(self) -> list[str]:
        """The ids of every live table in the store that is not closed."""
        found = (self.namespace.local(LIVE, s) for s in self.store.streams(self.prefix))
        ids = [t for t in found if t is not None]
        return [t for t in ids if not self.table(t).closed]

    # -- commands ------------------------------------------------------------------------------

    def deal(self, table_id: str, by: str) -> CommandResult:
        """Start the next round from the seated players' wagers and, where the game has one,
        take the dealer's opening action (twenty-one's ``deal``)."""

        def build(table: LiveTable) -> list[Event]:
            self._check_fees(table)
            last = table.play.state if table.play is not None else None
            setup = table.live.make_setup(
                table.rules,
                table.seats,
                table.wagers,
                table.round_number + 1,
                last,
                self._today(),
                frozenset(table.unlawful),
            )
            return self._start(table, setup, by)

        return self._command(table_id, build)

    def start_round(self, table_id: str, setup: Any, by: str) -> CommandResult:
        """Start the next round from an explicit setup (the game's setup object or its JSON)."""

        def build(table: LiveTable) -> list[Event]:
            value = setup
            if not isinstance(value, table.live.setup_type):
                try:
                    value = table.live.setup_from_json(value)
                except (TypeError, ValueError, KeyError) as exc:
                    raise InvalidInput(f"not a {table.live.name} setup: {exc}") from None
            return self._start(table, value, by)

        return self._command(table_id, build)

    def _start(self, table: LiveTable, setup: Any, by: str) -> list[Event]:
        if table.closed:
            raise InvalidInput(f"table {table.table_id} is closed")
        if table.round_open:
            raise InvalidInput(f"round {table.round_number} is still open: settle it first")
        live = table.live
        play: Play[Any, Any, Any, Any] = Play(live.game, table.rules, setup)
        number = table.round_number + 1
        events: list[Event] = [
            RoundStarted(number, canonical_json(to_json_value(setup)), by),
        ]
        table.play, table.round_number, table.round_open = play, number, True
        table.binding = unseen.Binding()
        opening = live.opening_action
        if opening is not None and play.pending.kind is PendingKind.DEALER:
            step = play.apply(opening(play.state))
            events += [StepTaken("dealer", by, 1), *step.events]
        return events

    def chance(self, table_id: str, by: str, steps: int | None = None) -> CommandResult:
        """The chance actor's moves (the next cards, a spin), drawn from the injected
        randomness: all that are due now (or at most ``steps``), in one append."""

        def build(table: LiveTable) -> list[Event]:
            play = self._round(table)
            if table.mode == PHYSICAL:
                raise InvalidInput(
                    f"table {table.table_id!r} is physical: key each card or spin as it happens"
                )
            if play.pending.kind is not PendingKind.CHANCE:
                raise InvalidInput(f"no chance move is due: {_describe(play)}")
            rng = self.rngs.rng(table.table_id, table.version)
            events: list[Event] = []
            count = 0
            limit = steps if steps is not None else MAX_CHANCE_STEPS
            while play.pending.kind is PendingKind.CHANCE and count < limit:
                step = play.apply(table.live.game.chance(play.state, rng))
                events += step.events
                count += 1
            return [StepTaken("chance", by, count), *events]

        return self._command(table_id, build)

    def act(self, table_id: str, action: Any, by: str, seat: int | None = None) -> CommandResult:
        """Apply a dealer's action (``seat`` None) or the action of the player at ``seat``
        (refused unless that seat is the one to act). A rule's refusal cites its section and
        changes nothing."""

        def build(table: LiveTable) -> list[Event]:
            play = self._round(table)
            pending = play.pending
            if pending.kind is PendingKind.CHANCE:
                raise InvalidInput("a card or a spin is due: the chance actor moves first")
            if seat is not None:
                if table.seats.get(seat) is None:
                    raise InvalidInput(f"nobody sits at seat {seat}")
                if pending.kind is not PendingKind.SEAT or pending.seat != seat:
                    raise InvalidInput(f"it is not seat {seat}'s turn: {_describe(play)}")
                if getattr(action, "seat", seat) not in (seat, None) or getattr(
                    action, "space", seat
                ) not in (seat, None):
                    raise InvalidInput(f"seat {seat} may act only for itself")
            actor = "dealer" if seat is None else f"player:{seat}"
            return self._step(table, "act", "", actor, by, action)

        return self._command(table_id, build)

    def settle(self, table_id: str, by: str) -> CommandResult:
        """Close a finished round: its settlement (every party's net; they sum to zero) is
        recorded. Poker stacks carry over to the next hand as the seats' chips."""
        holder: list[Settlement] = []

        def build(table: LiveTable) -> list[Event]:
            play = self._round(table)
            if not play.is_over():
                raise InvalidInput(f"round {table.round_number} is not over: {_describe(play)}")
            settlement = play.settlement()
            holder.append(settlement)
            events: list[Event] = [RoundSettled(table.round_number, dict(settlement.parties), by)]
            if table.live.name == "poker":
                for seat, stack in sorted(play.state.stacks.items()):
                    if seat in table.seats:
                        events.append(WagerSet(seat, stack, by))
            table.round_open = False
            table.last_parties = dict(settlement.parties)
            return events

        result = self._command(table_id, build)
        if result.accepted and holder:
            return CommandResult(True, result.version, result.events, settlement=holder[0])
        return result

    def remedy(self, table_id: str, action: Any, by: str) -> CommandResult:
        """Record an irregularity the dealer or floor saw (one of ``irregularities``): its
        remedy is applied whoever is to act, a card due included. A refusal cites its section
        and changes nothing."""

        def build(table: LiveTable) -> list[Event]:
            self._round(table)
            return self._step(table, "remedy", "", "dealer", by, action)

        return self._command(table_id, build)

    def close(self, table_id: str, by: str) -> CommandResult:
        """Close the table (not while a round is open)."""

        def build(table: LiveTable) -> list[Event]:
            if table.round_open:
                raise InvalidInput(f"round {table.round_number} is still open")
            table.closed = True
            return [TableClosed(by)]

        return self._command(table_id, build)

    def _today(self) -> str:
        """The date of play (the server's local date) for a setup that names it."""
        return self.clock.now().astimezone().date().isoformat()

    def _round(self, table: LiveTable, held_ok: bool = False) -> Play[Any, Any, Any, Any]:
        if table.closed:
            raise InvalidInput(f"table {table.table_id} is closed")
        if table.play is None or not table.round_open:
            raise InvalidInput(f"table {table.table_id} has no round in progress: deal first")
        held = table.binding.held
        if held is not None and not held_ok:
            raise InvalidInput(
                "a card dealt face down is being turned: key "
                + ", ".join(held.need)
                + (" (or 'no' if the card reader shows none)" if held.reader else "")
                + " first, or withdraw the step"
            )
        return table.play

    def _command(self, table_id: str, build: Callable[[LiveTable], list[Event]]) -> CommandResult:
        """Run one command on fresh state; append its events at the expected version. A closed
        table takes no command at all (issue 27: it still took seats and wagers)."""
        table = self.table(table_id)
        before = table.version
        try:
            if table.closed:
                raise InvalidInput(f"table {table.table_id!r} is closed; it takes nothing more")
            events = build(table)
        except CroupierError as exc:
            self._tables.pop(table_id, None)  # whatever the command touched is reloaded
            section = exc.section if isinstance(exc, RuleViolation) else None
            return CommandResult(False, before, (), str(exc), section)
        try:
            version = self.store.append(table.stream, events, expected_version=before)
        except ConcurrencyError as exc:
            self._tables.pop(table_id, None)
            return CommandResult(
                False,
                self.store.version(table.stream),
                (),
                f"the table changed meanwhile; nothing was recorded, try again ({exc})",
                conflict=True,
            )
        except Exception:
            self._tables.pop(table_id, None)
            raise
        table.version = version
        for offset, e in enumerate(events, start=1):
            _mark(table, e, before + offset)
            _fold(table, e) or table.binding.fold(e)
        if table.stale:  # a step was tried on the cached play and not recorded: read it back
            table = self.rebuild(table_id)
        self._announce(table, before, tuple(events))
        return CommandResult(True, version, tuple(events))


def _mark(table: LiveTable, e: Event, version: int) -> None:
    """Remember when a seat was taken and when the round in progress began."""
    if isinstance(e, PlayerSeated):
        table.seated_at[e.seat] = version
    elif isinstance(e, RoundStarted):
        table.round_started_at = version


def _fold(table: LiveTable, e: Event) -> bool:
    """Apply a seating or wager event to the cached table; False for any other event."""
    if isinstance(e, PlayerSeated):
        table.seats[e.seat] = e.player
    elif isinstance(e, PlayerUnseated):
        table.seats.pop(e.seat, None)
        table.wagers.pop(e.seat, None)
        table.unlawful.discard(e.seat)
        table.fees_paid.pop(e.seat, None)
    elif isinstance(e, WagerSet):
        table.wagers[e.seat] = e.amount
        if e.unlawful:
            table.unlawful.add(e.seat)
        else:
            table.unlawful.discard(e.seat)
    elif isinstance(e, FeeCollected):
        table.fees_paid[e.seat] = datetime.fromisoformat(e.start) + HALF_HOUR
    else:
        return False
    return True


def _describe(play: Play[Any, Any, Any, Any]) -> str:
    p = play.pending
    who = f"seat {p.seat}" if p.kind is PendingKind.SEAT else p.kind.value
    return f"{who} to act" + (f" ({p.detail})" if p.detail else "")
