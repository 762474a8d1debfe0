"""Read-only views of a round for display (the terminal table, the server's pages, tests).

A view is built from the round's data on demand and shares nothing mutable with it: changing
it is impossible (frozen) and showing it changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from croupier.core.cards import Card
from croupier.games.base import WagerResult
from croupier.games.threecard21.model import Phase, RoundData, points


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand on a spot: its cards, its point total and whether it is complete."""

    cards: tuple[Card, ...]
    total: int
    done: bool


@dataclass(frozen=True, slots=True)
class SpotView:
    """A betting spot: who wagers (names, ``None`` on a one-person spot), who calls the
    decisions (``controller``, an index into ``players``) and its hands."""

    space: int
    players: tuple[str | None, ...]
    wagers: tuple[int, ...]
    controller: int
    hands: tuple[HandView, ...]
    split: bool
    dead: bool


@dataclass(frozen=True, slots=True)
class RoundView:
    """What the table shows now. ``dealer`` holds every dealer card; ``hole_revealed`` says
    whether the second one is face up yet."""

    phase: Phase
    dealer: tuple[Card, ...]
    hole_revealed: bool
    first_card_out: bool
    spots: tuple[SpotView, ...]
    results: tuple[WagerResult, ...]
    bonus: Mapping[int, str]

    def spot(self, space: int) -> SpotView | None:
        return next((s for s in self.spots if s.space == space), None)

    @property
    def dealer_shown(self) -> tuple[Card | None, ...]:
        """The dealer's cards as a player sees them: the hole card ``None`` until revealed."""
        hidden = not self.hole_revealed and self.phase is not Phase.DONE
        return tuple(None if i == 1 and hidden else c for i, c in enumerate(self.dealer))


def view_of(r: RoundData) -> RoundView:
    """A read-only view of ``r`` as it is now."""
    return RoundView(
        phase=r.phase,
        dealer=tuple(r.dealer),
        hole_revealed=r.hole_revealed,
        first_card_out=r.first_card_out,
        spots=tuple(
            SpotView(
                space=s.space,
                players=tuple(p.name for p in s.persons),
                wagers=tuple(p.wager for p in s.persons),
                controller=s.controller,
                hands=tuple(HandView(tuple(h.cards), points(h.cards), h.done) for h in s.hands),
                split=s.split,
                dead=s.dead,
            )
            for s in r.spots
        ),
        results=tuple(r.results),
        bonus=dict(r.bonus),
    )
