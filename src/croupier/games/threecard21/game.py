"""Three Card 21 "N" Done on the game protocol (``croupier.core.protocol.Game``): ``GAME``.

The rules are ``HouseRules``; the setup the spots' wagers and whether the first card out of a
new shoe is burned (``Setup``); the state a ``Round``; the actions the ``Action`` union.

* Chance is the next card out of the shoe, drawn uniformly from the shoe's composition (the
  rules' six to eight decks, 2C.2(a)) minus every card seen this round.
* Every step's events begin with ``ActionTaken`` (the first step's with the wagers placed before
  it), so a round's events alone rebuild it.
* Money: each person's party, the layout and the house, from the chips the round moved
  (``Round.balances``); there are no tips in this game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.rng import Rng
from croupier.core.shoe import NJShuffleMethod
from croupier.games.base import Pending, PendingKind, Settlement
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import ACTION_TYPES, Action, action_from_record
from croupier.games.threecard21.events import ActionTaken
from croupier.games.threecard21.rules import HouseRules, rules_from_dict
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers

_FACES = 52


@dataclass(frozen=True, slots=True)
class Setup:
    """What exists before a round's first action: the wagers on each spot (2C.5(a), 2C.12)
    and whether the first card out is burned (a new shoe, 2C.6(c))."""

    spots: tuple[SpotWagers, ...]
    burn_first: bool = False


class ThreeCard21Game:
    """N.J.A.C. 13:69F-2C Three Card 21 "N" Done as a ``Game[HouseRules, Setup, Round,
    Action]``."""

    @property
    def name(self) -> str:
        return "threecard21"

    @property
    def action_types(self) -> tuple[type, ...]:
        return ACTION_TYPES

    def parse_rules(self, data: Mapping[str, JSON]) -> HouseRules:
        return rules_from_dict(data)

    def start(self, rules: HouseRules, setup: Setup) -> Round:
        return Round(rules, setup.spots, burn_first=setup.burn_first)

    def random_setup(self, rules: HouseRules, rng: Rng) -> Setup:
        """Most of the table's spots (each with odds 3 in 4, at least three when the table has
        them: rounds long enough to hold several decisions), one to ``max_persons_per_spot``
        people each (named when they share a spot, the first seated or not), wagers in whole
        chips within the table limits; a burn card (a new shoe) half the time unless the
        shuffle is Bart Carter's."""
        chip = rules.smallest_chip
        low = -(-rules.table_minimum // chip)
        high = rules.table_maximum // chip
        high = min(high, low + 40)  # wagers near the minimum: bets of every size, short rounds
        positions = list(range(1, rules.betting_positions + 1))
        spaces = [s for s in positions if rng.randbelow(4)]
        while len(spaces) < min(3, len(positions)):
            spaces = sorted({*spaces, positions[rng.randbelow(len(positions))]})
        spots: list[SpotWagers] = []
        for space in spaces:
            people = 1 + rng.randbelow(rules.max_persons_per_spot)
            persons = tuple(
                PersonWager(
                    chip * (low + rng.randbelow(high - low + 1)),
                    name=f"p{space}-{k}" if people > 1 else None,
                    seated=k == 0 and people > 1 and rng.randbelow(2) == 1,
                )
                for k in range(people)
            )
            spots.append(SpotWagers(space, persons))
        burn = rules.shuffle is not NJShuffleMethod.BART_CARTER and rng.randbelow(2) == 1
        return Setup(tuple(spots), burn)

    def pending(self, state: Round) -> Pending:
        return state.pending

    def legal_actions(self, state: Round) -> Sequence[Action]:
        return state.legal_actions()

    def chance(self, state: Round, rng: Rng) -> Action:
        """The next card: uniform over the physical cards the shoe still holds."""
        if state.pending.kind is not PendingKind.CHANCE:
            raise InvalidInput(f"no card is due: {state.pending}")
        left = [state.rules.decks] * _FACES
        for card in state.cards_seen:
            left[card.index] -= 1
        pick = rng.randbelow(sum(n for n in left if n > 0))
        for index, n in enumerate(left):
            if n <= 0:
                continue
            if pick < n:
                return a.Deal(Card.from_index(index))
            pick -= n
        raise AssertionError("unreachable: the pick is below the cards left")  # pragma: no cover

    def keyed(self, state: Round, outcome: str) -> Action:
        """A card as the dealer keys it leaving the shoe (``Ah``, ``10d``)."""
        if state.pending.kind is not PendingKind.CHANCE:
            raise InvalidInput(f"no card is due: {state.pending}")
        return a.Deal(parse_card(outcome))

    def step(self, state: Round, action: Action) -> Sequence[Event]:
        return state.apply(action)

    def is_over(self, state: Round) -> bool:
        return state.pending.kind is PendingKind.NONE

    def settlement(self, state: Round) -> Settlement:
        return state.settlement()

    def balances(self, state: Round) -> Mapping[str, int]:
        return state.balances()

    def snapshot(self, state: Round) -> JSON:
        return state.snapshot()

    def actions_from_events(self, events: Sequence[Event]) -> list[Action]:
        return [action_from_record(e) for e in events if isinstance(e, ActionTaken)]

    def irregularities(self, state: Round) -> Sequence[Action]:
        """The irregularities of 13:69F-2A.14 that may be recorded now."""
        return state.irregularities()

    def card_irregularities(self, state: Round) -> Sequence[Action]:
        """The irregularities of 2A.14 that name a card out of the shoe ((a) found face up in
        the shoe, (c) drawn in error and exposed, (d) drawn by the dealer to a complete hand),
        which ``irregularities`` does not list: their card is entered, not chosen. Each holds a
        card the shoe still holds in the place of the card entered (at a physical table, the
        card that really left the shoe, ``service.tables``); candidates, like
        ``irregularities``'s: the step refuses those that cannot be recorded now."""
        return state.card_irregularities()


GAME = ThreeCard21Game()
"""The Three Card 21 "N" Done protocol object (``SPEC.game``)."""

__all__ = ["GAME", "PersonWager", "Setup", "SpotWagers", "ThreeCard21Game"]
