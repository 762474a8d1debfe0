"""Requests of ``croupier books poker-...`` (poker occasions, half-hour fees, tournaments:
99-01.3-09-01, -03, -07), ``croupier books ticket-...`` (paddlewheel ticket card series:
99-01.3-11-02, -07.1) and ``croupier books twentyone-tournament...`` (99-01.3-08-15, -16.1.e,
f), and the per-series summary ``ticket-status`` shows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from croupier.books import poker, tickets, tournament21
from croupier.books.amounts import Amount
from croupier.books.amounts import show as show  # the command line shows amounts with it
from croupier.books.poker_ledger import FeeKind
from croupier.books.state import Books
from croupier.books.tournament21_ledger import Fee21Kind
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money
from croupier.service.books.input import amount, card_range, ids, parse_day, parse_time
from croupier.service.books.service import Request, SiteOf, read_books

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
    start = parse_time(half_hour_from, "the half hour's start")
    cents = amount(fee, "the fee")
    return Request(
        f"{format_money(cents)} from {player} at table {table} for the half hour from "
        f"{start.isoformat()}",
        lambda b, when: poker.collect_half_hour_fee(
            b, occasion, table, player, start, cents, by, when, site
        ),
    )


def poker_fee_void(
    occasion: str, player: str, half_hour_from: str, reason: str, by: str
) -> Request:
    start = parse_time(half_hour_from, "the half hour's start")
    return Request(
        f"{player}'s fee for the half hour from {start.isoformat()} voided by {by}",
        lambda b, when: poker.void_half_hour_fee(b, occasion, player, start, reason, by, when),
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
    occasion: str,
    tournament: str,
    player: str,
    fee: str,
    by: str,
    kind: str,
    name: str = "",
    address: str = "",
) -> Request:
    try:
        fee_kind = FeeKind(kind.strip().lower())
    except ValueError:
        raise InvalidInput(f"fee kind is entry, rebuy, add-on or bounty, got {kind!r}") from None
    cents = amount(fee, "the fee")
    return Request(
        f"{fee_kind.value} {format_money(cents)} from {player} ({tournament})",
        lambda b, when: poker.collect_tournament_fee(
            b, occasion, tournament, player, fee_kind, cents, by, when, name, address
        ),
    )


def _activity(tournament: str | None) -> str | None:
    return tournament.strip() if tournament is not None and tournament.strip() else None


def poker_cash(
    occasion: str, tournament: str | None, moment: str, cash: str, chips: str, by: str
) -> Request:
    """The starting or ending cash on hand and chips of a tournament, or of the nontournament
    play (no tournament), -07.1.a."""
    counted = amount(cash, "the cash on hand")
    valued = amount(chips, "the chips")
    tid = _activity(tournament)
    return Request(
        f"{moment}ing cash on hand of {tid or 'the nontournament play'}: "
        f"{format_money(counted)} and {format_money(valued)} in chips",
        lambda b, when: poker.count_cash(b, occasion, tid, moment, counted, valued, by, when),
    )


def poker_deposit(occasion: str, tournament: str | None, typed: str, by: str) -> Request:
    cents = amount(typed, "the deposit")
    tid = _activity(tournament)
    return Request(
        f"{format_money(cents)} of {tid or 'the nontournament play'}",
        lambda b, when: poker.deposit_cash(b, occasion, tid, cents, by, when),
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
class SeriesStatus:  # its amounts are shown with ``show`` (dollars, or why unknown)
    """A series' summary (cents) and the damaged-chain warning, if any."""

    series: str
    quarter: str | None
    cards_played: tuple[int, ...]
    unsold_cards: tuple[int, ...]
    gross_proceeds: int
    prizes: int
    adjusted_gross_proceeds: int
    warning: str | None
    cash_profit: Amount = 0
    cash_long_short: Amount = 0
    bank_deposit: int = 0


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
        s.cash_profit,
        s.cash_long_short,
        s.bank_deposit,
    )


# -- twenty-one tournaments ------------------------------------------------------------------


