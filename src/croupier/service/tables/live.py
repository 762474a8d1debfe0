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

Why one module of over 600 lines: the hub is one lock, one cache per table and one append
per command for the four games; the per-game parts already live apart (``_live_games``) and
issue 27 (the table as it is dealt: keyed chance, a console per game) moves more of them out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from croupier.core.cards import parse_card
from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.events import JSON, Event, canonical_json, event_from_json, to_json_value
from croupier.core.money import format_money, parse_money
from croupier.core.protocol import PendingKind, Play, Settlement
from croupier.core.rng import LiveRng, Rng, SeededRng
from croupier.games.seat_views import Viewer, parse_viewer
from croupier.service.tables import unseen
from croupier.service.tables._live_events import (
    CardDown,
    FeeCollected,
    PlayerSeated,
    PlayerUnseated,
    RoundSettled,
    RoundStarted,
    StepHeld,
    StepTaken,
    StepWithdrawn,
    TableClosed,
    TableOpened,
    WagerSet,
)
from croupier.service.tables._live_games import LiveGame, game_of, live_game
from croupier.service.tables.fanout import Fanout, Notice
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

STREAM_PREFIX = "live-"
HALF_HOUR = timedelta(minutes=30)
FEE_SECTION = "99-01.3-09-03.3"
MAX_CHANCE_STEPS = 500


PUBLIC = Viewer("public")
"""What anyone may see: no hidden card."""


PHYSICAL, VIRTUAL = "physical", "virtual"
MODES = (PHYSICAL, VIRTUAL)
"""A table is ``physical`` (a person deals real cards and spins a real wheel; each chance move
is keyed as it happens) or ``virtual`` (the generator draws them: training, demos, load tests)."""


def stream_of(table_id: str) -> str:
    """The event stream of a live table."""
    return STREAM_PREFIX + table_id


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
    irregular_at: tuple[int, tuple[tuple[Any, tuple[Event, ...]], ...]] | None = None
    """The irregularities the round accepted at a version (``LiveTableHub.irregularities``)."""
    fees_paid: dict[int, datetime] = field(default_factory=dict)
    """Seat -> the end of the half hours its player has paid for (poker, -09-03.3)."""
    stale: bool = False
    """A command tried a step on the cached play that was not recorded (held, withdrawn)."""
    binding: unseen.Binding = field(default_factory=unseen.Binding)
    """The round's cards bound late: dealt face down unseen, replaced, a command held for a
    card (``service.tables.unseen``)."""

    def viewer_at(self, who: Viewer, version: int) -> Viewer:
        """How ``who`` may see an event of ``version``: a player sees a seat's hidden cards
        only from the moment they took it (an earlier occupant's are the public's)."""
        if who.is_player and who.seat is not None and version < self.seated_at.get(who.seat, 0):
            return PUBLIC
        return who

    @property
    def stream(self) -> str:
        return stream_of(self.table_id)

    def seat_of(self, player: str) -> int | None:
        return next((s for s, p in self.seats.items() if p == player), None)


@dataclass
class Subscription:
    """One viewer's updates of one table: put on ``queue`` (an asyncio queue) and/or passed to
    ``callback``; ``version`` is the last version delivered (a reconnecting browser resumes
    from it with ``LiveTableHub.updates``)."""

    hub: LiveTableHub
    table_id: str
    viewer: Viewer
    callback: Callable[[dict[str, JSON]], None] | None = None
    queue: asyncio.Queue[dict[str, JSON]] | None = None
    version: int = 0
    person: str | None = None
    """Who holds the seat of a player viewer: if they leave it, the subscription sees what
    the public sees from then on."""

    def close(self) -> None:
        self.hub.unsubscribe(self)


