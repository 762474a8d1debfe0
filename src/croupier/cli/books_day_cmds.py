"""``croupier books open-day|open-table|sell|play|tip|fill|credit|void|redeem|redeem-tips|
end-shift|iou|review-camera|camera-fault``: running a gaming day (99-01.3-08-05 to -07, -04.6).
Thin commands over ``croupier.service.books.day`` in the shape of ``books_common.record``."""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cli.books_common import AMOUNTS, At, ByOpt, Db, Org, books_app, record
from croupier.cli.common import reports_errors

Dollars = Annotated[str, typer.Argument(help="dollars, e.g. 200 or $200.00")]
CHIPS = "value x count, comma-separated, e.g. 5x40,1x100 (forty $5 and a hundred $1 chips)"
Site = Annotated[str, typer.Argument(help="The site's id, e.g. S1.")]
Table = Annotated[int, typer.Argument(help="The table number at the site, e.g. 1.")]
Cashier = Annotated[
    str,
    typer.Argument(help="Employee id of the cashier who pays the cash (99-01.3-08-06.2)."),
]
Note = Annotated[str, typer.Option(help="A short note for the record, e.g. what is wrong.")]
Verifier = Annotated[
    str | None,
    typer.Option(
        help="Employee id of the shift manager, pit boss or gaming manager, not dealing now, who "
        "verifies and carries the chips; needed when a shift manager on duty is not dealing "
        "(99-01.3-08-05.5)."
    ),
]


