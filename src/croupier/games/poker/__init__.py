"""Poker exactly as N.D. Admin. Code 99-01.3-09 writes it: hold'em, Omaha, Omaha high-low.

Public API: ``TableRules``/``rules_from_dict`` (validated table configuration), ``Hand`` (the
state machine), ``GAME`` (the game protocol object, with ``Setup``), ``Action``/``ActionKind``,
``SeatSpec``, ``first_button``/``next_button``, ``replay`` (round files),
``parse_phh``/``replay_phh``/``write_phh`` (PHH hand histories), ``disclosure`` (-06),
``FeeLedger``/``check_occasions`` (fees and occasions) and ``SPEC``.
"""

from __future__ import annotations

from croupier.games.base import GameSpec
from croupier.games.poker.actions import Action, ActionKind, Statement
from croupier.games.poker.disclosure import disclosure
from croupier.games.poker.fees import FeeLedger, Occasion, check_occasions, occasion_problems
from croupier.games.poker.game import GAME, PokerGame, Setup
from croupier.games.poker.hand import Hand
from croupier.games.poker.phh import parse_phh, replay_phh, write_phh
from croupier.games.poker.roundfile import replay
from croupier.games.poker.rules import (
    AntePayer,
    BurnProcedure,
    MinimumRaise,
    Structure,
    TableRules,
    Variant,
    rules_from_dict,
)
from croupier.games.poker.state import Phase
from croupier.games.poker.table import SeatSpec, first_button, next_button

SPEC = GameSpec(
    name="poker",
    title="Poker",
    regulation="N.D. Admin. Code 99-01.3-09",
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
    "AntePayer",
    "BurnProcedure",
    "FeeLedger",
    "Hand",
    "MinimumRaise",
    "Occasion",
    "Phase",
    "PokerGame",
    "SeatSpec",
    "Setup",
    "Statement",
    "Structure",
    "TableRules",
    "Variant",
    "check_occasions",
    "disclosure",
    "first_button",
    "next_button",
    "occasion_problems",
    "parse_phh",
    "replay",
    "replay_phh",
    "rules_from_dict",
    "write_phh",
]
