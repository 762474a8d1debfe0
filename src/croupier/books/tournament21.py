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
from croupier.books.model import Game, check_identifier, check_name, check_text
from croupier.books.tournament21_ledger import (
    Fee21Kind,
    Tournament21,
    Tournament21Fee,
    Tournament21FeeVoided,
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
RECORDS = "99-01.3-08-16"
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
    refused = site_refusal(books, site_id)
    if refused is not None:
        raise refused
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


def fee_refusal(t: Tournament21, player: str, kind: Fee21Kind, cents: int) -> Exception | None:
    """Why a fee of ``cents`` from ``player`` may not be collected for ``t`` (the entry fee
    once, each rebuy or add-on at most the entry fee, $200 in all per player: -08-15.1), or
    None: the one rule the writer (``collect_fee``) and the reader (``books.consistency``)
    apply."""
    fee = t.registered.entry_fee
    tid = t.registered.tournament_id
    entered = t.entered(player)
    if kind is Fee21Kind.ENTRY:
        if entered:
            return InvalidInput(
                f"{player} has entered {tid} already; more chips are a rebuy or add-on"
            )
        if cents != fee:
            return RuleViolation(
                f"the entry fee of {tid} is {format_money(fee)}, not {format_money(cents)}", FEES
            )
    else:
        if not entered:
            return InvalidInput(f"{player} has not entered {tid}: a {kind.value} follows")
        if cents > fee:
            return RuleViolation(
                f"a {kind.value} of {format_money(cents)} is more than the original entry fee "
                f"of {format_money(fee)}",
                FEES,
            )
    paid = t.paid.get(player, 0)
    if paid + cents > FEE_CAP:
        return RuleViolation(
            f"{player}'s fees would total {format_money(paid + cents)}; the cumulative entry fee, "
            "including rebuys and add-ons, for an entire tournament cannot exceed $200.00 per "
            "player",
            FEES,
        )
    return None


def prize_refusal(
    t: Tournament21, player: str, cash: int, merchandise_cost: int, description: str
) -> Exception | None:
    """Why a prize may not be paid (to an entrant; cash, or merchandise at its cost with its
    description: -08-15.4, -16.1.f), or None; shared by the writer and the reader."""
    if not t.entered(player):
        return InvalidInput(f"{player} has not entered {t.registered.tournament_id}: no prize")
    if cash + merchandise_cost == 0:
        return RuleViolation("a prize is cash or merchandise (record its cost)", PRIZES)
    if cash and merchandise_cost:
        return InvalidInput("record a cash prize and a merchandise prize separately")
    if merchandise_cost and not description.strip():
        return RuleViolation(
            "a merchandise prize is recorded with its description and cost", "99-01.3-08-16.1.f"
        )
    return None


def site_refusal(books: Books, site_id: str) -> Exception | None:
    """A twenty-one tournament is twenty-one of a site that conducts it: one with a twenty-one
    table, the game not discontinued there (-08-15: "according to this chapter")."""
    has_table = any(t.game is Game.TWENTY_ONE for (s, _), t in books.tables.items() if s == site_id)
    if not has_table or Game.TWENTY_ONE in books.sites[site_id].discontinued:
        return RuleViolation(
            f"site {site_id!r} conducts no twenty-one (no twenty-one table, or the game was "
            "discontinued there): a twenty-one tournament is conducted according to this chapter",
            "99-01.3-08-15",
        )
    return None


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
    played_at: datetime | None = None,
) -> list[Event]:
    """A fee, recorded at ``at`` (``played_at``: when it was collected in the tournament, for a
    tournament recorded afterwards)."""
    t = tournament(books, tournament_id)
    iso = require_open_day(books, t.registered.site_id, day)
    check_name(player, "player")
    check_name(name, "the player's name")
    employee(books, collected_by)
    if isinstance(cents, bool) or not isinstance(cents, int) or cents <= 0:
        raise InvalidInput(f"a fee is a positive amount, got {cents!r}")
    refused = fee_refusal(t, player, kind, cents) or site_refusal(books, t.registered.site_id)
    if refused is not None:
        raise refused
    return [
        Tournament21Fee(
            tournament_id,
            iso,
            player,
            name,
            kind,
            cents,
            collected_by,
            stamp(at),
            None if played_at is None else stamp(played_at),
        )
    ]


