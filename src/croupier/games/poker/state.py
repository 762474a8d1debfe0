"""The hand: the deal and forced bets (99-01.3-09-04.7 to -04.11, -05.5, -05.6).

``HandCore`` holds the hand's state, the protocol (``pending``, ``apply``) and the dealing;
``rounds.HandBetting`` adds the betting rounds, ``showdown.HandShowdown`` the showdown,
``conduct.HandConduct`` the conduct at the table and ``hand.Hand`` the irregularities.
``pending`` says who acts next; ``apply`` validates an action completely before it changes
anything and returns the events it caused.

This module is compiled by mypyc (``make compile``; see ``tools/compile.py``) and written for
it: the players still to act in a betting round are a bit set over player indices, the cards
still due are small integer codes, and the rules' numbers are read once per rules object
(``betting.Terms``). The same source runs unchanged as plain Python.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import Enum
from typing import Final

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.base import Pending, PendingKind
from croupier.games.poker import betting
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import (
    CardDealt,
    ForcedBet,
    HandStarted,
)
from croupier.games.poker.rules import AntePayer, TableRules, validated
from croupier.games.poker.table import Player, SeatSpec, card_index

DEAL: Final = "99-01.3-09-04.7"
ANTE: Final = "99-01.3-09-04.9"
ORDER: Final = "99-01.3-09-04.10"
HEADS_UP: Final = "99-01.3-09-04.11"
DECK: Final = "99-01.3-09-04.2"
BURN: Final = "99-01.3-09-04.14"
ALL_IN: Final = "99-01.3-09-05.7"
BLINDS: Final = "99-01.3-09-02.6"
BOARD: Final = "99-01.3-09-05.5"
OVER: Final = "99-01.3-09-04.26"

# What a due card is for: the low two bits of a target code; the player index + 1 (0: none)
# above them.
HOLE: Final = 0
BURN_CARD: Final = 1
BOARD_CARD: Final = 2
REPLACEMENT: Final = 3
TARGET_NAMES: Final = ("hole", "burn", "board", "replacement")

_NO_PENDING: Final = Pending(PendingKind.NONE)
_PENDING: Final[list[dict[int, Pending]]] = [{} for _code in range(6)]
"""Shared ``Pending`` values by code, then seat (-1: none); no key object is built per call."""
_PENDING_MAX: Final = 512
_SEAT_DETAIL: Final = ("betting", "showdown")


def _pending(code: int, seat: int | None) -> Pending:
    """A shared ``Pending`` (a frozen value, so one object per distinct value is enough).
    ``code`` 0..3 is a chance target (``TARGET_NAMES``), 4 a betting and 5 a showdown turn."""
    by_seat = _PENDING[code]
    key = -1 if seat is None else seat
    found = by_seat.get(key)
    if found is None:
        if code < 4:
            found = Pending(_CHANCE, seat=seat, detail=TARGET_NAMES[code])
        else:
            found = Pending(_SEAT, seat=seat, detail=_SEAT_DETAIL[code - 4])
        if len(by_seat) < _PENDING_MAX:
            by_seat[key] = found
    return found


class Phase(Enum):
    DEALING = "dealing"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"
    VOID = "void"


# Enum members as compiled constants: in Python 3.11 reading ``ActionKind.CALL`` goes
# through ``EnumType.__getattr__`` (about 0.14 us); a ``Final`` module constant is a C static.
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_CARD: Final = ActionKind.CARD
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_RAISE: Final = ActionKind.RAISE
_CHANCE: Final = PendingKind.CHANCE
_SEAT: Final = PendingKind.SEAT
_BETTING: Final = Phase.BETTING
_COMPLETE: Final = Phase.COMPLETE
_DEALING: Final = Phase.DEALING
_SHOWDOWN: Final = Phase.SHOWDOWN
_VOID: Final = Phase.VOID


class HandCore(ABC):
    """One hand of poker at one table, from the forced bets to the end of the betting."""

    def __init__(self, rules: TableRules, seats: Sequence[SeatSpec], button: int) -> None:
        self.rules = validated(rules)
        self.terms = betting.terms(self.rules)
        numbers = [s.seat for s in seats]
        if all(numbers[k] < numbers[k + 1] for k in range(len(numbers) - 1)):
            ordered = list(seats)  # already in seat order, no seat twice
        else:
            ordered = sorted(seats, key=_seat_number)
            numbers = [s.seat for s in ordered]
            if len(set(numbers)) != len(numbers):
                raise InvalidInput(f"two players in one seat: {numbers}")
        if not 2 <= len(ordered) <= rules.max_players:
            raise InvalidInput(f"a hand needs 2 to {rules.max_players} players, got {len(ordered)}")
        if button not in numbers:
            raise InvalidInput(f"the button {button} is not at an occupied seat {numbers}")
        for s in ordered:
            if s.stack <= 0:
                raise InvalidInput(f"seat {s.seat} has no chips to play with ({s.stack})")
        self.seat_specs = ordered
        """The seats as the hand began (a hand is rebuilt from them to back up, -04.16)."""
        self.log: list[Action] = []
        """Every action applied, in order: rules + seats + button + log give the state."""
        self.players = [
            Player(s.seat, s.player, s.stack, s.stack, absent=s.absent) for s in ordered
        ]
        self.n = len(self.players)
        self.index_of = {p.seat: i for i, p in enumerate(self.players)}
        self.button = self.index_of[button]
        self.phase = _DEALING
        self.street = 0
        self.board: list[Card | None] = []
        self.burned: list[Card | None] = []
        self.dead_cards: list[Card | None] = []
        self.seen = 0
        """The cards dealt from the deck so far, one bit per card index 0..51 (-04.2)."""
        self.targets: list[int] = []
        """Codes of the cards due (kind in the low two bits, player index + 1 above)."""
        self.next_target = 0
        """How many of ``targets`` have been dealt."""
        self.events: list[Event] = []
        self.bet_level = 0
        self.original_bet = 0
        self.last_raise = 0
        self.raises = 0
        self.serial = 0
        self.needs = 0
        """Bit ``i`` set: player index ``i`` must still act in this betting round."""
        self.to_act: int | None = None
        self.aggressor: int | None = None
        self.first_actor: int | None = None
        self.show_first: int | None = None
        self.acted = 0
        """Bit ``i`` set: player index ``i`` has acted by betting or folding (-04.13)."""
        self.raised = False
        self.sb: int | None = None
        self.bb: int | None = None
        self.void_reason = ""
        self.void_section = OVER
        """Why and under which section the hand was called off (misdeal, defective deck)."""
        # Derived answers, valid until the next ``apply`` (which clears them).
        self._pending: Pending | None = None
        self._limits: betting.Limits | None = None
        self._limits_for = -1
        self._legal: tuple[Action, ...] | None = None
        self._start()

    # -- set-up -------------------------------------------------------------------------------
    def _clockwise(self, start: int) -> list[int]:
        """Indices clockwise beginning with ``start``."""
        n = self.n
        return [(start + k) % n for k in range(n)]

    def _start(self) -> None:
        players = self.players
        n = self.n
        ev: list[Event] = [
            HandStarted(
                players[self.button].seat,
                tuple([p.seat for p in players]),
                tuple([p.stack for p in players]),
            )
        ]
        rules = self.rules
        terms = self.terms
        if terms.big_blind > 0:
            if n == 2:
                self.sb, self.bb = self.button, (self.button + 1) % 2
            else:
                self.sb, self.bb = (self.button + 1) % n, (self.button + 2) % n
        if terms.ante:
            bb = self.bb
            if rules.ante_payer is AntePayer.EVERY_PLAYER or bb is None:
                for i in range(n):
                    ev.append(self._post(i, min(terms.ante, players[i].stack), "ante", False))
            else:
                ev.append(self._post(bb, min(terms.ante, players[bb].stack), "ante", False))
        sb = self.sb
        if sb is not None and terms.small_blind:
            ev.append(
                self._post(sb, min(terms.small_blind, players[sb].stack), "small blind", True)
            )
        bb = self.bb
        if bb is not None and terms.big_blind:
            ev.append(self._post(bb, min(terms.big_blind, players[bb].stack), "big blind", True))
        targets = self.targets
        first = (self.button + 1) % n
        for _round in range(terms.hole_cards):
            for k in range(n):
                targets.append(HOLE | (((first + k) % n + 1) << 2))
        self.events.extend(ev)

    def _post(self, i: int, amount: int, kind: str, to_bet: bool) -> Event:
        p = self.players[i]
        p.stack -= amount
        p.contributed += amount
        if to_bet:
            p.bet += amount
        else:
            p.ante += amount
        if p.stack == 0:
            p.all_in = True
        return ForcedBet(p.seat, kind, amount, posted_by_dealer=p.absent)

    # -- the protocol -------------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        """Who or what acts next (computed once per state: ``apply`` clears it)."""
        found = self._pending
        if found is None:
            found = self._pending = self._next_pending()
        return found

    def _next_pending(self) -> Pending:
        phase = self.phase
        if phase is _COMPLETE or phase is _VOID:
            return _NO_PENDING
        if self.next_target < len(self.targets):
            code = self.targets[self.next_target]
            index = (code >> 2) - 1
            return _pending(code & 3, None if index < 0 else self.players[index].seat)
        to_act = self.to_act
        if to_act is not None:
            return _pending(5 if phase is _SHOWDOWN else 4, self.players[to_act].seat)
        return _NO_PENDING  # pragma: no cover - every live phase has an actor

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips behind (after the pot is awarded, the final stacks)."""
        return {p.seat: p.stack for p in self.players}

    @property
    def pot(self) -> int:
        """Every chip wagered in this hand and not yet awarded or returned."""
        total = 0
        for p in self.players:
            total += p.contributed - p.won
        return total

    def player(self, seat: int | None) -> Player:
        if seat is None or seat not in self.index_of:
            raise InvalidInput(f"no player at seat {seat}")
        return self.players[self.index_of[seat]]

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply one action; a refused action raises and changes nothing."""
        events = self.events
        before = len(events)
        phase = self.phase
        try:
            if phase is _COMPLETE:
                raise RuleViolation("the hand is over; the pot has been awarded", OVER)
            if phase is _VOID:
                raise RuleViolation(
                    f"the hand was called off ({self.void_reason}); nothing more happens in it",
                    self.void_section,
                )
            kind = action.kind
            if kind is _CARD:
                self._card(action)
            elif kind is _FOLD or kind is _CHECK or kind is _CALL or kind is _BET or kind is _RAISE:
                self._bet_action(action)
            else:
                self._other(action)
        finally:
            # The derived answers are dropped even after a refusal: cheap, and always safe.
            self._pending = None
            self._limits = None
            self._limits_for = -1
            self._legal = None
        self.log.append(action)
        return events[before:]

    def _other(self, action: Action) -> None:
        raise RuleViolation(f"{action.kind.value} is not available here", ORDER)

    # -- dealing ------------------------------------------------------------------------------
    def dealing(self) -> bool:
        """Whether a card is due from the deck now."""
        return self.next_target < len(self.targets)

    def hole_card_due(self, i: int) -> bool:
        """Whether player index ``i`` is still due a hole card of the initial deal."""
        wanted = HOLE | ((i + 1) << 2)
        targets = self.targets
        return any(targets[k] == wanted for k in range(self.next_target, len(targets)))

    def _queue(self, kind: int, index: int | None) -> None:
        self.targets.append(kind | ((0 if index is None else index + 1) << 2))

    def _clear_targets(self) -> None:
        self.targets.clear()
        self.next_target = 0

    def _card(self, action: Action) -> None:
        card = action.card
        targets = self.targets
        position = self.next_target
        if position >= len(targets):
            raise RuleViolation("no card is due now: a player must act", DEAL)
        if card is not None:
            number = card_index(card)
            if self.seen >> number & 1:
                raise RuleViolation(f"{card} was already dealt: one 52-card deck", DECK)
            self.seen |= 1 << number
        if action.faced:
            self._faced_card(card)
            return
        code = targets[position]
        self.next_target = position + 1
        kind = code & 3
        if kind == HOLE:
            p = self.players[(code >> 2) - 1]
            p.hole.append(card)
            self.events.append(CardDealt("hole", p.seat, card))
        elif kind == BURN_CARD:
            self.burned.append(card)
            self.events.append(CardDealt("burn", None, card))
        elif kind == BOARD_CARD:
            self.board.append(card)
            self.events.append(CardDealt("board", None, card))
        else:
            self._deal_hole(kind, self.players[(code >> 2) - 1], card)
        if self.next_target == len(targets):
            targets.clear()
            self.next_target = 0
            self._cards_done()

    def _faced_card(self, card: Card | None) -> None:
        raise RuleViolation("improperly faced cards are handled by the full hand", DEAL)

    def _deal_hole(self, kind: int, p: Player, card: Card | None) -> None:
        p.hole.append(card)
        self.events.append(CardDealt("hole", p.seat, card))

    def _cards_done(self) -> None:
        """Every card due has been dealt: start the betting or continue the showdown."""
        phase = self.phase
        if phase is _DEALING:
            self._hole_cards_done()
            if self.targets:
                return
            self.phase = _BETTING
            self._start_round()
        elif phase is _SHOWDOWN:
            self._award()
        else:
            self._start_round()

    @abstractmethod
    def _hole_cards_done(self) -> None:
        """Hook for the full hand (exposed cards, absent players)."""

    def _queue_street(self, street: int) -> None:
        targets = self.targets
        targets.append(BURN_CARD)
        targets.append(BOARD_CARD)
        if street == 1:
            targets.append(BOARD_CARD)
            targets.append(BOARD_CARD)

    @abstractmethod
    def _start_round(self) -> None:
        """Start a betting round (``croupier.games.poker.rounds``)."""

    @abstractmethod
    def _bet_action(self, action: Action) -> None:
        """Fold, check, call, bet or raise (``croupier.games.poker.rounds``)."""

    # -- hooks the showdown supplies ----------------------------------------------------------
    @abstractmethod
    def _begin_showdown(self) -> None:
        """Start the showdown (-04.23)."""

    @abstractmethod
    def _award(self) -> None:
        """Award the pot or pots (-04.26)."""


def _seat_number(spec: SeatSpec) -> int:
    return spec.seat
