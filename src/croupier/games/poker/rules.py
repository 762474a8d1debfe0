"""The table configuration of a poker table (N.D. Admin. Code 99-01.3-09), frozen and validated.

``rules_from_dict`` reports every invalid field at once as a ``ConfigError`` whose problems name
their sections. Money is int cents for non-tournament play; tournament chips have no value
(-03.4.b) and are counted in the same integer unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict

from croupier.core.errors import Problem
from croupier.games.config import require_valid, validate_rules

WHAT = "poker table rules"

POKER = "99-01.3-09-01"
LIMITS = "99-01.3-09-03.1"
FEES = "99-01.3-09-03.3"
TOURNAMENT_GAMES = "99-01.3-09-03.4.a"
ANTE = "99-01.3-09-04.9"
BLINDS = "99-01.3-09-02.6"
BURN = "99-01.3-09-04.14"
TABLE_SIZE = "99-01.3-09-05.2"
TOURNAMENT_LIMIT = "99-01.3-09-05.8"
FIXED_TABLE_LIMIT = "99-01.3-09-05.5.a"
RAISE_FLOOR = "99-01.3-09-06.1.f"
RAISE_CAP = "99-01.3-09-06.1.e"
ODD_CHIP = "99-01.3-09-04.27"

DOLLAR = 100
NONTOURNAMENT_MAX_BET = 1 * DOLLAR
NONTOURNAMENT_MAX_RAISES = 3
NONTOURNAMENT_MAX_FEE = 2 * DOLLAR
MAX_PLAYERS = 11


class Variant(Enum):
    """The games of 99-01.3-09-05.5 and -05.6."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"

    @property
    def hole_cards(self) -> int:
        return 2 if self is Variant.HOLDEM else 4

    @property
    def title(self) -> str:
        return {
            Variant.HOLDEM: "Texas hold'em",
            Variant.OMAHA: "Omaha high",
            Variant.OMAHA_HILO: "Omaha high-low split eight or better",
        }[self]


class Structure(Enum):
    """Betting structures.

    ``nontournament``: the limits of 99-01.3-09-01 (a single bet of at most $1, at most three
    raises of at most $1 each among all the players in a betting round). The others are for
    tournament play with no-value chips (-03.4, -05.8): ``fixed-limit`` (small bet on the first two
    rounds, big bet on the last two), ``pot-limit`` and ``no-limit`` (each bounded by the posted
    ``table_limit`` when one is set).
    """

    NONTOURNAMENT = "nontournament"
    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


class BurnProcedure(Enum):
    """The burn-card procedure an organization adopts (99-01.3-09-04.14)."""

    AFTER_EACH_BETTING_ROUND = "after-each-betting-round"
    BEFORE_EACH_DEAL = "before-each-deal"


class AntePayer(Enum):
    """Who antes: every player (-04.9), or the big blind for the table (a tournament option)."""

    EVERY_PLAYER = "every-player"
    BIG_BLIND = "big-blind"


class MinimumRaise(Enum):
    """The smallest raise: the round's original bet (the disclosed house rule, -06.1.f), or the
    larger of that and the previous raise in the round (usual tournament practice)."""

    ORIGINAL_BET = "original-bet"
    LAST_RAISE = "last-raise"


