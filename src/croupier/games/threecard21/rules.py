"""House rules of a Three Card 21 "N" Done table (N.J.A.C. 13:69E-1.10D, 13:69F-2C).

``HouseRules`` is a frozen pydantic model; ``rules_from_dict`` validates plain data through
``croupier.games.config.validate_rules``: a ``ConfigError`` lists every problem at once (wrong
types and the regulation's limits together), each with the section that sets the limit.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from croupier.core.errors import Problem
from croupier.core.names import ascii_digits
from croupier.core.shoe import NJShuffleMethod
from croupier.eval.threecard import CATEGORIES_HIGH_TO_LOW, BonusCategory
from croupier.games.config import require_valid, validate_rules

WHAT = "Three Card 21 house rules"

S_TABLE = "N.J.A.C. 13:69E-1.10D(a)"
S_READER = "N.J.A.C. 13:69E-1.10D(f)"
S_DECKS = "N.J.A.C. 13:69F-2C.2(a)"
S_SHUFFLE = "N.J.A.C. 13:69F-2C.4(a)"
S_WAGERS = "N.J.A.C. 13:69F-2C.5(a)"
S_PAYTABLE = "N.J.A.C. 13:69F-2C.5(b)1"
S_SURRENDER = "N.J.A.C. 13:69F-2C.8(c)"
S_DEALER = "N.J.A.C. 13:69F-2C.11(b)"
S_SHARED = "N.J.A.C. 13:69F-2C.12(a)"
S_MULTI = "N.J.A.C. 13:69F-2C.13"
S_CHIPS = "N.J.A.C. 13:69F-2C.5(e)"

FIELD_SECTIONS: dict[str, str] = {
    "casino_name": "N.J.A.C. 13:69E-1.10D(b)1",
    "betting_positions": S_TABLE,
    "decks": S_DECKS,
    "dealer_seventeen": S_DEALER,
    "card_reader": S_READER,
    "surrender": S_SURRENDER,
    "bonus_paytable": S_PAYTABLE,
    "shuffle": S_SHUFFLE,
    "multiple_spots": S_MULTI,
    "max_persons_per_spot": S_SHARED,
    "table_minimum": S_WAGERS,
    "table_maximum": S_WAGERS,
    "smallest_chip": S_CHIPS,
}


class DealerSeventeen(Enum):
    """The posted dealer option of 2C.11(b)."""

    STANDS_ON_ALL_17 = "stands on all 17s"
    HITS_SOFT_17 = "hits soft 17"


Odds = tuple[int, int]

_SHUFFLE_ALIASES = {
    "hand": NJShuffleMethod.HAND,
    "manual": NJShuffleMethod.HAND,
    "automatic": NJShuffleMethod.AUTOMATIC,
    "automatic shuffler": NJShuffleMethod.AUTOMATIC,
    "bart_carter": NJShuffleMethod.BART_CARTER,
    "bart carter": NJShuffleMethod.BART_CARTER,
    "bart carter shuffle": NJShuffleMethod.BART_CARTER,
}
_SEVENTEEN_ALIASES = {
    "stand": DealerSeventeen.STANDS_ON_ALL_17,
    "s17": DealerSeventeen.STANDS_ON_ALL_17,
    "stands on all 17s": DealerSeventeen.STANDS_ON_ALL_17,
    "hit": DealerSeventeen.HITS_SOFT_17,
    "h17": DealerSeventeen.HITS_SOFT_17,
    "hits soft 17": DealerSeventeen.HITS_SOFT_17,
}
_CATEGORY_ALIASES: dict[str, BonusCategory] = {}
for _c in BonusCategory:
    _CATEGORY_ALIASES[_c.value] = _c
    _CATEGORY_ALIASES[_c.name.lower()] = _c


def parse_odds(value: Any) -> Odds:
    """``"3 to 2"``, ``"3:2"``, ``[3, 2]`` or ``5`` (meaning 5 to 1) as a (win, stake) pair."""
    if isinstance(value, bool):
        raise ValueError(f"not payout odds: {value!r}")
    if isinstance(value, int):
        pair: tuple[Any, Any] = (value, 1)
    elif isinstance(value, list | tuple) and len(value) == 2:
        pair = (value[0], value[1])
    elif isinstance(value, str):
        text = value.replace(" to ", ":").replace(" ", "")
        parts = text.split(":")
        if len(parts) != 2 or not all(ascii_digits(p) for p in parts):
            raise ValueError(f"not payout odds: {value!r} (write e.g. '3 to 2')")
        pair = (int(parts[0]), int(parts[1]))
    else:
        raise ValueError(f"not payout odds: {value!r} (write e.g. '3 to 2')")
    win, stake = pair
    if not (isinstance(win, int) and isinstance(stake, int)) or win <= 0 or stake <= 0:
        raise ValueError(f"payout odds must be two positive whole numbers, got {value!r}")
    return (win, stake)


class Paytable(BaseModel):
    """A Three Card 21 bonus paytable: odds for every category of 2C.2(c).

    The odds are parsed when the table is built; whether it gives odds for every category and
    pays a higher category at least as much as a lower one is checked by ``problems`` (through
    the house rules' validation, with every other problem of the rules)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    pays: dict[BonusCategory, Odds]

    @field_validator("pays", mode="before")
    @classmethod
    def _parse_pays(cls, value: Any) -> dict[BonusCategory, Odds]:
        if not isinstance(value, Mapping):
            raise ValueError("pays must map each bonus category to its odds")
        out: dict[BonusCategory, Odds] = {}
        for key, odds in value.items():
            cat = key if isinstance(key, BonusCategory) else _CATEGORY_ALIASES.get(str(key).lower())
            if cat is None:
                known = ", ".join(c.value for c in BonusCategory)
                raise ValueError(f"unknown bonus category {key!r}; the categories are {known}")
            out[cat] = parse_odds(odds)
        return out

    def problems(self, where: str = "pays") -> list[Problem]:
        """Every way this paytable cannot be posted (empty when valid)."""
        missing = [c.value for c in BonusCategory if c not in self.pays]
        if missing:
            return [
                Problem(
                    where,
                    f"the paytable must give odds for every category; missing {missing}",
                    S_PAYTABLE,
                )
            ]
        out: list[Problem] = []
        # A higher category (2C.2(c) order) must not pay less than a lower one: a hand is paid on
        # its highest category only, so an inverted table would pay a better hand less.
        for higher, lower in itertools.pairwise(CATEGORIES_HIGH_TO_LOW):
            if Fraction(*self.pays[higher]) < Fraction(*self.pays[lower]):
                out.append(
                    Problem(
                        where,
                        f"{higher.value} ({format_odds(self.pays[higher])}) must pay at least "
                        f"{lower.value} ({format_odds(self.pays[lower])}), which ranks below it",
                        S_PAYTABLE,
                    )
                )
        return out

    def odds(self, category: BonusCategory) -> Odds:
        return self.pays[category]

    def win_amount(self, category: BonusCategory, stake: int) -> int:
        """What a winning stake of ``stake`` cents is paid (rounded down to the cent)."""
        win, per = self.pays[category]
        return stake * win // per


def format_odds(odds: Odds) -> str:
    return f"{odds[0]} to {odds[1]}"


POSTED_PAYTABLE = Paytable(
    name="posted (2C.5(b)1)",
    pays={
        BonusCategory.TWENTY_ONE: (1, 1),
        BonusCategory.PAIR: (1, 1),
        BonusCategory.FLUSH: (3, 2),
        BonusCategory.STRAIGHT: (2, 1),
        BonusCategory.THREE_OF_A_KIND: (5, 1),
        BonusCategory.STRAIGHT_FLUSH: (15, 1),
        BonusCategory.ROYAL: (50, 1),
        BonusCategory.DIAMOND_ROYAL: (200, 1),
    },
)


class HouseRules(BaseModel):
    """The house rules of one Three Card 21 "N" Done table. Money in cents.

    Build it with ``rules_from_dict`` (``croupier.games.config.validate_rules``): every invalid
    field is reported at once, each with its section. Rules built directly by code are checked
    with ``validated``."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

    casino_name: str = "Casino"
    betting_positions: int = 6
    decks: int = 6
    dealer_seventeen: DealerSeventeen = DealerSeventeen.STANDS_ON_ALL_17
    card_reader: bool = True
    surrender: bool = False
    bonus_paytable: Paytable = POSTED_PAYTABLE
    shuffle: NJShuffleMethod = NJShuffleMethod.HAND
    multiple_spots: bool = False
    max_persons_per_spot: int = 1
    table_minimum: int = 500
    table_maximum: int = 50_000
    smallest_chip: int = 100

    @field_validator("shuffle", mode="before")
    @classmethod
    def _shuffle(cls, v: Any) -> Any:
        if isinstance(v, str) and v.lower() in _SHUFFLE_ALIASES:
            return _SHUFFLE_ALIASES[v.lower()]
        return v

    @field_validator("dealer_seventeen", mode="before")
    @classmethod
    def _seventeen(cls, v: Any) -> Any:
        if isinstance(v, str) and v.lower() in _SEVENTEEN_ALIASES:
            return _SEVENTEEN_ALIASES[v.lower()]
        return v

    @field_validator("bonus_paytable", mode="before")
    @classmethod
    def _paytable(cls, v: Any) -> Any:
        if isinstance(v, str) and v.lower() in ("posted", "default"):
            return POSTED_PAYTABLE
        return v

    def problems(self) -> list[Problem]:
        """Every way these rules break the regulation (empty when valid)."""
        out: list[Problem] = []
        if not 1 <= self.betting_positions <= 6:
            out.append(
                Problem(
                    "betting_positions",
                    "a table has betting positions for at most six players, not "
                    f"{self.betting_positions}",
                    S_TABLE,
                )
            )
        if not 6 <= self.decks <= 8:
            out.append(
                Problem(
                    "decks",
                    f"the game is played with six to eight decks, not {self.decks}",
                    S_DECKS,
                )
            )
        if not 1 <= self.max_persons_per_spot <= 3:
            out.append(
                Problem(
                    "max_persons_per_spot",
                    f"at most three people may wager on one spot, not {self.max_persons_per_spot}",
                    S_SHARED,
                )
            )
        if self.smallest_chip <= 0:
            out.append(
                Problem(
                    "smallest_chip",
                    "the smallest chip must be a positive number of cents, not "
                    f"{self.smallest_chip}",
                    S_CHIPS,
                )
            )
        for name in ("table_minimum", "table_maximum"):
            value = getattr(self, name)
            if value <= 0:
                out.append(
                    Problem(
                        name,
                        f"a table limit must be a positive number of cents, not {value}",
                        S_WAGERS,
                    )
                )
        if self.table_minimum > self.table_maximum:
            out.append(
                Problem(
                    "table_minimum",
                    f"table_minimum {self.table_minimum} exceeds table_maximum "
                    f"{self.table_maximum}",
                    S_WAGERS,
                )
            )
        if self.smallest_chip > 0 and self.table_minimum % self.smallest_chip:
            out.append(
                Problem(
                    "table_minimum",
                    f"table_minimum {self.table_minimum} is not a whole number of the smallest "
                    f"chip ({self.smallest_chip})",
                    S_CHIPS,
                )
            )
        out.extend(self.bonus_paytable.problems("bonus_paytable.pays"))
        return out

    @property
    def hits_soft_17(self) -> bool:
        return self.dealer_seventeen is DealerSeventeen.HITS_SOFT_17


def rules_from_dict(data: Mapping[str, Any]) -> HouseRules:
    """Validate a house-rules mapping: every problem at once (``ConfigError``), each with its
    section; money written ``"$5.00"`` is dollars, a bare integer cents."""
    return validate_rules(HouseRules, data, FIELD_SECTIONS, WHAT)


def validated(rules: HouseRules) -> HouseRules:
    """``rules`` if valid, else ``ConfigError`` (for rules built directly by code)."""
    return require_valid(rules, WHAT)
