"""``croupier bench poker``: random legal hands through the full-rule engine next to PokerKit.

Fixed-limit hold'em and Omaha high-low, 2-, 6- and 11-handed. Both engines play random legal
actions from seeded generators in the same run, chosen alike: uniformly among fold (only when
facing a bet: PokerKit offers no fold to a player who may check), check or call, and bet or
raise when allowed; the random numbers of both come in batches from numpy (``BatchedRng``).
Croupier's hands are played by the shared random legal player, ``play_randomly``, through the
game protocol (``Play``, ``GAME.step``; each card drawn by ``GAME.chance`` from the cards left in
the deck). The figure is hands per second.

A shared machine's speed drifts by a quarter or more over seconds, so each table size is timed
in rounds: in every round each engine plays its share of the hands, back to back, and the
round's ratio compares two timings taken under the same conditions. A row reports the median
round of each engine and the median of the rounds' ratios, with their lowest and highest.

OpenSpiel's ``universal_poker`` (the ACPC game definitions, C++ behind Python) is the second peer
where it installs and where it can play the game: fixed-limit hold'em of at most four players
(it reads at most four stack sizes), so the heads-up row. Its random player picks uniformly
among the game's legal actions (fold is not offered when checking is possible, as with
PokerKit) and draws each card uniformly from its chance outcomes; the blinds, bet sizes, the cap
(a bet and three raises) and the stacks are croupier's.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from croupier.core.cards import parse_cards
from croupier.core.errors import InvalidInput
from croupier.core.protocol import play_randomly
from croupier.core.rng import SeededRng
from croupier.games.poker.game import GAME, Setup
from croupier.games.poker.rules import Structure, TableRules, Variant
from croupier.games.poker.showdown_eval import showdown_values
from croupier.games.poker.table import SeatSpec
from croupier.service.bench.poker_play import BatchedRng, like_pokerkit

SIZES = (2, 6, 11)
STACK = 2000
ROUNDS = 7
WARM_UP = 20
"""Untimed hands each engine plays at each table size before its first timed round."""


@dataclass(frozen=True, slots=True)
class BenchRow:
    variant: str
    players: int
    hands: int
    """Hands each engine played in all (the rounds together)."""
    croupier_hps: float
    """The median of the rounds' rates."""
    pokerkit_hps: float | None
    ratios: tuple[float, ...] = ()
    """Each round's croupier rate over PokerKit's rate, timed back to back."""
    openspiel_hps: float | None = None
    openspiel_ratios: tuple[float, ...] = ()
    """Each round's croupier rate over OpenSpiel's (timed in the same round)."""

    @property
    def openspiel_ratio(self) -> float | None:
        return statistics.median(self.openspiel_ratios) if self.openspiel_ratios else None

    @property
    def ratio(self) -> float | None:
        """The median of the rounds' ratios."""
        return statistics.median(self.ratios) if self.ratios else None


def table_rules(variant: Variant) -> TableRules:
    return TableRules(
        variant=variant,
        structure=Structure.FIXED_LIMIT,
        tournament=True,
        small_blind=10,
        big_blind=20,
        small_bet=20,
        big_bet=40,
        max_raises=3,
        odd_chip_unit=1,
        max_players=11,
    )


Player = Callable[[int], float]
"""Plays the next ``n`` hands of one engine's seeded stream and returns the seconds taken."""


def croupier_player(variant: Variant, players: int, seed: int) -> Player:
    rules = table_rules(variant)
    rng = BatchedRng(SeededRng(seed))
    seats = tuple(SeatSpec(k + 1, STACK) for k in range(players))
    setups = [Setup(seats, k + 1) for k in range(players)]
    played = [0]

    def play(n: int) -> float:
        first = played[0]
        start = time.perf_counter()
        for k in range(first, first + n):
            hand = play_randomly(GAME, rules, setups[k % players], rng, choose=like_pokerkit)
            if sum(p.stack for p in hand.state.players) != STACK * players:  # pragma: no cover
                raise AssertionError("chips not conserved")
        seconds = time.perf_counter() - start
        played[0] = first + n
        return seconds

    return play


