"""Twenty-one exactly as N.D. Admin. Code 99-01.3-08 writes it.

Public API: ``HouseRules`` / ``rules_from_dict`` (validated house rules), ``Round`` (the state
machine), ``Action``/``ActionKind``, ``replay`` (round files), ``disclosure`` (-13) and ``SPEC``.
"""

from __future__ import annotations

from croupier.games.base import GameSpec
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.disclosure import disclosure
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
)

__all__ = [
    "SPEC",
    "Action",
    "ActionKind",
    "DealingMethod",
    "DoubleDown",
    "HouseRules",
    "Phase",
    "Round",
    "TipDoubleDown",
    "disclosure",
    "replay",
    "rules_from_dict",
]
