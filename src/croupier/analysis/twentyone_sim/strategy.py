"""Total-dependent strategy tables the simulation kernel plays, and a published basic strategy.

A ``Strategy`` is three ``int8`` arrays indexed ``[player, up card]`` where the up card is 1 (ace)
to 10 (any ten-count card):

- ``hard[t, up]``: hard totals ``t`` (rows 4 to 21 are used);
- ``soft[t, up]``: soft totals ``t`` (an ace counted as eleven; rows 12 to 21 are used);
- ``pairs[v, up]``: a two-card pair of value ``v`` (1 = aces, 10 = any two ten-count cards)
  that may still be split; ``SPLIT`` or ``SURRENDER_OR_SPLIT`` splits, any other code is played as
  written. A pair that may not be split (the hand limit is reached) is played by its total.

Codes: ``HIT``, ``STAND``, ``DOUBLE_OR_HIT``, ``DOUBLE_OR_STAND`` (double where the rules allow,
else hit or stand), ``SPLIT``, ``SURRENDER_OR_HIT``, ``SURRENDER_OR_STAND``,
``SURRENDER_OR_SPLIT`` (late surrender where allowed, else the second action). Insurance is a
separate yes/no (``take_insurance``); basic strategy never takes it.

The exact analyzer (``croupier.analysis.twentyone``) will produce tables of this shape;
``basic_strategy`` builds the standard published chart so the kernel does not depend on it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone_sim.params import SimRules

HIT = 0
STAND = 1
DOUBLE_OR_HIT = 2
DOUBLE_OR_STAND = 3
SPLIT = 4
SURRENDER_OR_HIT = 5
SURRENDER_OR_STAND = 6
SURRENDER_OR_SPLIT = 7

CODES = {
    "H": HIT,
    "S": STAND,
    "D": DOUBLE_OR_HIT,
    "Ds": DOUBLE_OR_STAND,
    "P": SPLIT,
    "R": SURRENDER_OR_HIT,
    "Rs": SURRENDER_OR_STAND,
    "Rp": SURRENDER_OR_SPLIT,
}

I8 = npt.NDArray[np.int8]
UP_CARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
"""Column order of the published charts: 2 to 10, then the ace."""


@dataclass(frozen=True)
class Strategy:
    """A total-dependent strategy: ``hard`` and ``soft`` ``(22, 11)``, ``pairs`` ``(11, 11)``."""

    hard: I8
    soft: I8
    pairs: I8
    take_insurance: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        for label, table, shape in (
            ("hard", self.hard, (22, 11)),
            ("soft", self.soft, (22, 11)),
            ("pairs", self.pairs, (11, 11)),
        ):
            if table.shape != shape or table.dtype != np.int8:
                raise ValueError(f"{label} must be an int8 array of shape {shape}")
            if table.min() < HIT or table.max() > SURRENDER_OR_SPLIT:
                raise ValueError(f"{label} holds an unknown action code")
        for label, table in (("hard", self.hard), ("soft", self.soft)):
            if np.isin(table, (SPLIT, SURRENDER_OR_SPLIT)).any():
                raise ValueError(f"{label} totals cannot say split (only the pairs table can)")

    def action(self, kind: str, row: int, up: int) -> str:
        """The chart letter at ``kind`` ("hard", "soft", "pairs"), ``row``, up card ``up``."""
        table = {"hard": self.hard, "soft": self.soft, "pairs": self.pairs}[kind]
        code = int(table[row, up])
        return next(k for k, v in CODES.items() if v == code)


def _rows(chart: dict[int, str]) -> dict[int, list[int]]:
    out = {}
    for row, text in chart.items():
        cells = text.split()
        if len(cells) != len(UP_CARDS):
            raise ValueError(f"chart row {row} needs {len(UP_CARDS)} cells: {text!r}")
        out[row] = [CODES[c] for c in cells]
    return out


def _fill(table: I8, chart: dict[int, str]) -> None:
    for row, codes in _rows(chart).items():
        for up, code in zip(UP_CARDS, codes, strict=True):
            table[row, up] = code


#                2  3  4  5  6  7  8  9  10 A
_HARD_S17 = {
    8: "H  H  H  H  H  H  H  H  H  H",
    9: "H  D  D  D  D  H  H  H  H  H",
    10: "D  D  D  D  D  D  D  D  H  H",
    11: "D  D  D  D  D  D  D  D  D  H",
    12: "H  H  S  S  S  H  H  H  H  H",
    13: "S  S  S  S  S  H  H  H  H  H",
    14: "S  S  S  S  S  H  H  H  H  H",
    15: "S  S  S  S  S  H  H  H  R  H",
    16: "S  S  S  S  S  H  H  R  R  R",
    17: "S  S  S  S  S  S  S  S  S  S",
}
_SOFT_S17 = {
    12: "H  H  H  H  H  H  H  H  H  H",
    13: "H  H  H  D  D  H  H  H  H  H",
    14: "H  H  H  D  D  H  H  H  H  H",
    15: "H  H  D  D  D  H  H  H  H  H",
    16: "H  H  D  D  D  H  H  H  H  H",
    17: "H  D  D  D  D  H  H  H  H  H",
    18: "S  Ds Ds Ds Ds S  S  H  H  H",
    19: "S  S  S  S  S  S  S  S  S  S",
    20: "S  S  S  S  S  S  S  S  S  S",
    21: "S  S  S  S  S  S  S  S  S  S",
}
_PAIRS_DAS = {
    1: "P  P  P  P  P  P  P  P  P  P",
    2: "P  P  P  P  P  P  H  H  H  H",
    3: "P  P  P  P  P  P  H  H  H  H",
    4: "H  H  H  P  P  H  H  H  H  H",
    6: "P  P  P  P  P  H  H  H  H  H",
    7: "P  P  P  P  P  P  H  H  H  H",
    8: "P  P  P  P  P  P  P  P  P  P",
    9: "P  P  P  P  P  S  P  P  S  S",
}
_PAIRS_NO_DAS = {
    2: "H  H  P  P  P  P  H  H  H  H",
    3: "H  H  P  P  P  P  H  H  H  H",
    4: "H  H  H  H  H  H  H  H  H  H",
    6: "H  P  P  P  P  H  H  H  H  H",
}
# Dealer hits soft 17: the cells that differ from the S17 chart.
_HARD_H17 = {
    11: "D  D  D  D  D  D  D  D  D  D",
    15: "S  S  S  S  S  H  H  H  R  R",
    17: "S  S  S  S  S  S  S  S  S  Rs",
}
_SOFT_H17 = {
    18: "Ds Ds Ds Ds Ds S  S  H  H  H",
    19: "S  S  S  S  Ds S  S  S  S  S",
}
_PAIRS_H17_SURRENDER = {8: "P  P  P  P  P  P  P  P  P  Rp"}


def basic_strategy(rules: SimRules) -> Strategy:
    """The published total-dependent basic strategy for four to eight decks, dealer peeks
    (or original bets only, which is the same game for the player), after the Wizard of Odds
    "4-Deck to 8-Deck Blackjack Strategy" charts (Michael Shackleford,
    https://wizardofodds.com/games/blackjack/strategy/4-decks/): the dealer-stands-on-soft-17
    chart, or with ``dealer_hits_soft_17`` the dealer-hits-soft-17 chart (double 11 v A,
    surrender 15 and 17 v A, double soft 18 v 2 and soft 19 v 6, surrender 8-8 v A);
    the pair rows with or without double after split. Surrender cells apply only where
    ``late_surrender``; doubles the rules forbid (9-11, 10-11 only, none after a split) fall
    back to the second letter. Used as written for other deck counts (a close approximation
    for one and two decks)."""
    hard = np.full((22, 11), HIT, dtype=np.int8)
    soft = np.full((22, 11), STAND, dtype=np.int8)
    pairs = np.full((11, 11), HIT, dtype=np.int8)
    hard[17:22, :] = STAND
    _fill(hard, _HARD_S17)
    _fill(soft, _SOFT_S17)
    if rules.dealer_hits_soft_17:
        _fill(hard, _HARD_H17)
        _fill(soft, _SOFT_H17)
    # pairs: a row first copies the total it makes (5-5 is hard 10, 10-10 hard 20), then splits
    for v in range(2, 11):
        pairs[v, :] = hard[2 * v, :]
    pairs[1, :] = soft[12, :]
    _fill(pairs, _PAIRS_DAS)
    if not rules.double_after_split:
        _fill(pairs, _PAIRS_NO_DAS)
    if rules.dealer_hits_soft_17 and rules.late_surrender:
        _fill(pairs, _PAIRS_H17_SURRENDER)
    if not rules.late_surrender:
        for table in (hard, soft, pairs):
            table[table == SURRENDER_OR_HIT] = HIT
            table[table == SURRENDER_OR_STAND] = STAND
            table[table == SURRENDER_OR_SPLIT] = SPLIT
    s17 = "H17" if rules.dealer_hits_soft_17 else "S17"
    das = "DAS" if rules.double_after_split else "no DAS"
    surrender = ", late surrender" if rules.late_surrender else ""
    return Strategy(hard, soft, pairs, name=f"basic strategy 4-8 decks {s17} {das}{surrender}")
