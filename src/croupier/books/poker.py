"""Poker occasions, fees and prizes (99-01.3-09-01, -03, -07).

An organization may conduct poker on two occasions per fiscal year (July to June). Tournament
play is an occasion of not more than three consecutive calendar days; nontournament play and
side games are limited to a twenty-four hour period, with a fee of at most $2 per half hour of
playing time collected in advance and recorded by the collecting employee. A tournament's total
fees per player (entry, rebuys, add-ons, bounties) may not exceed $300; its prizes may not exceed
ninety percent of its fees; no fee is refunded after the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from croupier.books.amounts import Amount, unknown
from croupier.books.guards import employee, require_org, require_positive, require_site, stamp
from croupier.books.model import check_identifier, check_name, check_text
from croupier.books.poker_ledger import (
    END,
    START,
    FeeKind,
    Occasion,
    PokerBuyInRedeemed,
    PokerCashCounted,
    PokerCashDeposited,
    PokerHalfHourFee,
    PokerHalfHourFeeVoided,
    PokerLedger,
    PokerOccasionOpened,
    PokerPrizePaid,
    PokerTimeWorked,
    PokerTournamentFee,
    PokerTournamentStarted,
    Tournament,
)
from croupier.books.quarters import fiscal_year_start
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money

if TYPE_CHECKING:
    from croupier.books.state import Books

OCCASIONS_PER_FISCAL_YEAR = 2
TOURNAMENT_DAYS = 3
NONTOURNAMENT_PERIOD = timedelta(hours=24)
HALF_HOUR_FEE_CAP = 200
TOURNAMENT_FEE_CAP = 30000
PRIZE_SHARE_CAP = (9, 10)


def open_occasion(
    books: Books,
    occasion_id: str,
    first_day: date,
    last_day: date,
    manager_id: str,
    sites: tuple[str, ...],
) -> list[Event]:
    """Open a poker occasion at one or more authorized sites: two per fiscal year, at most
    three consecutive calendar days (99-01.3-09-03.1)."""
    require_org(books)
    check_identifier(occasion_id, "occasion id")
    employee(books, manager_id)
    if not sites:
        raise InvalidInput("a poker occasion is held at one or more sites")
    for site_id in sites:
        require_site(books, site_id)
    if occasion_id in books.poker.occasions:
        raise InvalidInput(f"poker occasion {occasion_id!r} already exists")
    if last_day < first_day:
        raise InvalidInput("an occasion ends on or after the day it starts")
    if (last_day - first_day).days + 1 > TOURNAMENT_DAYS:
        raise RuleViolation(
            "a poker occasion is not more than three consecutive calendar days of play",
            "99-01.3-09-03.1",
        )
    fy = fiscal_year_start(first_day)
    same_year = [
        o
        for o in books.poker.occasions.values()
        if fiscal_year_start(date.fromisoformat(o.opened.first_day)) == fy
    ]
    if len(same_year) >= OCCASIONS_PER_FISCAL_YEAR:
        raise RuleViolation(
            f"poker may be conducted on only two occasions per fiscal year (from {fy.isoformat()})",
            "99-01.3-09-03.1",
        )
    return [
        PokerOccasionOpened(
            occasion_id, first_day.isoformat(), last_day.isoformat(), manager_id, tuple(sites)
        )
    ]


def _occasion(books: Books, occasion_id: str) -> Occasion:
    try:
        return books.poker.occasions[occasion_id]
    except KeyError:
        raise InvalidInput(f"no poker occasion {occasion_id!r}") from None


def _within(occ: Occasion, at: datetime) -> None:
    first = date.fromisoformat(occ.opened.first_day)
    last = date.fromisoformat(occ.opened.last_day)
    if not first <= at.date() <= last:
        raise RuleViolation(
            f"{at.date().isoformat()} is outside poker occasion {occ.opened.occasion_id} "
            f"({first.isoformat()} to {last.isoformat()})",
            "99-01.3-09-03.1",
        )


CASH_ON_HAND = "99-01.3-09-07.1.a"


def _activity(tournament_id: str | None) -> str:
    return "the nontournament play" if tournament_id is None else f"tournament {tournament_id}"


def _not_counted_out(occ: Occasion, tournament_id: str | None) -> None:
    """An activity whose ending cash on hand is counted takes no more money (its record is
    complete: the count would no longer be its ending cash, -07.1.a)."""
    hand = occ.cash.get(tournament_id)
    if hand is not None and hand.end is not None:
        raise RuleViolation(
            f"the ending cash on hand of {_activity(tournament_id)} of occasion "
            f"{occ.opened.occasion_id} is counted: it takes no more fees or prizes",
            CASH_ON_HAND,
        )


def _site_of(occ: Occasion, site_id: str | None) -> str | None:
    """The occasion's site where the activity happens: one of its sites (the only one by
    default); an occasion recorded without sites takes none."""
    sites = occ.opened.sites
    if not sites:
        return site_id
    if site_id is None:
        if len(sites) == 1:
            return sites[0]
        raise InvalidInput(
            f"occasion {occ.opened.occasion_id} is held at {', '.join(sites)}: name the site"
        )
    if site_id not in sites:
        raise RuleViolation(
            f"site {site_id!r} is not one of the sites of poker occasion "
            f"{occ.opened.occasion_id} ({', '.join(sites)})",
            "99-01.3-09-03.1",
        )
    return site_id


def collect_half_hour_fee(
    books: Books,
    occasion_id: str,
    table: int,
    player: str,
    period_start: datetime,
    cents: int,
    collected_by: str,
    collected_at: datetime,
    site_id: str | None = None,
) -> list[Event]:
    """A nontournament fee: at most $2 per half hour, collected in advance, within a
    twenty-four hour period of play, at one of the occasion's sites (99-01.3-09-03.1, .3)."""
    occ = _occasion(books, occasion_id)
    if isinstance(table, bool) or not isinstance(table, int) or table < 1:
        raise InvalidInput(
            f"a table number is 1 or more, not {table!r}: the fees are recorded for each "
            "one-half hour interval on each table (99-01.3-09-07.1.b)"
        )
    check_name(player, "player")
    employee(books, collected_by)
    site = _site_of(occ, site_id)
    require_positive(cents, "fee")
    if cents > HALF_HOUR_FEE_CAP:
        raise RuleViolation(
            f"a fee of {format_money(cents)} exceeds $2.00 per one-half hour of playing time",
            "99-01.3-09-03.3",
        )
    if collected_at > period_start:
        raise RuleViolation("the fee is collected in advance of the half hour", "99-01.3-09-03.3")
    _within(occ, period_start)
    _not_counted_out(occ, None)
    half_hour = timedelta(minutes=30)
    for paid in occ.half_hour_fees:
        paid_start = datetime.fromisoformat(paid.period_start)
        if paid.player == player and abs(paid_start - period_start) < half_hour:
            raise RuleViolation(
                f"{player} already paid {format_money(paid.cents)} for the half hour from "
                f"{paid.period_start} (table {paid.table}); the fee is at most $2.00 per "
                "one-half hour of playing time",
                "99-01.3-09-03.3",
            )
    prior = [datetime.fromisoformat(f.period_start) for f in occ.half_hour_fees]
    first = min([*prior, period_start])
    last = max([*prior, period_start])
    if last + timedelta(minutes=30) - first > NONTOURNAMENT_PERIOD:
        raise RuleViolation(
            "nontournament play and side games are restricted to a twenty-four-hour period",
            "99-01.3-09-03.1",
        )
    return [
        PokerHalfHourFee(
            occasion_id,
            table,
            player,
            stamp(period_start),
            cents,
            collected_by,
            stamp(collected_at),
            site,
        )
    ]


