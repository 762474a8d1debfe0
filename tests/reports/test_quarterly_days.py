"""A quarter's summary says which days have no daily record instead of silently totalling fewer
days (99-01.3-08-16.1: a record "for each day's activity")."""

from __future__ import annotations

from datetime import date, timedelta

from bookshelp import DAY, at, setup_events
from reporthelp import Invoke

from croupier.books import operations as ops
from croupier.books.quarterly import day_coverage, day_ranges, quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.reports import forms
from croupier.reports.render import Format, render

Q1 = Quarter(2026, 1)


def _every_day(first: date, last: date) -> list[str]:
    return [(first + timedelta(days=i)).isoformat() for i in range((last - first).days + 1)]


def _books_with_days(*days: date) -> Books:
    """The test organization with S1 opened and closed (no play) on ``days``."""
    books = Books.from_events(setup_events())
    for d in days:
        shift = timedelta(days=(d - DAY).days)
        books.apply_all(ops.open_day(books, "S1", d, at(0) + shift, ("sm", "c1"), "sm"))
        st = books.sites["S1"]
        books.apply_all(
            ops.close_day(books, "S1", d, at(60) + shift, st.cash_bank, st.chip_bank, "sm")
        )
    return books


def test_99_01_3_08_16_1_quarter_lists_the_days_without_a_daily_record() -> None:
    recorded = [date(2026, 1, 5), date(2026, 1, 7)]
    books = _books_with_days(*recorded)
    (s1,) = day_coverage(books, Q1)
    assert s1.site_id == "S1"
    assert s1.recorded == ("2026-01-05", "2026-01-07")
    # every day of January to March 2026 (31 + 28 + 31 = 90) but the two recorded
    expected = [
        d
        for d in _every_day(date(2026, 1, 1), date(2026, 3, 31))
        if d not in ("2026-01-05", "2026-01-07")
    ]
    assert len(expected) == 88
    assert list(s1.without) == expected
    assert s1.through == "2026-03-31"


def test_99_01_3_08_16_1_quarter_not_over_stops_at_the_day_of_the_report() -> None:
    books = _books_with_days(date(2026, 1, 5), date(2026, 1, 7))
    (s1,) = day_coverage(books, Q1, as_of=date(2026, 1, 8))
    assert s1.without == (
        "2026-01-01",
        "2026-01-02",
        "2026-01-03",
        "2026-01-04",
        "2026-01-06",
        "2026-01-08",
    )
    assert s1.through == "2026-01-08"
    (before,) = day_coverage(books, Quarter(2026, 2), as_of=date(2026, 1, 8))
    assert before.without == ()
    assert before.through is None


def test_day_ranges_join_consecutive_days() -> None:
    days = ("2026-01-01", "2026-01-02", "2026-01-03", "2026-01-06", "2026-02-28", "2026-03-01")
    assert day_ranges(days) == "2026-01-01 to 2026-01-03, 2026-01-06, 2026-02-28 to 2026-03-01"


def test_99_01_3_08_16_1_quarterly_form_warns_and_names_the_missing_days() -> None:
    books = _books_with_days(date(2026, 1, 5), date(2026, 1, 7))
    report = quarterly_report(books, Q1, date(2026, 1, 8))
    form = forms.quarterly_form(report, books)
    csv = render(form, Format.CSV).decode()
    assert 'S1,2,6,"2026-01-01 to 2026-01-04, 2026-01-06, 2026-01-08"' in csv
    assert "Days with a daily record,S1: 2 of 8 days through 2026-01-08" in csv
    assert "WARNING: the totals above cover only the days with a daily record" in csv
    assert "S1 has no record for 6 days" in csv
    assert "The quarter is not over: days after 2026-01-08 are not looked at." in csv


def test_99_01_3_08_16_1_complete_quarter_has_no_missing_days_table() -> None:
    books = _books_with_days(*(date(2026, 1, 1) + timedelta(days=i) for i in range(90)))
    report = quarterly_report(books, Q1)
    assert report.days_without_records == ()
    csv = render(forms.quarterly_form(report, books), Format.CSV).decode()
    assert "Days of the quarter without a daily record" not in csv
    assert "WARNING" not in csv
    assert "S1: 90 of 90 days through 2026-03-31" in csv


def test_quarterly_cli_lists_the_missing_days(invoke: Invoke) -> None:
    result = invoke("report", "quarterly", "2026Q1", "--format", "csv")
    assert result.exit_code == 0, result.output
    # the stored quarter plays every Saturday from 2026-01-03 (13 of them) at S1 and S2
    saturdays = [
        d
        for d in _every_day(date(2026, 1, 1), date(2026, 3, 31))
        if date.fromisoformat(d).weekday() == 5
    ]
    assert len(saturdays) == 13
    assert "S1,13,77," in result.stdout
    assert "S2,13,77," in result.stdout
    assert "2026-01-01 to 2026-01-02, 2026-01-04 to 2026-01-09" in result.stdout
