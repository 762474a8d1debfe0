"""The game protocol: one typed surface that every game implements, and ``Play``, the one
mechanism by which an action is applied or refused without changing anything.

A game is described by four types: its validated house rules ``R``, the setup of a round ``U``
(seats, wagers, stacks, the button: what exists before the first action), the state of a round
``S`` and its actions ``A`` (a closed union of frozen dataclasses, never ``Any``). The game itself
is a stateless object implementing :class:`Game`.

* Who acts next is :class:`Pending`; chance (the next card of the shoe or deck, a wheel stop) is an
  explicit actor, ``PendingKind.CHANCE``, whose move ``Game.chance`` draws from an injected
  :class:`~croupier.core.rng.Rng`. So a round is fully described by its rules, its setup and its
  action list, chance moves included: that is its round file and its dispute record.
* ``Game.step`` applies one action and returns its events, or raises a ``CroupierError``
  (``RuleViolation`` citing the section, or ``InvalidInput``).
* :class:`Play` is the only way actions reach a state. It keeps the accepted actions; when
  ``step`` refuses, the state is rebuilt from the rules, the setup and those actions (the same
  replay that settles a dispute), so a refusal changes nothing whatever the game did before it
  refused. No deep copies: the state is a function of its log, which is also what is stored.
* ``Game.settlement`` states every wager's result and every party's net in cents (each player,
  the house, the dealer's or wheel operator's tips); the parties sum to zero.
* ``Game.balances`` says where the round's money is at any moment (each player, the layout or
  pot, the house, the tip box) as changes since the round began; they always sum to zero, and
  when the round is over they equal the settlement's parties.

This module is pure: no I/O, no clock, no global randomness.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, Protocol, TypeVar

from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.rng import Rng


class PendingKind(Enum):
    """Who must act next."""

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

    def __str__(self) -> str:
        """Who must act, in words (refusals quote it: "no card is due: seat 2 decides")."""
        if self.kind is PendingKind.SEAT:
            who = f"seat {self.seat}" + (f" hand {self.hand}" if self.hand else "")
        elif self.kind is PendingKind.DEALER:
            who = "the dealer"
        elif self.kind is PendingKind.CHANCE:
            who = "a card or spin"
        else:
            return "nothing: the round is over"
        return f"{who} ({self.detail})" if self.detail else f"{who} to act"


class Outcome(Enum):
    """The result of one wager."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    RETURNED = "returned"
    SURRENDER = "surrender"
    VOID = "void"


TIP_RECEPTACLE = "tip receptacle"
"""The destination of a tip: the dealer's (or wheel operator's) tip box, not the house."""

HOUSE = "house"
TIPS = "tips"


def player_party(who: int | str) -> str:
    """The party name of a player: ``player:3`` for the person on seat 3, ``player:alice``."""
    return f"player:{who}"


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
    """Every wager's result, every party's net, plus game-specific facts (``details``).

    ``parties`` maps a party (``player:<seat or name>``, ``house``, ``tips``) to its net in cents
    for the round. Each game computes it from its own chip movements (not from ``wagers``), so
    the two are independent statements of one result: the parties sum to zero, and a player's
    party equals the sum of that player's wagers' nets.
    """

    wagers: tuple[WagerResult, ...]
    details: Mapping[str, JSON] = field(default_factory=dict)
    parties: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "wagers": [w.to_dict() for w in sorted(self.wagers, key=WagerResult.key)],
            **dict(self.details),
        }
        if self.parties:
            data["parties"] = dict(sorted(self.parties.items()))
        return data

    @property
    def house_net(self) -> int:
        """What the house won (+) or lost (-) on this round, tips to the dealer excluded."""
        return -sum(w.net for w in self.wagers if w.destination != TIP_RECEPTACLE)


R = TypeVar("R")
U = TypeVar("U")
S = TypeVar("S")
A = TypeVar("A")


class Game(Protocol[R, U, S, A]):
    """What every game implements (a stateless object; the state is ``S``).

    ``name``/``title``/``regulation`` identify it; ``action_types`` lists its action classes.
    """

    @property
    def name(self) -> str: ...

    @property
    def action_types(self) -> tuple[type, ...]: ...

    def parse_rules(self, data: Mapping[str, JSON]) -> R:
        """Validated house rules (``validate_rules``: every problem at once, ``ConfigError``)."""
        ...

    def start(self, rules: R, setup: U) -> S:
        """A new round: the state before its first action."""
        ...

    def random_setup(self, rules: R, rng: Rng) -> U:
        """A legal setup drawn at random (the random legal player and the property tests)."""
        ...

    def pending(self, state: S) -> Pending:
        """Who acts next; ``PendingKind.NONE`` once the round is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """The actions the party to act may take now (empty when chance or nobody acts).
        Irregularities (dealing mistakes, misdeals) are recorded when they happen and are
        not listed."""
        ...

    def chance(self, state: S, rng: Rng) -> A:
        """The chance actor's move when ``pending`` is CHANCE: the next card drawn uniformly
        from what the shoe or deck still holds, or a wheel stop."""
        ...

    def keyed(self, state: S, outcome: str) -> A:
        """The chance actor's move as a person or a device at a physical table supplies it
        (issue 27): a card as it leaves the shoe or the deck (``Ah``, ``10d``), a wheel's
        winning section. One line of ``InvalidInput`` when it cannot be read or no chance move
        is due; whether it can be now (a card the shoe no longer holds, a section the wheel
        does not have) is the step's to judge, so a keyed move is refused like any other action,
        with its section, and changes nothing (:class:`Play`)."""
        ...

    def step(self, state: S, action: A) -> Sequence[Event]:
        """Apply ``action`` and return its events, or raise ``CroupierError``. Call it only
        through :class:`Play`, which undoes whatever a refused step changed."""
        ...

    def is_over(self, state: S) -> bool: ...

    def settlement(self, state: S) -> Settlement: ...

    def balances(self, state: S) -> Mapping[str, int]:
        """Where the round's money is now, as changes since the round began (players, the
        layout or pot, the house, the tips); the values always sum to zero."""
        ...

    def snapshot(self, state: S) -> JSON:
        """Everything about the state as plain data, to compare two states."""
        ...

    def actions_from_events(self, events: Sequence[Event]) -> list[A]:
        """The actions recorded in a round's events, in order (to rebuild the state)."""
        ...

    def irregularities(self, state: S) -> Sequence[A]:
        """The irregularities (dealing mistakes, misdeals, equipment faults) a dealer might
        record now, each an action whose step applies the remedy its section prescribes. These
        are candidates: those ``step`` would refuse now are dropped by ``Play.irregularities``.
        An irregularity that names a physical card (a card found face up) is not listed: its
        card is entered, not chosen."""
        ...


