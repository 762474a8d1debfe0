"""The tip bet's economics at an N.D. table (N.D. Admin. Code 99-01.3-08-09.2.a).

A tip bet rides on the hand it is placed with: when the hand wins it is paid even money and both
go to the dealers' tip receptacle; when the hand loses it goes to the chip tray; a tie pushes. So
per unit tipped the player's expectation is ``-(1 - P(push))``, the dealers receive ``2 P(win)``
and the house ``P(lose)``. The outcome chances are the hand's under the composition-dependent
strategy of the main wager (the tip does not change how the hand is played):

* a natural wins the tip unless the dealer also has one (a push); even money is not taken at 3:2;
* a dealer natural takes the original tip bet (-11.10.d);
* a doubled hand's tip wins, loses or pushes with the hand (a tip that is not doubled,
  ``tip_double_down`` not permitted, -09.2.d);
* after a split the tip goes to one split hand (-11.3.a). Its outcome chances are taken as the
  average split hand's (the expected number of winning split hands over the expected number of
  split hands): exact for a split to two hands, where the hands are exchangeable, and an
  approximation when resplits make one hand's position matter.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone.analyzer import Context, _context, _rows, full_shoe
from croupier.analysis.twentyone.compiled import mark_needed
from croupier.analysis.twentyone.dealer import RANKS
from croupier.analysis.twentyone.player import DOUBLE, HIT, STAND
from croupier.analysis.twentyone.rules import AnalysisRules, DealerNatural
from croupier.analysis.twentyone.split import pair_removals, split_expectation
from croupier.analysis.twentyone.strategy import Action

I64 = npt.NDArray[np.int64]

WIN = 1
PUSH = 2
_CODE = {Action.STAND: STAND, Action.HIT: HIT, Action.DOUBLE: DOUBLE}


@dataclass(frozen=True, slots=True)
class TipBet:
    """Outcome chances of the hand a tip rides on, and where a tipped unit goes."""

    win: float
    push: float
    lose: float

    @property
    def player(self) -> float:
        """The player's expectation per unit tipped (the tip is gone unless the hand pushes)."""
        return -(1.0 - self.push)

    @property
    def dealers(self) -> float:
        """What the dealers' tip receptacle receives per unit tipped (the tip and its payoff)."""
        return 2.0 * self.win

    @property
    def house(self) -> float:
        """What the house collects per unit tipped (lost tips go to the chip tray)."""
        return self.lose

    @property
    def house_net(self) -> float:
        """The house's net per unit tipped: lost tips less the winning tips' payoffs."""
        return self.lose - self.win


def tip_bet(rules: AnalysisRules, context: Context | None = None) -> TipBet:
    """The tip bet's outcome chances at a table with ``rules`` (composition-dependent play); with
    the ``context`` of the main wager's analysis its tables are reused."""
    if rules.late_surrender:
        raise ValueError("the tip bet is an N.D. wager; N.D. has no surrender")
    if rules.dealer_natural is DealerNatural.ALL_BETS:
        # the chances below weigh a dealer natural as N.D. settles it (the original wagers
        # lost, the split and double-down wagers voided), as the main wager's rows do
        raise ValueError(
            "the tip bet is an N.D. wager; N.D. voids split and double-down wagers against a "
            "dealer natural (99-01.3-08-11.10.e)"
        )
    ctx = _context(rules, context)
    comps = ctx.comps
    full = full_shoe(rules.decks)
    cards = int(full.sum())
    win = push = 0.0
    for up in range(RANKS):
        u = ctx.up_card(up)
        rows = _rows(ctx, u, u.hit, cards)
        multi = np.where(u.hit > u.stand, HIT, STAND).astype(np.int8)
        decision = multi.copy()
        starts: list[int] = []
        split_rows = []
        for row in rows:
            pair = row.a
            if row.a == row.b and ctx.split_hands(pair) >= 2:
                dec = ctx.split_decisions(u, pair, multi)
                row.options[Action.SPLIT] = ctx.split_value(u, pair, dec) - row.q
                split_rows.append((row, dec))
            if row.natural is None:
                best = max(row.options, key=lambda k: row.options[k])
                if best in _CODE:
                    decision[row.index] = _CODE[best]
                    starts.append(row.index)
        need = np.zeros(ctx.n, dtype=np.int8)
        mark_needed(np.array(starts, dtype=np.int64), decision, comps.child, need)
        removed = np.zeros(RANKS, dtype=np.int64)
        chances = {
            mode: ctx.run(u.shoe, up, need, decision, u.trie, u.memo, removed, mode)[3]
            for mode in (WIN, PUSH)
        }
        p_up = float(full[up] / cards)
        for row in rows:
            if row.natural is not None:
                w, p = 1.0 - row.q, row.q
            else:
                best = max(row.options, key=lambda k: row.options[k])
                if best is Action.SPLIT:
                    dec = next(d for r, d in split_rows if r is row)
                    hands = _expected_hands(ctx, u.shoe, row.a)
                    w = ctx.split_value(u, row.a, dec, WIN) / hands
                    p = ctx.split_value(u, row.a, dec, PUSH) / hands
                else:
                    w = float(chances[WIN][row.index])
                    p = float(chances[PUSH][row.index])
            win += p_up * row.prob * w
            push += p_up * row.prob * p
    return TipBet(win=float(win), push=float(push), lose=float(1.0 - win - push))


def _expected_hands(ctx: Context, shoe: I64, pair: int) -> float:
    """The expected number of hands a split of ``pair`` ends with."""
    hands = ctx.split_hands(pair)
    s = shoe.copy()
    s[pair] -= 2
    total = int(s.sum())
    n_pair = int(s[pair])
    g: list[float] = []
    gp: list[float] = []
    for a in range(pair_removals(n_pair, hands) + 1):
        left = total - a
        p_pair = (n_pair - a) / left
        g.append(1.0 - p_pair)
        gp.append(p_pair)
    return split_expectation(n_pair, total, hands, g, gp)
