"""Conduct at the table: statements and chips (99-01.3-09-04.15 to -04.17, -04.19).

``HandConduct`` adds to the showdown hand the binding statements, the reading of chips pushed
forward, the short bet that must be completed or folded, and what a bet or raise changed so
that a fouled hand's bet can be returned (-04.19). ``read_wager`` turns chips pushed forward
into the action the rules make of them: a binding statement fixes the amount (-04.15); less
than a call must be completed or folded (-04.16); a single oversized chip is a call unless a
raise is announced, and a multi-chip wager of at least half a legal raise must be completed
to the minimum raise (-04.17).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import reduce_dataclass
from croupier.core.money import format_money
from croupier.games.poker.actions import Action, ActionKind, Statement
from croupier.games.poker.betting import Limits
from croupier.games.poker.events import StatementMade, WagerRead, WagerReturned
from croupier.games.poker.rules import TableRules
from croupier.games.poker.showdown import HandShowdown
from croupier.games.poker.table import SeatSpec

# Enum members as compiled constants (why: croupier.games.poker.state)
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_RAISE: Final = ActionKind.RAISE
_SAY_BET: Final = Statement.BET
_SAY_CALL: Final = Statement.CALL
_SAY_CHECK: Final = Statement.CHECK
_SAY_FOLD: Final = Statement.FOLD
_SAY_RAISE: Final = Statement.RAISE

STATEMENT: Final = "99-01.3-09-04.15"
SHORT: Final = "99-01.3-09-04.16"
CHIPS: Final = "99-01.3-09-04.17"
FOULED_BET: Final = "99-01.3-09-04.19"


@dataclass(frozen=True, slots=True)
class Reading:
    """What a wager is read as; ``short`` when it is less than a call (-04.16)."""

    action: Action
    read_as: str
    section: str
    short: bool = False


def from_statement(seat: int, statement: Statement, amount: int, bet_level: int) -> Action:
    """The action a binding statement commits the player to (-04.15)."""
    if statement is _SAY_FOLD:
        return Action(_FOLD, seat)
    if statement is _SAY_CHECK:
        return Action(_CHECK, seat)
    if statement is _SAY_CALL:
        return Action(_CALL, seat)
    kind = _BET if bet_level == 0 else _RAISE
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
        raise RuleViolation(
            f"seat {seat} has only {format_money(stack)} behind, not {format_money(placed)}", CHIPS
        )
    to = bet + placed
    all_in = placed == stack
    to_call = bet_level - bet
    raise_kind = _BET if bet_level == 0 else _RAISE
    if to_call > 0 and placed < to_call and not all_in:
        return Reading(Action(_CALL, seat), "short of a call", SHORT, short=True)
    if to_call > 0 and placed <= to_call:
        return Reading(Action(_CALL, seat), "call", CHIPS)
    if bet_level > 0 and single_chip and not announced_raise:
        # one chip larger than the bet is a call (a check when the bet is already matched)
        if to_call > 0:
            return Reading(Action(_CALL, seat), "call (single chip)", CHIPS)
        return Reading(Action(_CHECK, seat), "check (single chip, bet matched)", CHIPS)
    if lim.min_to is None or lim.max_to is None:
        if to_call > 0:
            return Reading(Action(_CALL, seat), "call (no raise allowed)", CHIPS)
        raise RuleViolation(f"seat {seat} may not bet now", CHIPS)
    if to >= lim.min_to or all_in:
        if to > lim.max_to:
            raise RuleViolation(
                f"seat {seat} wager to {format_money(to)} exceeds the allowed "
                f"{format_money(lim.max_to)}",
                CHIPS,
            )
        return Reading(Action(raise_kind, seat, amount=to), raise_kind.value, CHIPS)
    needed = lim.min_to - bet_level
    portion = to - bet_level
    if announced_raise or 2 * portion >= needed:
        return Reading(
            Action(raise_kind, seat, amount=lim.min_to), "completed to the minimum", CHIPS
        )
    if to_call > 0:
        return Reading(Action(_CALL, seat), "call (under half a raise)", CHIPS)
    raise RuleViolation(
        f"seat {seat} bet of {format_money(placed)} is less than half the minimum bet "
        f"{format_money(lim.min_to)}",
        CHIPS,
    )


@dataclass(slots=True, init=False)
class _Undo:
    """What a bet or raise changed, so a fouled hand's bet can be returned (-04.19). Never
    changed after it is made (not frozen: a frozen class is slow to build in compiled code)."""

    index: int
    bet: int
    bet_level: int
    original_bet: int
    last_raise: int
    raises: int
    serial: int
    needs: int
    aggressor: int | None
    acted_serial: int

    def __init__(
        self,
        index: int,
        bet: int,
        bet_level: int,
        original_bet: int,
        last_raise: int,
        raises: int,
        serial: int,
        needs: int,
        aggressor: int | None,
        acted_serial: int,
    ) -> None:
        # written out so that mypyc compiles it (see croupier.games.poker.events)
        self.index = index
        self.bet = bet
        self.bet_level = bet_level
        self.original_bet = original_bet
        self.last_raise = last_raise
        self.raises = raises
        self.serial = serial
        self.needs = needs
        self.aggressor = aggressor
        self.acted_serial = acted_serial

    def __reduce__(self) -> tuple[object, ...]:
        return reduce_dataclass(self)


class HandConduct(HandShowdown):
    """The hand with the conduct rules of betting (the irregularities are ``hand.Hand``'s)."""

    def __init__(self, rules: TableRules, seats: Sequence[SeatSpec], button: int) -> None:
        self.statements: dict[int, Action] = {}
        self.short: int | None = None
        self.undo: _Undo | None = None
        super().__init__(rules, seats, button)

    def _bet_action(self, action: Action) -> None:
        i = self._require_turn(action)
        stated = self.statements.get(i) if self.statements else None
        if stated is not None and (
            stated.kind is not action.kind
            or (stated.amount and action.kind in (_BET, _RAISE) and stated.amount != action.amount)
        ):
            raise RuleViolation(
                f"seat {action.seat} stated {stated.describe()}; the statement is binding",
                STATEMENT,
            )
        if self.short == i and action.kind not in (_CALL, _FOLD):
            raise RuleViolation(
                f"seat {action.seat} bet less than a call and shall complete the call or fold",
                SHORT,
            )
        self._validate_bet(i, action)
        self._record_undo(i, action)
        if self.statements:
            self.statements.pop(i, None)
        self.short = None
        self._do_bet(i, action)

    def _record_undo(self, i: int, action: Action) -> None:
        if action.kind in (_BET, _RAISE):
            p = self.players[i]
            self.undo = _Undo(
                i,
                p.bet,
                self.bet_level,
                self.original_bet,
                self.last_raise,
                self.raises,
                self.serial,
                self.needs,
                self.aggressor,
                p.acted_serial,
            )
        else:
            self.undo = None

    # -- conduct ------------------------------------------------------------------------------
    def _statement(self, action: Action) -> None:
        i = self._require_turn(action)
        if action.statement is None:
            raise InvalidInput("a statement needs what was said")
        earlier = self.statements.get(i)
        if earlier is not None:
            raise RuleViolation(
                f"seat {action.seat} already stated {earlier.describe()}; the first statement "
                "is binding",
                STATEMENT,
            )
        if self.short == i and action.statement not in (_SAY_CALL, _SAY_FOLD):
            raise RuleViolation(
                f"seat {action.seat} bet less than a call and shall complete the call or fold",
                SHORT,
            )
        stated = from_statement(i, action.statement, action.amount, self.bet_level)
        stated = Action(stated.kind, action.seat, amount=stated.amount)
        open_amount = action.statement in (_SAY_BET, _SAY_RAISE) and not action.amount
        if open_amount:
            lim = self.limits_for(i)
            if lim.min_to is None:
                reason = lim.raise_closed_reason or "the stack only covers a call"
                raise RuleViolation(
                    f"seat {action.seat} may not {stated.kind.value}: {reason}",
                    lim.raise_closed_section or STATEMENT,
                )
        else:
            self._validate_bet(i, stated)
        self.statements[i] = stated
        self.events.append(
            StatementMade(self.players[i].seat, action.statement.value, action.amount)
        )

    def _wager(self, action: Action) -> None:
        i = self._require_turn(action)
        p = self.players[i]
        stated = self.statements.get(i)
        if stated is not None:
            # Chips put forward after a binding statement are corrected to it (-04.15); a bet or
            # raise stated without an amount is the smallest the rules allow.
            if stated.kind in (_BET, _RAISE) and not stated.amount:
                low = self.limits_for(i).min_to
                assert low is not None  # checked when the statement was made
                stated = Action(stated.kind, stated.seat, amount=low)
            self.events.append(
                WagerRead(p.seat, action.amount, "corrected to the statement", STATEMENT)
            )
            self._bet_action(stated)
            return
        if self.short == i:
            raise RuleViolation(f"seat {p.seat} shall complete the call or fold", SHORT)
        reading = read_wager(
            p.seat,
            action.amount,
            p.bet,
            p.stack,
            self.bet_level,
            self.limits_for(i),
            action.single_chip,
            action.announced_raise,
        )
        if reading.short:
            self.events.append(WagerRead(p.seat, action.amount, reading.read_as, reading.section))
            self._put(p, action.amount)
            self.short = i
            return
        self._validate_bet(i, reading.action)
        self.events.append(WagerRead(p.seat, action.amount, reading.read_as, reading.section))
        self.statements.pop(i, None)
        self._record_undo(i, reading.action)
        self._do_bet(i, reading.action)

    def _return_bet(self, undo: _Undo) -> None:
        p = self.players[undo.index]
        amount = p.bet - undo.bet
        p.stack += amount
        p.contributed -= amount
        p.bet = undo.bet
        p.all_in = False
        self.bet_level, self.original_bet = undo.bet_level, undo.original_bet
        self.last_raise, self.raises, self.serial = undo.last_raise, undo.raises, undo.serial
        self.aggressor = undo.aggressor
        needs = undo.needs & ~(1 << undo.index)
        for j, q in enumerate(self.players):
            if j != undo.index and q.able and q.bet < self.bet_level:
                needs |= 1 << j
        self.needs = needs
        self.undo = None
        self.events.append(WagerReturned(p.seat, amount, "bet with a fouled hand", FOULED_BET))
