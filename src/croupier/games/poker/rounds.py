"""The betting rounds of a hand (99-01.3-09-01, -04.10, -04.11, -04.17, -05.7, -06.1).

``HandBetting`` adds to ``HandCore`` the start and end of each betting round, the order of
action, the validation of every fold, check, call, bet and raise against the structure's limits
(``betting.limits_of``), and the return of an uncalled bet. Compiled by mypyc with the rest of
the engine (``tools/compile.py``).
"""

from __future__ import annotations

from typing import Final

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.money import format_money
from croupier.games.poker import betting
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import PlayerActed, RoundEnded, UncalledReturned
from croupier.games.poker.state import ALL_IN, ORDER, HandCore, Phase
from croupier.games.poker.table import Player

# Enum members as compiled constants (why: croupier.games.poker.state)
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_RAISE: Final = ActionKind.RAISE
_BETTING: Final = Phase.BETTING


class HandBetting(HandCore):
    """The hand with its betting rounds."""

    def _start_round(self) -> None:
        players = self.players
        n = self.n
        for p in players:
            p.acted_serial = -1
        self.serial = 0
        self.raises = 0
        self.aggressor = None
        self.first_actor = None
        bb = self.bb
        if self.street == 0 and bb is not None:
            level = self.terms.big_blind
            for p in players:
                if p.bet > level:
                    level = p.bet
            self.bet_level = level
            self.original_bet = self.last_raise = self.terms.big_blind
            start = (bb + 1) % n
        else:
            self.bet_level = self.original_bet = self.last_raise = 0
            # Heads-up the button acts first in the first betting round, blinds or not (-04.11).
            start = self.button if self.street == 0 and n == 2 else (self.button + 1) % n
        needs = 0
        first = -1
        able = 0
        last = -1
        live = 0
        for k in range(n):
            i = (start + k) % n
            p = players[i]
            if not (p.folded or p.dead or p.mucked):
                live += 1
                if not p.all_in:
                    needs |= 1 << i
                    able += 1
                    last = i
                    if first < 0:
                        first = i
        if live <= 1 or (able == 1 and players[last].bet >= self.bet_level):
            needs = 0  # the last live hand (every other hand dead) wins without acting
        self.needs = needs
        if needs:
            self.to_act = first
        else:
            self.to_act = None
            self._end_round()

    def limits_for(self, i: int) -> betting.Limits:
        """What player index ``i`` may call, bet or raise now (computed once per state)."""
        cached = self._limits
        if cached is not None and self._limits_for == i:
            return cached
        players = self.players
        p = players[i]
        others = False
        for q in players:
            if q is not p and not (q.folded or q.dead or q.mucked or q.all_in):  # q.able
                others = True
                break
        terms = self.terms
        found = betting.limits_of(
            terms,
            self.street,
            self.bet_level,
            self.original_bet,
            self.last_raise,
            self.raises,
            self.pot if terms.pot_limit else 0,
            p.bet,
            p.stack,
            p.acted_serial < self.serial,
            others,
        )
        self._limits = found
        self._limits_for = i
        return found

    def _require_turn(self, action: Action) -> int:
        to_act = self.to_act
        if self.phase is not _BETTING or to_act is None or self.next_target < len(self.targets):
            raise RuleViolation(f"no betting now ({action.describe()})", ORDER)
        seat = action.seat
        i = self.index_of.get(seat if seat is not None else -1)
        if i is None:
            raise InvalidInput(f"no player at seat {seat}")
        if i != to_act:
            raise RuleViolation(
                f"seat {seat} acted out of turn; seat {self.players[to_act].seat} is to act",
                ORDER,
            )
        return i

    def _bet_action(self, action: Action) -> None:
        i = self._require_turn(action)
        self._validate_bet(i, action)
        self._do_bet(i, action)

    def _validate_bet(self, i: int, action: Action) -> None:
        p = self.players[i]
        kind = action.kind
        if kind is _CHECK:
            if self.bet_level > p.bet:
                owed = format_money(self.bet_level - p.bet)
                raise RuleViolation(
                    f"seat {p.seat} cannot check: {owed} to call; a player shall match or raise "
                    "the previous bet to remain in the hand",
                    ORDER,
                )
        elif kind is _CALL:
            if self.bet_level <= p.bet:
                raise RuleViolation(f"seat {p.seat} has nothing to call; check or bet", ORDER)
        elif kind is _BET or kind is _RAISE:
            if kind is _BET and self.bet_level > 0:
                raise RuleViolation(
                    f"seat {p.seat} cannot open: there is a bet; call or raise", ORDER
                )
            if kind is _RAISE and self.bet_level == 0:
                raise RuleViolation(f"seat {p.seat} cannot raise: nobody has bet", ORDER)
            lim = self.limits_for(i)
            low = lim.min_to
            high = lim.max_to
            if low is None or high is None:
                reason = lim.raise_closed_reason or "the stack only covers a call"
                raise RuleViolation(
                    f"seat {p.seat} may not {kind.value}: {reason}",
                    lim.raise_closed_section or ORDER,
                )
            if not low <= action.amount <= high:
                raise RuleViolation(
                    f"seat {p.seat} {kind.value} to {format_money(action.amount)} is outside "
                    f"the allowed {format_money(low)} to {format_money(high)} "
                    f"({self.rules.structure.value})",
                    self._limit_section(action.amount, lim),
                )

    def _limit_section(self, amount: int, lim: betting.Limits) -> str:
        terms = self.terms
        if lim.max_to is not None and amount > lim.max_to:
            if amount > lim.all_in_to:
                return ALL_IN
            if terms.fixed_limit:
                return betting.FIXED_AMOUNT
            if terms.table_limit >= 0:
                return betting.TABLE_LIMIT
            return betting.NONTOURNAMENT if terms.nontournament else ORDER
        return betting.RAISE_FLOOR

    def _do_bet(self, i: int, action: Action) -> None:
        p = self.players[i]
        kind = action.kind
        if self.first_actor is None:
            self.first_actor = i
        if kind is _FOLD:
            p.folded = True
            self.acted |= 1 << i
            self.events.append(PlayerActed(p.seat, "fold", p.bet, 0))
        elif kind is _CALL:
            added = self.bet_level - p.bet
            if added > p.stack:
                added = p.stack
            self._put(p, added)
            if added:
                self.acted |= 1 << i
            self.events.append(PlayerActed(p.seat, "call", p.bet, added, p.all_in))
        elif kind is _CHECK:
            self.events.append(PlayerActed(p.seat, "check", p.bet, 0, p.all_in))
        else:
            to = action.amount
            level = self.bet_level
            increment = to - level
            if level == 0 or self.original_bet == 0:
                # the round's opening bet; an all-in below the minimum bet is not a full one
                # (-05.7): it sets no original bet, and the next bet, completing it, opens
                full = True
                if to >= betting.opening_bet(self.terms, self.street):
                    self.original_bet = to
            else:
                self.raises += 1
                self.raised = True
                full = increment >= betting.floor_of(
                    self.terms, self.street, self.original_bet, self.last_raise
                )
            if full:
                self.serial += 1
                self.last_raise = increment
            self.bet_level = to
            self.aggressor = i
            added = to - p.bet
            self._put(p, added)
            self.acted |= 1 << i
            needs = 0
            players = self.players
            for j in range(self.n):
                q = players[j]
                if j != i and not (q.folded or q.dead or q.mucked or q.all_in):
                    needs |= 1 << j
            self.needs = needs
            verb = "bet" if kind is _BET else "raise"
            self.events.append(PlayerActed(p.seat, verb, to, added, p.all_in))
        p.acted_serial = self.serial
        self.needs &= ~(1 << i)
        self._after_action(i)

    def _put(self, p: Player, amount: int) -> None:
        p.stack -= amount
        p.bet += amount
        p.contributed += amount
        if p.stack == 0:
            p.all_in = True

    def _after_action(self, i: int) -> None:
        players = self.players
        n = self.n
        live = 0
        for q in players:
            if not (q.folded or q.dead or q.mucked):  # q.live
                live += 1
        needs = self.needs
        if live <= 1:
            needs = 0
        elif needs:
            for j in range(n):
                if needs >> j & 1:
                    q = players[j]
                    if q.folded or q.dead or q.mucked or q.all_in:  # not q.able
                        needs &= ~(1 << j)
        self.needs = needs
        if not needs:
            self.to_act = None
            self._end_round()
            return
        for k in range(1, n + 1):
            j = (i + k) % n
            if needs >> j & 1:
                self.to_act = j
                return

    def _end_round(self) -> None:
        self._return_uncalled()
        aggressor = self.aggressor
        if aggressor is not None:
            self.show_first = aggressor
        elif self.first_actor is not None:
            self.show_first = self.first_actor
        players = self.players
        self.events.append(RoundEnded(self.street, self.pot))
        live = 0
        able = 0
        for p in players:
            p.bet = 0
            if not (p.folded or p.dead or p.mucked):
                live += 1
                if not p.all_in:
                    able += 1
        if live == 1:
            self._award()
            return
        if self.street == 3 or able <= 1:
            self._begin_showdown()
            return
        self.street += 1
        self._queue_street(self.street)

    def _return_uncalled(self) -> None:
        # the largest bet (the later seat on a tie, as a descending sort of (bet, index) gives)
        # and the second largest
        top = second = -1
        i = 0
        players = self.players
        for j in range(self.n):
            bet = players[j].bet
            if bet >= top:
                second = top
                top = bet
                i = j
            elif bet > second:
                second = bet
        if top > second and not players[i].dead:  # a dead hand's wagers stay (-04.19, -04.20)
            p = players[i]
            excess = top - second
            p.bet -= excess
            p.contributed -= excess
            p.stack += excess
            if p.stack:
                p.all_in = False
            self.events.append(UncalledReturned(p.seat, excess, ALL_IN))
