"""Paddlewheels without a table: preprinted ticket cards (99-01.3-11-02, 99-01.3-11-07.1).

At most $2 a ticket, one price for a whole series; every ticket of a card sold before its spin
(or the card's gross proceeds refunded); a spin of fewer than four revolutions is void; no prize
over $100; a series is reported in the quarter it was first played and is not carried over.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from croupier.books.amounts import Amount, total, unknown
from croupier.books.guards import (
    employee,
    require_open_day,
    require_org,
    require_positive,
    require_site,
    stamp,
)
from croupier.books.model import check_identifier, check_text
from croupier.books.quarters import Quarter
from croupier.books.tickets_ledger import (
    MAX_SERIES_CARDS,
    MAX_TICKETS_PER_CARD,
    Card,
    Series,
    TicketCardRefunded,
    TicketCardSold,
    TicketCashDeposited,
    TicketPrizePaid,
    TicketSeriesRegistered,
    TicketSpin,
)
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money

if TYPE_CHECKING:
    from croupier.books.state import Books

MAX_TICKET_PRICE = 200
MAX_PRIZE = 10000
MIN_REVOLUTIONS = 4


def register_series(
    books: Books,
    series_id: str,
    site_id: str,
    price: int,
    first_card: int,
    last_card: int,
    tickets_per_card: int,
    stamp_number: str,
) -> list[Event]:
    require_org(books)
    check_identifier(series_id, "series id")
    require_site(books, site_id)
    if series_id in books.tickets.series:
        raise InvalidInput(f"ticket series {series_id!r} already exists")
    require_positive(price, "ticket price")
    if price > MAX_TICKET_PRICE:
        raise RuleViolation(
            f"a paddlewheel ticket costs at most $2.00, not {format_money(price)}",
            "99-01.3-11-02.2",
        )
    if not 1 <= first_card <= last_card or tickets_per_card < 1:
        raise InvalidInput("a series needs a range of card numbers and tickets on each card")
    if tickets_per_card > MAX_TICKETS_PER_CARD:
        raise RuleViolation(
            f"{tickets_per_card:,} tickets on a card: a number or symbol cannot be repeated on "
            f"the tickets of a card, so a card holds at most {MAX_TICKETS_PER_CARD:,}",
            "99-01.3-11-02.1",
        )
    if last_card - first_card >= MAX_SERIES_CARDS:
        raise InvalidInput(
            f"cards {first_card} to {last_card} are more than {MAX_SERIES_CARDS:,} cards: the "
            "range of card numbers is the one stated on the series' master flare "
            "(99-01.3-11-02.1); check the last card number"
        )
    if not stamp_number.strip():
        raise RuleViolation("the master flare must bear a state gaming stamp", "99-01.3-11-02.1")
    check_identifier(stamp_number, "state gaming stamp number")
    return [
        TicketSeriesRegistered(
            series_id, site_id, price, first_card, last_card, tickets_per_card, stamp_number
        )
    ]


def _card(books: Books, series_id: str, card: int, day: date) -> tuple[Series, Card]:
    """The series and card; the gaming day must be open at the series' site, because ticket
    cash flows through that day's cash bank (99-01.3-11-07.1.a, 11-07.3)."""
    series = books.tickets.series.get(series_id)
    if series is None:
        raise InvalidInput(f"no ticket series {series_id!r}")
    c = series.cards.get(card)
    if c is None:
        raise InvalidInput(f"card {card} is not in series {series_id!r}")
    require_open_day(books, series.registered.site_id, day)
    return series, c


def _require_cash(books: Books, series: Series, cents: int, what: str) -> None:
    site_id = series.registered.site_id
    held = books.sites[site_id].cash_bank
    if cents > held:
        raise InvalidInput(
            f"the cash bank at {site_id!r} holds {format_money(held)}; it cannot pay {what} of "
            f"{format_money(cents)}"
        )


def _same_quarter(series: Series, day: date) -> None:
    if series.first_played is not None and Quarter.of(day) != Quarter.of(
        date.fromisoformat(series.first_played)
    ):
        raise RuleViolation(
            f"series {series.registered.series_id} was first played in "
            f"{Quarter.of(date.fromisoformat(series.first_played))}; a partial series may not be "
            "carried over to another quarter",
            "99-01.3-11-02.5",
        )


def _card_day(c: Card, card: int, day: date, what: str) -> None:
    """A card's game is conducted on the day its tickets are sold: its spin, its refund and its
    prizes are on that day too (-02.2; found by an audit: a refund the next day, in the next
    quarter, moved a series' proceeds between quarters)."""
    if c.days and day.isoformat() not in c.days:
        sold = ", ".join(sorted(c.days))
        raise RuleViolation(
            f"card {card}'s tickets were sold on {sold}: its {what} is on that day, the day "
            "the game is conducted",
            "99-01.3-11-02.2",
        )


