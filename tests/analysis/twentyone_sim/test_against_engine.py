"""The kernel against croupier's own engine, card by card.

A shoe is shuffled, cut and given its indicator card as the table does it
(``ShoePrepared``); the engine's ``Table`` deals it round by round to five players whose
decisions a readable reference player takes from the same strategy tables; the kernel deals the
same card order (``kernel.play_shoe``). Every seat's result in every round, and the number of
rounds before the indicator card calls the reshuffle, must agree: this is "the rules as dealt
here" (99-01.3-08-08, -09, -10, -11), for each dealing method and S17/H17.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from croupier.analysis.twentyone_sim import Strategy, basic_strategy, chunks, from_house_rules
from croupier.analysis.twentyone_sim import layout as k
from croupier.analysis.twentyone_sim import strategy as codes
from croupier.core.cards import Card, multi_deck
from croupier.core.protocol import PendingKind
from croupier.core.rng import SeededRng
from croupier.core.shuffle import fisher_yates
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.events import ShoePrepared
from croupier.games.twentyone.hand import Hand
from croupier.games.twentyone.rules import HouseRules, rules_from_dict
from croupier.games.twentyone.table import Table

PLAYERS = 5
WAGER = 1000  # $10: one tenth of a wager is ten cents


def _value(card: Card) -> int:
    return card.count_value  # ace 1, ten-count cards 10


def _choose(strategy: Strategy, hand: Hand, up: int, legal: list[Action]) -> Action:
    """The reference player: the strategy tables read the plain way."""
    by_kind = {a.kind: a for a in legal if a.amount is None and a.tip_amount is None}
    values = [_value(c) for c in hand.cards]
    hard = sum(values)
    soft = 1 in values and hard + 10 <= 21
    total = hard + 10 if soft else hard
    stand = by_kind[ActionKind.STAND]
    if total >= 21:
        return stand
    code = None
    if ActionKind.SPLIT in by_kind:
        code = int(strategy.pairs[values[0], up])
        if code in (codes.SPLIT, codes.SURRENDER_OR_SPLIT):
            return by_kind[ActionKind.SPLIT]
    if ActionKind.HIT not in by_kind:  # a split ace: one card only
        return stand
    if code is None:
        code = int((strategy.soft if soft else strategy.hard)[total, up])
    double = by_kind.get(ActionKind.DOUBLE)
    if code in (codes.DOUBLE_OR_HIT, codes.DOUBLE_OR_STAND) and double is not None:
        return double
    if code in (codes.STAND, codes.DOUBLE_OR_STAND, codes.SURRENDER_OR_STAND):
        return stand
    return by_kind[ActionKind.HIT]


def _engine_shoe(house: HouseRules, strategy: Strategy, order: list[Card], cut: int,
                 indicator: int) -> list[list[int]]:  # fmt: skip
    """Each round's result of each seat, in tenths of the wager, as the engine settles it."""
    table = Table()
    table.open(house)
    names = [f"p{i}" for i in range(1, PLAYERS + 1)]
    for name in names:
        table.join(name, 10**9)
    table.apply(ShoePrepared(tuple(order), cut, indicator, "test shoe"))
    shoe = table.shoe
    assert shoe is not None
    rounds = []
    while not shoe.reshuffle_due:
        before = [table.chips[n] for n in names]
        wagers = [SeatWager(i + 1, WAGER, player=n) for i, n in enumerate(names)]
        table.start_round(wagers)
        while table.round is not None:
            r = table.round
            assert r.pending.kind is PendingKind.SEAT, r.pending
            legal = r.legal_actions()
            kinds = {a.kind for a in legal}
            if ActionKind.NO_INSURANCE in kinds:
                kind = ActionKind.INSURANCE if strategy.take_insurance else ActionKind.NO_INSURANCE
                action = next(a for a in legal if a.kind is kind)
            else:
                assert r.current is not None
                assert r.up_card is not None
                action = _choose(strategy, r.current[1], _value(r.up_card), legal)
            table.act(action)
        rounds.append(
            [(table.chips[n] - b) // (WAGER // 10) for n, b in zip(names, before, strict=True)]
        )
    return rounds


@pytest.mark.parametrize(
    ("method", "h17", "insure"),
    [
        ("hole-card-no-peek", False, False),
        ("hole-card-no-peek", True, True),
        ("no-hole-card", True, False),
        ("no-hole-card", False, True),
        ("hole-card-with-card-reading-device", False, False),
        ("hole-card-with-card-reading-device", True, True),
    ],
)
def test_every_round_of_a_shoe_settles_as_the_engine_settles_it(
    method: str, h17: bool, insure: bool
) -> None:
    house = rules_from_dict({"decks": 4, "dealing_method": method, "dealer_hits_soft_17": h17})
    sim = from_house_rules(house)
    strategy = dataclasses.replace(basic_strategy(sim), take_insurance=insure)
    insured = doubled_or_split = 0
    for seed in range(1, 4):
        rng = SeededRng(seed)
        order = fisher_yates(multi_deck(4), rng)
        cut = 10 + rng.randbelow(len(order) - 19)
        indicator = 50 + rng.randbelow(51)
        expected = _engine_shoe(house, strategy, order, cut, indicator)

        dealt = order[cut:] + order[:cut]
        rules = sim.as_array()
        rules[k.P_IND_MIN] = rules[k.P_IND_MAX] = indicator
        values = np.array([_value(c) for c in dealt], dtype=np.int64)
        got, stats = chunks.play_shoe(rules, strategy.hard, strategy.soft, strategy.pairs, insure,
                                 PLAYERS, values)  # fmt: skip
        assert len(expected) > 5
        assert got.tolist() == expected, seed
        assert stats[k.S_ROUNDS] == len(expected)
        insured += int(stats[k.S_INSURANCE])
        doubled_or_split += int(stats[k.S_DOUBLES] + stats[k.S_SPLITS])
    assert doubled_or_split > 0
    assert (insured > 0) == insure
