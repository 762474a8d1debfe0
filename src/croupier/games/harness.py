"""One harness for every game, on the protocol of ``croupier.core.protocol``.

* ``replay``: play a round file (its rules, setup and a script of actions and chance moves)
  through ``Play``; an item marked ``refused`` must be refused under exactly that section (the
  state is then unchanged, by ``Play``'s one mechanism) and the replay goes on.
* ``play_randomly`` (re-exported from ``core.protocol``): the random legal player used by the
  tests, the benchmarks and the simulators.

A game turns its own round-file sections into a ``Script``: the items in order, with chance
moves taken from the file's shoe or wheel stops where the round owes one. Anchors such as a
dealing mistake's ``before`` are the game's business; the loop, the refusal check and the result
are shared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.protocol import Game, Play, play_randomly
from croupier.games.base import ReplayResult

__all__ = ["Script", "ScriptItem", "play_randomly", "replay", "run_script"]

R = TypeVar("R")
U = TypeVar("U")
S = TypeVar("S")
A = TypeVar("A")
S_in = TypeVar("S_in", contravariant=True)


@dataclass(frozen=True, slots=True)
class ScriptItem(Generic[A]):
    """One scripted action; ``refused`` is the section it must be refused under, if any."""

    action: A
    refused: str | None = None
    label: str = ""


class Script(Protocol[S_in, A]):
    """The items of a round file, handed out one at a time as the state asks for them."""

    def next(self, state: S_in) -> ScriptItem[A] | None:
        """The next item (a scripted action or the chance move the round owes now), or
        ``None`` when the file has nothing more."""
        ...


def run_script(
    game: Game[R, U, S, A], rules: R, setup: U, script: Script[S, A]
) -> Play[R, U, S, A]:
    """Play ``script`` through ``Play``, checking every expected refusal."""
    play = Play(game, rules, setup)
    while True:
        item = script.next(play.state)
        if item is None:
            return play
        what = item.label or repr(item.action)
        if item.refused is None:
            play.apply(item.action)
            continue
        try:
            play.apply(item.action)
        except RuleViolation as exc:
            if exc.section != item.refused:
                raise InvalidInput(
                    f"action {what} was refused under {exc.section}, not {item.refused}"
                ) from exc
            continue
        raise InvalidInput(f"action {what} should have been refused ({item.refused}) but was not")


def replay(
    game: Game[R, U, S, A],
    rules: R,
    setup: U,
    script: Script[S, A],
    describe: Callable[[Event], str] | None = None,
) -> ReplayResult:
    """Replay a round file's script; the settlement, the events and a transcript."""
    play = run_script(game, rules, setup, script)
    events: Sequence[Event] = tuple(play.events)
    lines = tuple(line for line in (describe(e) for e in events) if line) if describe else ()
    return ReplayResult(play.settlement(), tuple(events), lines)
