"""The showdown (99-01.3-09-04.23 to -04.27) and the award of the pots (-05.7).

The order of showing: the last bettor or raiser of the final betting round, else the first
player to act in it; then clockwise; players in a side pot before players all in for only the
main pot (-04.23). Once a player is all in and the betting is over, every hand is shown and none
may be discarded unshown (-04.24). A player who called the final round's bet ("has called all
betting action") may not discard unshown either; the last bettor or raiser, and every player
after a final round checked around, may (a binding concession, -04.24.d). Cards speak
(-04.24.b).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import (
    HandDead,
    HandDiscarded,
    HandEnded,
    HandRetrieved,
    HandShown,
    PotAwarded,
)
from croupier.games.poker.pots import Pot, build_pots, high_low_halves, split_evenly
from croupier.games.poker.rounds import HandBetting
from croupier.games.poker.rules import TableRules
from croupier.games.poker.showdown_eval import showdown_values
from croupier.games.poker.state import Phase
from croupier.games.poker.table import SeatSpec

# Enum members as compiled constants (why: croupier.games.poker.state)
_RETRIEVE: Final = ActionKind.RETRIEVE
_SHOW: Final = ActionKind.SHOW
_COMPLETE: Final = Phase.COMPLETE
_SHOWDOWN: Final = Phase.SHOWDOWN

ORDER: Final = "99-01.3-09-04.23"
SHOWDOWN: Final = "99-01.3-09-04.24"
TOO_MANY: Final = "99-01.3-09-04.24.a"
FACE_UP: Final = "99-01.3-09-04.24.f"
RETRIEVE: Final = "99-01.3-09-04.24.g"
FACE_DOWN: Final = "99-01.3-09-04.24.h"
SPLIT: Final = "99-01.3-09-04.25"
ODD_CHIP: Final = "99-01.3-09-04.27"
SIDE_POTS: Final = "99-01.3-09-05.7"


class HandShowdown(HandBetting):
    """The hand with its showdown and award."""

    def __init__(self, rules: TableRules, seats: Sequence[SeatSpec], button: int) -> None:
        self.order: list[int] = []
        self.shown_order: list[int] = []
        """Seats in the order they showed or discarded at the showdown (-04.23)."""
        self.all_in_showdown = False
        self.must_show = 0
        """Bit ``i``: player index ``i`` called the final round's bet ("has called all betting
        action") and may not discard unshown (-04.24)."""
        self.retrievable: set[int] = set()
        self.values: dict[int, tuple[int | None, int | None]] = {}
        """Showdown values by player index, computed once per hand (one evaluator call for every
        hand known when the first is needed)."""
        self.pots: list[Pot] = []
        super().__init__(rules, seats, button)

    # -- order --------------------------------------------------------------------------------
    def showing_order(self) -> list[int]:
        """Indices of the live hands in the order they are shown (-04.23)."""
        live = [i for i, p in enumerate(self.players) if p.live]
        first = self.show_first
        if first is None or not self.players[first].live:
            first = next(i for i in self._clockwise((self.button + 1) % self.n) if i in live)
        clockwise = [i for i in self._clockwise(first) if i in live]
        return sorted(clockwise, key=lambda i: self.players[i].ante - self.players[i].contributed)

    def _begin_showdown(self) -> None:
        self.phase = _SHOWDOWN
        self.all_in_showdown = any(p.all_in for p in self.players if p.live)
        aggressor = self.aggressor  # of the final betting round: every other live hand called
        must_show = 0
        if aggressor is not None:
            for i, p in enumerate(self.players):
                if i != aggressor and p.live:
                    must_show |= 1 << i
        self.must_show = must_show
        self.order = self.showing_order()
        self.to_act = self.order[0]

    # -- showdown actions ---------------------------------------------------------------------
    def _showdown_action(self, action: Action) -> None:
        if self.phase is not _SHOWDOWN:
            raise RuleViolation(f"{action.kind.value} only at the showdown", SHOWDOWN)
        i = self.index_of.get(action.seat if action.seat is not None else -1)
        if i is None:
            raise InvalidInput(f"no player at seat {action.seat}")
        p = self.players[i]
        if action.kind is _RETRIEVE:
            self._retrieve(i, action)
            return
        if self.dealing() or self.to_act is None:
            raise RuleViolation("every hand has been shown; the board is being dealt", SHOWDOWN)
        if i != self.to_act:
            raise RuleViolation(
                f"seat {p.seat} shows out of order; seat {self.players[self.to_act].seat} shows "
                "first",
                ORDER,
            )
        if action.kind is _SHOW:
            if any(c is None for c in p.hole):
                raise InvalidInput(f"seat {p.seat}'s cards are not known and cannot be shown")
            self.shown_order.append(p.seat)
            self._table(i)
        else:
            if self.all_in_showdown and not (action.face_up and action.identifiable):
                raise RuleViolation(
                    f"seat {p.seat} may not discard unshown: a player is all in and every hand "
                    "in the main and side pots must be shown",
                    SHOWDOWN,
                )
            if self.must_show >> i & 1 and not (action.face_up and action.identifiable):
                raise RuleViolation(
                    f"seat {p.seat} called all betting action and may not discard the hand "
                    "without showing it",
                    SHOWDOWN,
                )
            self.shown_order.append(p.seat)
            if action.face_up and action.identifiable:
                self._table(i, FACE_UP)
            else:
                p.mucked = True
                if action.identifiable and not action.face_up:
                    self.retrievable.add(i)
                self.events.append(HandDiscarded(p.seat, action.face_up, True, FACE_DOWN))
        self._next_to_show()

    def _table(self, i: int, section: str = SHOWDOWN) -> None:
        p = self.players[i]
        p.shown = True
        if len(p.hole) != self.rules.variant.hole_cards:
            p.dead = True
            self.events.append(HandDead(p.seat, "too many cards for the game", TOO_MANY))
            return
        high, low = self._values(i)
        self.events.append(HandShown(p.seat, tuple(p.hole), high, low))

    def _retrieve(self, i: int, action: Action) -> None:
        p = self.players[i]
        if i not in self.retrievable or not p.mucked:
            raise RuleViolation(
                f"seat {p.seat}'s hand is dead: discarded face down and not retrievable", FACE_DOWN
            )
        if action.induced:
            raise RuleViolation(
                "a discarded hand may not be retrieved when another player was induced to discard",
                RETRIEVE,
            )
        p.mucked = False
        self.retrievable.discard(i)
        self.events.append(HandRetrieved(p.seat, RETRIEVE))
        self._table(i)

    def _next_to_show(self) -> None:
        live = [i for i, p in enumerate(self.players) if p.live]
        remaining = [i for i in self.order if self.players[i].live and not self.players[i].shown]
        if len(live) <= 1 or not remaining:
            self.to_act = None
            if len(live) > 1 and len(self.board) < 5:
                for street in range(self.street + 1, 4):
                    self._queue_street(street)
                self.street = 3
                return
            self._award()
            return
        self.to_act = remaining[0]

    @property
    def awards(self) -> list[dict[str, JSON]]:
        """Each award of the hand (pot number, high/low/whole, amount, seats, shares), from its
        events."""
        return [
            {
                "pot": e.pot,
                "half": e.half,
                "amount": e.amount,
                "seats": list(e.seats),
                "shares": list(e.shares),
            }
            for e in self.events
            if isinstance(e, PotAwarded)
        ]

    # -- award --------------------------------------------------------------------------------
    def _values(self, i: int) -> tuple[int | None, int | None]:
        """The showdown value of player index ``i`` (``None`` while its cards or the board are
        not all known)."""
        found = self.values.get(i)
        if found is None:
            self._evaluate_known()
            found = self.values.get(i)
        return (None, None) if found is None else found

    def _evaluate_known(self) -> None:
        """Value, in one evaluator call, every live hand not yet valued whose cards and board are
        all known (a hand history may reveal a hole card only when the hand is shown)."""
        board = self.board
        if len(board) != 5:
            return
        known_board: list[Card] = []
        for c in board:
            if c is None:
                return
            known_board.append(c)
        need = self.terms.hole_cards
        indices: list[int] = []
        holes: list[list[Card]] = []
        for i, p in enumerate(self.players):
            if i in self.values or not p.live or len(p.hole) != need:
                continue
            hole = [c for c in p.hole if c is not None]
            if len(hole) == need:
                indices.append(i)
                holes.append(hole)
        if indices:
            found = showdown_values(self.rules.variant, holes, known_board)
            for i, value in zip(indices, found, strict=True):
                self.values[i] = value

    def _award(self) -> None:
        self.phase = _COMPLETE
        self.to_act = None
        if self._award_uncontested():
            return
        wagers = [p.contributed - p.ante for p in self.players]
        live = [p.live for p in self.players]
        contenders = [i for i, ok in enumerate(live) if ok]
        values: dict[int, tuple[int | None, int | None]] = {}
        if len(contenders) > 1:
            values = {i: self._values(i) for i in contenders}
            unknown = [self.players[i].seat for i, v in values.items() if v[0] is None]
            if unknown:
                raise InvalidInput(f"the hands of seats {unknown} are not known at the showdown")
        pots = build_pots(wagers, live, sum(p.ante for p in self.players))
        clockwise = self._clockwise((self.button + 1) % self.n)
        carried = 0
        for number, pot in enumerate(pots):
            eligible = [i for i in clockwise if i in pot.eligible]
            if not eligible:
                carried += pot.amount
                continue
            self._award_pot(number, pot.amount + carried, eligible, values)
            carried = 0
        if carried:
            last = [i for i in clockwise if live[i]]
            self._award_pot(len(pots), carried, last, values)
        self.pots = pots
        self.events.append(HandEnded(tuple(p.stack for p in self.players)))

    def _award_uncontested(self) -> bool:
        """The commonest end, one live hand that wagered: it takes every chip in the pot as
        one pot, exactly what ``build_pots`` makes of it (a single level, antes merged into
        it). Returns whether it applied."""
        winner = -1
        total = 0
        for i, p in enumerate(self.players):
            total += p.contributed
            if not (p.folded or p.dead or p.mucked):
                if winner >= 0:
                    return False
                winner = i
        if winner < 0 or self.players[winner].contributed <= self.players[winner].ante:
            return False
        self.pots = [Pot(total, (winner,))]
        self._pay(0, "whole", total, [winner], [total])
        self.events.append(HandEnded(tuple([p.stack for p in self.players])))
        return True

    def _award_pot(
        self,
        number: int,
        amount: int,
        eligible: list[int],
        values: dict[int, tuple[int | None, int | None]],
    ) -> None:
        unit = self.rules.odd_chip_unit
        if len(eligible) == 1 or not values:
            self._pay(number, "whole", amount, [eligible[0]], [amount])
            return
        best_high = max(values[i][0] or 0 for i in eligible)
        high_winners = [i for i in eligible if values[i][0] == best_high]
        lows = [values[i][1] for i in eligible if values[i][1] is not None]
        if not lows:
            self._pay(
                number, "whole", amount, high_winners, split_evenly(amount, high_winners, unit)
            )
            return
        best_low = min(v for v in lows if v is not None)
        low_winners = [i for i in eligible if values[i][1] == best_low]
        if len(high_winners) > 1 and high_winners == low_winners:
            # the same hands tie both ways: the pot is theirs in equal parts, divided "as
            # evenly as possible" (-04.27); halving it first could give one of them both
            # halves' odd chips (150 in 25s: 100 and 50 instead of 75 each)
            self._pay(
                number, "whole", amount, high_winners, split_evenly(amount, high_winners, unit)
            )
            return
        high_half, low_half = high_low_halves(amount, unit)
        self._pay(
            number, "high", high_half, high_winners, split_evenly(high_half, high_winners, unit)
        )
        self._pay(number, "low", low_half, low_winners, split_evenly(low_half, low_winners, unit))

    def _pay(
        self, number: int, half: str, amount: int, winners: list[int], shares: list[int]
    ) -> None:
        for i, share in zip(winners, shares, strict=True):
            self.players[i].won += share
            self.players[i].stack += share
        seats = tuple(self.players[i].seat for i in winners)
        self.events.append(PotAwarded(number, half, amount, seats, tuple(shares)))
