"""Helpers for the twenty-one rule tests: play a round from cards and decisions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from croupier.core.cards import parse_cards
from croupier.games.base import WagerResult
from croupier.games.harness import run_script
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.game import GAME
from croupier.games.twentyone.roundfile import RoundScript, parse_entry, seat_action, setup_of
from croupier.games.twentyone.rules import rules_from_dict
from croupier.games.twentyone.state import Round


class Played:
    def __init__(self, state: Round, events: list[Any]) -> None:
        self.state = state
        self.events = events
        self.settlement = state.settlement()

    def wager(self, space: int, kind: str, hand: int = 0) -> WagerResult:
        found = [
            w for w in self.settlement.wagers if (w.space, w.hand, w.kind) == (space, hand, kind)
        ]
        assert len(found) == 1, f"{space}/{hand}/{kind} not in {self.settlement.to_dict()}"
        return found[0]

    def kinds(self) -> set[tuple[int, int, str]]:
        return {(w.space, w.hand, w.kind) for w in self.settlement.wagers}

    @property
    def dealer(self) -> list[str]:
        return [str(c) for c in self.state.dealer_cards]


Run = Callable[..., Played]


@pytest.fixture
def run() -> Run:
    def _run(
        shoe: str,
        seats: Sequence[dict[str, Any]],
        actions: Sequence[dict[str, Any]] = (),
        setup: dict[str, Any] | None = None,
        **rules: Any,
    ) -> Played:
        house = rules_from_dict(rules)
        start = setup_of(seats, setup or {})
        script = RoundScript([parse_entry(a) for a in actions], parse_cards(shoe))
        play = run_script(GAME, house, start, script)
        return Played(play.state, [*play.state.opening, *play.events])

    return _run


@pytest.fixture
def dealt() -> Callable[..., Round]:
    """A round dealt up to its first decision (cards in dealing order)."""

    def _dealt(shoe: str, seats: Sequence[dict[str, Any]], **rules: Any) -> Round:
        state = Round(rules_from_dict(rules))
        for s in seats:
            state.apply(seat_action(s))
        state.apply(Action(ActionKind.DEAL))
        cards = list(parse_cards(shoe))
        while state.queue:
            state.apply(Action(ActionKind.CARD, card=cards.pop(0)))
        state._test_cards = cards  # type: ignore[attr-defined]
        return state

    return _dealt
