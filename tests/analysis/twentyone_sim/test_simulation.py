"""The twenty-one simulation kernel: streams, partitioning, hand-computable probabilities, the
dealer's natural under original bets only, and a published house edge.

No timings here (``croupier simulate twentyone`` prints rounds per second).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from croupier.analysis.twentyone_sim import (
    DealerNatural,
    SimRules,
    Strategy,
    Summary,
    basic_strategy,
    chunk_seeds,
    chunk_sizes,
    combine,
    plan,
    simulate_serial,
)
from croupier.analysis.twentyone_sim import layout as k
from croupier.analysis.twentyone_sim.strategy import STAND

Z = 4.5  # a hand-computable probability is checked to 4.5 standard errors


def _summary(rules: SimRules, strategy: Strategy, rounds: int, seed: int, players: int = 1,
             chunk: int = 1 << 20) -> Summary:  # fmt: skip
    return Summary.from_stats(
        simulate_serial(plan(rules, strategy, players, rounds, seed, chunk)), players
    )


def _always_stand(take_insurance: bool = False) -> Strategy:
    return Strategy(
        np.full((22, 11), STAND, np.int8),
        np.full((22, 11), STAND, np.int8),
        np.full((11, 11), STAND, np.int8),
        take_insurance=take_insurance,
    )


def test_chunks_have_a_fixed_size_and_their_own_streams() -> None:
    assert chunk_sizes(10, 4) == [4, 4, 2]
    assert chunk_sizes(8, 4) == [4, 4]
    seeds = chunk_seeds(7, 3)
    assert [s.tolist() for s in seeds] == [s.tolist() for s in chunk_seeds(7, 3)]
    assert len({tuple(s.tolist()) for s in seeds}) == 3
    # the first chunks' streams do not depend on how many chunks follow
    assert chunk_seeds(7, 5)[0].tolist() == seeds[0].tolist()


def test_a_seed_gives_the_same_statistics_in_any_chunk_order() -> None:
    rules = SimRules(decks=6)
    tasks = plan(rules, basic_strategy(rules), 3, 20_000, 11, chunk_rounds=3_000)
    in_order = simulate_serial(tasks)
    shuffled = {t.index: t.run() for t in reversed(tasks)}
    assert np.array_equal(in_order, combine([shuffled[i] for i in range(len(tasks))]))
    assert in_order[k.S_ROUNDS] == 20_000
    assert in_order[k.S_INITIAL] == 60_000
    other = simulate_serial(plan(rules, basic_strategy(rules), 3, 20_000, 12, 3_000))
    assert not np.array_equal(in_order, other)


def test_every_wager_is_counted_once() -> None:
    rules = SimRules(decks=6, insurance=True, late_surrender=True)
    strategy = dataclasses.replace(basic_strategy(rules), take_insurance=True)
    s = _summary(rules, strategy, 50_000, 3, players=7)
    assert s.wins + s.pushes + s.losses == s.initial_wagers == 350_000
    expected_handle = s.initial_wagers + s.doubles + s.splits + s.insurance_bets / 2
    assert s.handle == pytest.approx(expected_handle)
    assert s.surrenders > 0
    assert s.refills >= 0
    # a shoe is dealt until 50 to 100 cards remain, then its round is completed
    assert 312 - 100 < s.cards / s.shoes < 312 - 50 + 30


def test_a_shoe_short_within_a_round_is_refilled_from_the_discards_12_9() -> None:
    """One deck, seven players, the indicator 10 to 20 cards from the bottom: the second round
    of a shoe often runs out of cards; the discards are shuffled, cut, one burned, the round
    completed, and everything reshuffled before the next round."""
    rules = SimRules(decks=1, indicator_min=10, indicator_max=20)
    s = _summary(rules, basic_strategy(rules), 20_000, 4, players=7)
    assert s.refills > 500
    assert s.wins + s.pushes + s.losses == s.initial_wagers == 140_000
    assert s.shoes > s.refills  # a refilled shoe is reshuffled after its round
    assert 1.0 < s.variance_per_hand < 1.6


# -- a tiny shoe, every round from a fresh shuffle: probabilities by hand --------------------


TINY = SimRules(decks=1, indicator_min=10, indicator_max=20, rounds_per_shoe=1, insurance=True)


def test_one_deck_naturals_match_the_hand_computed_probability() -> None:
    """Off the top of one deck a given hand is a natural with probability
    2 * (4/52) * (16/51) = 32/663 (the burn card is unseen, so it changes nothing)."""
    rounds = 200_000
    s = _summary(TINY, _always_stand(), rounds, 21, chunk=50_000)
    p = 32 / 663
    se = math.sqrt(p * (1 - p) / rounds)
    assert abs(s.player_naturals / rounds - p) < Z * se
    assert abs(s.dealer_naturals / rounds - p) < Z * se
    assert s.shoes == rounds


def test_insurance_pays_two_to_one_on_the_hand_computed_chance() -> None:
    """The same seed with and without insurance (the dealer peeks, so the cards are the same):
    the difference is the insurance results alone. Insurance is offered on an ace up
    (4/52); it wins 2 x 1/2 when the hole card is a ten (16/51), else loses 1/2."""
    rounds = 300_000
    rules = dataclasses.replace(TINY, dealer_natural=DealerNatural.PEEK)
    without = simulate_serial(plan(rules, _always_stand(False), 1, rounds, 5, 50_000))
    with_ins = simulate_serial(plan(rules, _always_stand(True), 1, rounds, 5, 50_000))
    assert with_ins[k.S_CARDS] == without[k.S_CARDS]
    offered = with_ins[k.S_INSURANCE]
    p_up_ace = 4 / 52
    assert abs(offered / rounds - p_up_ace) < Z * math.sqrt(p_up_ace * (1 - p_up_ace) / rounds)
    per_round = (with_ins[k.S_NET] - without[k.S_NET]) / 10 / rounds
    p_ten = 16 / 51
    exact = p_up_ace * (p_ten * 1.0 - (1 - p_ten) * 0.5)
    var = p_up_ace * (p_ten * 1.0 + (1 - p_ten) * 0.25) - exact**2
    assert exact == pytest.approx(-15 / 6630)
    assert abs(per_round - exact) < Z * math.sqrt(var / rounds)


# -- the dealer's natural without a peek: original bets only (99-01.3-08-11.10.e) ---------------


def test_original_bets_only_is_the_peek_game_with_the_extra_wagers_returned() -> None:
    """Every round from a fresh shoe, the same seed: the same cards reach the same hands
    whether the dealer peeks or not. Against a dealer natural, without a peek the players have
    already doubled and split; original bets only returns those wagers, so every result is the
    peek game's, and the returned (voided) wagers are exactly the extra handle. Where the
    natural takes every wager (the European rule) the players lose exactly those wagers more."""
    base = SimRules(decks=6, indicator_min=50, indicator_max=100, rounds_per_shoe=1)
    strategy = basic_strategy(base)
    out = {}
    for mode in DealerNatural:
        rules = dataclasses.replace(base, dealer_natural=mode)
        out[mode] = simulate_serial(plan(rules, strategy, 3, 60_000, 8, 20_000))
    peek, obo, all_bets = (out[m] for m in DealerNatural)
    voided = obo[k.S_VOIDED]
    assert voided > 0
    assert peek[k.S_VOIDED] == 0
    for i in (k.S_NET, k.S_ROUND_SQ, k.S_SEAT_SQ, k.S_WINS, k.S_PUSHES, k.S_LOSSES):
        assert obo[i] == peek[i]
    assert obo[k.S_DEALER_NATURALS] == peek[k.S_DEALER_NATURALS] > 0
    assert obo[k.S_HANDLE] - peek[k.S_HANDLE] == voided
    assert all_bets[k.S_NET] == obo[k.S_NET] - voided


# -- a published house edge ---------------------------------------------------------------------


def test_the_mean_agrees_with_the_published_house_edge() -> None:
    """Wizard of Odds, Blackjack Appendix 9, five decks, dealer hits soft 17, resplit to four
    hands except aces, no drawing to split aces, 3:2, dealer peeks, no surrender, double any two
    cards and after a split: expected return -0.005918 (a recursive combinatorial analysis,
    https://wizardofodds.com/games/blackjack/appendix/9/5dh17r4/).

    Basic strategy dealt to the indicator card (here 50-100 cards from the bottom) differs
    from that figure only by the strategy being total-dependent and the cut-card effect (each
    a few thousandths of a percent for five decks), well inside the interval; the interval is
    narrower than the effect of any single rule (H17 v S17 is about 0.2%), so a wrong rule or
    payoff in the kernel fails this test."""
    rules = SimRules(
        decks=5,
        dealer_hits_soft_17=True,
        double_after_split=True,
        max_hands=4,
        resplit_aces=False,
        hit_split_aces=False,
        late_surrender=False,
        dealer_natural=DealerNatural.PEEK,
        natural_pays_tenths=15,
    )
    published = -0.005918
    s = _summary(rules, basic_strategy(rules), 1 << 24, 2026)
    lo, hi = s.ci999
    assert hi - lo < 0.002
    assert lo <= published <= hi, (s.mean, s.standard_error)
    assert 1.2 < s.variance_per_hand < 1.45  # blackjack's familiar ~1.3 per hand