def void_half_hour_fee(
    books: Books,
    occasion_id: str,
    player: str,
    period_start: datetime,
    reason: str,
    by: str,
    at: datetime,
) -> list[Event]:
    """Void a nontournament fee keyed in error (its cash handed back): the fee of ``player`` for
    the half hour from ``period_start``, on the calendar day it was collected, by an employee who
    says why. The record keeps both (99-01.3-09-07.1.b: the fees collected, and who collected
    them); the fee no longer counts."""
    occ = _occasion(books, occasion_id)
    employee(books, by)
    check_text(reason, "reason")
    if not reason.strip():
        raise InvalidInput("say why the fee is voided (--reason)")
    start = stamp(period_start)
    fee = next(
        (f for f in occ.half_hour_fees if f.player == player and f.period_start == start), None
    )
    if fee is None:
        raise InvalidInput(
            f"{occasion_id} has no standing fee of {player} for the half hour from {start}"
        )
    collected = datetime.fromisoformat(fee.collected_at)
    if at.astimezone(collected.tzinfo).date() != collected.date():
        raise RuleViolation(
            f"the fee was collected on {collected.date()}: a fee is voided the day it was "
            "collected, its record kept as it is after that",
            "99-01.3-09-07.1.b",
        )
    return [PokerHalfHourFeeVoided(occasion_id, player, start, reason.strip(), by, stamp(at))]


