"""Twenty-one (99-01.3-08-15) and poker (99-01.3-09-01, -03, -05, -07) tournaments.

Pure domain code: a definition validated from a rules file (``definition_from_dict``), a
``Tournament`` run as a stream of frozen events (replayable with ``Tournament.replay``), its
records (``fee_register``, ``prize_register``, ``receipts``, ``record_of_win``,
``schedule_text``) and tournament files (``script.run_file``). No I/O, no clock (times are
passed in), randomness injected. The random-play driver is ``driver.run_random_tournament``.
"""

from __future__ import annotations

from croupier.tournaments.definition import TournamentRules, definition_from_dict
from croupier.tournaments.events import FeeKind, PrizeKind
from croupier.tournaments.records import (
    fee_register,
    prize_register,
    receipts,
    record_of_win,
    schedule_text,
)
from croupier.tournaments.tournament import Tournament

__all__ = [
    "FeeKind",
    "PrizeKind",
    "Tournament",
    "TournamentRules",
    "definition_from_dict",
    "fee_register",
    "prize_register",
    "receipts",
    "record_of_win",
    "schedule_text",
]
