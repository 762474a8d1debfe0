"""The full hand: the core state machine plus conduct rules and irregularities.

Misdeals and substantial action (-04.13), exposed cards (-04.12), fouled hands (-04.18 to
-04.20), improperly faced cards (-04.22), a defective deck (-04.28), absent players (-05.11),
binding statements and chip readings (-04.15 to -04.17). ``settlement`` gives each seat's
result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from enum import Enum
from typing import Final

from croupier.core.cards import Card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON
from croupier.core.money import format_money
from croupier.games.base import Outcome, PendingKind, Settlement, WagerResult
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.conduct import HandConduct, _Undo
from croupier.games.poker.events import (
    CardDead,
    CardDealt,
    DefectiveDeck,
    HandDead,
    HandExposed,
    ImproperBet,
    Misdeal,
    PlayerArrived,
)
from croupier.games.poker.rules import TableRules
from croupier.games.poker.state import REPLACEMENT, Phase
from croupier.games.poker.table import Player, SeatSpec

# Enum members as compiled constants (why: croupier.games.poker.state)
_ARRIVE: Final = ActionKind.ARRIVE
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_CARD: Final = ActionKind.CARD
_CHECK: Final = ActionKind.CHECK
_DEFECTIVE_DECK: Final = ActionKind.DEFECTIVE_DECK
_EXPOSED_CARD: Final = ActionKind.EXPOSED_CARD
_EXPOSE_HAND: Final = ActionKind.EXPOSE_HAND
_FOLD: Final = ActionKind.FOLD
_FOULED_HAND: Final = ActionKind.FOULED_HAND
_IMPROPER_BET: Final = ActionKind.IMPROPER_BET
_MISDEAL: Final = ActionKind.MISDEAL
_MUCK: Final = ActionKind.MUCK
_RAISE: Final = ActionKind.RAISE
_RETRIEVE: Final = ActionKind.RETRIEVE
_SHOW: Final = ActionKind.SHOW
_STATE_ACTION: Final = ActionKind.STATE
_WAGER: Final = ActionKind.WAGER
_CHANCE: Final = PendingKind.CHANCE
_SEAT: Final = PendingKind.SEAT
_BETTING: Final = Phase.BETTING
_DEALING: Final = Phase.DEALING
_SHOWDOWN: Final = Phase.SHOWDOWN
_VOID: Final = Phase.VOID

EXPOSED: Final = "99-01.3-09-04.12"
EXPOSED_HAND: Final = "99-01.3-09-04.21"
MISDEAL: Final = "99-01.3-09-04.13"
FOULED: Final = "99-01.3-09-04.18"
FOULED_BET: Final = "99-01.3-09-04.19"
FOULED_INTENT: Final = "99-01.3-09-04.20"
SHOWN_HAND: Final = "99-01.3-09-04.24.j"
FACED: Final = "99-01.3-09-04.22"
DEFECTIVE: Final = "99-01.3-09-04.28"
ABSENT: Final = "99-01.3-09-05.11"
SHORT: Final = "99-01.3-09-04.16"

_DEAL_ACTION: Final = Action(ActionKind.CARD)
_ACTIONS: Final[dict[tuple[int, int, int], Action]] = {}
_ACTIONS_MAX: Final = 4096
_CHOICES: Final[dict[tuple[int, bool, bool, int | None, int | None], tuple[Action, ...]]] = {}
"""The betting choices of a seat, by (seat, facing a bet, opening the betting, smallest and
largest bet or raise)."""


def _action(kind: ActionKind, seat: int, amount: int = 0) -> Action:
    """A shared ``Action`` (frozen, so one object per distinct value is enough). Keyed by the
    member's identity: an enum member's own hash is computed in Python, ``id`` is not."""
    key = (id(kind), seat, amount)
    found = _ACTIONS.get(key)
    if found is None:
        found = Action(kind, seat, amount=amount)
        if len(_ACTIONS) < _ACTIONS_MAX:
            _ACTIONS[key] = found
    return found


def _choices(
    seat: int, stay: ActionKind, kind: ActionKind, low: int | None, high: int | None
) -> tuple[Action, ...]:
    """Fold, check or call, and the smallest and largest ``kind`` (bet or raise) if any."""
    if low is None or high is None:
        return (_action(_FOLD, seat), _action(stay, seat))
    if high == low:
        return (_action(_FOLD, seat), _action(stay, seat), _action(kind, seat, low))
    return (
        _action(_FOLD, seat),
        _action(stay, seat),
        _action(kind, seat, low),
        _action(kind, seat, high),
    )


_STATE = (
    "players",
    "n",
    "index_of",
    "button",
    "phase",
    "street",
    "board",
    "burned",
    "dead_cards",
    "seen",
    "targets",
    "next_target",
    "events",
    "log",
    "bet_level",
    "original_bet",
    "last_raise",
    "raises",
    "serial",
    "needs",
    "to_act",
    "aggressor",
    "first_actor",
    "show_first",
    "acted",
    "raised",
    "sb",
    "bb",
    "void_reason",
    "void_section",
    "order",
    "shown_order",
    "all_in_showdown",
    "must_show",
    "retrievable",
    "values",
    "pots",
    "exposed",
    "replacing",
    "statements",
    "short",
    "undo",
    "forfeited",
    "exposed_hands",
    "_hole_done",
)
"""Every attribute of a hand that an action may change (``snapshot`` and ``_adopt`` read this
one list; a test checks that no attribute is missing from it)."""
_RECORD: Final = ("events", "log")


def _plain(value: object) -> object:
    """A copy of a state value fit for comparison (sets sorted, enums by value, objects as
    dicts)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, set):
        return sorted(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (Player, _Undo)):
        return asdict(value)
    return value


