"""House rules of a twenty-one table (N.D. Admin. Code 99-01.3-08), frozen and validated.

Every field an organization may choose is here; ``HouseRules.model_validate`` (or
``rules_from_dict``) reports every invalid field at once as a ``ConfigError``. Money is int cents.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict

from croupier.core.errors import Problem
from croupier.games.config import require_valid, validate_rules

WHAT = "twenty-one house rules"

DECKS = "99-01.3-08-02.3"
SOFT_17 = "99-01.3-08-11.10.g"
DEALING = "99-01.3-08-10.1"
BETTING = "99-01.3-08-09.1"
TIP_BET = "99-01.3-08-09.2.a"
INSURANCE = "99-01.3-08-09.2.b"
DOUBLE = "99-01.3-08-09.2.d"
RESHUFFLE = "99-01.3-08-08.2"
SURVEILLANCE = "99-01.3-08-04"

DOLLAR = 100
FIFTY_CENTS = 50
LOWEST_WAGER = 1 * DOLLAR
HIGHEST_WAGER = 25 * DOLLAR
FIRST_TABLE_MAX_MINIMUM = 3 * DOLLAR


class DealingMethod(Enum):
    """The three dealing methods of 99-01.3-08-10.1."""

    HOLE_CARD_NO_PEEK = "hole-card-no-peek"
    NO_HOLE_CARD = "no-hole-card"
    CARD_READING_DEVICE = "hole-card-with-card-reading-device"

    @property
    def title(self) -> str:
        return {
            DealingMethod.HOLE_CARD_NO_PEEK: "Hole-Card-No-Peek",
            DealingMethod.NO_HOLE_CARD: "No-Hole-Card",
            DealingMethod.CARD_READING_DEVICE: "Hole-Card-with-Card-Reading-Device",
        }[self]

    @property
    def has_hole_card(self) -> bool:
        return self is not DealingMethod.NO_HOLE_CARD


class DoubleDown(Enum):
    """How a double-down wager relates to the original wager (99-01.3-08-09.2.d)."""

    EQUAL = "equal"
    EQUAL_OR_LESS = "equal-or-less"


class TipDoubleDown(Enum):
    """Doubling-down on tip bets (99-01.3-08-09.2.d, -13.2.m)."""

    NOT_PERMITTED = "not-permitted"
    EQUAL = "equal"
    EQUAL_OR_LESS = "equal-or-less"


class HouseRules(BaseModel):
    """The house rules of one table. Construct with ``rules_from_dict`` to get a ``ConfigError``."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

    decks: int = 6
    dealer_hits_soft_17: bool = False
    dealing_method: DealingMethod = DealingMethod.HOLE_CARD_NO_PEEK
    device_fallback_method: DealingMethod = DealingMethod.HOLE_CARD_NO_PEEK
    minimum_wager: int = 2 * DOLLAR
    maximum_wager: int = 25 * DOLLAR
    first_active_table: bool = True
    insurance_permitted: bool = True
    even_money_offered: bool = False
    tip_betting_permitted: bool = True
    tip_bet_cap: int | None = None
    double_down: DoubleDown = DoubleDown.EQUAL
    tip_double_down: TipDoubleDown = TipDoubleDown.NOT_PERMITTED
    video_surveillance: bool = False
    inactivity_reshuffle_minutes: int = 30

    @property
    def tip_bet_limit(self) -> int:
        """The largest tip bet: the house cap, else the table maximum (99-01.3-08-09.2.a)."""
        return self.maximum_wager if self.tip_bet_cap is None else self.tip_bet_cap

    def problems(self) -> list[Problem]:
        """Every way these rules break the regulation (empty when valid)."""
        out: list[Problem] = []
        if self.decks not in (4, 6, 8):
            out.append(Problem("decks", f"must be 4, 6 or 8 decks, not {self.decks}", DECKS))
        for name in ("minimum_wager", "maximum_wager"):
            value = getattr(self, name)
            if value % DOLLAR:
                out.append(
                    Problem(name, f"must be an even dollar amount, not {value} cents", BETTING)
                )
            if not LOWEST_WAGER <= value <= HIGHEST_WAGER:
                out.append(
                    Problem(name, f"must be from $1 to $25 (100..2500 cents), not {value}", BETTING)
                )
        if self.minimum_wager > self.maximum_wager:
            out.append(
                Problem("minimum_wager", "the minimum wager exceeds the maximum wager", BETTING)
            )
        if self.first_active_table and self.minimum_wager > FIRST_TABLE_MAX_MINIMUM:
            out.append(
                Problem(
                    "minimum_wager",
                    "on the first active table the minimum wager may not exceed $3; a higher "
                    "minimum is allowed only on additional tables (first_active_table: false)",
                    BETTING,
                )
            )
        if self.device_fallback_method is DealingMethod.CARD_READING_DEVICE:
            out.append(
                Problem(
                    "device_fallback_method",
                    "on a device malfunction the table must use hole-card-no-peek or no-hole-card",
                    "99-01.3-08-10.1.c(5)",
                )
            )
        if self.even_money_offered and not self.insurance_permitted:
            out.append(
                Problem(
                    "even_money_offered",
                    "even money does not apply where insurance is not permitted",
                    INSURANCE,
                )
            )
        if self.tip_bet_cap is not None:
            if not self.tip_betting_permitted:
                out.append(
                    Problem("tip_bet_cap", "a tip bet cap needs tip betting permitted", TIP_BET)
                )
            if self.tip_bet_cap % FIFTY_CENTS or not (
                FIFTY_CENTS <= self.tip_bet_cap <= self.maximum_wager
            ):
                out.append(
                    Problem(
                        "tip_bet_cap",
                        "must be a multiple of fifty cents from fifty cents up to the table's "
                        f"maximum wager, not {self.tip_bet_cap}",
                        TIP_BET,
                    )
                )
        if self.tip_double_down is not TipDoubleDown.NOT_PERMITTED and not (
            self.tip_betting_permitted
        ):
            out.append(
                Problem("tip_double_down", "doubling tip bets needs tip betting permitted", DOUBLE)
            )
        if not 1 <= self.inactivity_reshuffle_minutes <= 1440:
            out.append(
                Problem(
                    "inactivity_reshuffle_minutes",
                    "must be a period from 1 to 1440 minutes",
                    RESHUFFLE,
                )
            )
        return out

    def effective_method(self, device_malfunction: bool = False) -> DealingMethod:
        """The method used for a round: the fallback when the device malfunctions (-10.1.c(5))."""
        if device_malfunction and self.dealing_method is DealingMethod.CARD_READING_DEVICE:
            return self.device_fallback_method
        return self.dealing_method


_SECTIONS = {
    "decks": DECKS,
    "dealer_hits_soft_17": SOFT_17,
    "dealing_method": DEALING,
    "device_fallback_method": DEALING,
    "minimum_wager": BETTING,
    "maximum_wager": BETTING,
    "first_active_table": BETTING,
    "insurance_permitted": INSURANCE,
    "even_money_offered": INSURANCE,
    "tip_betting_permitted": TIP_BET,
    "tip_bet_cap": TIP_BET,
    "double_down": DOUBLE,
    "tip_double_down": DOUBLE,
    "inactivity_reshuffle_minutes": RESHUFFLE,
    "video_surveillance": SURVEILLANCE,
}


def rules_from_dict(data: Mapping[str, Any]) -> HouseRules:
    """Validate a house-rules mapping; every invalid field is reported at once (``ConfigError``)."""
    return validate_rules(HouseRules, data, _SECTIONS, WHAT)


def validated(rules: HouseRules) -> HouseRules:
    """``rules`` if valid, else ``ConfigError`` (for rules built directly by code)."""
    return require_valid(rules, WHAT)
