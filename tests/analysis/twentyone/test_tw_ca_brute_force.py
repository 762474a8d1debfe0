"""The analyzer against a second, naive method written for these tests: the dealer plays out every
ordered sequence of cards (hole card first, so a natural is decided before any other card, as at
a table), and the player's stand, hit and double are evaluated by plain recursion over the cards
with no multisets, no tries and no memo tables. One deck, so every number is a short sum; the
naive method is slow, so only a handful of hands are checked."""

from __future__ import annotations

from functools import cache

import pytest

from croupier.analysis.twentyone import Action, Analysis, AnalysisRules, DealerNatural, analyze

A, T = 0, 9


def value(rank: int) -> int:
    return rank + 1


def total(cards: tuple[int, ...]) -> int:
    hard = sum(value(c) for c in cards)
    return hard + 10 if A in cards and hard + 10 <= 21 else hard


def soft(cards: tuple[int, ...]) -> bool:
    hard = sum(value(c) for c in cards)
    return A in cards and hard + 10 <= 21


@cache
def dealer_final(shoe: tuple[int, ...], cards: tuple[int, ...], h17: bool) -> dict[int, float]:
    """Final dealer total (22 = bust) after drawing from ``shoe``, ordered sequences."""
    t = total(cards)
    if t > 21:
        return {22: 1.0}
    if t > 17 or (t == 17 and not (h17 and soft(cards))):
        return {t: 1.0}
    left = sum(shoe)
    out: dict[int, float] = {}
    for c, n in enumerate(shoe):
        if n:
            rest = (*shoe[:c], n - 1, *shoe[c + 1 :])
            for k, p in dealer_final(rest, (*cards, c), h17).items():
                out[k] = out.get(k, 0.0) + n / left * p
    return out


def stand_payoff(
    shoe: tuple[int, ...], hand: tuple[int, ...], up: int, h17: bool, bet: int
) -> float:
    """The round's expectation for standing (``bet`` units at risk), hole card dealt first;
    a dealer natural takes the original unit only (peek)."""
    left = sum(shoe)
    ev = 0.0
    mine = total(hand)
    for hole, n in enumerate(shoe):
        if not n:
            continue
        p = n / left
        rest = (*shoe[:hole], n - 1, *shoe[hole + 1 :])
        if {up, hole} == {A, T}:
            ev -= p  # natural: only the original wager is lost
            continue
        if mine > 21:
            ev -= p * bet
            continue
        for t, q in dealer_final(rest, (up, hole), h17).items():
            if t == 22 or mine > t:
                ev += p * q * bet
            elif mine < t:
                ev -= p * q * bet
    return ev


def best(shoe: tuple[int, ...], hand: tuple[int, ...], up: int, h17: bool) -> float:
    if total(hand) > 21:
        return stand_payoff(shoe, hand, up, h17, 1)
    return max(stand_payoff(shoe, hand, up, h17, 1), hit(shoe, hand, up, h17))


def hit(shoe: tuple[int, ...], hand: tuple[int, ...], up: int, h17: bool) -> float:
    left = sum(shoe)
    ev = 0.0
    for c, n in enumerate(shoe):
        if n:
            rest = (*shoe[:c], n - 1, *shoe[c + 1 :])
            ev += n / left * best(rest, (*hand, c), up, h17)
    return ev


def double(shoe: tuple[int, ...], hand: tuple[int, ...], up: int, h17: bool) -> float:
    left = sum(shoe)
    ev = 0.0
    for c, n in enumerate(shoe):
        if n:
            rest = (*shoe[:c], n - 1, *shoe[c + 1 :])
            ev += n / left * stand_payoff(rest, (*hand, c), up, h17, 2)
    return ev


def one_deck_less(*cards: int) -> tuple[int, ...]:
    shoe = [4] * 9 + [16]
    for c in cards:
        shoe[c] -= 1
    return tuple(shoe)


RULES = AnalysisRules(decks=1, dealer_natural=DealerNatural.PEEK, insurance=False)
# (up, first, second) checked for stand and double; hit where the tree is small
HANDS = [(T, T, 5), (6, T, 4), (A, 8, 9), (T, 6, T), (0, 1, 8)]


@pytest.fixture(scope="module")
def one_deck() -> Analysis:
    return analyze(RULES)


def test_stand_and_double_equal_naive_sequence_enumeration_one_deck(one_deck: Analysis) -> None:
    for up, first, second in HANDS:
        shoe = one_deck_less(up, first, second)
        hand = one_deck.hand(up, first, second)
        assert hand.stand == pytest.approx(
            stand_payoff(shoe, (first, second), up, False, 1), abs=1e-12
        )
        assert hand.double == pytest.approx(double(shoe, (first, second), up, False), abs=1e-12)


def test_hit_with_best_play_after_equals_naive_recursion_one_deck(one_deck: Analysis) -> None:
    for up, first, second in [(T, T, 5), (6, T, 4), (A, 8, 9)]:
        shoe = one_deck_less(up, first, second)
        hand = one_deck.hand(up, first, second)
        assert hand.hit == pytest.approx(hit(shoe, (first, second), up, False), abs=1e-12)
        assert hand.expectations()[Action.HIT] == hand.hit


def test_dealer_outcomes_sum_to_one_and_bust_chance_matches_sequences() -> None:
    # 1 deck, dealer shows a six: P(bust) by ordered sequences (hole card unrestricted)
    shoe = one_deck_less(5)
    final = dealer_final(shoe, (5,), False)
    assert sum(final.values()) == pytest.approx(1.0, abs=1e-12)
    import numpy as np

    from croupier.analysis.twentyone.compiled import dealer_probabilities
    from croupier.analysis.twentyone.dealer import dealer_trie

    t = dealer_trie(5, False)
    out = np.zeros(7)
    weight = np.empty(len(t.parent))
    dealer_probabilities(
        np.array(shoe, dtype=np.int64), t.parent, t.card, t.kpar, t.size, t.cnt, t.state,
        t.state_outcome, t.fix_first, t.fix_outcome, t.fix_count, False, weight, out,
    )  # fmt: skip
    assert out[5] == pytest.approx(final[22], abs=1e-13)
    for k in range(5):
        assert out[k] == pytest.approx(final.get(17 + k, 0.0), abs=1e-13)
