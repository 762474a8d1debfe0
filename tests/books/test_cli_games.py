"""``croupier books poker-...`` and ``croupier books ticket-...`` on SQLite, and their place in
the daily, quarterly and series reports (99-01.3-09-03, -07; 99-01.3-11-02, -07)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app

T = "--at"


def _runner(tmp_path: Path) -> tuple[CliRunner, dict[str, str]]:
    env = {"CROUPIER_DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}", "CROUPIER_ORG": "p1"}
    return CliRunner(), env


def _setup(runner: CliRunner, env: dict[str, str]) -> None:
    for args in (
        ["books", "setup", "p1", "Post 1"],
        ["books", "add-site", "S1", "Main"],
        ["books", "add-employee", "sm", "Sam", "SS", "--role", "shift manager"],
        ["books", "add-employee", "pb", "Pat", "PB", "--role", "pit boss", "--supervisor", "sm"],
        ["books", "add-employee", "c1", "Cass", "CC", "--role", "cashier", "--supervisor", "sm"],
    ):
        result = runner.invoke(app, args, env=env)
        assert result.exit_code == 0, result.output


def _commands(
    tmp_path: Path,
) -> tuple[Callable[..., str], Callable[..., None]]:
    """Books set up as ``_setup`` leaves them, and two ways to run a command on them: ``ok``
    (it succeeds; its output) and ``refused`` (it fails, saying ``words``: a section or why)."""
    runner, env = _runner(tmp_path)
    _setup(runner, env)

    def ok(*args: str) -> str:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.output

    def refused(words: str, *args: str) -> None:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code != 0, result.output
        assert words in result.output

    return ok, refused


def test_99_01_3_09_07_1_b_poker_fee_commands(tmp_path: Path) -> None:
    ok, refused = _commands(tmp_path)

    occasion = ("books", "poker-occasion", "spring", "2026-03-06", "2026-03-07", "--manager", "sm")
    ok(*occasion, "--sites", "S1")
    fee = ("books", "poker-fee", "spring", "1")
    half = "2026-03-06T19:00:00-06:00"
    ok(*fee, "Ann", "--from", half, "--by", "pb", T, "2026-03-06T18:58:00-06:00")
    ok(*fee, "Bob", "--from", half, "--fee", "$1.50", "--by", "pb", T, "2026-03-06T18:59:00-06:00")
    # $3 is over $2 per half hour; Ann has paid for this half hour; a fee after the half hour
    # began is not collected in advance.
    refused("99-01.3-09-03.3", *fee, "Cy", "--from", half, "--fee", "$3", "--by", "pb", T, half)
    refused("99-01.3-09-03.3", *fee, "Ann", "--from", half, "--by", "pb", T, half)
    refused(
        "99-01.3-09-03.3", *fee, "Di", "--from", half, "--by", "pb", T, "2026-03-06T19:05:00-06:00"
    )
    ok("books", "poker-tournament-start", "spring", "main", "--director", "pb", T, half)
    tf = ("books", "poker-tournament-fee", "spring", "main")
    refused("99-01.3-09-07.1.c", *tf, "Eve", "$200", "--by", "c1", T, half)  # no address
    ok(*tf, "Eve", "$200", "--by", "c1", "--name", "Eve Ames", "--address", "1 Elm St", T, half)
    ok(*tf, "Eve", "$100", "--kind", "rebuy", "--by", "c1", T, half)
    refused("99-01.3-09-01", *tf, "Eve", "$1", "--kind", "add-on", "--by", "c1", T, half)
    # 90% of $300 is $270.
    refused(
        "99-01.3-09-03.4.f", "books", "poker-prize", "spring", "main", "Eve", "$270.01", T, half
    )
    ok("books", "poker-prize", "spring", "main", "Eve", "$270", T, half)
    ok(
        "books",
        "poker-time-worked",
        "spring",
        "pb",
        "--start",
        "2026-03-06T18:30:00-06:00",
        "--end",
        "2026-03-06T23:00:00-06:00",
    )
    poker = ok("report", "poker", "--format", "csv")
    assert "spring,1,2026-03-06T19:00:00-06:00,Ann,$2.00,pb," in poker
    # by hand: Ann $2 + Bob $1.50 at table 1 for the half hour from 19:00: 2 players, $3.50
    assert "spring,S1,1,2026-03-06T19:00:00-06:00,2,$3.50,pb" in poker
    # pb worked 18:30 to 23:00 = 270 minutes and collected both fees within it
    assert "spring,pb,2026-03-06T18:30:00-06:00 to 2026-03-06T23:00:00-06:00,270,2," in poker
    quarterly = ok("report", "quarterly", "2026Q1", "--format", "csv")
    # by hand: nontournament $2.00 + $1.50 = $3.50; tournament $300 - $270 = $30.
    assert "spring,nontournament,$3.50,$0.00,$3.50" in quarterly
    assert "spring,main,$300.00,$270.00,$30.00" in quarterly
    assert "99-01.3-09-07.1.f" in quarterly


def test_99_01_3_09_07_1_b_a_poker_fee_keyed_in_error_is_voided(tmp_path: Path) -> None:
    """Issue 30: a nontournament fee keyed in error is voided (its cash handed back) the day it
    was collected, by an employee saying why; it no longer counts, and the same player's fee for
    that half hour is gone from the record of fees. Later, the record stands."""
    ok, refused = _commands(tmp_path)

    ok(
        "books",
        "poker-occasion",
        "spring",
        "2026-03-06",
        "2026-03-07",
        "--manager",
        "sm",
        "--sites",
        "S1",
    )
    fee = ("books", "poker-fee", "spring", "1")
    half = "2026-03-06T19:00:00-06:00"
    ok(*fee, "Ann", "--from", half, "--by", "pb", T, "2026-03-06T18:58:00-06:00")
    ok(*fee, "Anne", "--from", half, "--by", "pb", T, "2026-03-06T18:59:00-06:00")  # a slip
    void = ("books", "poker-fee-void", "spring", "Anne", "--from", half)
    refused("--reason", *void, "--by", "pb", T, "2026-03-06T19:01:00-06:00")
    refused("say why", *void, "--reason", " ", "--by", "pb", T, "2026-03-06T19:01:00-06:00")
    refused("no standing fee", "books", "poker-fee-void", "spring", "Bob", "--from", half,
            "--reason", "typo", "--by", "pb", T, "2026-03-06T19:01:00-06:00")  # fmt: skip
    ok(*void, "--reason", "Ann keyed twice", "--by", "pb", T, "2026-03-06T19:01:00-06:00")
    refused("no standing fee", *void, "--reason", "again", "--by", "pb", T,
            "2026-03-06T19:02:00-06:00")  # fmt: skip
    later = "2026-03-06T19:30:00-06:00"
    ok(*fee, "Bo", "--from", later, "--by", "pb", T, "2026-03-06T19:05:00-06:00")
    # the next day Bo's fee is kept as it is
    refused("99-01.3-09-07.1.b", "books", "poker-fee-void", "spring", "Bo", "--from", later,
            "--reason", "late", "--by", "pb", T, "2026-03-07T10:00:00-06:00")  # fmt: skip
    poker = ok("report", "poker", "--format", "csv")
    # by hand: the half hour from 19:00 has Ann's $2 alone (Anne's voided), 19:30 Bo's $2
    assert "spring,S1,1,2026-03-06T19:00:00-06:00,1,$2.00,pb" in poker
    assert "spring,S1,1,2026-03-06T19:30:00-06:00,1,$2.00,pb" in poker
    assert "Anne" not in poker


def test_99_01_3_11_02_ticket_series_commands(tmp_path: Path) -> None:
    ok, refused = _commands(tmp_path)

    series = ("--cards", "101-105", "--tickets-per-card", "10", "--stamp", "ND-12345")
    refused("99-01.3-11-02.2", "books", "ticket-series", "A", "S1", *series, "--price", "$3")
    ok("books", "ticket-series", "A", "S1", *series, "--price", "$2")
    day = "2026-02-07T19:00:00-06:00"
    ok("books", "open-day", "S1", "2026-02-07", "--on-duty", "sm,pb,c1", "--by", "sm", T, day)
    ok("books", "ticket-sell", "A", "101", "10", T, day)
    ok("books", "ticket-sell", "A", "102", "4", T, day)
    refused(
        "99-01.3-11-02.2", "books", "ticket-spin", "A", "102", "7", "--revolutions", "5", T, day
    )
    ok("books", "ticket-refund", "A", "102", T, day)
    refused(
        "99-01.3-11-02.3", "books", "ticket-spin", "A", "101", "7", "--revolutions", "3", T, day
    )
    ok("books", "ticket-spin", "A", "101", "7", "--revolutions", "5", T, day)
    refused("99-01.3-11-02.4", "books", "ticket-prize", "A", "101", "--cash", "$101", T, day)
    ok("books", "ticket-prize", "A", "101", "--cash", "$15", T, day)
    ok(
        "books",
        "ticket-prize",
        "A",
        "101",
        "--merchandise-cost",
        "$4.50",
        "--description",
        "cap",
        T,
        day,
    )
    status = ok("books", "ticket-status", "A")
    # by hand: card 101 sold out at $2 x 10 = $20; card 102 refunded; prizes $15 + $4.50.
    assert "unsold cards (retained): 103-105" in status
    assert "gross proceeds $20.00; prizes $19.50; adjusted gross proceeds $0.50" in status
    # the cash bank took $20 + $8 of sales, paid the $8 refund and the $15 cash prize: $5.00
    ok("books", "close-day", "S1", "$5", "--by", "sm", T, "2026-02-07T23:00:00-06:00")
    daily = ok("report", "daily", "S1", "2026-02-07", "--format", "csv")
    # gross $20, prizes $19.50, AGP $0.50, cash profit $20 - $15 = $5.00, no long or short
    assert "PW tickets,$20.00,$19.50,$0.50,$5.00,$0.00" in daily
    assert "99-01.3-11-07.1.b" in daily
    assert "A,2026-02-07,101,10/10,spun,$20.00,7,$15.00; cap (cost $4.50)" in daily
    assert "A,2026-02-07,102,4/10,refunded,$0.00,," in daily
    quarterly = ok("report", "quarterly", "2026Q1", "--format", "csv")
    assert "A,S1,ND-12345,2026Q1,1,3,$20.00,$19.50,$0.50" in quarterly
    for fmt in ("csv", "html", "pdf"):
        target = tmp_path / f"series.{fmt}"
        ok("report", "series", "A", "--format", fmt, "--out", str(target))
        assert target.read_bytes()
    assert "103" in (tmp_path / "series.csv").read_text()


def test_99_01_3_08_16_1_printed_records_carry_signature_lines() -> None:
    from croupier.reports.forms import Form
    from croupier.reports.render import Format, render

    form = Form("Daily summary", "99-01.3-08-16.1", (("Site", "S1"),), ())
    html = render(form, Format.HTML).decode()
    assert "Prepared by:" in html
    assert "Reviewed by:" in html
    assert render(form, Format.PDF).startswith(b"%PDF")


def test_99_01_3_08_04_6_camera_fault_command(tmp_path: Path) -> None:
    runner, env = _runner(tmp_path)
    _setup(runner, env)
    fault = ["books", "camera-fault", "S1", "1", "--by", "pb", "--at", "2026-01-09T20:00:00-06:00"]
    assert runner.invoke(app, ["books", "add-table", "S1", "1", "21"], env=env).exit_code == 0
    first = runner.invoke(app, fault, env=env)
    assert first.exit_code == 0, first.output
    assert "camera_fault_reported" in first.output
    again = runner.invoke(app, fault, env=env)
    assert again.exit_code != 0
    assert "already faulty" in again.output
    # issue 30: the repair has its command (it had only the Python API)
    repaired = ["books", "camera-repaired", "S1", "1", "--at", "2026-01-10T12:00:00-06:00"]
    pit_boss = runner.invoke(app, [*repaired, "--by", "pb"], env=env)
    assert pit_boss.exit_code != 0
    assert "99-01.3-08-04.4.a" in pit_boss.output  # a pit boss may not access a camera
    done = runner.invoke(app, [*repaired, "--by", "sm"], env=env)
    assert done.exit_code == 0, done.output
    assert "camera_repaired" in done.output
    twice = runner.invoke(app, [*repaired, "--by", "sm"], env=env)
    assert twice.exit_code != 0
    assert "no camera fault is open" in twice.output
    later = [*fault[:-1], "2026-01-11T20:00:00-06:00"]
    assert runner.invoke(app, later, env=env).exit_code == 0  # a new fault after the repair
