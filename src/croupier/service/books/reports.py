"""The records an auditor asks for, built from an organization's stored books: the service the
``croupier report`` commands (and the web pages) call.

Each ``*_report`` function reads the books once, checks the books stream's hash chain (a broken
link becomes a warning banner on the record, naming the first broken link), adds one banner line
per corrupt entry the books were read with (``books.consistency``: an entry that does not add up is
named, never printed as data), and builds one form. ``render`` turns a report into CSV, HTML
or PDF bytes, ``terminal_view`` into rich renderables; ``write`` puts bytes in a file with a
one-line error on failure. ``step`` callbacks (``Step``) are told each phase so a caller can
show progress; they do nothing by default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from croupier.core.errors import InvalidInput

if TYPE_CHECKING:
    from rich.console import RenderableType

    from croupier.books.state import Books
    from croupier.reports.model import Form
    from croupier.service.books.service import BooksService

Step = Callable[[str], None]
"""Told the phase about to start ("reading the books", "rendering PDF"...)."""

FORMATS = ("pdf", "csv", "html")
STEPS = 3
"""Phases of one report: read the books (checking the chain), build the form, render it."""
DEFAULT_ORG = "org"
"""The organization id when none is given (as the ``croupier books`` commands)."""


def _quiet(_: str) -> None:
    return None


@dataclass(frozen=True, slots=True)
class Report:
    """One record, ready to render; ``warning`` is also printed on the form itself."""

    form: Form
    warning: str | None

    @property
    def title(self) -> str:
        return self.form.title


def open_books(url: str, org_id: str | None) -> BooksService:
    """The books of an existing organization in an existing database (``service.books``):
    a mistyped database or organization is a one-line error, never a new empty database."""
    from croupier.service.books.service import open_books as open_existing

    return open_existing(url, (org_id or "").strip() or DEFAULT_ORG)


def _days(svc: BooksService, step: Step, first: str, last: str) -> tuple[Books, str | None]:
    """The books of the gaming days ``first`` to ``last``, read from the checkpoint before
    them (``BooksService.read_days``), and the banner of what that read found."""
    from croupier.service.books.service import chain_text

    step(f"reading the books of {first}" + (f" to {last}" if last != first else ""))
    books, found = svc.read_days(first, last)
    return books, banner(chain_text(found), books)


def _history(svc: BooksService, step: Step) -> tuple[Books, str | None]:
    """The books replayed from their first entry (a register of every number, a ledger of
    every series): the whole chain checked, every entry and every checkpoint."""
    from croupier.service.books.service import chain_text

    step("reading the whole history of the books and checking its hash chain")
    books, found = svc.read_history()
    return books, banner(chain_text(found), books)


def banner(chain: str | None, books: Books) -> str | None:
    """The warning lines to print above anything read from ``books``, one problem a line:
    the broken chain (``service.books.chain_warning``, if any), then every corrupt entry
    (``books.consistency.banner_lines``). None when there is nothing to warn of."""
    from croupier.service.books.service import read_warning

    return read_warning(chain.removeprefix("WARNING: ") if chain else None, books)


def _report(form: Form, warning: str | None) -> Report:
    return Report(replace(form, warning=warning) if warning else form, warning)


def _day(text: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise InvalidInput(f"not a date (YYYY-MM-DD): {text!r}") from None


def daily_report(svc: BooksService, site: str, day: str, step: Step = _quiet) -> Report:
    """Daily summary of a site (99-01.3-08-16.1)."""
    from croupier.books.daily import daily_record
    from croupier.reports.forms import daily_form

    iso = _day(day)
    books, warning = _days(svc, step, iso, iso)
    if site not in books.sites:
        raise InvalidInput(f"no site {site!r}; sites: {', '.join(sorted(books.sites)) or 'none'}")
    if (site, iso) not in books.days:
        raise InvalidInput(f"no gaming day {iso} at site {site!r}")
    step("building the daily summary")
    form = daily_form(books, daily_record(books, site, iso))
    day_record = books.days[(site, iso)]
    if day_record.closed is not None:
        form = replace(form, anchor=_anchor_covering(svc, day_record.closed_position))
    return _report(form, warning)


def _anchor_covering(svc: BooksService, position: int | None) -> str | None:
    """The first anchor whose signed heads include the day's close entry, found by the entry's
    position in the books stream (never by time: a close keyed late with ``--at`` would else
    print an anchor signed before the close was recorded). Entry ``position`` is stored as
    event ``position + 1``."""
    from croupier.store import anchor_reads as anchors

    if position is None:  # pragma: no cover - a replayed close always has its position
        return None
    return anchors.first_covering(svc.store, svc.stream, position + 1)


def quarterly_report(
    svc: BooksService, quarter: str, today: date | None = None, step: Step = _quiet
) -> Report:
    """Quarterly summary and compliance findings; the days of the quarter (through ``today``
    when it is not over) without a daily record are listed."""
    from croupier.books.quarterly import quarterly_report as build
    from croupier.books.quarters import Quarter
    from croupier.reports.forms import quarterly_form
    from croupier.service.books.hold_chance import with_hold_chances
    from croupier.service.books.rent import with_rent_findings
    from croupier.service.books.service import chain_text
    from croupier.service.books.tax import schedules

    q = Quarter.parse(quarter)
    step(f"reading the books of {q} and of the quarters its findings look back on")
    books, found = svc.read_quarter(q)
    warning = banner(chain_text(found), books)
    step(f"building the quarterly summary {q}")
    report = with_hold_chances(build(books, q, today, schedules()), books)
    report = with_rent_findings(svc, report, books)
    return _report(quarterly_form(report, books), warning)


def hold_report(
    svc: BooksService, start: str | None, end: str | None, step: Step = _quiet
) -> Report:
    """Percent-of-hold by dealer and wheel operator between two days (inclusive)."""
    from croupier.books.hold import hold_lines
    from croupier.reports.forms import hold_form

    s = date.fromisoformat(_day(start)) if start else None
    e = date.fromisoformat(_day(end)) if end else None
    if s and e and e < s:
        raise InvalidInput(f"--to {e} is before --from {s}")
    if s and e:
        books, warning = _days(svc, step, s.isoformat(), e.isoformat())
    else:
        books, warning = _history(svc, step)
    step("building the percent-of-hold record")
    return _report(hold_form(hold_lines(books, s, e), s, e, books), warning)


def count_report(svc: BooksService, site: str, day: str, step: Step = _quiet) -> Report:
    """Drop box count documentation for a site and day (99-01.3-08-14)."""
    from croupier.reports.forms import count_form

    iso = _day(day)
    books, warning = _days(svc, step, iso, iso)
    if site not in books.sites:
        raise InvalidInput(f"no site {site!r}; sites: {', '.join(sorted(books.sites)) or 'none'}")
    step("building the count documentation")
    return _report(count_form(books, site, iso), warning)


def slips_report(svc: BooksService, kind: str, step: Step = _quiet) -> Report:
    """The fill or credit slip register (99-01.3-08-05.2)."""
    from croupier.books.model import SlipKind
    from croupier.reports.forms import slips_form

    try:
        k = SlipKind(kind.strip().lower())
    except ValueError:
        raise InvalidInput(f"slips are fill or credit, got {kind!r}") from None
    books, warning = _history(svc, step)
    step(f"building the {k.value} slip register")
    return _report(slips_form(books, k), warning)


def poker_report(svc: BooksService, step: Step = _quiet) -> Report:
    """Poker occasions: fees by table and half hour, one summary per tournament."""
    from croupier.reports.forms import poker_form

    books, warning = _history(svc, step)
    step("building the poker record")
    return _report(poker_form(books), warning)


def series_report(svc: BooksService, series: str, step: Step = _quiet) -> Report:
    """A paddlewheel ticket card series (99-01.3-11-07.1)."""
    from croupier.reports.game_forms import series_form

    books, warning = _history(svc, step)
    if series not in books.tickets.series:
        known = ", ".join(sorted(books.tickets.series)) or "none"
        raise InvalidInput(f"no ticket series {series!r}; series: {known}")
    step(f"building ticket series {series}")
    return _report(series_form(books, series), warning)


def check_format(fmt: str) -> str:
    """``pdf``, ``csv`` or ``html`` (any case), else a one-line error."""
    f = fmt.strip().lower()
    if f not in FORMATS:
        raise InvalidInput(f"--format is pdf, csv or html, got {fmt!r}")
    return f


def render(report: Report, fmt: str, step: Step = _quiet) -> bytes:
    """The report as CSV, HTML or PDF bytes."""
    from croupier.reports.render import Format
    from croupier.reports.render import render as render_form

    f = Format(check_format(fmt))
    step(f"rendering {f.value.upper()}")
    return render_form(report.form, f)


def terminal_view(report: Report) -> RenderableType:
    """The report as rich renderables: the banner, the header, the tables, the people."""
    from croupier.reports.terminal import terminal_view as view

    return view(report.form)


def write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``; a missing folder, a folder, no permission: one line."""
    from croupier.service.files import write_bytes

    write_bytes(path, data, "report file")
