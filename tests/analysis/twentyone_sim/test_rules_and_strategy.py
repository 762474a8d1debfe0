"""North Dakota house rules as simulation rules, and the published basic strategy chart."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.analysis.twentyone_sim import (
    DealerNatural,
    DoubleOn,
    SimRules,
    Strategy,
    basic_strategy,
    from_house_rules,
)
from croupier.games.twentyone.rules import DealingMethod, rules_from_dict


@pytest.mark.parametrize(
    ("method", "natural", "hole_card"),
    [
        (DealingMethod.CARD_READING_DEVICE, DealerNatural.PEEK, True),
        (DealingMethod.HOLE_CARD_NO_PEEK, DealerNatural.NO_PEEK_OBO, True),
        (DealingMethod.NO_HOLE_CARD, DealerNatural.NO_PEEK_OBO, False),
    ],
)
def test_dealing_methods_99_01_3_08_10_1(
    method: DealingMethod, natural: DealerNatural, hole_card: bool
) -> None:
    house = rules_from_dict({"dealing_method": method.value, "decks": 8})
    sim = from_house_rules(house)
    assert (sim.dealer_natural, sim.hole_card, sim.decks) == (natural, hole_card, 8)


def test_what_north_dakota_permits_99_01_3_08_09_2() -> None:
    sim = from_house_rules(rules_from_dict({"dealer_hits_soft_17": True}))
    assert sim.dealer_hits_soft_17
    # -09.2.c: any pair, four hands, split aces one card each but an ace may be split again
    assert (sim.max_hands, sim.resplit_aces, sim.hit_split_aces) == (4, True, False)
    # -09.2.d: first two cards, also of a split hand (not split aces); no surrender in -08
    assert (sim.double_on, sim.double_after_split, sim.late_surrender) == (
        DoubleOn.ANY_TWO,
        True,
        False,
    )
    # -08.1, -08.2, -08.3, -11.11
    assert (sim.cut_min, sim.indicator_min, sim.indicator_max, sim.burn) == (10, 50, 100, 1)
    assert sim.natural_pays_tenths == 15
    assert not from_house_rules(rules_from_dict({"insurance_permitted": False})).insurance


def test_a_malfunctioning_device_deals_the_fallback_method() -> None:
    house = rules_from_dict(
        {
            "dealing_method": "hole-card-with-card-reading-device",
            "device_fallback_method": "no-hole-card",
        }
    )
    sim = from_house_rules(house, device_malfunction=True)
    assert (sim.dealer_natural, sim.hole_card) == (DealerNatural.NO_PEEK_OBO, False)


def test_rules_out_of_range_are_named() -> None:
    bad = SimRules(decks=9, max_hands=0, dealer_natural=DealerNatural.PEEK, hole_card=False)
    problems = " ".join(bad.problems())
    assert "decks" in problems
    assert "max_hands" in problems
    assert "hole card" in problems
    with pytest.raises(ValueError, match="invalid simulation rules"):
        bad.validated()
    assert SimRules(decks=1, indicator_min=10, indicator_max=20).problems() == []
    assert SimRules(decks=1).problems() != []  # 50-100 cards from the bottom of 52


def _cell(s: Strategy, kind: str, row: int, up: str) -> str:
    return s.action(kind, row, 1 if up == "A" else int(up))


def test_basic_strategy_cells_of_the_published_charts() -> None:
    s17 = basic_strategy(SimRules(dealer_hits_soft_17=False))
    h17 = basic_strategy(SimRules(dealer_hits_soft_17=True, late_surrender=True))
    assert _cell(s17, "hard", 16, "10") == "H"  # no surrender: hit
    assert _cell(h17, "hard", 16, "10") == "R"
    assert _cell(h17, "hard", 17, "A") == "Rs"
    assert _cell(s17, "hard", 11, "A") == "H"
    assert _cell(h17, "hard", 11, "A") == "D"
    assert _cell(s17, "hard", 12, "3") == "H"
    assert _cell(s17, "hard", 12, "4") == "S"
    assert _cell(s17, "soft", 18, "2") == "S"
    assert _cell(h17, "soft", 18, "2") == "Ds"
    assert _cell(s17, "soft", 18, "9") == "H"
    assert _cell(h17, "soft", 19, "6") == "Ds"
    assert _cell(s17, "pairs", 1, "A") == "P"
    assert _cell(s17, "pairs", 10, "6") == "S"
    assert _cell(s17, "pairs", 5, "9") == "D"
    assert _cell(s17, "pairs", 9, "7") == "S"
    assert _cell(h17, "pairs", 8, "A") == "Rp"
    no_das = basic_strategy(SimRules(double_after_split=False))
    assert _cell(s17, "pairs", 4, "5") == "P"
    assert _cell(no_das, "pairs", 4, "5") == "H"
    assert _cell(no_das, "pairs", 2, "2") == "H"


def test_a_strategy_table_is_checked() -> None:
    good = basic_strategy(SimRules())
    with pytest.raises(ValueError, match="shape"):
        Strategy(good.hard[:10], good.soft, good.pairs)
    bad = good.hard.copy()
    bad[12, 2] = 4  # split is a pair decision, not a total's
    with pytest.raises(ValueError, match="split"):
        Strategy(bad, good.soft, good.pairs)
    with pytest.raises(ValueError, match="unknown"):
        Strategy(good.hard, np.full((22, 11), 9, np.int8), good.pairs)
