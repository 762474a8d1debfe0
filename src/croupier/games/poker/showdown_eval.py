"""The one place the poker engine reaches the hand evaluators (``croupier.eval.reference``).

High values: higher is better, equal values tie (99-01.3-09-04.1, -04.25). Low values
(eight-or-better, Omaha high-low): lower is better, ``None`` when the hand has no low.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.cards import Card
from croupier.eval.reference import low8, omaha_high, omaha_low8, rank_high
from croupier.games.poker.rules import Variant


def high_value(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best high hand: any five of hole + board in hold'em; two hole + three board in Omaha."""
    if variant is Variant.HOLDEM:
        return rank_high([*hole, *board])
    return omaha_high(hole, board)


def low_value(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best eight-or-better low (Omaha high-low only); ``None`` for other games or no low."""
    if variant is not Variant.OMAHA_HILO:
        return None
    return omaha_low8(hole, board)


__all__ = ["high_value", "low8", "low_value"]
