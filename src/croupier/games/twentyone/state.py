"""The twenty-one round: a state machine over the game protocol (``croupier.games.base``).

``Round(rules)`` starts in the betting phase. ``apply(action)`` checks the action completely
first and raises ``RuleViolation`` (with its section) or ``InvalidInput`` before changing
anything; then it changes the state, moves the round forward to the next decision or card, and
returns the events. Cards enter as ``card`` actions (chance), so rules + shoe order + actions
describe a round completely.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any

from croupier.core.cards import Card, Rank
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.games.base import Pending, PendingKind, Settlement, WagerResult
from croupier.games.twentyone import dealing, mistakes, play
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import ActionRecorded
from croupier.games.twentyone.hand import Hand, Seat, total
from croupier.games.twentyone.rules import DealingMethod, HouseRules, validated
from croupier.games.twentyone.settle import LAYOUT, Result


class Phase(Enum):
    BETTING = "betting"
    DEALING = "dealing the first two cards"
    SECOND_CARD_OPTION = "a space dealt one card chooses (-12.2)"
    INSURANCE = "insurance"
    PLAY = "players' decisions"
    DEALER = "dealer's hand"
    AFTER = "end of round"
    COMPLETE = "round complete"


@dataclass(frozen=True, slots=True, eq=False)
class Target:
    """Where the next card out of the shoe goes."""

    recipient: str  # "space", "dealer" or "burn"
    purpose: str
    space: int | None = None
    hand: Hand | None = None
    card_no: int | None = None  # dealer cards: 1 or 2
    face_up: bool = True


@dataclass(frozen=True, slots=True)
class CardFor:
    """A public description of the card the shoe owes next (for round files and screens)."""

    recipient: str
    purpose: str
    space: int | None
    hand: int | None
    card_no: int


class Round:
    """One round of twenty-one at one table."""

    def __init__(
        self,
        rules: HouseRules,
        *,
        dealer_first_card_up: bool = True,
        device_malfunction: bool = False,
    ) -> None:
        self.rules = validated(rules)
        self.method: DealingMethod = rules.effective_method(device_malfunction)
        self.device_malfunction = device_malfunction
        self.dealer_first_card_up = dealer_first_card_up or not self.method.has_hole_card
        self.phase = Phase.BETTING
        self.seats: dict[int, Seat] = {}
        self.dealer_cards: list[Card] = []
        self.dealer_faces: list[bool] = []
        self.up: Card | None = None  # the card dealt face up in the first round (-10.1)
        self.queue: list[Target] = []
        self.held: list[Target] = []  # the dealer's cards held back during -12.2
        self.burned: list[Card] = []
        self.results: list[Result] = []
        self.accounts: dict[str, int] = {LAYOUT: 0}
        self.seen: Counter[Card] = Counter()
        self.burn_after_round = False
        self.after_burn_done = False
        self.device_checked = False
        self.insurance_offered = False
        self.dealer_stage = "reveal"
        self.dealer_final = False
        self.current: tuple[Seat, Hand] | None = None
        self.end_reason = ""

    # -- the protocol ---------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        if self.queue:
            t = self.queue[0]
            return Pending(PendingKind.CHANCE, t.space, self._hand_index(t), t.purpose)
        if self.phase is Phase.BETTING:
            return Pending(PendingKind.DEALER, detail="accepting wagers; deal to begin")
        if self.phase is Phase.SECOND_CARD_OPTION:
            seat = self.option_seat()
            if seat is not None:
                return Pending(PendingKind.SEAT, seat.space, 0, "second card? (-12.2)")
        if self.phase is Phase.INSURANCE:
            seat = self.insurance_seat()
            if seat is not None:
                return Pending(PendingKind.SEAT, seat.space, 0, "insurance?")
        if self.phase is Phase.PLAY and self.current is not None:
            seat, hand = self.current
            return Pending(PendingKind.SEAT, seat.space, seat.hands.index(hand), "decision")
        return Pending(PendingKind.NONE, detail=self.end_reason or "round complete")

    def legal_actions(self) -> list[Action]:
        """The decisions that may be taken now (a ``card`` action when chance is pending is
        listed as ``Action(CARD)`` without a card: any card from the shoe may come)."""
        return play.legal_actions(self)

    def apply(self, action: Action) -> list[Event]:
        """Check ``action``, apply it, move the round forward; return the events caused."""
        if not isinstance(action, Action):
            raise InvalidInput(f"not a twenty-one action: {action!r}")
        kind = action.kind
        if kind is ActionKind.CARD:
            dealing.check_card(self, action)
        elif kind.is_mistake or kind is ActionKind.NO_BURN_AT_START:
            mistakes.check(self, action)
        else:
            play.check(self, action)
        events: list[Event] = [ActionRecorded(action)]
        if kind is ActionKind.CARD:
            assert action.card is not None
            dealing.deliver(self, action.card, events)
        elif kind.is_mistake or kind is ActionKind.NO_BURN_AT_START:
            mistakes.do(self, action, events)
        else:
            play.do(self, action, events)
        dealing.advance(self, events)
        return events

    def settlement(self) -> Settlement:
        """Every wager's result (complete once ``settled`` is true)."""
        wagers = []
        for r in self.results:
            seat = self.seats[r.space]
            hand_no = seat.hands.index(r.hand) if r.hand in seat.hands else 0
            wagers.append(
                WagerResult(
                    r.space, hand_no, r.kind, r.stake, r.outcome, r.net, None, r.destination
                )
            )
        details: dict[str, Any] = {
            "dealer": {
                "cards": [str(c) for c in self.dealer_cards],
                "total": total(self.dealer_cards),
            },
            "hands": {
                str(s.space): [[str(c) for c in h.cards] for h in s.hands]
                for s in self.ordered_seats()
            },
            "burned": [str(c) for c in self.burned],
        }
        return Settlement(tuple(wagers), details)

    # -- queries --------------------------------------------------------------------------
    @property
    def settled(self) -> bool:
        """Every wager has its result (the round may still owe a burn card)."""
        return self.phase in (Phase.AFTER, Phase.COMPLETE)

    @property
    def complete(self) -> bool:
        return self.phase is Phase.COMPLETE and not self.queue

    def ordered_seats(self) -> list[Seat]:
        return [self.seats[k] for k in sorted(self.seats)]

    def active_seats(self) -> list[Seat]:
        return [s for s in self.ordered_seats() if s.active]

    def option_seat(self) -> Seat | None:
        return next((s for s in self.active_seats() if s.one_card_option), None)

    def insurance_seat(self) -> Seat | None:
        return next(
            (s for s in self.active_seats() if not s.insurance_decided and not s.settled), None
        )

    @property
    def up_card(self) -> Card | None:
        """The dealer's faceup card (-10.1): it stays the up card after the hole card is turned,
        also when the dealer's first card was the hole card (-10.1.a(2), (4))."""
        return self.up

    @property
    def up_ace_or_ten(self) -> bool:
        up = self.up_card
        return up is not None and (up.rank == Rank.ACE or up.is_ten_count)

    @property
    def hole_card_down(self) -> bool:
        return self.method.has_hole_card and any(not f for f in self.dealer_faces)

    def chance_target(self) -> CardFor | None:
        """What the next card out of the shoe is for, or ``None`` if no card is owed."""
        if not self.queue:
            return None
        t = self.queue[0]
        if t.recipient == "space" and t.hand is not None:
            card_no = len(t.hand.cards) + 1
        elif t.recipient == "dealer":
            card_no = t.card_no or len(self.dealer_cards) + 1
        else:
            card_no = 0
        return CardFor(t.recipient, t.purpose, t.space, self._hand_index(t), card_no)

    def _hand_index(self, t: Target) -> int | None:
        if t.space is None or t.hand is None:
            return None
        seat = self.seats[t.space]
        return seat.hands.index(t.hand) if t.hand in seat.hands else None

    def snapshot(self) -> dict[str, Any]:
        """Everything about the state, as plain data (to compare states)."""
        return {
            "phase": self.phase.value,
            "seats": [
                {
                    k: (repr(v) if k != "hands" else [repr(vars(h)) for h in v])
                    for k, v in vars(s).items()
                }
                for s in self.ordered_seats()
            ],
            "dealer": [str(c) for c in self.dealer_cards],
            "faces": list(self.dealer_faces),
            "queue": [(t.recipient, t.purpose, t.space, self._hand_index(t)) for t in self.queue],
            "held": [(t.recipient, t.purpose) for t in self.held],
            "burned": [str(c) for c in self.burned],
            "results": [repr(r) for r in self.results],
            "accounts": dict(self.accounts),
            "flags": (
                self.burn_after_round,
                self.after_burn_done,
                None if self.up is None else str(self.up),
                self.device_checked,
                self.insurance_offered,
                self.dealer_stage,
                self.dealer_final,
                self.end_reason,
            ),
            "current": None
            if self.current is None
            else (self.current[0].space, self.current[0].hands.index(self.current[1])),
            "seen": sorted((str(c), n) for c, n in self.seen.items()),
        }
