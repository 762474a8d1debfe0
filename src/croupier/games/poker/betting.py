"""Betting limits of one decision (99-01.3-09-01, -04.10, -04.17, -05.7, -05.8, -06.1.f).

``limits`` answers, for the player to act, what a call costs and the smallest and largest
"to" amounts of a bet or raise the structure allows. All amounts are in the table's unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games.poker.rules import MinimumRaise, Structure, TableRules

NONTOURNAMENT = "99-01.3-09-01"
BETTING = "99-01.3-09-04.10"
RAISE_FLOOR = "99-01.3-09-06.1.f"
RAISE_CAP = "99-01.3-09-06.1.e"
ALL_IN = "99-01.3-09-05.7"
TABLE_LIMIT = "99-01.3-09-05.8"
FIFTY_PERCENT = "99-01.3-09-04.17"


@dataclass(frozen=True, slots=True)
class Round:
    """The facts of the betting round a decision is made in."""

    street: int
    bet_level: int
    original_bet: int
    last_raise: int
    raises: int
    pot: int


@dataclass(frozen=True, slots=True)
class Limits:
    """What the player to act may do. ``min_to``/``max_to`` are ``None`` when no bet or raise
    is allowed; ``all_in_to`` is the player's all-in "to" amount."""

    call: int
    min_to: int | None
    max_to: int | None
    all_in_to: int
    raise_closed_reason: str = ""
    raise_closed_section: str = ""


def raise_floor(rules: TableRules, rnd: Round) -> int:
    """The smallest full raise increment: the round's original bet (-06.1.f), or the larger of
    that and the previous raise when the house follows the last raise."""
    return floor_of(rules, rnd.street, rnd.original_bet, rnd.last_raise)


def floor_of(rules: TableRules, street: int, original_bet: int, last_raise: int) -> int:
    """``raise_floor`` from the round's facts given one by one (the engine's hot path)."""
    if rules.structure is Structure.FIXED_LIMIT:
        return rules.small_bet if street < 2 else rules.big_bet
    floor = original_bet
    if rules.minimum_raise is MinimumRaise.LAST_RAISE:
        floor = max(floor, last_raise)
    return max(floor, 1)


def limits(
    rules: TableRules,
    rnd: Round,
    bet: int,
    stack: int,
    may_raise: bool,
    opponents_can_act: bool,
) -> Limits:
    """The call amount and bet/raise range for a player with ``bet`` in front and ``stack``."""
    return limits_of(
        rules,
        rnd.street,
        rnd.bet_level,
        rnd.original_bet,
        rnd.last_raise,
        rnd.raises,
        rnd.pot,
        bet,
        stack,
        may_raise,
        opponents_can_act,
    )


def limits_of(
    rules: TableRules,
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
    """``limits`` from the round's facts given one by one (the engine's hot path: no ``Round``
    is built per decision). ``pot`` is read by pot-limit only."""
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
    if bet_level > 0 and rules.max_raises is not None and raises >= rules.max_raises:
        section = NONTOURNAMENT if rules.structure is Structure.NONTOURNAMENT else RAISE_CAP
        return Limits(to_call, None, None, all_in_to, "the raises are capped", section)
    structure = rules.structure
    if bet_level == 0:
        if structure is Structure.FIXED_LIMIT:
            low = high = rules.small_bet if street < 2 else rules.big_bet
        elif structure is Structure.NONTOURNAMENT:
            low, high = rules.minimum_bet, rules.maximum_bet
        elif structure is Structure.POT_LIMIT:
            low, high = rules.minimum_bet, max(pot, rules.minimum_bet)
        else:
            low, high = rules.minimum_bet, all_in_to
        if rules.table_limit is not None and structure in (
            Structure.POT_LIMIT,
            Structure.NO_LIMIT,
        ):
            high = min(high, rules.table_limit)
    else:
        low = bet_level + floor_of(rules, street, original_bet, last_raise)
        if structure is Structure.FIXED_LIMIT:
            high = low
        elif structure is Structure.NONTOURNAMENT:
            high = bet_level + rules.maximum_bet
        elif structure is Structure.POT_LIMIT:
            full_call = bet_level - bet
            high = bet_level + pot + full_call
        else:
            high = all_in_to
        if rules.table_limit is not None and structure in (
            Structure.POT_LIMIT,
            Structure.NO_LIMIT,
        ):
            high = min(high, bet_level + rules.table_limit)
    if high < low:
        high = low
    if all_in_to < low:
        return Limits(to_call, all_in_to, all_in_to, all_in_to)
    return Limits(to_call, low, high if high < all_in_to else all_in_to, all_in_to)
