"""Playing hands with an injected RNG: a shuffled deck for chance and simple random players.

Used by the terminal bots, the property tests and the benchmark. ``random_hand`` plays one
whole hand of random legal actions through the full-rule engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from croupier.core.cards import Card, standard_deck
from croupier.core.rng import Rng, SeededRng
from croupier.core.shuffle import fisher_yates
from croupier.games.base import PendingKind
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.hand import Hand
from croupier.games.poker.rules import TableRules
from croupier.games.poker.table import SeatSpec

# Enum members as compiled constants (why: croupier.games.poker.state)
_CHECK: Final = ActionKind.CHECK
_CHANCE: Final = PendingKind.CHANCE
_SEAT: Final = PendingKind.SEAT

_DECK: Final = standard_deck()
_DEAL: Final = tuple(Action(ActionKind.CARD, card=c) for c in _DECK)
"""The dealing action of each card, by card index (actions are frozen values)."""

_SIZED: Final = (ActionKind.BET, ActionKind.RAISE)
_BATCH: Final = 1024
_DECKS: Final = 128
_SPAN: Final = 1 << 32


class Draws:
    """Uniform random integers from an ``Rng``.

    From a ``SeededRng`` the numbers are drawn from its numpy generator in batches (one call per
    thousand draws instead of one per draw, and deck orders a hundred at a time); ``below(n)``
    keeps each draw exactly uniform by rejecting the few 32-bit values above the largest
    multiple of ``n``. Any other ``Rng`` (the live CSPRNG) is asked draw by draw.
    """

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._gen = rng.generator if isinstance(rng, SeededRng) else None
        self._pool: list[int] = []
        self._decks: list[list[int]] = []

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (``n`` positive)."""
        if self._gen is None:
            return self.rng.randbelow(n)
        if n <= 0:
            raise ValueError(f"a draw needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        pool = self._pool
        while True:
            if not pool:
                pool.extend(self._gen.integers(0, _SPAN, size=_BATCH, dtype=np.uint64).tolist())
                pool.reverse()
            x = pool.pop()
            if x < limit:
                return x % n

    def deck_order(self) -> list[int]:
        """A uniformly random order of the 52 card indices, top card first."""
        if self._gen is None:
            return [c.index for c in fisher_yates(_DECK, self.rng)]
        decks = self._decks
        if not decks:
            # each row an independent uniform permutation (numpy shuffles every row on its own)
            rows = np.tile(np.arange(52, dtype=np.int64), (_DECKS, 1))
            decks.extend(self._gen.permuted(rows, axis=1).tolist())
            decks.reverse()
        return decks.pop()


def shuffled_deck(rng: Rng) -> list[Card]:
    """One shuffled 52-card deck (99-01.3-09-04.2, -04.6), top card first."""
    return fisher_yates(standard_deck(), rng)


def random_choice(hand: Hand, rng: Rng | Draws) -> Action:
    """A random legal action for the player to act (bets at a random legal amount)."""
    below = rng.below if isinstance(rng, Draws) else rng.randbelow
    options = hand.legal_actions()
    choice = options[below(len(options))]
    if choice.kind in _SIZED and hand.to_act is not None:
        lim = hand.limits_for(hand.to_act)
        if lim.min_to is not None and lim.max_to is not None and lim.max_to > lim.min_to:
            to = lim.min_to + below(lim.max_to - lim.min_to + 1)
            return Action(choice.kind, choice.seat, amount=to)
    return choice


def play_out(
    hand: Hand, deck: Sequence[Card], rng: Rng | Draws, log: list[Action] | None = None
) -> Hand:
    """Deal from ``deck`` and let random players act until the hand is over."""
    return _play(hand, [c.index for c in deck], rng, log)


def _play(
    hand: Hand,
    order: Sequence[int],
    rng: Rng | Draws,
    log: list[Action] | None,
    needless_folds: bool = True,
) -> Hand:
    top = 0
    deals = _DEAL
    chance, seat = _CHANCE, _SEAT
    apply, legal_choices = hand.apply, hand.legal_choices
    below = rng.below if isinstance(rng, Draws) else rng.randbelow
    while True:
        kind = hand.pending.kind
        if kind is chance:
            action = deals[order[top]]
            top += 1
        elif kind is seat:
            # random_choice, inlined
            options = legal_choices()
            if not needless_folds and len(options) > 1 and options[1].kind is _CHECK:
                # not the fold of a player who may check
                action = options[1 + below(len(options) - 1)]
            else:
                action = options[below(len(options))]
            if action.kind in _SIZED and hand.to_act is not None:
                lim = hand.limits_for(hand.to_act)
                if lim.min_to is not None and lim.max_to is not None and lim.max_to > lim.min_to:
                    to = lim.min_to + below(lim.max_to - lim.min_to + 1)
                    action = Action(action.kind, action.seat, amount=to)
        else:
            return hand
        apply(action)
        if log is not None:
            log.append(action)


_SEATS: Final[dict[tuple[int, ...], list[SeatSpec]]] = {}
"""Seats 1..n with the given stacks (frozen values, shared between hands)."""


def random_hand(
    rules: TableRules,
    stacks: Sequence[int],
    rng: Rng | Draws,
    button_index: int = 0,
    log: list[Action] | None = None,
    needless_folds: bool = True,
) -> Hand:
    """One hand of random legal play with seats 1..n and the given stacks (pass one ``Draws``
    for a run of hands to keep its batch of random numbers between hands).

    With ``needless_folds=False`` a player who may check never folds (the choices PokerKit
    offers a random player, for the benchmark's like-for-like hands); a fold when checking is
    possible is legal, so the default keeps it among the random choices."""
    draws = rng if isinstance(rng, Draws) else Draws(rng)
    key = tuple(stacks)
    seats = _SEATS.get(key)
    if seats is None:
        seats = [SeatSpec(k + 1, stack) for k, stack in enumerate(stacks)]
        if len(_SEATS) < 256:
            _SEATS[key] = seats
    hand = Hand(rules, seats, seats[button_index % len(seats)].seat)
    return _play(hand, draws.deck_order(), draws, log, needless_folds)
