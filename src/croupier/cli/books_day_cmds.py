"""``croupier books open-day|open-table|sell|play|tip|fill|credit|void|redeem|redeem-tips|
end-shift|iou|review-camera|camera-fault``: running a gaming day (99-01.3-08-05 to -07, -04.6)."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.books import operations as ops
from croupier.books import slips
from croupier.books import surveillance as sv
from croupier.books.model import Chips, Counterpart, SlipKind, Token, parse_chips
from croupier.books.model import chips as make_chips
from croupier.books.state import Books
from croupier.cli.books_common import (
    At,
    ByOpt,
    Db,
    Org,
    _date,
    _day,
    _do,
    _list,
    _money,
    _now,
    books_app,
)
from croupier.cli.common import console, reports_errors
from croupier.core.chips import Chip, make_change
from croupier.core.events import Event
from croupier.core.money import format_money


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


@books_app.command("camera-fault")
@reports_errors
def camera_fault(
    site: str,
    table: int,
    by: ByOpt,
    note: str = "",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Report a camera found not working at any time (not only at the daily review): it must be
    repaired within 48 hours of table activity or four calendar days (99-01.3-08-04.6)."""
    when = _now(db, org, at)
    _do(db, org, lambda b: sv.report_camera_fault(b, site, table, when, by, note), f"table {table}")