def record_time_worked(
    books: Books,
    occasion_id: str,
    employee_id: str,
    start: datetime,
    end: datetime,
    site_id: str | None = None,
) -> list[Event]:
    """When an employee worked at the occasion (the time worked of the employee who collects
    the fees is part of the record, 99-01.3-09-07.1.b)."""
    occ = _occasion(books, occasion_id)
    employee(books, employee_id)
    site = _site_of(occ, site_id)
    if site is None:
        raise InvalidInput("name the site where the employee worked")
    if end <= start:
        raise InvalidInput("time worked ends after it starts")
    _within(occ, start)
    return [PokerTimeWorked(occasion_id, employee_id, site, stamp(start), stamp(end))]


def start_tournament(
    books: Books, occasion_id: str, tournament_id: str, director_id: str, at: datetime
) -> list[Event]:
    occ = _occasion(books, occasion_id)
    check_identifier(tournament_id, "tournament id")
    employee(books, director_id)
    _within(occ, at)
    existing = occ.tournaments.get(tournament_id)
    if existing is not None and existing.started_at is not None:
        raise InvalidInput(f"tournament {tournament_id!r} already started")
    for role, person in (("director", director_id), ("manager", occ.opened.manager_id)):
        if existing is not None and person in existing.fees:
            raise RuleViolation(
                f"the tournament {role} may not participate in the tournament", "99-01.3-09-03.4.h"
            )
    return [PokerTournamentStarted(occasion_id, tournament_id, director_id, stamp(at))]


def collect_tournament_fee(
    books: Books,
    occasion_id: str,
    tournament_id: str,
    player: str,
    kind: FeeKind,
    cents: int,
    collected_by: str,
    at: datetime,
    name: str = "",
    address: str = "",
) -> list[Event]:
    """Entry, rebuy, add-on or bounty: at most $300 in all per player (99-01.3-09-01). The
    player's name and address come with the player's first fee of the occasion (-07.1.c)."""
    occ = _occasion(books, occasion_id)
    try:
        check_identifier(tournament_id, "tournament id")
    except InvalidInput as exc:
        raise InvalidInput(
            f"{exc}: a fee is recorded for its tournament, each tournament's records kept "
            "apart (99-01.3-09-01, -07.1.c)"
        ) from None
    check_name(player, "player")
    employee(books, collected_by)
    _within(occ, at)
    require_positive(cents, "fee")
    t = occ.tournaments.get(tournament_id, Tournament())
    if player in (t.director_id, occ.opened.manager_id):
        raise RuleViolation(
            "a tournament director and the employee managing the poker activity may not "
            "participate",
            "99-01.3-09-03.4.h",
        )
    paid = t.fees.get(player, 0)
    if paid + cents > TOURNAMENT_FEE_CAP:
        raise RuleViolation(
            f"{player}'s fees would total {format_money(paid + cents)}; total fees for a "
            "tournament may not exceed $300.00 per player, including buy-in, rebuys, add-ons "
            "and bounties",
            "99-01.3-09-01",
        )
    _not_counted_out(occ, tournament_id)
    name, address = _name_and_address(occ, player, name, address)
    return [
        PokerTournamentFee(
            occasion_id,
            tournament_id,
            player,
            kind,
            cents,
            collected_by,
            stamp(at),
            name,
            address,
        )
    ]


def _name_and_address(occ: Occasion, player: str, name: str, address: str) -> tuple[str, str]:
    """What a fee records of its player: the name and address with the player's first fee of
    the occasion, nothing again with later ones (they are the first fee's)."""
    name, address = name.strip(), address.strip()
    known = occ.players.get(player)
    if known is not None:
        if (name and name != known[0]) or (address and address != known[1]):
            raise InvalidInput(
                f"{player} is recorded as {known[0]}, {known[1]}: a later fee does not change "
                "the name and address given with the first"
            )
        return "", ""
    if not name or not address:
        raise RuleViolation(
            f"the name and address of {player} are recorded with the player's first fee "
            "(--name, --address)",
            "99-01.3-09-07.1.c",
        )
    check_text(name, "the player's name")
    check_text(address, "the player's address")
    return name, address


