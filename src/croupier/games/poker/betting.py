"""Betting limits of one decision (99-01.3-09-01, -04.10, -04.17, -05.7, -05.8, -06.1.f).

``limits_of`` answers, for the player to act, what a call costs and the smallest and largest
"to" amounts of a bet or raise the structure allows. All amounts are in the table's unit.
``Terms`` holds the numbers of a ``TableRules`` that the engine reads at every decision, read
once per rules object (this module is compiled by mypyc: see ``tools/compile.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.core.events import reduce_dataclass
from croupier.games.poker.rules import MinimumRaise, Structure, TableRules

# Enum members as compiled constants (why: croupier.games.poker.state)
_LAST_RAISE: Final = MinimumRaise.LAST_RAISE
_FIXED_LIMIT: Final = Structure.FIXED_LIMIT
_NONTOURNAMENT: Final = Structure.NONTOURNAMENT
_NO_LIMIT: Final = Structure.NO_LIMIT
_POT_LIMIT: Final = Structure.POT_LIMIT

NONTOURNAMENT: Final = "99-01.3-09-01"
BETTING: Final = "99-01.3-09-04.10"
RAISE_FLOOR: Final = "99-01.3-09-06.1.f"
RAISE_CAP: Final = "99-01.3-09-06.1.e"
ALL_IN: Final = "99-01.3-09-05.7"
TABLE_LIMIT: Final = "99-01.3-09-05.8"
FIXED_AMOUNT: Final = "99-01.3-09-05.5.a"
FIFTY_PERCENT: Final = "99-01.3-09-04.17"


class Terms:
    """The numbers of one ``TableRules`` that the engine reads at every decision, as plain
    attributes (``table_limit`` and ``max_raises`` are -1 when there is none)."""

    def __init__(self, rules: TableRules) -> None:
        structure = rules.structure
        self.rules = rules
        self.fixed_limit = structure is _FIXED_LIMIT
        self.nontournament = structure is _NONTOURNAMENT
        self.pot_limit = structure is _POT_LIMIT
        self.no_limit = structure is _NO_LIMIT
        self.small_bet = rules.small_bet
        self.big_bet = rules.big_bet
        self.minimum_bet = rules.minimum_bet
        self.maximum_bet = rules.maximum_bet
        self.small_blind = rules.small_blind
        self.big_blind = rules.big_blind
        self.ante = rules.ante
        self.table_limit = -1 if rules.table_limit is None else rules.table_limit
        self.max_raises = -1 if rules.max_raises is None else rules.max_raises
        self.follow_last_raise = rules.minimum_raise is _LAST_RAISE
        self.hole_cards = rules.variant.hole_cards
        self.odd_chip_unit = rules.odd_chip_unit


_TERMS: Final[dict[int, Terms]] = {}
_TERMS_MAX: Final = 64


def terms(rules: TableRules) -> Terms:
    """The ``Terms`` of ``rules`` (one object per rules object: ``TableRules`` is frozen)."""
    found = _TERMS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_TERMS) >= _TERMS_MAX:
            _TERMS.clear()
        found = _TERMS[id(rules)] = Terms(rules)
    return found


@dataclass(slots=True, init=False)
class Limits:
    """What the player to act may do. ``min_to``/``max_to`` are ``None`` when no bet or raise
    is allowed; ``all_in_to`` is the player's all-in "to" amount. Treat as read-only (not
    frozen only because a frozen class is slow to build in compiled code)."""

    call: int
    min_to: int | None
    max_to: int | None
    all_in_to: int
    raise_closed_reason: str = ""
    raise_closed_section: str = ""

    def __init__(
        self,
        call: int,
        min_to: int | None,
        max_to: int | None,
        all_in_to: int,
        raise_closed_reason: str = "",
        raise_closed_section: str = "",
    ) -> None:
        # written out so that mypyc compiles it (see croupier.games.poker.events)
        self.call = call
        self.min_to = min_to
        self.max_to = max_to
        self.all_in_to = all_in_to
        self.raise_closed_reason = raise_closed_reason
        self.raise_closed_section = raise_closed_section

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_dataclass(self)


def floor_of(t: Terms, street: int, original_bet: int, last_raise: int) -> int:
    """The smallest full raise increment: the round's original bet (-06.1.f), or the larger of
    that and the previous raise when the house follows the last raise; fixed limit: the fixed
    amount."""
    if t.fixed_limit:
        return t.small_bet if street < 2 else t.big_bet
    floor = original_bet
    if t.follow_last_raise and last_raise > floor:
        floor = last_raise
    return floor if floor > 1 else 1


def opening_bet(t: Terms, street: int) -> int:
    """The smallest bet that opens a betting round in full: the fixed amount, or the structure's
    minimum bet (-05.5, -06.1.c). Only a player all in may open for less (-05.7)."""
    if t.fixed_limit:
        return t.small_bet if street < 2 else t.big_bet
    return t.minimum_bet


def limits_of(
    t: Terms,
    street: int,
    bet_level: int,
    original_bet: int,
    last_raise: int,
    raises: int,
    pot: int,
    bet: int,
    stack: int,
    may_raise: bool,
    opponents_can_act: bool,
) -> Limits:
    """The call amount and the bet/raise range of a player with ``bet`` in front and ``stack``
    behind, from the round's facts. ``pot`` is read by pot-limit only."""
    to_call = bet_level - bet
    if to_call < 0:
        to_call = 0
    if to_call > stack:
        to_call = stack
    all_in_to = bet + stack
    if stack <= to_call:
        return Limits(to_call, None, None, all_in_to)
    if not opponents_can_act:
        return Limits(to_call, None, None, all_in_to, "every opponent is all in", ALL_IN)
    if bet_level > 0 and not may_raise:
        return Limits(
            to_call,
            None,
            None,
            all_in_to,
            "an all-in for less than a full raise does not reopen the betting",
            ALL_IN,
        )
    # an all-in below the minimum bet (-05.7) opens with no original bet: the next bet
    # completes it, in the opening bet's range, and is not a raise toward the cap
    completing = bet_level > 0 and original_bet == 0
    if bet_level > 0 and not completing and t.max_raises >= 0 and raises >= t.max_raises:
        section = NONTOURNAMENT if t.nontournament else RAISE_CAP
        return Limits(to_call, None, None, all_in_to, "the raises are capped", section)
    capped = t.table_limit >= 0 and (t.pot_limit or t.no_limit)
    if bet_level == 0 or completing:
        if t.fixed_limit:
            low = high = opening_bet(t, street)
        elif t.nontournament:
            low, high = t.minimum_bet, t.maximum_bet
        elif t.pot_limit:
            low, high = t.minimum_bet, max(pot, t.minimum_bet)
        else:
            low, high = t.minimum_bet, all_in_to
        if capped and high > t.table_limit:
            high = t.table_limit
    else:
        low = bet_level + floor_of(t, street, original_bet, last_raise)
        if t.fixed_limit:
            high = low
        elif t.nontournament:
            high = bet_level + t.maximum_bet
        elif t.pot_limit:
            high = bet_level + pot + (bet_level - bet)
        else:
            high = all_in_to
        if capped and high > bet_level + t.table_limit:
            high = bet_level + t.table_limit
    if high < low:
        high = low
    if all_in_to < low:
        return Limits(to_call, all_in_to, all_in_to, all_in_to)
    return Limits(to_call, low, high if high < all_in_to else all_in_to, all_in_to)
