"""Exact expected returns checked against an independent combinatorial analyzer: Eric Farmer's
blackjack CA, version 7.6 (https://github.com/possibly-wrong/blackjack, commit a1f7dbb,
``src/strategy.cpp`` built as published, "CDZ-" post-split strategy, dealer peeks).

Every figure below is the CA's own output, copied from its output file ("Overall expected value
(%)", the ``Total`` row and the up-card rows) or its per-hand query ("Enter dealer up card and
player hand"), which prints each action's expectation in percent *given that the dealer has no
natural*. ``docs/analysis-twentyone.md`` lists the inputs of each run. Farmer's figures have nine
decimals of a percentage; the analyzer must agree to all of them (1e-9 %).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.analysis.twentyone import (
    Action,
    AnalysisRules,
    DealerNatural,
    DoubleOn,
    analyze,
)
from croupier.games.twentyone.rules import HouseRules

TOLERANCE = 1e-9  # in percent: Farmer prints nine decimals
A, T = 0, 9


def farmer_rules(
    decks: int,
    h17: bool,
    double_on: DoubleOn,
    das: bool,
    resplit: bool,
    rsa: bool,
    surrender: bool,
    pays: Fraction = Fraction(3, 2),
) -> AnalysisRules:
    return AnalysisRules(
        decks=decks,
        dealer_hits_soft_17=h17,
        double_on=double_on,
        double_after_split=das,
        max_split_hands=4 if resplit else 2,
        resplit_aces=rsa,
        late_surrender=surrender,
        dealer_natural=DealerNatural.PEEK,
        blackjack_pays=pays,
        insurance=False,
    )


ANY, D9, D10 = DoubleOn.ANY, DoubleOn.NINE_TO_ELEVEN, DoubleOn.TEN_ELEVEN

# (rules, Farmer's total expected value in percent)
FAST = [
    pytest.param(
        farmer_rules(1, True, ANY, False, False, False, True), -0.130756724, id="1d-h17-ndas-nrs-ls"
    ),
    pytest.param(
        farmer_rules(6, False, ANY, True, True, False, False),
        -0.402870236,
        id="6d-s17-das-spl3-nrsa",
    ),
    pytest.param(
        farmer_rules(1, False, ANY, True, True, True, False), 0.213471122, id="1d-s17-das-spl3-rsa"
    ),
]
SLOW = [
    pytest.param(
        farmer_rules(8, False, D10, True, True, True, True, Fraction(6, 5)),
        -1.829621828,
        id="8d-s17-d10-das-rsa-ls-6to5",
    ),
    pytest.param(
        farmer_rules(2, True, D9, True, True, False, False),
        -0.502632939,
        id="2d-h17-d9-das-spl3-nrsa",
    ),
    pytest.param(
        farmer_rules(4, True, ANY, True, True, True, False), -0.492941566, id="4d-h17-das-spl3-rsa"
    ),
    pytest.param(
        farmer_rules(6, True, ANY, True, True, True, False), -0.547198964, id="6d-h17-das-spl3-rsa"
    ),
    pytest.param(
        farmer_rules(8, False, ANY, True, True, True, False), -0.359686227, id="8d-s17-das-spl3-rsa"
    ),
    pytest.param(
        farmer_rules(6, False, ANY, True, True, True, False), -0.334003550, id="6d-s17-das-spl3-rsa"
    ),
]


@pytest.mark.parametrize(("rules", "farmer_percent"), FAST)
def test_expected_return_equals_farmer_ca_total_to_nine_decimals_of_a_percent(
    rules: AnalysisRules, farmer_percent: float
) -> None:
    assert analyze(rules).expected_return_percent == pytest.approx(farmer_percent, abs=TOLERANCE)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "farmer_percent"), SLOW)
def test_expected_return_equals_farmer_ca_total_more_rule_sets(
    rules: AnalysisRules, farmer_percent: float
) -> None:
    assert analyze(rules).expected_return_percent == pytest.approx(farmer_percent, abs=TOLERANCE)


def test_expectation_by_up_card_equals_farmer_ca_up_card_rows_6d_s17_das_spl3() -> None:
    # Farmer CA output, 6 decks, S17, DOA, DAS, SPL3, NRSA: "Overall expected value (%)" rows
    farmer = {
        1: 9.267505837, 2: 12.631610405, 3: 16.279783816, 4: 20.325999192,
        5: 23.575407663, 6: 14.460102687, 7: 5.757242137, 8: -4.114157566,
        9: -17.313880618, 0: -34.165284767,
    }  # fmt: skip
    result = analyze(farmer_rules(6, False, ANY, True, True, False, False))
    for up, percent in farmer.items():
        assert 100 * result.by_up_card[up] == pytest.approx(percent, abs=TOLERANCE), up


def test_per_hand_expectations_equal_farmer_ca_hand_queries_1d_h17_ndas_ls() -> None:
    # Farmer CA, 1 deck, H17, DOA, NDAS, no resplit, late surrender; queries "7 2 10 6",
    # "1 2 8 8", "10 2 8 8", "6 2 2 2" (up card, cards, the cards; ace 1, ten 10)
    result = analyze(farmer_rules(1, True, ANY, False, False, False, True))
    t6 = result.hand(6, T, 5)
    assert 100 * t6.given_no_dealer_natural(Action.STAND) == pytest.approx(
        -48.332442026, abs=TOLERANCE
    )
    assert 100 * t6.given_no_dealer_natural(Action.HIT) == pytest.approx(
        -37.619350921, abs=TOLERANCE
    )
    assert 100 * t6.given_no_dealer_natural(Action.DOUBLE) == pytest.approx(
        -75.238701841, abs=TOLERANCE
    )
    assert 100 * t6.given_no_dealer_natural(Action.SURRENDER) == pytest.approx(-50.0, abs=TOLERANCE)
    splits = {(A, 7): -48.272093868, (T, 7): -46.172619556, (5, 1): 15.771072507}
    for (up, pair), percent in splits.items():
        hand = result.hand(up, pair, pair)
        assert 100 * hand.given_no_dealer_natural(Action.SPLIT) == pytest.approx(
            percent, abs=TOLERANCE
        )


@pytest.mark.slow
def test_resplit_expectations_equal_farmer_ca_hand_queries_8d_d10_rsa_6to5() -> None:
    # Farmer CA, 8 decks, S17, double 10-11, DAS, SPL3, RSA, late surrender, natural pays 1.2;
    # queries "1 2 1 1", "10 2 10 6", "6 2 9 9"
    result = analyze(farmer_rules(8, False, D10, True, True, True, True, Fraction(6, 5)))
    aces = result.hand(A, A, A)
    assert 100 * aces.given_no_dealer_natural(Action.SPLIT) == pytest.approx(
        24.748145215, abs=TOLERANCE
    )
    t6 = result.hand(T, T, 5)
    assert 100 * t6.given_no_dealer_natural(Action.STAND) == pytest.approx(
        -54.082673616, abs=TOLERANCE
    )
    assert 100 * t6.given_no_dealer_natural(Action.HIT) == pytest.approx(
        -53.597484317, abs=TOLERANCE
    )
    nines = result.hand(5, 8, 8)
    assert 100 * nines.given_no_dealer_natural(Action.SPLIT) == pytest.approx(
        46.582703037, abs=TOLERANCE
    )


def test_resplit_to_four_hands_equals_farmer_ca_hand_queries_1d_s17_das_rsa() -> None:
    # Farmer CA, 1 deck, S17, DOA, DAS, SPL3, RSA; queries "6 2 2 2", "5 2 8 8"
    result = analyze(farmer_rules(1, False, ANY, True, True, True, False))
    twos = result.hand(5, 1, 1)
    assert 100 * twos.given_no_dealer_natural(Action.SPLIT) == pytest.approx(
        29.472176543, abs=TOLERANCE
    )
    eights = result.hand(4, 7, 7)
    assert 100 * eights.given_no_dealer_natural(Action.SPLIT) == pytest.approx(
        33.004636883, abs=TOLERANCE
    )


# North Dakota tables (AnalysisRules.from_house_rules): any two, DAS, four hands aces included,
# one card to split aces, no surrender, 3:2; Farmer CA with the same inputs (DOA, DAS, SPL3, RSA)
ND_FARMER = [
    pytest.param(4, False, -0.282642265, id="nd-4d-s17"),
    pytest.param(4, True, -0.492941566, id="nd-4d-h17"),
    pytest.param(6, False, -0.334003550, id="nd-6d-s17"),
    pytest.param(6, True, -0.547198964, id="nd-6d-h17"),
    pytest.param(8, False, -0.359686227, id="nd-8d-s17"),
    pytest.param(8, True, -0.574379259, id="nd-8d-h17"),
]


@pytest.mark.parametrize(("decks", "h17", "farmer_percent"), ND_FARMER[:1])
def test_nd_table_expected_return_equals_farmer_ca(
    decks: int, h17: bool, farmer_percent: float
) -> None:
    house = HouseRules(decks=decks, dealer_hits_soft_17=h17)
    rules = AnalysisRules.from_house_rules(house)
    assert analyze(rules).expected_return_percent == pytest.approx(farmer_percent, abs=TOLERANCE)


@pytest.mark.slow
@pytest.mark.parametrize(("decks", "h17", "farmer_percent"), ND_FARMER[1:])
def test_nd_tables_expected_return_equal_farmer_ca_all_decks_and_soft_17_rules(
    decks: int, h17: bool, farmer_percent: float
) -> None:
    house = HouseRules(decks=decks, dealer_hits_soft_17=h17)
    rules = AnalysisRules.from_house_rules(house)
    assert analyze(rules).expected_return_percent == pytest.approx(farmer_percent, abs=TOLERANCE)
