"""House rules of a Three Card 21 "N" Done table (N.J.A.C. 13:69E-1.10D, 13:69F-2C).

``HouseRules`` is a frozen pydantic model. Building it with any invalid field raises
``ConfigError`` listing every problem at once, each with the section that sets the limit.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from croupier.core.errors import ConfigError, Problem
from croupier.core.shoe import NJShuffleMethod
from croupier.eval.threecard import CATEGORIES_HIGH_TO_LOW, BonusCategory

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
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ValueError(f"not payout odds: {value!r} (write e.g. '3 to 2')")
        pair = (int(parts[0]), int(parts[1]))
    else:
        raise ValueError(f"not payout odds: {value!r} (write e.g. '3 to 2')")
    win, stake = pair
    if not (isinstance(win, int) and isinstance(stake, int)) or win <= 0 or stake <= 0:
        raise ValueError(f"payout odds must be two positive whole numbers, got {value!r}")
    return (win, stake)


class Paytable(BaseModel):
    """A Three Card 21 bonus paytable: odds for every category of 2C.2(c)."""

    model_config = ConfigDict(frozen=True)

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
        missing = [c.value for c in BonusCategory if c not in out]
        if missing:
            raise ValueError(f"the paytable must give odds for every category; missing {missing}")
        # A higher category (2C.2(c) order) must not pay less than a lower one: a hand is paid on
        # its highest category only, so an inverted table would pay a better hand less.
        for higher, lower in itertools.pairwise(CATEGORIES_HIGH_TO_LOW):
            if Fraction(*out[higher]) < Fraction(*out[lower]):
                raise ValueError(
                    f"{higher.value} ({format_odds(out[higher])}) must pay at least "
                    f"{lower.value} ({format_odds(out[lower])}), which ranks below it"
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
    """The house rules of one Three Card 21 "N" Done table. Money in cents."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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

    def __init__(self, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise ConfigError(_problems(exc), "Three Card 21 house rules") from None

    @field_validator("betting_positions")
    @classmethod
    def _positions(cls, v: int) -> int:
        if not 1 <= v <= 6:
            raise ValueError(f"a table has betting positions for at most six players, not {v}")
        return v

    @field_validator("decks")
    @classmethod
    def _decks(cls, v: int) -> int:
        if not 6 <= v <= 8:
            raise ValueError(f"the game is played with six to eight decks, not {v}")
        return v

    @field_validator("max_persons_per_spot")
    @classmethod
    def _persons(cls, v: int) -> int:
        if not 1 <= v <= 3:
            raise ValueError(f"at most three people may wager on one spot, not {v}")
        return v

    @field_validator("smallest_chip")
    @classmethod
    def _chip(cls, v: int) -> int:
        if v <= 0:
            raise ValueError(f"the smallest chip must be a positive number of cents, not {v}")
        return v

    @field_validator("table_minimum", "table_maximum")
    @classmethod
    def _limits(cls, v: int) -> int:
        if v <= 0:
            raise ValueError(f"a table limit must be a positive number of cents, not {v}")
        return v

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

    @model_validator(mode="after")
    def _cross(self) -> HouseRules:
        problems: list[str] = []
        if self.table_minimum > self.table_maximum:
            problems.append(
                f"table_minimum {self.table_minimum} exceeds table_maximum {self.table_maximum}"
            )
        if self.table_minimum % self.smallest_chip:
            problems.append(
                f"table_minimum {self.table_minimum} is not a whole number of the smallest chip "
                f"({self.smallest_chip})"
            )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def hits_soft_17(self) -> bool:
        return self.dealer_seventeen is DealerSeventeen.HITS_SOFT_17


def _problems(exc: ValidationError) -> list[Problem]:
    out: list[Problem] = []
    for err in exc.errors():
        loc = err.get("loc", ())
        name = str(loc[0]) if loc else "rules"
        message = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        section = FIELD_SECTIONS.get(name, S_WAGERS if not loc else None)
        out.append(Problem(name, message, section))
    return out


def rules_from_dict(data: Mapping[str, Any]) -> HouseRules:
    """Validate a house-rules mapping (``ConfigError`` listing every problem)."""
    if not isinstance(data, Mapping):
        raise ConfigError([Problem("rules", "house rules must be an object")])
    return HouseRules(**dict(data))
