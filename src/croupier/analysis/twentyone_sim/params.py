"""The rules a twenty-one simulation plays: a small frozen record the kernel reads as integers.

``SimRules`` holds every option the kernel supports (the same options as the exact analysis):
1 to 8 decks, S17/H17, doubling on any two cards / 9-11 / 10-11, double after split, resplit to
N hands, resplit aces, hitting split aces, late surrender, insurance, how the dealer's natural is
found and settled, the blackjack payout, and the shoe procedure (indicator card range, cut, burn).

The playing rules it shares with the exact analysis come from an ``AnalysisRules``
(``SimRules.from_analysis_rules``), so that the simulation and the analysis play the same game.
``from_house_rules`` maps a North Dakota table (``croupier.games.twentyone.rules.HouseRules``)
through ``AnalysisRules.from_house_rules``, the one reading of 99-01.3-08's playing rules (decks,
soft 17, splits, doubles, surrender, insurance, the dealer's natural, the natural's payout), and
adds what only a simulation needs, read here:

- -10.1: the no-hole-card method deals the dealer's second card after the players' decisions;
  the two hole-card methods deal it in the initial deal (``hole_card``);
- -08.1, -08.2, -08.3: the cards are cut at least ten cards from either end, the indicator card
  goes fifty to one hundred cards from the bottom, one card is burned; the cards are reshuffled
  after the round in which the indicator card appears.

Even money (-09.2.b) is not a field: taking it pays a natural against an ace exactly what
insuring it would (one wager, whatever the hole card).

Amounts inside the kernel are whole tenths of the initial wager (a natural paid 3:2 is 15, 6:5 is
12, a surrender -5), so every sum is an exact integer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from croupier.analysis.twentyone.rules import AnalysisRules
    from croupier.games.twentyone.rules import HouseRules

TENTHS = 10
"""An initial wager is 10 in the kernel's units."""

MAX_HANDS = 8
MAX_PLAYERS = 7

# The shoe procedure of 99-01.3-08-08 (``SimRules``'s defaults).
INDICATOR_MIN = 50
INDICATOR_MAX = 100
CUT_MIN = 10
BURN = 1


class DoubleOn(Enum):
    """Which first two cards may be doubled."""

    ANY_TWO = "any-two"
    NINE_TO_ELEVEN = "9-11"
    TEN_OR_ELEVEN = "10-11"


class DealerNatural(Enum):
    """When the dealer's natural is found and what it takes.

    ``PEEK``: checked before the players act when the up card is an ace or a ten-count card
    (a card-reading device, 99-01.3-08-10.3); only original wagers are ever at risk against it.
    ``NO_PEEK_OBO``: found after the players' decisions (hole-card-no-peek, no-hole-card); it
    takes only original wagers, split and double wagers are returned (99-01.3-08-11.10.e).
    ``NO_PEEK_ALL``: found after the players' decisions and takes every wager (the European
    no-hole-card rule; not a North Dakota method, offered for comparison).
    """

    PEEK = "peek"
    NO_PEEK_OBO = "no-peek-original-bets-only"
    NO_PEEK_ALL = "no-peek-all-bets"


