"""North Dakota's house rules mapped onto the analysis (N.D. Admin. Code 99-01.3-08), the
legality check, and the strategies' relations that hold for any rule set."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from croupier.analysis.twentyone import (
    Action,
    AnalysisRules,
    DealerNatural,
    DoubleOn,
    analyze,
)
from croupier.games.twentyone.rules import DealingMethod, HouseRules

A, T = 0, 9
EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rules"


def test_nd_house_rules_map_to_the_regulations_fixed_options_09_2_c_d() -> None:
    rules = AnalysisRules.from_house_rules(HouseRules(decks=8, dealer_hits_soft_17=True))
    assert rules.decks == 8
    assert rules.dealer_hits_soft_17
    assert rules.double_on is DoubleOn.ANY  # -09.2.d
    assert rules.double_after_split
    assert rules.max_split_hands == 4  # -09.2.c
    assert rules.resplit_aces
    assert not rules.hit_split_aces
    assert not rules.late_surrender
    assert rules.blackjack_pays == Fraction(3, 2)  # -11.11
    assert rules.nd_legal


def test_every_nd_dealing_method_settles_a_dealer_natural_on_original_bets_10_11() -> None:
    no_peek = HouseRules(dealing_method=DealingMethod.HOLE_CARD_NO_PEEK)
    no_hole = HouseRules(dealing_method=DealingMethod.NO_HOLE_CARD)
    device = HouseRules(dealing_method=DealingMethod.CARD_READING_DEVICE)
    assert (
        AnalysisRules.from_house_rules(no_peek).dealer_natural is DealerNatural.ORIGINAL_BETS_ONLY
    )
    assert (
        AnalysisRules.from_house_rules(no_hole).dealer_natural is DealerNatural.ORIGINAL_BETS_ONLY
    )
    assert AnalysisRules.from_house_rules(device).dealer_natural is DealerNatural.PEEK
    fallback = AnalysisRules.from_house_rules(device, device_malfunction=True)
    assert fallback.dealer_natural is DealerNatural.ORIGINAL_BETS_ONLY


def test_nd_legality_names_each_departure_with_its_section() -> None:
    rules = AnalysisRules(
        decks=2,
        late_surrender=True,
        blackjack_pays=Fraction(6, 5),
        max_split_hands=2,
        dealer_natural=DealerNatural.ALL_BETS,
    )
    sections = {section for _, section in rules.nd_problems()}
    assert sections == {
        "99-01.3-08-02.3",
        "99-01.3-08-09.2",
        "99-01.3-08-11.11",
        "99-01.3-08-09.2.c",
        "99-01.3-08-11.10.d-e",
    }
    assert not rules.nd_legal


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("twentyone-*.toml")), ids=lambda p: p.stem)
def test_every_twentyone_example_rules_file_maps_to_an_nd_legal_analysis(path: Path) -> None:
    import tomllib

    from croupier.games.twentyone.rules import rules_from_dict

    data = tomllib.loads(path.read_text())
    data.pop("game", None)
    for key in ("minimum_wager", "maximum_wager", "tip_bet_cap"):
        if isinstance(data.get(key), str):
            data[key] = round(float(data[key].lstrip("$")) * 100)
    rules = AnalysisRules.from_house_rules(rules_from_dict(data))
    assert rules.nd_legal, rules.nd_problems()


def test_original_bets_only_has_the_same_expectation_as_peek() -> None:
    # A dealer natural costs exactly the original wager under both, whatever the player did,
    # and otherwise the rounds are identical (docs/analysis-twentyone.md).
    obo = analyze(AnalysisRules(decks=1, dealer_natural=DealerNatural.ORIGINAL_BETS_ONLY))
    peek = analyze(AnalysisRules(decks=1, dealer_natural=DealerNatural.PEEK))
    assert obo.expected_return == peek.expected_return


def test_all_bets_lost_to_a_natural_costs_more_than_original_bets_only() -> None:
    obo = analyze(AnalysisRules(decks=1, dealer_natural=DealerNatural.ORIGINAL_BETS_ONLY))
    enhc = analyze(AnalysisRules(decks=1, dealer_natural=DealerNatural.ALL_BETS))
    assert enhc.expected_return < obo.expected_return


def test_basic_strategy_never_beats_composition_and_is_close_to_it_six_decks() -> None:
    rules = AnalysisRules(decks=6)
    cd = analyze(rules, "composition")
    td = analyze(rules, "basic")
    assert td.expected_return <= cd.expected_return
    assert cd.expected_return - td.expected_return < 1e-4
    for c, t in zip(cd.hands, td.hands, strict=True):
        assert t.value <= c.value + 1e-12, c.name


def test_basic_strategy_takes_the_textbook_six_deck_plays() -> None:
    td = analyze(AnalysisRules(decks=6, dealer_hits_soft_17=False), "basic")
    assert td.hand(T, T, 5).action is Action.HIT  # 16 v 10 (two cards: hit, no surrender)
    assert td.hand(3, T, 1).action is Action.STAND  # 12 v 4
    assert td.hand(2, T, 1).action is Action.HIT  # 12 v 3
    assert td.hand(9, 4, 5).action is Action.DOUBLE  # 11 v 10
    assert td.hand(A, 7, 7).action is Action.SPLIT  # 8,8 v A
    assert td.hand(T, 8, 8).action is Action.STAND  # 9,9 v 10
    assert td.hand(5, A, 6).action is Action.DOUBLE  # soft 18 v 6
    assert td.hand(A, A, T).action is Action.NATURAL


def test_even_money_is_taken_only_when_the_natural_pays_less_than_its_worth() -> None:
    three_two = analyze(AnalysisRules(decks=6, insurance=True, even_money=True))
    six_five = analyze(
        AnalysisRules(decks=6, insurance=True, even_money=True, blackjack_pays=Fraction(6, 5))
    )
    # 3:2: 1.5 x P(no natural) > 1, so the natural is played out; 6:5: 1.2 x 0.69 < 1
    assert three_two.hand(A, A, T).value > 1.0
    assert six_five.hand(A, A, T).value == 1.0


def test_rejects_rules_outside_the_model() -> None:
    with pytest.raises(ValueError):
        AnalysisRules(decks=9)
    with pytest.raises(ValueError):
        AnalysisRules(insurance=False, even_money=True)
    with pytest.raises(ValueError):
        analyze(AnalysisRules(decks=1), "optimal")


def test_tip_bet_outcomes_sum_to_one_and_the_tip_is_spent_unless_the_hand_pushes_09_2_a() -> None:
    from croupier.analysis.twentyone.tip import tip_bet

    tip = tip_bet(AnalysisRules.from_house_rules(HouseRules(decks=6)))
    assert tip.win + tip.push + tip.lose == pytest.approx(1.0, abs=1e-12)
    assert 0.0 < tip.push < 0.15
    assert tip.player == pytest.approx(-(tip.win + tip.lose), abs=1e-12)
    assert tip.dealers == pytest.approx(2 * tip.win, abs=1e-12)


def test_tip_bet_one_deck_two_split_hands_outcomes_sum_to_one_and_losses_exceed_wins() -> None:
    # splits to two hands: the split hands are exchangeable, so the average split hand is the
    # tip's hand exactly
    from croupier.analysis.twentyone.tip import tip_bet

    tip = tip_bet(AnalysisRules(decks=1, max_split_hands=2))
    assert tip.win + tip.push + tip.lose == pytest.approx(1.0, abs=1e-12)
    assert tip.lose > tip.win


def test_99_01_3_08_11_10_e_no_tip_bet_figure_where_a_dealer_natural_takes_every_wager() -> None:
    # the tip rides on a hand played by N.D.'s rules; a table where a dealer natural takes the
    # split and doubled wagers too is not one (the main wager is still analysed)
    from croupier.analysis.twentyone.rules import DealerNatural
    from croupier.analysis.twentyone.tip import tip_bet

    rules = AnalysisRules(dealer_natural=DealerNatural.ALL_BETS)
    with pytest.raises(ValueError, match=r"99-01\.3-08-11\.10\.e"):
        tip_bet(rules)
    assert analyze(rules).expected_return < 0
