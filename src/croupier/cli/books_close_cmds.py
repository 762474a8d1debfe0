"""``croupier books count|correct-count|deposit|close-day|status``: the drop box count, the
deposit and closing the day (99-01.3-08-14, -16). Thin commands over
``croupier.service.books.close`` in the shape of ``books_common.record``."""

from __future__ import annotations

from typing import Annotated

import typer

import croupier.cli.books_day_cmds  # noqa: F401  (the day's commands are listed first)
from croupier.cli.books_common import (
    AMOUNTS,
    At,
    ByOpt,
    Db,
    Org,
    books_app,
    org_id,
    record,
    warn,
)
from croupier.cli.common import console, database_url, reports_errors
from croupier.core.money import format_money

Dollars = Annotated[str, typer.Argument(help="dollars, e.g. 200 or $200.00")]
Site = Annotated[str, typer.Argument(help="The site's id, e.g. S1.")]
CountAt = Annotated[
    str | None,
    typer.Option(
        "--at",
        help="When the count was made: ISO time with UTC offset, e.g. 2026-01-05T23:30:00-06:00; "
        "its date is the count date unless --count-day gives one.",
    ),
]


@books_app.command("count")
@reports_errors
def count(
    site: Site,
    day: Annotated[
        str, typer.Argument(help="The gaming day of the drop box's activity, YYYY-MM-DD.")
    ],
    table: Annotated[int, typer.Argument(help="The table number of the drop box, e.g. 1.")],
    shift: Annotated[
        int,
        typer.Argument(
            help="The table's shift that day whose drop box it is: 1 is the first, each dealer "
            "change starts the next."
        ),
    ],
    team: Annotated[str, typer.Option(help="two ids, comma-separated")],
    key_holder: Annotated[str, typer.Option(help="member who holds the drop box key")],
    first: Annotated[str, typer.Option(help="first member's count, in dollars")],
    second: Annotated[str, typer.Option(help="second member's count, in dollars")],
    initials: Annotated[str, typer.Option(help="both members' initials, comma-sep")],
    resolved: Annotated[
        str | None, typer.Option(help="the amount agreed when the counts differ")
    ] = None,
    resolution: Annotated[
        str,
        typer.Option(
            help="How the team resolved a difference between the two counts; needed when they "
            "differ (99-01.3-08-14.4)."
        ),
    ] = "",
    second_key: Annotated[
        str | None,
        typer.Option(
            help="Employee id of the other member, who holds the key to a second lock, if the "
            "drop box has one (99-01.3-08-14.3)."
        ),
    ] = None,
    fill_copies: Annotated[
        str | None,
        typer.Option(
            help="Numbers of the fill slip copies found in the drop box, comma-separated, e.g. "
            "1,2 (99-01.3-08-05.6)."
        ),
    ] = None,
    credit_originals: Annotated[
        str | None,
        typer.Option(
            help="Numbers of the credit slip originals found in the drop box, comma-separated, "
            "e.g. 1,2 (99-01.3-08-05.4)."
        ),
    ] = None,
    count_day: Annotated[
        str | None,
        typer.Option(
            help="The date of the count, YYYY-MM-DD (99-01.3-08-14.4); default: the date of "
            "--at, else the gaming day."
        ),
    ] = None,
    db: Db = None,
    org: Org = None,
    at: CountAt = None,
) -> None:
    """Record a drop box count by a two-person count team."""
    from croupier.service.books import close as s
    from croupier.service.books.input import parse_time

    if count_day is None and at is not None:  # the count is dated the day it was made
        count_day = parse_time(at, "--at").date().isoformat()

    typed = s.CountTyped(
        team,
        key_holder,
        first,
        second,
        initials,
        resolved,
        resolution,
        second_key,
        fill_copies,
        credit_originals,
        count_day,
    )
    record(db, org, at, s.count(site, day, table, shift, typed))


