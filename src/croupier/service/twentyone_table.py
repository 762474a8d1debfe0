"""A twenty-one table kept in the event store: every round's events are appended to the table's
stream, and a restarted process rebuilds the open table (shoe position, bankroll, round in
progress) by replaying that stream.

The shoe follows 99-01.3-08-08: shuffled with the injected RNG, cut at least ten cards from
either end, indicator card fifty to one hundred cards from the bottom, one card burned, and a
reshuffle after the round in which the indicator card appears.

Time enters through an injected ``Clock``: when no activity has occurred at the table for the
house's ``inactivity_reshuffle_minutes`` the dealer reshuffles before the next round (-08.2), and
when a player comes to the open table with no player the dealer burns one card, or reshuffles if
the inactivity period has also passed (-08.3). Call ``player_arrives()`` when a player sits down.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from croupier.core.cards import Card, multi_deck
from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event, event
from croupier.core.money import format_money
from croupier.core.rng import Rng
from croupier.core.shoe import Shoe
from croupier.core.shuffle import fisher_yates
from croupier.games.base import PendingKind
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import (
    ActionRecorded,
    RoundClosed,
    RoundStarted,
    ShoePrepared,
    TableOpened,
)
from croupier.games.twentyone.rules import HouseRules, rules_from_dict
from croupier.games.twentyone.state import Round

DEFAULT_STREAM = "twentyone/table-1"
SHUFFLE = "99-01.3-08-08.2"
BURN = "99-01.3-08-08.3"


@event("twentyone.table.card_burned")
@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """The dealer burned one card outside a round (a player came to an empty table, -08.3)."""

    card: Card
    reason: str
    section: str


class EventStoreLike(Protocol):
    def append(self, stream: str, events: Sequence[Event], expected_version: int) -> int: ...

    def read(self, stream: str) -> list[Any]: ...

    def version(self, stream: str) -> int: ...


class TwentyOneTable:
    """One player's terminal table, persisted as an event stream."""

    def __init__(
        self, store: EventStoreLike, stream: str, rng: Rng, clock: Clock | None = None
    ) -> None:
        self.store = store
        self.stream = stream
        self.rng = rng
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.last_activity: datetime | None = None
        self.fresh_shoe = False  # shuffled or burned, and no round dealt since
        self.rules: HouseRules | None = None
        self.player = ""
        self.bankroll = 0
        self.shoe: Shoe | None = None
        self.round: Round | None = None
        self.rounds = 0
        self.version = 0

    # -- opening and rebuilding -------------------------------------------------------------
    @classmethod
    def open_or_resume(
        cls,
        store: EventStoreLike,
        rng: Rng,
        rules: HouseRules,
        player: str = "player",
        bankroll: int = 100_00,
        stream: str = DEFAULT_STREAM,
        clock: Clock | None = None,
    ) -> TwentyOneTable:
        """Resume the table of ``stream`` if it has events, else open it with ``rules``.

        A resumed table keeps its own stored house rules (``rules`` is then ignored). The time of
        the last stored event is the table's last activity (for the inactivity reshuffle).
        """
        table = cls(store, stream, rng, clock)
        stored = store.read(stream)
        if stored:
            for item in stored:
                table._replay(item.event)
            table.version = store.version(stream)
            table.last_activity = stored[-1].recorded_at
            return table
        rules_json = json.dumps(rules.model_dump(mode="json"), sort_keys=True)
        table._commit([TableOpened(rules_json, player, bankroll)])
        table._prepare_shoe("start of play")
        return table

    def _replay(self, e: Event | None) -> None:
        if isinstance(e, TableOpened):
            self.rules = rules_from_dict(json.loads(e.rules_json))
            self.player, self.bankroll = e.player, e.bankroll
        elif isinstance(e, ShoePrepared):
            self._build_shoe(e)
            self.fresh_shoe = True
        elif isinstance(e, RoundStarted):
            self.round = Round(
                self._rules(),
                dealer_first_card_up=e.dealer_first_card_up,
                device_malfunction=e.device_malfunction,
            )
            self.rounds = e.number
            self.fresh_shoe = False
        elif isinstance(e, ActionRecorded):
            assert self.round is not None
            assert self.shoe is not None
            if e.action.kind is ActionKind.CARD:
                card = self.shoe.draw()
                if card != e.action.card:
                    raise InvalidInput(
                        f"stream {self.stream}: shoe gave {card}, log {e.action.card}"
                    )
            self.round.apply(e.action)
        elif isinstance(e, RoundClosed):
            self._close_round_state()
            self.bankroll = e.bankroll
        elif isinstance(e, CardBurned):
            assert self.shoe is not None
            card = self.shoe.burn()
            if card != e.card:
                raise InvalidInput(f"stream {self.stream}: shoe burned {card}, log {e.card}")
            self.fresh_shoe = True

    def _rules(self) -> HouseRules:
        if self.rules is None:
            raise InvalidInput(f"stream {self.stream} has no table_opened event")
        return self.rules

    def _commit(self, events: Sequence[Event]) -> None:
        self.version = self.store.append(self.stream, events, self.version)
        self.last_activity = self.clock.now()
        for e in events:
            if isinstance(e, (TableOpened, ShoePrepared, RoundStarted, RoundClosed, CardBurned)):
                self._replay(e)

    # -- the shoe (-08) ---------------------------------------------------------------------
    def _prepare_shoe(self, reason: str) -> list[Event]:
        rules = self._rules()
        cards = multi_deck(rules.decks)
        if self.shoe is not None:
            cards = self.shoe.stack + self.shoe.discards
            cards = sorted(cards, key=lambda c: c.index)
        order = tuple(fisher_yates(cards, self.rng))
        n = len(order)
        cut = 10 + self.rng.randbelow(n - 19)
        indicator = 50 + self.rng.randbelow(51)
        prepared: list[Event] = [ShoePrepared(order, cut, indicator, reason)]
        self._commit(prepared)
        return prepared

    def _build_shoe(self, e: ShoePrepared) -> None:
        shoe = Shoe(self._rules().decks, list(e.order))
        shoe.cut(e.cut)
        shoe.insert_indicator(e.indicator_from_bottom)
        shoe.burn()
        self.shoe = shoe

    # -- rounds -----------------------------------------------------------------------------
    def check_wagers(self, wagers: Sequence[tuple[int, int, int]]) -> list[Action]:
        """Check (space, wager, tip) triples as the round would, storing nothing; return the
        bet actions. Raises ``RuleViolation`` (with its section) or ``InvalidInput``."""
        if self.round is not None:
            raise RuleViolation(
                "a round is in progress: after the first card has been dealt no wager or tip bet "
                "may change",
                "99-01.3-08-09.2",
            )
        need = sum(w + t for _, w, t in wagers)
        if need > self.bankroll:
            raise InvalidInput(
                f"the wagers and tip bets need {format_money(need)} but the player has "
                f"{format_money(self.bankroll)} in chips"
            )
        trial = Round(self._rules())
        actions = [
            Action(ActionKind.BET, space=s, amount=w, tip_amount=t, player=self.player)
            for s, w, t in wagers
        ]
        for a in actions:
            trial.apply(a)  # raises (RuleViolation) before anything is stored
        return actions

    def start_round(self, wagers: Sequence[tuple[int, int, int]]) -> list[Event]:
        """Place (space, wager, tip) for the player and deal. All wagers are checked first.

        Before dealing, the dealer reshuffles if the table has been inactive for the house's
        period (-08.2); the returned events then begin with that ``ShoePrepared``.
        """
        actions = self.check_wagers(wagers)
        if not actions:
            raise RuleViolation(
                "the dealer deals only to betting spaces with a wager", "99-01.3-08-10.1"
            )
        events: list[Event] = self.reshuffle_if_inactive()
        self._commit([RoundStarted(self.rounds + 1, True, False)])
        for a in [*actions, Action(ActionKind.DEAL)]:
            events += self._apply(a)
        events += self.deal_owed_cards()
        return events

    # -- time at the table (-08.2, -08.3) ---------------------------------------------------
    def inactive_for(self) -> timedelta:
        """How long no activity has occurred at the table (zero if never)."""
        if self.last_activity is None:
            return timedelta(0)
        return max(self.clock.now() - self.last_activity, timedelta(0))

    def inactivity_due(self) -> bool:
        """True when the house's period without activity has passed between rounds (-08.2)."""
        period = timedelta(minutes=self._rules().inactivity_reshuffle_minutes)
        return self.round is None and self.inactive_for() >= period

    def reshuffle_if_inactive(self) -> list[Event]:
        """Reshuffle between rounds after the house's period of inactivity (-08.2)."""
        if not self.inactivity_due():
            return []
        minutes = self._rules().inactivity_reshuffle_minutes
        return self._prepare_shoe(f"no activity at the table for {minutes} minutes ({SHUFFLE})")

    def player_arrives(self) -> list[Event]:
        """A player comes to this open table, which had no player (-08.3).

        Between rounds the dealer reshuffles if the inactivity period has passed (-08.2), or
        when the indicator card has appeared; otherwise the dealer burns one card. A player
        returning to a round in progress, or coming to a shoe just shuffled or burned with no
        round dealt since, changes nothing.
        """
        if self.round is not None or self.shoe is None:
            return []
        if self.fresh_shoe and not self.inactivity_due():
            return []
        if self.inactivity_due():
            return self.reshuffle_if_inactive()
        if self.shoe.reshuffle_due:
            return self._prepare_shoe("indicator card appeared")
        if self.shoe.remaining == 0:
            return self._prepare_shoe("the shoe is empty")
        burned: list[Event] = [
            CardBurned(self.shoe.stack[0], "a player came to the table, which had no player", BURN)
        ]
        self._commit(burned)
        return burned

    def _apply(self, action: Action) -> list[Event]:
        assert self.round is not None
        events = self.round.apply(action)
        self.version = self.store.append(self.stream, events, self.version)
        self.last_activity = self.clock.now()
        return events

    def deal_owed_cards(self) -> list[Event]:
        """Draw every card the round owes from the shoe; close the round when it is over."""
        assert self.round is not None
        assert self.shoe is not None
        events: list[Event] = []
        while self.round.pending.kind is PendingKind.CHANCE:
            if self.shoe.remaining == 0:
                raise InvalidInput("the shoe is empty")  # 4+ decks: cannot happen in one round
            card = self.shoe.stack[0]
            events += self._apply(Action(ActionKind.CARD, card=card))
            self.shoe.draw()
        if self.round.pending.kind is PendingKind.NONE:
            events += self._close_round()
        return events

    def act(self, action: Action) -> list[Event]:
        """A player's decision; a refusal (RuleViolation) stores nothing."""
        if self.round is None:
            raise RuleViolation("no round is in progress", "99-01.3-08-11.4")
        cost = self._cost(action)
        if cost > self.available():
            raise InvalidInput(
                f"that needs {format_money(cost)} but the player has "
                f"{format_money(self.available())} in chips off the layout"
            )
        events = self._apply(action)
        return events + self.deal_owed_cards()

    def available(self) -> int:
        """The player's chips not on the layout."""
        moved = self.round.accounts.get(f"player:{self.player}", 0) if self.round else 0
        return self.bankroll + moved

    def _cost(self, action: Action) -> int:
        assert self.round is not None
        space = self.round.seats.get(action.space or 0)
        if space is None:
            return 0
        hands = space.hands
        hand = hands[action.hand or 0] if 0 <= (action.hand or 0) < len(hands) else None
        wager = hand.wager if hand is not None else space.wager
        if action.kind is ActionKind.SPLIT:
            return wager
        if action.kind is ActionKind.DOUBLE:
            return (action.amount or wager) + (action.tip_amount or 0)
        if action.kind is ActionKind.INSURANCE:
            return space.wager // 2
        return 0

    def _close_round(self) -> list[Event]:
        assert self.round is not None
        bankroll = self.available()
        closing: list[Event] = [RoundClosed(self.rounds, bankroll)]
        self._commit(closing)
        return closing

    def _close_round_state(self) -> None:
        assert self.round is not None
        assert self.shoe is not None
        r = self.round
        self.shoe.discard([c for s in r.ordered_seats() for h in s.hands for c in h.cards])
        self.shoe.discard(r.dealer_cards)
        self.shoe.discard(r.burned)
        self.round = None

    def after_round(self) -> list[Event]:
        """Reshuffle when the indicator card has appeared (-08.2); the events (empty if none)."""
        if self.round is None and self.shoe is not None and self.shoe.reshuffle_due:
            return self._prepare_shoe("indicator card appeared")
        return []

    @property
    def upcoming(self) -> Card | None:
        return self.shoe.stack[0] if self.shoe and self.shoe.stack else None
