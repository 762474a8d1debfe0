"""Three Card 21 "N" Done (N.J.A.C. 13:69F-2C, 13:69E-1.10D).

Public API: ``HouseRules``/``rules_from_dict`` (rules.py), ``Round`` with ``SpotWagers`` and
``PersonWager`` (state.py), the actions and their ``Action`` union (actions.py), the protocol
object ``GAME`` and its ``Setup`` (game.py), ``replay`` (replay.py), ``disclosure``
(disclosure.py) and ``SPEC`` for the registry.
"""

from __future__ import annotations

from typing import Any

from croupier.games.base import GameSpec
from croupier.games.threecard21.disclosure import disclosure
from croupier.games.threecard21.game import GAME, Setup
from croupier.games.threecard21.replay import replay
from croupier.games.threecard21.rules import HouseRules, rules_from_dict
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers


def _disclosure(rules: Any) -> str:
    return disclosure(rules if isinstance(rules, HouseRules) else rules_from_dict(rules))


SPEC = GameSpec(
    name="threecard21",
    title='Three Card 21 "N" Done',
    regulation="N.J.A.C. 13:69F-2C; 13:69E-1.10D",
    replay=replay,
    rules_from_dict=rules_from_dict,
    disclosure=_disclosure,
    game=GAME,
)

__all__ = [
    "GAME",
    "SPEC",
    "HouseRules",
    "PersonWager",
    "Round",
    "Setup",
    "SpotWagers",
    "disclosure",
    "replay",
    "rules_from_dict",
]