def pay_prize(
    books: Books,
    tournament_id: str,
    day: date,
    player: str,
    cash: int,
    merchandise_cost: int,
    description: str,
    at: datetime,
    played_at: datetime | None = None,
) -> list[Event]:
    t = tournament(books, tournament_id)
    site_id = t.registered.site_id
    iso = require_open_day(books, site_id, day)
    check_name(player, "player")
    for value, what in ((cash, "a cash prize"), (merchandise_cost, "a merchandise cost")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"{what} is a whole number of cents, got {value!r}")
    check_text(description, "prize description")
    refused = prize_refusal(t, player, cash, merchandise_cost, description)
    if refused is not None:
        raise refused
    held = books.sites[site_id].cash_bank
    if cash > held:
        raise InvalidInput(
            f"the cash bank at {site_id!r} holds {format_money(held)}; it cannot pay a prize of "
            f"{format_money(cash)}"
        )
    return [
        Tournament21Prize(
            tournament_id,
            iso,
            player,
            cash,
            merchandise_cost,
            description,
            stamp(at),
            None if played_at is None else stamp(played_at),
        )
    ]


def void_refusal(books: Books, t: Tournament21, fee: int) -> Exception | None:
    """Why fee number ``fee`` (1-based) of ``t`` may not be voided, or None (the writer and the
    reader apply it): it must stand, be of the gaming day open at the site (a closed day's
    records are kept as they are), and an entry fee goes only when none of the player's rebuys,
    add-ons or prizes stands on it."""
    tid = t.registered.tournament_id
    if not 1 <= fee <= len(t.fees):
        return InvalidInput(f"{tid} has no fee number {fee} (its fees are 1 to {len(t.fees)})")
    if fee in t.voided:
        return InvalidInput(f"fee {fee} of {tid} is voided already")
    paid = t.fees[fee - 1]
    site_id = t.registered.site_id
    if books.sites[site_id].open_day != paid.day:
        return RuleViolation(
            f"fee {fee} of {tid} was collected on the gaming day {paid.day}, which is not open: "
            "a closed day's records are kept as they are",
            RECORDS,
        )
    if paid.kind is Fee21Kind.ENTRY:
        others = [
            f for n, f in enumerate(t.fees, start=1)
            if n != fee and n not in t.voided and f.player == paid.player
        ]  # fmt: skip
        if others or any(p.player == paid.player for p in t.prizes):
            return InvalidInput(
                f"{paid.player}'s rebuys, add-ons or prizes stand on this entry: void them first"
            )
    return None


def void_fee(
    books: Books, tournament_id: str, fee: int, reason: str, by: str, at: datetime
) -> list[Event]:
    """Void a fee recorded in error, on its own gaming day while it is open (its cash handed
    back): the new entry references the fee by its number in the register."""
    t = tournament(books, tournament_id)
    employee(books, by)
    check_text(reason, "reason")
    if not reason.strip():
        raise InvalidInput("say why the fee is voided (--reason)")
    if isinstance(fee, bool) or not isinstance(fee, int):
        raise InvalidInput(f"a fee number is a whole number, got {fee!r}")
    refused = void_refusal(books, t, fee)
    if refused is not None:
        raise refused
    day = t.fees[fee - 1].day
    # the reason is kept as a name is (-16: the record says why, as it reads), without the
    # spaces around it that every reader refuses
    return [Tournament21FeeVoided(tournament_id, fee, day, reason.strip(), by, stamp(at))]


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
    voided: dict[int, Tournament21FeeVoided]
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
        dict(t.voided),
        t.gross_proceeds,
        t.prizes_total,
        t.adjusted_gross_proceeds,
    )
