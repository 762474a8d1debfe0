"""A twenty-one table across rounds: its house rules, the shoe (99-01.3-08-08), the players who
sit down and leave with their chips, and the round in progress (a protocol ``Play`` of
``game.GAME``).

The table is event-sourced: every command (``open``, ``join``, ``leave``, ``prepare_shoe``,
``burn``, ``start_round``, ``act``, ``deal_owed_cards``) checks everything first, raising
``RuleViolation`` (with its section) or ``InvalidInput`` with the table unchanged, then returns
the events it caused (already applied). ``Table.rebuilt(events)`` replays a stored stream into
the same table, so a table is never left unusable: whatever failed, rebuilding it from its
stored events gives the table as it was.

Pure: no clock (the service says whether the house's inactivity period has passed), no I/O,
randomness only from an injected ``Rng``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence

from croupier.core.cards import Card, multi_deck
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.core.protocol import PendingKind, Play, player_party
from croupier.core.rng import Rng
from croupier.core.shoe import MIN_CUT_FROM_END, ND_SHORT_SHOE, ReshuffleReason, Shoe
from croupier.core.shuffle import fisher_yates
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.events import (
    ActionRecorded,
    CardBurned,
    DiscardsReshuffled,
    PlayerJoined,
    PlayerLeft,
    RoundClosed,
    RoundStarted,
    ShoePrepared,
    TableOpened,
)
from croupier.games.twentyone.game import GAME, Setup
from croupier.games.twentyone.rules import DECKS, HouseRules, rules_from_dict
from croupier.games.twentyone.state import Round

SHUFFLE = "99-01.3-08-08.2"
BURN = "99-01.3-08-08.3"
NO_CHANGE = "99-01.3-08-09.2"
DEALING = "99-01.3-08-10.1"
TURN = "99-01.3-08-11.4"

TwentyOnePlay = Play[HouseRules, Setup, Round, Action]


def check_shoe_order(decks: int, order: Sequence[Card]) -> None:
    """A shoe holds exactly the house's decks (99-01.3-08-02.3): ``decks`` complete decks."""
    if len(order) != 52 * decks or Counter(order) != Counter(multi_deck(decks)):
        raise RuleViolation(
            f"a shoe holds exactly the table's {decks} decks ({52 * decks} cards, each card "
            f"{decks} times), not these {len(order)} cards",
            DECKS,
        )


