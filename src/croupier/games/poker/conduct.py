"""Reading what a player physically does with chips (99-01.3-09-04.15 to -04.17).

``read_wager`` turns chips pushed forward into the action the rules make of them: a binding
statement fixes the amount (-04.15); less than a call must be completed or folded (-04.16); a
single oversized chip is a call unless a raise is announced, and a multi-chip wager of at least
half a legal raise must be completed to the minimum raise (-04.17).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.errors import RuleViolation
from croupier.games.poker.actions import Action, ActionKind, Statement
from croupier.games.poker.betting import Limits

STATEMENT = "99-01.3-09-04.15"
SHORT = "99-01.3-09-04.16"
CHIPS = "99-01.3-09-04.17"


@dataclass(frozen=True, slots=True)
class Reading:
    """What a wager is read as; ``short`` when it is less than a call (-04.16)."""

    action: Action
    read_as: str
    section: str
    short: bool = False


def from_statement(seat: int, statement: Statement, amount: int, bet_level: int) -> Action:
    """The action a binding statement commits the player to (-04.15)."""
    if statement is Statement.FOLD:
        return Action(ActionKind.FOLD, seat)
    if statement is Statement.CHECK:
        return Action(ActionKind.CHECK, seat)
    if statement is Statement.CALL:
        return Action(ActionKind.CALL, seat)
    kind = ActionKind.BET if bet_level == 0 else ActionKind.RAISE
    return Action(kind, seat, amount=amount)


def read_wager(
    seat: int,
    placed: int,
    bet: int,
    stack: int,
    bet_level: int,
    lim: Limits,
    single_chip: bool,
    announced_raise: bool,
) -> Reading:
    """Read ``placed`` chips pushed forward by the player at ``seat`` (``bet`` already in front)."""
    if placed <= 0:
        raise RuleViolation("a wager must put chips forward", SHORT)
    if placed > stack:
        raise RuleViolation(f"seat {seat} has only {stack} behind, not {placed}", CHIPS)
    to = bet + placed
    all_in = placed == stack
    to_call = bet_level - bet
    raise_kind = ActionKind.BET if bet_level == 0 else ActionKind.RAISE
    if to_call > 0 and placed < to_call and not all_in:
        return Reading(Action(ActionKind.CALL, seat), "short of a call", SHORT, short=True)
    if to_call > 0 and placed <= to_call:
        return Reading(Action(ActionKind.CALL, seat), "call", CHIPS)
    if bet_level > 0 and single_chip and not announced_raise:
        # one chip larger than the bet is a call (a check when the bet is already matched)
        if to_call > 0:
            return Reading(Action(ActionKind.CALL, seat), "call (single chip)", CHIPS)
        return Reading(Action(ActionKind.CHECK, seat), "check (single chip, bet matched)", CHIPS)
    if lim.min_to is None or lim.max_to is None:
        if to_call > 0:
            return Reading(Action(ActionKind.CALL, seat), "call (no raise allowed)", CHIPS)
        raise RuleViolation(f"seat {seat} may not bet now", CHIPS)
    if to >= lim.min_to or all_in:
        if to > lim.max_to:
            raise RuleViolation(
                f"seat {seat} wager to {to} exceeds the allowed {lim.max_to}", CHIPS
            )
        return Reading(Action(raise_kind, seat, amount=to), raise_kind.value, CHIPS)
    needed = lim.min_to - bet_level
    portion = to - bet_level
    if announced_raise or 2 * portion >= needed:
        return Reading(
            Action(raise_kind, seat, amount=lim.min_to), "completed to the minimum", CHIPS
        )
    if to_call > 0:
        return Reading(Action(ActionKind.CALL, seat), "call (under half a raise)", CHIPS)
    raise RuleViolation(
        f"seat {seat} bet of {placed} is less than half the minimum bet {lim.min_to}", CHIPS
    )
