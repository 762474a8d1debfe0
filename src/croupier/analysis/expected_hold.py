"""How low a dealer's percent-of-hold may fall by chance alone (99-01.3-08-04.8, -01.3).

Percent-of-hold is adjusted gross proceeds over gross proceeds (drop box cash): win ``W`` over
drop ``D``. Over many rounds the win is a sum of independent round results, so by the central
limit theorem it is close to normal:

* the money wagered in initial wagers is ``I = A / m``, where ``A`` is the action the books
  record (chips collected from losing wagers plus chips paid to winning ones, ``PlaySettled``)
  and ``m`` the game's action per initial wager (the expected absolute result of a round, per
  unit of initial wager, from the analysis of the table's rules);
* the expected win is ``e * I`` for the house's edge ``e`` per initial wager;
* its variance is ``v * b * I`` for the variance ``v`` of one seat's result per round (in
  initial wagers squared) and the average initial wager ``b``: ``I / b`` rounds each of
  variance ``v * b**2``.

So the hold is about normal with mean ``e * I / D`` and standard deviation ``sqrt(v * b * I) /
D``, and the chance of a hold at most the one observed is the normal distribution's value
there. Pure: the game's figures (``GameMoments``) come from outside (``service``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SIGNIFICANCE = 0.05
"""Below this chance, chance alone is not taken to explain a low hold (a one-sided test)."""


@dataclass(frozen=True, slots=True)
class GameMoments:
    """A game's figures per initial wager under a table's rules and the strategy assumed."""

    edge: float
    """The house's expected win per initial wager (positive when the house wins)."""
    variance: float
    """Variance of one seat's result per round, in initial wagers squared."""
    action: float
    """Expected chips collected or paid per initial wager (the books' action per wager)."""
    source: str = ""


@dataclass(frozen=True, slots=True)
class HoldChance:
    """What chance makes of an observed hold."""

    drop: int
    win: int
    action: int
    average_wager: int
    initial_wagers: float
    """Estimated money put up as initial wagers, in cents (``action / moments.action``)."""
    expected_hold: float
    standard_deviation: float
    probability_at_most: float
    """The chance of a hold this low or lower with a fair game played as assumed."""

    @property
    def observed_hold(self) -> float:
        return self.win / self.drop

    @property
    def explained_by_chance(self) -> bool:
        return self.probability_at_most >= SIGNIFICANCE

    def verdict(self) -> str:
        p = f"{self.probability_at_most:.1%}" if self.probability_at_most >= 0.001 else "<0.1%"
        if self.explained_by_chance:
            return (
                f"a hold this low has a chance of {p} in a fair game: chance explains the shortfall"
            )
        return (
            f"a hold this low has a chance of only {p} in a fair game (under "
            f"{SIGNIFICANCE:.0%}): chance alone does not explain the shortfall; document its reason"
        )


def normal_cdf(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def hold_chance(
    drop: int, win: int, action: int, moments: GameMoments, average_wager: int
) -> HoldChance:
    """The distribution of percent-of-hold for ``drop`` cents of drop and ``action`` cents of
    action, and the chance of a hold at most ``win / drop``. Raises ``ValueError`` for a drop,
    action or average wager that is not positive."""
    if drop <= 0 or action <= 0 or average_wager <= 0:
        raise ValueError("the drop, the action and the average wager must be positive")
    if moments.action <= 0 or moments.variance <= 0:
        raise ValueError("the game's action and variance per wager must be positive")
    initial = action / moments.action
    mean = moments.edge * initial / drop
    sd = math.sqrt(moments.variance * average_wager * initial) / drop
    p = normal_cdf((win / drop - mean) / sd)
    return HoldChance(drop, win, action, average_wager, initial, mean, sd, p)
