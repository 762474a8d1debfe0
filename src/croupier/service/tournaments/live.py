"""Tournaments kept in the event store (issue 19): one stream per tournament, run command by
command from the command line or the web server, across processes and restarts.

* The stream ``tournament-<id>`` holds exactly the tournament's own events
  (``croupier.tournaments.events``, starting with ``tournament.defined``): the state is
  ``Tournament.replay`` of it. ``Tournament.replay`` refuses an event it does not know, so who
  did each command is kept beside it, in ``tournament-<id>-log`` (``tournament.command_by``:
  the command, the person, its time and the tournament stream's version after it). Both
  streams are written in one ``append_many`` transaction, each at its expected version: all or
  nothing.
* A fee's ``collected_by`` is the person who did the command (the signed-in person's employee
  id, or ``--collected-by`` on the command line), as the fee register needs it (-09-07.1.c,
  -08-16.1.e).
* A command is judged on the stream as stored; a refusal (``RuleViolation`` with its section,
  or ``InvalidInput``) appends nothing. A command that lost a race with another writer
  (``ConcurrencyError``) is run again on the re-read state (``service.retry``): it is accepted
  or refused on what is really there, and never lost.
* The seat card of a buy-in is drawn from the injected randomness (``RngSource``, keyed by the
  tournament and the stream's version, as the live tables do) and recorded
  (``tournament.seat_drawn``): a replay never draws again.
* Each process caches the tournaments it has read, by stream version, and reads only the
  events appended since.

One desk (a lock, a cache and two streams per tournament) whose every command goes through
the same read, refuse-or-append-both-streams transaction; a command's typed arguments and its
run on the tournament are ``tournaments.commands``, the reading side ``tournaments.view``.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from croupier.core.clock import Clock, SystemClock, not_far_ahead, within_years
from croupier.core.data import loads
from croupier.core.errors import InvalidInput, NotFound, RuleViolation
from croupier.core.events import JSON, Event, event
from croupier.reports.csvsafe import csv_bytes
from croupier.reports.tournament_schedule import schedule_lines, schedule_pdf, section_of
from croupier.service.files import read_text
from croupier.service.people.authz import Action, Actor, authorize
from croupier.service.people.namespace import TOURNAMENT, Namespace
from croupier.service.retry import DEFAULT_BACKOFF, Backoff, retrying
from croupier.service.tables.live import LiveRngSource, RngSource, SeededRngSource
from croupier.service.tournaments.commands import (
    COMMANDS,
    FEE_COMMANDS,
    normalize_command,
    run_command,
)
from croupier.service.tournaments.view import REGISTERS, describe, registers, summary
from croupier.store import EventStore, open_existing_store
from croupier.tournaments import (
    Tournament,
)
from croupier.tournaments.events import (
    TournamentDefined,
)

__all__ = [
    "COMMANDS",
    "FEE_COMMANDS",
    "REGISTERS",
    "CommandBy",
    "Done",
    "Refused",
    "TournamentDesk",
    "log_stream_of",
    "stream_of",
]

STREAM_PREFIX = "tournament-"
LOG_SUFFIX = "-log"
TOURNAMENT_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")

RULES_SUFFIXES = (".toml", ".json")


def stream_of(tournament_id: str, prefix: str = STREAM_PREFIX) -> str:
    """The event stream of a tournament (of the organization whose prefix is ``prefix``)."""
    return prefix + tournament_id


def log_stream_of(tournament_id: str, prefix: str = STREAM_PREFIX) -> str:
    """The stream of who did each command of a tournament."""
    return prefix + tournament_id + LOG_SUFFIX


@event("tournament.command_by")
@dataclass(frozen=True, slots=True)
class CommandBy(Event):
    """Who did a tournament command (kept in ``tournament-<id>-log``): the command, the person
    (an employee id, an account name), the time the command was given, and the version of the
    tournament stream it left."""

    command: str
    by: str
    at: str
    version: int


class Refused(RuleViolation):
    """A tournament command the rules refuse in the tournament's present state (HTTP 409)."""


@dataclass(frozen=True)
class Done:
    """What a command did: the tournament stream's version and the events it appended, one
    line an event (money in dollars)."""

    tournament_id: str
    version: int
    events: tuple[Event, ...]

    @property
    def lines(self) -> list[str]:
        return [describe(e) for e in self.events]


@dataclass
class _Cached:
    tournament: Tournament
    version: int


