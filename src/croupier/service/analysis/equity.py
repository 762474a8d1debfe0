"""Poker equity and the evaluator benchmark, for the command line and the server.

This module is light to import (the command line's ``--help`` reads it): numpy, numba and the
kernels are imported inside the functions that use them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from croupier.core.cards import format_cards, parse_cards
from croupier.core.errors import InvalidInput
from croupier.eval.kinds import Game

if TYPE_CHECKING:
    from croupier.eval.equity import EquityResult as EquityResult

__all__ = ["Game", "equity", "equity_json"]

MAX_TRIALS = 1_000_000_000
"""The most Monte Carlo boards one request may ask for."""


def equity(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    game: Game = Game.HOLDEM,
    trials: int | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> EquityResult:
    """Showdown equity of ``hands`` (card text such as ``AhKh``): every board, or ``trials``
    boards dealt by a generator seeded with ``seed``."""
    players = [parse_cards(h) for h in hands]
    known, gone = parse_cards(board), parse_cards(dead)
    prepare_tables()
    if trials is None:
        from croupier.eval.equity import enumerate_equity

        return enumerate_equity(players, known, gone, game)
    if not 1 <= trials <= MAX_TRIALS:
        raise InvalidInput(f"--trials must be between 1 and {MAX_TRIALS:,}, got {trials:,}")
    from croupier.core.rng import SeededRng
    from croupier.eval.equity import monte_carlo_equity

    return monte_carlo_equity(
        players, SeededRng(seed), trials, known, gone, game, progress=progress
    )


TABLE_SOURCES = ("eval/tables.py", "eval/tables_build.py", "eval/scale.py")
"""The modules whose code decides the tables: a cached copy is keyed by their text."""


def tables_cache_path() -> Path:
    """Where the evaluator's tables are cached (``cache.cache_folder``); the name holds a
    fingerprint of the code that builds them and of numpy's version, so a changed builder never
    reads a stale copy."""
    import numpy as np

    from croupier.service.analysis.cache import cache_folder, fingerprint

    return cache_folder() / f"eval-tables-{fingerprint(TABLE_SOURCES, np.__version__)}.npz"


def prepare_tables() -> str:
    """Give the evaluator its tables from the disk cache, or build them (numba) and save them
    there for the next process. Returns how: ``"ready"``, ``"cached"`` or ``"built"``. A cache
    that cannot be read or written is ignored (the tables are then built in memory)."""
    import io

    import numpy as np

    from croupier.eval import tables as t
    from croupier.service.analysis.cache import write_atomically

    if t.tables_ready():
        return "ready"
    try:
        path = tables_cache_path()
    except (OSError, InvalidInput):
        t.tables()
        return "built"
    if _load_cached(path):
        return "cached"
    built = t.tables()  # no cache yet, or a damaged one
    arrays: dict[str, Any] = built.arrays()
    saved = io.BytesIO()
    np.savez(saved, **arrays)
    write_atomically(path, saved.getvalue())  # a read-only home: built again next time
    return "built"


def _load_cached(path: Path) -> bool:
    """Use the tables saved at ``path``; False when there are none or they are damaged (the
    copy is checked by ``tables.use_tables``)."""
    import numpy as np

    from croupier.eval import tables as t

    try:
        with np.load(path, allow_pickle=False) as saved:
            t.use_tables({name: saved[name] for name in saved.files})
    except (OSError, ValueError, KeyError, EOFError):
        return False
    return True


def equity_json(result: EquityResult) -> dict[str, object]:
    """The plain-data form of an equity result (exact shares as fractions ``"n/d"``)."""
    return {
        "game": result.game.value,
        "board": format_cards(result.board, ""),
        "dead": format_cards(result.dead, ""),
        "boards": result.boards,
        "exact": result.exact,
        "players": [
            {
                "hand": format_cards(p.hole, ""),
                "wins": p.wins,
                "ties": p.ties,
                "losses": p.losses,
                "equity": f"{p.equity.numerator}/{p.equity.denominator}",
                "equity_float": float(p.equity),
                "ci95": list(p.ci95) if p.ci95 else None,
            }
            for p in result.players
        ],
    }
