"""The data of one twenty-one round and the questions asked of it (who acts, what card is owed).

This module sits below the phase modules: ``settle``, ``dealing``, ``play`` and ``mistakes``
change a ``RoundData``; ``state.Round`` puts them together on top. Nothing here imports a phase
module, so the package has no import cycle (not even through type-checking imports).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from croupier.core.cards import Card, Rank
from croupier.core.events import Event
from croupier.core.protocol import HOUSE, TIPS, Outcome, Pending, PendingKind
from croupier.games.twentyone.hand import Hand, Seat
from croupier.games.twentyone.rules import DealingMethod, HouseRules, validated

LAYOUT = "layout"
"""The account of the chips wagered and not yet settled."""
HOUSE_ACCOUNT = HOUSE
"""The organization's chips: the chip tray (a lost wager goes there, a payoff comes from it)."""
TIPS_ACCOUNT = TIPS
"""The dealer's tip receptacle."""


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


class RoundData:
    """Everything one round of twenty-one holds; the phase modules change it."""

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
        self.opening: tuple[Event, ...] = ()  # the events of the setup's wagers (game.start)

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

    def hand_index(self, seat: Seat, hand: Hand | None) -> int:
        """The number of ``hand`` on ``seat`` now (0 when it is gone or ``None``)."""
        return seat.hands.index(hand) if hand is not None and hand in seat.hands else 0


@dataclass(frozen=True, slots=True)
class Result:
    """One settled wager; ``hand`` is the hand object so late splits cannot renumber it."""

    space: int
    hand: Hand | None
    kind: str
    stake: int
    outcome: Outcome
    net: int
    destination: str | None
    section: str