def check_tournament_id(tournament_id: object) -> str:
    if (
        not isinstance(tournament_id, str)
        or not TOURNAMENT_ID.match(tournament_id)
        or tournament_id.endswith(LOG_SUFFIX)
    ):
        raise InvalidInput(
            "a tournament id is 1 to 60 lower-case letters, digits and hyphens, starting with a "
            f"letter or digit and not ending in {LOG_SUFFIX!r}; got {tournament_id!r}"
        )
    return tournament_id


def read_rules(path: Path) -> dict[str, Any]:
    """A tournament rules file (TOML or JSON) as plain data."""
    data = loads(
        read_text(path, "tournament rules file"), str(path), toml=path.suffix.lower() == ".toml"
    )
    if not isinstance(data, dict):
        raise InvalidInput(f"{path}: a tournament rules file is a table of fields")
    return data


def rules_from_text(text: str, name: str = "pasted rules") -> dict[str, Any]:
    """Rules pasted or uploaded as TOML (or JSON, starting with ``{``)."""
    data = loads(text, name, toml=not text.lstrip().startswith("{"))
    if not isinstance(data, dict):
        raise InvalidInput(f"{name}: tournament rules are a table of fields")
    return data


# -- the desk ----------------------------------------------------------------------------------


def _instant(at: str) -> datetime:
    """A tournament's time as an instant, to the minute: one written without an offset is this
    machine's local time (as ``TournamentDesk.now`` writes the clock's)."""
    return datetime.fromisoformat(at).replace(second=0, microsecond=0).astimezone()


def not_before_last(t: Tournament, at: str) -> None:
    """Refuse a typed time before the latest the tournament has recorded (to the minute): its
    record is kept in the order things happen, and an earlier ``--at`` is a slip or a backdated
    entry (docs/interpretations/tournaments.md). Times the desk takes from its clock are not
    checked: in the hour the clocks go back they repeat, honestly."""
    times = [a for e in t.events if isinstance(a := getattr(e, "at", None), str)]
    if not times:
        return
    last = max(times, key=_instant)
    if _instant(at) < _instant(last):
        raise InvalidInput(
            f"{at} is before {last}, the tournament's last recorded time; a record is kept in "
            "the order things happen (if the clocks went back, type the time with its offset)"
        )