def refund_tournament_fee(books: Books, occasion_id: str, tournament_id: str) -> list[Event]:
    """Refunds are refused once the tournament has started (99-01.3-09-03.4.g)."""
    t = _occasion(books, occasion_id).tournaments.get(tournament_id)
    if t is not None and t.started_at is not None:
        raise RuleViolation(
            "after the start of the tournament no buy-in or other fee may be refunded",
            "99-01.3-09-03.4.g",
        )
    raise InvalidInput("refunds before the start are handed back in cash and not recorded here")


def pay_prize(
    books: Books, occasion_id: str, tournament_id: str, player: str, cents: int, at: datetime
) -> list[Event]:
    """A cash prize; total prizes may not exceed ninety percent of the fees (99-01.3-09-03.4.f)."""
    occ = _occasion(books, occasion_id)
    t = occ.tournaments.get(tournament_id)
    if t is None:
        raise InvalidInput(f"no tournament {tournament_id!r}")
    check_name(player, "player")
    require_positive(cents, "prize")
    _not_counted_out(occ, tournament_id)
    num, den = PRIZE_SHARE_CAP
    if (t.prizes + cents) * den > t.gross_proceeds * num:
        raise RuleViolation(
            f"prizes would total {format_money(t.prizes + cents)}, over ninety percent of the "
            f"{format_money(t.gross_proceeds)} in fees",
            "99-01.3-09-03.4.f",
        )
    return [PokerPrizePaid(occasion_id, tournament_id, player, cents, stamp(at))]


def redeem_buy_in(
    books: Books,
    occasion_id: str,
    satellite_id: str,
    tournament_id: str,
    receipt: str,
    player: str,
    cents: int,
    collected_by: str,
    at: datetime,
    name: str = "",
    address: str = "",
) -> list[Event]:
    """A satellite's buy-in prize redeemed for ``player``'s entry to the larger tournament
    (99-01.3-09-03.4.d): at its cost, a prize of the satellite (at most ninety percent of the
    satellite's fees, -03.4.f) and gross proceeds of the tournament (toward the player's $300,
    -09-01). An unredeemed buy-in is valued at zero: nothing is recorded for it."""
    occ = _occasion(books, occasion_id)
    check_identifier(satellite_id, "satellite id")
    check_identifier(tournament_id, "tournament id")
    check_identifier(receipt, "receipt")
    check_name(player, "player")
    employee(books, collected_by)
    _within(occ, at)
    require_positive(cents, "buy-in")
    if satellite_id == tournament_id:
        raise InvalidInput("a buy-in prize is redeemed in a larger tournament than its satellite")
    sat = occ.tournaments.get(satellite_id)
    if sat is None or sat.started_at is None:
        raise InvalidInput(f"no satellite {satellite_id!r} was played in occasion {occasion_id}")
    if receipt in occ.redeemed:
        raise InvalidInput(
            f"buy-in prize {receipt} was redeemed by {occ.redeemed[receipt].player} already"
        )
    main = occ.tournaments.get(tournament_id, Tournament())
    if main.started_at is not None:
        raise InvalidInput(f"tournament {tournament_id!r} has started: its entries are closed")
    if player in (main.director_id, occ.opened.manager_id):
        raise RuleViolation(
            "a tournament director and the employee managing the poker activity may not "
            "participate",
            "99-01.3-09-03.4.h",
        )
    paid = main.fees.get(player, 0)
    if paid + cents > TOURNAMENT_FEE_CAP:
        raise RuleViolation(
            f"{player}'s fees would total {format_money(paid + cents)}; total fees for a "
            "tournament may not exceed $300.00 per player, including buy-in, rebuys, add-ons "
            "and bounties",
            "99-01.3-09-01",
        )
    num, den = PRIZE_SHARE_CAP
    if (sat.prizes + cents) * den > sat.gross_proceeds * num:
        raise RuleViolation(
            f"prizes of satellite {satellite_id} would total {format_money(sat.prizes + cents)}, "
            f"over ninety percent of the {format_money(sat.gross_proceeds)} in fees",
            "99-01.3-09-03.4.f",
        )
    name, address = _name_and_address(occ, player, name, address)
    return [
        PokerBuyInRedeemed(
            occasion_id,
            satellite_id,
            tournament_id,
            receipt,
            player,
            cents,
            collected_by,
            stamp(at),
            name,
            address,
        )
    ]


