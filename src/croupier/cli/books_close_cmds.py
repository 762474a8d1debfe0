"""``croupier books count|correct-count|deposit|close-day|status``: the drop box count, the
deposit and closing the day (99-01.3-08-14, -16)."""

from __future__ import annotations

from typing import Annotated

import typer

import croupier.cli.books_day_cmds  # noqa: F401  (the day's commands are listed first)
from croupier.books import count as cnt
from croupier.books import operations as ops
from croupier.books.model import parse_chips
from croupier.cli.books_common import (
    At,
    ByOpt,
    Db,
    Org,
    _date,
    _day,
    _describe,
    _do,
    _list,
    _money,
    _now,
    _numbers,
    _service,
    books_app,
)
from croupier.cli.common import console, reports_errors
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money


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
