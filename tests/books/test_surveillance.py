"""Video surveillance records: 99-01.3-08-04.4, .6, .8."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from bookshelp import DAY, Run, at

from croupier.books import operations as ops
from croupier.books import surveillance as sv
from croupier.books.quarterly import compliance_findings
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation


def _day(books: Books, day: date, hours: int, wager: int = 2500, review: bool = True) -> None:
    t = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
    books.apply_all(ops.open_day(books, "S1", day, t, ("sm", "pb", "d1"), "sm"))
    if review:
        books.apply_all(sv.review_camera(books, "S1", day, 1, day != date(2026, 1, 5), "sm", t))
    books.apply_all(ops.start_shift(books, "S1", day, 1, "d1", t, wager, "sm"))
    books.apply_all(ops.end_shift(books, "S1", 1, t + timedelta(hours=hours), (), "sm", "pb", True))
    st = books.sites["S1"]
    books.apply_all(
        ops.close_day(
            books, "S1", day, t + timedelta(hours=hours), st.cash_bank, st.chip_bank, "sm"
        )
    )


def test_99_01_3_08_04_4_only_managers_or_independent_person_access_video(
    open_books: Books,
) -> None:
    with pytest.raises(RuleViolation) as err:
        sv.review_camera(open_books, "S1", DAY, 1, True, "d1", at(1))
    assert err.value.section == "99-01.3-08-04.4.a"


def test_99_01_3_08_04_6_four_calendar_days_then_close_or_limit_to_two_dollars(
    books: Books,
) -> None:
    _day(books, date(2026, 1, 5), 3)  # the review that day finds the camera not working
    _day(books, date(2026, 1, 9), 3)  # within four calendar days: still allowed
    t = datetime(2026, 1, 10, 12, tzinfo=UTC)
    books.apply_all(ops.open_day(books, "S1", date(2026, 1, 10), t, ("sm", "d1", "pb"), "sm"))
    with pytest.raises(RuleViolation) as err:
        ops.start_shift(books, "S1", date(2026, 1, 10), 1, "d1", t, 500, "sm")
    assert err.value.section == "99-01.3-08-04.6"
    assert ops.start_shift(books, "S1", date(2026, 1, 10), 1, "d1", t, 200, "sm")  # $2 limit
    findings = compliance_findings(books, Quarter(2026, 1))
    assert any(f.section == "99-01.3-08-04.6" and "not repaired" in f.message for f in findings)


def test_99_01_3_08_04_6_forty_eight_hours_of_activity(books: Books) -> None:
    _day(books, date(2026, 1, 5), 20)  # fault found at noon, 20 hours of activity
    _day(books, date(2026, 1, 6), 20)
    t = datetime(2026, 1, 7, 12, tzinfo=UTC)
    books.apply_all(ops.open_day(books, "S1", date(2026, 1, 7), t, ("sm", "d1", "pb"), "sm"))
    books.apply_all(ops.start_shift(books, "S1", date(2026, 1, 7), 1, "d1", t, 200, "sm"))
    # 40 hours so far, 8 more reach forty-eight hours of activity on the table
    assert not sv.camera_deadline_passed(books, "S1", 1, t + timedelta(hours=7))
    assert sv.camera_deadline_passed(books, "S1", 1, t + timedelta(hours=8))


def test_99_01_3_08_04_6_repaired_in_time_is_no_finding(books: Books) -> None:
    _day(books, date(2026, 1, 5), 3)
    books.apply_all(sv.repair_camera(books, "S1", 1, datetime(2026, 1, 6, 9, tzinfo=UTC), "sm"))
    _day(books, date(2026, 1, 12), 3)
    sections = {f.section for f in compliance_findings(books, Quarter(2026, 1))}
    assert "99-01.3-08-04.6" not in sections


def test_99_01_3_08_04_6_missing_daily_review_is_a_finding(books: Books) -> None:
    _day(books, date(2026, 1, 6), 3, review=False)
    findings = compliance_findings(books, Quarter(2026, 1))
    assert [f.message for f in findings if f.section == "99-01.3-08-04.6"] == [
        "no daily surveillance review of table 1 on 2026-01-06"
    ]


def test_99_01_3_08_04_8_reviewer_did_not_conduct_the_shift(books: Books) -> None:
    _day(books, date(2026, 1, 6), 3)
    books.apply_all(
        ops.register_employee(
            books,
            "x",
            "Xena Both",
            "XB",
            (ops.Role.DEALER, ops.Role.SHIFT_MANAGER),
            ops.Affiliation.GAMING_EMPLOYEE,
        )
    )
    t = datetime(2026, 1, 7, 12, tzinfo=UTC)
    books.apply_all(ops.open_day(books, "S1", date(2026, 1, 7), t, ("sm", "x", "pb"), "sm"))
    books.apply_all(sv.review_camera(books, "S1", date(2026, 1, 7), 1, True, "sm", t))
    books.apply_all(ops.start_shift(books, "S1", date(2026, 1, 7), 1, "x", t, 500, "sm"))
    with pytest.raises(RuleViolation) as err:
        sv.document_video_review(books, "S1", 1, date(2026, 1, 7), 1, 60, "x", t)
    assert err.value.section == "99-01.3-08-04.8"
    assert sv.document_video_review(books, "S1", 1, date(2026, 1, 7), 1, 60, "sm", t)


@pytest.mark.parametrize("finding", ["\u202eno fault", "zero\u200bwidth", "nul\x00"])
def test_99_01_3_08_04_8_a_review_finding_is_readable_text(open_books: Books, finding: str) -> None:
    """Found by the stateful writer/reader test: a documented video review whose finding held
    a direction-changing character was returned by the writer and rejected by every reader.
    The review is documented (-04.8) as it reads: no invisible character in the finding."""
    with pytest.raises(InvalidInput, match=r"finding .*\(99-01\.3-08-04\.8\)"):
        sv.document_video_review(open_books, "S1", 1, DAY, 1, 30, "sm", at(30), finding)


def test_99_01_3_08_04_8_weeks_of_review_are_counted(books: Books, run: Run) -> None:
    from bookshelp import c

    from croupier.books import count as cnt
    from croupier.books import slips
    from croupier.books.model import SlipKind

    day = date(2026, 2, 2)
    t = datetime(2026, 2, 2, 12, tzinfo=UTC)
    run(ops.open_day(books, "S1", day, t, ("sm", "pb", "d1", "c1"), "sm"))
    run(sv.review_camera(books, "S1", day, 1, True, "sm", t))
    run(ops.start_shift(books, "S1", day, 1, "d1", t, 500, "sm"))
    run(slips.issue_slip(books, SlipKind.FILL, "S1", 1, c(five=20), t, "c1", "c1", "pb"))
    run(ops.sell_chips(books, "S1", 1, 10000, c(five=20), t))
    run(ops.settle_play(books, "S1", 1, c(five=1), (), t))  # $5 win on $100: 5% hold
    run(ops.end_shift(books, "S1", 1, t + timedelta(hours=1), c(five=1), "sm", "pb", True))
    run(
        cnt.count_drop_box(
            books,
            "S1",
            day,
            1,
            1,
            day,
            "ip",
            "pb",
            "ip",
            None,
            10000,
            10000,
            10000,
            "",
            "II",
            "PB",
            (1,),
            (),
        )
    )
    st = books.sites["S1"]
    run(ops.close_day(books, "S1", day, t + timedelta(hours=2), st.cash_bank, st.chip_bank, "sm"))
    for week in range(2):
        when = datetime(2026, 4, 2, 12, tzinfo=UTC) + timedelta(weeks=week)
        run(sv.document_video_review(books, "S1", 1, day, 1, 60, "gm", when))
    (finding,) = [
        f for f in compliance_findings(books, Quarter(2026, 1)) if f.section == "99-01.3-08-04.8"
    ]
    assert "5.00%" in finding.message
    assert "2 of 6" in finding.message


def test_99_01_3_08_04_6_camera_fault_reported_directly(books: Books) -> None:
    # found broken on Friday 2026-01-09 at 20:00, outside any daily review
    found = datetime(2026, 1, 9, 20, tzinfo=UTC)
    books.apply_all(sv.report_camera_fault(books, "S1", 1, found, "pb", "lens covered"))
    with pytest.raises(InvalidInput, match="already faulty"):
        sv.report_camera_fault(books, "S1", 1, found, "pb")
    # four calendar days after the 9th is the 13th: still allowed on the 13th, not on the 14th
    assert not sv.camera_deadline_passed(books, "S1", 1, datetime(2026, 1, 13, 23, tzinfo=UTC))
    assert sv.camera_deadline_passed(books, "S1", 1, datetime(2026, 1, 14, 0, tzinfo=UTC))
    d = date(2026, 1, 14)
    t = datetime(2026, 1, 14, 12, tzinfo=UTC)
    books.apply_all(ops.open_day(books, "S1", d, t, ("sm", "pb", "d1"), "sm"))
    with pytest.raises(RuleViolation) as err:
        ops.start_shift(books, "S1", d, 1, "d1", t, 2500, "sm")
    assert err.value.section == "99-01.3-08-04.6"
    assert ops.start_shift(books, "S1", d, 1, "d1", t, 200, "sm")  # $2 limit allowed
    found_q = [
        f for f in compliance_findings(books, Quarter(2026, 1)) if f.section == "99-01.3-08-04.6"
    ]
    assert [f.deadline for f in found_q] == ["2026-01-13"]