def count_cash(
    books: Books,
    occasion_id: str,
    tournament_id: str | None,
    moment: str,
    cash: int,
    chips: int,
    by: str,
    at: datetime,
) -> list[Event]:
    """The starting or ending cash on hand and chips of one activity of the occasion (a
    tournament, or ``None``: nontournament play and side games), -07.1.a. Each is counted once,
    the end after the start; after the end the activity takes no more money."""
    occ = _occasion(books, occasion_id)
    if tournament_id is not None:
        check_identifier(tournament_id, "tournament id")
    employee(books, by)
    if moment not in (START, END):
        raise InvalidInput(f"a cash count is at the {START} or the {END}, not {moment!r}")
    for value, what in ((cash, "the cash on hand"), (chips, "the chips")):
        if value < 0:
            raise InvalidInput(f"{what} cannot be negative")
    hand = occ.cash.get(tournament_id)
    what = _activity(tournament_id)
    if moment == START and hand is not None and hand.start is not None:
        raise InvalidInput(f"the starting cash on hand of {what} is counted already")
    if moment == END:
        if hand is None or hand.start is None:
            raise RuleViolation(
                f"the starting cash on hand of {what} was not counted: count it first",
                CASH_ON_HAND,
            )
        if hand.end is not None:
            raise InvalidInput(f"the ending cash on hand of {what} is counted already")
    return [PokerCashCounted(occasion_id, tournament_id, moment, cash, chips, by, stamp(at))]


def deposit_cash(
    books: Books, occasion_id: str, tournament_id: str | None, cents: int, by: str, at: datetime
) -> list[Event]:
    """A bank deposit of one activity's cash, after its ending cash on hand is counted: at most
    the cash counted less what was deposited of it (-07.1.f)."""
    occ = _occasion(books, occasion_id)
    employee(books, by)
    require_positive(cents, "deposit")
    hand = occ.cash.get(tournament_id)
    what = _activity(tournament_id)
    if hand is None or hand.end is None:
        raise RuleViolation(
            f"the ending cash on hand of {what} is counted before its deposit", CASH_ON_HAND
        )
    left = hand.end.cash - hand.deposited
    if cents > left:
        raise InvalidInput(
            f"{format_money(left)} of the cash counted at the end of {what} is left to deposit"
        )
    return [PokerCashDeposited(occasion_id, tournament_id, cents, by, stamp(at))]


@dataclass(frozen=True, slots=True)
class PokerSummary:
    """One tournament's (or the nontournament play's) record; never combined (99-01.3-09-01):
    gross proceeds, prizes, adjusted gross proceeds, cash profit, cash long or short and bank
    deposit (-07.1.f)."""

    occasion_id: str
    tournament_id: str | None
    gross_proceeds: int
    prizes: int
    cash_in: int = 0
    """Fees taken in cash (a buy-in prize redeemed as an entry is a fee, not cash)."""
    cash_out: int = 0
    """Prizes paid in cash (a buy-in prize is a prize, not cash)."""
    start: int | None = None
    """The starting cash on hand and chips, if counted."""
    end: int | None = None
    """The ending cash on hand and chips, if counted."""
    bank_deposit: int = 0

    @property
    def adjusted_gross_proceeds(self) -> int:
        return self.gross_proceeds - self.prizes

    @property
    def cash_profit(self) -> Amount:
        """Ending less starting cash on hand and chips (-07.1.e: 99-01.3-02-01.9.k is not in
        the rules provided; read as the other games' cash profit)."""
        if self.start is None or self.end is None:
            return unknown(self._uncounted())
        return self.end - self.start

    @property
    def cash_long_short(self) -> Amount:
        """Ending cash on hand and chips counted less what they should be: the start, plus the
        fees taken in cash, less the prizes paid in cash."""
        if self.start is None or self.end is None:
            return unknown(self._uncounted())
        return self.end - (self.start + self.cash_in - self.cash_out)

    def _uncounted(self) -> str:
        moment = START if self.start is None else END
        return f"its {moment}ing cash on hand is not counted (99-01.3-09-07.1.a)"


