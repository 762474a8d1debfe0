"""The rules a twenty-one simulation plays: a small frozen record the kernel reads as integers.

``SimRules`` holds every option the kernel supports (the same options as the exact analysis):
1 to 8 decks, S17/H17, doubling on any two cards / 9-11 / 10-11, double after split, resplit to
N hands, resplit aces, hitting split aces, late surrender, insurance, how the dealer's natural is
found and settled, the blackjack payout, and the shoe procedure (indicator card range, cut, burn).

``from_house_rules`` maps a North Dakota table (``croupier.games.twentyone.rules.HouseRules``) to
it, reading what 99-01.3-08 permits:

- -02.3: four, six or eight decks (``decks``);
- -11.10.g: the dealer stands on all 17s, or hits soft 17 where posted (``dealer_hits_soft_17``);
- -09.2.c: "Splitting is permitted on any pair or any two 10-count value cards. A player is
  allowed a maximum of four hands per betting space" and split aces draw one card each, "however,
  if an additional ace is drawn it may be split again up to a maximum of four hands": resplit to
  four hands, aces included; no drawing to split aces;
- -09.2.d: doubling-down "on the first two cards dealt to a betting space or the first two cards
  of a split hand, except on split aces": double on any two cards and after a split;
- no surrender appears in the chapter: none;
- -09.2.b: insurance pays two to one, where the house permits it (basic strategy declines it);
- -11.11: a natural is paid three to two;
- -10.1 and -11.10.d/e: with the hole-card-with-card-reading-device method the dealer's natural
  is found before the players act (a peek); with the hole-card-no-peek and no-hole-card methods
  it is found after, and then "only the player's original wager is lost" (original bets only);
  the no-hole-card method deals the dealer's second card after the players' decisions;
- -08.2, -08.3: the cards are cut at least ten cards from either end, the indicator card goes
  fifty to one hundred cards from the bottom, one card is burned; the cards are reshuffled after
  the round in which the indicator card appears.

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
    from croupier.games.twentyone.rules import HouseRules

TENTHS = 10
"""An initial wager is 10 in the kernel's units."""

MAX_HANDS = 8
MAX_PLAYERS = 7


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
    indicator_min: int = 50
    indicator_max: int = 100
    """The indicator (cut) card goes this many cards from the bottom, uniformly in the range."""
    cut_min: int = 10
    """The cutting card goes at least this many cards from either end (99-01.3-08-08.1)."""
    burn: int = 1
    """Cards burned after each shuffle (99-01.3-08-08.3)."""
    rounds_per_shoe: int = 0
    """0: deal to the indicator card (the rule here). ``N``: also reshuffle after ``N`` rounds;
    1 deals every round from a freshly shuffled shoe (the "off the top" game of exact
    analyses, and of the tiny-shoe tests)."""

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
    """The simulation rules of a North Dakota table (see the module docstring for each
    section). ``device_malfunction`` plays the card-reading-device table's fallback method
    (99-01.3-08-10.1.c(5))."""
    from croupier.games.twentyone.rules import DealingMethod

    method = rules.effective_method(device_malfunction)
    natural = (
        DealerNatural.PEEK
        if method is DealingMethod.CARD_READING_DEVICE
        else DealerNatural.NO_PEEK_OBO
    )
    return SimRules(
        decks=rules.decks,
        dealer_hits_soft_17=rules.dealer_hits_soft_17,
        double_on=DoubleOn.ANY_TWO,
        double_after_split=True,
        max_hands=4,
        resplit_aces=True,
        hit_split_aces=False,
        late_surrender=False,
        insurance=rules.insurance_permitted,
        dealer_natural=natural,
        hole_card=method.has_hole_card,
        natural_pays_tenths=15,
        indicator_min=50,
        indicator_max=100,
        cut_min=10,
        burn=1,
    ).validated()
