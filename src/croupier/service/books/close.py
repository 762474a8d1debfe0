"""Requests of the count and close: ``croupier books count|correct-count|deposit|close-day``
(99-01.3-08-14, -16), and what ``croupier books status`` shows of a site."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from croupier.books import count as cnt
from croupier.books import operations as ops
from croupier.books import tickets
from croupier.books.guards import require_site
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.service.books.day import open_day_of
from croupier.service.books.input import (
    amount,
    chips,
    describe_chips,
    numbers,
    optional_amount,
    pair,
    parse_day,
)
from croupier.service.books.service import Request, read_books


@dataclass(frozen=True)
class CountTyped:
    """A drop box count as typed: the team, both counts, the initials, the slips found."""

    team: str
    key_holder: str
    first: str
    second: str
    initials: str
    resolved: str | None = None
    resolution: str = ""
    second_key: str | None = None
    fill_copies: str | None = None
    credit_originals: str | None = None
    count_day: str | None = None


def count(site: str, day: str, table: int, shift: int, typed: CountTyped) -> Request:
    d = parse_day(day, "the gaming day")
    counted_on = parse_day(typed.count_day, "the count day") if typed.count_day else d
    a, b_ = pair(typed.team, "the count team")
    ia, ib = pair(typed.initials, "the members' initials")
    first = amount(typed.first, "the first member's count (--first)")
    second = amount(typed.second, "the second member's count (--second)")
    resolved = optional_amount(typed.resolved, "the resolved amount (--resolved)")
    if resolved is None and first != second:
        raise RuleViolation(
            f"the two counts differ ({format_money(first)} and {format_money(second)}): the "
            "team resolves the difference and records the amount agreed (--resolved)",
            cnt.COUNT,
        )
    fills = numbers(typed.fill_copies, "fill slip numbers")
    credits = numbers(typed.credit_originals, "credit slip numbers")

    def dated(when: datetime) -> date:
        # -14.4: the documentation is dated by both members, so not after the count is
        # recorded (at --at, or now). Books kept ahead of the clock (a gaming day after today,
        # as a rehearsal's) are bounded only by their gaming day.
        today = max(when.date(), when.astimezone().date())  # as typed, or this machine's
        if d <= today < counted_on:
            raise InvalidInput(
                f"the count day {counted_on.isoformat()} is after the count is recorded "
                f"({today.isoformat()}): the count is dated the day it is made ({cnt.COUNT})"
            )
        return counted_on

    return Request(
        f"table {table} shift {shift}: {format_money(first if resolved is None else resolved)}",
        lambda bk, when: cnt.count_drop_box(
            bk,
            site,
            d,
            table,
            shift,
            dated(when),
            a,
            b_,
            typed.key_holder,
            typed.second_key,
            first,
            second,
            first if resolved is None else resolved,
            typed.resolution,
            ia,
            ib,
            fills,
            credits,
        ),
        timed=False,
    )


def correct_count(entry: int, typed: str, reason: str, by: str) -> Request:
    cents = amount(typed, "the corrected amount")
    return Request(
        f"entry {entry} corrected to {format_money(cents)}",
        lambda b, when: cnt.correct_count(b, entry, cents, reason, by, when),
        reaches=entry,
    )


def deposit(site: str, typed: str, by: str, series: str | None = None) -> Request:
    """A bank deposit at ``site``: of counted cash, or with ``series`` of that ticket series'
    cash, taken from the cash bank (99-01.3-11-07.3.b)."""
    cents = amount(typed, "the deposit")
    if series is None or not series.strip():
        return Request(
            f"{format_money(cents)} from {site}",
            lambda b, when: ops.deposit(b, site, open_day_of(b, site), cents, by, when),
            site=site,
        )
    sid = series.strip()

    def build(b: Books, when: datetime) -> list[Event]:
        found = b.tickets.series.get(sid)
        if found is not None and found.registered.site_id != site:
            raise InvalidInput(
                f"ticket series {sid!r} is played at {found.registered.site_id!r}, not {site!r}"
            )
        return tickets.deposit_ticket_cash(b, sid, open_day_of(b, site), cents, by, when)

    return Request(f"{format_money(cents)} of series {sid} from {site}", build, site=site)


def close_day(site: str, cash_bank: str, by: str, chip_bank: str | None) -> Request:
    cash = amount(cash_bank, "the cash bank count")
    counted = chips(chip_bank, "the chip bank count") if chip_bank is not None else None

    def build(b: Books, when: datetime) -> list[Event]:
        day = open_day_of(b, site)
        lines = counted if counted is not None else b.sites[site].chip_bank
        return ops.close_day(b, site, day, when, cash, lines, by)

    return Request(f"{site} with {format_money(cash)} in the cash bank", build, site=site)


def close_quarter(quarter: str, by: str, return_filed: bool = False) -> Request:
    """Close a quarter's records once its report is produced (or its tax return filed): entries
    dated in it are refused from then on (``books.periods``)."""
    from croupier.books.periods import REASONS
    from croupier.books.periods import close_quarter as close
    from croupier.books.quarters import Quarter

    q = Quarter.parse(quarter)
    reason = REASONS[1] if return_filed else REASONS[0]
    return Request(
        f"{q} closed ({reason})", lambda b, when: close(b, q, reason, by, when), site=None
    )


@dataclass(frozen=True)
class TrayLine:
    table: int
    tray: str
    drop_box: int


@dataclass(frozen=True)
class SiteStatus:
    """Where a site's cash and chips are now (cents; chips described in dollars)."""

    open_day: str | None
    cash_bank: int
    count_cash: int
    deposited: int
    trays: tuple[TrayLine, ...]
    chip_bank: str
    warning: str | None
    """Lines to print above the status: a damaged chain, then each corrupt entry."""
    full_check: str | None = None
    """What the newest full check of the history found (run in the background after a close),
    or None before the first."""


def site_status(url: str, org_id: str, site: str) -> SiteStatus:
    """The status of a site, read from the books, with the warning lines to print above it:
    the damaged chain, if any, then one line per corrupt entry (``service.books.read_books``)."""
    read = read_books(url, org_id)
    try:
        require_site(read.books, site)
    except InvalidInput:
        raise InvalidInput(f"no site {site!r}") from None
    st = read.books.sites[site]
    return SiteStatus(
        st.open_day,
        st.cash_bank,
        st.count_cash,
        st.deposited,
        tuple(
            TrayLine(table, describe_chips(tray), st.drop_boxes.get(table, 0))
            for table, tray in sorted(st.trays.items())
        ),
        describe_chips(st.chip_bank),
        read.warning,
        read.full_check,
    )
