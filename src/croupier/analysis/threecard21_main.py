"""Exact expected return of the Three Card 21 wager (the main game of Three Card 21 "N" Done,
N.J.A.C. 13:69F-2C) under optimal play, with the card reader (the hole card stays face down).

The rules, as the game engine reads them (``docs/interpretations/threecard21.md``):

* the player's first three cards against the dealer's up card; a three-card 21 is paid 1 to 1 at
  once, before the dealer's check (2C.5(c)1);
* against an ace the other players may insure (half the wager, 2 to 1; 2C.7);
* a hand over 21 may be surrendered for half the wager, decided before the check; against an ace
  or a ten-count card the whole wager is lost to a dealer blackjack (2C.8(a)2);
* with an ace or ten-count up card the dealer checks for blackjack; a blackjack takes every
  remaining wager (2C.5(c)4);
* then a hand under 21 stands, draws or doubles (once, one card); a hand over 21 loses unless it
  is split; a hand over 21, with an ace that would take it over 21 as eleven, or with two cards of
  one rank is split three ways: each card heads a hand, gets a second card, and is played on (stand,
  draw, double; no resplit; 2C.5(c)5, 2C.10);
* any total of 21 — after a draw, a double or on a split hand — is paid 1 to 1 at once
  (2C.5(c)5.v, 2C.9(c), 2C.10(c)2); other hands are settled against the dealer's total, equal
  totals pushing (2C.5(d)); the dealer stands on all 17s or hits soft 17 (2C.11(b)).

The player recursion is twenty-one's (``croupier.analysis.twentyone.player``) with "21 wins at
once" and the dealer's natural excluded by the check. Split hands are valued like twenty-one's
(``croupier.analysis.twentyone.split``): each hand decides from its own cards and the three
original cards, so by exchangeability every hand is worth one hand played first from the shoe less
the up card and the three original cards. Without the card reader the hole card is turned up at the
check (2C.6(i)) and the players decide knowing it; that variant is not analyzed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import factorial

import numpy as np
import numpy.typing as npt

from croupier.analysis.twentyone.analyzer import full_shoe
from croupier.analysis.twentyone.compiled import evaluate, mark_needed
from croupier.analysis.twentyone.dealer import ACE, RANKS, dealer_trie, natural_partner
from croupier.analysis.twentyone.player import compositions
from croupier.games.threecard21.rules import DealerSeventeen, HouseRules

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

MEMO_SLOTS = 1 << 20


@dataclass(frozen=True, slots=True)
class MainGameRules:
    """The options of the Three Card 21 wager that change its expectation."""

    decks: int = 6
    dealer_hits_soft_17: bool = False
    surrender: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError(f"decks must be from 1 to 8, not {self.decks}")

    @classmethod
    def from_house_rules(cls, rules: HouseRules) -> MainGameRules:
        if not rules.card_reader:
            raise ValueError("only tables with a card reader are analyzed (hole card face down)")
        return cls(
            decks=rules.decks,
            dealer_hits_soft_17=rules.dealer_seventeen is DealerSeventeen.HITS_SOFT_17,
            surrender=rules.surrender,
        )


@dataclass(frozen=True, slots=True)
class ThreeCardHand:
    """The player's first three cards (ranks 0..9, ace first) against one up card.

    Expectations are the whole round's per Three Card 21 wager, the dealer's blackjack included;
    ``None`` where the action is not allowed."""

    up: int
    cards: tuple[int, int, int]
    probability: float
    stand: float | None
    hit: float | None
    double: float | None
    split: float | None
    surrender: float | None
    action: str
    """``"21"`` (paid at once), ``"stand"``, ``"hit"``, ``"double"``, ``"split"``,
    ``"surrender"`` or ``"lose"`` (over 21, not split)."""
    value: float


@dataclass(frozen=True, slots=True)
class MainGameAnalysis:
    rules: MainGameRules
    expected_return: float
    """The player's expected net per Three Card 21 wager under optimal play."""
    by_up_card: tuple[float, ...]
    hands: tuple[ThreeCardHand, ...]

    def hand(self, up: int, *cards: int) -> ThreeCardHand:
        key = tuple(sorted(cards))
        for h in self.hands:
            if h.up == up and h.cards == key:
                return h
        raise KeyError(f"no hand {key} against {up}")


def _three_card_chance(shoe: I64, key: tuple[int, int, int]) -> float:
    """The chance that three cards from ``shoe`` are the multiset ``key``."""
    total = int(shoe.sum())
    ways = 1.0
    orders = factorial(3)
    for c in set(key):
        k = key.count(c)
        orders //= factorial(k)
        for j in range(k):
            ways *= int(shoe[c]) - j
    return orders * ways / (total * (total - 1) * (total - 2))


