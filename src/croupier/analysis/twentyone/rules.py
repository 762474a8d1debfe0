"""The rules an exact twenty-one analysis needs, and how North Dakota's house rules map onto them.

``AnalysisRules`` is wider than North Dakota's regulation (N.D. Admin. Code 99-01.3-08): it covers
the rule sets that published combinatorial analyses use, so that the analyzer can be checked
against them. ``AnalysisRules.from_house_rules`` maps a table's ``HouseRules`` onto it and
``AnalysisRules.nd_problems`` says how a rule set departs from the regulation (the mapping and its
readings are in ``docs/interpretations/twentyone-analysis.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the game's rules model (and pydantic) only for a rules file's table
    from croupier.games.twentyone.rules import HouseRules

DECKS = "99-01.3-08-02.3"
SPLITS = "99-01.3-08-09.2.c"
DOUBLES = "99-01.3-08-09.2.d"
NATURAL = "99-01.3-08-11.11"
DEALER_NATURAL = "99-01.3-08-11.10.d-e"
SURRENDER = "99-01.3-08-09.2"


class DealerNatural(Enum):
    """How the dealer's natural (a two-card 21) is settled.

    * ``PEEK``: the dealer checks the hole card under an ace or a ten-count card before the
      players act (US hole card; N.D.'s card-reading device, 99-01.3-08-10.3); a dealer natural
      ends the round before any split or double, so only the original wager is lost.
    * ``ORIGINAL_BETS_ONLY``: the players act first (hole-card-no-peek, no-hole-card) and a dealer
      natural takes only the original wager; split and double wagers are returned
      (99-01.3-08-11.10.e). Its expected return and strategy equal ``PEEK``'s (see the docs).
    * ``ALL_BETS``: European no hole card; a dealer natural takes every wager, doubles and splits
      included (not N.D.: it is here for the published analyses that use it).
    """

    PEEK = "peek"
    ORIGINAL_BETS_ONLY = "original-bets-only"
    ALL_BETS = "all-bets"


class DoubleOn(Enum):
    """Which two-card totals may be doubled (a soft total counts its ace as eleven)."""

    ANY = "any"
    NINE_TO_ELEVEN = "9-11"
    TEN_ELEVEN = "10-11"

    def allows(self, total: int) -> bool:
        if self is DoubleOn.ANY:
            return True
        low = 9 if self is DoubleOn.NINE_TO_ELEVEN else 10
        return low <= total <= 11


@dataclass(frozen=True, slots=True)
class AnalysisRules:
    """One rule set for the exact analysis (every field an analyzer input)."""

    decks: int = 6
    dealer_hits_soft_17: bool = False
    double_on: DoubleOn = DoubleOn.ANY
    double_after_split: bool = True
    max_split_hands: int = 4
    """Hands a pair may become by splitting and resplitting (2: split once, no resplit)."""
    resplit_aces: bool = True
    hit_split_aces: bool = False
    late_surrender: bool = False
    dealer_natural: DealerNatural = DealerNatural.ORIGINAL_BETS_ONLY
    blackjack_pays: Fraction = Fraction(3, 2)
    insurance: bool = True
    even_money: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"decks must be from 1 to 8, not {self.decks}")
        if not 1 <= self.max_split_hands <= 4:
            raise ValueError(f"max_split_hands must be from 1 to 4, not {self.max_split_hands}")
        if self.even_money and not self.insurance:
            raise ValueError("even money needs insurance to be offered")
        if self.blackjack_pays < 1:
            raise ValueError(f"a natural must pay at least even money, not {self.blackjack_pays}")

    @property
    def split_hands_aces(self) -> int:
        """Hands a pair of aces may become (two unless aces may be resplit)."""
        if self.max_split_hands <= 2 or self.resplit_aces:
            return self.max_split_hands
        return 2

    @classmethod
    def from_house_rules(cls, rules: HouseRules, device_malfunction: bool = False) -> AnalysisRules:
        """The analysis rules of an N.D. table (99-01.3-08): the one reading of the regulation's
        playing rules (``croupier.analysis.twentyone_sim.from_house_rules`` goes through it).

        Fixed by the regulation:

        - -09.2.c: "Splitting is permitted on any pair or any two 10-count value cards. A player
          is allowed a maximum of four hands per betting space"; split aces draw one card each,
          "however, if an additional ace is drawn it may be split again up to a maximum of four
          hands": four hands, aces included, no drawing to split aces;
        - -09.2.d: doubling-down "on the first two cards dealt to a betting space or the first
          two cards of a split hand, except on split aces": any two cards, and after a split;
        - no surrender appears in the chapter: none;
        - -11.11: a natural is paid three to two.

        The house options carried over: decks (4, 6 or 8, -02.3), soft 17 (-11.10.g), insurance
        and even money (-09.2.b) and the dealing method (-10.1; ``device_malfunction`` plays the
        card-reading-device table's fallback, -10.1.c(5)). Every method settles a dealer natural
        on original wagers only: the card-reading device finds it before the players act (a
        peek, -10.3), hole-card-no-peek and no-hole-card after, when "only the player's original
        wager is lost" (-11.10.d-e).
        """
        from croupier.games.twentyone.rules import DealingMethod

        method = rules.effective_method(device_malfunction)
        natural = (
            DealerNatural.PEEK
            if method is DealingMethod.CARD_READING_DEVICE
            else DealerNatural.ORIGINAL_BETS_ONLY
        )
        return cls(
            decks=rules.decks,
            dealer_hits_soft_17=rules.dealer_hits_soft_17,
            double_on=DoubleOn.ANY,
            double_after_split=True,
            max_split_hands=4,
            resplit_aces=True,
            hit_split_aces=False,
            late_surrender=False,
            dealer_natural=natural,
            blackjack_pays=Fraction(3, 2),
            insurance=rules.insurance_permitted,
            even_money=rules.even_money_offered,
        )

    def to_data(self) -> dict[str, Any]:
        """The rule set as plain JSON data (every field; enums by value, the natural's payoff as
        ``"N/M"``): what ``from_data`` reads back to an equal rule set."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif isinstance(value, Fraction):
                value = f"{value.numerator}/{value.denominator}"
            out[f.name] = value
        return out

    @classmethod
    def from_data(cls, data: object) -> AnalysisRules | None:
        """The rule set ``to_data`` wrote, or None for anything else: a missing or extra field, a
        value of the wrong type (a bool is not an int here) or out of range."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            return None
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data[f.name]
            kind: type[Any] = type(f.default)  # each field's default gives its type
            if kind is bool or kind is int:
                if type(value) is not kind:
                    return None
            elif kind is Fraction:
                value = _fraction(value)
            elif issubclass(kind, Enum):
                value = next((e for e in kind if e.value == value), None)
            else:
                return None
            if value is None:
                return None
            values[f.name] = value
        try:
            return cls(**values)
        except ValueError:
            return None

    def nd_problems(self) -> list[tuple[str, str]]:
        """How this rule set departs from N.D.'s regulation: (problem, section) pairs."""
        out: list[tuple[str, str]] = []
        if self.decks not in (4, 6, 8):
            out.append((f"{self.decks} decks: N.D. allows 4, 6 or 8", DECKS))
        if self.double_on is not DoubleOn.ANY:
            out.append(("doubling must be allowed on any first two cards", DOUBLES))
        if not self.double_after_split:
            out.append(("doubling must be allowed after a split (except split aces)", DOUBLES))
        if self.max_split_hands != 4 or not self.resplit_aces:
            out.append(("pairs, aces included, may be split to four hands", SPLITS))
        if self.hit_split_aces:
            out.append(("split aces draw one card only", SPLITS))
        if self.late_surrender:
            out.append(("the regulation has no surrender", SURRENDER))
        if self.dealer_natural is DealerNatural.ALL_BETS:
            out.append(("a dealer natural takes only original wagers", DEALER_NATURAL))
        if self.blackjack_pays != Fraction(3, 2):
            out.append((f"a natural pays 3 to 2, not {self.blackjack_pays}", NATURAL))
        return out

    @property
    def nd_legal(self) -> bool:
        """Whether some N.D. table could deal exactly this rule set."""
        return not self.nd_problems()


def _fraction(value: object) -> Fraction | None:
    """``"N/M"`` (ASCII digits, M not 0) as a fraction; None for anything else."""
    if not isinstance(value, str):
        return None
    left, sep, right = value.partition("/")
    digits = "0123456789"
    if not (sep and left and right and set(left) <= set(digits) and set(right) <= set(digits)):
        return None
    if len(left) > 9 or len(right) > 9 or int(right) == 0:
        return None
    return Fraction(int(left), int(right))
