"""Total-dependent (basic) strategy: one decision per up card and hand total, not per composition.

The table is chosen from the exact composition expectations:

* hands of three or more cards hit or stand by (total, soft); decided from the highest hard total
  down, so that a hand's hit expectation already uses the table's decisions for the larger
  totals it can reach. The decision maximizes the expectation summed over the compositions of
  that total, each weighted by its chance as the player's first cards from the shoe (less the up
  card);
* two-card hands act by (total, soft), pairs by their rank, naturals are paid; the decision
  maximizes the expectation summed over the key's two-card hands weighted by their chance;
* split hands play the table (their two-card hands by the key's best action that the split
  rules allow).

The expectation of the resulting fixed strategy is then computed exactly like any other.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone.compiled import table_pass
from croupier.analysis.twentyone.dealer import RANKS
from croupier.analysis.twentyone.player import DOUBLE, HIT, STAND, Compositions
from croupier.analysis.twentyone.strategy import Action, hand_key

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

TwoCardKey = tuple[str, int, bool]
_CODE = {Action.STAND: STAND, Action.HIT: HIT, Action.DOUBLE: DOUBLE}


def two_card_key(a: int, b: int, hard: int, has_ace: bool) -> TwoCardKey:
    """A two-card hand's table row: ``("pair", rank, False)`` or ``("total", total, soft)``."""
    if a == b:
        return ("pair", a, False)
    total, soft = hand_key(hard, has_ace)
    return ("total", total, soft)


def _log_factorial(n: int) -> F64:
    """``log(k!)`` for k = 0..n."""
    return np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, n + 1)))))


class TotalDependent:
    """The total-dependent table against one up card and the hit expectations it implies."""

    def __init__(
        self,
        comps: Compositions,
        shoe: I64,
        stand: F64,
        partner: int,
        peek: bool,
    ) -> None:
        self.comps = comps
        n = comps.counts.shape[0]
        total = int(shoe.sum())
        # chance of each composition as the first cards: size! / prod k_c! * falling products
        counts = comps.counts.astype(np.int64)
        fits = (counts <= shoe).all(axis=1)
        log_fact = _log_factorial(total)
        safe = np.minimum(counts, shoe)
        log_w = log_fact[comps.size] - log_fact[total] + log_fact[total - comps.size]
        log_w += (log_fact[shoe] - log_fact[shoe - safe] - log_fact[safe]).sum(axis=1)
        weight = np.where(fits, np.exp(log_w), 0.0)
        self.decision = np.full(n, STAND, dtype=np.int8)
        self.hit = np.zeros(n)
        table_pass(
            shoe,
            comps.counts,
            comps.hard,
            comps.has_ace,
            comps.size,
            comps.child,
            stand,
            weight,
            partner,
            peek,
            self.decision,
            self.hit,
        )
        self.key_sums: dict[TwoCardKey, dict[Action, float]] = {}

    def add_two_card(self, key: TwoCardKey, weight: float, options: dict[Action, float]) -> None:
        """Count one two-card hand's expectations into its table row."""
        sums = self.key_sums.setdefault(key, {})
        for action, value in options.items():
            sums[action] = sums.get(action, 0.0) + weight * value

    def action(self, key: TwoCardKey, allowed: set[Action] | None = None) -> Action:
        """The row's best action (among ``allowed``, when given)."""
        sums = self.key_sums[key]
        choices = [a for a in sums if allowed is None or a in allowed]
        return max(choices, key=lambda a: sums[a])

    def split_decisions(self, pair: int, can_double: Callable[[int], bool]) -> I8:
        """The decisions of the split hands of ``pair``: the table's, the two-card ones by their
        row's best action that a split hand may take (``can_double(composition)``)."""
        dec = self.decision.copy()
        for x in range(RANKS):
            i = self.comps.of(pair, x)
            allowed = {Action.STAND, Action.HIT}
            if can_double(i):
                allowed.add(Action.DOUBLE)
            key = two_card_key(pair, x, int(self.comps.hard[i]), bool(self.comps.has_ace[i]))
            if key not in self.key_sums:
                dec[i] = STAND
                continue
            dec[i] = _CODE[self.action(key, allowed)]
        return dec