def _tournament_site(tournament_id: str) -> SiteOf:
    def site_of(b: Books) -> str | None:
        found = b.t21_tournaments.tournaments.get(tournament_id)
        return None if found is None else found.registered.site_id

    return site_of


def twentyone_tournament(tournament_id: str, site: str, name: str, entry_fee: str) -> Request:
    cents = amount(entry_fee, "the entry fee")
    return Request(
        f"twenty-one tournament {tournament_id} at {site}: entry fee {format_money(cents)}",
        lambda b, _when: tournament21.register_tournament(b, tournament_id, site, name, cents),
        timed=False,
    )


def twentyone_tournament_fee(
    tournament_id: str, player: str, name: str, fee: str, by: str, kind: str, day: str | None
) -> Request:
    try:
        fee_kind = Fee21Kind(kind.strip().lower())
    except ValueError:
        raise InvalidInput(f"fee kind is entry, rebuy or add-on, got {kind!r}") from None
    if day is not None:
        parse_day(day, "--day")
    cents = amount(fee, "the fee")
    return Request(
        f"{fee_kind.value} {format_money(cents)} from {player} ({tournament_id}) collected by {by}",
        lambda b, when: tournament21.collect_fee(
            b, tournament_id, _day(day, when), player, name, fee_kind, cents, by, when
        ),
        site=_tournament_site(tournament_id),
    )


def twentyone_tournament_prize(
    tournament_id: str,
    player: str,
    cash: str,
    merchandise_cost: str,
    description: str,
    day: str | None,
) -> Request:
    if day is not None:
        parse_day(day, "--day")
    paid = amount(cash, "the cash prize (--cash)")
    cost = amount(merchandise_cost, "the merchandise cost (--merchandise-cost)")
    shown = format_money(paid) if paid else f"merchandise costing {format_money(cost)}"
    return Request(
        f"{shown} to {player} ({tournament_id})",
        lambda b, when: tournament21.pay_prize(
            b, tournament_id, _day(day, when), player, paid, cost, description, when
        ),
        site=_tournament_site(tournament_id),
    )


def twentyone_tournament_void(tournament_id: str, fee: int, reason: str, by: str) -> Request:
    return Request(
        f"fee {fee} of {tournament_id} voided by {by}",
        lambda b, when: tournament21.void_fee(b, tournament_id, fee, reason, by, when),
        site=_tournament_site(tournament_id),
    )


def twentyone_tournament_record(
    url: str, org_id: str, tournament_id: str
) -> tuple[list[str], str | None]:
    """One twenty-one tournament's fee register, prize register and record of win (never
    combined with another's) as lines in dollars, and the damaged-chain warning, if any."""
    read = read_books(url, org_id)
    return record_lines(tournament21.tournament_record(read.books, tournament_id)), read.warning


def record_lines(r: tournament21.Tournament21Record) -> list[str]:
    lines = [
        f"twenty-one tournament {r.tournament_id} ({r.name}) at {r.site_id}, entry fee "
        f"{format_money(r.entry_fee)}",
        "register of players and fees (99-01.3-08-15.1, -16.1.e):",
    ]
    lines += [
        f"  {n}. {f.day} {f.player} ({f.name}) {f.kind.value} {format_money(f.cents)} collected "
        f"by {f.collected_by} at {f.played_at or f.at}"
        + (
            f" -- VOID by {r.voided[n].by} at {r.voided[n].at}: {r.voided[n].reason}"
            if n in r.voided
            else ""
        )
        for n, f in enumerate(r.fees, start=1)
    ] or ["  none"]
    lines.append("prize register (-16.1.f):")
    lines += [
        f"  {p.day} {p.player} "
        + (
            f"cash {format_money(p.cash)}"
            if p.cash
            else f"merchandise ({p.description}) at cost {format_money(p.merchandise_cost)}"
        )
        + f" at {p.played_at or p.at}"
        for p in r.prizes
    ] or ["  none"]
    lines.append(
        f"record of win: gross proceeds {format_money(r.gross_proceeds)}, prizes "
        f"{format_money(r.prizes_total)}, adjusted gross proceeds "
        f"{format_money(r.adjusted_gross_proceeds)}"
    )
    return lines