@books_app.command("correct-count", **AMOUNTS)
@reports_errors
def correct_count(
    entry: Annotated[
        int, typer.Argument(help="The entry number of the recorded count being corrected.")
    ],
    amount: Dollars,
    reason: Annotated[str, typer.Argument(help="Why the count is corrected.")],
    by: ByOpt,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Correct a recorded count with a new entry that references it."""
    from croupier.service.books import close as s

    record(db, org, at, s.correct_count(entry, amount, reason, by))


@books_app.command("deposit", **AMOUNTS)
@reports_errors
def deposit(
    site: Site,
    amount: Dollars,
    by: ByOpt,
    series: Annotated[
        str | None,
        typer.Option(
            "--series",
            help="Deposit this ticket series' cash, from the cash bank (99-01.3-11-07.3.b).",
        ),
    ] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Deposit counted cash in the gaming account (with --series, a ticket series' cash)."""
    from croupier.service.books import close as s

    record(db, org, at, s.deposit(site, amount, by, series))


@books_app.command("close-quarter")
@reports_errors
def close_quarter(
    quarter: Annotated[str, typer.Argument(help="The quarter, e.g. 2026Q1.")],
    by: ByOpt,
    return_filed: Annotated[
        bool, typer.Option("--return-filed", help="The tax return was filed (not only the report).")
    ] = False,
    db: Db = None,
    org: Org = None,
    at: At = None,
) -> None:
    """Close a quarter's records once its report is produced or its tax return filed: nothing
    dated in it is recorded afterwards; corrections are new entries dated when made (-16)."""
    from croupier.service.books import close as s

    record(db, org, at, s.close_quarter(quarter, by, return_filed))


@books_app.command("close-day", **AMOUNTS)
@reports_errors
def close_day(
    site: Site,
    cash_bank: Dollars,
    by: ByOpt,
    chip_bank: Annotated[str | None, typer.Option(help="counted; default as booked")] = None,
    db: Db = None,
    org: Org = None,
    at: At = None,
    anchor_key: Annotated[
        str | None,
        typer.Option(
            "--anchor-key",
            help="Sign the day's anchor with this key (default: the organization's in "
            "$CROUPIER_ANCHOR_KEYS, else $CROUPIER_ANCHOR_KEY).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Close the gaming day with the counted cash bank and chip bank, then sign an anchor of
    the history when a signing key is configured (docs/anchors.md)."""
    from croupier.service.books import close as s
    from croupier.service.database import anchors
    from croupier.service.database.store import check_in_background

    record(db, org, at, s.close_day(site, cash_bank, by, chip_bank))
    if anchor_key is None and not anchors.signing_configured(org_id(org)):
        console.print(
            "the day is not anchored: no signing key (give --anchor-key FILE or set "
            "CROUPIER_ANCHOR_KEY or CROUPIER_ANCHOR_KEYS; docs/anchors.md)",
            highlight=False,
        )
    else:
        line = anchors.sign_day(database_url(db), org_id(org), anchor_key)
        console.print("signed anchor of the history (keep it with the daily report):")
        console.print(line, highlight=False, soft_wrap=True)
    if check_in_background(database_url(db)):
        console.print(
            "the full check of the history runs in the background; `croupier books status` "
            "shows its result",
            highlight=False,
        )


@books_app.command("status")
@reports_errors
def status(site: Site, db: Db = None, org: Org = None) -> None:
    """Where the site's cash and chips are now."""
    from croupier.service.books import close as s

    st = s.site_status(database_url(db), org_id(org), site)
    warn(st.warning)
    if st.full_check is not None:
        if st.full_check.startswith("WARNING"):
            warn(st.full_check)
        else:
            console.print(st.full_check, highlight=False, soft_wrap=True)
    console.print(f"open day: {st.open_day or 'none'}", highlight=False)
    console.print(
        f"cash bank {format_money(st.cash_bank)}; counted cash to deposit "
        f"{format_money(st.count_cash)}; deposited {format_money(st.deposited)}",
        highlight=False,
    )
    for line in st.trays:
        console.print(
            f"table {line.table} tray: {line.tray}; drop box "
            f"{format_money(line.drop_box)} (uncounted)",
            highlight=False,
        )
    console.print(f"chip bank: {st.chip_bank}", highlight=False)
