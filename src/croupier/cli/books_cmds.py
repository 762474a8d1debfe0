"""``croupier books ...`` (set up an organization and run a gaming day) and
``croupier report daily|quarterly|hold|count|slips`` (the records, one form each)."""

from __future__ import annotations

import os
from datetime import date, datetime
from typing import Annotated

import typer

from croupier.books import count as cnt
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books import surveillance as sv
from croupier.books.model import (
    Affiliation,
    Chips,
    Counterpart,
    Game,
    Role,
    SlipKind,
    Token,
    parse_chips,
)
from croupier.books.model import chips as make_chips
from croupier.books.state import Books
from croupier.cli.apps import app
from croupier.cli.common import console, database_url, reports_errors
from croupier.core.chips import Chip, make_change
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.money import format_money, parse_money
from croupier.service.books import BooksService, Command

books_app = typer.Typer(
    help="The organization's books: set up, run a gaming day.", no_args_is_help=True
)
report_app = typer.Typer(
    help="Print the records an auditor asks for, one form each.", no_args_is_help=True
)
app.add_typer(books_app, name="books")
app.add_typer(report_app, name="report")

Db = Annotated[str | None, typer.Option("--db", help="Database URL (or CROUPIER_DATABASE_URL).")]
Org = Annotated[str | None, typer.Option("--org", help="Organization id (or CROUPIER_ORG).")]
ByOpt = Annotated[str, typer.Option("--by", help="employee id")]
At = Annotated[str | None, typer.Option("--at", help="ISO time with offset (default: now).")]


def _service(db: str | None, org: str | None) -> BooksService:
    org_id = org or os.environ.get("CROUPIER_ORG") or "org"
    return BooksService.open(database_url(db), org_id)


def _when(svc: BooksService, at: str | None) -> datetime:
    if at is None:
        return svc.now()
    try:
        value = datetime.fromisoformat(at)
    except ValueError as exc:
        raise InvalidInput(f"not an ISO time: {at!r}") from exc
    if value.tzinfo is None:
        raise InvalidInput(f"time {at!r} needs a UTC offset, e.g. 2026-01-05T18:00:00-06:00")
    return value


def _day(books: Books, site: str) -> date:
    st = books.sites.get(site)
    if st is None or st.open_day is None:
        raise InvalidInput(f"no gaming day is open at site {site!r}; run 'croupier books open-day'")
    return date.fromisoformat(st.open_day)


def _do(db: str | None, org: str | None, build: Command, what: str) -> list[Event]:
    svc = _service(db, org)
    try:
        events = svc.execute(build)
    finally:
        svc.close()
    for e in events:
        console.print(f"recorded {e.TYPE.removeprefix('books.')}: {what}", highlight=False)
    return events


def _money(text: str) -> int:
    return parse_money(text)


def _list(text: str | None) -> tuple[str, ...]:
    return tuple(x.strip() for x in (text or "").split(",") if x.strip())


def _numbers(text: str | None) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in _list(text))
    except ValueError as exc:
        raise InvalidInput(f"slip numbers are comma-separated integers, got {text!r}") from exc


@books_app.command("setup")
@reports_errors
def setup(
    org_id: str, name: str, db: Db = None, first_fill: int = 1, first_credit: int = 1
) -> None:
    """Register the organization whose books these are."""
    _do(
        db,
        org_id,
        lambda b: ops.register_organization(b, org_id, name, first_fill, first_credit),
        name,
    )


@books_app.command("add-site")
@reports_errors
def add_site(
    site: str,
    name: str,
    db: Db = None,
    org: Org = None,
    surveilled: Annotated[bool, typer.Option("--surveilled/--no-surveilled")] = False,
    seasonal: bool = False,
) -> None:
    """Register a site (with or without video surveillance)."""
    _do(db, org, lambda b: ops.register_site(b, site, name, surveilled, seasonal), site)


@books_app.command("add-table")
@reports_errors
def add_table(
    site: str,
    number: int,
    game: Annotated[str, typer.Argument(help="21 or PW")],
    db: Db = None,
    org: Org = None,
) -> None:
    """Register a numbered table at a site."""
    try:
        g = Game(game.upper())
    except ValueError as exc:
        raise InvalidInput(f"a game is 21 or PW, got {game!r}") from exc
    _do(db, org, lambda b: ops.register_table(b, site, number, g), f"{site} table {number}")


