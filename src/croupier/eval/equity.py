"""Exact and sampled showdown equity for hold'em, Omaha and Omaha high-low.

``enumerate_equity`` deals every possible completion of the board from the cards not held,
shown or dead, and settles each showdown by the rules: hold'em and Omaha high, the highest
hand wins the pot and tied hands split it (99-01.3-09-05.5.c, 99-01.3-09-05.6.c,
99-01.3-09-04.25); Omaha high-low, the highest hand and the lowest (eight-or-better) hand split
the pot, halves split again among ties, and with no qualifying low the high hand takes the
whole pot (99-01.3-09-05.6.c; see ``docs/interpretations/eval.md``). Shares are exact
fractions.

``monte_carlo_equity`` samples boards with an injected ``SeededRng`` and reports a 95 %
confidence interval; ``equity`` enumerates when the boards are few enough, else samples.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput
from croupier.core.rng import SeededRng
from croupier.eval import equity_vector
from croupier.eval.kinds import Game
from croupier.eval.tables import SUIT_OFFSET, tables

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each chunk of Monte Carlo trials."""

DEFAULT_ENUMERATION_LIMIT = 50_000_000
"""``equity`` enumerates when boards x players x (1 or 60 five-card looks) stay under this."""
Z95 = 1.959963984540054

__all__ = [
    "EquityResult",
    "Game",
    "PlayerEquity",
    "board_count",
    "enumerate_equity",
    "equity",
    "monte_carlo_equity",
]


@dataclass(frozen=True)
class PlayerEquity:
    """One player's results: boards won outright (whole pot), tied (part of the pot), lost
    (nothing), and equity, the average share of the pot."""

    hole: tuple[Card, ...]
    wins: int
    ties: int
    losses: int
    equity: Fraction
    ci95: tuple[float, float] | None = None
    """For Monte Carlo only: the 95 % confidence interval of the equity."""


@dataclass(frozen=True)
class EquityResult:
    """The equity of every player over ``boards`` boards (all of them when ``exact``)."""

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    boards: int
    exact: bool
    players: tuple[PlayerEquity, ...]


def _validate(
    hands: Sequence[Sequence[Card]], board: Sequence[Card], dead: Sequence[Card], game: Game
) -> None:
    if len(hands) < 2:
        raise InvalidInput(f"equity needs at least two hands, got {len(hands)}")
    for hand in hands:
        if len(hand) != game.hole_cards:
            raise InvalidInput(
                f"a {game.value} hand has {game.hole_cards} hole cards, got "
                f"{' '.join(map(str, hand)) or 'none'}"
            )
    if len(board) > 5:
        raise InvalidInput(f"a board has at most five cards, got {len(board)}")
    every = [c for hand in hands for c in hand] + list(board) + list(dead)
    seen: set[Card] = set()
    for card in every:
        if card in seen:
            raise InvalidInput(f"card {card} is given twice (hands, board and dead cards)")
        seen.add(card)
    if 52 - len(every) < 5 - len(board):
        raise InvalidInput("not enough cards left to complete the board")


def _deck(hands: Sequence[Sequence[Card]], board: Sequence[Card], dead: Sequence[Card]) -> Any:
    used = {c.index for hand in hands for c in hand} | {c.index for c in (*board, *dead)}
    return np.array([i for i in range(52) if i not in used], dtype=np.int64)


def board_count(
    hands: Sequence[Sequence[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = ()
) -> int:
    """How many boards complete ``board`` from the cards not held, shown or dead."""
    left = 52 - sum(len(h) for h in hands) - len(board) - len(dead)
    return math.comb(left, 5 - len(board))


def _denominator(players: int) -> int:
    return 2 * math.lcm(*range(1, players + 1))


def _holdem_inputs(hands: Sequence[Sequence[Card]]) -> tuple[Any, Any, Any]:
    t = tables()
    card_pack = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)
    hole_key = np.array([sum(int(t.card_key[c.index]) for c in h) for h in hands], dtype=np.int64)
    hole_pack = np.array(
        [np.bitwise_or.reduce([card_pack[c.index] for c in h]) for h in hands], dtype=np.int64
    )
    return card_pack, hole_key, hole_pack


def _omaha_hole(hands: Sequence[Sequence[Card]]) -> Any:
    return np.array([[c.index for c in h] for h in hands], dtype=np.int64)


def _result(
    stats: npt.NDArray[np.int64],
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card],
    game: Game,
    boards: int,
    exact: bool,
) -> EquityResult:
    denom = _denominator(len(hands))
    players = []
    for p, hand in enumerate(hands):
        wins, ties, losses, units, units_sq = (int(x) for x in stats[p])
        ci = None
        if not exact:
            mean = units / denom / boards
            var = max(units_sq / denom**2 / boards - mean**2, 0.0)
            half = Z95 * math.sqrt(var / boards) if boards > 1 else 1.0
            ci = (max(0.0, mean - half), min(1.0, mean + half))
        players.append(
            PlayerEquity(tuple(hand), wins, ties, losses, Fraction(units, denom * boards), ci)
        )
    return EquityResult(game, tuple(board), tuple(dead), boards, exact, tuple(players))