class Table:
    """One twenty-one table. ``chips`` are the seated players' chips off the layout between
    rounds (during a round, ``available`` adds what the round has moved)."""

    def __init__(self) -> None:
        self.rules: HouseRules | None = None
        self.chips: dict[str, int] = {}
        self.shoe: Shoe | None = None
        self.play: TwentyOnePlay | None = None
        self.rounds = 0
        self.fresh_shoe = False  # shuffled or burned, and no round dealt since
        self.rng: Rng | None = None
        """Shuffles the discards of a shoe that runs short within a round (-12.9): set by
        whoever deals live; a table rebuilt from its events reads the shuffle recorded."""

    @classmethod
    def rebuilt(cls, events: Iterable[Event]) -> Table:
        """The table a stored stream describes."""
        table = cls()
        for e in events:
            table.apply(e)
        return table

    # -- queries ---------------------------------------------------------------------------
    @property
    def house(self) -> HouseRules:
        if self.rules is None:
            raise InvalidInput("the table has not been opened (no table_opened event)")
        return self.rules

    @property
    def round(self) -> Round | None:
        return self.play.state if self.play is not None else None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.chips)

    def available(self, player: str) -> int:
        """``player``'s chips not on the layout (0 for someone not seated)."""
        moved = self.round.accounts.get(player_party(player), 0) if self.round else 0
        return self.chips.get(player, 0) + moved

    def broke(self, player: str) -> bool:
        """``player``'s chips do not cover the table minimum (-09.1): no wager is possible."""
        return self.available(player) < self.house.minimum_wager

    def in_round(self, player: str) -> bool:
        r = self.round
        return r is not None and any(s.name == player for s in r.seats.values())

    @property
    def upcoming(self) -> Card | None:
        return self.shoe.stack[0] if self.shoe and self.shoe.stack else None

    # -- applying events (live and on rebuild) ---------------------------------------------
    def apply(self, e: Event) -> None:
        if isinstance(e, TableOpened):
            self.rules = rules_from_dict(json.loads(e.rules_json))
            if e.player:
                self.chips[e.player] = e.bankroll
        elif isinstance(e, PlayerJoined):
            self.chips[e.player] = e.chips
        elif isinstance(e, PlayerLeft):
            self.chips.pop(e.player, None)
        elif isinstance(e, ShoePrepared):
            self._build_shoe(e)
            self.fresh_shoe = True
        elif isinstance(e, DiscardsReshuffled):
            self._shoe().refill_with(e.order, e.cut)
        elif isinstance(e, CardBurned):
            card = self._shoe().burn()
            if card != e.card:
                raise InvalidInput(f"the shoe burned {card}, the stream says {e.card}")
            self.fresh_shoe = True
        elif isinstance(e, RoundStarted):
            setup = Setup(e.wagers, e.dealer_first_card_up, e.device_malfunction)
            self.play = Play(GAME, self.house, setup)
            self.rounds = e.number
            self.fresh_shoe = False
        elif isinstance(e, ActionRecorded):
            self._round_action(e.action)
        elif isinstance(e, RoundClosed):
            self._close_round_state()

    def _emit(self, events: list[Event]) -> list[Event]:
        for e in events:
            self.apply(e)
        return events

    def _shoe(self) -> Shoe:
        if self.shoe is None:
            raise InvalidInput("the table has no shoe yet")
        return self.shoe

    def _play(self) -> TwentyOnePlay:
        if self.play is None:
            raise RuleViolation("no round is in progress", TURN)
        return self.play

    # -- players (-01.2, -08.3) -------------------------------------------------------------
    def open(self, rules: HouseRules, player: str = "", chips: int = 0) -> list[Event]:
        """A new table with ``rules`` (and its first player, if named)."""
        if self.rules is not None:
            raise InvalidInput("the table is already open")
        if player and chips <= 0:
            raise InvalidInput(f"{player} needs chips to sit down, not {format_money(chips)}")
        rules_json = json.dumps(rules.model_dump(mode="json"), sort_keys=True)
        return self._emit([TableOpened(rules_json, player, chips)])

    def join(self, player: str, chips: int) -> list[Event]:
        """``player`` sits down with ``chips``. (The burn or reshuffle when the table had no
        player, -08.3, is ``player_arrives``.)"""
        _ = self.house  # the table must be open
        if not player.strip():
            raise InvalidInput("a player needs a name")
        if player in self.chips:
            raise InvalidInput(f"{player} is already seated at this table")
        if chips <= 0:
            raise InvalidInput(f"{player} needs chips to sit down, not {format_money(chips)}")
        return self._emit([PlayerJoined(player, chips)])

    def leave(self, player: str) -> list[Event]:
        """``player`` leaves with their chips; refused while their wagers are on the layout."""
        if player not in self.chips:
            raise InvalidInput(f"{player} is not seated at this table")
        if self.in_round(player):
            raise RuleViolation(
                f"{player}'s wagers are in the round in progress; after the first card has been "
                "dealt no wager may change: finish the round first",
                NO_CHANGE,
            )
        return self._emit([PlayerLeft(player, self.chips[player])])

    def player_arrives(self, inactivity_passed: bool, rng: Rng) -> list[Event]:
        """A player comes to this open table, which had no player (-08.3): between rounds the
        dealer reshuffles if the house's period of inactivity has passed (-08.2) or the
        indicator card has appeared, else burns one card. At a round in progress, or at a shoe
        just shuffled or burned with no round dealt since, nothing happens."""
        if self.play is not None or self.shoe is None:
            return []
        if self.fresh_shoe and not inactivity_passed:
            return []
        if inactivity_passed:
            minutes = self.house.inactivity_reshuffle_minutes
            detail = f"no activity at the table for {minutes} minutes"
            return self.prepare_shoe(ReshuffleReason.INACTIVITY, rng, detail)
        if self.shoe.reshuffle_due:
            return self.prepare_shoe(ReshuffleReason.INDICATOR, rng, "indicator card appeared")
        if self.shoe.remaining == 0:
            return self.prepare_shoe(ReshuffleReason.INDICATOR, rng, "the shoe is empty")
        return self._emit(
            [
                CardBurned(
                    self.shoe.stack[0], "a player came to the table, which had no player", BURN
                )
            ]
        )

    # -- the shoe (-08) ---------------------------------------------------------------------
    def prepare_shoe(self, reason: ReshuffleReason, rng: Rng, detail: str = "") -> list[Event]:
        """Shuffle every card (-08.1), cut at least ten cards from either end and place the
        indicator card fifty to one hundred cards from the bottom (-08.2); one card is burned.

        A shoe in use is reshuffled only on one of -08.2's occasions: the indicator card has
        appeared (or the shoe is empty), the house's period without activity has passed, or the
        table reopens after a temporary closing. The clock is the caller's: a period of
        inactivity or a reopening is taken as the caller states it. ``detail`` is the reason as
        recorded (default: the occasion's own words)."""
        if self.play is not None:
            raise RuleViolation("the cards are not reshuffled during a round", SHUFFLE)
        shoe = self.shoe
        if shoe is not None and (
            reason is ReshuffleReason.NEW_SHOE
            or (
                reason is ReshuffleReason.INDICATOR
                and not shoe.reshuffle_due
                and shoe.remaining > 0
            )
        ):
            raise RuleViolation(
                "the shoe in use is reshuffled only when the indicator card appears, after the "
                "house's period without activity, or when a closed table reopens",
                SHUFFLE,
            )
        cards = multi_deck(self.house.decks)
        if self.shoe is not None:
            cards = sorted(self.shoe.stack + self.shoe.discards, key=lambda c: c.index)
        order = tuple(fisher_yates(cards, rng))
        cut = 10 + rng.randbelow(len(order) - 19)
        indicator = 50 + rng.randbelow(51)
        return self._emit([ShoePrepared(order, cut, indicator, detail or reason.value)])

    def after_round(self, rng: Rng) -> list[Event]:
        """Reshuffle when the indicator card has appeared (-08.2); the events (empty if none)."""
        if self.play is None and self.shoe is not None and self.shoe.reshuffle_due:
            return self.prepare_shoe(ReshuffleReason.INDICATOR, rng, "indicator card appeared")
        return []

    def _build_shoe(self, e: ShoePrepared) -> None:
        decks = self.house.decks
        check_shoe_order(decks, e.order)
        shoe = Shoe(decks, list(e.order))
        shoe.cut(e.cut)
        shoe.insert_indicator(e.indicator_from_bottom)
        shoe.burn()
        self.shoe = shoe

    # -- rounds -----------------------------------------------------------------------------
    def check_wagers(self, wagers: Sequence[SeatWager]) -> Setup:
        """Check wagers as the round would (each player seated, with the chips; the rules of
        -01.2, -09.1, -09.2.a), changing nothing; the round's setup."""
        if self.play is not None:
            raise RuleViolation(
                "a round is in progress: after the first card has been dealt no wager or tip bet "
                "may change",
                NO_CHANGE,
            )
        if not wagers:
            raise RuleViolation("the dealer deals only to betting spaces with a wager", DEALING)
        need: dict[str, int] = {}
        for w in wagers:
            if w.player is None or w.player not in self.chips:
                raise InvalidInput(f"{w.player or 'the player'} is not seated at this table")
            need[w.player] = need.get(w.player, 0) + w.wager + w.tip
        for player, amount in need.items():
            if amount > self.chips[player]:
                raise InvalidInput(
                    f"the wagers and tip bets need {format_money(amount)} but {player} has "
                    f"{format_money(self.chips[player])} in chips"
                )
        setup = Setup(tuple(wagers))
        GAME.start(self.house, setup)  # raises (RuleViolation) before anything changes
        return setup

    def start_round(self, wagers: Sequence[SeatWager]) -> list[Event]:
        """Place the wagers and deal; the cards come from the shoe."""
        setup = self.check_wagers(wagers)
        self._shoe()
        started = RoundStarted(
            self.rounds + 1, setup.dealer_first_card_up, setup.device_malfunction, setup.wagers
        )
        events = self._emit([started])
        events += self._play().state.opening
        events += self._round_action(Action(ActionKind.DEAL))
        return events + self.deal_owed_cards()

    def deal_owed_cards(self) -> list[Event]:
        """Draw every card the round owes from the shoe; close the round when it is over."""
        play = self._play()
        shoe = self._shoe()
        events: list[Event] = []
        while play.pending.kind is PendingKind.CHANCE:
            if not shoe.stack:
                # -12.9: too few cards to complete the round (seven spaces splitting small
                # cards can empty a shoe behind the indicator): the discards shuffled and cut,
                # one card burned, and the round completed
                if self.rng is None:
                    raise RuleViolation(
                        "the shoe is empty: the discard holder is to be shuffled and cut, one "
                        "card burned and the round completed",
                        ND_SHORT_SHOE,
                    )
                pile = tuple(fisher_yates(shoe.discards, self.rng))
                cut = MIN_CUT_FROM_END + self.rng.randbelow(len(pile) - 2 * MIN_CUT_FROM_END + 1)
                events += self._emit([DiscardsReshuffled(pile, cut)])
                continue
            events += self._round_action(Action(ActionKind.CARD, card=shoe.stack[0]))
        if play.pending.kind is PendingKind.NONE:
            events += self._emit([RoundClosed(self.rounds, self._players_chips())])
        return events

    def act(self, action: Action) -> list[Event]:
        """A player's decision (or a recorded dealing mistake); a refusal changes nothing."""
        play = self._play()
        seat = play.state.seats.get(action.space or 0)
        if seat is not None and seat.name is not None:
            cost = self.cost(action)
            if cost > self.available(seat.name):
                raise InvalidInput(
                    f"that needs {format_money(cost)} but {seat.name} has "
                    f"{format_money(self.available(seat.name))} in chips off the layout"
                )
        events = self._round_action(action)
        return events + self.deal_owed_cards()

    def cost(self, action: Action) -> int:
        """The chips ``action`` puts on the layout (a split, a double-down, insurance)."""
        r = self.round
        seat = r.seats.get(action.space or 0) if r is not None else None
        if seat is None:
            return 0
        index = action.hand or 0
        hand = seat.hands[index] if 0 <= index < len(seat.hands) else None
        wager = hand.wager if hand is not None else seat.wager
        if action.kind is ActionKind.SPLIT:
            return wager
        if action.kind is ActionKind.DOUBLE:
            return (action.amount or wager) + (action.tip_amount or 0)
        if action.kind is ActionKind.INSURANCE:
            return seat.wager // 2
        return 0

    def _round_action(self, action: Action) -> list[Event]:
        """Apply one action to the round (a card must be the shoe's next card)."""
        play = self._play()
        if action.kind is ActionKind.CARD:
            shoe = self._shoe()
            if not shoe.stack or shoe.stack[0] != action.card:
                raise InvalidInput(f"the shoe's next card is {self.upcoming}, not {action.card}")
            events = list(play.apply(action).events)
            shoe.draw()
            return events
        return list(play.apply(action).events)

    def _players_chips(self) -> int:
        r = self._play().state
        names = {s.name for s in r.seats.values() if s.name is not None}
        return sum(self.available(n) for n in names)

    def _close_round_state(self) -> None:
        play = self._play()
        r = play.state
        for name in list(self.chips):
            self.chips[name] = self.available(name)
        shoe = self._shoe()
        shoe.discard([c for s in r.ordered_seats() for h in s.hands for c in h.cards])
        shoe.discard(r.dealer_cards)
        shoe.discard(r.burned)
        self.play = None


__all__ = ["Table", "TwentyOnePlay", "check_shoe_order"]