class Hand(HandConduct):
    """One hand of poker under N.D. Admin. Code 99-01.3-09 (the public state machine)."""

    def __init__(self, rules: TableRules, seats: Sequence[SeatSpec], button: int) -> None:
        self.exposed: list[tuple[int, int]] = []
        self.replacing: list[tuple[int, int]] = []
        self.forfeited = 0
        self.exposed_hands: list[int] = []
        """Seats whose hands were exposed to an active player: open to all (-04.21)."""
        self._hole_done = False
        super().__init__(rules, seats, button)

    # -- dispatch -----------------------------------------------------------------------------
    def _other(self, action: Action) -> None:
        kind = action.kind
        if kind in (_SHOW, _MUCK, _RETRIEVE):
            self._showdown_action(action)
        elif kind is _STATE_ACTION:
            self._statement(action)
        elif kind is _WAGER:
            self._wager(action)
        elif kind is _IMPROPER_BET:
            self._improper_bet(action)
        elif kind is _EXPOSE_HAND:
            self._expose_hand(action)
        elif kind is _ARRIVE:
            self._arrive(action)
        elif kind is _EXPOSED_CARD:
            self._exposed(action)
        elif kind is _FOULED_HAND:
            self._fouled(action)
        elif kind is _MISDEAL:
            self._misdeal(action.reason or "dealing mistake")
        elif kind is _DEFECTIVE_DECK:
            self._defective(action)
        else:  # pragma: no cover - every kind is dispatched above or in the core
            super()._other(action)

    def _expose_hand(self, action: Action) -> None:
        """-04.21: an active player exposes the hand to another active player; all the players
        at the table then have the right to see it (its cards go on the record for all)."""
        p = self.player(action.seat)
        if self.phase not in (_DEALING, _BETTING) or not p.live:
            raise RuleViolation(
                f"seat {p.seat} is not an active player in a hand under way", EXPOSED_HAND
            )
        if not action.seats:
            raise InvalidInput("say to which players the hand was exposed (seats)")
        for seat in action.seats:
            q = self.player(seat)
            if q is p or not q.live:
                raise RuleViolation(
                    f"seat {seat} is not another active player: -04.21 covers a hand exposed "
                    "to an active player",
                    EXPOSED_HAND,
                )
        self.events.append(HandExposed(p.seat, tuple(action.seats), tuple(p.hole), EXPOSED_HAND))
        self.exposed_hands.append(p.seat)

    def _improper_bet(self, action: Action) -> None:
        """-04.16: a call found, after others acted, to have been short (``amount`` chips)."""
        if self.phase is not _BETTING or self.dealing():
            raise RuleViolation("an improper bet is corrected during its betting round", SHORT)
        p = self.player(action.seat)
        i = self.index_of[p.seat]
        log = self.log
        k = len(log) - 1
        while k >= 0 and log[k].kind is not _CARD:
            if log[k].kind is _CALL and log[k].seat == p.seat:
                break
            k -= 1
        if k < 0 or log[k].kind is not _CALL:
            raise RuleViolation(f"seat {p.seat} has made no call in this betting round", SHORT)
        replay = self._replayed(k)
        owed = min(replay.bet_level - replay.players[i].bet, replay.players[i].stack)
        if not 0 < action.amount < owed:
            raise InvalidInput(
                f"an improper bet is fewer chips than the call of {format_money(owed)}, not "
                f"{format_money(action.amount)}"
            )
        later = [a for a in log[k + 1 :] if a.seat is not None]
        calls = sum(1 for a in later if a.kind is _CALL)
        raised = any(a.kind is _RAISE for a in later)
        in_pot = {q.seat for q in self.players if q.live and q.seat != p.seat}
        everyone = in_pot <= {a.seat for a in later}
        if calls >= 3 or raised or everyone:
            self.events.append(ImproperBet(p.seat, action.amount, True, (), SHORT))
            return
        nullified = tuple(a.describe() for a in log[k + 1 :])
        replay.apply(Action(_WAGER, p.seat, amount=action.amount))
        self._adopt(replay)
        self.events.append(ImproperBet(p.seat, action.amount, False, nullified, SHORT))

    def _replayed(self, upto: int) -> Hand:
        """A new hand from the same start with the first ``upto`` actions of the log."""
        hand = Hand(self.rules, self.seat_specs, self.players[self.button].seat)
        for earlier in self.log[:upto]:
            hand.apply(earlier)
        return hand

    def _adopt(self, other: Hand) -> None:
        """Take every part of ``other``'s state but the record (events and log), which only
        grows (-04.16: backing up undoes actions in the state, not in the record)."""
        for name in _STATE:
            if name not in _RECORD:
                setattr(self, name, getattr(other, name))

    # -- irregularities of the deal -----------------------------------------------------------
    def _arrive(self, action: Action) -> None:
        p = self.player(action.seat)
        i = self.index_of[p.seat]
        need = self.terms.hole_cards
        others_dealt = all(len(q.hole) >= need for j, q in enumerate(self.players) if j != i)
        if self._hole_done or others_dealt:
            raise RuleViolation(
                f"seat {p.seat} arrived after every other player received the hole cards: the "
                "hand is dead",
                ABSENT,
            )
        if not p.absent:
            raise InvalidInput(f"seat {p.seat} is not absent")
        p.absent = False
        self.events.append(PlayerArrived(p.seat))

    def _exposed(self, action: Action) -> None:
        p = self.player(action.seat)
        i = self.index_of[p.seat]
        # The last card of the deal is exposed once every player has his cards: it is still
        # replaced, before anyone acts (-04.12).
        just_dealt = (
            self.phase is _BETTING
            and self.street == 0
            and self.first_actor is None
            and not self.dealing()
            and not self.statements
        )
        if not p.hole or not ((self.phase is _DEALING and not self._hole_done) or just_dealt):
            raise RuleViolation("an exposed card is one exposed as it is dealt", EXPOSED)
        position = len(p.hole) - 1
        if (i, position) in self.exposed:
            raise InvalidInput(f"seat {p.seat}'s last card is already marked exposed")
        self.exposed.append((i, position))
        self.events.append(CardDead(p.hole[position], f"exposed to seat {p.seat}", EXPOSED))
        if just_dealt:
            self.replacing.append((i, position))
            self._queue(REPLACEMENT, i)

    def _hole_cards_done(self) -> None:
        if not self._hole_done and self.exposed:
            self._hole_done = True
            self.replacing = list(self.exposed)
            for i, _position in self.replacing:
                self._queue(REPLACEMENT, i)
            return
        self._hole_done = True
        for p in self.players:
            if p.absent and not p.dead:
                p.dead = True
                self.events.append(
                    HandDead(p.seat, "absent when the hole cards were dealt", ABSENT)
                )

    def _deal_hole(self, kind: int, p: Player, card: Card | None) -> None:
        if kind == REPLACEMENT:
            _i, position = self.replacing.pop(0)
            self.dead_cards.append(p.hole[position])
            p.hole[position] = card
            self.events.append(CardDealt("replacement", p.seat, card))
            return
        super()._deal_hole(kind, p, card)

    def _faced_card(self, card: Card | None) -> None:
        self.dead_cards.append(card)
        self.events.append(CardDead(card, "improperly faced in the deck", FACED))

    # -- misdeal, fouled hands, defective deck ------------------------------------------------
    def substantial_action(self) -> bool:
        """Three players acting by betting or folding, or two players acting if one of them
        raised (-04.13): players, not actions, are counted."""
        acting = bin(self.acted).count("1")
        return acting >= 3 or (self.raised and acting >= 2)

    def misdeal_allowed(self) -> bool:
        """While dealing, and in any betting round until substantial action (-04.13)."""
        return self.phase is _DEALING or (self.phase is _BETTING and not self.substantial_action())

    def _misdeal(self, reason: str) -> None:
        if not self.misdeal_allowed():
            raise RuleViolation(
                "a misdeal may not be called once substantial action has occurred", MISDEAL
            )
        self._return_all(range(self.n))
        self.phase = _VOID
        self.void_reason, self.void_section = "misdeal", MISDEAL
        self._clear_targets()
        self.to_act = None
        self.events.append(Misdeal(reason, MISDEAL))

    def _return_all(self, indices: Sequence[int] | range) -> None:
        for i in indices:
            p = self.players[i]
            p.stack += p.contributed - p.won
            p.won = p.contributed
            p.bet = 0

    def _fouled(self, action: Action) -> None:
        p = self.player(action.seat)
        i = self.index_of[p.seat]
        need = self.rules.variant.hole_cards
        if action.cards == need:
            raise RuleViolation(f"seat {p.seat} holds {need} cards: not a fouled hand", FOULED)
        if action.cards < need and self.hole_card_due(i):
            raise RuleViolation(
                f"seat {p.seat} is short a card and due the top card: not a fouled hand", FOULED
            )
        if not p.live:
            raise InvalidInput(f"seat {p.seat} is no longer in the hand")
        if p.shown:
            raise RuleViolation(
                f"seat {p.seat}'s hand is shown and tabled: the dealer cannot kill it, the "
                "cards speak for themselves",
                SHOWN_HAND,
            )
        if self.misdeal_allowed() and not action.intentional:
            self._misdeal(f"seat {p.seat} dealt {action.cards} cards")
            return
        undo = self.undo
        if undo is not None and undo.index == i and not action.intentional:
            self._return_bet(undo)
        p.dead = True
        section = FOULED_INTENT if action.intentional else FOULED
        self.events.append(HandDead(p.seat, f"fouled: {action.cards} cards", section))
        self.needs &= ~(1 << i)
        live = sum(1 for q in self.players if q.live)
        betting = self.phase is _BETTING and not self.dealing()
        if live == 1 or (betting and (self.to_act == i or not self.needs)):
            # while board cards are still due no betting round is open: it starts (without
            # the dead hand) once they are dealt; ending it now would begin the showdown on
            # an incomplete board
            self._after_action(i)
        elif self.phase is _SHOWDOWN:
            self._next_to_show()

    def _defective(self, action: Action) -> None:
        knowing = [self.index_of[s] for s in action.seats if s in self.index_of]
        if len(knowing) != len(action.seats):
            raise InvalidInput(f"unknown seats {list(action.seats)}")
        self.forfeited = sum(self.players[i].contributed for i in knowing)
        others = [i for i in range(self.n) if i not in knowing]
        self._return_all(others)
        self.phase = _VOID
        self.void_reason, self.void_section = "defective deck", DEFECTIVE
        self._clear_targets()
        self.to_act = None
        self.events.append(
            DefectiveDeck(tuple(self.players[i].seat for i in others), self.forfeited, DEFECTIVE)
        )

    # -- protocol -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """What may be done now. A bet or raise may be any amount from the listed minimum to
        the listed maximum (both are listed)."""
        return list(self.legal_choices())

    def legal_choices(self) -> tuple[Action, ...]:
        """``legal_actions`` as a shared tuple (no copy: for loops that only read it)."""
        found = self._legal
        if found is None:
            found = self._legal = self._find_legal()
        return found

    def _find_legal(self) -> tuple[Action, ...]:
        pending = self.pending
        if pending.kind is _CHANCE:
            return (_DEAL_ACTION,)
        if pending.kind is not _SEAT or self.to_act is None:
            return ()
        i = self.to_act
        seat = self.players[i].seat
        if self.phase is _SHOWDOWN:
            if self.all_in_showdown or self.must_show >> i & 1:
                return (_action(_SHOW, seat),)
            return (_action(_SHOW, seat), _action(_MUCK, seat))
        p = self.players[i]
        stated = self.statements.get(i) if self.statements else None
        if stated is not None:  # a binding statement leaves one thing to do (-04.15)
            if stated.kind in (_BET, _RAISE) and not stated.amount:
                lim = self.limits_for(i)
                sizes = sorted({x for x in (lim.min_to, lim.max_to) if x is not None})
                return tuple(_action(stated.kind, seat, x) for x in sizes)
            return (_action(stated.kind, seat, stated.amount),)
        if self.short == i:
            return (_action(_FOLD, seat), _action(_CALL, seat))
        stay = _CALL if self.bet_level > p.bet else _CHECK
        lim = self.limits_for(i)
        low, high = lim.min_to, lim.max_to
        opening = self.bet_level == 0
        key = (seat, stay is _CALL, opening, low, high)
        found = _CHOICES.get(key)
        if found is None:
            found = _choices(seat, stay, _BET if opening else _RAISE, low, high)
            if len(_CHOICES) < _ACTIONS_MAX:
                _CHOICES[key] = found
        return found

    def snapshot(self) -> dict[str, object]:
        """The whole changeable state of the hand as plain values, for comparing two states (a
        refused action must leave it equal; a replay must reproduce it). Leaves out only the
        configuration (``rules``, ``terms``, ``seat_specs``) and the memoised answers
        (``pending``, limits, legal actions), which are derived from the rest."""
        return {name.lstrip("_"): _plain(getattr(self, name)) for name in _STATE}

    def settlement(self) -> Settlement:
        """Each seat's result: ``stake`` what it put in the pot, ``net`` won minus stake."""
        wagers = []
        void = self.phase is _VOID
        for p in self.players:
            net = p.won - p.contributed
            if void and net == 0:
                result = Outcome.RETURNED
            elif net > 0:
                result = Outcome.WIN
            elif net < 0:
                result = Outcome.LOSE
            else:
                result = Outcome.PUSH
            destination = "next game's pot" if void and net < 0 else None
            wagers.append(
                WagerResult(p.seat, 0, "pot", p.contributed, result, net, p.name, destination)
            )
        details: dict[str, JSON] = {
            "phase": self.phase.value,
            "stacks": {str(p.seat): p.stack for p in self.players},
            "board": [str(c) if c is not None else "??" for c in self.board],
            "pots": list(self.awards),
            "showing_order": list(self.shown_order),
        }
        if self.exposed_hands:
            details["exposed_hands"] = {
                str(seat): [str(c) if c is not None else "??" for c in self.player(seat).hole]
                for seat in self.exposed_hands
            }
        if self.forfeited:
            details["forfeited_to_next_game"] = self.forfeited
        return Settlement(tuple(wagers), details)
