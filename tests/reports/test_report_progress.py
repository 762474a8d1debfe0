"""A report that takes longer than about two seconds shows a rich progress bar on stderr, and
only when stderr is a terminal."""

from __future__ import annotations

import io
import time

from rich.console import Console

from croupier.cli.books_report_cmds import PROGRESS_DELAY, ReportProgress


def _console(terminal: bool) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=terminal, width=100), out


def test_progress_bar_appears_on_a_terminal_once_the_delay_has_passed() -> None:
    console, out = _console(terminal=True)
    bar = ReportProgress(console, total=3, delay=0.05)
    bar.step("reading the books")
    time.sleep(0.3)  # past the delay: the bar is live
    bar.step("rendering PDF")
    bar.close()
    assert bar.shown
    assert "reading the books" in out.getvalue() or "rendering PDF" in out.getvalue()


def test_progress_bar_stays_hidden_for_a_quick_report() -> None:
    console, out = _console(terminal=True)
    bar = ReportProgress(console, total=3, delay=5.0)
    bar.step("reading the books")
    bar.close()
    assert not bar.shown
    assert out.getvalue() == ""


def test_progress_bar_never_shows_when_stderr_is_not_a_terminal() -> None:
    console, out = _console(terminal=False)
    bar = ReportProgress(console, total=3, delay=0.0)
    bar.step("reading the books")
    time.sleep(0.1)
    bar.close()
    assert not bar.shown
    assert out.getvalue() == ""


def test_progress_delay_is_about_two_seconds() -> None:
    assert PROGRESS_DELAY == 2.0