class TableRules(BaseModel):
    """The configuration of one poker table. Build with ``rules_from_dict`` for a ConfigError."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

    variant: Variant = Variant.HOLDEM
    structure: Structure = Structure.NONTOURNAMENT
    tournament: bool = False
    small_blind: int = 25
    big_blind: int = 50
    ante: int = 0
    ante_payer: AntePayer = AntePayer.EVERY_PLAYER
    minimum_bet: int = 50
    maximum_bet: int = NONTOURNAMENT_MAX_BET
    small_bet: int = 0
    big_bet: int = 0
    table_limit: int | None = None
    max_raises: int | None = NONTOURNAMENT_MAX_RAISES
    minimum_raise: MinimumRaise = MinimumRaise.ORIGINAL_BET
    burn: BurnProcedure = BurnProcedure.BEFORE_EACH_DEAL
    odd_chip_unit: int = 25
    fee_per_half_hour: int = NONTOURNAMENT_MAX_FEE
    max_players: int = 10

    @property
    def uses_blinds(self) -> bool:
        return self.big_blind > 0

    def bet_unit(self, street: int) -> int:
        """The fixed-limit bet of a betting round (0..3): small bet first two, big bet after."""
        return self.small_bet if street < 2 else self.big_bet

    def problems(self) -> list[Problem]:
        """Every way this configuration breaks the regulation (empty when valid)."""
        out: list[Problem] = []
        for name in (
            "small_blind",
            "big_blind",
            "ante",
            "minimum_bet",
            "maximum_bet",
            "small_bet",
            "big_bet",
        ):
            if getattr(self, name) < 0:
                out.append(Problem(name, "must not be negative", POKER))
        if self.small_blind > self.big_blind:
            out.append(Problem("small_blind", "must not exceed the big blind", BLINDS))
        if self.big_blind == 0 and self.small_blind:
            out.append(Problem("small_blind", "a small blind needs a big blind", BLINDS))
        if self.odd_chip_unit < 1:
            out.append(Problem("odd_chip_unit", "must be at least 1", ODD_CHIP))
        if not 2 <= self.max_players <= MAX_PLAYERS:
            out.append(Problem("max_players", "a table seats 2 to 11 players", TABLE_SIZE))
        if self.max_raises is not None and self.max_raises < 0:
            out.append(Problem("max_raises", "must not be negative", RAISE_CAP))
        if self.structure is Structure.NONTOURNAMENT:
            out.extend(self._nontournament_problems())
        else:
            out.extend(self._tournament_problems())
        return out

    def _nontournament_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if self.tournament:
            out.append(
                Problem(
                    "structure", "tournament play uses a tournament structure", TOURNAMENT_LIMIT
                )
            )
        if self.maximum_bet > NONTOURNAMENT_MAX_BET:
            out.append(Problem("maximum_bet", "the maximum single bet is $1.00", POKER))
        if not 0 < self.minimum_bet <= self.maximum_bet:
            out.append(
                Problem("minimum_bet", "must be positive and at most the maximum bet", POKER)
            )
        for name in ("big_blind", "small_blind", "ante"):
            if getattr(self, name) > NONTOURNAMENT_MAX_BET:
                out.append(Problem(name, "a forced bet is a bet: at most $1", POKER))
        if self.max_raises is None or self.max_raises > NONTOURNAMENT_MAX_RAISES:
            out.append(
                Problem("max_raises", "not more than three raises in a betting round", POKER)
            )
        if not 0 < self.fee_per_half_hour <= NONTOURNAMENT_MAX_FEE:
            out.append(
                Problem("fee_per_half_hour", "must be more than $0.00 and at most $2.00", FEES)
            )
        if self.ante_payer is not AntePayer.EVERY_PLAYER:
            out.append(Problem("ante_payer", "each player antes for each hand", ANTE))
        return out

    def _tournament_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if not self.tournament:
            out.append(
                Problem(
                    "structure",
                    f"{self.structure.value} is a tournament structure; nontournament play is "
                    "limited to $1 bets and three raises",
                    POKER,
                )
            )
        if self.structure is Structure.FIXED_LIMIT:
            if not 0 < self.small_bet <= self.big_bet:
                out.append(
                    Problem("small_bet", "fixed limit needs 0 < small bet <= big bet", POKER)
                )
            if self.table_limit is not None and self.big_bet > self.table_limit:
                out.append(
                    Problem(
                        "table_limit",
                        "the fixed-limit big bet exceeds the posted table limit",
                        FIXED_TABLE_LIMIT,
                    )
                )
        elif self.minimum_bet <= 0:
            out.append(Problem("minimum_bet", "must be positive", POKER))
        if self.table_limit is not None and self.table_limit <= 0:
            out.append(Problem("table_limit", "must be positive", TOURNAMENT_LIMIT))
        if self.max_raises is not None and self.max_raises > NONTOURNAMENT_MAX_RAISES:
            # -06.1.e: the house "may allow a maximum of three raises per betting round"; a
            # table either adopts that cap (or a lower one) or sets none (no limit on raises)
            out.append(
                Problem(
                    "max_raises",
                    "a raise cap is at most three raises per betting round (or none)",
                    RAISE_CAP,
                )
            )
        return out


_SECTIONS = {
    "variant": TOURNAMENT_GAMES,
    "structure": POKER,
    "tournament": POKER,
    "small_bet": FIXED_TABLE_LIMIT,
    "big_bet": FIXED_TABLE_LIMIT,
    "small_blind": BLINDS,
    "big_blind": BLINDS,
    "ante": ANTE,
    "ante_payer": ANTE,
    "minimum_bet": POKER,
    "maximum_bet": POKER,
    "max_raises": RAISE_CAP,
    "minimum_raise": RAISE_FLOOR,
    "burn": BURN,
    "table_limit": TOURNAMENT_LIMIT,
    "fee_per_half_hour": FEES,
    "odd_chip_unit": ODD_CHIP,
    "max_players": TABLE_SIZE,
}


def rules_from_dict(data: Mapping[str, Any]) -> TableRules:
    """Validate a table-rules mapping; every invalid field is reported at once (``ConfigError``)."""
    return validate_rules(TableRules, data, _SECTIONS, WHAT)


_CHECKED: dict[int, TableRules] = {}
"""Rules objects already found valid, by identity (each kept alive here so its id is not reused;
``TableRules`` is frozen, so a valid object stays valid). Bounded: cleared when full."""
_CHECKED_MAX = 64


def validated(rules: TableRules) -> TableRules:
    """``rules`` if valid, else ``ConfigError`` (for rules built directly by code). Each frozen
    rules object is checked once; a table dealing hand after hand does not re-check it."""
    if _CHECKED.get(id(rules)) is rules:
        return rules
    require_valid(rules, WHAT)
    if len(_CHECKED) >= _CHECKED_MAX:
        _CHECKED.clear()
    _CHECKED[id(rules)] = rules
    return rules
