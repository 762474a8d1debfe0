"""Twenty-one (N.D. Admin. Code 99-01.3-08) on the game protocol: ``GAME``, a
``croupier.core.protocol.Game[HouseRules, Setup, Round, Action]``.

* The setup (``Setup``) is what exists before the first card: each betting space's wager and tip
  bet (``SeatWager``; placed in ``start``, checked under -01.2, -09.1 and -09.2.a), whether the
  dealer's first card is dealt up or down (-10.1.a), whether the card-reading device
  malfunctions (-10.1.c(5)) and whether the first card of the shoe was not burned (-12.13).
  The wagers' events (``WagerAccepted``) are the round's ``opening`` events.
* The dealer's ``deal`` is the first action; then chance (the next card from the shoe) and the
  players' decisions. Chance draws uniformly from the shoe's composition (the rules' decks)
  minus every card seen this round (dealt or burned).
* Every step's events begin with ``ActionRecorded(action)``, so a round's events rebuild it.
* Money: the round's own accounts (``Round.balances``): each player (``player:<space>``, or
  ``player:<name>`` when the wager names the player), the ``layout``, the ``house`` (chip tray)
  and the ``tips`` (tip receptacle). A won tip bet and its 1:1 payoff from the chip tray go to
  the tip receptacle (-09.2.a, -11.14).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from croupier.core.cards import Card, parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event
from croupier.core.protocol import Pending, PendingKind, Settlement
from croupier.core.rng import Rng
from croupier.games.twentyone import mistakes
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.events import ActionRecorded
from croupier.games.twentyone.rules import HouseRules, rules_from_dict
from croupier.games.twentyone.state import Round

_FACES = 52
MAX_SPACES = 7


@dataclass(frozen=True, slots=True)
class Setup:
    """What exists before a round's first action."""

    wagers: tuple[SeatWager, ...]
    dealer_first_card_up: bool = True
    device_malfunction: bool = False
    no_burn_at_start: bool = False


def new_round(rules: HouseRules, setup: Setup) -> tuple[Round, list[Event]]:
    """The round of ``setup`` with its wagers placed, and the events of placing them."""
    if not setup.wagers:
        raise RuleViolation(
            "the dealer deals only to betting spaces with a wager", "99-01.3-08-10.1"
        )
    state = Round(
        rules,
        dealer_first_card_up=setup.dealer_first_card_up,
        device_malfunction=setup.device_malfunction,
    )
    events: list[Event] = []
    for wager in setup.wagers:
        events += state.apply(wager.action())
    if setup.no_burn_at_start:
        events += state.apply(Action(ActionKind.NO_BURN_AT_START))
    return state, [e for e in events if not isinstance(e, ActionRecorded)]


class TwentyOneGame:
    """N.D. Admin. Code 99-01.3-08 twenty-one as a ``Game[HouseRules, Setup, Round, Action]``."""

    @property
    def name(self) -> str:
        return "twentyone"

    @property
    def action_types(self) -> tuple[type, ...]:
        return (Action,)

    def parse_rules(self, data: Mapping[str, JSON]) -> HouseRules:
        return rules_from_dict(data)

    def start(self, rules: HouseRules, setup: Setup) -> Round:
        state, events = new_round(rules, setup)
        state.opening = tuple(events)
        return state

    def random_setup(self, rules: HouseRules, rng: Rng) -> Setup:
        """One to six betting spaces with lawful wagers (whole dollars within the table's
        limits, -09.1), a tip bet on about a third of them when tips are permitted (fifty-cent
        chips up to the tip limit, -09.2.a); a named player on two adjacent spaces now and then
        (-01.2); the dealer's first card down one round in four, a device malfunction one in
        eight."""
        count = 1 + rng.randbelow(6)
        spaces = sorted(_sample(list(range(1, MAX_SPACES + 1)), count, rng))
        low, high = rules.minimum_wager // 100, rules.maximum_wager // 100
        pair: tuple[int, int] | None = None
        adjacent = [(a, b) for a, b in pairwise(spaces) if b == a + 1]
        if adjacent and rng.randbelow(3) == 0:
            pair = adjacent[rng.randbelow(len(adjacent))]
        wagers = []
        for space in spaces:
            wager = 100 * (low + rng.randbelow(high - low + 1))
            tip = 0
            if rules.tip_betting_permitted and rng.randbelow(3) == 0:
                tip = 50 * (1 + rng.randbelow(rules.tip_bet_limit // 50))
            player = "pair" if pair is not None and space in pair else None
            wagers.append(SeatWager(space, wager, tip, player))
        return Setup(
            tuple(wagers),
            dealer_first_card_up=rng.randbelow(4) != 0,
            device_malfunction=rng.randbelow(8) == 0,
        )

    def pending(self, state: Round) -> Pending:
        return state.pending

    def legal_actions(self, state: Round) -> Sequence[Action]:
        if state.queue:
            return []  # chance: the next card is ``chance``'s move
        return state.legal_actions()

    def chance(self, state: Round, rng: Rng) -> Action:
        """The next card: uniform over the physical cards the shoe still holds (the rules'
        decks less every card seen this round)."""
        if state.pending.kind is not PendingKind.CHANCE:
            raise InvalidInput(f"no card is due: {state.pending}")
        left = [state.rules.decks] * _FACES
        for card, n in state.seen.items():
            left[card.index] -= n
        pick = rng.randbelow(sum(n for n in left if n > 0))
        for index, n in enumerate(left):
            if n <= 0:
                continue
            if pick < n:
                return Action(ActionKind.CARD, card=Card.from_index(index))
            pick -= n
        raise AssertionError("unreachable: the pick is below the cards left")  # pragma: no cover

    def keyed(self, state: Round, outcome: str) -> Action:
        """A card as the dealer keys it leaving the shoe (``Ah``, ``10d``)."""
        if state.pending.kind is not PendingKind.CHANCE:
            raise InvalidInput(f"no card is due: {state.pending}")
        return Action(ActionKind.CARD, card=parse_card(outcome))

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
        return [e.action for e in events if isinstance(e, ActionRecorded)]

    def irregularities(self, state: Round) -> Sequence[Action]:
        """The dealing mistakes of -12 that may be recorded now."""
        return mistakes.candidates(state)

    def card_irregularities(self, state: Round) -> Sequence[Action]:
        """The dealing mistakes among ``irregularities`` whose card leaves the shoe exposed, to
        be burned as the next card (``mistakes.card_candidates``): at a physical table the
        dealer enters that card with the mistake."""
        return mistakes.card_candidates(state)


def _sample(items: list[int], k: int, rng: Rng) -> list[int]:
    pool = list(items)
    out = []
    for _ in range(k):
        out.append(pool.pop(rng.randbelow(len(pool))))
    return out


GAME = TwentyOneGame()
"""The twenty-one protocol object (``SPEC.game``)."""

__all__ = ["GAME", "SeatWager", "Setup", "TwentyOneGame", "new_round"]