class _UpCard:
    def __init__(self, rules: MainGameRules, up: int) -> None:
        self.comps = compositions()
        self.up = up
        self.shoe = full_shoe(rules.decks)
        self.shoe[up] -= 1
        self.trie = dealer_trie(up, rules.dealer_hits_soft_17)
        self.memo = (np.zeros(MEMO_SLOTS, dtype=np.int64), np.empty((MEMO_SLOTS, 7)))
        n = self.comps.counts.shape[0]
        self.decision = np.full(n, -1, dtype=np.int8)
        need = np.where(self.comps.size >= 3, 3, 0).astype(np.int8)
        self.stand, self.hit, self.double, _ = self.run(self.shoe, need)

    def run(self, base: I64, need: I8) -> tuple[F64, F64, F64, F64]:
        n = self.comps.counts.shape[0]
        out = (np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n))
        t = self.trie
        c = self.comps
        evaluate(
            base,
            c.counts,
            c.hard,
            c.has_ace,
            c.child,
            need,
            self.decision,
            natural_partner(self.up),
            True,
            True,
            0,
            *t.kernel_arrays,
            self.shoe - base,
            self.memo[0],
            self.memo[1],
            *out,
        )
        return out

    def split_hand(self, first: int, others: tuple[int, int]) -> float:
        """One split hand headed by ``first``, the other two original cards out of the shoe:
        its expectation times "no dealer blackjack"."""
        base = self.shoe.copy()
        for c in others:
            base[c] -= 1
        rest = base.copy()
        rest[first] -= 1
        left = int(rest.sum())
        starts = np.array([self.comps.of(first, x) for x in range(RANKS)], dtype=np.int64)
        need = np.zeros(self.comps.counts.shape[0], dtype=np.int8)
        mark_needed(starts, self.decision, self.comps.child, need)
        _, _, double, value = self.run(base, need)
        ev = 0.0
        for x in range(RANKS):
            if rest[x] > 0:
                i = int(starts[x])
                ev += rest[x] / left * max(value[i], double[i])
        return ev


def analyze_main(rules: MainGameRules) -> MainGameAnalysis:
    """The exact expected return of the Three Card 21 wager under optimal play (card reader)."""
    full = full_shoe(rules.decks)
    cards = int(full.sum())
    hands: list[ThreeCardHand] = []
    by_up: list[float] = []
    total_ev = 0.0
    for up in range(RANKS):
        u = _UpCard(rules, up)
        partner = natural_partner(up)
        up_ev = 0.0
        for key in combinations_with_replacement(range(RANKS), 3):
            prob = _three_card_chance(u.shoe, key)
            if prob == 0.0:
                continue
            rest = u.shoe.copy()
            for c in key:
                rest[c] -= 1
            q = float(rest[partner] / (cards - 4)) if partner >= 0 else 0.0
            hard = sum(c + 1 for c in key)
            has_ace = ACE in key
            total = hard + 10 if has_ace and hard + 10 <= 21 else hard
            stand = hit = double = split = surrender = None
            if total == 21:
                action, value = "21", 1.0
            else:
                options: dict[str, float] = {}
                if hard > 21:
                    options["lose"] = -(1.0 - q) - q
                else:
                    i = u.comps.of(*key)
                    stand = float(u.stand[i]) - q
                    hit = float(u.hit[i]) - q
                    double = float(u.double[i]) - q
                    options.update(stand=stand, hit=hit, double=double)
                pair = len(set(key)) < 3
                if hard > 21 or pair or (has_ace and hard + 10 > 21):
                    split = -q
                    for j, first in enumerate(key):
                        others = key[:j] + key[j + 1 :]
                        split += u.split_hand(first, (others[0], others[1]))
                    options["split"] = split
                if rules.surrender and hard > 21:
                    surrender = -0.5 * (1.0 - q) - q
                    options["surrender"] = surrender
                action = max(options, key=lambda a: options[a])
                value = options[action]
                if up == ACE and 1.5 * q - 0.5 > 0.0:
                    value += 1.5 * q - 0.5
            hands.append(
                ThreeCardHand(
                    up=up,
                    cards=key,
                    probability=float(full[up] / cards) * prob,
                    stand=stand,
                    hit=hit,
                    double=double,
                    split=split,
                    surrender=surrender,
                    action=action,
                    value=value,
                )
            )
            up_ev += prob * value
        by_up.append(up_ev)
        total_ev += float(full[up] / cards) * up_ev
    return MainGameAnalysis(
        rules=rules, expected_return=total_ev, by_up_card=tuple(by_up), hands=tuple(hands)
    )
