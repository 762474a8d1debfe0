"""The small protocol every game exposes (see ARCHITECTURE.md).

A game is a state machine:

* its frozen, validated house rules (a pydantic model; every invalid field reported at once);
* ``state.pending``: who must act next (a seat, the dealer, chance, or nobody when the round is
  over);
* ``state.legal_actions()``; ``state.apply(action)`` validates, changes the state and returns the
  events it caused, or raises ``RuleViolation`` naming the section and changes nothing;
* chance outcomes (the next card of the shoe, a wheel stop) enter as actions, so a round is fully
  described by its rules, its initial shoe order and its action list;
* ``state.settlement()``: every wager's result in cents, by betting space, hand and bet kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from croupier.core.events import JSON, Event


class PendingKind(Enum):
    SEAT = "seat"
    DEALER = "dealer"
    CHANCE = "chance"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Pending:
    """Who must act next. ``seat`` is the betting space/seat number when ``kind`` is SEAT."""

    kind: PendingKind
    seat: int | None = None
    hand: int | None = None
    detail: str = ""


class Outcome(Enum):
    """The result of one wager."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    RETURNED = "returned"
    SURRENDER = "surrender"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class WagerResult:
    """One wager's settlement. ``net`` is the player's gain (+) or loss (-) in cents.

    ``space`` is the betting space (or poker seat), ``hand`` the hand on that space (0 before a
    split; split hands 0, 1, 2... from the player's right), ``kind`` the bet kind in the
    regulation's words (``original``, ``tip``, ``insurance``, ``split``, ``double``, ``bonus``...),
    ``player`` identifies the person when several wager on one space.
    """

    space: int
    hand: int
    kind: str
    stake: int
    result: Outcome
    net: int
    player: str | None = None
    destination: str | None = None

    def key(self) -> tuple[int, int, str, str]:
        return (self.space, self.hand, self.kind, self.player or "")

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "space": self.space,
            "hand": self.hand,
            "kind": self.kind,
            "stake": self.stake,
            "result": self.result.value,
            "net": self.net,
        }
        if self.player is not None:
            data["player"] = self.player
        if self.destination is not None:
            data["destination"] = self.destination
        return data


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every wager's result, plus game-specific facts (``dealer``: cards and total, etc.)."""

    wagers: tuple[WagerResult, ...]
    details: Mapping[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "wagers": [w.to_dict() for w in sorted(self.wagers, key=WagerResult.key)],
            **dict(self.details),
        }

    @property
    def house_net(self) -> int:
        """What the house won (+) or lost (-) on this round, tips to the dealer excluded."""
        return -sum(w.net for w in self.wagers if w.destination != "tip receptacle")


class GameState(Protocol):
    """The surface every game's state offers."""

    @property
    def pending(self) -> Pending: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> list[Event]: ...

    def settlement(self) -> Settlement: ...


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What replaying a round file produced."""

    settlement: Settlement
    events: tuple[Event, ...]
    transcript: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the registry, the CLI and the simulators reach a game.

    ``replay`` plays a parsed round file through the engine. ``rules_from_dict`` validates a
    house-rules mapping (raising ``ConfigError`` with every problem). ``disclosure`` renders the
    posted rules handout from validated rules as plain text.
    """

    name: str
    title: str
    regulation: str
    replay: Callable[[Any], ReplayResult]
    rules_from_dict: Callable[[Mapping[str, Any]], Any]
    disclosure: Callable[[Any], str] | None = None
