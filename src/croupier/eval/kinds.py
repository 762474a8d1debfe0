"""The poker games equity is computed for (a light module: no numpy, no numba)."""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    """The poker games of 99-01.3-09-05.5 and 99-01.3-09-05.6."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"

    @property
    def hole_cards(self) -> int:
        return 2 if self is Game.HOLDEM else 4
