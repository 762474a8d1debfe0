"""Twenty-one exactly as N.D. Admin. Code 99-01.3-08 writes it.

Public API: ``HouseRules`` / ``rules_from_dict`` (validated house rules), ``Round`` (the state
machine), ``Action``/``ActionKind``, ``GAME`` (the game protocol object) with its ``Setup`` and
``SeatWager``, ``replay`` (round files through the harness), ``disclosure`` (-13) and ``SPEC``.

The house rules and the disclosure are imported with the package; the engine's names (and
``SPEC``, which holds the engine) the first time one is asked for (PEP 562), so that a command
needing only the house rules model (``croupier analyze twentyone --rules``) does not import the
game's engine, its events and its round files (issue 31: about 50 ms of a command whose goal is
0.5 s). ``disclosure`` stays eager: it is also the name of its module, which an import of the
module would otherwise bind here in the function's place.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from croupier.games.twentyone.disclosure import disclosure
from croupier.games.twentyone.rules import (
    DealingMethod,
    DoubleDown,
    HouseRules,
    TipDoubleDown,
    rules_from_dict,
)

if TYPE_CHECKING:
    from croupier.games.base import GameSpec
    from croupier.games.twentyone.actions import Action, ActionKind
    from croupier.games.twentyone.game import GAME, SeatWager, Setup
    from croupier.games.twentyone.roundfile import replay
    from croupier.games.twentyone.state import Phase, Round

    SPEC: GameSpec

_HOME = {  # the engine's names, each with the module it comes from
    "Action": "actions",
    "ActionKind": "actions",
    "GAME": "game",
    "SeatWager": "game",
    "Setup": "game",
    "replay": "roundfile",
    "Phase": "state",
    "Round": "state",
}


def _spec() -> GameSpec:
    from croupier.games.base import GameSpec
    from croupier.games.twentyone.game import GAME
    from croupier.games.twentyone.roundfile import replay

    return GameSpec(
        name="twentyone",
        title="Twenty-one",
        regulation="N.D. Admin. Code 99-01.3-08",
        replay=replay,
        rules_from_dict=rules_from_dict,
        disclosure=disclosure,
        game=GAME,
    )


def __getattr__(name: str) -> Any:
    if name == "SPEC":
        value: Any = _spec()
    elif name in _HOME:
        value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


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
