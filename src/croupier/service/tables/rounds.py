"""A live table's rounds as dispute records (issue 27; 99-01.3-08-11.17: the cards of a round
are kept so that each hand can be played back).

A live table's stream (``live-<table id>``) holds each round between its ``RoundStarted`` (the
round's setup) and its ``RoundSettled`` (every party's net, as paid). ``round_record`` reads one
round back: the house rules the table was opened with, the setup, and every action the game
accepted (the cards and spins, drawn or keyed, the decisions, the dealing mistakes), from the
game's own events (``Game.actions_from_events``). ``round_file`` writes it as a round file
(docs/round-files.md) through the game's exporter (``croupier.games.<game>.export``), with the
settlement that was paid as its ``expect`` block: ``croupier replay --check`` plays it through
the engine again and agrees, or names the difference. The round is replayed here first, and a
round whose replay does not give what was paid is refused, never exported quietly.

Who may export a round (every card of it, the hole cards included) is the policy's
``EXPORT_ROUND``; the command line reads the database directly, as its other commands do.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from croupier.core.errors import InvalidInput, NotFound
from croupier.core.events import JSON, Event
from croupier.core.protocol import Play, Settlement
from croupier.service.tables import unseen as late
from croupier.service.tables._live_events import (
    CardsReplaced,
    PlayerSeated,
    PlayerUnseated,
    RoundSettled,
    RoundStarted,
    StepTaken,
    TableClosed,
    TableOpened,
    WagerSet,
)
from croupier.service.tables._live_games import TICKETS, live_game
from croupier.service.tables.live import STREAM_PREFIX, stream_of
from croupier.store import EventStore

_TABLE_EVENTS = (PlayerSeated, PlayerUnseated, WagerSet, TableClosed, TableOpened)
"""The hub's own events that may fall inside a round: the rest are the game's."""


@dataclass(frozen=True)
class RoundSummary:
    """One round of a table, for finding a disputed one by table and time."""

    number: int
    started_at: datetime
    started_by: str
    settled_at: datetime | None
    parties: Mapping[str, int]
    """Each party's net as paid (empty while the round is open)."""

    def to_dict(self) -> dict[str, JSON]:
        return {
            "round": self.number,
            "started_at": self.started_at.isoformat(),
            "started_by": self.started_by,
            "settled_at": None if self.settled_at is None else self.settled_at.isoformat(),
            "parties": dict(sorted(self.parties.items())),
        }


@dataclass(frozen=True)
class RoundRecord:
    """One settled round of a live table, everything needed to play it back."""

    table: str
    game: str
    mode: str
    number: int
    rules: Mapping[str, JSON]
    setup: Any
    actions: tuple[Any, ...]
    paid: Mapping[str, int]
    settlement: Settlement
    started_at: datetime
    started_by: str
    settled_at: datetime
    settled_by: str
    keyed_by: tuple[str, ...]
    """Who keyed the round's cards or spins (a physical table), in the order they first did."""
    unseen: tuple[int, ...] = ()
    """The actions (from 0) whose card was dealt face down and never turned: their card in
    ``actions`` is a stand-in (``service.tables.unseen``)."""
    replaced: tuple[CardsReplaced, ...] = ()
    """The cards replaced during the round (turned, stand-ins moved, corrections)."""


def _opening(store: EventStore, table_id: str, prefix: str) -> TableOpened:
    stream = stream_of(table_id, prefix)
    first = store.read_between(stream, 0, 1)
    if not first or not isinstance(first[0].event, TableOpened):
        raise NotFound(f"no live table {table_id!r}")
    return first[0].event


def rounds(store: EventStore, table_id: str, prefix: str = STREAM_PREFIX) -> list[RoundSummary]:
    """Every round of ``table_id`` (of the organization whose streams start ``prefix``) in
    order, settled or not."""
    _opening(store, table_id, prefix)
    out: list[RoundSummary] = []
    started: tuple[int, datetime, str] | None = None
    for record in store.read(stream_of(table_id, prefix)):
        e = record.event
        if isinstance(e, RoundStarted):
            if started is not None:  # pragma: no cover - the hub settles before a new round
                out.append(RoundSummary(started[0], started[1], started[2], None, {}))
            started = (e.number, record.recorded_at, e.by)
        elif isinstance(e, RoundSettled) and started is not None:
            out.append(
                RoundSummary(started[0], started[1], started[2], record.recorded_at, e.parties)
            )
            started = None
    if started is not None:
        out.append(RoundSummary(started[0], started[1], started[2], None, {}))
    return out


