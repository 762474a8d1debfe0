"""Poker on the game protocol (``croupier.core.protocol.Game``): ``GAME``.

The rules are ``TableRules``, the setup the seated players with their stacks and the button
(``Setup``), the state a ``Hand`` and the actions ``Action``. Chance is the next card, drawn
uniformly from the cards the deck still holds (99-01.3-09-04.2: one 52-card deck). Every step's
events begin with ``ActionTaken`` (the action as applied), so a hand's event stream alone
rebuilds it (``ActionTaken`` is on the hand's own record, ``Hand.events``, too); the first
step's also carry the hand's opening events (the button, the forced bets), which happen before
any action.

Money: each player's party is the change of the player's stack; the pot holds the rest until it
is awarded. N.D. poker has no rake (fees are collected apart, -03.3), so the house's part is
always zero. Chips a defective deck forfeits (-04.28) stay on the table for the next game's pot:
that is a party of its own, ``NEXT_POT``.

Compiled with the engine (mypyc): the methods are thin, and ``chance`` finds the card in the
bit set of the cards dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from croupier.core.cards import parse_card, standard_deck
from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.core.protocol import HOUSE, Pending, PendingKind, Settlement, player_party
from croupier.core.rng import Rng
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import ActionTaken
from croupier.games.poker.hand import Hand
from croupier.games.poker.rules import Structure, TableRules, rules_from_dict
from croupier.games.poker.state import Phase
from croupier.games.poker.table import SeatSpec

POT: Final = "pot"
"""The balance of the chips wagered in the hand and not yet awarded or returned."""
NEXT_POT: Final = "next game's pot"
"""Chips forfeited to the next game's pot by a defective deck (-04.28)."""

_DECK: Final = standard_deck()
_DEAL: Final = tuple([Action(ActionKind.CARD, card=c) for c in _DECK])
"""The dealing action of each card, by card index (actions are frozen values)."""
_CHANCE: Final = PendingKind.CHANCE
_NONE: Final = PendingKind.NONE
_VOID: Final = Phase.VOID
_NO_ACTIONS: Final[tuple[Action, ...]] = ()
_ACTION_TYPES: Final[tuple[type, ...]] = (Action,)


@dataclass(frozen=True, slots=True)
class Setup:
    """What exists before a hand's first action: the seated players (seat, stack in cents,
    name, absent from the seat) and the button's seat."""

    seats: tuple[SeatSpec, ...]
    button: int


