"""The live-table hub's own events, stored in a table's stream (``live-<table id>``) between
the game's events. Every one of them names who caused it (``by``: an account or player id, the
dealer's, or ``system``). They carry nothing hidden: every viewer receives them as they are."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.events import Event, event


@event("live.table_opened")
@dataclass(frozen=True, slots=True)
class TableOpened(Event):
    """A live table opened: its game, its house rules (canonical JSON of the rules data) and
    its mode: ``physical`` (cards and spins keyed as they happen at a real table) or
    ``virtual`` (drawn from the generator: training, demos, load tests). A table opened before
    modes existed was virtual, which is what the field reads when absent."""

    table: str
    game: str
    rules_json: str
    by: str
    mode: str = "virtual"


@event("live.player_seated")
@dataclass(frozen=True, slots=True)
class PlayerSeated(Event):
    seat: int
    player: str
    by: str


@event("live.player_unseated")
@dataclass(frozen=True, slots=True)
class PlayerUnseated(Event):
    seat: int
    player: str
    by: str


@event("live.wager_set")
@dataclass(frozen=True, slots=True)
class WagerSet(Event):
    """The wager (poker: the stack) a seat brings to the next round, in cents."""

    seat: int
    amount: int
    by: str


@event("live.round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round began from ``setup_json`` (the game's setup as canonical JSON); the game's
    events of the round follow, each step's after a ``StepTaken``."""

    number: int
    setup_json: str
    by: str


@event("live.step_taken")
@dataclass(frozen=True, slots=True)
class StepTaken(Event):
    """Who caused the game events that follow (``actor``: dealer, chance, keyed (a chance move
    keyed at a physical table) or player:<seat>);
    ``steps`` actions were applied in this command (several chance moves at once)."""

    actor: str
    by: str
    steps: int


@event("live.round_settled")
@dataclass(frozen=True, slots=True)
class RoundSettled(Event):
    """The round is over and settled: every party's net in cents (they sum to zero)."""

    number: int
    parties: dict[str, int]
    by: str


@event("live.table_closed")
@dataclass(frozen=True, slots=True)
class TableClosed(Event):
    by: str
