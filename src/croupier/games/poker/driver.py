"""Playing hands with an injected RNG: a shuffled deck for chance and simple random players.

Used by the terminal bots, the property tests and the benchmark. ``random_hand`` plays one
whole hand of random legal actions through the full-rule engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.cards import Card, standard_deck
from croupier.core.rng import Rng
from croupier.core.shuffle import fisher_yates
from croupier.games.base import PendingKind
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.hand import Hand
from croupier.games.poker.rules import TableRules
from croupier.games.poker.table import SeatSpec


def shuffled_deck(rng: Rng) -> list[Card]:
    """One shuffled 52-card deck (99-01.3-09-04.2, -04.6), top card first."""
    return fisher_yates(standard_deck(), rng)


def random_choice(hand: Hand, rng: Rng) -> Action:
    """A random legal action for the player to act (bets at a random legal amount)."""
    options = hand.legal_actions()
    choice = options[rng.randbelow(len(options))]
    if choice.kind in (ActionKind.BET, ActionKind.RAISE) and hand.to_act is not None:
        lim = hand.limits_for(hand.to_act)
        if lim.min_to is not None and lim.max_to is not None and lim.max_to > lim.min_to:
            to = lim.min_to + rng.randbelow(lim.max_to - lim.min_to + 1)
            return Action(choice.kind, choice.seat, amount=to)
    return choice


def play_out(hand: Hand, deck: Sequence[Card], rng: Rng, log: list[Action] | None = None) -> Hand:
    """Deal from ``deck`` and let random players act until the hand is over."""
    top = 0
    while True:
        pending = hand.pending
        if pending.kind is PendingKind.CHANCE:
            action = Action(ActionKind.CARD, card=deck[top])
            top += 1
        elif pending.kind is PendingKind.SEAT:
            action = random_choice(hand, rng)
        else:
            return hand
        hand.apply(action)
        if log is not None:
            log.append(action)


def random_hand(
    rules: TableRules,
    stacks: Sequence[int],
    rng: Rng,
    button_index: int = 0,
    log: list[Action] | None = None,
) -> Hand:
    """One hand of random legal play with seats 1..n and the given stacks."""
    seats = [SeatSpec(k + 1, stack) for k, stack in enumerate(stacks)]
    hand = Hand(rules, seats, seats[button_index % len(seats)].seat)
    return play_out(hand, shuffled_deck(rng), rng, log)
