"""``croupier report daily|quarterly|hold|count|slips --format pdf|csv|html [--out FILE]``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from croupier.books.hold import hold_lines
from croupier.books.model import SlipKind
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.cli.books_common import Db, Org, _date, _service, report_app
from croupier.cli.common import console, reports_errors
from croupier.core.errors import InvalidInput
from croupier.reports import forms
from croupier.reports.render import Format, render

# -- reports -----------------------------------------------------------------------------

Fmt = Annotated[str, typer.Option("--format", help="pdf, csv or html")]
Out = Annotated[Path | None, typer.Option("--out", help="File to write (default: stdout)")]


def _emit(form: forms.Form, fmt: str, out: Path | None) -> None:
    try:
        f = Format(fmt.lower())
    except ValueError as exc:
        raise InvalidInput(f"format is pdf, csv or html, got {fmt!r}") from exc
    data = render(form, f)
    if out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        out.write_bytes(data)
    except OSError as exc:
        raise InvalidInput(f"cannot write {out}: {exc}") from exc
    console.print(f"wrote {out} ({len(data)} bytes)", highlight=False)


def _books(db: str | None, org: str | None) -> Books:
    svc = _service(db, org)
    try:
        return svc.books()
    finally:
        svc.close()


@report_app.command("daily")
@reports_errors
def report_daily(
    site: str, day: str, fmt: Fmt = "pdf", out: Out = None, db: Db = None, org: Org = None
) -> None:
    """Daily summary of a site (99-01.3-08-16.1)."""
    from croupier.books.daily import daily_record

    b = _books(db, org)
    if (site, _date(day).isoformat()) not in b.days:
        raise InvalidInput(f"no gaming day {day} at site {site!r}")
    _emit(forms.daily_form(b, daily_record(b, site, _date(day).isoformat())), fmt, out)


@report_app.command("quarterly")
@reports_errors
def report_quarterly(
    quarter: str, fmt: Fmt = "pdf", out: Out = None, db: Db = None, org: Org = None
) -> None:
    """Quarterly summary and compliance findings (e.g. 2026Q1)."""
    b = _books(db, org)
    _emit(forms.quarterly_form(quarterly_report(b, Quarter.parse(quarter)), b), fmt, out)


@report_app.command("hold")
@reports_errors
def report_hold(
    start: Annotated[str | None, typer.Option("--from")] = None,
    end: Annotated[str | None, typer.Option("--to")] = None,
    fmt: Fmt = "pdf",
    out: Out = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Percent-of-hold by dealer and wheel operator, with the weekly plot."""
    s, e = (_date(start) if start else None), (_date(end) if end else None)
    _emit(forms.hold_form(hold_lines(_books(db, org), s, e), s, e), fmt, out)


@report_app.command("count")
@reports_errors
def report_count(
    site: str, day: str, fmt: Fmt = "pdf", out: Out = None, db: Db = None, org: Org = None
) -> None:
    """Drop box count documentation for a site and day (99-01.3-08-14)."""
    _emit(forms.count_form(_books(db, org), site, _date(day).isoformat()), fmt, out)


@report_app.command("slips")
@reports_errors
def report_slips(
    kind: Annotated[str, typer.Argument(help="fill or credit")] = "fill",
    fmt: Fmt = "pdf",
    out: Out = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """The fill or credit slip register, every number accounted for (99-01.3-08-05.2)."""
    try:
        k = SlipKind(kind.lower())
    except ValueError as exc:
        raise InvalidInput("slips are fill or credit") from exc
    _emit(forms.slips_form(_books(db, org), k), fmt, out)


@report_app.command("poker")
@reports_errors
def report_poker(fmt: Fmt = "pdf", out: Out = None, db: Db = None, org: Org = None) -> None:
    """Poker occasions: fees by table and half hour, and one summary per tournament."""
    _emit(forms.poker_form(_books(db, org)), fmt, out)


@report_app.command("series")
@reports_errors
def report_series(
    series: str, fmt: Fmt = "pdf", out: Out = None, db: Db = None, org: Org = None
) -> None:
    """A paddlewheel ticket card series: cards, prizes, unsold cards, summary (99-01.3-11-07.1)."""
    from croupier.reports.game_forms import series_form

    b = _books(db, org)
    if series not in b.tickets.series:
        raise InvalidInput(f"no ticket series {series!r}")
    _emit(series_form(b, series), fmt, out)