def unfinished_cards(books: Books, site_id: str, iso_day: str) -> list[str]:
    """The cards of the day at ``site_id`` whose tickets were sold but which were neither spun
    nor refunded: a card is played out or its proceeds refunded the day it is sold (-02.2)."""
    return [
        f"{series_id} card {number}"
        for series_id, series in sorted(books.tickets.series.items())
        if series.registered.site_id == site_id
        for number, c in sorted(series.cards.items())
        if iso_day in c.days and c.sold and not c.spins and not c.refunded
    ]


def sell_tickets(
    books: Books, series_id: str, card: int, day: date, tickets: int, at: datetime
) -> list[Event]:
    """Tickets sold on the site the day the game is conducted, one at a time or more."""
    series, c = _card(books, series_id, card, day)
    _same_quarter(series, day)
    if c.spins or c.refunded:
        raise InvalidInput(f"card {card} was already played")
    if tickets < 1 or c.sold + tickets > series.registered.tickets_per_card:
        raise InvalidInput(
            f"card {card} has {series.registered.tickets_per_card - c.sold} tickets left"
        )
    if c.days and day.isoformat() not in c.days:
        raise RuleViolation(
            "all tickets must be sold on a site the day the game is conducted", "99-01.3-11-02.2"
        )
    return [TicketCardSold(series_id, card, day.isoformat(), tickets, stamp(at))]


def refund_card(books: Books, series_id: str, card: int, day: date, at: datetime) -> list[Event]:
    series, c = _card(books, series_id, card, day)
    if c.spins or c.refunded or c.sold == 0:
        raise InvalidInput(f"card {card} has nothing to refund")
    _card_day(c, card, day, "refund")
    _same_quarter(series, day)
    _require_cash(books, series, c.sold * series.registered.price, "the refund")
    return [TicketCardRefunded(series_id, card, day.isoformat(), stamp(at))]


def spin(
    books: Books,
    series_id: str,
    card: int,
    day: date,
    revolutions: int,
    winning_number: str,
    at: datetime,
) -> list[Event]:
    series, c = _card(books, series_id, card, day)
    check_identifier(winning_number, "winning number")
    _card_day(c, card, day, "spin")
    _same_quarter(series, day)
    if c.refunded:
        raise InvalidInput(f"card {card} was refunded")
    if c.sold < series.registered.tickets_per_card:
        raise RuleViolation(
            f"only {c.sold} of {series.registered.tickets_per_card} tickets of card {card} are "
            "sold; all the tickets of a card must be sold before a spin (or refunded)",
            "99-01.3-11-02.2",
        )
    if revolutions < MIN_REVOLUTIONS:
        raise RuleViolation(
            f"a spin of {revolutions} revolutions is void; the paddlewheel must make at least "
            "four revolutions and be spun again",
            "99-01.3-11-02.3",
        )
    return [TicketSpin(series_id, card, day.isoformat(), winning_number, stamp(at))]


def pay_ticket_prize(
    books: Books,
    series_id: str,
    card: int,
    day: date,
    cash: int,
    merchandise_cost: int,
    description: str,
    at: datetime,
) -> list[Event]:
    series, c = _card(books, series_id, card, day)
    if not c.spins:
        raise InvalidInput(f"card {card} has not been spun")
    _card_day(c, card, day, "prize")
    _same_quarter(series, day)
    paid = sum(p.cash + p.merchandise_cost for p in c.prizes)
    most = MAX_PRIZE * len(c.spins)
    if paid + cash + merchandise_cost > most:
        # -02.3: each spin determines a winning ticket; -02.4: at most $100 for one winning
        # ticket (its cash and merchandise together). A second payment for one spin's winner
        # had paid one ticket $200 (found by an audit).
        raise RuleViolation(
            f"card {card}'s {len(c.spins)} spin(s) determine as many winning tickets, at most "
            f"{format_money(most)} in all; {format_money(paid)} is paid already",
            "99-01.3-11-02.4",
        )
    if cash < 0 or merchandise_cost < 0 or cash + merchandise_cost == 0:
        raise InvalidInput("a prize is a cash amount or the cost of merchandise")
    if cash and merchandise_cost:
        raise InvalidInput("record a cash prize and a merchandise prize separately")
    if cash + merchandise_cost > MAX_PRIZE:
        raise RuleViolation(
            f"no prize for one winning ticket may exceed $100.00 "
            f"({format_money(cash + merchandise_cost)})",
            "99-01.3-11-02.4",
        )
    check_text(description, "prize description")
    if merchandise_cost and not description.strip():
        raise RuleViolation(
            "a merchandise prize is recorded with its cost and description", "99-01.3-11-02.4"
        )
    _require_cash(books, series, cash, "the cash prize")
    return [
        TicketPrizePaid(
            series_id, card, day.isoformat(), cash, merchandise_cost, description, stamp(at)
        )
    ]