class Step(Generic[S]):
    """What an accepted action produced: the state after it and the events it caused.
    (A plain class with a written ``__init__``: this module is compiled with the poker engine,
    and mypyc cannot compile a generic frozen dataclass.)"""

    __slots__ = ("events", "state")

    def __init__(self, state: S, events: tuple[Event, ...]) -> None:
        self.state = state
        self.events = events

    def __repr__(self) -> str:
        return f"Step(state={self.state!r}, events={self.events!r})"


class Play(Generic[R, U, S, A]):
    """One round in progress, driven through the protocol.

    ``apply`` steps the game; on a refusal it rebuilds the state from the rules, the setup and
    the actions accepted so far, then re-raises: a refused action changes nothing. This is the
    one refusal mechanism of every game (no game keeps deep copies to roll back).
    """

    def __init__(self, game: Game[R, U, S, A], rules: R, setup: U) -> None:
        self.game = game
        self.rules = rules
        self.setup = setup
        self.state: S = game.start(rules, setup)
        self.log: list[A] = []
        self.events: list[Event] = []

    @classmethod
    def rebuilt(
        cls, game: Game[R, U, S, A], rules: R, setup: U, actions: Sequence[A]
    ) -> Play[R, U, S, A]:
        """A play rebuilt from its accepted actions (a restart, a dispute, a refusal)."""
        play = cls(game, rules, setup)
        for action in actions:
            play.apply(action)
        return play

    @property
    def pending(self) -> Pending:
        return self.game.pending(self.state)

    def legal_actions(self) -> Sequence[A]:
        return self.game.legal_actions(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def settlement(self) -> Settlement:
        return self.game.settlement(self.state)

    def apply(self, action: A) -> Step[S]:
        game = self.game
        if not isinstance(action, game.action_types):
            raise InvalidInput(f"not a {game.name} action: {action!r}")
        try:
            events = tuple(game.step(self.state, action))
        except CroupierError:
            self.state = self._rebuild()
            raise
        self.log.append(action)
        self.events.extend(events)
        return Step(self.state, events)

    def irregularities(self) -> list[tuple[A, tuple[Event, ...]]]:
        """The irregularities the engine would accept now, in the game's order, each with the
        events recording it would cause (its remedy and section). Each candidate is tried on a
        play rebuilt from the accepted actions (the refusal mechanism itself), so an offered
        remedy is the one that will be applied, and trying changes nothing here."""
        offered: list[tuple[A, tuple[Event, ...]]] = []
        for candidate in self.game.irregularities(self.state):
            trial = self.game.start(self.rules, self.setup)
            for earlier in self.log:
                self.game.step(trial, earlier)
            try:
                events = tuple(self.game.step(trial, candidate))
            except CroupierError:
                continue
            offered.append((candidate, events))
        return offered

    def _rebuild(self) -> S:
        state = self.game.start(self.rules, self.setup)
        for earlier in self.log:
            self.game.step(state, earlier)
        return state


def play_randomly(
    game: Game[R, U, S, A],
    rules: R,
    setup: U,
    rng: Rng,
    *,
    max_actions: int = 10_000,
    choose: Callable[[Sequence[A], Rng], A] | None = None,
) -> Play[R, U, S, A]:
    """The random legal player: chance moves from ``game.chance``, every other party picks
    uniformly among its legal actions (or by ``choose``), until the round is over."""
    play = Play(game, rules, setup)
    for _ in range(max_actions):
        pending = game.pending(play.state)
        if pending.kind is PendingKind.NONE:
            return play
        if pending.kind is PendingKind.CHANCE:
            play.apply(game.chance(play.state, rng))
            continue
        options = game.legal_actions(play.state)
        if not options:
            raise InvalidInput(f"{game.name}: {pending} has no legal action")
        pick = choose(options, rng) if choose else options[rng.randbelow(len(options))]
        play.apply(pick)
    raise InvalidInput(f"{game.name}: the round did not end within {max_actions} actions")
