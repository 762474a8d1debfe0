"""Table rent (99-01.3-08-01) and record retention (99-01.3-08-16, 99-01.3-11-07)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from croupier.books import operations as ops
from croupier.books.quarters import Quarter
from croupier.books.rent import allowable_monthly_rent, rent_schedule, table_uses
from croupier.books.retention import RecordKind, check_destruction, keep_until
from croupier.books.state import Books
from croupier.core.errors import RuleViolation


def test_99_01_3_08_01_worked_example_second_table_two_of_four_quarters() -> None:
    # "...used at least thirteen times in only two of the previous four quarters, the additional
    # monthly rent for the second table would be a maximum of two hundred dollars per month ...
    # multiplied by six months, totaling one thousand two hundred dollars, and prorated to one
    # hundred dollars per month for the licensing year."
    assert 20000 * 6 == 120000  # $200 x six months = $1,200
    assert allowable_monthly_rent(2, wager_over_five=False) == 10000  # $1,200 / 12 = $100
    assert allowable_monthly_rent(2, wager_over_five=True) == 15000  # $300 x 6 / 12
    assert allowable_monthly_rent(4, wager_over_five=False) == 20000
    assert allowable_monthly_rent(0, wager_over_five=True) == 0
    assert allowable_monthly_rent(1, wager_over_five=False) == 5000  # $200 x 3 / 12


def _use_tables(books: Books, day: date, tables: tuple[int, ...]) -> None:
    t = datetime(day.year, day.month, day.day, 18, tzinfo=UTC)
    books.apply_all(ops.open_day(books, "S1", day, t, ("sm", "pb", "d1", "d2"), "sm"))
    for n, table in enumerate(tables):
        dealer = ("d1", "d2")[n]
        books.apply_all(ops.start_shift(books, "S1", day, table, dealer, t, 500, "sm"))
        books.apply_all(
            ops.end_shift(books, "S1", table, t + timedelta(hours=3), (), "sm", "pb", True)
        )
    st = books.sites["S1"]
    books.apply_all(
        ops.close_day(books, "S1", day, t + timedelta(hours=4), st.cash_bank, st.chip_bank, "sm")
    )


def test_99_01_3_08_01_rent_schedule_from_table_usage(books: Books) -> None:
    usage = {Quarter(2024, 3): 13, Quarter(2024, 4): 12, Quarter(2025, 1): 14, Quarter(2025, 2): 5}
    for q, uses in usage.items():
        for i in range(20):
            tables = (1, 2) if i < uses else (1,)
            _use_tables(books, q.first_day + timedelta(days=i), tables)
    lines = {line.table: line for line in rent_schedule(books, "S1", Quarter(2025, 3))}
    assert lines[1].additional is False
    assert lines[1].allowable_monthly == 20000
    assert lines[2].uses_by_quarter == (
        ("2024Q3", 13),
        ("2024Q4", 12),
        ("2025Q1", 14),
        ("2025Q2", 5),
    )
    assert lines[2].qualifying_quarters == 2
    assert lines[2].allowable_monthly == 10000
    assert lines[3].allowable_monthly == 0  # the paddlewheel table 3 was never used
    uses = table_uses(books, "S1", Quarter(2024, 3))
    assert len(uses[2]) == 13
    assert uses[2][0].day == "2024-07-01"


def test_99_01_3_08_16_records_kept_three_years_from_end_of_quarter() -> None:
    assert keep_until(RecordKind.DAILY_RECORDS, date(2026, 2, 10)) == date(2029, 3, 31)
    with pytest.raises(RuleViolation) as err:
        check_destruction(RecordKind.DAILY_RECORDS, date(2026, 2, 10), date(2029, 3, 31))
    assert err.value.section == "99-01.3-08-16"
    check_destruction(RecordKind.DAILY_RECORDS, date(2026, 2, 10), date(2029, 4, 1))


def test_99_01_3_08_16_1_h_percent_of_hold_kept_one_year() -> None:
    assert keep_until(RecordKind.PERCENT_OF_HOLD, date(2026, 5, 1)) == date(2027, 6, 30)
    assert keep_until(RecordKind.WINNING_TICKETS, date(2026, 12, 31)) == date(2027, 12, 31)


def test_99_01_3_08_04_5_recorded_video_kept_thirty_days() -> None:
    assert keep_until(RecordKind.RECORDED_VIDEO, date(2026, 1, 1)) == date(2026, 1, 31)
    with pytest.raises(RuleViolation):
        check_destruction(RecordKind.RECORDED_VIDEO, date(2026, 1, 1), date(2026, 1, 20))


def test_99_01_3_08_06_2_redeem_for_thirty_days_after_discontinuing(books: Books) -> None:
    from croupier.books.model import Game
    from croupier.books.quarterly import compliance_findings

    books.apply_all(ops.discontinue_game(books, "S1", Game.PADDLEWHEEL, date(2026, 3, 10)))
    (f,) = [x for x in compliance_findings(books, Quarter(2026, 1)) if "06.2" in x.section]
    # 2026-03-10 + 30 days = 2026-04-09 (21 days left in March + 9 in April)
    assert (f.section, f.site_id, f.deadline) == ("99-01.3-08-06.2", "S1", "2026-04-09")
    assert ops.redemption_required(books, "S1", Game.PADDLEWHEEL, date(2026, 4, 9))
    assert not ops.redemption_required(books, "S1", Game.PADDLEWHEEL, date(2026, 4, 10))


def test_99_01_3_08_01_rent_paid_over_the_allowable_is_a_quarterly_finding(
    books: Books, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """The rule's worked example: table 2 used thirteen times or more in two of the previous
    four quarters may carry $100 a month; $150 paid for July is found, $100 for August is not,
    and the first table's $200 is within its ceiling."""
    from croupier.service.books.rent import pay_rent
    from croupier.service.books.reports import open_books, quarterly_report
    from croupier.service.books.service import import_batches, record
    from croupier.service.database.store import upgrade

    usage = {Quarter(2026, 3): 13, Quarter(2026, 4): 12, Quarter(2027, 1): 14, Quarter(2027, 2): 5}
    for q, uses in usage.items():
        for i in range(20):
            _use_tables(books, q.first_day + timedelta(days=i), (1, 2) if i < uses else (1,))
    url = f"sqlite:///{tmp_path / 'rent.db'}"
    upgrade(url)
    import_batches(url, "org", [books.entries])
    for table, month, dollars in (
        (2, "2027-07", "$150"),
        (2, "2027-08", "$100"),
        (1, "2027-07", "$200"),
    ):
        record(url, "org", "2027-07-20T12:00:00+00:00", pay_rent("S1", table, month, dollars, "gm"))
    svc = open_books(url, "org")
    try:
        form = quarterly_report(svc, "2027Q3", date(2027, 10, 2)).form
    finally:
        svc.close()
    findings = next(t for t in form.tables if t.title == "Compliance findings")
    rent = [row for row in findings.rows if row[0] == "99-01.3-08-01"]
    assert len(rent) == 1, rent
    assert rent[0][2].startswith("table 2: rent for 2027-07 $150.00 exceeds the allowable $100.00")
    assert "2 of 4 with thirteen or more" in rent[0][2]