def poker_summaries(ledger: PokerLedger) -> list[PokerSummary]:
    out: list[PokerSummary] = []
    for _occ_id, occ in sorted(ledger.occasions.items()):
        if occ.half_hour_fees or None in occ.cash:
            fees = sum(f.cents for f in occ.half_hour_fees)
            out.append(_summary(occ, None, fees, 0, fees, 0))
        redeemed = occ.redeemed.values()
        counted = {tid: Tournament() for tid in occ.cash if tid is not None}
        for tid, t in sorted({**counted, **occ.tournaments}.items()):
            cash_in = t.gross_proceeds - sum(r.cents for r in redeemed if r.tournament_id == tid)
            cash_out = t.prizes - sum(r.cents for r in redeemed if r.satellite_id == tid)
            out.append(_summary(occ, tid, t.gross_proceeds, t.prizes, cash_in, cash_out))
    return out


def _summary(
    occ: Occasion, tid: str | None, gross: int, prizes: int, cash_in: int, cash_out: int
) -> PokerSummary:
    hand = occ.cash.get(tid)
    start = end = None
    deposited = 0
    if hand is not None:
        start = None if hand.start is None else hand.start.cash + hand.start.chips
        end = None if hand.end is None else hand.end.cash + hand.end.chips
        deposited = hand.deposited
    return PokerSummary(
        occ.opened.occasion_id, tid, gross, prizes, cash_in, cash_out, start, end, deposited
    )


@dataclass(frozen=True, slots=True)
class HalfHourLine:
    """Nontournament fees of one table for one half hour (99-01.3-09-07.1.b)."""

    occasion_id: str
    site_id: str | None
    table: int
    period_start: str
    players: int
    fees: int
    collected_by: tuple[str, ...]


def half_hour_lines(ledger: PokerLedger) -> list[HalfHourLine]:
    """Fees by occasion, site, table and half hour, with the number of players (one fee per
    player per half hour) and who collected them."""
    groups: dict[tuple[str, str, int, str], list[PokerHalfHourFee]] = {}
    for occ_id, occ in sorted(ledger.occasions.items()):
        for f in occ.half_hour_fees:
            key = (occ_id, f.site_id or "", f.table, f.period_start)
            groups.setdefault(key, []).append(f)
    return [
        HalfHourLine(
            occ_id,
            site or None,
            table,
            start,
            len({f.player for f in fees}),
            sum(f.cents for f in fees),
            tuple(sorted({f.collected_by for f in fees})),
        )
        for (occ_id, site, table, start), fees in sorted(
            groups.items(),
            key=lambda kv: (kv[0][0], kv[0][1], datetime.fromisoformat(kv[0][3]), kv[0][2]),
        )
    ]


@dataclass(frozen=True, slots=True)
class CollectorTime:
    """An employee who collected nontournament fees: the time worked recorded for them and the
    fees collected outside it (99-01.3-09-07.1.b)."""

    occasion_id: str
    employee_id: str
    periods: tuple[tuple[str, str], ...]
    minutes_worked: int
    fees_collected: int
    collected_outside_time_worked: tuple[str, ...]


def collector_times(ledger: PokerLedger) -> list[CollectorTime]:
    out: list[CollectorTime] = []
    for occ_id, occ in sorted(ledger.occasions.items()):
        for person in sorted({f.collected_by for f in occ.half_hour_fees}):
            worked = [w for w in occ.time_worked if w.employee_id == person]
            spans = [
                (datetime.fromisoformat(w.start), datetime.fromisoformat(w.end)) for w in worked
            ]
            fees = [f for f in occ.half_hour_fees if f.collected_by == person]
            outside = tuple(
                f.collected_at
                for f in fees
                if not any(a <= datetime.fromisoformat(f.collected_at) <= b for a, b in spans)
            )
            minutes = sum(int((b - a).total_seconds()) // 60 for a, b in spans)
            out.append(
                CollectorTime(
                    occ_id,
                    person,
                    tuple((w.start, w.end) for w in worked),
                    minutes,
                    len(fees),
                    outside,
                )
            )
    return out
