"""``croupier bench twentyone``: settle many random legal rounds under random valid house rules.

Each round is the protocol's random legal player (``croupier.core.protocol.play_randomly``) on
``GAME``: a random setup (wagers and tips on one to six spaces), chance cards drawn from the
shoe's composition, decisions uniformly among the legal ones (``mistake_rate`` n > 0: about one
choice in n is a dealing mistake instead, ``random_play.MistakeChooser``). Every round must end,
settle and leave its money where its parties say (nothing on the layout, the parties summing to
zero).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from croupier.core.protocol import Play, play_randomly
from croupier.core.rng import SeededRng
from croupier.games.twentyone.actions import Action
from croupier.games.twentyone.game import GAME, Setup
from croupier.games.twentyone.random_play import MistakeChooser, random_rules
from croupier.games.twentyone.round_data import LAYOUT
from croupier.games.twentyone.rules import HouseRules
from croupier.games.twentyone.state import Round

TwentyOnePlay = Play[HouseRules, Setup, Round, Action]


@dataclass(frozen=True, slots=True)
class BenchResult:
    rounds: int
    seconds: float
    rule_sets: int

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else float("inf")


def check_round(play: TwentyOnePlay) -> None:
    """The round ended with nothing on the layout and its parties summing to zero."""
    balances = GAME.balances(play.state)
    parties = GAME.settlement(play.state).parties
    if balances.get(LAYOUT, 0) or sum(parties.values()) or sum(balances.values()):
        raise RuntimeError(f"chips not conserved: {dict(balances)}")


def run(
    rounds: int,
    seed: int = 0,
    rounds_per_rule_set: int = 1000,
    mistake_rate: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> BenchResult:
    """Settle ``rounds`` random rounds; every rule set plays ``rounds_per_rule_set`` rounds.
    ``progress(done, rounds)`` is called every few hundred rounds."""
    rng = SeededRng(seed)
    start = time.perf_counter()
    done = sets = 0
    while done < rounds:
        rules = random_rules(rng)
        sets += 1
        for _ in range(min(rounds_per_rule_set, rounds - done)):
            choose = MistakeChooser(mistake_rate) if mistake_rate else None
            play = play_randomly(GAME, rules, GAME.random_setup(rules, rng), rng, choose=choose)
            check_round(play)
            done += 1
            if progress is not None and done % 250 == 0:
                progress(done, rounds)
    if progress is not None:
        progress(done, rounds)
    return BenchResult(done, time.perf_counter() - start, sets)