@books_app.command("open-day")
@reports_errors
def open_day(
    site: Site,
    day: Annotated[
        str, typer.Argument(help="The gaming day, YYYY-MM-DD; it is opened on that date.")
    ],
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
    site: Site,
    table: Table,
    dealer: Annotated[
        str,
        typer.Argument(
            help="Employee id of the dealer (21) or wheel operator (PW) who conducts the table."
        ),
    ],
    max_wager: Annotated[
        str | None,
        typer.Option(
            help="The table's maximum wager in dollars, e.g. 25 or $25.00 (default: $25 at "
            "twenty-one, $20 at a paddlewheel: a player's most a spin, 99-01.3-11-05.3); over "
            "$2 is refused while a camera fault is past its repair deadline (99-01.3-08-04.6).",
            show_default=False,
        ),
    ] = None,
    shoe_inspected_by: Annotated[
        str | None,
        typer.Option(
            help="Employee id of the dealer or shift manager who inspected the dealing shoe; "
            "needed for a twenty-one table's first shift of the day (99-01.3-08-07.2)."
        ),
    ] = None,
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
    site: Site,
    table: Table,
    amount: Dollars,
    chips: Annotated[str | None, typer.Option(help="chips pushed (default: fewest)")] = None,
    tender: Annotated[
        str,
        typer.Option(
            help="What the player pays with: only cash at a table; a cashier may cash checks "
            "(99-01.3-08-06.1)."
        ),
    ] = "cash",
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
    site: Site,
    table: Table,
    collected: Annotated[
        str, typer.Option(help=f"Chips of losing wagers collected into the tray: {CHIPS}.")
    ] = "",
    paid: Annotated[
        str, typer.Option(help=f"Chips paid from the tray on winning wagers: {CHIPS}.")
    ] = "",
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record losing wagers collected and winning wagers paid at a table."""
    from croupier.service.books import day as s

    record(db, org, at, s.play(site, table, collected, paid))


@books_app.command("exchange")
@reports_errors
def exchange(
    site: Site,
    table: Table,
    given: Annotated[str, typer.Argument(help=f"The player's chips handed in, {CHIPS}.")],
    received: Annotated[
        str, typer.Argument(help=f"The chips from the tray, of equal value, {CHIPS}.")
    ],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Exchange a player's chips at a table: at a paddlewheel a casino chip for betting chips,
    or betting chips for a casino chip (99-01.3-11-04.4, -05.8)."""
    from croupier.service.books import day as s

    record(db, org, at, s.exchange(site, table, given, received))


@books_app.command("tip")
@reports_errors
def tip(
    site: Site,
    table: Table,
    chips: Annotated[str, typer.Argument(help=f"The tip chips, {CHIPS} (99-01.3-08-03.1).")],
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """A tip to the table's dealer."""
    from croupier.service.books import day as s

    record(db, org, at, s.tip(site, table, chips))


@books_app.command("fill")
@reports_errors
def fill(
    site: Site,
    table: Table,
    chips: Annotated[str, typer.Argument(help=f"The chips to the table, {CHIPS}.")],
    preparer: Annotated[
        str,
        typer.Argument(
            help="Employee id of who prepares the slip: a cashier, pit boss or shift manager "
            "(99-01.3-08-05.3)."
        ),
    ],
    cashier: Annotated[
        str,
        typer.Argument(
            help="Employee id of the chip bank cashier (or a dealer acting as cashier) who "
            "initials the original (99-01.3-08-05.3.c)."
        ),
    ],
    verifier: Verifier = None,
    jar_bar: Annotated[
        bool, typer.Option(help="The chips come from the jar bar, not the chip bank.")
    ] = False,
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
    site: Site,
    table: Table,
    chips: Annotated[str, typer.Argument(help=f"The chips from the table, {CHIPS}.")],
    preparer: Annotated[
        str,
        typer.Argument(
            help="Employee id of who prepares the slip: a dealer, wheel operator, pit boss or "
            "shift manager (99-01.3-08-05.3)."
        ),
    ],
    cashier: Annotated[
        str,
        typer.Argument(
            help="Employee id of the cashier (or a dealer acting as cashier) who verifies and "
            "keeps the copy (99-01.3-08-05.6)."
        ),
    ],
    verifier: Verifier = None,
    jar_bar: Annotated[
        bool, typer.Option(help="The chips go back to the jar bar, not the chip bank.")
    ] = False,
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
    site: Site,
    preparer: Annotated[
        str,
        typer.Argument(
            help="Employee id of who prepares the voided slip; they initial it (99-01.3-08-05.2)."
        ),
    ],
    initials: Annotated[str, typer.Argument(help="The preparer's initials, as registered.")],
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
    site: Site,
    chips: Annotated[str, typer.Argument(help=f"The player's chips, {CHIPS}.")],
    cashier: Cashier,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Redeem a player's chips for cash."""
    from croupier.service.books import day as s

    record(db, org, at, s.redeem(site, chips, cashier))


@books_app.command("redeem-tips")
@reports_errors
def redeem_tips(
    site: Site,
    dealer: Annotated[
        str, typer.Argument(help="Employee id of the dealer whose tip chips are redeemed.")
    ],
    cashier: Cashier,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Redeem a dealer's tips through cash on hand before the dealer leaves."""
    from croupier.service.books import day as s

    record(db, org, at, s.redeem_tips(site, dealer, cashier))


@books_app.command("end-shift")
@reports_errors
def end_shift(
    site: Site,
    table: Table,
    removed_by: Annotated[str, typer.Option("--removed-by", help="shift manager")],
    tray: Annotated[str | None, typer.Option(help="counted tray; default: as booked")] = None,
    escort: Annotated[
        str | None,
        typer.Option(
            help="Employee id of who escorts the drop box to safe storage; needed when more than "
            "one employee is on duty (99-01.3-08-14.1)."
        ),
    ] = None,
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
    site: Site,
    amount: Dollars,
    purpose: Annotated[str, typer.Argument(help="What the cash is for, as written on the IOU.")],
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
    site: Site,
    table: Table,
    reviewer: Annotated[
        str,
        typer.Argument(
            help="Employee id of who reviewed the recording; they must be allowed to access it "
            "(99-01.3-08-04.4.a)."
        ),
    ],
    working: Annotated[
        bool,
        typer.Option(
            "--working/--fault",
            help="The camera gives a clear, unobstructed view of the table (--working), or not "
            "(--fault) (99-01.3-08-04.6).",
        ),
    ] = True,
    note: Note = "",
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
    site: Site,
    table: Table,
    by: ByOpt,
    note: Note = "",
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
    site: Site,
    table: Table,
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Record a faulty camera repaired (by a person who may access the cameras, 99-01.3-08-04.4.a):
    the table no longer runs against the fault's deadline (-04.6)."""
    from croupier.service.books import day as s

    record(db, org, at, s.camera_repaired(site, table, by))
