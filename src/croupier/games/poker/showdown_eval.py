"""The one place the poker engine reaches the hand evaluators.

High values: higher is better, equal values tie (99-01.3-09-04.1, -04.25). Low values
(eight-or-better, Omaha high-low): lower is better, ``None`` when the hand has no low. Values
are those of ``croupier.eval.reference``; they are computed by the fast kernels of
``croupier.eval.fast`` (one call for every hand of a showdown), which are tested against the
reference on the golden hands (``tests/unit/poker/test_showdown_eval.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from croupier.core.cards import Card
from croupier.eval.fast import NO_LOW, evaluate7, omaha_high_batch, omaha_hilo_batch
from croupier.games.poker.rules import Variant


def showdown_values(
    variant: Variant, holes: Sequence[Sequence[Card]], board: Sequence[Card]
) -> list[tuple[int, int | None]]:
    """``(high, low)`` of each hand (hole cards) on one five-card board, in one kernel call:
    any five of hole + board in hold'em; two hole + three board in Omaha; ``low`` is ``None``
    outside Omaha high-low and when a hand has no eight-or-better low."""
    if not holes:
        return []
    board_ix = [c.index for c in board]
    if variant is Variant.HOLDEM:
        rows = np.array([[c.index for c in h] + board_ix for h in holes], dtype=np.int64)
        return [(int(v), None) for v in evaluate7(rows)]
    hole_rows = np.array([[c.index for c in h] for h in holes], dtype=np.int64)
    boards = np.array([board_ix] * len(holes), dtype=np.int64)
    if variant is Variant.OMAHA:
        return [(int(v), None) for v in omaha_high_batch(hole_rows, boards)]
    high, low = omaha_hilo_batch(hole_rows, boards)
    return [
        (int(h), None if int(lo) == NO_LOW else int(lo)) for h, lo in zip(high, low, strict=True)
    ]


def high_value(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best high hand: any five of hole + board in hold'em; two hole + three board in Omaha."""
    return showdown_values(variant, [hole], board)[0][0]


def low_value(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best eight-or-better low (Omaha high-low only); ``None`` for other games or no low."""
    if variant is not Variant.OMAHA_HILO:
        return None
    return showdown_values(variant, [hole], board)[0][1]


__all__ = ["high_value", "low_value", "showdown_values"]