def pokerkit_player(variant: Variant, players: int, seed: int) -> Player | None:
    """PokerKit playing random legal actions (``None`` if it is not installed)."""
    try:
        import pokerkit as pk
    except ImportError:  # pragma: no cover - peers are optional
        return None
    game = (
        pk.FixedLimitTexasHoldem
        if variant is Variant.HOLDEM
        else pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
    )
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    draws = BatchedRng(SeededRng(seed))

    def play(n: int) -> float:
        start = time.perf_counter()
        for _ in range(n):
            state = game.create_state(
                automations, True, 0, (10, 20), 20, 40, (STACK,) * players, players
            )
            while state.status:
                choices = []
                if state.can_fold():
                    choices.append(0)
                if state.can_check_or_call():
                    choices.append(1)
                if state.can_complete_bet_or_raise_to():
                    choices.append(2)
                pick = choices[draws.randbelow(len(choices))]
                if pick == 0:
                    state.fold()
                elif pick == 1:
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to()
        return time.perf_counter() - start

    return play


def openspiel_player(variant: Variant, players: int, seed: int) -> Player | None:
    """OpenSpiel's universal_poker playing random legal actions (``None`` where it is not
    installed or cannot play this game: Omaha, or more than four players)."""
    if variant is not Variant.HOLDEM or players > 4:
        return None
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - peers are optional
        return None
    blinds = ["20", "10"] if players == 2 else ["10", "20"] + ["0"] * (players - 2)
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "limit",
            "numPlayers": players,
            "numRounds": 4,
            "blind": " ".join(blinds),
            "firstPlayer": "2 1 1 1" if players == 2 else "3 1 1 1",
            "raiseSize": "20 20 40 40",
            "maxRaises": "3 4 4 4",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * players),
        },
    )
    draws = BatchedRng(SeededRng(seed))

    def play(n: int) -> float:
        start = time.perf_counter()
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[draws.randbelow(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[draws.randbelow(len(legal))])
        return time.perf_counter() - start

    return play


def measure(
    ours: Player,
    theirs: Player | None,
    hands: int,
    rounds: int,
    done: Callable[[], None] | None = None,
    third: Player | None = None,
) -> tuple[list[float], list[float], list[float]]:
    """Each engine's rate in each round (``hands`` split evenly over the rounds): croupier's,
    PokerKit's and ``third``'s (OpenSpiel's); a peer's list is empty without it. ``done()``
    after each round."""
    per_round = [hands // rounds + (1 if r < hands % rounds else 0) for r in range(rounds)]
    mine: list[float] = []
    peer: list[float] = []
    other: list[float] = []
    for n in per_round:
        mine.append(n / ours(n))
        if theirs is not None:
            peer.append(n / theirs(n))
        if third is not None:
            other.append(n / third(n))
        if done is not None:
            done()
    return mine, peer, other


def run(
    hands: int = 500,
    seed: int = 2024,
    with_pokerkit: bool = True,
    rounds: int = ROUNDS,
    progress: Callable[[int, int], None] | None = None,
) -> list[BenchRow]:
    """One row per variant and table size. Untimed warm-up first: one showdown evaluation of
    each variant (the evaluator's tables are built at first use) and ``WARM_UP`` hands of each
    engine at each size. ``progress(done, total)`` after each round of each row."""
    if rounds < 1 or hands < rounds:
        raise InvalidInput(f"need at least one hand per round: {hands} hands, {rounds} rounds")
    board = parse_cards("2d 3d 4d 5s 9c")
    for variant in (Variant.HOLDEM, Variant.OMAHA_HILO):
        showdown_values(variant, [parse_cards("Ah Kh Qh Jc")[: variant.hole_cards]], board)
    rows = []
    total = 2 * len(SIZES) * rounds
    count = [0]

    def done() -> None:
        count[0] += 1
        if progress is not None:
            progress(count[0], total)

    for variant in (Variant.HOLDEM, Variant.OMAHA_HILO):
        for players in SIZES:
            ours = croupier_player(variant, players, seed)
            theirs = pokerkit_player(variant, players, seed) if with_pokerkit else None
            third = openspiel_player(variant, players, seed) if with_pokerkit else None
            for engine in (ours, theirs, third):
                if engine is not None:
                    engine(WARM_UP)
            mine, peer, other = measure(ours, theirs, hands, rounds, done, third)
            rows.append(
                BenchRow(
                    variant.value,
                    players,
                    hands,
                    statistics.median(mine),
                    statistics.median(peer) if peer else None,
                    tuple(a / b for a, b in zip(mine, peer, strict=False)),
                    statistics.median(other) if other else None,
                    tuple(a / b for a, b in zip(mine, other, strict=False)),
                )
            )
    return rows