class TournamentDesk:
    """The tournaments of one database, for one process (see the module docstring). Thread-safe:
    every call holds one lock."""

    def __init__(
        self,
        store: EventStore,
        rng: RngSource | None = None,
        clock: Clock | None = None,
        rules_dir: Path | None = None,
        backoff: Backoff = DEFAULT_BACKOFF,
        namespace: Namespace | None = None,
    ) -> None:
        self.namespace = namespace if namespace is not None else Namespace("", legacy=True)
        self.prefix = self.namespace.tournaments
        self.store = store
        self.rngs: RngSource = rng if rng is not None else LiveRngSource()
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.rules_dir = rules_dir
        self.backoff = backoff
        self._cache: dict[str, _Cached] = {}
        self._lock = threading.RLock()

    # -- time ------------------------------------------------------------------------------

    def now(self) -> str:
        """The clock's time in this machine's time zone, as tournaments write it."""
        return self.clock.now().astimezone().replace(tzinfo=None).isoformat(timespec="minutes")

    def _at(self, at: str | None) -> str:
        if at is None or not at.strip():
            return self.now()
        try:
            value = datetime.fromisoformat(at.strip())
        except ValueError:
            raise InvalidInput(f"not a time: {at!r} (expected YYYY-MM-DDTHH:MM)") from None
        within_years(value, "the time", at)
        not_far_ahead(_instant(at.strip()), self.clock.now(), "the time")
        return at.strip()

    # -- creating, listing, loading ------------------------------------------------------------

    def create(
        self,
        data: Mapping[str, Any],
        by: str,
        tournament_id: str | None = None,
        at: str | None = None,
    ) -> Done:
        """A new tournament from its rules (plain data of a rules file; ``tournament_id``
        replaces the rules' id). Every problem of the rules at once (``ConfigError``); an id
        already in the store is refused."""
        if not by.strip():
            raise InvalidInput("say who defines the tournament")
        rules = dict(data)
        if tournament_id is not None and tournament_id.strip():
            rules["id"] = tournament_id.strip()
        tid = check_tournament_id(rules.get("id"))
        when = self._at(at)
        with self._lock:
            if self.store.version(stream_of(tid, self.prefix)) or self.store.version(
                log_stream_of(tid, self.prefix)
            ):
                raise InvalidInput(f"tournament {tid!r} exists already; choose another id")
            t = Tournament.define(rules)
            events = t.events
            self.store.append_many(
                {
                    stream_of(tid, self.prefix): (events, 0),
                    log_stream_of(tid, self.prefix): (
                        [CommandBy("define", by, when, len(events))],
                        0,
                    ),
                }
            )
            self._cache[tid] = _Cached(t, len(events))
            return Done(tid, len(events), tuple(events))

    def create_from_file(
        self, path: Path, by: str, tournament_id: str | None = None, at: str | None = None
    ) -> Done:
        return self.create(read_rules(path), by, tournament_id, at)

    def rules_files(self) -> list[str]:
        """The tournament rules files of the rules directory a tournament may be created from."""
        if self.rules_dir is None or not self.rules_dir.is_dir():
            return []
        return sorted(
            p.name
            for p in self.rules_dir.iterdir()
            if p.is_file() and p.name.startswith("tournament") and p.suffix in RULES_SUFFIXES
        )

    def rules_file(self, name: str) -> dict[str, Any]:
        """A rules file of the rules directory, by its name (nothing outside it)."""
        if name not in self.rules_files():
            raise InvalidInput(f"no tournament rules file {name!r}")
        assert self.rules_dir is not None
        return read_rules(self.rules_dir / name)

    def ids(self) -> list[str]:
        """Every tournament in the store, by id."""
        streams = set(self.store.streams(self.prefix))
        return sorted(
            tid
            for s in streams
            if (tid := self.namespace.local(TOURNAMENT, s)) is not None
            and not s.endswith(LOG_SUFFIX)
            and s + LOG_SUFFIX in streams
        )

    def listing(self) -> list[dict[str, JSON]]:
        """Each stored tournament: id, name, game, days, its main part's status and players."""
        out: list[dict[str, JSON]] = []
        with self._lock:
            for tid in self.ids():
                t = self._fresh(tid).tournament
                main = t.main
                status = "finished" if main.finished else "running" if main.started else "open"
                out.append(
                    {
                        "id": tid,
                        "name": t.rules.name,
                        "game": t.rules.game.value,
                        "days": [t.rules.first_day, t.rules.last_day],
                        "status": status,
                        "players": len(main.entrants),
                    }
                )
        return out

    def load(self, tournament_id: str) -> Tournament:
        """The tournament as its stream has it now."""
        with self._lock:
            return self._fresh(tournament_id).tournament

    def version(self, tournament_id: str) -> int:
        with self._lock:
            return self._fresh(tournament_id).version

    def _fresh(self, tournament_id: str) -> _Cached:
        tid = check_tournament_id(tournament_id)
        stream = stream_of(tid, self.prefix)
        version = self.store.version(stream)
        if version == 0:
            self._cache.pop(tid, None)
            raise NotFound(f"no tournament {tid!r}")
        cached = self._cache.get(tid)
        if cached is not None and cached.version == version:
            return cached
        if cached is not None and cached.version < version:
            for record in self.store.read(stream, after=cached.version):
                assert record.event is not None
                cached.tournament.state.apply(record.event)
            cached.version = version
            return cached
        stored = self.store.read(stream)
        events = [r.event for r in stored if r.event is not None]
        if not events or not isinstance(events[0], TournamentDefined):
            raise InvalidInput(f"stream {stream!r} is not a tournament")
        fresh = _Cached(Tournament.replay(events), len(stored))
        self._cache[tid] = fresh
        return fresh

    def log(self, tournament_id: str) -> list[CommandBy]:
        """Who did each command, in order."""
        tid = check_tournament_id(tournament_id)
        out = []
        for record in self.store.read(log_stream_of(tid, self.prefix)):
            if isinstance(record.event, CommandBy):
                out.append(record.event)
        return out

    # -- commands ------------------------------------------------------------------------------

    def do(
        self,
        tournament_id: str,
        command: str,
        args: Mapping[str, Any],
        by: str,
        at: str | None = None,
    ) -> Done:
        """Run ``command`` with ``args`` (as typed: ``player``, ``name``, ``address``,
        ``card``, ``receipt``, ``to``, ``table``, ``seat``, ``absent``, ``chips``, ``bets``,
        ``eliminated_by``, ``shares``, ``fee``, ``place``, ``reason``, ``tournament`` for a
        satellite) by ``by``, who also collects a fee it takes, moves a player or removes chips
        as a penalty. Appends its events, or raises ``Refused`` (a rule, with its
        section) or ``InvalidInput`` and appends nothing."""
        name = normalize_command(command)
        if not by.strip():
            raise InvalidInput("say who does the command (and collects its fee)")
        when = self._at(at)
        typed = at is not None and bool(at.strip())
        tid = check_tournament_id(tournament_id)

        def attempt() -> Done:
            with self._lock:
                cached = self._fresh(tid)
                t, before = cached.tournament, cached.version
                if typed:
                    not_before_last(t, when)
                log_version = self.store.version(log_stream_of(tid, self.prefix))
                try:
                    events = run_command(
                        t, name, args, by, when, lambda: self.rngs.rng(tid, before)
                    )
                except Refused:
                    raise
                except RuleViolation as exc:
                    raise Refused(exc.detail, exc.section) from None
                if not events:
                    return Done(tid, before, ())
                after = before + len(events)
                try:
                    self.store.append_many(
                        {
                            stream_of(tid, self.prefix): (events, before),
                            log_stream_of(tid, self.prefix): (
                                [CommandBy(name, by, when, after)],
                                log_version,
                            ),
                        }
                    )
                except BaseException:
                    self._cache.pop(tid, None)  # the state ran ahead of the store: re-read
                    raise
                cached.version = after
                return Done(tid, after, tuple(events))

        return retrying(attempt, self.backoff)

    # -- what a person reads -------------------------------------------------------------------

    def schedule(self, tournament_id: str) -> tuple[str, list[str]]:
        """The posted schedule's section and lines (amounts once determined)."""
        with self._lock:
            t = self._fresh(tournament_id).tournament
            return section_of(t.rules), schedule_lines(t.rules, t.state)

    def schedule_pdf(self, tournament_id: str) -> bytes:
        with self._lock:
            t = self._fresh(tournament_id).tournament
            return schedule_pdf(t.rules, t.state)

    def view(self, tournament_id: str) -> dict[str, JSON]:
        """The tournament's state as anyone signed in may see it (no address): its parts,
        tables and seats, levels, chips, places, standings and prizes; money in dollars."""
        with self._lock:
            cached = self._fresh(tournament_id)
            return summary(cached.tournament, cached.version)

    def records(self, tournament_id: str) -> dict[str, list[list[str]]]:
        """The fee register, prize register, buy-in receipts and record of win, as rows of
        text (the first row the header); this tournament's only (-09-01)."""
        with self._lock:
            return registers(self._fresh(tournament_id).tournament)

    def register_csv(self, tournament_id: str, which: str) -> bytes:
        if which not in REGISTERS:
            raise InvalidInput(f"no register {which!r}; one of {', '.join(REGISTERS)}")
        return csv_bytes(self.records(tournament_id)[which])

    # -- the web server's checks -----------------------------------------------------------------

    def create_as(
        self,
        actor: Actor,
        data: Mapping[str, Any],
        tournament_id: str | None = None,
        at: str | None = None,
    ) -> Done:
        authorize(actor, Action.CREATE_TOURNAMENT)
        return self.create(data, person(actor), tournament_id, at)

    def do_as(
        self,
        actor: Actor,
        tournament_id: str,
        command: str,
        args: Mapping[str, Any],
        at: str | None = None,
    ) -> Done:
        """``do`` for a signed-in person: a fee command needs a person who collects fees and
        records them as its collector; the others need one who runs tournaments."""
        name = normalize_command(command)
        authorize(actor, action_of(name))
        clean = {k: v for k, v in args.items() if k != "collected_by"}
        return self.do(tournament_id, name, clean, person(actor), at)


def action_of(command: str) -> Action:
    """The policy's action for a command."""
    return Action.COLLECT_TOURNAMENT_FEE if command in FEE_COMMANDS else Action.RUN_TOURNAMENT


def person(actor: Actor) -> str:
    """Who the records name: the employee id of the account, else its name."""
    return actor.employee_id or actor.name


# -- the command line --------------------------------------------------------------------------


@contextlib.contextmanager
def open_desk(
    url: str, seed: int | None = None, org: str | None = None
) -> Iterator[TournamentDesk]:
    """The tournaments of organization ``org`` (the database's first if None) in an existing
    database (``croupier db upgrade`` creates one); seat cards drawn from the operating
    system, or from ``seed`` (reproducible)."""
    from croupier.service.people.orgs import namespace_at

    store = open_existing_store(url)
    try:
        rng: RngSource = SeededRngSource(seed) if seed is not None else LiveRngSource()
        yield TournamentDesk(store, rng, namespace=namespace_at(store.engine, org))
    finally:
        store.close()