class LiveTableHub:
    """The live tables of one process, kept in ``store`` (see the module's docstring)."""

    def __init__(
        self,
        store: EventStore,
        rng: RngSource | None = None,
        publish: Callable[[Notice], None] | None = None,
        clock: Clock | None = None,
    ) -> None:
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
    ) -> CommandResult:
        """Open a new table of ``game`` with house rules from a file or from rules data
        (validated: every problem at once), ``physical`` (its cards and spins keyed as they
        happen) or ``virtual`` (drawn from the generator). An existing table id is refused."""
        from croupier.service.games.rules import rules_data

        if not isinstance(table_id, str) or not table_id.strip():
            raise InvalidInput("a table id must be a non-empty string")
        if mode not in MODES:
            raise InvalidInput(f"a table is opened {' or '.join(MODES)}, not {mode!r}")
        data = rules_data(rules, game) if isinstance(rules, Path) else dict(rules)
        game = game_of(game, data)
        live = live_game(game)
        parsed = live.game.parse_rules(data)
        table = LiveTable(table_id, live, parsed, data, mode=mode)
        opened = TableOpened(table_id, game, canonical_json(data), by, mode)
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
        opening = self.store.read_between(stream_of(table_id), 0, 1)
        if not opening:
            raise InvalidInput(f"no live table {table_id!r}")
        first = opening[0].event
        if not isinstance(first, TableOpened):
            raise InvalidInput(f"stream {stream_of(table_id)!r} is not a live table")
        # The game's modules first: they register its event types, which a process that has
        # not played the game yet (a restarted server) must know to decode the rest.
        live = live_game(first.game)
        stored = self.store.read(stream_of(table_id))
        data = json.loads(first.rules_json)
        table = LiveTable(table_id, live, live.game.parse_rules(data), data, mode=first.mode)
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
        if table is None or self.store.version(stream_of(table_id)) != table.version:
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
        ids = [s[len(STREAM_PREFIX) :] for s in self.store.streams(STREAM_PREFIX)]
        return [t for t in ids if not self.table(t).closed]

    # -- commands ------------------------------------------------------------------------------

    def seat(self, table_id: str, seat: int, player: str, by: str) -> CommandResult:
        """Seat ``player`` (an account or player id) at ``seat``."""

        def build(table: LiveTable) -> list[Event]:
            _check_seat(seat)
            if not player:
                raise InvalidInput("say who sits down")
            if seat in table.seats:
                raise InvalidInput(f"seat {seat} is taken by {table.seats[seat]}")
            if table.seat_of(player) is not None:
                raise InvalidInput(f"{player} already sits at seat {table.seat_of(player)}")
            return [PlayerSeated(seat, player, by)]

        return self._command(table_id, build)

    def unseat(self, table_id: str, seat: int, by: str) -> CommandResult:
        """The player at ``seat`` leaves (not while the seat plays a round in progress)."""

        def build(table: LiveTable) -> list[Event]:
            if seat not in table.seats:
                raise InvalidInput(f"nobody sits at seat {seat}")
            if table.round_open and seat in _round_seats(table):
                raise InvalidInput(f"seat {seat} plays the round in progress; leave after it")
            return [PlayerUnseated(seat, table.seats[seat], by)]

        return self._command(table_id, build)

    def wager(self, table_id: str, seat: int, amount: str | int, by: str) -> CommandResult:
        """The wager of ``seat`` for the next round: dollars as a person types them
        (``"$25"``, ``"12.50"``) or int cents. Poker: the chips bought, added to the seat's
        chips, between hands (the chips then change only by play)."""

        def build(table: LiveTable) -> list[Event]:
            if seat not in table.seats:
                raise InvalidInput(f"nobody sits at seat {seat}")
            return [self._wager_event(table, seat, table.seats[seat], amount, by)]

        return self._command(table_id, build)

    def seat_wager(
        self, table_id: str, seat: int, amount: str | int, by: str, player: str | None = None
    ) -> CommandResult:
        """At a physical table the dealer keys each wager by seat (issue 27: players need no
        account there): the seat is taken for ``player`` (``"seat 3"`` when no name is given)
        if it is empty, and its wager set, in one command: a refused wager seats nobody."""

        def build(table: LiveTable) -> list[Event]:
            if table.mode != PHYSICAL:
                raise InvalidInput(
                    f"table {table.table_id!r} is virtual: its players seat themselves and wager "
                    "from their own pages"
                )
            _check_seat(seat)
            events: list[Event] = []
            who = table.seats.get(seat)
            if who is None:
                who = (player or "").strip() or f"seat {seat}"
                if table.seat_of(who) is not None:
                    raise InvalidInput(f"{who} already sits at seat {table.seat_of(who)}")
                events.append(PlayerSeated(seat, who, by))
            elif player and player.strip() and player.strip() != who:
                raise InvalidInput(f"seat {seat} is taken by {who}")
            events.append(self._wager_event(table, seat, who, amount, by))
            return events

        return self._command(table_id, build)

    def _wager_event(
        self, table: LiveTable, seat: int, player: str, amount: str | int, by: str
    ) -> WagerSet:
        cents = parse_money(amount, "wager") if isinstance(amount, str) else amount
        if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
            raise InvalidInput(f"a wager is a dollar amount of 0 or more, got {amount!r}")
        if table.live.stacks:
            if table.round_open:
                raise InvalidInput(
                    "chips are bought between hands: the chips in play stay as they are until "
                    "the hand is settled"
                )
            if cents <= 0:
                raise InvalidInput("key the chips bought, more than $0.00")
            return WagerSet(seat, table.wagers.get(seat, 0) + cents, by)
        if cents and table.live.wager_alone:
            self._try_wager(table, seat, player, cents)
        return WagerSet(seat, cents, by)

    def _try_wager(self, table: LiveTable, seat: int, player: str, cents: int) -> None:
        """Judge a wager when it is made, as the deal will (issue 27: a $600 Three Card 21
        wager, a $12 wager at a $5-chip table, seat 6 at a five-space table were accepted and
        the deal then refused, the player never told): a round of this seat alone is started
        and dealt on trial; its refusal, with its section, refuses the wager."""
        live = table.live
        if live.maximum is not None:
            most, section = live.maximum(table.rules)
            if cents > most:
                raise RuleViolation(
                    f"the maximum wager at this table is {format_money(most)}, not "
                    f"{format_money(cents)}",
                    section,
                )
        last = table.play.state if table.play is not None else None
        setup = live.make_setup(
            table.rules, {seat: player}, {seat: cents}, table.round_number + 1, last, self._today()
        )
        trial: Play[Any, Any, Any, Any] = Play(live.game, table.rules, setup)
        if live.opening_action is not None and trial.pending.kind is PendingKind.DEALER:
            trial.apply(live.opening_action(trial.state))

    def deal(self, table_id: str, by: str) -> CommandResult:
        """Start the next round from the seated players' wagers and, where the game has one,
        take the dealer's opening action (twenty-one's ``deal``)."""

        def build(table: LiveTable) -> list[Event]:
            self._check_fees(table)
            last = table.play.state if table.play is not None else None
            setup = table.live.make_setup(
                table.rules, table.seats, table.wagers, table.round_number + 1, last, self._today()
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

    def key(self, table_id: str, outcome: str, by: str) -> CommandResult:
        """A chance move keyed at a physical table as it happens (issue 27): a card as it
        leaves the shoe or the deck (``Ah``, ``10d``), a spin's section under the pointer
        (``17`` or ``17/5`` with its revolutions). One that cannot be (a card the shoe no longer
        holds, a section the wheel does not have) is refused with its section and changes
        nothing, like every command.

        A card dealt face down that nobody sees is keyed ``down`` (``service.tables.unseen``).
        While a command is held for such a card, what is keyed is the card turned or shown
        (``Ah Kd`` for two), or ``no`` for a card reader that shows no twenty-one."""

        def build(table: LiveTable) -> list[Event]:
            play = self._round(table, held_ok=True)
            if table.mode != PHYSICAL:
                raise InvalidInput(
                    f"table {table.table_id!r} is virtual: its cards and spins are drawn"
                )
            if not isinstance(outcome, str) or not outcome.strip():
                raise InvalidInput("key a card such as 'Ah' or '10d', 'down', or a section")
            text = outcome.strip()
            if table.binding.held is not None:
                return self._release(table, table.binding.held, text, by)
            if text.lower() == unseen.DOWN:
                return self._down(table, by)
            action = table.live.game.keyed(play.state, text)
            moved = self._move_off(table, unseen.card_of(action), by)
            return [*moved, *self._step(table, "key", text, "keyed", by, action)]

        return self._command(table_id, build)

    def withdraw(self, table_id: str, by: str) -> CommandResult:
        """Take back a command held for a face-down card, before the card is keyed: nothing
        of it happened."""

        def build(table: LiveTable) -> list[Event]:
            self._round(table, held_ok=True)
            if table.binding.held is None:
                raise InvalidInput("no command is held for a card")
            table.stale = True
            return [StepWithdrawn(by)]

        return self._command(table_id, build)

    def correct(self, table_id: str, card: str, by: str) -> CommandResult:
        """Correct the card keyed last (a typing slip seen at once): recorded as a
        replacement (who, when, what it replaced), never by deleting. Refused once a decision
        has been taken after it (the rules' dealing-mistake remedies then apply), and when the
        round replayed with the corrected card refuses it."""

        def build(table: LiveTable) -> list[Event]:
            play = self._round(table)
            if table.mode != PHYSICAL:
                raise InvalidInput("only a keyed card can be corrected")
            last = self._last_card(table)
            if last is None:
                raise InvalidInput("no card keyed this round can be corrected")
            later = play.log[last + 1 :]
            if not all(unseen.is_card_move(a) for a in later):
                raise InvalidInput(
                    "a decision was taken after that card: record the dealing mistake "
                    "it caused instead (the remedies of the rules), not a correction"
                )
            if last in table.binding.unseen:
                raise InvalidInput("that card was dealt face down: key it when it is turned")
            new = str(parse_card(card))
            if new == unseen.card_of(play.log[last]):
                raise InvalidInput(f"the card keyed is already {new}")
            event = unseen.replaced(play, {last: new}, "corrected", by)
            try:
                table.play = unseen.replay(
                    table.live, play.rules, play.setup, list(play.log), {last: new}
                )
            except CroupierError as exc:
                raise InvalidInput(f"{new} cannot replace {event.was[0]}: {exc}") from None
            if unseen.needs(table.live, table.play, table.binding.unseen, ())[0]:
                raise InvalidInput(f"{new} would turn a card dealt face down: key it then")
            return [event]

        return self._command(table_id, build)

    def correctable(self, table_id: str) -> str | None:
        """The card keyed last, if ``correct`` may still replace it (no decision since)."""
        table = self.table(table_id)
        play = table.play
        if play is None or not table.round_open or table.mode != PHYSICAL:
            return None
        if table.binding.held is not None:
            return None
        last = self._last_card(table)
        if last is None or last in table.binding.unseen:
            return None
        if not all(unseen.is_card_move(a) for a in play.log[last + 1 :]):
            return None
        return unseen.card_of(play.log[last])

    def _last_card(self, table: LiveTable) -> int | None:
        play = table.play
        assert play is not None
        for i in range(len(play.log) - 1, -1, -1):
            if unseen.is_card_move(play.log[i]):
                return i
        return None

    def _down(self, table: LiveTable, by: str, reader_no: bool = False) -> list[Event]:
        """A card dealt face down that nobody has seen: the engine gets a stand-in."""
        play = table.play
        assert play is not None
        what = unseen.due_face_down(play)
        step = len(play.log)
        taken = unseen.dealt(play.log)
        game = table.live.game
        for code in unseen.DECK:
            if code in taken:
                continue
            try:
                action = game.keyed(play.state, code)
                applied = play.apply(action)
            except CroupierError:
                continue
            shown = unseen.visible(table.live, play.state)[code] > 0
            read = table.live.reader(applied.events) if table.live.reader is not None else None
            if reader_no and (shown or read):
                # the stand-in made the reader's twenty-one: the next card that does not
                table.play = play = unseen.replay(table.live, play.rules, play.setup, play.log[:-1])
                continue
            if shown:
                raise InvalidInput(f"{what} is dealt face up or turned at once: key it as it is")
            now = {**table.binding.unseen, step: what}
            revealed, reader = unseen.needs(table.live, play, now, applied.events)
            if reader and not reader_no:
                table.stale = True
                return [
                    StepHeld("key", unseen.DOWN, "keyed", table.version, (what,), True, by, (step,))
                ]
            if revealed:
                table.stale = True
                need = tuple(now[i] for i in revealed)
                return [
                    StepHeld("key", unseen.DOWN, "keyed", table.version, need, False, by, revealed)
                ]
            return [StepTaken("keyed", by, 1), CardDown(step, what, by), *applied.events]
        raise InvalidInput(f"no card the shoe still holds can be dealt face down as {what}")

    def _move_off(self, table: LiveTable, card: str | None, by: str) -> list[Event]:
        """A card keyed face up that a stand-in holds: the stand-in moves to another card."""
        play = table.play
        assert play is not None
        if card is None or not any(
            unseen.card_of(play.log[i]) == card for i in table.binding.unseen
        ):
            return []
        table.play, moved = unseen.rebind(table.live, play, {}, table.binding.unseen, avoid={card})
        return [unseen.replaced(play, moved, "moved", by)]

    def _step(
        self, table: LiveTable, command: str, ref: str, actor: str, by: str, action: Any
    ) -> list[Event]:
        """Apply one action; held (``live.step_held``) when it would turn a card nobody has
        seen or ask the reader about one."""
        play = table.play
        assert play is not None
        applied = play.apply(action)
        revealed, reader = unseen.needs(table.live, play, table.binding.unseen, applied.events)
        if not revealed and not reader:
            return [StepTaken(actor, by, 1), *applied.events]
        table.stale = True
        if command != "key":
            ref = _action_json(table.live, applied.events)
        steps = revealed or unseen.readable(table.binding.unseen)
        need = tuple(table.binding.unseen[i] for i in steps)
        return [
            StepHeld(command, ref, actor, table.version, need, reader and not revealed, by, steps)
        ]

    def _release(self, table: LiveTable, held: StepHeld, text: str, by: str) -> list[Event]:
        """The held command, now with the card(s) turned, or the reader's "no"."""
        play = table.play
        assert play is not None
        binding = table.binding
        live = table.live
        no = text.lower() == unseen.READER_NO
        if no and not held.reader:
            raise InvalidInput(f"no card reader's answer is asked: key {', '.join(held.need)}")
        if held.command == "key" and held.ref == unseen.DOWN:
            if no:
                return self._down(table, by, reader_no=True)
            # the reader showed a twenty-one and the dealer turned the card: keyed as it is
            action = live.game.keyed(play.state, text)
            shifted = self._move_off(table, unseen.card_of(action), by)
            assert table.play is not None
            applied = table.play.apply(action)
            if live.reader is not None and live.reader(applied.events) is not True:
                raise InvalidInput(
                    f"the card reader showed a twenty-one, but {text} does not make one: key "
                    "the card the dealer turned, or 'no'"
                )
            return [*shifted, StepTaken("keyed", by, 1), *applied.events]
        steps = held.steps or tuple(
            i for i in sorted(binding.unseen) if binding.unseen[i] in held.need
        )
        before = len(play.events)
        events: list[Event] = []
        if no:
            # the card stays face down: its stand-in must not be the reader's twenty-one
            def hidden(trial: Play[Any, Any, Any, Any]) -> bool:
                trial.apply(self._held_action(table, trial, held))
                read = live.reader(trial.events[before:]) if live.reader is not None else None
                return read is not True and not unseen.needs(live, trial, binding.unseen, ())[0]

            try:
                new, moved = unseen.rebind(live, play, {}, binding.unseen, then=hidden)
            except InvalidInput:
                new, moved = unseen.rebind(live, play, {}, binding.unseen, force=steps, then=hidden)
            if moved:
                events.append(unseen.replaced(play, moved, "moved", by))
        else:
            cards = unseen.parse_turned(text, len(steps))
            wanted = dict(zip(steps, cards, strict=True))
            left = {i: w for i, w in binding.unseen.items() if i not in wanted}

            def turned(trial: Play[Any, Any, Any, Any]) -> bool:
                trial.apply(self._held_action(table, trial, held))
                if unseen.needs(live, trial, left, ())[0]:
                    return False  # it would turn another card not keyed
                if held.reader:  # the reader showed a twenty-one: the card must make one
                    return live.reader is not None and live.reader(trial.events[before:]) is True
                shown = unseen.visible(live, trial.state)
                return all(shown[c] for c in cards)

            new, moved = unseen.rebind(live, play, wanted, binding.unseen, then=turned)
            events.append(unseen.replaced(play, wanted, "turned", by))
            if moved:
                events.append(unseen.replaced(play, moved, "moved", by))
        table.play = new
        return [*events, StepTaken(held.actor, by, 1), *new.events[before:]]

    def _held_action(self, table: LiveTable, play: Play[Any, Any, Any, Any], held: StepHeld) -> Any:
        if held.command == "key":
            return table.live.game.keyed(play.state, held.ref)
        actions = table.live.game.actions_from_events([event_from_json(held.ref)])
        if len(actions) != 1:  # pragma: no cover - written by ``_step`` from one action
            raise InvalidInput("the held command cannot be read back")
        return actions[0]

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

    def close(self, table_id: str, by: str) -> CommandResult:
        """Close the table (not while a round is open)."""

        def build(table: LiveTable) -> list[Event]:
            if table.round_open:
                raise InvalidInput(f"round {table.round_number} is still open")
            table.closed = True
            return [TableClosed(by)]

        return self._command(table_id, build)

    def collect_fee(self, table_id: str, seat: int, by: str) -> CommandResult:
        """Record the fee of the player at ``seat`` for their next half hour of play, collected
        in advance (poker's nontournament fee, 99-01.3-09-03.3): the half hour begins now, or
        when the one already paid for ends."""

        def build(table: LiveTable) -> list[Event]:
            fee = table.live.fee
            if fee is None:
                raise InvalidInput(f"a {table.live.name} table charges no fee for playing time")
            player = table.seats.get(seat)
            if player is None:
                raise InvalidInput(f"nobody sits at seat {seat}")
            now = self.clock.now()
            start = max(now, table.fees_paid.get(seat, now))
            if start - now > HALF_HOUR:
                raise InvalidInput(
                    f"seat {seat} has paid to {start.astimezone():%H:%M}: a fee is collected "
                    "for the half hour playing now or the next one, not further ahead"
                )
            return [FeeCollected(seat, player, start.isoformat(), fee(table.rules), by)]

        return self._command(table_id, build)

    def fees_due(self, table_id: str) -> list[int]:
        """The seats whose player has not paid for the half hour now playing (or paid for less
        than five minutes more): their fee is collected before they are dealt in."""
        return self._fees_due(self.table(table_id))

    def _fees_due(self, table: LiveTable) -> list[int]:
        if table.live.fee is None or table.closed:
            return []
        soon = self.clock.now() + timedelta(minutes=5)
        return [s for s in sorted(table.seats) if table.fees_paid.get(s, soon) <= soon]

    def _check_fees(self, table: LiveTable) -> None:
        """At a physical poker table a hand is dealt only to players whose fee for the half
        hour now playing was collected (-03.3: collected in advance). A virtual table is
        training: no fee."""
        if table.live.fee is None or table.mode != PHYSICAL:
            return
        now = self.clock.now()
        unpaid = [
            s
            for s in sorted(table.seats)
            if table.wagers.get(s) and table.fees_paid.get(s, now) <= now
        ]
        if unpaid:
            seats = ", ".join(str(s) for s in unpaid)
            raise RuleViolation(
                f"collect the fee for this half hour of play from seat {seats} before the deal "
                f"({format_money(table.live.fee(table.rules))}, collected in advance)",
                FEE_SECTION,
            )

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

    def remedy(self, table_id: str, action: Any, by: str) -> CommandResult:
        """Record an irregularity the dealer or floor saw (one of ``irregularities``): its
        remedy is applied whoever is to act, a card due included. A refusal cites its section
        and changes nothing."""

        def build(table: LiveTable) -> list[Event]:
            self._round(table)
            return self._step(table, "remedy", "", "dealer", by, action)

        return self._command(table_id, build)

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
    ) -> Subscription:
        """Deliver every update of ``table_id`` to ``viewer`` from version ``after`` (now by
        default; a reconnecting browser passes the last version it saw). A player viewer is
        the seat's present occupant: events before they sat are redacted as for the public,
        and if they leave the seat the subscription sees what the public sees."""
        who = parse_viewer(viewer)
        table = self.table(table_id)
        person = table.seats.get(who.seat) if who.is_player and who.seat is not None else None
        sub = Subscription(self, table_id, who, callback, queue, table.version, person)
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
        deliver the new events to this process's subscribers."""
        if not stream.startswith(STREAM_PREFIX):
            return
        table_id = stream[len(STREAM_PREFIX) :]
        if not self._subscribers.get(table_id) and table_id not in self._tables:
            return
        table = self.table(table_id)
        for sub in list(self._subscribers.get(table_id, [])):
            self._deliver(sub, table)

    async def follow(self, fanout: Fanout) -> None:
        """Catch up on every notice of ``fanout`` until cancelled."""
        async for notice in fanout.subscribe():
            self.catch_up(notice.stream)

    def _announce(self, table: LiveTable, before: int, events: tuple[Event, ...]) -> None:
        for sub in list(self._subscribers.get(table.table_id, [])):
            self._deliver(sub, table, (before, events))
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
        if appended is not None and appended[0] == sub.version:
            before, events = appended
            redacted: list[dict[str, JSON]] = []
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
        table.fees_paid.pop(e.seat, None)
    elif isinstance(e, WagerSet):
        table.wagers[e.seat] = e.amount
    elif isinstance(e, FeeCollected):
        table.fees_paid[e.seat] = datetime.fromisoformat(e.start) + HALF_HOUR
    else:
        return False
    return True