@dataclass(frozen=True, slots=True)
class SimRules:
    """The rules of a simulated table. ``validate`` lists what is out of range."""

    decks: int = 6
    dealer_hits_soft_17: bool = False
    double_on: DoubleOn = DoubleOn.ANY_TWO
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    hit_split_aces: bool = False
    late_surrender: bool = False
    insurance: bool = True
    dealer_natural: DealerNatural = DealerNatural.PEEK
    hole_card: bool = True
    """The dealer's second card is dealt in the initial deal (else after the players act)."""
    natural_pays_tenths: int = 15
    """A natural's payoff in tenths of the wager: 15 is 3:2, 12 is 6:5."""
    indicator_min: int = INDICATOR_MIN
    indicator_max: int = INDICATOR_MAX
    """The indicator (cut) card goes this many cards from the bottom, uniformly in the range."""
    cut_min: int = CUT_MIN
    """The cutting card goes at least this many cards from either end (99-01.3-08-08.1)."""
    burn: int = BURN
    """Cards burned after each shuffle (99-01.3-08-08.3)."""
    rounds_per_shoe: int = 0
    """0: deal to the indicator card (the rule here). ``N``: also reshuffle after ``N`` rounds;
    1 deals every round from a freshly shuffled shoe (the "off the top" game of exact
    analyses, and of the tiny-shoe tests)."""

    @classmethod
    def from_analysis_rules(
        cls,
        rules: AnalysisRules,
        *,
        hole_card: bool = True,
        indicator_min: int = INDICATOR_MIN,
        indicator_max: int = INDICATOR_MAX,
        cut_min: int = CUT_MIN,
        burn: int = BURN,
        rounds_per_shoe: int = 0,
    ) -> SimRules:
        """The simulation of the rules an exact analysis plays, validated.

        The playing rules are ``rules``'s (a natural's payout in whole tenths of the wager, else
        ``ValueError``; even money is not simulated, see the module docstring); the dealing
        (``hole_card``) and the shoe procedure are the simulation's own, North Dakota's by
        default (99-01.3-08-08)."""
        from croupier.analysis.twentyone.rules import DealerNatural as Natural
        from croupier.analysis.twentyone.rules import DoubleOn as Double

        double = {
            Double.ANY: DoubleOn.ANY_TWO,
            Double.NINE_TO_ELEVEN: DoubleOn.NINE_TO_ELEVEN,
            Double.TEN_ELEVEN: DoubleOn.TEN_OR_ELEVEN,
        }
        natural = {
            Natural.PEEK: DealerNatural.PEEK,
            Natural.ORIGINAL_BETS_ONLY: DealerNatural.NO_PEEK_OBO,
            Natural.ALL_BETS: DealerNatural.NO_PEEK_ALL,
        }
        pays = rules.blackjack_pays * TENTHS
        if pays.denominator != 1:
            raise ValueError(
                f"a natural paying {rules.blackjack_pays} is not a whole number of tenths of the "
                "wager"
            )
        tenths = int(pays)
        return cls(
            decks=rules.decks,
            dealer_hits_soft_17=rules.dealer_hits_soft_17,
            double_on=double[rules.double_on],
            double_after_split=rules.double_after_split,
            max_hands=rules.max_split_hands,
            resplit_aces=rules.resplit_aces,
            hit_split_aces=rules.hit_split_aces,
            late_surrender=rules.late_surrender,
            insurance=rules.insurance,
            dealer_natural=natural[rules.dealer_natural],
            hole_card=hole_card,
            natural_pays_tenths=tenths,
            indicator_min=indicator_min,
            indicator_max=indicator_max,
            cut_min=cut_min,
            burn=burn,
            rounds_per_shoe=rounds_per_shoe,
        ).validated()

    @property
    def cards(self) -> int:
        return 52 * self.decks

    def problems(self) -> list[str]:
        """Every field out of the kernel's range (empty when valid)."""
        out: list[str] = []
        if not 1 <= self.decks <= 8:
            out.append(f"decks must be 1 to 8, not {self.decks}")
        if not 1 <= self.max_hands <= MAX_HANDS:
            out.append(f"max_hands must be 1 to {MAX_HANDS}, not {self.max_hands}")
        if not 0 < self.natural_pays_tenths <= 30:
            out.append(f"natural_pays_tenths must be 1 to 30, not {self.natural_pays_tenths}")
        if self.dealer_natural is DealerNatural.PEEK and not self.hole_card:
            out.append("a dealer peek needs a hole card")
        n = self.cards
        if not 1 <= self.indicator_min <= self.indicator_max < n - self.burn - 20:
            out.append(
                f"indicator card {self.indicator_min}..{self.indicator_max} cards from the "
                f"bottom must lie within the {n}-card shoe with room for a round"
            )
        if not 0 <= self.cut_min <= n // 2 - 1:
            out.append(f"cut_min must be 0 to {n // 2 - 1}, not {self.cut_min}")
        if not 0 <= self.burn <= 10:
            out.append(f"burn must be 0 to 10 cards, not {self.burn}")
        if self.rounds_per_shoe < 0:
            out.append(f"rounds_per_shoe must be 0 or more, not {self.rounds_per_shoe}")
        return out

    def validated(self) -> SimRules:
        """``self`` if valid, else ``ValueError`` naming every problem."""
        bad = self.problems()
        if bad:
            raise ValueError("invalid simulation rules: " + "; ".join(bad))
        return self

    def as_array(self) -> npt.NDArray[np.int64]:
        """The rules as the kernel reads them (indices ``P_*`` of ``croupier...kernel``)."""
        double = {DoubleOn.ANY_TWO: 0, DoubleOn.NINE_TO_ELEVEN: 1, DoubleOn.TEN_OR_ELEVEN: 2}
        natural = {
            DealerNatural.PEEK: 0,
            DealerNatural.NO_PEEK_OBO: 1,
            DealerNatural.NO_PEEK_ALL: 2,
        }
        return np.array(
            [
                self.decks,
                int(self.dealer_hits_soft_17),
                double[self.double_on],
                int(self.double_after_split),
                self.max_hands,
                int(self.resplit_aces),
                int(self.hit_split_aces),
                int(self.late_surrender),
                int(self.insurance),
                natural[self.dealer_natural],
                int(self.hole_card),
                self.natural_pays_tenths,
                self.indicator_min,
                self.indicator_max,
                self.cut_min,
                self.burn,
                self.rounds_per_shoe,
            ],
            dtype=np.int64,
        )

    def describe(self) -> dict[str, object]:
        """The rules as plain data (for reports)."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Enum) else value
        return out


def from_house_rules(rules: HouseRules, device_malfunction: bool = False) -> SimRules:
    """The simulation rules of a North Dakota table: ``AnalysisRules.from_house_rules``'s
    playing rules, the dealing method's hole card (99-01.3-08-10.1) and the shoe procedure of
    -08. ``device_malfunction`` plays the card-reading-device table's fallback method
    (-10.1.c(5))."""
    from croupier.analysis.twentyone.rules import AnalysisRules

    method = rules.effective_method(device_malfunction)
    return SimRules.from_analysis_rules(
        AnalysisRules.from_house_rules(rules, device_malfunction),
        hole_card=method.has_hole_card,
    )
