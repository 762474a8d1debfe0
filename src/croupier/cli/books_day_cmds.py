"""``croupier books open-day|open-table|sell|play|tip|fill|credit|void|redeem|redeem-tips|
end-shift|iou|review-camera|camera-fault``: running a gaming day (99-01.3-08-05 to -07, -04.6).
Thin commands over ``croupier.service.books.day`` in the shape of ``books_common.record``."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cli.books_common import AMOUNTS, At, ByOpt, Db, Org, books_app, record
from croupier.cli.common import reports_errors

Dollars = Annotated[str, typer.Argument(help="dollars, e.g. 200 or $200.00")]


@books_app.command("open-day")
@reports_errors
def open_day(
    site: str,
    day: str,
    on_duty: Annotated[str, typer.Option(help="ids, comma-sep")],
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Open a gaming day at a site."""
    from croupier.service.books import day as s

    record(db, org, at, s.open_day(site, day, on_duty, by))


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
    from croupier.service.books import day as s

    record(db, org, at, s.open_table(site, table, dealer, max_wager, shoe_inspected_by))


@books_app.command("sell", **AMOUNTS)
@reports_errors
def sell(
    site: str,
    table: int,
    amount: Dollars,
    chips: Annotated[str | None, typer.Option(help="chips pushed (default: fewest)")] = None,
    tender: str = "cash",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Sell chips at a table for cash (the cash goes into the drop box)."""
    from croupier.service.books import day as s

    record(db, org, at, s.sell(site, table, amount, chips, tender))


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
    from croupier.service.books import day as s

    record(db, org, at, s.play(site, table, collected, paid))


@books_app.command("tip")
@reports_errors
def tip(site: str, table: int, chips: str, db: Db = None, org: Org = None, at: At = None) -> None:
    """A tip to the table's dealer."""
    from croupier.service.books import day as s

    record(db, org, at, s.tip(site, table, chips))


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
    form: Annotated[
        int | None,
        typer.Option("--form", help="The number printed on the paper form (pre-printed forms)."),
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """A fill slip: chips from the chip bank (or jar bar) to a table."""
    from croupier.service.books import day as s

    request = s.slip("fill", site, table, chips, preparer, cashier, verifier, jar_bar, form)
    record(db, org, at, request)


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
    form: Annotated[
        int | None,
        typer.Option("--form", help="The number printed on the paper form (pre-printed forms)."),
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """A credit slip: chips from a table back to the chip bank (or jar bar)."""
    from croupier.service.books import day as s

    request = s.slip("credit", site, table, chips, preparer, cashier, verifier, jar_bar, form)
    record(db, org, at, request)


@books_app.command("void")
@reports_errors
def void(
    kind: Annotated[str, typer.Argument(help="fill or credit")],
    site: str,
    preparer: str,
    initials: str,
    form: Annotated[
        int | None,
        typer.Option("--form", help="The pre-printed form voided (its printed number)."),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", help="The game of the form's series: 21 or PW.")
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Void a slip (marked VOID, initialed by the preparer): the next of the books' series, or
    with --form and --game the pre-printed form of that number."""
    from croupier.service.books import day as s

    record(db, org, at, s.void(kind, site, preparer, initials, form, game))


@books_app.command("redeem")
@reports_errors
def redeem(
    site: str, chips: str, cashier: str, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Redeem a player's chips for cash."""
    from croupier.service.books import day as s

    record(db, org, at, s.redeem(site, chips, cashier))


@books_app.command("redeem-tips")
@reports_errors
def redeem_tips(
    site: str, dealer: str, cashier: str, db: Db = None, org: Org = None, at: At = None
) -> None:
    """Redeem a dealer's tips through cash on hand before the dealer leaves."""
    from croupier.service.books import day as s

    record(db, org, at, s.redeem_tips(site, dealer, cashier))


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
    from croupier.service.books import day as s

    record(db, org, at, s.end_shift(site, table, removed_by, tray, escort, close))


@books_app.command("iou", **AMOUNTS)
@reports_errors
def iou(
    site: str,
    amount: Dollars,
    purpose: str,
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Take cash out of the cash bank against an IOU."""
    from croupier.service.books import day as s

    record(db, org, at, s.iou(site, amount, purpose, by))


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
    from croupier.service.books import day as s

    record(db, org, at, s.review_camera(site, table, reviewer, working, note))


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
    from croupier.service.books import day as s

    record(db, org, at, s.camera_fault(site, table, by, note))


@books_app.command("camera-repaired")
@reports_errors
def camera_repaired(
    site: str,
    table: int,
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a faulty camera repaired (by a person who may access the cameras, 99-01.3-08-04.4.a):
    the table no longer runs against the fault's deadline (-04.6)."""
    from croupier.service.books import day as s

    record(db, org, at, s.camera_repaired(site, table, by))
