"""The books' times: never before the last entry (a clock going backwards), and within the
gaming day open at the site (99-01.3-08-16.1: records for each day's activity)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from bookshelp import DAY, T0, at
from clihelp import Books as Cli
from clihelp import open_day, set_up

from croupier.books.state import Books
from croupier.books.timeline import check_day_opening, check_entry_time
from croupier.core.errors import InvalidInput, RuleViolation


def test_the_last_entry_time_is_the_latest_of_every_timed_entry(books: Books) -> None:
    # bookshelp records the chip inventory and the cash bank funding a day before T0
    assert books.last_at == T0 - timedelta(days=1)


def test_a_time_before_the_last_entry_is_refused(open_books: Books) -> None:
    # open_books: day opened at T0, table 1 opened at T0 + 5 minutes
    with pytest.raises(InvalidInput, match="before the books' last entry"):
        check_entry_time(open_books, at(4), None)
    check_entry_time(open_books, at(5), None)  # the same instant is not going back


def test_a_time_given_in_another_offset_is_compared_as_an_instant(open_books: Books) -> None:
    # at(5) is 18:05 UTC; 12:06 at -06:00 is 18:06 UTC, later although it reads earlier
    check_entry_time(open_books, datetime.fromisoformat("2026-01-05T12:06:00-06:00"), "S1")


def test_99_01_3_08_16_1_an_entry_is_within_the_open_gaming_day(open_books: Books) -> None:
    # day 2026-01-05 opened at 18:00 UTC: entries until the end of 2026-01-06
    check_entry_time(open_books, datetime(2026, 1, 6, 23, 59, tzinfo=UTC), "S1")
    with pytest.raises(RuleViolation) as refused:
        check_entry_time(open_books, datetime(2026, 1, 7, 0, 0, tzinfo=UTC), "S1")
    assert refused.value.section == "99-01.3-08-16.1"
    assert "outside the gaming day 2026-01-05" in refused.value.detail


def test_a_site_without_an_open_day_bounds_nothing_but_the_clock(books: Books) -> None:
    check_entry_time(books, datetime(2027, 6, 1, tzinfo=UTC), "S1")


def test_99_01_3_08_16_1_a_gaming_day_opens_on_its_own_date() -> None:
    check_day_opening(DAY, datetime.fromisoformat("2026-01-05T23:30:00-06:00"))
    with pytest.raises(RuleViolation, match="opened on that date"):
        # the date is read in the offset the time is given in, not in UTC (06 January 05:30)
        check_day_opening(date(2026, 1, 6), datetime.fromisoformat("2026-01-05T23:30:00-06:00"))


def test_cli_refuses_at_before_the_last_entry(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    set_up(b)  # the last entry is at 2026-01-04T12:00:00-06:00
    line = b.refused("fund", "S1", "5", "--at", "2026-01-04T11:59:59-06:00")
    assert line.startswith(
        "error: time 2026-01-04T11:59:59-06:00 is before the books' last entry "
        "(2026-01-04T12:00:00-06:00)"
    )


def test_cli_99_01_3_08_16_1_refuses_at_outside_the_open_gaming_day(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    set_up(b)
    open_day(b)
    line = b.refused("fund", "S1", "5", "--at", "2026-01-07T00:00:00-06:00")
    assert line.startswith("error: refused: 2026-01-07T00:00:00-06:00 is outside the gaming day")
    assert line.endswith("(section 99-01.3-08-16.1)")
    b.ok("fund", "S1", "5", "--at", "2026-01-06T02:00:00-06:00")  # past midnight is the same day


def test_cli_99_01_3_08_16_1_refuses_opening_a_day_on_another_date(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    set_up(b)
    opening = ("open-day", "S1", "2026-01-05", "--on-duty", "sm,d1", "--by", "sm")
    line = b.refused(*opening, "--at", "2026-01-04T18:00:00-06:00")
    assert "is opened on that date" in line
    assert "99-01.3-08-16.1" in line


def test_cli_a_rule_refusal_is_reported_before_the_time(tmp_path: Path) -> None:
    # a fill prepared by the dealer is refused by its own rule, whatever the time
    b = Cli(tmp_path)
    set_up(b)
    open_day(b)
    line = b.refused("fill", "S1", "1", "5x1", "d1", "c1", "--verifier", "sm")
    assert "99-01.3-08-05.3" in line
