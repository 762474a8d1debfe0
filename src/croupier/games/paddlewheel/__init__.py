"""Paddlewheels exactly as N.D. Admin. Code 99-01.3-11 writes them: the ticket-card method (-02)
and the table method with a predetermined multiple (-03 to -06).

Public API: ``Wheel``/``Circle``/``Spin``/``draw_spin`` (the wheel and the spin), ``PrizeTable``,
``TableRules``/``TicketRules``/``rules_from_dict`` (validated configuration), ``Table`` and
``CardPlay`` (the two state machines), ``GAME`` (the table method on the game protocol, one spin
a round, set up by ``TableSetup``) and ``TICKET_GAME`` (one ticket card a round, ``CardSetup``),
``report_series`` (-02.5), ``replay`` (round files), ``disclosure`` (-02.6, -06) and ``SPEC``.
"""

from __future__ import annotations

from croupier.games.base import GameSpec
from croupier.games.paddlewheel.disclosure import disclosure
from croupier.games.paddlewheel.game import GAME, TICKET_GAME
from croupier.games.paddlewheel.prizes import BetKind, BetSpot, Payoff, PrizeTable, parse_payoff
from croupier.games.paddlewheel.roundfile import replay
from croupier.games.paddlewheel.rules import (
    MasterFlare,
    Rules,
    TableRules,
    TicketPrize,
    TicketRules,
    rules_from_dict,
)
from croupier.games.paddlewheel.series import SeriesReport, report_series
from croupier.games.paddlewheel.table import SeatSetup, Table, TableSetup
from croupier.games.paddlewheel.tickets import CardPlay, CardSetup
from croupier.games.paddlewheel.wheel import Circle, Spin, Wheel, draw_spin

SPEC = GameSpec(
    name="paddlewheel",
    title="Paddlewheels",
    regulation="N.D. Admin. Code 99-01.3-11",
    replay=replay,
    rules_from_dict=rules_from_dict,
    disclosure=disclosure,
    game=GAME,
    variants=(TICKET_GAME,),
)

__all__ = [
    "GAME",
    "SPEC",
    "TICKET_GAME",
    "BetKind",
    "BetSpot",
    "CardPlay",
    "CardSetup",
    "Circle",
    "MasterFlare",
    "Payoff",
    "PrizeTable",
    "Rules",
    "SeatSetup",
    "SeriesReport",
    "Spin",
    "Table",
    "TableRules",
    "TableSetup",
    "TicketPrize",
    "TicketRules",
    "Wheel",
    "disclosure",
    "draw_spin",
    "parse_payoff",
    "replay",
    "report_series",
    "rules_from_dict",
]