def test_99_01_3_08_01_rent_is_recorded_once_a_table_and_month(books: Books) -> None:
    from croupier.books.rent import pay_rent
    from croupier.core.errors import InvalidInput

    at = datetime(2025, 7, 20, 12, tzinfo=UTC)
    books.apply_all(pay_rent(books, "S1", 2, "2027-07", 10000, "gm", at))
    with pytest.raises(InvalidInput, match="was recorded on 2025-07-20"):
        pay_rent(books, "S1", 2, "2027-07", 10000, "gm", at)
    with pytest.raises(InvalidInput, match="YYYY-MM"):
        pay_rent(books, "S1", 2, "2025-13", 10000, "gm", at)


@pytest.mark.parametrize("month", ["2026-01\n", "\u0662\u0660\u0662\u0666-01", "2026-01 "])
def test_99_01_3_08_01_a_rent_month_is_yyyy_mm_and_nothing_more(books: Books, month: str) -> None:
    """Found by the stateful writer/reader test: a month with a trailing newline passed the
    writer's check (``re.match`` with ``$``) and every reader rejected the entry. Rent is paid
    for a month (-01): the month is the whole text, in ASCII digits."""
    from croupier.books.rent import pay_rent
    from croupier.core.errors import InvalidInput

    at = datetime(2026, 1, 20, 12, tzinfo=UTC)
    with pytest.raises(InvalidInput, match=r"YYYY-MM.*\(99-01\.3-08-01\)"):
        pay_rent(books, "S1", 1, month, 10000, "gm", at)


@pytest.mark.parametrize("month", ["0000-07", "9999-12"])
def test_99_01_3_08_01_a_rent_month_is_in_the_calendars_years(books: Books, month: str) -> None:
    # as every date typed: found by an audit, 0000-07 and 9999-12 were recorded
    from croupier.books.rent import pay_rent
    from croupier.core.errors import InvalidInput

    at = datetime(2026, 1, 20, 12, tzinfo=UTC)
    with pytest.raises(InvalidInput, match="1900 to 9998"):
        pay_rent(books, "S1", 1, month, 10000, "gm", at)