@books_app.command("add-employee")
@reports_errors
def add_employee(
    employee_id: str,
    name: str,
    initials: str,
    role: Annotated[list[str], typer.Option("--role", help="e.g. dealer, 'pit boss'")],
    affiliation: Annotated[
        str, typer.Option(help="gaming|nongaming|independent|representative")
    ] = "gaming",
    supervisor: str | None = None,
    household: str | None = None,
    relative: Annotated[list[str] | None, typer.Option("--relative")] = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Register an employee or count-team person."""
    try:
        roles = tuple(Role(r.replace("-", " ").lower()) for r in role)
    except ValueError as exc:
        raise InvalidInput(f"roles are {', '.join(r.value for r in Role)}") from exc
    aff = {
        "gaming": Affiliation.GAMING_EMPLOYEE,
        "nongaming": Affiliation.NONGAMING_EMPLOYEE,
        "independent": Affiliation.INDEPENDENT_PERSON,
        "representative": Affiliation.REPRESENTATIVE,
    }.get(affiliation)
    if aff is None:
        raise InvalidInput("affiliation is gaming, nongaming, independent or representative")
    _do(
        db,
        org,
        lambda b: ops.register_employee(
            b, employee_id, name, initials, roles, aff, supervisor, household, tuple(relative or ())
        ),
        name,
    )


@books_app.command("receive-chips")
@reports_errors
def receive_chips(
    site: str,
    chips: Annotated[str, typer.Argument(help="e.g. 1x500,5x400")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Chips bought by the organization, into the site's chip bank."""
    lines, when = parse_chips(chips), _now(db, org, at)
    _do(db, org, lambda b: ops.receive_chip_inventory(b, site, lines, when), chips)


@books_app.command("fund")
@reports_errors
def fund(site: str, amount: str, db: Db = None, org: Org = None, at: At = None) -> None:
    """Cash into the site's cash bank."""
    when = _now(db, org, at)
    _do(db, org, lambda b: ops.fund_cash_bank(b, site, _money(amount), when), amount)


def _now(db: str | None, org: str | None, at: str | None) -> datetime:
    svc = _service(db, org)
    try:
        return _when(svc, at)
    finally:
        svc.close()


@books_app.command("open-day")
@reports_errors
def open_day(
    site: str,
    day: str,
    on_duty: Annotated[str, typer.Option(help="ids, comma-sep")],
    by: Annotated[str, typer.Option("--by", help="employee id")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Open a gaming day at a site."""
    when, d = _now(db, org, at), _date(day)
    _do(db, org, lambda b: ops.open_day(b, site, d, when, _list(on_duty), by), f"{site} {day}")


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise InvalidInput(f"not a date (YYYY-MM-DD): {text!r}") from exc


@books_app.command("open-table")
@reports_errors
def open_table(
    site: str,
    table: int,
    dealer: str,
    max_wager: str = "$25",
    shoe_inspected_by: str | None = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Open a table or hand it to the next dealer (a new shift)."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: ops.start_shift(
            b, site, _day(b, site), table, dealer, when, _money(max_wager), shoe_inspected_by
        ),
        f"table {table} with {dealer}",
    )


@books_app.command("sell")
@reports_errors
def sell(
    site: str,
    table: int,
    amount: str,
    chips: Annotated[str | None, typer.Option(help="chips pushed (default: fewest)")] = None,
    tender: str = "cash",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Sell chips at a table for cash (the cash goes into the drop box)."""
    when, cents = _now(db, org, at), _money(amount)

    def build(b: Books) -> list[Event]:
        lines = parse_chips(chips) if chips else _change(b.sites[site].trays.get(table, ()), cents)
        return ops.sell_chips(b, site, table, cents, lines, when, tender)

    _do(db, org, build, f"{format_money(cents)} at table {table}")


def _change(tray: Chips, cents: int) -> Chips:
    casino = {
        Chip.from_cents(x.token.cents): x.quantity
        for x in tray
        if x.token is not Token.BETTING_CHIP
    }
    picked = make_change(cents, casino)
    return make_chips({Token.of(chip): n for chip, n in picked.items()})


@books_app.command("play")
@reports_errors
def play(
    site: str,
    table: int,
    collected: str = "",
    paid: str = "",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record losing wagers collected and winning wagers paid at a table."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: ops.settle_play(b, site, table, parse_chips(collected), parse_chips(paid), when),
        f"table {table}",
    )


@books_app.command("tip")
@reports_errors
def tip(site: str, table: int, chips: str, db: Db = None, org: Org = None, at: At = None) -> None:
    """A tip to the table's dealer."""
    when = _now(db, org, at)
    _do(db, org, lambda b: ops.receive_tip(b, site, table, parse_chips(chips), when), chips)


def _slip(
    kind: SlipKind,
    site: str,
    table: int,
    chips: str,
    preparer: str,
    cashier: str,
    verifier: str | None,
    jar_bar: bool,
    db: str | None,
    org: str | None,
    at: str | None,
) -> None:
    when = _now(db, org, at)
    where = Counterpart.JAR_BAR if jar_bar else Counterpart.CHIP_BANK
    events = _do(
        db,
        org,
        lambda b: slips.issue_slip(
            b, kind, site, table, parse_chips(chips), when, preparer, cashier, verifier, where
        ),
        f"table {table}",
    )
    for e in events:
        console.print(f"{kind.value} slip number {getattr(e, 'number', '?')}", highlight=False)


@books_app.command("fill")
@reports_errors
def fill(
    site: str,
    table: int,
    chips: str,
    preparer: str,
    cashier: str,
    verifier: str | None = None,
    jar_bar: bool = False,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """A fill slip: chips from the chip bank (or jar bar) to a table."""
    _slip(SlipKind.FILL, site, table, chips, preparer, cashier, verifier, jar_bar, db, org, at)


@books_app.command("credit")
@reports_errors
def credit(
    site: str,
    table: int,
    chips: str,
    preparer: str,
    cashier: str,
    verifier: str | None = None,
    jar_bar: bool = False,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """A credit slip: chips from a table back to the chip bank (or jar bar)."""
    _slip(SlipKind.CREDIT, site, table, chips, preparer, cashier, verifier, jar_bar, db, org, at)


@books_app.command("void")
@reports_errors
def void(
    kind: Annotated[str, typer.Argument(help="fill or credit")],
    site: str,
    preparer: str,
    initials: str,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Void the next slip of a series (marked VOID, initialed by the preparer)."""
    when = _now(db, org, at)
    k = SlipKind(kind.lower())
    _do(
        db,
        org,
        lambda b: slips.void_slip(b, k, site, _day(b, site), when, preparer, initials),
        f"{kind} slip",
    )


@books_app.command("redeem")
@reports_errors
def redeem(
    site: str, chips: str, cashier: str, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Redeem a player's chips for cash."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: ops.redeem_chips(b, site, _day(b, site), parse_chips(chips), cashier, when),
        chips,
    )


@books_app.command("redeem-tips")
@reports_errors
def redeem_tips(
    site: str, dealer: str, cashier: str, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Redeem a dealer's tips through cash on hand before the dealer leaves."""
    when = _now(db, org, at)
    _do(db, org, lambda b: ops.redeem_tips(b, site, _day(b, site), dealer, cashier, when), dealer)


@books_app.command("end-shift")
@reports_errors
def end_shift(
    site: str,
    table: int,
    removed_by: Annotated[str, typer.Option("--removed-by", help="shift manager")],
    tray: Annotated[str | None, typer.Option(help="counted tray; default: as booked")] = None,
    escort: str | None = None,
    close: Annotated[bool, typer.Option("--close", help="close the table")] = False,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Count the tray and remove the drop box (end of a dealer's shift)."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: ops.end_shift(
            b,
            site,
            table,
            when,
            parse_chips(tray) if tray is not None else b.sites[site].trays[table],
            removed_by,
            escort,
            close,
        ),
        f"table {table}",
    )


@books_app.command("count")
@reports_errors
def count(
    site: str,
    day: str,
    table: int,
    shift: int,
    team: Annotated[str, typer.Option(help="two ids, comma-separated")],
    key_holder: Annotated[str, typer.Option(help="member who holds the drop box key")],
    first: Annotated[str, typer.Option(help="first member's count")],
    second: Annotated[str, typer.Option(help="second member's count")],
    initials: Annotated[str, typer.Option(help="both members' initials, comma-sep")],
    resolved: str | None = None,
    resolution: str = "",
    second_key: str | None = None,
    fill_copies: str | None = None,
    credit_originals: str | None = None,
    count_day: str | None = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Record a drop box count by a two-person count team."""
    a, b_ = ((*_list(team), "", ""))[:2]
    ia, ib = ((*_list(initials), "", ""))[:2]
    d = _date(day)
    cd = _date(count_day) if count_day else d
    res = _money(resolved) if resolved else _money(first)
    _do(
        db,
        org,
        lambda bk: cnt.count_drop_box(
            bk,
            site,
            d,
            table,
            shift,
            cd,
            a,
            b_,
            key_holder,
            second_key,
            _money(first),
            _money(second),
            res,
            resolution,
            ia,
            ib,
            _numbers(fill_copies),
            _numbers(credit_originals),
        ),
        f"table {table} shift {shift}",
    )


@books_app.command("correct-count")
@reports_errors
def correct_count(
    entry: int, amount: str, reason: str, by: ByOpt, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Correct a recorded count with a new entry that references it."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: cnt.correct_count(b, entry, _money(amount), reason, by, when),
        f"entry {entry}",
    )


@books_app.command("deposit")
@reports_errors
def deposit(
    site: str, amount: str, by: ByOpt, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Deposit counted cash in the gaming account."""
    when = _now(db, org, at)
    _do(db, org, lambda b: ops.deposit(b, site, _day(b, site), _money(amount), by, when), amount)


@books_app.command("iou")
@reports_errors
def iou(
    site: str, amount: str, purpose: str, by: ByOpt, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Take cash out of the cash bank against an IOU."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: ops.write_iou(b, site, _day(b, site), _money(amount), purpose, by, when),
        amount,
    )


@books_app.command("review-camera")
@reports_errors
def review_camera(
    site: str,
    table: int,
    reviewer: str,
    working: Annotated[bool, typer.Option("--working/--fault")] = True,
    note: str = "",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """The daily surveillance review entry for a table."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: sv.review_camera(b, site, _day(b, site), table, working, reviewer, when, note),
        f"table {table}",
    )


@books_app.command("close-day")
@reports_errors
def close_day(
    site: str,
    cash_bank: str,
    by: Annotated[str, typer.Option("--by", help="employee id")],
    chip_bank: Annotated[str | None, typer.Option(help="counted; default as booked")] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Close the gaming day with the counted cash bank and chip bank."""
    when = _now(db, org, at)
    _do(
        db,
        org,
        lambda b: ops.close_day(
            b,
            site,
            _day(b, site),
            when,
            _money(cash_bank),
            parse_chips(chip_bank) if chip_bank is not None else b.sites[site].chip_bank,
            by,
        ),
        site,
    )


@books_app.command("status")
@reports_errors
def status(site: str, db: Db = None, org: Org = None) -> None:
    """Where the site's cash and chips are now."""
    svc = _service(db, org)
    try:
        st = svc.books().sites.get(site)
    finally:
        svc.close()
    if st is None:
        raise InvalidInput(f"no site {site!r}")
    console.print(f"open day: {st.open_day or 'none'}", highlight=False)
    console.print(
        f"cash bank {format_money(st.cash_bank)}; counted cash to deposit "
        f"{format_money(st.count_cash)}; deposited {format_money(st.deposited)}",
        highlight=False,
    )
    for table, tray in sorted(st.trays.items()):
        console.print(
            f"table {table} tray: {_describe(tray)}; drop box "
            f"{format_money(st.drop_boxes[table])} (uncounted)",
            highlight=False,
        )
    console.print(f"chip bank: {_describe(st.chip_bank)}", highlight=False)


def _describe(lines: Chips) -> str:
    return ", ".join(f"{x.quantity} x ${x.token.value}" for x in lines) or "empty"


import croupier.cli.books_game_cmds  # noqa: E402  (registers poker and ticket commands)
import croupier.cli.books_report_cmds  # noqa: E402, F401  (registers the report commands)
