"""Twenty-one tournaments in the books (99-01.3-08-15, -08-16.1.e, f).

- ``register_tournament``: the tournament, its site and the entry fee disclosed (-08-15.1);
- ``collect_fee``: an entry (the entry fee, once per player), a rebuy or an add-on (each at most
  the entry fee), at most $200 in all per player for the whole tournament (-08-15.1), with the
  player's name and the employee who collected it, on an open gaming day of the site (the
  fee is cash of that day's cash bank, -08-16.1.e);
- ``pay_prize``: a cash prize from the cash bank or a merchandise prize at its cost with its
  description, to a player who entered (-08-15.4; the prize register, -08-16.1.f).

Each returns the events it causes, or raises ``RuleViolation`` citing its section (or
``InvalidInput``) before any event exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from croupier.books.guards import employee, require_open_day, require_org, require_site, stamp
from croupier.books.model import check_identifier, check_name, check_text
from croupier.books.tournament21_ledger import (
    Fee21Kind,
    Tournament21,
    Tournament21Fee,
    Tournament21Prize,
    Tournament21Registered,
)
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money

if TYPE_CHECKING:
    from croupier.books.state import Books

FEE_CAP = 20000
"""$200: the cumulative entry fee, rebuys and add-ons included, per player (-08-15.1)."""
FEES = "99-01.3-08-15.1"
PRIZES = "99-01.3-08-15.4"


def register_tournament(
    books: Books, tournament_id: str, site_id: str, name: str, entry_fee: int
) -> list[Event]:
    require_org(books)
    check_identifier(tournament_id, "tournament id")
    require_site(books, site_id)
    check_name(name, "tournament name")
    if tournament_id in books.t21_tournaments.tournaments:
        raise InvalidInput(f"twenty-one tournament {tournament_id!r} already exists")
    if isinstance(entry_fee, bool) or not isinstance(entry_fee, int) or entry_fee <= 0:
        raise RuleViolation("an organization shall charge a player an entry fee", FEES)
    if entry_fee > FEE_CAP:
        raise RuleViolation(
            f"an entry fee of {format_money(entry_fee)} exceeds the $200.00 a player may pay "
            "for an entire tournament",
            FEES,
        )
    return [Tournament21Registered(tournament_id, site_id, name, entry_fee)]


def tournament(books: Books, tournament_id: str) -> Tournament21:
    found = books.t21_tournaments.tournaments.get(tournament_id)
    if found is None:
        raise InvalidInput(f"no twenty-one tournament {tournament_id!r} in the books")
    return found


def collect_fee(
    books: Books,
    tournament_id: str,
    day: date,
    player: str,
    name: str,
    kind: Fee21Kind,
    cents: int,
    collected_by: str,
    at: datetime,
) -> list[Event]:
    t = tournament(books, tournament_id)
    iso = require_open_day(books, t.registered.site_id, day)
    check_name(player, "player")
    check_name(name, "the player's name")
    employee(books, collected_by)
    if isinstance(cents, bool) or not isinstance(cents, int) or cents <= 0:
        raise InvalidInput(f"a fee is a positive amount, got {cents!r}")
    fee = t.registered.entry_fee
    entered = player in t.paid
    if kind is Fee21Kind.ENTRY:
        if entered:
            raise InvalidInput(
                f"{player} has entered {tournament_id} already; more chips are a rebuy or add-on"
            )
        if cents != fee:
            raise RuleViolation(
                f"the entry fee of {tournament_id} is {format_money(fee)}, not "
                f"{format_money(cents)}",
                FEES,
            )
    else:
        if not entered:
            raise InvalidInput(f"{player} has not entered {tournament_id}: a {kind.value} follows")
        if cents > fee:
            raise RuleViolation(
                f"a {kind.value} of {format_money(cents)} is more than the original entry fee "
                f"of {format_money(fee)}",
                FEES,
            )
    paid = t.paid.get(player, 0)
    if paid + cents > FEE_CAP:
        raise RuleViolation(
            f"{player}'s fees would total {format_money(paid + cents)}; the cumulative entry fee, "
            "including rebuys and add-ons, for an entire tournament cannot exceed $200.00 per "
            "player",
            FEES,
        )
    return [Tournament21Fee(tournament_id, iso, player, name, kind, cents, collected_by, stamp(at))]


def pay_prize(
    books: Books,
    tournament_id: str,
    day: date,
    player: str,
    cash: int,
    merchandise_cost: int,
    description: str,
    at: datetime,
) -> list[Event]:
    t = tournament(books, tournament_id)
    site_id = t.registered.site_id
    iso = require_open_day(books, site_id, day)
    check_name(player, "player")
    if player not in t.paid:
        raise InvalidInput(f"{player} has not entered {tournament_id}: no prize to pay")
    for value, what in ((cash, "a cash prize"), (merchandise_cost, "a merchandise cost")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"{what} is a whole number of cents, got {value!r}")
    if cash + merchandise_cost == 0:
        raise RuleViolation("a prize is cash or merchandise (record its cost)", PRIZES)
    if cash and merchandise_cost:
        raise InvalidInput("record a cash prize and a merchandise prize separately")
    check_text(description, "prize description")
    if merchandise_cost and not description.strip():
        raise RuleViolation(
            "a merchandise prize is recorded with its description and cost", "99-01.3-08-16.1.f"
        )
    held = books.sites[site_id].cash_bank
    if cash > held:
        raise InvalidInput(
            f"the cash bank at {site_id!r} holds {format_money(held)}; it cannot pay a prize of "
            f"{format_money(cash)}"
        )
    return [
        Tournament21Prize(
            tournament_id, iso, player, cash, merchandise_cost, description, stamp(at)
        )
    ]


@dataclass(frozen=True, slots=True)
class Tournament21Record:
    """The records of one twenty-one tournament (-08-16.1.e, f): its fee register, prize
    register and record of win, never combined with another tournament's."""

    tournament_id: str
    site_id: str
    name: str
    entry_fee: int
    fees: tuple[Tournament21Fee, ...]
    prizes: tuple[Tournament21Prize, ...]
    gross_proceeds: int
    prizes_total: int
    adjusted_gross_proceeds: int


def tournament_record(books: Books, tournament_id: str) -> Tournament21Record:
    t = tournament(books, tournament_id)
    r = t.registered
    return Tournament21Record(
        r.tournament_id,
        r.site_id,
        r.name,
        r.entry_fee,
        tuple(t.fees),
        tuple(t.prizes),
        t.gross_proceeds,
        t.prizes_total,
        t.adjusted_gross_proceeds,
    )
