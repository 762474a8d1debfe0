"""Drop box cash count, 99-01.3-08-14 (and 99-01.3-11-04.5 for paddlewheels)."""

from __future__ import annotations

from datetime import date

import pytest
from bookshelp import DAY, Run, at, c, fingerprint

from croupier.books import count as cnt
from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.model import SlipKind
from croupier.books.state import Books
from croupier.core.errors import RuleViolation

NEXT_DAY = date(2026, 1, 6)


@pytest.fixture
def dropped(open_books: Books, run: Run) -> Books:
    """Table 1: fill slip 1 ($100), $60 sold, credit slip 1 ($20), drop box removed."""
    b = open_books
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=20), at(6), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 1, 6000, c(five=12), at(10)))
    run(slips.issue_slip(b, SlipKind.CREDIT, "S1", 1, c(five=4), at(50), "d1", "c1", "sm"))
    run(ops.end_shift(b, "S1", 1, at(60), b.sites["S1"].trays[1], "sm", "pb", True))
    return b


def count(b: Books, a: str, bb: str, **kw: object) -> list[object]:
    e = {m: b.employees[m].initials for m in (a, bb)}
    args: dict[str, object] = {
        "key_holder": a,
        "second_key_holder": None,
        "first_count": 6000,
        "second_count": 6000,
        "resolved": 6000,
        "resolution": "",
        "initials_a": e[a],
        "initials_b": e[bb],
        "fill_copies_found": (1,),
        "credit_originals_found": (1,),
        "count_day": NEXT_DAY,
    }
    args.update(kw)
    return cnt.count_drop_box(b, "S1", DAY, 1, 1, member_a=a, member_b=bb, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("a", "b"),
    [("ip", "d2"), ("r1", "r2"), ("ng1", "ng2"), ("pb", "c1")],
    ids=["independent+gaming", "two-representatives", "two-nongaming", "gaming-one-didnt-deal"],
)
def test_99_01_3_08_14_2_allowed_count_teams(dropped: Books, run: Run, a: str, b: str) -> None:
    (counted,) = run(count(dropped, a, b))  # type: ignore[arg-type]
    assert isinstance(counted, ev.DropBoxCounted)
    assert dropped.shifts[("S1", DAY.isoformat(), 1, 1)].counted_cash == 6000


def test_99_01_3_08_14_2_supervisor_and_subordinate_refused(dropped: Books) -> None:
    before = fingerprint(dropped)
    with pytest.raises(RuleViolation) as err:
        count(dropped, "sm", "pb")
    assert err.value.section == "99-01.3-08-14.2"
    assert "supervisor" in err.value.detail
    assert fingerprint(dropped) == before


def test_99_01_3_08_14_2_household_members_refused(dropped: Books, run: Run) -> None:
    # d2 and c1 share household h1; neither dealt on table 1 so only the household rule bites.
    with pytest.raises(RuleViolation) as err:
        count(dropped, "d2", "c1")
    assert "household" in err.value.detail
    # ...but two representatives of one independent contractor may be related (r1, r2: h2)
    assert count(dropped, "r1", "r2")


def test_99_01_3_08_14_2_auditor_may_not_count(dropped: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        count(dropped, "au", "ng1")
    assert "auditing" in err.value.detail


def test_99_01_3_08_14_2_two_gaming_employees_who_both_dealt_refused(
    dropped: Books, run: Run
) -> None:
    # d2 deals table 2 on the day of activity; d1 dealt table 1.
    run(ops.start_shift(dropped, "S1", DAY, 2, "d2", at(70), 500, shoe_inspected_by="sm"))
    with pytest.raises(RuleViolation) as err:
        count(dropped, "d1", "d2")
    assert "conducted games" in err.value.detail
    assert count(dropped, "d1", "pb")  # pb did not conduct games that day


def test_99_01_3_08_14_2_mixed_team_not_listed_refused(dropped: Books) -> None:
    with pytest.raises(RuleViolation):
        count(dropped, "ip", "ng1")  # independent person + nongaming employee is not listed


def test_99_01_3_08_14_3_key_control(dropped: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        count(dropped, "ip", "d2", key_holder="sm")
    assert err.value.section == "99-01.3-08-14.3"
    with pytest.raises(RuleViolation):
        count(dropped, "ip", "d2", key_holder="ip", second_key_holder="ip")
    assert count(dropped, "ip", "d2", key_holder="ip", second_key_holder="d2")


def test_99_01_3_08_14_4_differences_resolved_and_both_initial(dropped: Books, run: Run) -> None:
    with pytest.raises(RuleViolation) as err:
        count(dropped, "ip", "d2", first_count=6000, second_count=5900, resolved=6000)
    assert err.value.section == "99-01.3-08-14.4"
    with pytest.raises(RuleViolation):
        count(dropped, "ip", "d2", initials_b="XX")
    with pytest.raises(RuleViolation):
        count(dropped, "ip", "d2", resolved=5000)  # both counts say $60.00
    (counted,) = run(
        count(
            dropped,
            "ip",
            "d2",
            first_count=6000,
            second_count=5900,
            resolved=6000,
            resolution="recounted together: a $1 bill stuck to a $20",
        )
    )
    assert isinstance(counted, ev.DropBoxCounted)
    assert counted.count_day == NEXT_DAY.isoformat()


def test_99_01_3_08_16_count_corrected_by_a_new_entry(dropped: Books, run: Run) -> None:
    run(count(dropped, "ip", "d2"))
    entry = len(dropped.entries) - 1
    n = len(dropped.entries)
    run(cnt.correct_count(dropped, entry, 6500, "a $5 bill found in the box seam", "gm", at(999)))
    assert len(dropped.entries) == n + 1
    original = dropped.entries[entry]
    assert isinstance(original, ev.DropBoxCounted)
    assert original.resolved == 6000  # the corrected entry is unchanged
    assert dropped.shifts[("S1", DAY.isoformat(), 1, 1)].counted_cash == 6500
    with pytest.raises(RuleViolation):
        count(dropped, "ng1", "ng2")  # counted once; changes are corrections


def test_99_01_3_08_05_4_slips_missing_from_the_drop_box_are_found(
    dropped: Books, run: Run
) -> None:
    run(count(dropped, "ip", "d2", fill_copies_found=(), credit_originals_found=(1,)))
    problems = cnt.slip_discrepancies(dropped, "S1", DAY.isoformat())
    assert problems == ["table 1 shift 1: fill slip 1 not found"]
