"""Closed periods (99-01.3-08-16; issue 20): once a quarter's report is produced or its tax
return filed, nothing dated in it is recorded; a correction is a new entry dated when it is made
and shows on the next quarterly report."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from bookshelp import play_quarter_activity
from clihelp import Books as Cli
from clihelp import set_up

from croupier.books import events as ev
from croupier.books.consistency import check_in_books
from croupier.books.count import correct_count
from croupier.books.periods import check_open_periods, close_quarter
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.core.errors import RuleViolation
from croupier.reports.forms import quarterly_form

T = "--at"


def _quiet_quarter(b: Cli) -> None:
    """S1 with one gaming day in 2026Q1 (no tables opened), closed; a gaming manager gm."""
    set_up(b)
    b.ok("add-employee", "gm", "Gail Manager", "GM", "--role", "gaming manager")
    b.ok(
        "open-day",
        "S1",
        "2026-03-20",
        "--on-duty",
        "sm,c1",
        "--by",
        "sm",
        T,
        "2026-03-20T18:00:00-06:00",
    )
    b.ok("close-day", "S1", "$2,000", "--by", "sm", T, "2026-03-20T23:00:00-06:00")


def test_99_01_3_08_16_a_day_back_dated_into_a_closed_quarter_is_refused(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    _quiet_quarter(b)
    line = b.refused("close-quarter", "2026Q1", "--by", "gm", T, "2026-03-31T12:00:00-06:00")
    assert "can be closed only after it ends" in line
    assert "99-01.3-08-16" in line
    line = b.refused("close-quarter", "2026Q1", "--by", "sm", T, "2026-04-02T09:00:00-06:00")
    assert "only a gaming manager may" in line
    b.ok("close-quarter", "2026Q1", "--by", "gm", T, "2026-04-02T09:00:00-06:00")
    line = b.refused("close-quarter", "2026Q1", "--by", "gm", T, "2026-04-02T10:00:00-06:00")
    assert "closed already" in line
    line = b.refused(
        "open-day",
        "S1",
        "2026-03-27",
        "--on-duty",
        "sm",
        "--by",
        "sm",
        T,
        "2026-03-27T18:00:00-06:00",
    )
    assert "2026-03-27 is in 2026Q1, whose records are final" in line
    assert line.endswith("(section 99-01.3-08-16)")
    # the next quarter's days go on as before
    b.ok(
        "open-day",
        "S1",
        "2026-04-03",
        "--on-duty",
        "sm",
        "--by",
        "sm",
        T,
        "2026-04-03T18:00:00-06:00",
    )


def test_99_01_3_08_16_a_quarter_is_closed_only_when_its_days_are(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    set_up(b)
    b.ok("add-employee", "gm", "Gail Manager", "GM", "--role", "gaming manager")
    b.ok(
        "open-day",
        "S1",
        "2026-03-31",
        "--on-duty",
        "sm",
        "--by",
        "sm",
        T,
        "2026-03-31T18:00:00-06:00",
    )
    # the evening of the last day, already April in UTC: not yet (the day may still run)
    line = b.refused("close-quarter", "2026Q1", "--by", "gm", T, "2026-04-01T00:30:00+00:00")
    assert "from 2026-04-02" in line
    line = b.refused("close-quarter", "2026Q1", "--by", "gm", T, "2026-04-02T09:00:00-06:00")
    assert "S1 2026-03-31 still open" in line


@pytest.fixture(scope="module")
def closed_q4():  # type: ignore[no-untyped-def]
    books, _ = play_quarter_activity(seed=20260101)
    q4 = Quarter(2025, 4)
    books.apply_all(
        close_quarter(books, q4, "report produced", "gm", datetime(2026, 1, 2, tzinfo=UTC))
    )
    return books, q4


def test_99_01_3_08_16_an_entry_dated_in_a_closed_quarter_is_refused_and_flagged(closed_q4) -> None:  # type: ignore[no-untyped-def]
    books, q4 = closed_q4
    counted = next(
        e
        for e in books.entries
        if isinstance(e, ev.DropBoxCounted) and q4.contains(date.fromisoformat(e.day))
    )
    late = ev.CashDeposited(
        counted.site_id, counted.day, 100, "gm", f"{counted.day}T23:30:00+00:00"
    )
    with pytest.raises(RuleViolation) as refused:
        check_open_periods(books, [late])
    assert refused.value.section == "99-01.3-08-16"
    # written behind the books' back, a reader finds it
    assert any("closed before it" in p for p in check_in_books(books, late))


def test_99_01_3_08_16_a_correction_of_a_closed_quarter_shows_on_the_next_report(closed_q4) -> None:  # type: ignore[no-untyped-def]
    books, q4 = closed_q4
    position = next(
        i
        for i, e in enumerate(books.entries)
        if isinstance(e, ev.DropBoxCounted) and q4.contains(date.fromisoformat(e.day))
    )
    counted = books.entries[position]
    q4_before = quarterly_report(books, q4)
    made = datetime(2026, 2, 1, 12, tzinfo=UTC)
    correction = correct_count(
        books, position, counted.resolved + 500, "a $5 bill found", "gm", made
    )
    check_open_periods(books, correction)  # dated when made, in an open quarter
    books.apply_all(correction)
    q1 = quarterly_report(books, Quarter(2026, 1))
    (prior,) = q1.prior_corrections
    assert (prior.corrects_entry, prior.corrected_day) == (position, counted.day)
    assert prior.cents == counted.resolved + 500
    assert (prior.difference, prior.of_closed_quarter) == (500, True)
    # the closed quarter stays as reported; the $5 is carried by the quarter of the correction
    q4_after = quarterly_report(books, q4)
    assert q4_after.games == q4_before.games
    assert q4_after.tax is not None
    assert q4_before.tax is not None
    assert q4_after.tax.adjusted_gross_proceeds == q4_before.tax.adjusted_gross_proceeds
    assert q1.tax is not None
    carried = [x for x in q1.tax.lines if x.activity.startswith("corrections of closed")]
    assert [x.adjusted_gross_proceeds for x in carried] == [500]
    assert q1.tax.reconciled
    form = quarterly_form(q1, books)
    assert any(t.title.startswith("Corrections recorded this quarter") for t in form.tables)
    q4_report = quarterly_report(books, q4)
    assert q4_report.prior_corrections == ()
    assert q4_report.closed is not None
    assert dict(quarterly_form(q4_report, books).fields)["Records"].startswith("closed 2026-01-02")


def test_99_01_3_08_16_a_quarter_is_not_closed_while_a_poker_occasion_of_it_runs() -> None:
    """An occasion's fees belong to the quarter it began in (the quarterly poker summary):
    closing that quarter while the occasion still runs would let its later fees escape both."""
    from bookshelp import setup_events

    from croupier.books.poker import open_occasion
    from croupier.books.state import Books

    books = Books.from_events(setup_events())
    books.apply_all(open_occasion(books, "OC1", date(2026, 3, 31), date(2026, 4, 2), "gm", ("S1",)))
    with pytest.raises(RuleViolation, match="poker occasion OC1 began in 2026Q1 and is not over"):
        close_quarter(
            books, Quarter(2026, 1), "report produced", "gm", datetime(2026, 4, 2, 9, tzinfo=UTC)
        )
    assert close_quarter(
        books, Quarter(2026, 1), "report produced", "gm", datetime(2026, 4, 3, 9, tzinfo=UTC)
    )


def test_99_01_3_08_16_poker_entries_are_dated_by_their_own_times() -> None:
    from croupier.books.periods import dated
    from croupier.books.poker_ledger import PokerHalfHourFee, PokerTimeWorked

    worked = PokerTimeWorked(
        "OC1", "c1", "S1", "2026-03-20T19:00:00-05:00", "2026-03-20T23:00:00-05:00"
    )
    fee = PokerHalfHourFee(
        "OC1", 1, "Ann", "2026-03-20T19:00:00-05:00", 500, "c1", "2026-03-20T18:55:00-05:00"
    )
    assert dated(worked) == date(2026, 3, 20)
    assert dated(fee) == date(2026, 3, 20)


@pytest.mark.parametrize("typed", ["26Q1", "9999Q4", "0026Q1", "２０２６Q1", "2026Q5", "2026", ""])
def test_a_quarter_typed_is_four_digits_of_a_year_and_a_number_from_1_to_4(typed: str) -> None:
    """Found by an audit: "26Q1" was the year 26, and "9999Q4" reached the report as a server
    error (its next quarter's year is out of range). Each is one line that names the quarter."""
    from croupier.books.quarters import Quarter
    from croupier.core.errors import InvalidInput

    with pytest.raises(InvalidInput) as refused:
        Quarter.parse(typed)
    assert repr(typed) in str(refused.value) or "numbered 1 to 4" in str(refused.value)


def test_a_quarter_typed_reads_as_written() -> None:
    from croupier.books.quarters import Quarter

    assert Quarter.parse("2026Q1") == Quarter.parse(" 2026-q1 ") == Quarter(2026, 1)
    assert Quarter.parse("9998Q4").next() == Quarter(9999, 1)
