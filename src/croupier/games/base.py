"""How the registry, the CLI, the server and the simulators reach a game.

The protocol itself (``Game``, ``Play``, ``Pending``, ``Settlement``...) is in
``croupier.core.protocol``; its names are re-exported here for the games' convenience.
Each game package exposes ``SPEC: GameSpec`` (see ``croupier.games.registry``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from croupier.core.events import JSON, Event
from croupier.core.protocol import (
    HOUSE,
    TIP_RECEPTACLE,
    TIPS,
    Game,
    Outcome,
    Pending,
    PendingKind,
    Play,
    Settlement,
    Step,
    WagerResult,
    player_party,
)

__all__ = [
    "HOUSE",
    "TIPS",
    "TIP_RECEPTACLE",
    "AnyGame",
    "Game",
    "GameSpec",
    "Outcome",
    "Pending",
    "PendingKind",
    "Play",
    "ReplayResult",
    "Settlement",
    "Step",
    "WagerResult",
    "player_party",
]

AnyGame = Game[Any, Any, Any, Any]
"""A game whose four types are not known where it is used (the registry, the CLI)."""


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What replaying a round file produced."""

    settlement: Settlement
    events: tuple[Event, ...]
    transcript: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the registry, the CLI and the simulators reach a game.

    ``game`` is the protocol object (``croupier.core.protocol.Game``). ``replay`` plays a parsed
    round file through it (``croupier.games.harness.replay``). ``rules_from_dict`` validates a
    house-rules mapping (raising ``ConfigError`` with every problem). ``disclosure`` renders the
    posted rules handout from validated rules as plain text. ``variants`` are further protocol
    objects of the same game whose rules differ in kind (the paddlewheel's ticket-card method
    beside its table method); ``protocol_games`` lists them all, ``game`` first.
    """

    name: str
    title: str
    regulation: str
    replay: Callable[[Any], ReplayResult]
    rules_from_dict: Callable[[Mapping[str, JSON]], Any]
    disclosure: Callable[[Any], str] | None = None
    game: AnyGame | None = None
    variants: tuple[AnyGame, ...] = ()

    @property
    def protocol_games(self) -> tuple[AnyGame, ...]:
        return ((self.game,) if self.game is not None else ()) + self.variants
