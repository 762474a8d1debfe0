"""Twenty-one exactly as N.D. Admin. Code 99-01.3-08 writes it.

Public API: ``HouseRules`` / ``rules_from_dict`` (validated house rules), ``Round`` (the state
machine), ``Action``/``ActionKind``, ``GAME`` (the game protocol object) with its ``Setup`` and
``SeatWager``, ``replay`` (round files through the harness), ``disclosure`` (-13) and ``SPEC``.
"""

from __future__ import annotations

from croupier.games.base import GameSpec
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.disclosure import disclosure
from croupier.games.twentyone.game import GAME, SeatWager, Setup
from croupier.games.twentyone.roundfile import replay
from croupier.games.twentyone.rules import (
    DealingMethod,
    DoubleDown,
    HouseRules,
    TipDoubleDown,
    rules_from_dict,
)
from croupier.games.twentyone.state import Phase, Round

SPEC = GameSpec(
    name="twentyone",
    title="Twenty-one",
    regulation="N.D. Admin. Code 99-01.3-08",
    replay=replay,
    rules_from_dict=rules_from_dict,
    disclosure=disclosure,
    game=GAME,
)

__all__ = [
    "GAME",
    "SPEC",
    "Action",
    "ActionKind",
    "DealingMethod",
    "DoubleDown",
    "HouseRules",
    "Phase",
    "Round",
    "SeatWager",
    "Setup",
    "TipDoubleDown",
    "disclosure",
    "replay",
    "rules_from_dict",
]
