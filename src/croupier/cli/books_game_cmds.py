"""``croupier books poker-...`` (poker occasions, half-hour fees, tournaments: 99-01.3-09-01,
-03, -07) and ``croupier books ticket-...`` (paddlewheel ticket card series: 99-01.3-11-02,
-07.1). Thin commands over ``croupier.books.poker`` and ``croupier.books.tickets``."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import typer

from croupier.books import poker, tickets
from croupier.books.poker_ledger import FeeKind
from croupier.cli.books_common import (
    At,
    ByOpt,
    Db,
    Org,
    _date,
    _do,
    _list,
    _money,
    _now,
    _service,
    _when,
    books_app,
)
from croupier.cli.common import console, reports_errors
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money

DayOpt = Annotated[
    str | None, typer.Option("--day", help="YYYY-MM-DD (default: the date of --at).")
]


def _day_or(day: str | None, fallback: date) -> date:
    return _date(day) if day is not None else fallback


# -- poker ----------------------------------------------------------------------------------


@books_app.command("poker-occasion")
@reports_errors
def poker_occasion(
    occasion: str,
    first_day: str,
    last_day: str,
    manager: Annotated[str, typer.Option("--manager", help="employee managing the poker")],
    sites: Annotated[str, typer.Option("--sites", help="site ids of the occasion, comma-sep")],
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a poker occasion at its sites (two per fiscal year, at most three days:
    99-01.3-09-03.1)."""
    first, last = _date(first_day), _date(last_day)
    _do(
        db,
        org,
        lambda b: poker.open_occasion(b, occasion, first, last, manager, _list(sites)),
        f"{occasion} {first_day} to {last_day}",
    )


