"""The consistency rules of paddlewheel ticket card series: sales, refunds, spins and prizes
(99-01.3-11-02, -07).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from typing import Any

from croupier.books.consistency.fields import (
    _cents,
    _count,
    _day,
    _id,
    _name,
    _open_day_of,
    _site_of,
    _text,
    _time,
)
from croupier.books.state import Books
from croupier.books.tickets_ledger import (
    MAX_SERIES_CARDS,
    MAX_TICKETS_PER_CARD,
    TicketCardRefunded,
    TicketCardSold,
    TicketCashDeposited,
    TicketPrizePaid,
    TicketSeriesRegistered,
    TicketSpin,
)


def _series(e: TicketSeriesRegistered) -> list[str]:
    problems = [
        *_id(e.series_id, "the series id"),
        *_id(e.site_id, "the site id"),
        *_cents(e.price, "the ticket price"),
        *_count(e.first_card, "the first card number"),
        *_count(e.last_card, "the last card number"),
        *_count(e.tickets_per_card, "the tickets on each card"),
        *_name(e.stamp_number, "the master flare's stamp number (99-01.3-11-02.1)"),
    ]
    if not problems and e.last_card < e.first_card:
        problems.append("its last card number is before its first")
    elif not problems and e.last_card - e.first_card >= MAX_SERIES_CARDS:
        problems.append(f"it holds more than {MAX_SERIES_CARDS:,} cards")
    if not problems and e.tickets_per_card > MAX_TICKETS_PER_CARD:
        problems.append(
            f"a card holds more than {MAX_TICKETS_PER_CARD:,} tickets (99-01.3-11-02.1)"
        )
    return problems


def _card_sold(e: TicketCardSold) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_count(e.tickets, "the tickets sold"),
        *_time(e.at),
    ]


def _card_refunded(e: TicketCardRefunded) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_time(e.at),
    ]


def _spin(e: TicketSpin) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_name(e.winning_number, "the winning number"),
        *_time(e.at),
    ]


def _ticket_prize(e: TicketPrizePaid) -> list[str]:
    problems = [
        *_id(e.series_id, "the series id"),
        *_count(e.card, "the card number"),
        *_day(e.day),
        *_cents(e.cash, "the cash prize", positive=False),
        *_cents(e.merchandise_cost, "the merchandise cost", positive=False),
        *_text(e.description, "the description"),
        *_time(e.at),
    ]
    if not problems and e.cash + e.merchandise_cost == 0:
        problems.append("it records no prize (99-01.3-11-02.4)")
    if not problems and e.cash and e.merchandise_cost:
        problems.append("it records a cash and a merchandise prize in one entry")
    return problems


def _ticket_deposit(e: TicketCashDeposited) -> list[str]:
    return [
        *_id(e.series_id, "the series id"),
        *_day(e.day),
        *_cents(e.cents, "the deposit"),
        *_id(e.by_id, "the depositor's id"),
        *_time(e.at),
    ]


def _ctx_series(books: Books, e: TicketSeriesRegistered) -> list[str]:
    if e.series_id in books.tickets.series:
        return [f"ticket series {e.series_id!r} is registered twice"]
    return _site_of(books, e.site_id)


def _ctx_card(books: Books, e: Any) -> list[str]:
    series = books.tickets.series.get(e.series_id)
    if series is None:
        return [f"it names ticket series {e.series_id!r}, which the books lack"]
    if e.card not in series.cards:
        return [f"card {e.card} is not in series {e.series_id!r}"]
    return _open_day_of(books, series.registered.site_id, e.day)


def _ctx_ticket_deposit(books: Books, e: TicketCashDeposited) -> list[str]:
    series = books.tickets.series.get(e.series_id)
    if series is None:
        return [f"it names ticket series {e.series_id!r}, which the books lack"]
    return _open_day_of(books, series.registered.site_id, e.day)