def _held_view(table: LiveTable) -> dict[str, JSON] | None:
    """A command held for a face-down card, as every viewer may see it (no card in it)."""
    held = table.binding.held
    if held is None or not table.round_open:
        return None
    return {"need": list(held.need), "reader": held.reader, "actor": held.actor}


def _action_json(live: LiveGame, events: Sequence[Event]) -> str:
    """The game's own event that records a step's action, as JSON (a held command's)."""
    for e in events:
        if len(live.game.actions_from_events([e])) == 1:
            return canonical_json(e.to_dict())
    raise InvalidInput("this step records no action to hold")  # pragma: no cover


def _check_seat(seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
        raise InvalidInput(f"a seat is a number from 1, got {seat!r}")


def _round_seats(table: LiveTable) -> set[int]:
    if table.play is None:
        return set()
    snapshot = table.live.seat_view(table.play.state, "public")
    seats: set[int] = set()
    for key in ("spaces", "spots", "seats"):
        for item in snapshot.get(key, []) or []:
            number = item.get("space", item.get("seat"))
            if isinstance(number, int):
                seats.add(number)
    return seats


def _describe(play: Play[Any, Any, Any, Any]) -> str:
    p = play.pending
    who = f"seat {p.seat}" if p.kind is PendingKind.SEAT else p.kind.value
    return f"{who} to act" + (f" ({p.detail})" if p.detail else "")
