"""``analyze``: the exact expected return of a twenty-one rule set from a full shoe.

For each up card the player recursion (``player.py``) values every hand composition; the two-card
hands then take their best allowed action (composition-dependent) or the action of the
total-dependent table (basic), pairs are split by ``split.py``, and the round's expectation is the
two-card hands' expectations weighted by their chance from a full shoe.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone.basic import TotalDependent, two_card_key
from croupier.analysis.twentyone.compiled import evaluate, mark_needed
from croupier.analysis.twentyone.dealer import (
    ACE,
    RANKS,
    TEN,
    DealerTrie,
    dealer_trie,
    natural_partner,
)
from croupier.analysis.twentyone.player import (
    DOUBLE,
    HIT,
    MEMO_SLOTS,
    STAND,
    Compositions,
    compositions,
)
from croupier.analysis.twentyone.result import Analysis, HandExpectation
from croupier.analysis.twentyone.rules import AnalysisRules, DealerNatural
from croupier.analysis.twentyone.split import pair_removals, split_expectation
from croupier.analysis.twentyone.strategy import Action

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

STRATEGIES = ("composition", "basic")


def full_shoe(decks: int) -> I64:
    """The count of each rank (ace first, ten-counts last) in ``decks`` decks."""
    shoe = np.full(RANKS, 4 * decks, dtype=np.int64)
    shoe[TEN] = 16 * decks
    return shoe


@dataclass(slots=True)
class _UpCard:
    """The player recursion's tables against one up card."""

    up: int
    shoe: I64
    """The shoe less the up card."""
    stand: F64
    hit: F64
    double: F64
    value: F64
    trie: DealerTrie
    memo: tuple[I64, F64]


