"""The hand: dealing, forced bets and betting (99-01.3-09-04, -05.5 to -05.7).

``HandCore`` is the state machine without the irregularities; ``croupier.games.poker.hand.Hand``
adds them. ``pending`` says who acts next; ``apply`` validates an action completely before it
changes anything and returns the events it caused.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Mapping, Sequence
from enum import Enum

from croupier.core.cards import Card
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.base import Pending, PendingKind
from croupier.games.poker import betting
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import (
    CardDealt,
    ForcedBet,
    HandStarted,
    PlayerActed,
    RoundEnded,
    UncalledReturned,
)
from croupier.games.poker.rules import AntePayer, Structure, TableRules, validated
from croupier.games.poker.table import Player, SeatSpec

DEAL = "99-01.3-09-04.7"
ANTE = "99-01.3-09-04.9"
ORDER = "99-01.3-09-04.10"
HEADS_UP = "99-01.3-09-04.11"
DECK = "99-01.3-09-04.2"
BURN = "99-01.3-09-04.14"
ALL_IN = "99-01.3-09-05.7"
BLINDS = "99-01.3-09-02.6"
BOARD = "99-01.3-09-05.5"

# Tuples, not sets: membership of an enum member in a tuple is an identity test, while a set
# would call the (Python-level) ``Enum.__hash__``.
_BETTING_KINDS = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)
_NO_PENDING = Pending(PendingKind.NONE)
_PENDING: dict[tuple[int, int | None, str], Pending] = {}
_PENDING_MAX = 4096


def _pending(kind: PendingKind, seat: int | None, detail: str) -> Pending:
    """A shared ``Pending`` (a frozen value, so one object per distinct value is enough)."""
    key = (id(kind), seat, detail)
    found = _PENDING.get(key)
    if found is None:
        found = Pending(kind, seat=seat, detail=detail)
        if len(_PENDING) < _PENDING_MAX:
            _PENDING[key] = found
    return found


class Phase(Enum):
    DEALING = "dealing"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"
    VOID = "void"


class HandCore(ABC):
    """One hand of poker at one table, from the forced bets to the end of the betting."""

    def __init__(self, rules: TableRules, seats: Sequence[SeatSpec], button: int) -> None:
        self.rules = validated(rules)
        ordered = sorted(seats, key=lambda s: s.seat)
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
        self.players = [
            Player(s.seat, s.player, s.stack, s.stack, absent=s.absent) for s in ordered
        ]
        self.n = len(self.players)
        self.index_of = {p.seat: i for i, p in enumerate(self.players)}
        self.button = self.index_of[button]
        self.phase = Phase.DEALING
        self.street = 0
        self.board: list[Card | None] = []
        self.burned: list[Card | None] = []
        self.dead_cards: list[Card | None] = []
        self.seen: set[int] = set()
        """Indices (0..51) of the cards dealt from the deck so far (-04.2)."""
        self.targets: deque[tuple[str, int | None]] = deque()
        self.events: list[Event] = []
        self.bet_level = 0
        self.original_bet = 0
        self.last_raise = 0
        self.raises = 0
        self.serial = 0
        self.needs: set[int] = set()
        self.to_act: int | None = None
        self.aggressor: int | None = None
        self.first_actor: int | None = None
        self.show_first: int | None = None
        self.substantial_acts = 0
        self.raised = False
        self.sb: int | None = None
        self.bb: int | None = None
        # Derived answers, valid until the next ``apply`` (which clears them).
        self._pending: Pending | None = None
        self._limits: tuple[int, betting.Limits] | None = None
        self._legal: tuple[Action, ...] | None = None
        self._start()

    # -- set-up -------------------------------------------------------------------------------
    def _clockwise(self, start: int) -> list[int]:
        """Indices clockwise beginning with ``start``."""
        return [(start + k) % self.n for k in range(self.n)]

    def _start(self) -> None:
        ev: list[Event] = [
            HandStarted(
                self.players[self.button].seat,
                tuple(p.seat for p in self.players),
                tuple(p.stack for p in self.players),
            )
        ]
        rules = self.rules
        if rules.uses_blinds:
            if self.n == 2:
                self.sb, self.bb = self.button, (self.button + 1) % 2
            else:
                self.sb, self.bb = (self.button + 1) % self.n, (self.button + 2) % self.n
        if rules.ante:
            payers = (
                range(self.n)
                if rules.ante_payer is AntePayer.EVERY_PLAYER or self.bb is None
                else [self.bb]
            )
            for i in payers:
                amount = min(rules.ante, self.players[i].stack)
                ev.append(self._post(i, amount, "ante", to_bet=False))
        for index, kind, amount in (
            (self.sb, "small blind", rules.small_blind),
            (self.bb, "big blind", rules.big_blind),
        ):
            if index is not None and amount:
                ev.append(self._post(index, min(amount, self.players[index].stack), kind, True))
        for _round in range(rules.variant.hole_cards):
            for i in self._clockwise((self.button + 1) % self.n):
                self.targets.append(("hole", i))
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
        if phase is Phase.COMPLETE or phase is Phase.VOID:
            return _NO_PENDING
        if self.targets:
            kind, index = self.targets[0]
            seat = None if index is None else self.players[index].seat
            return _pending(PendingKind.CHANCE, seat, kind)
        if self.to_act is not None:
            detail = "showdown" if phase is Phase.SHOWDOWN else "betting"
            return _pending(PendingKind.SEAT, self.players[self.to_act].seat, detail)
        return _NO_PENDING  # pragma: no cover - every live phase has an actor

    def _changed(self) -> None:
        """Forget the derived answers (``pending``, limits, legal actions): the state may have
        changed."""
        self._pending = None
        self._limits = None
        self._legal = None

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips behind (after the pot is awarded, the final stacks)."""
        return {p.seat: p.stack for p in self.players}

    @property
    def pot(self) -> int:
        """Every chip wagered in this hand and not yet awarded or returned."""
        return sum(p.contributed for p in self.players) - sum(p.won for p in self.players)

    def player(self, seat: int | None) -> Player:
        if seat is None or seat not in self.index_of:
            raise InvalidInput(f"no player at seat {seat}")
        return self.players[self.index_of[seat]]

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply one action; a refused action raises and changes nothing."""
        before = len(self.events)
        phase = self.phase
        mark = (phase, self.to_act, len(self.targets))
        try:
            if phase is Phase.COMPLETE or phase is Phase.VOID:
                raise RuleViolation(
                    "the hand is over; the pot has been awarded", "99-01.3-09-04.26"
                )
            kind = action.kind
            if kind is ActionKind.CARD:
                self._card(action)
            elif kind in _BETTING_KINDS:
                self._bet_action(action)
            else:
                self._other(action)
        except CroupierError:
            # A refused action changes nothing, so the derived answers still hold; they are
            # dropped anyway if the refusal came after a change (a showdown that cannot finish).
            if len(self.events) != before or mark != (self.phase, self.to_act, len(self.targets)):
                self._changed()
            raise
        except BaseException:  # pragma: no cover - a programming error mid-action
            self._changed()
            raise
        self._pending = self._limits = self._legal = None  # self._changed(), inlined
        return self.events[before:]

    def _other(self, action: Action) -> None:
        raise RuleViolation(f"{action.kind.value} is not available here", ORDER)

    # -- dealing ------------------------------------------------------------------------------
    def _card(self, action: Action) -> None:
        card = action.card
        targets = self.targets
        if not targets:
            raise RuleViolation("no card is due now: a player must act", DEAL)
        if card is not None:
            number = card.index
            if number in self.seen:
                raise RuleViolation(f"{card} was already dealt: one 52-card deck", DECK)
            self.seen.add(number)
        if action.faced:
            self._faced_card(card)
            return
        kind, index = targets.popleft()
        if kind == "hole":
            assert index is not None
            p = self.players[index]
            p.hole.append(card)
            self.events.append(CardDealt("hole", p.seat, card))
        elif kind == "burn":
            self.burned.append(card)
            self.events.append(CardDealt("burn", None, card))
        elif kind == "board":
            self.board.append(card)
            self.events.append(CardDealt("board", None, card))
        else:
            assert index is not None
            self._deal_hole(kind, self.players[index], card)
        if not targets:
            self._cards_done()

    def _faced_card(self, card: Card | None) -> None:
        raise RuleViolation("improperly faced cards are handled by the full hand", DEAL)

    def _deal_hole(self, kind: str, p: Player, card: Card | None) -> None:
        p.hole.append(card)
        self.events.append(CardDealt("hole", p.seat, card))

    def _cards_done(self) -> None:
        """Every card due has been dealt: start the betting or continue the showdown."""
        if self.phase is Phase.DEALING:
            self._hole_cards_done()
            if self.targets:
                return
            self.phase = Phase.BETTING
            self._start_round()
        elif self.phase is Phase.SHOWDOWN:
            self._award()
        else:
            self._start_round()

    @abstractmethod
    def _hole_cards_done(self) -> None:
        """Hook for the full hand (exposed cards, absent players)."""

    # -- betting ------------------------------------------------------------------------------
    def _start_round(self) -> None:
        rules = self.rules
        for p in self.players:
            p.acted_serial = -1
        self.serial = 0
        self.raises = 0
        self.aggressor = None
        self.first_actor = None
        if self.street == 0 and self.bb is not None:
            self.bet_level = max(rules.big_blind, max(p.bet for p in self.players))
            self.original_bet = self.last_raise = rules.big_blind
            start = (self.bb + 1) % self.n
        else:
            self.bet_level = self.original_bet = self.last_raise = 0
            start = (self.button + 1) % self.n
        order = [i for i in self._clockwise(start) if self.players[i].able]
        needs = set(order)
        if len(order) == 1 and self.players[order[0]].bet >= self.bet_level:
            needs = set()
        self.needs = needs
        self.to_act = next((i for i in order if i in needs), None)
        if self.to_act is None:
            self._end_round()

    def round_facts(self) -> betting.Round:
        """The facts of the current betting round; ``pot`` is filled for pot-limit only, the one
        structure whose limits read it (the sum is skipped on the hot path otherwise)."""
        pot = self.pot if self.rules.structure is Structure.POT_LIMIT else 0
        return betting.Round(
            self.street, self.bet_level, self.original_bet, self.last_raise, self.raises, pot
        )

    def limits_for(self, i: int) -> betting.Limits:
        """What player index ``i`` may call, bet or raise now (computed once per state)."""
        cached = self._limits
        if cached is not None and cached[0] == i:
            return cached[1]
        p = self.players[i]
        others = False
        for q in self.players:
            if q is not p and not (q.folded or q.dead or q.mucked or q.all_in):  # q.able
                others = True
                break
        rules = self.rules
        found = betting.limits_of(
            rules,
            self.street,
            self.bet_level,
            self.original_bet,
            self.last_raise,
            self.raises,
            self.pot if rules.structure is Structure.POT_LIMIT else 0,
            p.bet,
            p.stack,
            p.acted_serial < self.serial,
            others,
        )
        self._limits = (i, found)
        return found

    def _require_turn(self, action: Action) -> int:
        if self.phase is not Phase.BETTING or self.to_act is None or self.targets:
            raise RuleViolation(f"no betting now ({action.describe()})", ORDER)
        i = self.index_of.get(action.seat if action.seat is not None else -1)
        if i is None:
            raise InvalidInput(f"no player at seat {action.seat}")
        if i != self.to_act:
            raise RuleViolation(
                f"seat {action.seat} acted out of turn; seat {self.players[self.to_act].seat} "
                "is to act",
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
        if kind is ActionKind.CHECK and self.bet_level > p.bet:
            raise RuleViolation(
                f"seat {p.seat} cannot check: {self.bet_level - p.bet} to call; a player shall "
                "match or raise the previous bet to remain in the hand",
                ORDER,
            )
        if kind is ActionKind.CALL and self.bet_level <= p.bet:
            raise RuleViolation(f"seat {p.seat} has nothing to call; check or bet", ORDER)
        if kind is ActionKind.BET and self.bet_level > 0:
            raise RuleViolation(f"seat {p.seat} cannot open: there is a bet; call or raise", ORDER)
        if kind is ActionKind.RAISE and self.bet_level == 0:
            raise RuleViolation(f"seat {p.seat} cannot raise: nobody has bet", ORDER)
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            lim = self.limits_for(i)
            if lim.min_to is None or lim.max_to is None:
                reason = lim.raise_closed_reason or "the stack only covers a call"
                raise RuleViolation(
                    f"seat {p.seat} may not {kind.value}: {reason}",
                    lim.raise_closed_section or ORDER,
                )
            if not lim.min_to <= action.amount <= lim.max_to:
                raise RuleViolation(
                    f"seat {p.seat} {kind.value} to {action.amount} is outside the allowed "
                    f"{lim.min_to}..{lim.max_to} ({self.rules.structure.value})",
                    self._limit_section(action.amount, lim),
                )

    def _limit_section(self, amount: int, lim: betting.Limits) -> str:
        rules = self.rules
        if lim.max_to is not None and amount > lim.max_to:
            if amount > lim.all_in_to:
                return ALL_IN
            if rules.table_limit is not None:
                return betting.TABLE_LIMIT
            return betting.NONTOURNAMENT if rules.structure.value == "nontournament" else ORDER
        return betting.RAISE_FLOOR

    def _do_bet(self, i: int, action: Action) -> None:
        p = self.players[i]
        kind = action.kind
        if self.first_actor is None:
            self.first_actor = i
        if kind is ActionKind.FOLD:
            p.folded = True
            self.substantial_acts += 1
            self.events.append(PlayerActed(p.seat, "fold", p.bet, 0))
        elif kind is ActionKind.CALL or kind is ActionKind.CHECK:
            if kind is ActionKind.CALL:
                added = min(self.bet_level - p.bet, p.stack)
                self._put(p, added)
                if added:
                    self.substantial_acts += 1
                self.events.append(PlayerActed(p.seat, "call", p.bet, added, p.all_in))
            else:
                self.events.append(PlayerActed(p.seat, "check", p.bet, 0, p.all_in))
        else:
            to = action.amount
            increment = to - self.bet_level
            full = self.bet_level == 0 or increment >= betting.floor_of(
                self.rules, self.street, self.original_bet, self.last_raise
            )
            if self.bet_level == 0:
                self.original_bet = to
            else:
                self.raises += 1
                self.raised = True
            if full:
                self.serial += 1
                self.last_raise = increment
            self.bet_level = to
            self.aggressor = i
            added = to - p.bet
            self._put(p, added)
            self.substantial_acts += 1
            self.needs = {j for j, q in enumerate(self.players) if q.able and j != i}
            verb = "bet" if kind is ActionKind.BET else "raise"
            self.events.append(PlayerActed(p.seat, verb, to, added, p.all_in))
        p.acted_serial = self.serial
        self.needs.discard(i)
        self._after_action(i)

    def _put(self, p: Player, amount: int) -> None:
        p.stack -= amount
        p.bet += amount
        p.contributed += amount
        if p.stack == 0:
            p.all_in = True

    def _after_action(self, i: int) -> None:
        players = self.players
        live = 0
        for q in players:
            if not (q.folded or q.dead or q.mucked):  # q.live
                live += 1
        needs = self.needs
        if live == 1:
            needs = self.needs = set()
        else:
            for j in needs:
                q = players[j]
                if q.folded or q.dead or q.mucked or q.all_in:  # not q.able: drop such players
                    needs = self.needs = {k for k in needs if players[k].able}
                    break
        if not needs:
            self.to_act = None
            self._end_round()
            return
        n = self.n
        for k in range(1, n + 1):
            j = (i + k) % n
            if j in needs:
                self.to_act = j
                return

    def _end_round(self) -> None:
        self._return_uncalled()
        if self.aggressor is not None or self.first_actor is not None:
            self.show_first = self.aggressor if self.aggressor is not None else self.first_actor
        self.events.append(RoundEnded(self.street, self.pot))
        for p in self.players:
            p.bet = 0
        live = [i for i, p in enumerate(self.players) if p.live]
        if len(live) == 1:
            self._award()
            return
        able = [i for i in live if self.players[i].able]
        if self.street == 3 or len(able) <= 1:
            self._begin_showdown()
            return
        self.street += 1
        self._queue_street(self.street)

    def _queue_street(self, street: int) -> None:
        self.targets.append(("burn", None))
        for _ in range(3 if street == 1 else 1):
            self.targets.append(("board", None))

    def _return_uncalled(self) -> None:
        # the largest bet (the later seat on a tie, as a descending sort of (bet, index) gives)
        # and the second largest
        top = second = -1
        i = 0
        for j, q in enumerate(self.players):
            if q.bet >= top:
                top, second, i = q.bet, top, j
            elif q.bet > second:
                second = q.bet
        if top > second:
            p = self.players[i]
            excess = top - second
            p.bet -= excess
            p.contributed -= excess
            p.stack += excess
            if p.stack:
                p.all_in = False
            self.events.append(UncalledReturned(p.seat, excess, ALL_IN))

    # -- hooks the showdown supplies ----------------------------------------------------------
    @abstractmethod
    def _begin_showdown(self) -> None:
        """Start the showdown (-04.23)."""

    @abstractmethod
    def _award(self) -> None:
        """Award the pot or pots (-04.26)."""


def seat_specs(stacks: Mapping[int, int], names: Mapping[int, str] | None = None) -> list[SeatSpec]:
    """Seat specifications from ``{seat: stack}``."""
    names = names or {}
    return [SeatSpec(seat, stack, names.get(seat)) for seat, stack in sorted(stacks.items())]
