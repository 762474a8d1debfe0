"""The player's actions and the total-dependent (basic) strategy's table keys."""

from __future__ import annotations

from enum import Enum


class Action(Enum):
    STAND = "stand"
    HIT = "hit"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    NATURAL = "natural"
    """A natural is not played: it is paid (or pushed, or taken as even money)."""

    @property
    def letter(self) -> str:
        return {
            Action.STAND: "S",
            Action.HIT: "H",
            Action.DOUBLE: "D",
            Action.SPLIT: "P",
            Action.SURRENDER: "R",
            Action.NATURAL: "BJ",
        }[self]


def hand_key(hard: int, has_ace: bool) -> tuple[int, bool]:
    """A total-dependent strategy's key for a hand: its total and whether it is soft."""
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False
