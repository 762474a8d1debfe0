"""The Three Card 21 wager's exact analysis (N.J.A.C. 13:69F-2C) against a naive second method
written here: plain recursion over ordered cards for the dealer and the player, with "any 21 wins
at once" (2C.5(c)5.v). No published figure for this game's main wager was found (see
docs/analysis-twentyone.md), so the checks are the naive method, probabilities summing to one and
the rules' own consequences."""

from __future__ import annotations

from functools import cache

import pytest

from croupier.analysis.threecard21_main import MainGameAnalysis, MainGameRules, analyze_main
from croupier.games.threecard21.rules import DealerSeventeen, HouseRules

A, T = 0, 9


def _total(cards: tuple[int, ...]) -> int:
    hard = sum(c + 1 for c in cards)
    return hard + 10 if A in cards and hard + 10 <= 21 else hard


@cache
def _dealer(shoe: tuple[int, ...], cards: tuple[int, ...]) -> dict[int, float]:
    """Dealer's final total (22: bust), S17, drawing ordered cards; no natural (checked)."""
    t = _total(cards)
    if t > 21:
        return {22: 1.0}
    if t >= 17:
        return {t: 1.0}
    left = sum(shoe)
    out: dict[int, float] = {}
    for c, n in enumerate(shoe):
        if not n:
            continue
        if len(cards) == 1 and {cards[0], c} == {A, T}:
            continue  # the check found no blackjack: those hole cards are excluded below
        rest = (*shoe[:c], n - 1, *shoe[c + 1 :])
        for k, p in _dealer(rest, (*cards, c)).items():
            out[k] = out.get(k, 0.0) + n / left * p
    return out


def _no_blackjack_mass(shoe: tuple[int, ...], up: int) -> float:
    partner = {A: T, T: A}.get(up)
    return 1.0 if partner is None else 1.0 - shoe[partner] / sum(shoe)


def _stand(shoe: tuple[int, ...], hand: tuple[int, ...], up: int, bet: int) -> float:
    """Expectation times "no dealer blackjack"."""
    mine = _total(hand)
    mass = _no_blackjack_mass(shoe, up)
    if mine > 21:
        return -bet * mass
    if mine == 21:
        return bet * mass
    ev = 0.0
    for t, p in _dealer(shoe, (up,)).items():
        ev += p * bet * (1 if t == 22 or mine > t else -1 if mine < t else 0)
    return ev


def _best(shoe: tuple[int, ...], hand: tuple[int, ...], up: int) -> float:
    if _total(hand) >= 21:
        return _stand(shoe, hand, up, 1)
    return max(_stand(shoe, hand, up, 1), _hit(shoe, hand, up))


def _hit(shoe: tuple[int, ...], hand: tuple[int, ...], up: int) -> float:
    left = sum(shoe)
    return sum(
        n / left * _best((*shoe[:c], n - 1, *shoe[c + 1 :]), (*hand, c), up)
        for c, n in enumerate(shoe)
        if n
    )


def _double(shoe: tuple[int, ...], hand: tuple[int, ...], up: int) -> float:
    left = sum(shoe)
    return sum(
        n / left * _stand((*shoe[:c], n - 1, *shoe[c + 1 :]), (*hand, c), up, 2)
        for c, n in enumerate(shoe)
        if n
    )


@pytest.fixture(scope="module")
def one_deck() -> MainGameAnalysis:
    return analyze_main(MainGameRules(decks=1))


def _shoe_less(*cards: int) -> tuple[int, ...]:
    shoe = [4] * 9 + [16]
    for c in cards:
        shoe[c] -= 1
    return tuple(shoe)


@pytest.mark.parametrize(
    ("up", "cards"), [(T, (1, 2, 3)), (5, (1, 3, 5)), (A, (1, 1, 7)), (6, (A, 2, 3))]
)
def test_stand_hit_double_with_21_paid_at_once_equal_naive_recursion(
    one_deck: MainGameAnalysis, up: int, cards: tuple[int, int, int]
) -> None:
    hand = one_deck.hand(up, *cards)
    shoe = _shoe_less(up, *cards)
    q = 1.0 - _no_blackjack_mass(shoe, up)
    assert hand.stand == pytest.approx(_stand(shoe, cards, up, 1) - q, abs=1e-12)
    assert hand.hit == pytest.approx(_hit(shoe, cards, up) - q, abs=1e-12)
    assert hand.double == pytest.approx(_double(shoe, cards, up) - q, abs=1e-12)


def test_three_card_21_is_paid_before_the_check_and_a_bust_without_split_loses(
    one_deck: MainGameAnalysis,
) -> None:
    assert one_deck.hand(A, 6, 6, 6).value == 1.0
    bust = one_deck.hand(T, T, T, 1)
    assert bust.stand is None
    assert bust.split is not None
    assert bust.value == max(-1.0, bust.split)


def test_hand_probabilities_sum_to_one_and_tables_map(one_deck: MainGameAnalysis) -> None:
    assert sum(h.probability for h in one_deck.hands) == pytest.approx(1.0, abs=1e-12)
    house = HouseRules(decks=8, dealer_seventeen=DealerSeventeen.HITS_SOFT_17, surrender=True)
    rules = MainGameRules.from_house_rules(house)
    assert rules == MainGameRules(decks=8, dealer_hits_soft_17=True, surrender=True)
    with pytest.raises(ValueError):
        MainGameRules.from_house_rules(HouseRules(card_reader=False))


@pytest.mark.slow
def test_surrender_and_soft_17_move_the_six_deck_return_the_right_way() -> None:
    base = analyze_main(MainGameRules(decks=6)).expected_return
    assert analyze_main(MainGameRules(decks=6, surrender=True)).expected_return > base
    assert analyze_main(MainGameRules(decks=6, dealer_hits_soft_17=True)).expected_return < base