def enumerate_equity(
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    game: Game = Game.HOLDEM,
) -> EquityResult:
    """Exact equity over every completion of ``board`` (0 to 5 cards known)."""
    _validate(hands, board, dead, game)
    t = tables()
    deck = _deck(hands, board, dead)
    denom = _denominator(len(hands))
    if game is Game.HOLDEM and not board:
        from croupier.eval.equity_classes import holdem_preflop

        card_pack, hole_key, hole_pack = _holdem_inputs(hands)
        holes = np.array([[c.index for c in h] for h in hands], dtype=np.int64)
        stats = holdem_preflop(deck, holes, hole_key, hole_pack, t.card_key, card_pack, denom, t)
    elif game is Game.HOLDEM:
        card_pack, hole_key, hole_pack = _holdem_inputs(hands)
        base_key = SUIT_OFFSET + sum(int(t.card_key[c.index]) for c in board)
        base_pack = int(np.bitwise_or.reduce([int(card_pack[c.index]) for c in board] or [0]))
        stats = equity_vector.holdem_enumerate(
            deck, 5 - len(board), base_key, base_pack, hole_key, hole_pack, t.card_key,
            card_pack, denom, t,
        )  # fmt: skip
    else:
        from croupier.eval import equity_kernels as k

        known = np.array([c.index for c in board], dtype=np.int64)
        stats = k.omaha_enumerate(
            deck, known, _omaha_hole(hands), game is Game.OMAHA_HILO, denom, t.card_key,
            t.rank_bit, t.low_bit, t.lo_index, t.hi_offset, t.rank_value, t.flush_value,
            t.omaha_low,
        )  # fmt: skip
    return _result(stats, hands, board, dead, game, board_count(hands, board, dead), True)


def monte_carlo_equity(
    hands: Sequence[Sequence[Card]],
    rng: SeededRng,
    trials: int,
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    game: Game = Game.HOLDEM,
    progress: Progress | None = None,
    chunk: int = 200_000,
) -> EquityResult:
    """Equity estimated from ``trials`` boards dealt at random by ``rng``, with 95 % intervals."""
    _validate(hands, board, dead, game)
    if trials < 1:
        raise InvalidInput(f"trials must be at least 1, got {trials}")
    from croupier.eval import equity_kernels as k

    t = tables()
    deck = _deck(hands, board, dead)
    known = np.array([c.index for c in board], dtype=np.int64)
    need = 5 - len(board)
    denom = _denominator(len(hands))
    bounds = np.arange(len(deck), len(deck) - need, -1, dtype=np.int64)
    total = np.zeros((len(hands), equity_vector.STATS), dtype=np.int64)
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        draws = rng.generator.integers(0, bounds, size=(size, need), dtype=np.int64)
        boards = k.sample_boards(deck, known, draws)
        if game is Game.HOLDEM:
            card_pack, hole_key, hole_pack = _holdem_inputs(hands)
            total += k.holdem_score_boards(
                boards, hole_key, hole_pack, t.card_key, card_pack, denom,
                t.lo_index, t.hi_offset, t.rank_value, t.flush_value,
            )  # fmt: skip
        else:
            total += k.omaha_score_boards(
                boards, _omaha_hole(hands), game is Game.OMAHA_HILO, denom, t.card_key,
                t.rank_bit, t.low_bit, t.lo_index, t.hi_offset, t.rank_value, t.flush_value,
                t.omaha_low,
            )  # fmt: skip
        done += size
        if progress is not None:
            progress(done, trials)
    return _result(total, hands, board, dead, game, trials, False)


def equity(
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    game: Game = Game.HOLDEM,
    rng: SeededRng | None = None,
    trials: int | None = None,
    progress: Progress | None = None,
    limit: int = DEFAULT_ENUMERATION_LIMIT,
) -> EquityResult:
    """Exact equity, unless ``trials`` is given and the enumeration's work (boards x players,
    x 60 for Omaha's two-plus-three selections) exceeds ``limit``: then Monte Carlo with
    ``trials`` boards dealt by ``rng``."""
    work = board_count(hands, board, dead) * len(hands) * (1 if game is Game.HOLDEM else 60)
    if trials is None or work <= limit:
        return enumerate_equity(hands, board, dead, game)
    if rng is None:
        raise InvalidInput("Monte Carlo equity needs a seeded rng")
    return monte_carlo_equity(hands, rng, trials, board, dead, game, progress)
