"""``croupier report daily|quarterly|hold|count|slips|poker|series [--format pdf|csv|html]
[--out FILE]``: a readable table at the terminal, or the form as a file.

Every report goes through ``croupier.service.books.reports``; this module only parses the command
line, shows progress and decides where the output goes.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from croupier.cli.books_common import Db, Org, report_app
from croupier.cli.common import console, database_url, err_console, is_tty, reports_errors
from croupier.core.errors import InvalidInput
from croupier.service.books import reports as svc_reports

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.service.books.service import BooksService

Fmt = Annotated[
    str | None,
    typer.Option(
        "--format",
        help="pdf, csv or html (default: a table on the terminal; or from the --out suffix).",
    ),
]
Out = Annotated[
    Path | None,
    typer.Option("--out", help="File to write (csv and html go to stdout without it)."),
]

Site = Annotated[str, typer.Argument(help="The site's id, e.g. S1.")]
Day = Annotated[str, typer.Argument(help="The gaming day, YYYY-MM-DD.")]

PROGRESS_DELAY = 2.0
"""Seconds a report may take before a progress bar appears (on stderr, at a terminal)."""


class ReportProgress:
    """A rich progress bar on ``console`` (stderr) that appears only if the report takes longer
    than ``delay`` seconds and only when ``console`` is a terminal; ``step`` is the service's
    phase callback."""

    def __init__(self, console: Console, total: int, delay: float = PROGRESS_DELAY) -> None:
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.enabled = console.is_terminal
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        )
        self.task = self.progress.add_task("starting", total=total)
        self.done = 0
        self.shown = False
        self._lock = threading.Lock()
        self._timer = threading.Timer(delay, self._show) if self.enabled else None
        if self._timer is not None:
            self._timer.daemon = True
            self._timer.start()

    def _show(self) -> None:
        with self._lock:
            if self._timer is not None and not self.shown:
                self.shown = True
                self.progress.start()

    def step(self, description: str) -> None:
        self.progress.update(self.task, description=description, completed=self.done)
        self.done += 1

    def close(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self.shown:
                self.progress.update(self.task, completed=self.done)
                self.progress.stop()


@contextmanager
def _progress(total: int) -> Iterator[Callable[[str], None]]:
    bar = ReportProgress(err_console, total)
    try:
        yield bar.step
    finally:
        bar.close()


def _format(fmt: str | None, out: Path | None) -> str | None:
    """The output format: ``--format``, else the ``--out`` suffix, else None (the terminal)."""
    if fmt is not None:
        return svc_reports.check_format(fmt)
    if out is None:
        return None
    suffix = out.suffix.lower().lstrip(".")
    if suffix == "htm":
        suffix = "html"
    if suffix not in svc_reports.FORMATS:
        raise InvalidInput(f"say --format pdf, csv or html for --out {out}")
    return suffix


def _run(
    build: Callable[[BooksService, Callable[[str], None]], svc_reports.Report],
    fmt: str | None,
    out: Path | None,
    db: str | None,
    org: str | None,
) -> None:
    """Build a report and send it where it goes: a table on the terminal, a file, or stdout."""
    f = _format(fmt, out)
    if f == "pdf" and out is None and is_tty():
        raise InvalidInput("a PDF is not for the terminal: give --out FILE.pdf")
    service = svc_reports.open_books(database_url(db), org or os.environ.get("CROUPIER_ORG"))
    try:
        with _progress(svc_reports.STEPS if f else svc_reports.STEPS - 1) as step:
            report = build(service, step)
            data = svc_reports.render(report, f, step) if f else None
    finally:
        service.close()
    if report.warning:
        err_console.print(f"[bold red]warning:[/] {escape(report.warning)}", highlight=False)
    if data is None:
        console.print(svc_reports.terminal_view(report))
    elif out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        svc_reports.write(out, data)
        console.print(f"wrote {out} ({len(data):,} bytes)", highlight=False)


@report_app.command("daily")
@reports_errors
def report_daily(
    site: Site, day: Day, fmt: Fmt = None, out: Out = None, db: Db = None, org: Org = None
) -> None:
    """Daily summary of a site (99-01.3-08-16.1)."""
    _run(lambda s, step: svc_reports.daily_report(s, site, day, step), fmt, out, db, org)


@report_app.command("quarterly")
@reports_errors
def report_quarterly(
    quarter: Annotated[str, typer.Argument(help="The quarter, e.g. 2026Q1.")],
    fmt: Fmt = None,
    out: Out = None,
    db: Db = None,
    org: Org = None,
    replay: Annotated[
        bool,
        typer.Option(
            "--replay",
            help="Replay every entry of the quarter (and check its whole chain) instead of "
            "reading the digests of its closed days: an auditor's check; slower.",
        ),
    ] = False,
) -> None:
    """Quarterly summary and compliance findings (e.g. 2026Q1).

    The days of the quarter without a daily record are listed by site (up to today when the
    quarter is not over): the totals cover only the days with records.
    """

    def build(s: BooksService, step: Callable[[str], None]) -> svc_reports.Report:
        s.use_digests = not replay
        return svc_reports.quarterly_report(s, quarter, s.now().date(), step)

    _run(build, fmt, out, db, org)


@report_app.command("hold")
@reports_errors
def report_hold(
    start: Annotated[str | None, typer.Option("--from", help="First day (YYYY-MM-DD).")] = None,
    end: Annotated[str | None, typer.Option("--to", help="Last day (YYYY-MM-DD).")] = None,
    fmt: Fmt = None,
    out: Out = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """Percent-of-hold by dealer and wheel operator, with the weekly plot."""
    _run(lambda s, step: svc_reports.hold_report(s, start, end, step), fmt, out, db, org)


@report_app.command("count")
@reports_errors
def report_count(
    site: Site, day: Day, fmt: Fmt = None, out: Out = None, db: Db = None, org: Org = None
) -> None:
    """Drop box count documentation for a site and day (99-01.3-08-14)."""
    _run(lambda s, step: svc_reports.count_report(s, site, day, step), fmt, out, db, org)


@report_app.command("slips")
@reports_errors
def report_slips(
    kind: Annotated[str, typer.Argument(help="fill or credit")] = "fill",
    fmt: Fmt = None,
    out: Out = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """The fill or credit slip register, every number accounted for (99-01.3-08-05.2)."""
    _run(lambda s, step: svc_reports.slips_report(s, kind, step), fmt, out, db, org)


@report_app.command("poker")
@reports_errors
def report_poker(fmt: Fmt = None, out: Out = None, db: Db = None, org: Org = None) -> None:
    """Poker occasions: fees by table and half hour, and one summary per tournament."""
    _run(lambda s, step: svc_reports.poker_report(s, step), fmt, out, db, org)


@report_app.command("series")
@reports_errors
def report_series(
    series: Annotated[str, typer.Argument(help="The ticket card series' id.")],
    fmt: Fmt = None,
    out: Out = None,
    db: Db = None,
    org: Org = None,
) -> None:
    """A paddlewheel ticket card series: cards, prizes, unsold cards, summary (99-01.3-11-07.1)."""
    _run(lambda s, step: svc_reports.series_report(s, series, step), fmt, out, db, org)