def round_record(
    store: EventStore, table_id: str, number: int, prefix: str = STREAM_PREFIX
) -> RoundRecord:
    """Round ``number`` (from 1) of ``table_id``, read back from its stream and replayed; a
    round still in play, or one whose replay does not give what was paid, is refused."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise InvalidInput(f"a round is numbered from 1, got {number!r}")
    opened = _opening(store, table_id, prefix)
    live = live_game(opened.game)
    rules = json.loads(opened.rules_json)
    setup: Any = None
    events: list[Event] = []
    keyed_by: list[str] = []
    binding = late.Binding()
    replaced: list[CardsReplaced] = []
    started: tuple[datetime, str] | None = None
    for record in store.read(stream_of(table_id, prefix)):
        e = record.event
        if isinstance(e, RoundStarted):
            if e.number == number:
                setup = live.setup_from_json(json.loads(e.setup_json))
                started = (record.recorded_at, e.by)
            continue
        if started is None:
            continue
        if isinstance(e, RoundSettled):
            play: Play[Any, Any, Any, Any] = late.replay(
                live,
                live.game.parse_rules(rules),
                setup,
                live.game.actions_from_events(events),
                binding.cards,
            )
            actions = tuple(play.log)
            settlement = play.settlement()
            if dict(settlement.parties) != dict(e.parties):
                raise InvalidInput(
                    f"round {number} of table {table_id!r} replays to "
                    f"{dict(sorted(settlement.parties.items()))}, but "
                    f"{dict(sorted(e.parties.items()))} was paid: not exported; "
                    "run `croupier verify`"
                )
            return RoundRecord(
                table_id,
                opened.game,
                opened.mode,
                number,
                rules,
                setup,
                actions,
                dict(e.parties),
                settlement,
                started[0],
                started[1],
                record.recorded_at,
                e.by,
                tuple(keyed_by),
                tuple(sorted(binding.unseen)),
                tuple(replaced),
            )
        if isinstance(e, CardsReplaced):
            replaced.append(e)
        if e is not None and binding.fold(e):
            continue
        if isinstance(e, StepTaken):
            if e.actor == "keyed" and e.by not in keyed_by:
                keyed_by.append(e.by)
            continue
        if e is not None and not isinstance(e, _TABLE_EVENTS):
            events.append(e)
    if started is None:
        raise NotFound(f"table {table_id!r} has no round {number}")
    raise InvalidInput(f"round {number} of table {table_id!r} is still in play: settle it first")


def round_file(record: RoundRecord) -> dict[str, JSON]:
    """The round as a round file (docs/round-files.md) whose ``expect`` is what was paid."""
    from croupier.games.roundfile import FORMAT_2, expect_block

    if record.game == TICKETS:  # the paddlewheel's ticket-card method
        write = importlib.import_module("croupier.games.paddlewheel.export").ticket_round_file
    else:
        write = importlib.import_module(f"croupier.games.{record.game}.export").round_file
    keyed = ", keyed by " + ", ".join(record.keyed_by) if record.keyed_by else ""
    description = (
        f"Live table {record.table} ({record.mode}), round {record.number}: dealt by "
        f"{record.started_by} from {record.started_at.isoformat()}, settled by "
        f"{record.settled_by} at {record.settled_at.isoformat()}{keyed}. "
        "Exported from the table's event stream; expect is the settlement that was paid."
    )
    data: dict[str, JSON] = write(
        record.rules,
        record.setup,
        record.actions,
        title=f"table {record.table} round {record.number}",
        description=description,
    )
    data["sections"] = list(_sections(record.game))
    data["expect"] = expect_block(record.settlement)
    if record.unseen:
        data["format"] = FORMAT_2
        data["unseen"] = list(_shoe_places(record))
    return data


def _shoe_places(record: RoundRecord) -> list[int]:
    """Where in the file's ``shoe`` each card never seen is: the file's shoe holds, in order,
    every card an action takes out of the shoe (a card dealt or burned, and one an
    irregularity names), and nothing else. (It counted every action taken while a card was
    due, so a mistake naming no card moved the places after it: found by a helper.)"""
    places: dict[int, int] = {}
    dealt = 0
    for i, action in enumerate(record.actions):
        if late.card_of(action) is not None:
            places[i] = dealt
            dealt += 1
    return [places[i] for i in record.unseen]


def _sections(game: str) -> Sequence[str]:
    return {
        "twentyone": ("99-01.3-08-11.17",),
        "threecard21": ("N.J.A.C. 13:69F-2C",),
        "poker": ("99-01.3-09",),
        "paddlewheel": ("99-01.3-11",),
        TICKETS: ("99-01.3-11-02",),
    }.get(game, ())


def rounds_at(url: str, table_id: str, org: str | None = None) -> list[RoundSummary]:
    """``rounds`` of the database at ``url`` (the command line's), of organization ``org``
    (the first if None)."""
    from croupier.service.people.orgs import namespace_at
    from croupier.store import open_existing_store

    with open_existing_store(url) as store:
        return rounds(store, table_id, namespace_at(store.engine, org).live)


def round_file_at(url: str, table_id: str, number: int, org: str | None = None) -> dict[str, JSON]:
    """``round_file`` of round ``number`` of ``table_id`` in the database at ``url``, of
    organization ``org`` (the first if None)."""
    from croupier.service.people.orgs import namespace_at
    from croupier.store import open_existing_store

    with open_existing_store(url) as store:
        prefix = namespace_at(store.engine, org).live
        return round_file(round_record(store, table_id, number, prefix))
