"""The ``croupier books`` and ``croupier report`` commands, and report rendering."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from bookshelp import play_quarter_activity
from typer.testing import CliRunner

from croupier.books.hold import hold_lines
from croupier.books.model import SlipKind
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.cli.main import app
from croupier.reports import forms
from croupier.reports.csvsafe import TRIGGERS, safe_cell
from croupier.reports.render import Format, hold_plot, render


def test_cli_runs_a_day_and_prints_every_report(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"CROUPIER_DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}", "CROUPIER_ORG": "p1"}

    def ok(*args: str) -> str:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.output

    t = "--at"
    ok("books", "setup", "p1", "Post 1")
    ok("books", "add-site", "S1", "Main", "--surveilled")
    ok("books", "add-table", "S1", "1", "21")
    ok("books", "add-employee", "sm", "Sam", "SS", "--role", "shift manager")
    # a name a spreadsheet would run as a formula: every CSV below must show it as text
    hostile = '=HYPERLINK("http://evil.example","Dee")'
    ok("books", "add-employee", "d1", hostile, "D1", "--role", "dealer", "--supervisor", "sm")
    ok("books", "add-employee", "c1", "Cass", "CC", "--role", "cashier", "--supervisor", "sm")
    ok("books", "add-employee", "pb", "Pat", "PB", "--role", "pit boss", "--supervisor", "sm")
    ok(
        "books",
        "add-employee",
        "ip",
        "Ida",
        "II",
        "--role",
        "independent person",
        "--affiliation",
        "independent",
    )
    ok("books", "receive-chips", "S1", "1x500,5x400", t, "2026-01-04T12:00:00+00:00")
    ok("books", "fund", "S1", "$2,000", t, "2026-01-04T12:00:00+00:00")
    ok(
        "books",
        "open-day",
        "S1",
        "2026-01-05",
        "--on-duty",
        "sm,pb,d1,c1",
        "--by",
        "sm",
        t,
        "2026-01-05T18:00:00+00:00",
    )
    ok(
        "books",
        "open-table",
        "S1",
        "1",
        "d1",
        "--shoe-inspected-by",
        "d1",
        t,
        "2026-01-05T18:05:00+00:00",
    )
    out = ok(
        "books",
        "fill",
        "S1",
        "1",
        "5x40,1x100",
        "c1",
        "c1",
        "--verifier",
        "sm",
        t,
        "2026-01-05T18:06:00+00:00",
    )
    assert "fill slip number 1" in out
    refused = runner.invoke(
        app, ["books", "fill", "S1", "1", "5x1", "d1", "c1", "--verifier", "sm"], env=env
    )
    assert refused.exit_code == 2
    assert "99-01.3-08-05.3" in refused.output
    ok("books", "sell", "S1", "1", "$200", t, "2026-01-05T18:10:00+00:00")
    ok(
        "books",
        "play",
        "S1",
        "1",
        "--collected",
        "5x10",
        "--paid",
        "1x20,5x4",
        t,
        "2026-01-05T18:20:00+00:00",
    )
    ok("books", "review-camera", "S1", "1", "sm", t, "2026-01-05T18:30:00+00:00")
    ok(
        "books",
        "end-shift",
        "S1",
        "1",
        "--removed-by",
        "sm",
        "--escort",
        "pb",
        "--close",
        t,
        "2026-01-05T22:00:00+00:00",
    )
    ok(
        "books",
        "count",
        "S1",
        "2026-01-05",
        "1",
        "1",
        "--team",
        "ip,pb",
        "--key-holder",
        "ip",
        "--first",
        "$200",
        "--second",
        "$200",
        "--initials",
        "II,PB",
        "--fill-copies",
        "1",
    )
    ok("books", "redeem", "S1", "5x34,1x20", "c1", t, "2026-01-05T22:10:00+00:00")
    ok("books", "deposit", "S1", "$200", "--by", "sm", t, "2026-01-05T22:20:00+00:00")
    key = tmp_path / "anchor.key"
    ok("anchor", "keygen", "--out", str(key))
    closed = ok(
        "books", "close-day", "S1", "$1,810.00", "--by", "sm", t, "2026-01-05T23:00:00+00:00",
        "--anchor-key", str(key),
    )  # fmt: skip
    anchor = "".join(closed[closed.index("croupier-anchor:1:") :].split())
    daily = ok("report", "daily", "S1", "2026-01-05", "--format", "csv")
    assert anchor in daily  # the anchor signed at the close is printed on the day's report
    # by hand: drop 200, fills 300, closing tray 80 x $1 + 6 x $5 = 110: win 10, prizes 190
    assert "21,$200.00,$190.00,$10.00,$10.00,$0.00" in daily
    for name, args in {
        "daily": ["S1", "2026-01-05"],
        "quarterly": ["2026Q1"],
        "hold": [],
        "count": ["S1", "2026-01-05"],
        "slips": ["credit"],
    }.items():
        for fmt in ("csv", "html", "pdf"):
            target = tmp_path / f"{name}.{fmt}"
            ok("report", name, *args, "--format", fmt, "--out", str(target))
            data = target.read_bytes()
            assert data
            if fmt == "pdf":
                assert data.startswith(b"%PDF")
            if fmt == "csv":  # issue 28: no cell a spreadsheet would evaluate
                rows = csv.reader(io.StringIO(data.decode("utf-8"), newline=""))
                cells = [c for row in rows for c in row]
                assert not [c for c in cells if c.startswith(TRIGGERS) and safe_cell(c) != c]
                if name in ("daily", "count"):  # the records that name the dealer
                    assert "'" + hostile in cells


@pytest.mark.parametrize("fmt", list(Format))
def test_reports_render_the_quarter(fmt: Format) -> None:
    books, _ = play_quarter_activity(seed=7)
    q = Quarter(2026, 1)
    report = quarterly_report(books, q)
    outputs = [
        render(forms.quarterly_form(report), fmt),
        render(forms.hold_form(hold_lines(books, q.first_day, q.last_day), None, None), fmt),
        render(forms.slips_form(books, SlipKind.FILL), fmt),
        render(forms.count_form(books, "S1", "2026-01-03"), fmt),
        render(forms.daily_form(books, report.days[0]), fmt),
    ]
    assert all(outputs)
    if fmt is Format.CSV:
        text = outputs[0].decode()
        assert "99-01.3-08-01.3" in text
        assert "99-01.3-08-04.8" in text
    if fmt is Format.HTML:
        assert b"data:image/png;base64," in outputs[1]


def test_hold_plot_is_a_png() -> None:
    books, _ = play_quarter_activity(seed=7)
    png = hold_plot(hold_lines(books))
    assert png.startswith(b"\x89PNG")