def deposit_ticket_cash(
    books: Books, series_id: str, day: date, cents: int, by: str, at: datetime
) -> list[Event]:
    """A series' ticket cash deposited in the gaming account (99-01.3-11-07.3.b: the series'
    summary gives its bank deposit). Ticket cash is kept in the site's cash bank (11-07.1.a),
    so it is taken from there, on an open gaming day at the series' site. At most the series'
    cash profit not yet deposited: its ticket cash (sales, less refunds and cash prizes) with
    the long or short of the closed days it was played, so that no other money is deposited
    under a series' name."""
    series = books.tickets.series.get(series_id)
    if series is None:
        raise InvalidInput(f"no ticket series {series_id!r}")
    site_id = series.registered.site_id
    iso = require_open_day(books, site_id, day)
    require_positive(cents, "deposit")
    employee(books, by)
    profit = series.cash_held + sum(
        share for share in _long_short_shares(books, series_id) if isinstance(share, int)
    )
    left = profit - sum(d.cents for d in series.deposits)
    if cents > left:
        raise RuleViolation(
            f"series {series_id}'s cash profit not yet deposited is {format_money(max(left, 0))}; "
            f"a deposit of {format_money(cents)} would deposit other money under its name",
            "99-01.3-11-07.3.b",
        )
    _require_cash(books, series, cents, "a deposit")
    return [TicketCashDeposited(series_id, iso, cents, by, stamp(at))]


@dataclass(frozen=True, slots=True)
class SeriesSummary:
    """The per-series summary (99-01.3-11-07.3.b): gross proceeds, prizes, adjusted gross
    proceeds, cash profit, cash long or short and bank deposit."""

    series_id: str
    quarter: str | None
    cards_played: tuple[int, ...]
    unsold_cards: tuple[int, ...]
    gross_proceeds: int
    prizes: int
    cash_prizes: int
    cash_long_short: Amount
    bank_deposit: int

    @property
    def adjusted_gross_proceeds(self) -> int:
        return self.gross_proceeds - self.prizes

    @property
    def cash_profit(self) -> Amount:
        """Ticket cash taken in less paid out (gross proceeds - cash prizes: merchandise is
        bought from the gaming account), with the series' part of the long or short."""
        return total((self.gross_proceeds - self.cash_prizes, self.cash_long_short))


def series_summary(books: Books, series_id: str) -> SeriesSummary:
    series = books.tickets.series[series_id]
    price = series.registered.price
    played = tuple(n for n, c in series.cards.items() if c.spins)
    unsold = tuple(n for n, c in series.cards.items() if c.sold == 0)
    gross = sum(c.sold * price for c in series.cards.values() if not c.refunded)
    prizes = sum(p.cash + p.merchandise_cost for c in series.cards.values() for p in c.prizes)
    cash_prizes = sum(p.cash for c in series.cards.values() for p in c.prizes)
    quarter = (
        str(Quarter.of(date.fromisoformat(series.first_played))) if series.first_played else None
    )
    long_short = total(_long_short_shares(books, series_id))
    deposited = sum(d.cents for d in series.deposits)
    return SeriesSummary(
        series_id, quarter, played, unsold, gross, prizes, cash_prizes, long_short, deposited
    )


def _long_short_shares(books: Books, series_id: str) -> list[Amount]:
    """The series' share of the ticket long or short of each day it had ticket cash. The day's
    ticket long or short is the daily record's (zero when table games share the cash bank: it
    stays with them, as 11-07.2.f does for a combined bank); when several series had ticket
    cash that day it is shared in proportion to their gross proceeds of the day (the largest
    remainders get the odd cents), and with no gross proceeds to weigh, by their ticket cash
    handled, else to the first series by id. Unknown for a day not yet closed."""
    from croupier.books.daily import daily_record

    series = books.tickets.series[series_id]
    site_id = series.registered.site_id
    shares: list[Amount] = []
    for day in sorted(series.cash_days):
        if (site_id, day) not in books.days:
            shares.append(unknown(f"the gaming day {day} at {site_id} is not in the books read"))
            continue
        tickets = daily_record(books, site_id, day).tickets
        day_total: Amount = 0 if tickets is None else tickets.cash_long_short
        if not isinstance(day_total, int):
            shares.append(day_total)
            continue
        together = {
            sid: other.cash_days[day]
            for sid, other in books.tickets.series.items()
            if other.registered.site_id == site_id and day in other.cash_days
        }
        shares.append(_share(day_total, together, series_id))
    return shares


def _share(amount: int, together: dict[str, list[int]], series_id: str) -> int:
    """``series_id``'s part of ``amount`` shared among ``together`` (see above)."""
    weights = {sid: max(c[0] - c[1], 0) for sid, c in together.items()}
    if not any(weights.values()):
        weights = {sid: c[0] + c[1] + c[2] for sid, c in together.items()}
    if not any(weights.values()):
        return amount if series_id == min(together) else 0
    whole = sum(weights.values())
    size = abs(amount)
    parts = {sid: size * w // whole for sid, w in weights.items()}
    odd = size - sum(parts.values())
    by_remainder = sorted(weights, key=lambda sid: (-(size * weights[sid] % whole), sid))
    for sid in by_remainder[:odd]:
        parts[sid] += 1
    return parts[series_id] if amount >= 0 else -parts[series_id]
