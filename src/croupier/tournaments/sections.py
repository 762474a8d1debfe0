"""The sections of N.D. Admin. Code that govern tournaments, named once.

Twenty-one: 99-01.3-08-15 (tournaments), -08-01.2 (seven players a table), -08-11.2 (a dealer
may not remove a player's chip), -08-16.1.e-f (records). Poker: 99-01.3-09-01 (fees, gross
proceeds, the ninety percent cap), -02 (add-on, bounty, rebuy, satellite), -03.1 (three
consecutive days), -03.4 (tournament limitations), -05 (schedule, tables, seat draw, absent
player), -06.2.f (the penalty for soft play: chip forfeiture), -07 (records).
"""

from __future__ import annotations

TWENTYONE_TABLE = "99-01.3-08-01.2"
TWENTYONE_CHIPS = "99-01.3-08-03.1"
TWENTYONE_HOUSE_RULES = "99-01.3-08-13.2"
TWENTYONE_DEALER_CHIPS = "99-01.3-08-11.2"
TWENTYONE_FEES = "99-01.3-08-15.1"
TWENTYONE_SPACES = "99-01.3-08-15.2"
TWENTYONE_PLAY = "99-01.3-08-15.3"
TWENTYONE_ADVANCE = "99-01.3-08-15.4"
TWENTYONE_RECORDS = "99-01.3-08-16.1.e"

POKER_FEES = "99-01.3-09-01"
POKER_BOUNTY = "99-01.3-09-02.8"
POKER_ADD_ON = "99-01.3-09-02.2"
POKER_REBUY = "99-01.3-09-02.23"
POKER_SATELLITE = "99-01.3-09-02.24"
POKER_DAYS = "99-01.3-09-03.1"
POKER_DEALER = "99-01.3-09-03.4"
POKER_GAMES = "99-01.3-09-03.4.a"
POKER_NO_VALUE_CHIPS = "99-01.3-09-03.4.b"
POKER_ADVANCE = "99-01.3-09-03.4.c"
POKER_BUY_IN_PRIZE = "99-01.3-09-03.4.d"
POKER_BOUNTY_PROCEEDS = "99-01.3-09-03.4.e"
POKER_PRIZES = "99-01.3-09-03.4.f"
POKER_NO_REFUND = "99-01.3-09-03.4.g"
POKER_STAFF = "99-01.3-09-03.4.h"
POKER_BLINDS = "99-01.3-09-02.6"
POKER_SCHEDULE = "99-01.3-09-05.1"
POKER_PAYOUT = "99-01.3-09-05.1.c"
POKER_TABLES = "99-01.3-09-05.2"
POKER_SEAT_DRAW = "99-01.3-09-05.3"
POKER_NO_TRANSFER = "99-01.3-09-05.9"
POKER_ABSENT = "99-01.3-09-05.11"
POKER_HEADS_UP = "99-01.3-09-04.11"
POKER_PENALTY = "99-01.3-09-06.2.f"
POKER_RECORDS = "99-01.3-09-07"

POKER_FEE_CAP = 30_000
"""Total fees per player for one poker tournament, and for its satellites: $300 (-09-01)."""
TWENTYONE_FEE_CAP = 20_000
"""Cumulative entry fee per player for a twenty-one tournament: $200 (-08-15.1)."""
PRIZE_SHARE = (9, 10)
"""Prizes at most ninety percent of the fees (-09-01, -09-03.4.f)."""
POKER_TABLE_SEATS = 11
TWENTYONE_TABLE_SPACES = 7
OCCASION_DAYS = 3
