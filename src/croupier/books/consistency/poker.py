"""The consistency rules of poker occasions: fees, time worked, tournaments, prizes and buy-ins
(99-01.3-09-01, -03, -07).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from croupier.books.consistency.fields import (
    _cents,
    _count,
    _day,
    _id,
    _ids,
    _name,
    _optional_id,
    _text,
    _time,
)
from croupier.books.poker_ledger import (
    END,
    START,
    PokerBuyInRedeemed,
    PokerCashCounted,
    PokerCashDeposited,
    PokerHalfHourFee,
    PokerHalfHourFeeVoided,
    PokerOccasionOpened,
    PokerPrizePaid,
    PokerTimeWorked,
    PokerTournamentFee,
    PokerTournamentStarted,
)
from croupier.books.state import Books


def _occasion(e: PokerOccasionOpened) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_day(e.first_day, "its first day"),
        *_day(e.last_day, "its last day"),
        *_id(e.manager_id, "the manager's id"),
        *_ids(e.sites, "a site id"),
    ]
    if not problems and e.last_day < e.first_day:
        problems.append("its last day is before its first day (99-01.3-09-03.1)")
    return problems


def _half_hour_fee(e: PokerHalfHourFee) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_count(e.table, "the table number"),
        *_name(e.player, "the player"),
        *_time(e.period_start, "the half hour's start"),
        *_cents(e.cents, "the fee"),
        *_id(e.collected_by, "the collector's id"),
        *_time(e.collected_at, "the time collected"),
        *_optional_id(e.site_id, "the site id"),
    ]


def _half_hour_void(e: PokerHalfHourFeeVoided) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_name(e.player, "the player"),
        *_time(e.period_start, "the half hour's start"),
        *_id(e.by, "the voider's id"),
        *_time(e.at, "the time voided"),
    ]


def _time_worked(e: PokerTimeWorked) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.employee_id, "the employee id"),
        *_id(e.site_id, "the site id"),
        *_time(e.start, "the start"),
        *_time(e.end, "the end"),
    ]
    if not problems and datetime.fromisoformat(e.end) <= datetime.fromisoformat(e.start):
        problems.append("the time worked ends before it starts (99-01.3-09-07.1.b)")
    return problems


def _tournament(e: PokerTournamentStarted) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.tournament_id, "the tournament id"),
        *_id(e.director_id, "the director's id"),
        *_time(e.at),
    ]


def _tournament_fee(e: PokerTournamentFee) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.tournament_id, "the tournament id"),
        *_name(e.player, "the player"),
        *_cents(e.cents, "the fee"),
        *_id(e.collected_by, "the collector's id"),
        *_time(e.at),
        *_text(e.name, "the player's name"),
        *_text(e.address, "the player's address"),
    ]


def _cash_counted(e: PokerCashCounted) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_optional_id(e.tournament_id, "the tournament id"),
        *_cents(e.cash, "the cash on hand", positive=False),
        *_cents(e.chips, "the chips", positive=False),
        *_id(e.by, "the counter's id"),
        *_time(e.at),
    ]
    if e.moment not in (START, END):
        problems.append(f"it counts at {e.moment!r}, not the start or the end (99-01.3-09-07.1.a)")
    return problems


def _cash_deposited(e: PokerCashDeposited) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_optional_id(e.tournament_id, "the tournament id"),
        *_cents(e.cents, "the deposit"),
        *_id(e.by, "the depositor's id"),
        *_time(e.at),
    ]


def _poker_prize(e: PokerPrizePaid) -> list[str]:
    return [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.tournament_id, "the tournament id"),
        *_name(e.player, "the player"),
        *_cents(e.cents, "the prize"),
        *_time(e.at),
    ]


def _buy_in_redeemed(e: PokerBuyInRedeemed) -> list[str]:
    problems = [
        *_id(e.occasion_id, "the occasion id"),
        *_id(e.satellite_id, "the satellite id"),
        *_id(e.tournament_id, "the tournament id"),
        *_id(e.receipt, "the receipt"),
        *_name(e.player, "the player"),
        *_cents(e.cents, "the buy-in"),
        *_id(e.collected_by, "the collector's id"),
        *_time(e.at),
    ]
    if not problems and e.satellite_id == e.tournament_id:
        problems.append("it redeems a buy-in in its own satellite (99-01.3-09-03.4.d)")
    return problems


def _ctx_occasion(books: Books, e: PokerOccasionOpened) -> list[str]:
    if e.occasion_id in books.poker.occasions:
        return [f"poker occasion {e.occasion_id!r} is opened twice"]
    return []


def _ctx_in_occasion(books: Books, e: Any) -> list[str]:
    if e.occasion_id not in books.poker.occasions:
        return [f"it names poker occasion {e.occasion_id!r}, which the books lack"]
    return []


def _ctx_fee_void(books: Books, e: PokerHalfHourFeeVoided) -> list[str]:
    found = _ctx_in_occasion(books, e)
    fees = books.poker.occasions[e.occasion_id].half_hour_fees if not found else []
    if not found and not any(
        f.player == e.player and f.period_start == e.period_start for f in fees
    ):
        found.append(
            f"it voids a fee of {e.player} for the half hour from {e.period_start}, which no "
            "standing fee is"
        )
    return found


def _ctx_poker_prize(books: Books, e: PokerPrizePaid) -> list[str]:
    found = _ctx_in_occasion(books, e)
    if not found and e.tournament_id not in books.poker.occasions[e.occasion_id].tournaments:
        found.append(f"it names tournament {e.tournament_id!r}, which the books lack")
    return found


def _ctx_buy_in(books: Books, e: PokerBuyInRedeemed) -> list[str]:
    found = _ctx_in_occasion(books, e)
    if found:
        return found
    occ = books.poker.occasions[e.occasion_id]
    if e.satellite_id not in occ.tournaments:
        found.append(f"it names satellite {e.satellite_id!r}, which the books lack")
    if e.receipt in occ.redeemed:
        found.append(f"buy-in prize {e.receipt} is redeemed twice (99-01.3-09-03.4.d)")
    return found
