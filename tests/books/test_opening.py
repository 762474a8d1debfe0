"""Opening balances (issue 20): an organization that starts keeping its books in croupier
mid-life enters each site's cash bank, chip bank, trays and chips outstanding once, as an
audited opening entry (99-01.3-08-16), and the days run on from there."""

from __future__ import annotations

from pathlib import Path

from clihelp import Books as Cli

T = "--at"
OPEN = (
    "opening-balances",
    "S1",
    "--cash-bank",
    "$1,500",
    "--chip-bank",
    "1x200,5x100",
    "--tray",
    "1=5x40,1x100",
    "--outstanding",
    "5x10",
)


def _org(b: Cli) -> None:
    b.ok("init", "p1", "Post 1")
    b.ok("add-site", "S1", "Main Street Bar", "--surveilled")
    b.ok("add-table", "S1", "1", "21")
    b.ok("add-employee", "gm", "Gail Manager", "GM", "--role", "gaming manager")
    b.ok("add-employee", "au", "Al Auditor", "AA", "--role", "auditor")
    b.ok("add-employee", "sm", "Sam Shift", "SS", "--role", "shift manager")
    b.ok("add-employee", "d1", "Dee One", "D1", "--role", "dealer", "--supervisor", "sm")
    b.ok("add-employee", "c1", "Cass Cashier", "CC", "--role", "cashier", "--supervisor", "sm")


def test_99_01_3_08_16_opening_balances_are_entered_once_audited(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    _org(b)
    line = b.refused(*OPEN, "--by", "sm", "--audited-by", "au", T, "2026-01-04T12:00:00-06:00")
    assert "only a gaming manager may" in line
    line = b.refused(*OPEN, "--by", "gm", "--audited-by", "sm", T, "2026-01-04T12:00:00-06:00")
    assert "only an auditor may" in line
    b.ok(*OPEN, "--by", "gm", "--audited-by", "au", T, "2026-01-04T12:00:00-06:00")
    line = b.refused(*OPEN, "--by", "gm", "--audited-by", "au", T, "2026-01-04T12:05:00-06:00")
    assert "already has chips" in line
    assert line.endswith("(section 99-01.3-08-16)")
    status = b.ok("status", "S1")
    # by hand: $1,500 cash; chip bank $200 + $500; tray 1: $200 + $100; $50 with players
    assert "cash bank $1,500.00" in status
    # the day runs on from there: table 1 opens with its tray, a player redeems old chips
    b.ok(
        "open-day",
        "S1",
        "2026-01-05",
        "--on-duty",
        "sm,d1,c1",
        "--by",
        "sm",
        T,
        "2026-01-05T18:00:00-06:00",
    )
    b.ok("open-table", "S1", "1", "d1", "--shoe-inspected-by", "d1", T, "2026-01-05T18:05:00-06:00")
    b.ok("redeem", "S1", "5x4", "c1", T, "2026-01-05T18:10:00-06:00")
    line = b.refused("redeem", "S1", "5x7", "c1", T, "2026-01-05T18:11:00-06:00")
    assert "outstanding" in line  # only 6 of the 10 old $5 chips are still out
    assert "cash bank $1,480.00" in b.ok("status", "S1")


def test_99_01_3_08_16_no_opening_balances_after_activity(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    _org(b)
    b.ok("fund", "S1", "$100", T, "2026-01-04T12:00:00-06:00")
    line = b.refused(*OPEN, "--by", "gm", "--audited-by", "au", T, "2026-01-04T12:05:00-06:00")
    assert "already has cash in the cash bank" in line
    line = b.refused(
        "opening-balances", "S1", "--cash-bank", "$5", "--tray", "9=5x1", "--by", "gm",
        "--audited-by", "au",
    )  # fmt: skip
    assert "already has cash" in line
