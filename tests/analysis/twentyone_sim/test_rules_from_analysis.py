"""The simulation plays the exact analysis's reading of North Dakota's rules.

``from_house_rules`` goes through ``AnalysisRules.from_house_rules``; these tests hold the two
records field by field against each other, for every twenty-one example rules file, and carry
every analysis option over to the simulation.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from croupier.analysis.twentyone import AnalysisRules
from croupier.analysis.twentyone import DealerNatural as AnalysisNatural
from croupier.analysis.twentyone import DoubleOn as AnalysisDoubleOn
from croupier.analysis.twentyone_sim import DealerNatural, DoubleOn, SimRules, from_house_rules
from croupier.games.twentyone.rules import HouseRules
from croupier.service.games.rules import load_rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rules"
TWENTYONE = sorted(EXAMPLES.glob("twentyone-*.toml"))

# (analysis field, simulation field) of the same rule, where the names differ
RENAMED = [("max_split_hands", "max_hands")]
SAME_NAME = [
    "decks",
    "dealer_hits_soft_17",
    "double_after_split",
    "resplit_aces",
    "hit_split_aces",
    "late_surrender",
    "insurance",
]
# the same option in the two enums
DOUBLES = [
    (AnalysisDoubleOn.ANY, DoubleOn.ANY_TWO),
    (AnalysisDoubleOn.NINE_TO_ELEVEN, DoubleOn.NINE_TO_ELEVEN),
    (AnalysisDoubleOn.TEN_ELEVEN, DoubleOn.TEN_OR_ELEVEN),
]
NATURALS = [
    (AnalysisNatural.PEEK, DealerNatural.PEEK),
    (AnalysisNatural.ORIGINAL_BETS_ONLY, DealerNatural.NO_PEEK_OBO),
    (AnalysisNatural.ALL_BETS, DealerNatural.NO_PEEK_ALL),
]


def assert_same_game(analysis: AnalysisRules, sim: SimRules) -> None:
    """Every rule the two records share has the same value in both."""
    for name in SAME_NAME:
        assert getattr(sim, name) == getattr(analysis, name), name
    for a_name, s_name in RENAMED:
        assert getattr(sim, s_name) == getattr(analysis, a_name), s_name
    assert (analysis.double_on, sim.double_on) in DOUBLES
    assert (analysis.dealer_natural, sim.dealer_natural) in NATURALS
    assert Fraction(sim.natural_pays_tenths, 10) == analysis.blackjack_pays


def test_the_examples_are_there() -> None:
    assert len(TWENTYONE) >= 6


@pytest.mark.parametrize("device_malfunction", [False, True])
@pytest.mark.parametrize("path", TWENTYONE, ids=lambda p: p.stem)
def test_every_example_simulates_its_analysis_rules(path: Path, device_malfunction: bool) -> None:
    house: HouseRules = load_rules("twentyone", path)
    analysis = AnalysisRules.from_house_rules(house, device_malfunction)
    sim = from_house_rules(house, device_malfunction)
    method = house.effective_method(device_malfunction)

    assert sim == SimRules.from_analysis_rules(analysis, hole_card=method.has_hole_card)
    assert_same_game(analysis, sim)
    # the simulation's own: the dealing method's hole card (-10.1), the shoe procedure (-08)
    assert sim.hole_card is method.has_hole_card
    assert (sim.cut_min, sim.indicator_min, sim.indicator_max, sim.burn) == (10, 50, 100, 1)
    assert sim.rounds_per_shoe == 0


@pytest.mark.parametrize(
    "change",
    [
        {"decks": 2},
        {"dealer_hits_soft_17": True},
        {"double_after_split": False},
        {"max_split_hands": 3},
        {"resplit_aces": False},
        {"hit_split_aces": True},
        {"late_surrender": True},
        {"insurance": False},
        {"blackjack_pays": Fraction(6, 5)},
        *({"double_on": a} for a, _ in DOUBLES),
        *({"dealer_natural": a} for a, _ in NATURALS),
    ],
    ids=str,
)
def test_every_analysis_option_reaches_the_simulation(change: dict[str, object]) -> None:
    analysis = dataclasses.replace(AnalysisRules(), **change)
    sim = SimRules.from_analysis_rules(analysis, indicator_min=20, indicator_max=30, burn=0)
    assert_same_game(analysis, sim)
    assert (sim.hole_card, sim.indicator_min, sim.indicator_max, sim.burn) == (True, 20, 30, 0)


def test_rules_the_simulation_cannot_play_are_refused() -> None:
    with pytest.raises(ValueError, match="tenths"):
        SimRules.from_analysis_rules(AnalysisRules(blackjack_pays=Fraction(4, 3)))
    with pytest.raises(ValueError, match="hole card"):
        SimRules.from_analysis_rules(
            AnalysisRules(dealer_natural=AnalysisNatural.PEEK), hole_card=False
        )
    with pytest.raises(ValueError, match="indicator card"):
        SimRules.from_analysis_rules(AnalysisRules(decks=1))
