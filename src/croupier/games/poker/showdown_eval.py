"""The one place the poker engine reaches the hand evaluators.

High values: higher is better, equal values tie (99-01.3-09-04.1, -04.25). Low values
(eight-or-better, Omaha high-low): lower is better, ``None`` when the hand has no low. Values
are those of ``croupier.eval.reference``; they are computed hand by hand by the scalar kernels
of ``croupier.eval.scalar`` (a showdown has at most eleven hands, too few for the batch kernels'
fixed cost per call), which are tested against the reference on the golden hands
(``tests/unit/poker/test_showdown_eval.py``) and on random hands (``tests/eval/test_scalar.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.core.cards import Card
from croupier.eval.scalar import NO_LOW, high, omaha
from croupier.games.poker.rules import Variant

# Enum members as compiled constants (why: croupier.games.poker.state)
_HOLDEM: Final = Variant.HOLDEM
_OMAHA_HILO: Final = Variant.OMAHA_HILO


def showdown_values(
    variant: Variant, holes: Sequence[Sequence[Card]], board: Sequence[Card]
) -> list[tuple[int, int | None]]:
    """``(high, low)`` of each hand (hole cards) on one five-card board: any five of hole +
    board in hold'em; two hole + three board in Omaha; ``low`` is ``None`` outside Omaha
    high-low and when a hand has no eight-or-better low."""
    board_ix = [c.index for c in board]
    out: list[tuple[int, int | None]] = []
    if variant is _HOLDEM:
        for h in holes:
            out.append((high([c.index for c in h] + board_ix), None))
        return out
    want_low = variant is _OMAHA_HILO
    for h in holes:
        value, low = omaha([c.index for c in h], board_ix, want_low)
        out.append((value, None if low == NO_LOW else low))
    return out


def high_value(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The best high hand: any five of hole + board in hold'em; two hole + three board in Omaha."""
    return showdown_values(variant, [hole], board)[0][0]


def low_value(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best eight-or-better low (Omaha high-low only); ``None`` for other games or no low."""
    if variant is not _OMAHA_HILO:
        return None
    return showdown_values(variant, [hole], board)[0][1]


__all__ = ["high_value", "low_value", "showdown_values"]
