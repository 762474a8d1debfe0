"""The simulation kernel's array layout: the rules array (``P_*``, ``SimRules.as_array``) and
the statistics of a chunk (``S_*``). Plain constants, importable without numba (the kernel
reads them as compile-time constants)."""

from __future__ import annotations

# rules array (SimRules.as_array)
P_DECKS = 0
P_H17 = 1
P_DOUBLE_ON = 2
P_DAS = 3
P_MAX_HANDS = 4
P_RSA = 5
P_HSA = 6
P_SURRENDER = 7
P_INSURANCE = 8
P_NATURAL = 9
P_HOLE_CARD = 10
P_NATURAL_PAYS = 11
P_IND_MIN = 12
P_IND_MAX = 13
P_CUT_MIN = 14
P_BURN = 15
P_ROUNDS_PER_SHOE = 16

# statistics of a chunk
S_ROUNDS = 0
S_INITIAL = 1  # initial wagers (seats x rounds)
S_NET = 2  # players' net result, tenths
S_ROUND_SQ = 3  # sum over rounds of (round's net over all seats)^2, tenths^2
S_SEAT_SQ = 4  # sum over seats and rounds of (seat's net)^2, tenths^2
S_HANDLE = 5  # every wager placed, tenths (original, split, double, insurance)
S_SHOES = 6
S_CARDS = 7  # cards out of the shoe, burns included
S_REFILLS = 8  # shoes run out within a round (-12.9)
S_PLAYER_NATURALS = 9
S_DEALER_NATURALS = 10
S_DOUBLES = 11
S_SPLITS = 12
S_SURRENDERS = 13
S_INSURANCE = 14
S_VOIDED = 15  # split/double wagers returned against a dealer natural (OBO), tenths
S_WINS = 16  # seat results > 0
S_PUSHES = 17  # seat results == 0
S_LOSSES = 18  # seat results < 0
N_STATS = 19