class Context:
    """One rule set's analysis in progress: the player recursion's tables against each up card and
    the split values, each computed once however often it is asked for (the tip bet's chances,
    ``tip.py``, reuse the main wager's analysis instead of repeating it)."""

    def __init__(self, rules: AnalysisRules) -> None:
        self.rules = rules
        self.comps: Compositions = compositions()
        self.peek = rules.dealer_natural is not DealerNatural.ALL_BETS
        self.n = self.comps.counts.shape[0]
        self._up_cards: dict[int, _UpCard] = {}
        self._splits: dict[tuple[int, int, bytes, int], float] = {}

    def trie(self, up: int) -> DealerTrie:
        return dealer_trie(up, self.rules.dealer_hits_soft_17)

    def run(
        self,
        base: I64,
        up: int,
        need: I8,
        decision: I8,
        trie: DealerTrie,
        memo: tuple[I64, F64],
        removed: I64,
        mode: int = 0,
    ) -> tuple[F64, F64, F64, F64]:
        c = self.comps
        stand = np.zeros(self.n)
        hit = np.zeros(self.n)
        double = np.zeros(self.n)
        value = np.zeros(self.n)
        evaluate(
            base,
            c.counts,
            c.hard,
            c.has_ace,
            c.child,
            need,
            decision,
            natural_partner(up),
            self.peek,
            False,
            mode,
            *trie.kernel_arrays,
            removed,
            memo[0],
            memo[1],
            stand,
            hit,
            double,
            value,
        )
        return stand, hit, double, value

    def up_card(self, up: int) -> _UpCard:
        """The tables against ``up`` (computed at the first call)."""
        if up not in self._up_cards:
            self._up_cards[up] = self._up_card(up)
        return self._up_cards[up]

    def _up_card(self, up: int) -> _UpCard:
        shoe = full_shoe(self.rules.decks)
        shoe[up] -= 1
        need = np.full(self.n, 3, dtype=np.int8)
        need[self.comps.size < 2] = 0
        decision = np.full(self.n, -1, dtype=np.int8)
        trie = self.trie(up)
        memo = (np.zeros(MEMO_SLOTS, dtype=np.int64), np.empty((MEMO_SLOTS, 7)))
        removed = np.zeros(RANKS, dtype=np.int64)
        stand, hit, double, value = self.run(shoe, up, need, decision, trie, memo, removed)
        return _UpCard(up, shoe, stand, hit, double, value, trie, memo)

    def can_double(self, i: int, after_split: bool, pair: int) -> bool:
        r = self.rules
        if after_split and (not r.double_after_split or pair == ACE):
            return False
        return r.double_on.allows(self.comps.total(i)[0])

    def split_hands(self, pair: int) -> int:
        return self.rules.split_hands_aces if pair == ACE else self.rules.max_split_hands

    def split_value(self, u: _UpCard, pair: int, decision: I8, mode: int = 0) -> float:
        """Splitting ``pair`` against ``u`` with ``decision`` for the hands after the split
        (its two-card entries are overridden here for the split hands' rules)."""
        key = (u.up, pair, decision.tobytes(), mode)
        if key not in self._splits:
            self._splits[key] = self._split_value(u, pair, decision, mode)
        return self._splits[key]

    def _split_value(self, u: _UpCard, pair: int, decision: I8, mode: int) -> float:
        r = self.rules
        c = self.comps
        hands = self.split_hands(pair)
        s = u.shoe.copy()
        s[pair] -= 2
        if s[pair] < 0:
            return float("nan")
        total = int(s.sum())
        n_pair = int(s[pair])
        starts = np.array([c.of(pair, x) for x in range(RANKS)], dtype=np.int64)
        dec = decision.copy()
        for x in range(RANKS):
            i = int(starts[x])
            if pair == ACE and not r.hit_split_aces:
                dec[i] = STAND
        need = np.zeros(self.n, dtype=np.int8)
        mark_needed(starts, dec, c.child, need)
        g: list[float] = []
        gp: list[float] = []
        for a in range(pair_removals(n_pair, hands) + 1):
            base = u.shoe.copy()
            base[pair] -= 1 + a
            draw = s.copy()
            draw[pair] -= a
            left = total - a
            removed = u.shoe - base
            value = self.run(base, u.up, need, dec, u.trie, u.memo, removed, mode)[3]
            gx = 0.0
            for x in range(RANKS):
                if x != pair and draw[x] > 0:
                    gx += draw[x] / left * value[starts[x]]
            g.append(gx)
            gp.append(draw[pair] / left * value[starts[pair]] if draw[pair] > 0 else 0.0)
        return split_expectation(n_pair, total, hands, g, gp)

    def split_decisions(self, u: _UpCard, pair: int, base: I8) -> I8:
        """CDZ-: the split hands play as the same cards would unsplit, where the split rules allow
        (the best of the allowed actions by the unsplit expectations)."""
        dec = base.copy()
        for x in range(RANKS):
            i = self.comps.of(pair, x)
            options = [(u.stand[i], STAND), (u.hit[i], HIT)]
            if self.can_double(i, True, pair):
                options.append((u.double[i], DOUBLE))
            dec[i] = max(options)[1]
        return dec


def _natural_value(rules: AnalysisRules, up: int, q: float) -> float:
    pays = float(rules.blackjack_pays)
    best = pays * (1.0 - q)
    if up == ACE and rules.even_money:
        best = max(best, 1.0)
    if up == ACE and rules.insurance:
        best = max(best, pays * (1.0 - q) + 1.5 * q - 0.5)
    return best


@dataclass(slots=True)
class _Row:
    a: int
    b: int
    index: int
    prob: float
    q: float
    options: dict[Action, float]
    natural: float | None
    insurance: float | None


def _rows(ctx: Context, u: _UpCard, hit: F64, cards: int) -> list[_Row]:
    """The two-card hands against ``u`` with their expectations before splitting."""
    rules = ctx.rules
    comps = ctx.comps
    partner = natural_partner(u.up)
    rows: list[_Row] = []
    for a in range(RANKS):
        for b in range(a, RANKS):
            ways = u.shoe[a] * (u.shoe[a] - 1) if a == b else 2 * u.shoe[a] * u.shoe[b]
            if ways <= 0:
                continue
            i = comps.of(a, b)
            rest = u.shoe.copy()
            rest[a] -= 1
            rest[b] -= 1
            q = float(rest[partner] / (cards - 3)) if partner >= 0 else 0.0
            shift = -q if ctx.peek else 0.0
            options = {Action.STAND: float(u.stand[i]) + shift, Action.HIT: float(hit[i]) + shift}
            if ctx.can_double(i, False, -1):
                options[Action.DOUBLE] = float(u.double[i]) + shift
            if rules.late_surrender:
                options[Action.SURRENDER] = -0.5 * (1.0 - q) - q
            natural = _natural_value(rules, u.up, q) if (a, b) == (ACE, TEN) else None
            insurance = 1.5 * q - 0.5 if (u.up == ACE and rules.insurance) else None
            prob = float(ways / ((cards - 1) * (cards - 2)))
            rows.append(_Row(a, b, i, prob, q, options, natural, insurance))
    return rows