class PokerGame:
    """N.D. Admin. Code 99-01.3-09 poker as a ``Game[TableRules, Setup, Hand, Action]``."""

    @property
    def name(self) -> str:
        return "poker"

    @property
    def action_types(self) -> tuple[type, ...]:
        return _ACTION_TYPES

    def parse_rules(self, data: Mapping[str, JSON]) -> TableRules:
        return rules_from_dict(data)

    def start(self, rules: TableRules, setup: Setup) -> Hand:
        return Hand(rules, setup.seats, setup.button)

    def random_setup(self, rules: TableRules, rng: Rng) -> Setup:
        """2 to ``max_players`` players on random seats of an 11-seat table, the button on one
        of them; stacks from one chip to about a hundred big bets (short stacks make all-ins
        and side pots); now and then a player away from the seat (-05.11), never more than
        all but two."""
        count = 2 + rng.randbelow(rules.max_players - 1)
        free = list(range(1, 12))
        numbers = sorted(free.pop(rng.randbelow(len(free))) for _ in range(count))
        unit = max(rules.big_blind, rules.big_bet, rules.minimum_bet, 1)
        if rules.structure is Structure.NONTOURNAMENT:
            unit = max(unit, rules.maximum_bet)
        seats = []
        away = 0
        for seat in numbers:
            if rng.randbelow(4) == 0:
                stack = 1 + rng.randbelow(2 * unit)
            else:
                stack = unit * (1 + rng.randbelow(100))
            absent = away < count - 2 and rng.randbelow(12) == 0
            away += 1 if absent else 0
            seats.append(SeatSpec(seat, stack, None, absent))
        return Setup(tuple(seats), numbers[rng.randbelow(count)])

    def pending(self, state: Hand) -> Pending:
        return state.pending

    def legal_actions(self, state: Hand) -> Sequence[Action]:
        if state.pending.kind is _CHANCE:
            return _NO_ACTIONS
        return state.legal_choices()

    def chance(self, state: Hand, rng: Rng) -> Action:
        """The next card: uniform over the cards not yet taken from the deck."""
        if state.pending.kind is not _CHANCE:
            raise InvalidInput(f"no card is due now: {state.pending}")
        seen = state.seen
        left = 52 - seen.bit_count()
        if left <= 0:
            raise InvalidInput("no card is left in the deck: every card of this hand is out")
        k = rng.randbelow(left)
        index = 0
        while True:
            if not seen >> index & 1:
                if k == 0:
                    return _DEAL[index]
                k -= 1
            index += 1

    def keyed(self, state: Hand, outcome: str) -> Action:
        """A card as the dealer keys it leaving the deck (``Ah``, ``10d``)."""
        if state.pending.kind is not _CHANCE:
            raise InvalidInput(f"no card is due now: {state.pending}")
        return _DEAL[parse_card(outcome).index]

    def step(self, state: Hand, action: Action) -> Sequence[Event]:
        """``ActionTaken`` goes on the hand's record first, then the hand applies the action
        (if it refuses, ``Play`` rebuilds the hand, record and all, from the accepted ones)."""
        events = state.events
        start = len(events) if state.log else 0
        events.append(ActionTaken(action))
        state.apply(action)
        return events[start:]

    def is_over(self, state: Hand) -> bool:
        return state.pending.kind is _NONE

    def settlement(self, state: Hand) -> Settlement:
        """The hand's settlement (``Hand.settlement``) with each party's net: every player's
        stack change, the house's zero and any chips forfeited to the next game's pot."""
        found = state.settlement()
        return Settlement(found.wagers, found.details, self.parties(state))

    def parties(self, state: Hand) -> dict[str, int]:
        parties = {_party(p.seat, p.name): p.stack - p.start for p in state.players}
        parties[HOUSE] = 0
        left = state.pot
        if left:
            parties[NEXT_POT if state.phase is _VOID else POT] = left
        return parties

    def balances(self, state: Hand) -> Mapping[str, int]:
        return self.parties(state)

    def snapshot(self, state: Hand) -> JSON:
        return state.snapshot()

    def actions_from_events(self, events: Sequence[Event]) -> list[Action]:
        return [e.action for e in events if isinstance(e, ActionTaken)]

    def irregularities(self, state: Hand) -> Sequence[Action]:
        """A misdeal for each cause -04.13 names, while one may still be called (during the
        deal, and until substantial action). Exposed, faced and fouled cards, a defective deck
        and a short call name a card or a seat's own act, and are recorded as they happen."""
        if not state.misdeal_allowed():
            return ()
        return tuple(Action(ActionKind.MISDEAL, reason=r) for r in MISDEAL_CAUSES)


def _party(seat: int, name: str | None) -> str:
    return player_party(name if name is not None else seat)


GAME: Final = PokerGame()
"""The poker protocol object (``SPEC.game``)."""


_SIZED: Final = (ActionKind.BET, ActionKind.RAISE)

MISDEAL_CAUSES: Final = (
    "a player received an incorrect number of cards",
    "an active player was dealt out",
    "cards were dealt to an inactive empty seat",
    "cards were dealt out of sequence",
)
"""The causes of a misdeal during the initial deal (99-01.3-09-04.13)."""


def choose_sized(options: Sequence[Action], rng: Rng) -> Action:
    """A random legal player's choice (``play_randomly(..., choose=choose_sized)``) that bets
    or raises any amount: uniform among the kinds of move listed (fold, check or call, bet or
    raise), then a bet or raise to a uniform amount from the smallest to the largest allowed
    (``legal_actions`` lists those two)."""
    kinds: list[ActionKind] = []
    for option in options:
        if option.kind not in kinds:
            kinds.append(option.kind)
    kind = kinds[rng.randbelow(len(kinds))]
    sizes = [a.amount for a in options if a.kind is kind]
    pick = next(a for a in options if a.kind is kind)
    if kind not in _SIZED or len(sizes) < 2:
        return pick
    low, high = min(sizes), max(sizes)
    return Action(kind, pick.seat, amount=low + rng.randbelow(high - low + 1))
