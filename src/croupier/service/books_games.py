"""Requests of ``croupier books poker-...`` (poker occasions, half-hour fees, tournaments:
99-01.3-09-01, -03, -07) and ``croupier books ticket-...`` (paddlewheel ticket card series:
99-01.3-11-02, -07.1), and the per-series summary ``ticket-status`` shows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from croupier.books import poker, tickets
from croupier.books.poker_ledger import FeeKind
from croupier.books.state import Books
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money
from croupier.service.books import Request, SiteOf, read_books
from croupier.service.books_input import amount, card_range, ids, parse_day, parse_time

# -- poker ----------------------------------------------------------------------------------


def poker_occasion(
    occasion: str, first_day: str, last_day: str, manager: str, sites: str
) -> Request:
    first, last = parse_day(first_day, "the first day"), parse_day(last_day, "the last day")
    where = ids(sites, "site id")
    return Request(
        f"{occasion} {first.isoformat()} to {last.isoformat()}",
        lambda b, _when: poker.open_occasion(b, occasion, first, last, manager, where),
        timed=False,
    )


def poker_fee(
    occasion: str, table: int, player: str, half_hour_from: str, by: str, fee: str, site: str | None
) -> Request:
    start = parse_time(half_hour_from, "--from")
    cents = amount(fee, "the fee")
    return Request(
        f"{format_money(cents)} from {player} at table {table} for the half hour from "
        f"{start.isoformat()}",
        lambda b, when: poker.collect_half_hour_fee(
            b, occasion, table, player, start, cents, by, when, site
        ),
    )


def poker_time_worked(
    occasion: str, employee_id: str, start: str, end: str, site: str | None
) -> Request:
    a, z = parse_time(start, "--start"), parse_time(end, "--end")
    return Request(
        f"{employee_id} {a.isoformat()} to {z.isoformat()}",
        lambda b, _when: poker.record_time_worked(b, occasion, employee_id, a, z, site),
        timed=False,
    )


def poker_tournament_start(occasion: str, tournament: str, director: str) -> Request:
    return Request(
        f"{tournament} of {occasion}",
        lambda b, when: poker.start_tournament(b, occasion, tournament, director, when),
    )


def poker_tournament_fee(
    occasion: str, tournament: str, player: str, fee: str, by: str, kind: str
) -> Request:
    try:
        fee_kind = FeeKind(kind.strip().lower())
    except ValueError:
        raise InvalidInput(f"fee kind is entry, rebuy, add-on or bounty, got {kind!r}") from None
    cents = amount(fee, "the fee")
    return Request(
        f"{fee_kind.value} {format_money(cents)} from {player} ({tournament})",
        lambda b, when: poker.collect_tournament_fee(
            b, occasion, tournament, player, fee_kind, cents, by, when
        ),
    )


def poker_prize(occasion: str, tournament: str, player: str, typed: str) -> Request:
    cents = amount(typed, "the prize")
    return Request(
        f"{format_money(cents)} to {player} ({tournament})",
        lambda b, when: poker.pay_prize(b, occasion, tournament, player, cents, when),
    )


# -- paddlewheel ticket card series ---------------------------------------------------------


def _series_site(series: str) -> SiteOf:
    def site_of(b: Books) -> str | None:
        found = b.tickets.series.get(series)
        return None if found is None else found.registered.site_id

    return site_of


def _day(day: str | None, when: datetime) -> date:
    return parse_day(day, "--day") if day is not None else when.date()


def ticket_series(
    series: str, site: str, cards: str, tickets_per_card: int, stamp: str, price: str
) -> Request:
    first, last = card_range(cards)
    cents = amount(price, "the ticket price")
    return Request(
        f"series {series}: cards {first}-{last} at {format_money(cents)} a ticket",
        lambda b, _when: tickets.register_series(
            b, series, site, cents, first, last, tickets_per_card, stamp
        ),
        timed=False,
    )


def ticket_sell(series: str, card: int, count: int, day: str | None) -> Request:
    if day is not None:
        parse_day(day, "--day")
    return Request(
        f"{count} ticket(s) of card {card}",
        lambda b, when: tickets.sell_tickets(b, series, card, _day(day, when), count, when),
        site=_series_site(series),
    )


def ticket_refund(series: str, card: int, day: str | None) -> Request:
    if day is not None:
        parse_day(day, "--day")
    return Request(
        f"card {card}",
        lambda b, when: tickets.refund_card(b, series, card, _day(day, when), when),
        site=_series_site(series),
    )


def ticket_spin(
    series: str, card: int, winning_number: str, revolutions: int, day: str | None
) -> Request:
    if day is not None:
        parse_day(day, "--day")
    return Request(
        f"card {card} won by {winning_number}",
        lambda b, when: tickets.spin(
            b, series, card, _day(day, when), revolutions, winning_number, when
        ),
        site=_series_site(series),
    )


def ticket_prize(
    series: str, card: int, cash: str, merchandise_cost: str, description: str, day: str | None
) -> Request:
    if day is not None:
        parse_day(day, "--day")
    paid = amount(cash, "the cash prize (--cash)")
    cost = amount(merchandise_cost, "the merchandise cost (--merchandise-cost)")
    shown = format_money(paid) if paid else f"merchandise costing {format_money(cost)}"
    return Request(
        f"card {card}: {shown}",
        lambda b, when: tickets.pay_ticket_prize(
            b, series, card, _day(day, when), paid, cost, description, when
        ),
        site=_series_site(series),
    )


@dataclass(frozen=True)
class SeriesStatus:
    """A series' summary (cents) and the damaged-chain warning, if any."""

    series: str
    quarter: str | None
    cards_played: tuple[int, ...]
    unsold_cards: tuple[int, ...]
    gross_proceeds: int
    prizes: int
    adjusted_gross_proceeds: int
    warning: str | None


def ticket_status(url: str, org_id: str, series: str) -> SeriesStatus:
    read = read_books(url, org_id)
    if series not in read.books.tickets.series:
        raise InvalidInput(f"no ticket series {series!r}")
    s = tickets.series_summary(read.books, series)
    return SeriesStatus(
        series,
        s.quarter,
        s.cards_played,
        s.unsold_cards,
        s.gross_proceeds,
        s.prizes,
        s.adjusted_gross_proceeds,
        read.warning,
    )
