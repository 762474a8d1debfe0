"""Game name -> GameSpec, used by the CLI, the server and the simulators.

Each game package exposes ``SPEC: GameSpec`` in ``croupier.games.<package>``; the registry imports
a game only when it is asked for, so one game's heavy dependencies never slow another's start.
"""

from __future__ import annotations

import importlib

from croupier.core.errors import InvalidInput
from croupier.games.base import GameSpec

GAME_PACKAGES: dict[str, str] = {
    "twentyone": "croupier.games.twentyone",
    "threecard21": "croupier.games.threecard21",
    "paddlewheel": "croupier.games.paddlewheel",
    "poker": "croupier.games.poker",
}


def game_names() -> list[str]:
    return sorted(GAME_PACKAGES)


def get_game(name: str) -> GameSpec:
    """The spec of game ``name``; an unknown name is ``InvalidInput`` listing the known ones."""
    module_name = GAME_PACKAGES.get(name)
    if module_name is None:
        raise InvalidInput(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    module = importlib.import_module(module_name)
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise InvalidInput(f"game {name!r} is not available in this build")
    return spec
