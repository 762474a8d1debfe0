"""Paddlewheel ticket events and the ticket ledger rebuilt from them (99-01.3-11-02, -07.1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.core.events import Event, event

MAX_SERIES_CARDS = 1_000_000
"""The most cards a ticket series may hold: the books keep one record per card, so a range
typed with a digit too many is refused (by the writer and every reader) rather than kept."""

MAX_TICKETS_PER_CARD = 1_000
"""The most tickets on one card. "A number or symbol cannot be repeated on any of the tickets
of a card number" (99-01.3-11-02.1), and each ticket bears at least one: a card holds at most
one ticket per number of its paddlewheel, and no paddlewheel has a thousand. A count typed with
digits too many (which the append-only books could never take back, and which let a card's
sale book impossible money) is refused by the writer and every reader."""


@event("books.ticket_series_registered")
@dataclass(frozen=True, slots=True)
class TicketSeriesRegistered(Event):
    """A series of paddlewheel ticket cards under one master flare (11-02.1)."""

    series_id: str
    site_id: str
    price: int
    first_card: int
    last_card: int
    tickets_per_card: int
    stamp_number: str


@event("books.ticket_card_sold")
@dataclass(frozen=True, slots=True)
class TicketCardSold(Event):
    series_id: str
    card: int
    day: str
    tickets: int
    at: str


@event("books.ticket_card_refunded")
@dataclass(frozen=True, slots=True)
class TicketCardRefunded(Event):
    """A card not sold out before the spin: its gross proceeds refunded (11-02.2)."""

    series_id: str
    card: int
    day: str
    at: str


@event("books.ticket_spin")
@dataclass(frozen=True, slots=True)
class TicketSpin(Event):
    series_id: str
    card: int
    day: str
    winning_number: str
    at: str


@event("books.ticket_prize_paid")
@dataclass(frozen=True, slots=True)
class TicketPrizePaid(Event):
    """Date, card number, cash prize or cost and description of a merchandise prize (11-02.4)."""

    series_id: str
    card: int
    day: str
    cash: int
    merchandise_cost: int
    description: str
    at: str


@event("books.ticket_cash_deposited")
@dataclass(frozen=True, slots=True)
class TicketCashDeposited(Event):
    """A series' ticket cash taken from the site's cash bank to the gaming account: the bank
    deposit of the series' summary (99-01.3-11-07.3.b). Ticket cash is kept in the cash bank
    (11-07.1.a), not in a drop box, so it is deposited from there."""

    series_id: str
    day: str
    cents: int
    by_id: str
    at: str


@dataclass
class Card:
    sold: int = 0
    refunded: bool = False
    spins: list[TicketSpin] = field(default_factory=list)
    prizes: list[TicketPrizePaid] = field(default_factory=list)
    days: set[str] = field(default_factory=set)


@dataclass
class Series:
    registered: TicketSeriesRegistered
    cards: dict[int, Card] = field(default_factory=dict)
    first_played: str | None = None
    cash_days: dict[str, list[int]] = field(default_factory=dict)
    """Each day's ticket cash of the series: ``[sales, refunds, cash prizes]`` in cents."""
    deposits: list[TicketCashDeposited] = field(default_factory=list)

    def day_cash(self, day: str) -> list[int]:
        return self.cash_days.setdefault(day, [0, 0, 0])

    @property
    def cash_held(self) -> int:
        """The series' ticket cash taken in less paid out (sales - refunds - cash prizes)."""
        return sum(s - r - p for s, r, p in self.cash_days.values())


class TicketLedger:
    """Every ticket series and card, from the ticket events."""

    def __init__(self) -> None:
        self.series: dict[str, Series] = {}

    def apply(self, e: Event) -> None:
        if isinstance(e, TicketSeriesRegistered):
            r = e
            self.series[e.series_id] = Series(
                r, {n: Card() for n in range(r.first_card, r.last_card + 1)}
            )
            return
        if isinstance(e, TicketCashDeposited):
            self.series[e.series_id].deposits.append(e)
            return
        if not isinstance(e, TicketCardSold | TicketCardRefunded | TicketSpin | TicketPrizePaid):
            raise TypeError(f"not a ticket event: {type(e).__name__}")
        series = self.series[e.series_id]
        card = series.cards[e.card]
        card.days.add(e.day)
        if series.first_played is None or e.day < series.first_played:
            series.first_played = e.day
        price = series.registered.price
        if isinstance(e, TicketCardSold):
            card.sold += e.tickets
            series.day_cash(e.day)[0] += e.tickets * price
        elif isinstance(e, TicketCardRefunded):
            card.refunded = True
            series.day_cash(e.day)[1] += card.sold * price
        elif isinstance(e, TicketSpin):
            card.spins.append(e)
        else:
            card.prizes.append(e)
            series.day_cash(e.day)[2] += e.cash


TICKET_EVENTS: tuple[type[Event], ...] = (
    TicketSeriesRegistered,
    TicketCardSold,
    TicketCardRefunded,
    TicketSpin,
    TicketPrizePaid,
    TicketCashDeposited,
)
