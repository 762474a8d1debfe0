"""``croupier bench poker``: random legal hands through the full-rule engine next to PokerKit.

Fixed-limit hold'em and Omaha high-low, 2-, 6- and 11-handed. Both engines play random legal
actions from seeded generators in the same run, chosen alike: uniformly among fold (only when
facing a bet: PokerKit offers no fold to a player who may check), check or call, and bet or
raise when allowed; the random numbers of both come in batches from numpy (``Draws``). The
figure is hands per second.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from croupier.core.cards import parse_cards
from croupier.core.rng import SeededRng
from croupier.games.poker.driver import Draws, random_hand
from croupier.games.poker.rules import Structure, TableRules, Variant
from croupier.games.poker.showdown_eval import showdown_values

SIZES = (2, 6, 11)
STACK = 2000


@dataclass(frozen=True, slots=True)
class BenchRow:
    variant: str
    players: int
    hands: int
    croupier_hps: float
    pokerkit_hps: float | None

    @property
    def ratio(self) -> float | None:
        if not self.pokerkit_hps:
            return None
        return self.croupier_hps / self.pokerkit_hps


def table_rules(variant: Variant) -> TableRules:
    return TableRules(
        variant=variant,
        structure=Structure.FIXED_LIMIT,
        tournament=True,
        small_blind=10,
        big_blind=20,
        small_bet=20,
        big_bet=40,
        max_raises=3,
        odd_chip_unit=1,
        max_players=11,
    )


def croupier_rate(variant: Variant, players: int, hands: int, seed: int) -> float:
    rules = table_rules(variant)
    draws = Draws(SeededRng(seed))
    start = time.perf_counter()
    for k in range(hands):
        hand = random_hand(rules, [STACK] * players, draws, k, needless_folds=False)
        if sum(hand.stacks.values()) != STACK * players:  # pragma: no cover - a broken engine
            raise AssertionError("chips not conserved")
    return hands / (time.perf_counter() - start)


def pokerkit_rate(variant: Variant, players: int, hands: int, seed: int) -> float | None:
    """Hands per second of PokerKit playing random legal actions (``None`` if not installed)."""
    try:
        import pokerkit as pk
    except ImportError:  # pragma: no cover - peers are optional
        return None
    game = (
        pk.FixedLimitTexasHoldem
        if variant is Variant.HOLDEM
        else pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
    )
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    draws = Draws(SeededRng(seed))
    start = time.perf_counter()
    for _ in range(hands):
        state = game.create_state(
            automations, True, 0, (10, 20), 20, 40, (STACK,) * players, players
        )
        while state.status:
            choices = []
            if state.can_fold():
                choices.append(0)
            if state.can_check_or_call():
                choices.append(1)
            if state.can_complete_bet_or_raise_to():
                choices.append(2)
            pick = choices[draws.below(len(choices))]
            if pick == 0:
                state.fold()
            elif pick == 1:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
    return hands / (time.perf_counter() - start)


def run(hands: int = 500, seed: int = 2024, with_pokerkit: bool = True) -> list[BenchRow]:
    """One row per variant and table size (after untimed warm-up: a few hands of each variant,
    and one showdown evaluation of each, so the evaluator's lookup tables and compiled kernels,
    built at first use, are not charged to the first row that happens to reach a showdown)."""
    board = parse_cards("2d 3d 4d 5s 9c")
    for variant in (Variant.HOLDEM, Variant.OMAHA_HILO):
        showdown_values(variant, [parse_cards("Ah Kh Qh Jc")[: variant.hole_cards]], board)
        croupier_rate(variant, 6, 5, seed)
    rows = []
    for variant in (Variant.HOLDEM, Variant.OMAHA_HILO):
        for players in SIZES:
            ours = croupier_rate(variant, players, hands, seed)
            theirs = pokerkit_rate(variant, players, hands, seed) if with_pokerkit else None
            rows.append(BenchRow(variant.value, players, hands, ours, theirs))
    return rows
