"""Paddlewheel events, registered as ``paddlewheel.<name>``. Money is int cents; chips count
one-dollar betting chips."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.events import Event, event


@event("paddlewheel.player_joined")
@dataclass(frozen=True, slots=True)
class PlayerJoined(Event):
    """``chip_color`` as the player asked for it (the seat's set is its lower-case name)."""

    seat: int
    player: str
    chip_color: str


@event("paddlewheel.player_left")
@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    seat: int
    player: str


@event("paddlewheel.chips_bought")
@dataclass(frozen=True, slots=True)
class ChipsBought(Event):
    """Betting chips pushed to a player for currency (into the drop box) or casino chips (into
    the chip tray), -04.4."""

    seat: int
    paid_with: str
    amount: int
    chips: int


@event("paddlewheel.announcement")
@dataclass(frozen=True, slots=True)
class Announcement(Event):
    """What the wheel operator says aloud (-05.4, -05.5)."""

    text: str
    section: str


@event("paddlewheel.bet_placed")
@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    seat: int
    spin: int
    spot: str
    chips: int
    assisted: bool


@event("paddlewheel.bet_removed")
@dataclass(frozen=True, slots=True)
class BetRemoved(Event):
    seat: int
    spin: int
    spot: str
    chips: int


@event("paddlewheel.bet_voided")
@dataclass(frozen=True, slots=True)
class BetVoided(Event):
    """A player's total bet exceeded the limit: void, chips returned (-05.3)."""

    seat: int
    spin: int
    chips: int
    limit: int


@event("paddlewheel.spin_voided")
@dataclass(frozen=True, slots=True)
class SpinVoided(Event):
    """Fewer than four full unrestricted revolutions: void, spun again (-02.3, -05.4)."""

    spin: int
    start: int
    revolutions: int
    stop: int


@event("paddlewheel.wheel_stopped")
@dataclass(frozen=True, slots=True)
class WheelStopped(Event):
    """A valid spin; ``result`` outermost circle first; ``peg`` when the pointer rests on a peg
    and the preceding number wins (-06.1.e)."""

    spin: int
    start: int
    revolutions: int
    stop: int
    peg: bool
    result: tuple[str, ...]


@event("paddlewheel.losing_bet_removed")
@dataclass(frozen=True, slots=True)
class LosingBetRemoved(Event):
    seat: int
    spin: int
    spot: str
    chips: int


@event("paddlewheel.payoff_made")
@dataclass(frozen=True, slots=True)
class PayoffMade(Event):
    seat: int
    spin: int
    spot: str
    chips: int
    payoff_chips: int


@event("paddlewheel.tip_given")
@dataclass(frozen=True, slots=True)
class TipGiven(Event):
    seat: int
    amount: int
    with_betting_chips: bool


@event("paddlewheel.chips_redeemed")
@dataclass(frozen=True, slots=True)
class ChipsRedeemed(Event):
    seat: int
    chips: int


# -- ticket-card method ----------------------------------------------------------------------------


@event("paddlewheel.ticket_sold")
@dataclass(frozen=True, slots=True)
class TicketSold(Event):
    card_number: int
    ticket: int
    serial_number: str
    player: str
    price: int


@event("paddlewheel.tickets_purchased")
@dataclass(frozen=True, slots=True)
class TicketsPurchased(Event):
    """One purchase of several tickets (-02.2, -02.6.a); a ``TicketSold`` follows for each."""

    card_number: int
    tickets: tuple[int, ...]
    player: str
    amount: int


@event("paddlewheel.card_refunded")
@dataclass(frozen=True, slots=True)
class CardRefunded(Event):
    """Not every ticket sold: gross proceeds refunded for the unplayed tickets (-02.2)."""

    card_number: int
    tickets: tuple[int, ...]
    refunded: int


@event("paddlewheel.ticket_spin_voided")
@dataclass(frozen=True, slots=True)
class TicketSpinVoided(Event):
    card_number: int
    prize: int
    start: int
    revolutions: int
    stop: int


@event("paddlewheel.winning_number_drawn")
@dataclass(frozen=True, slots=True)
class WinningNumberDrawn(Event):
    card_number: int
    prize: int
    start: int
    revolutions: int
    stop: int
    peg: bool
    number: str
    ticket: int
    player: str


@event("paddlewheel.prize_awarded")
@dataclass(frozen=True, slots=True)
class PrizeAwarded(Event):
    """The prize record (-02.4): date, card number, the cash amount or the merchandise."""

    date: str
    card_number: int
    prize: int
    ticket: int
    player: str
    cash: int
    merchandise: str
    cost: int
    minutes: int = 0


@event("paddlewheel.prize_unclaimed")
@dataclass(frozen=True, slots=True)
class PrizeUnclaimed(Event):
    card_number: int
    prize: int
    ticket: int
    minutes: int
