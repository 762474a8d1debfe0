"""The consistency rules of twenty-one tournaments' money: registrations, fees, prizes and voids
(99-01.3-08-15, -16).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from croupier.books.consistency.fields import (
    _cents,
    _count,
    _day,
    _id,
    _name,
    _open_day_of,
    _refusal_text,
    _site_of,
    _text,
    _time,
)
from croupier.books.state import Books
from croupier.books.tournament21 import FEE_CAP as T21_FEE_CAP
from croupier.books.tournament21 import fee_refusal as t21_fee_refusal
from croupier.books.tournament21 import prize_refusal as t21_prize_refusal
from croupier.books.tournament21 import site_refusal as t21_site_refusal
from croupier.books.tournament21 import void_refusal as t21_void_refusal
from croupier.books.tournament21_ledger import (
    Tournament21Fee,
    Tournament21FeeVoided,
    Tournament21Prize,
    Tournament21Registered,
)


def _t21_registered(e: Tournament21Registered) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_id(e.site_id, "the site id"),
        *_name(e.name, "the tournament's name"),
        *_cents(e.entry_fee, "the entry fee (99-01.3-08-15.1)"),
    ]
    if not problems and e.entry_fee > T21_FEE_CAP:
        problems.append("its entry fee is over $200.00 (99-01.3-08-15.1)")
    return problems


def _t21_fee(e: Tournament21Fee) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_day(e.day),
        *_name(e.player, "the player"),
        *_name(e.name, "the player's name (99-01.3-08-16.1.e)"),
        *_cents(e.cents, "the fee"),
        *_id(e.collected_by, "the employee who collected it (99-01.3-08-16.1.e)"),
        *_time(e.at),
        *([] if e.played_at is None else _time(e.played_at, "its time in the tournament")),
    ]
    if not problems and e.cents > T21_FEE_CAP:
        problems.append("the fee is over $200.00 (99-01.3-08-15.1)")
    return problems


def _t21_prize(e: Tournament21Prize) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_day(e.day),
        *_name(e.player, "the player"),
        *_cents(e.cash, "the cash prize", positive=False),
        *_cents(e.merchandise_cost, "the merchandise cost", positive=False),
        *_text(e.description, "the description"),
        *_time(e.at),
        *([] if e.played_at is None else _time(e.played_at, "its time in the tournament")),
    ]
    if not problems and e.cash + e.merchandise_cost == 0:
        problems.append("it records no prize (99-01.3-08-15.4)")
    if not problems and e.merchandise_cost and not e.description.strip():
        problems.append("a merchandise prize without its description (99-01.3-08-16.1.f)")
    if not problems and e.cash and e.merchandise_cost:
        problems.append("it records a cash and a merchandise prize in one entry")
    return problems


def _t21_void(e: Tournament21FeeVoided) -> list[str]:
    problems = [
        *_id(e.tournament_id, "the tournament id"),
        *_count(e.fee, "the fee number"),
        *_day(e.day),
        *_name(e.reason, "the reason"),
        *_id(e.by, "who voided it"),
        *_time(e.at),
    ]
    return problems


def _ctx_t21_registered(books: Books, e: Tournament21Registered) -> list[str]:
    if e.tournament_id in books.t21_tournaments.tournaments:
        return [f"twenty-one tournament {e.tournament_id!r} is registered twice"]
    found = _site_of(books, e.site_id)
    refused = None if found else t21_site_refusal(books, e.site_id)
    return found or ([_refusal_text(refused)] if refused is not None else [])


def _ctx_t21_entry(books: Books, e: Tournament21Fee | Tournament21Prize) -> list[str]:
    """The same rules the writer applies (``books.tournament21``), and the day must be the one
    open at the site: a fee or prize is cash of that day's bank."""
    t = books.t21_tournaments.tournaments.get(e.tournament_id)
    if t is None:
        return [f"it names twenty-one tournament {e.tournament_id!r}, which the books lack"]
    site_id = t.registered.site_id
    found = _open_day_of(books, site_id, e.day)
    if found:
        return found
    if isinstance(e, Tournament21Fee):
        if e.collected_by not in books.employees:
            found.append(f"it was collected by {e.collected_by!r}, who is not an employee")
        refused = t21_fee_refusal(t, e.player, e.kind, e.cents) or t21_site_refusal(books, site_id)
    else:
        refused = t21_prize_refusal(t, e.player, e.cash, e.merchandise_cost, e.description)
    if refused is not None:
        found.append(_refusal_text(refused))
    return found


def _ctx_t21_void(books: Books, e: Tournament21FeeVoided) -> list[str]:
    t = books.t21_tournaments.tournaments.get(e.tournament_id)
    if t is None:
        return [f"it names twenty-one tournament {e.tournament_id!r}, which the books lack"]
    found = [] if e.by in books.employees else [f"it was voided by {e.by!r}, not an employee"]
    refused = t21_void_refusal(books, t, e.fee)
    if refused is not None:
        found.append(_refusal_text(refused))
    elif t.fees[e.fee - 1].day != e.day:
        found.append(f"it is dated {e.day}, not the day of the fee it voids")
    return found
