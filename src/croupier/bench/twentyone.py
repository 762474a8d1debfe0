"""``croupier bench twentyone``: settle many random legal rounds under random valid house rules.

A random legal-action bot (driven by a ``SeededRng``) places wagers, takes decisions from
``Round.legal_actions()`` and, when asked, records random dealing mistakes; cards come from a
shuffled shoe. Every round must settle with no error and conserve chips.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from croupier.core.cards import Card, multi_deck
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.rng import Rng, SeededRng
from croupier.core.shuffle import fisher_yates
from croupier.games.base import PendingKind
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.rules import DealingMethod, DoubleDown, HouseRules, TipDoubleDown
from croupier.games.twentyone.settle import LAYOUT
from croupier.games.twentyone.state import Round

_MISTAKES = [k for k in ActionKind if k.is_mistake]


def random_rules(rng: Rng) -> HouseRules:
    """Valid house rules drawn at random."""
    maximum = 100 * (1 + rng.randbelow(25))
    minimum = 100 * (1 + rng.randbelow(min(3, maximum // 100)))
    insurance = rng.randbelow(4) != 0
    tips = rng.randbelow(3) != 0
    methods = list(DealingMethod)
    return HouseRules(
        decks=(4, 6, 8)[rng.randbelow(3)],
        dealer_hits_soft_17=rng.randbelow(2) == 1,
        dealing_method=methods[rng.randbelow(3)],
        device_fallback_method=methods[rng.randbelow(2)],
        minimum_wager=minimum,
        maximum_wager=maximum,
        insurance_permitted=insurance,
        even_money_offered=insurance and rng.randbelow(2) == 1,
        tip_betting_permitted=tips,
        double_down=list(DoubleDown)[rng.randbelow(2)],
        tip_double_down=list(TipDoubleDown)[rng.randbelow(3)]
        if tips
        else TipDoubleDown("not-permitted"),
        video_surveillance=rng.randbelow(2) == 1,
    )


class ShoeFeed:
    """Cards for the bench: a shuffled multi-deck shoe, reshuffled when it runs low."""

    def __init__(self, decks: int, rng: Rng) -> None:
        self.decks = decks
        self.rng = rng
        self.cards: list[Card] = []
        self.pos = 0
        self.reshuffle()

    def reshuffle(self) -> None:
        self.cards = fisher_yates(multi_deck(self.decks), self.rng)
        self.pos = 0

    def round_start(self) -> None:
        if len(self.cards) - self.pos < 75:
            self.reshuffle()

    def next(self) -> Card:
        card = self.cards[self.pos]
        self.pos += 1
        return card


def random_bets(rng: Rng, rules: HouseRules) -> list[Action]:
    bets = []
    taken: set[int] = set()
    for n in range(1 + rng.randbelow(4)):
        space = 1 + rng.randbelow(7)
        if space in taken:
            continue
        taken.add(space)
        wager = 100 * (rules.minimum_wager // 100 + rng.randbelow(rules.maximum_wager // 100))
        tip = 0
        if rules.tip_betting_permitted and rng.randbelow(3) == 0:
            tip = 50 * (1 + rng.randbelow(rules.tip_bet_limit // 50))
        bets.append(
            Action(ActionKind.BET, space=space, amount=wager, tip_amount=tip, player=f"p{n}")
        )
    return bets


def play_random_round(
    rng: Rng,
    rules: HouseRules,
    feed: ShoeFeed,
    mistake_rate: int = 0,
    on_event: Callable[[Round, Action], None] | None = None,
    log: list[Event] | None = None,
) -> Round:
    """Play one random legal round to the end. ``mistake_rate`` n > 0: about one decision in n
    is instead a random dealing mistake (refused ones are skipped)."""
    r = Round(
        rules, dealer_first_card_up=rng.randbelow(4) != 0, device_malfunction=rng.randbelow(8) == 0
    )
    feed.round_start()
    sink: list[Event] = [] if log is None else log
    for b in random_bets(rng, rules):
        sink += r.apply(b)
    sink += r.apply(Action(ActionKind.DEAL))
    steps = 0
    while r.pending.kind is not PendingKind.NONE:
        steps += 1
        if steps > 400:
            raise RuntimeError("round did not finish")
        if mistake_rate and rng.randbelow(mistake_rate) == 0:
            m = _random_mistake(rng, r)
            try:
                sink += r.apply(m)
            except (RuleViolation, InvalidInput):
                pass
            else:
                if on_event:
                    on_event(r, m)
            continue
        if r.pending.kind is PendingKind.CHANCE:
            action = Action(ActionKind.CARD, card=feed.next())
        else:
            options = r.legal_actions()
            action = options[rng.randbelow(len(options))]
        sink += r.apply(action)
        if on_event:
            on_event(r, action)
    return r


def _random_mistake(rng: Rng, r: Round) -> Action:
    kind = _MISTAKES[rng.randbelow(len(_MISTAKES))]
    target = r.chance_target()
    space = target.space if target is not None else 1 + rng.randbelow(7)
    if kind in (ActionKind.CARD_TO_INACTIVE_SPACE, ActionKind.INSURANCE_NOT_OFFERED):
        space = 1 + rng.randbelow(7) if rng.randbelow(2) else None
    return Action(kind, space=space, exposed=rng.randbelow(2) == 1)


def conserved(r: Round) -> bool:
    """Chips are conserved and nothing is left on the layout."""
    return sum(r.accounts.values()) == 0 and r.accounts.get(LAYOUT, 0) == 0


@dataclass(frozen=True, slots=True)
class BenchResult:
    rounds: int
    seconds: float
    rule_sets: int

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else float("inf")


def run(rounds: int, seed: int = 0, rounds_per_rule_set: int = 1000) -> BenchResult:
    """Settle ``rounds`` random rounds; every rule set plays ``rounds_per_rule_set`` rounds."""
    rng = SeededRng(seed)
    start = time.perf_counter()
    done = sets = 0
    while done < rounds:
        rules = random_rules(rng)
        feed = ShoeFeed(rules.decks, rng)
        sets += 1
        for _ in range(min(rounds_per_rule_set, rounds - done)):
            r = play_random_round(rng, rules, feed)
            if not conserved(r):
                raise RuntimeError(f"chips not conserved: {r.accounts}")
            done += 1
    return BenchResult(done, time.perf_counter() - start, sets)