def analyze(
    rules: AnalysisRules, strategy: str = "composition", context: Context | None = None
) -> Analysis:
    """The exact expected return of ``rules`` from a full shoe.

    ``strategy``: ``"composition"`` plays every hand by its cards against the up card (CDZ-: the
    split hands as the same cards unsplit); ``"basic"`` by a total-dependent table
    (``basic.py``). A ``context`` of the same rules keeps what is computed for the tip bet.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {STRATEGIES}, not {strategy!r}")
    ctx = _context(rules, context)
    comps = ctx.comps
    full = full_shoe(rules.decks)
    cards = int(full.sum())
    hands: list[HandExpectation] = []
    by_up: list[float] = []
    total_ev = 0.0
    for up in range(RANKS):
        u = ctx.up_card(up)
        td: TotalDependent | None = None
        if strategy == "basic":
            td = TotalDependent(comps, u.shoe, u.stand, natural_partner(up), ctx.peek)
            rows = _rows(ctx, u, td.hit, cards)
            for row in rows:
                if row.natural is None:
                    key = two_card_key(row.a, row.b, int(comps.hard[row.index]), row.a == ACE)
                    td.add_two_card(key, row.prob, row.options)
        else:
            rows = _rows(ctx, u, u.hit, cards)
        multi = np.where(u.hit > u.stand, HIT, STAND).astype(np.int8)
        for row in rows:
            pair = row.a
            if row.a != row.b or ctx.split_hands(pair) < 2:
                continue
            if td is not None:
                dec = td.split_decisions(pair, partial(ctx.can_double, after_split=True, pair=pair))
            else:
                dec = ctx.split_decisions(u, pair, multi)
            shift = -row.q if ctx.peek else 0.0
            row.options[Action.SPLIT] = ctx.split_value(u, pair, dec) + shift
            if td is not None:
                key = two_card_key(pair, pair, 0, False)
                td.add_two_card(key, row.prob, {Action.SPLIT: row.options[Action.SPLIT]})
        p_up = float(full[up] / cards)
        up_ev = 0.0
        for row in rows:
            if row.natural is not None:
                action = Action.NATURAL
                value = row.natural
            else:
                if td is not None:
                    hard = int(comps.hard[row.index])
                    action = td.action(two_card_key(row.a, row.b, hard, row.a == ACE))
                else:
                    action = max(row.options, key=lambda k: row.options[k])
                value = row.options[action]
                if row.insurance is not None and row.insurance > 0.0:
                    value += row.insurance
            opts = row.options
            hands.append(
                HandExpectation(
                    up=up,
                    cards=(row.a, row.b),
                    probability=p_up * row.prob,
                    stand=opts[Action.STAND],
                    hit=opts[Action.HIT],
                    double=opts.get(Action.DOUBLE),
                    split=opts.get(Action.SPLIT),
                    surrender=opts.get(Action.SURRENDER),
                    natural=row.natural,
                    insurance=row.insurance,
                    action=action,
                    value=value,
                    dealer_natural=row.q,
                    peeked=ctx.peek,
                )
            )
            up_ev += row.prob * value
        by_up.append(up_ev)
        total_ev += p_up * up_ev
    return Analysis(
        rules=rules,
        strategy=strategy,
        expected_return=total_ev,
        by_up_card=tuple(by_up),
        hands=tuple(hands),
    )


def _context(rules: AnalysisRules, context: Context | None) -> Context:
    if context is None:
        return Context(rules)
    if context.rules != rules:
        raise ValueError("the analysis context was made for other rules")
    return context
