"""Seats, players and the button (99-01.3-09-04.8, -04.11)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from croupier.core.cards import Card, standard_deck
from croupier.core.errors import InvalidInput, RuleViolation

FIRST_BUTTON = "99-01.3-09-04.8"
HEADS_UP = "99-01.3-09-04.11"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seated player at the start of a hand; ``absent`` when away from the seat (-05.11)."""

    seat: int
    stack: int
    player: str | None = None
    absent: bool = False


@dataclass(slots=True)
class Player:
    """One player's state during a hand (mutable; owned by the hand)."""

    seat: int
    name: str | None
    stack: int
    start: int
    absent: bool = False
    hole: list[Card | None] = field(default_factory=list)
    bet: int = 0
    contributed: int = 0
    ante: int = 0
    folded: bool = False
    dead: bool = False
    all_in: bool = False
    acted_serial: int = -1
    shown: bool = False
    mucked: bool = False
    won: int = 0

    @property
    def live(self) -> bool:
        """Still contesting the pot: not folded, not dead, not discarded."""
        return not (self.folded or self.dead or self.mucked)

    @property
    def able(self) -> bool:
        """Can still act in the betting (live and not all in)."""
        return not (self.folded or self.dead or self.mucked or self.all_in)


_INDEX_BY_ID = {id(c): c.index for c in standard_deck()}
"""The index of each of the 52 shared card objects (``parse_card`` and the decks hand them out),
by identity: a dictionary probe instead of the ``Card.index`` property's arithmetic."""


def card_index(card: Card) -> int:
    """``card.index`` (0..51), fast for the shared card objects."""
    found = _INDEX_BY_ID.get(id(card))
    return card.index if found is None else found


def first_button(draws: Mapping[int, Card]) -> int:
    """The seat drawing the high card; equal ranks are decided by suit, spades, hearts, diamonds,
    clubs from best to worst (99-01.3-09-04.8)."""
    if len(draws) < 2:
        raise InvalidInput("dealing for the button needs at least two players")
    if len(set(draws.values())) != len(draws):
        raise RuleViolation("two players cannot draw the same card from one deck", FIRST_BUTTON)
    return max(draws, key=lambda seat: (int(draws[seat].rank), int(draws[seat].suit)))


def next_button(
    previous_seats: Sequence[int],
    button: int,
    seats: Sequence[int],
    last_big_blind: Mapping[int, int],
) -> int:
    """The button for the next hand.

    Normally the next occupied seat clockwise (higher number, wrapping). When play becomes
    heads-up, the player who had the big blind most recently gets the button (-04.11);
    ``last_big_blind`` maps a seat to the number of the hand in which it last had the big blind.
    """
    ordered = sorted(seats)
    if len(ordered) < 2:
        raise InvalidInput("a hand needs at least two players")
    if len(ordered) == 2 and len(previous_seats) > 2:
        recent = [s for s in ordered if s in last_big_blind]
        if recent:
            return max(recent, key=lambda s: last_big_blind[s])
    for seat in ordered:
        if seat > button:
            return seat
    return ordered[0]
