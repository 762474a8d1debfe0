"""What an exact twenty-one analysis returns."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.analysis.twentyone.rules import AnalysisRules
from croupier.analysis.twentyone.strategy import Action

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


@dataclass(frozen=True, slots=True)
class HandExpectation:
    """One two-card hand against one up card.

    Every expectation is the whole round's, per original wager, counting the dealer's natural
    (which takes the original wager under peek and original-bets-only; every wager under
    all-bets) and played on with the analysis's strategy; ``None`` where the action is not
    allowed. ``probability`` is the chance of this up card and these two cards from a full shoe.
    """

    up: int
    cards: tuple[int, int]
    probability: float
    stand: float
    hit: float
    double: float | None
    split: float | None
    surrender: float | None
    natural: float | None
    """A natural's expectation (paid, pushed, even money or insured, the best of them)."""
    insurance: float | None
    """The insurance wager's own expectation per original wager (half a wager at 2 to 1)."""
    action: Action
    """The action the analysis's strategy takes."""
    value: float
    """The expectation with that action (and insurance taken when it is positive)."""
    dealer_natural: float
    """The chance that the dealer has a natural given the up card and these two cards."""
    peeked: bool
    """Whether a dealer natural takes only the original wager (peek or original bets only)."""

    @property
    def name(self) -> str:
        a, b = self.cards
        return f"{RANK_NAMES[a]},{RANK_NAMES[b]} v {RANK_NAMES[self.up]}"

    def given_no_dealer_natural(self, action: Action) -> float:
        """The action's expectation given that the dealer has no natural (peek and
        original-bets-only rules: the figure a peeking table's player faces, and the one most
        published analyzers print per hand)."""
        q = self.dealer_natural
        value = self.expectations()[action]
        if not self.peeked or action is Action.NATURAL:
            raise ValueError("defined for a played hand under peek or original-bets-only rules")
        return (value + q) / (1.0 - q)

    def expectations(self) -> dict[Action, float]:
        """Each allowed action's expectation."""
        out = {Action.STAND: self.stand, Action.HIT: self.hit}
        for action, value in (
            (Action.DOUBLE, self.double),
            (Action.SPLIT, self.split),
            (Action.SURRENDER, self.surrender),
            (Action.NATURAL, self.natural),
        ):
            if value is not None:
                out[action] = value
        return out


@dataclass(frozen=True, slots=True)
class Analysis:
    """The exact expected return of one rule set from a full shoe under one strategy."""

    rules: AnalysisRules
    strategy: str
    """``"composition"`` (CDZ-: each hand's cards against the up card) or ``"basic"``."""
    expected_return: float
    """The player's expected net per original wager (negative: the house's edge)."""
    by_up_card: tuple[float, ...]
    """The expectation given each up card (ace first), per original wager."""
    hands: tuple[HandExpectation, ...]

    @property
    def house_edge(self) -> float:
        return -self.expected_return

    @property
    def expected_return_percent(self) -> float:
        return 100.0 * self.expected_return

    def hand(self, up: int, first: int, second: int) -> HandExpectation:
        """The two-card hand ``first, second`` (ranks 0..9, ace 0) against ``up``."""
        key = (min(first, second), max(first, second))
        for h in self.hands:
            if h.up == up and h.cards == key:
                return h
        raise KeyError(f"no hand {key} against {up}")