@books_app.command("poker-fee")
@reports_errors
def poker_fee(
    occasion: str,
    table: int,
    player: str,
    half_hour_from: Annotated[
        str, typer.Option("--from", help="start of the half hour paid for (ISO time with offset)")
    ],
    by: ByOpt,
    fee: Annotated[str, typer.Option("--fee", help="at most $2")] = "$2",
    site: Annotated[
        str | None, typer.Option("--site", help="the occasion's site (default: its only one)")
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a nontournament fee for one player, table and half hour, collected in advance by
    an employee (99-01.3-09-03.3, 99-01.3-09-07.1.b)."""
    when = _now(db, org, at)
    svc = _service(db, org)
    try:
        start = _when(svc, half_hour_from)
    finally:
        svc.close()
    _do(
        db,
        org,
        lambda b: poker.collect_half_hour_fee(
            b, occasion, table, player, start, _money(fee), by, when, site
        ),
        f"{fee} from {player} at table {table} for the half hour from {half_hour_from}",
    )


@books_app.command("poker-time-worked")
@reports_errors
def poker_time_worked(
    occasion: str,
    employee_id: str,
    start: Annotated[str, typer.Option("--start", help="ISO time with offset")],
    end: Annotated[str, typer.Option("--end", help="ISO time with offset")],
    site: Annotated[
        str | None, typer.Option("--site", help="the occasion's site (default: its only one)")
    ] = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Record when an employee worked at the occasion: the time worked of the employee who
    collects the fees is part of the record (99-01.3-09-07.1.b)."""
    svc = _service(db, org)
    try:
        a, z = _when(svc, start), _when(svc, end)
    finally:
        svc.close()
    _do(
        db,
        org,
        lambda b: poker.record_time_worked(b, occasion, employee_id, a, z, site),
        f"{employee_id} {start} to {end}",
    )


@books_app.command("poker-tournament-start")
@reports_errors
def poker_tournament_start(
    occasion: str,
    tournament: str,
    director: Annotated[str, typer.Option("--director", help="employee id")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Start a tournament: no fee is refunded after this (99-01.3-09-03.4.g)."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: poker.start_tournament(b, occasion, tournament, director, when),
        f"{tournament} of {occasion}",
    )


@books_app.command("poker-tournament-fee")
@reports_errors
def poker_tournament_fee(
    occasion: str,
    tournament: str,
    player: str,
    fee: str,
    by: ByOpt,
    kind: Annotated[str, typer.Option("--kind", help="entry, rebuy, add-on or bounty")] = "entry",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a tournament fee ($300 in all per player: 99-01.3-09-01)."""
    try:
        fee_kind = FeeKind(kind.lower())
    except ValueError as exc:
        raise InvalidInput(f"fee kind is entry, rebuy, add-on or bounty, got {kind!r}") from exc
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: poker.collect_tournament_fee(
            b, occasion, tournament, player, fee_kind, _money(fee), by, when
        ),
        f"{kind} {fee} from {player} ({tournament})",
    )


@books_app.command("poker-prize")
@reports_errors
def poker_prize(
    occasion: str,
    tournament: str,
    player: str,
    amount: str,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Pay a tournament cash prize (at most 90% of its fees: 99-01.3-09-03.4.f)."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: poker.pay_prize(b, occasion, tournament, player, _money(amount), when),
        f"{amount} to {player} ({tournament})",
    )


# -- paddlewheel ticket card series ---------------------------------------------------------


def _card_range(text: str) -> tuple[int, int]:
    first, sep, last = text.partition("-")
    try:
        return (int(first), int(last)) if sep else (int(first), int(first))
    except ValueError as exc:
        raise InvalidInput(f"card numbers are FIRST-LAST, e.g. 1001-1050, got {text!r}") from exc


@books_app.command("ticket-series")
@reports_errors
def ticket_series(
    series: str,
    site: str,
    cards: Annotated[str, typer.Option("--cards", help="range of card numbers, FIRST-LAST")],
    tickets_per_card: Annotated[int, typer.Option("--tickets-per-card")],
    stamp: Annotated[str, typer.Option("--stamp", help="state gaming stamp on the master flare")],
    price: Annotated[str, typer.Option("--price", help="per ticket, at most $2")] = "$1",
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a series of paddlewheel ticket cards from its master flare (99-01.3-11-02.1)."""
    first, last = _card_range(cards)
    _do(
        db,
        org,
        lambda b: tickets.register_series(
            b, series, site, _money(price), first, last, tickets_per_card, stamp
        ),
        f"series {series}: cards {first}-{last}",
    )


@books_app.command("ticket-sell")
@reports_errors
def ticket_sell(
    series: str,
    card: int,
    count: Annotated[int, typer.Argument(help="tickets sold")],
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record tickets of a card sold (all on the day of the game: 99-01.3-11-02.2)."""
    when = _now(db, org, at)
    d = _day_or(day, when.date())
    _do(
        db,
        org,
        lambda b: tickets.sell_tickets(b, series, card, d, count, when),
        f"{count} ticket(s) of card {card}",
    )


@books_app.command("ticket-refund")
@reports_errors
def ticket_refund(
    series: str, card: int, day: DayOpt = None, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Refund a card not sold out before the spin (99-01.3-11-02.2)."""
    when = _now(db, org, at)
    d = _day_or(day, when.date())
    _do(db, org, lambda b: tickets.refund_card(b, series, card, d, when), f"card {card}")


@books_app.command("ticket-spin")
@reports_errors
def ticket_spin(
    series: str,
    card: int,
    winning_number: str,
    revolutions: Annotated[int, typer.Option("--revolutions", help="at least 4")],
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a spin for a sold-out card (at least four revolutions: 99-01.3-11-02.3)."""
    when = _now(db, org, at)
    d = _day_or(day, when.date())
    _do(
        db,
        org,
        lambda b: tickets.spin(b, series, card, d, revolutions, winning_number, when),
        f"card {card} won by {winning_number}",
    )


@books_app.command("ticket-prize")
@reports_errors
def ticket_prize(
    series: str,
    card: int,
    cash: Annotated[str, typer.Option("--cash", help="cash prize")] = "$0",
    merchandise_cost: Annotated[
        str, typer.Option("--merchandise-cost", help="cost of a merchandise prize")
    ] = "$0",
    description: Annotated[str, typer.Option("--description")] = "",
    day: DayOpt = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a prize payoff: date, card, cash or cost and description (99-01.3-11-02.4)."""
    when = _now(db, org, at)
    d = _day_or(day, when.date())
    _do(
        db,
        org,
        lambda b: tickets.pay_ticket_prize(
            b, series, card, d, _money(cash), _money(merchandise_cost), description, when
        ),
        f"card {card}",
    )


@books_app.command("ticket-status")
@reports_errors
def ticket_status(series: str, db: Db = None, org: Org = None) -> None:
    """The per-series summary: cards played, unsold cards retained, proceeds and prizes
    (99-01.3-11-07.3.b, 11-02.5)."""
    svc = _service(db, org)
    try:
        b = svc.books()
    finally:
        svc.close()
    if series not in b.tickets.series:
        raise InvalidInput(f"no ticket series {series!r}")
    s = tickets.series_summary(b, series)
    console.print(f"series {series}, reported in {s.quarter or 'not yet played'}", highlight=False)
    console.print(f"cards played: {', '.join(map(str, s.cards_played)) or 'none'}", highlight=False)
    console.print(
        f"unsold cards (retained): {_ranges(s.unsold_cards) or 'none'}",
        highlight=False,
    )
    console.print(
        f"gross proceeds {format_money(s.gross_proceeds)}; prizes {format_money(s.prizes)}; "
        f"adjusted gross proceeds {format_money(s.adjusted_gross_proceeds)}",
        highlight=False,
    )


def _ranges(numbers: tuple[int, ...]) -> str:
    """1, 2, 3, 5 -> '1-3, 5'."""
    out: list[str] = []
    for n in sorted(numbers):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)
