"""Fill and credit slips, 99-01.3-08-05."""

from __future__ import annotations

import pytest
from bookshelp import DAY, Run, at, c, fingerprint

from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.model import Counterpart, SlipKind
from croupier.books.state import Books
from croupier.core.errors import RuleViolation


def fill(books: Books, preparer: str = "c1", cashier: str = "c1", verifier: str | None = "sm"):
    return slips.issue_slip(
        books, SlipKind.FILL, "S1", 1, c(five=20, one=50), at(10), preparer, cashier, verifier
    )


def test_99_01_3_08_05_3_fill_prepared_by_cashier_moves_chips_bank_to_tray(
    open_books: Books, run: Run
) -> None:
    bank_before = {x.token: x.quantity for x in open_books.sites["S1"].chip_bank}
    (slip,) = run(fill(open_books))
    assert isinstance(slip, ev.SlipIssued)
    assert (slip.kind, slip.number, slip.game.value, slip.table) == (SlipKind.FILL, 1, "21", 1)
    assert slip.grand_total == 20 * 500 + 50 * 100  # $150.00 by hand
    assert open_books.sites["S1"].trays[1] == c(one=50, five=20)
    bank_after = {x.token: x.quantity for x in open_books.sites["S1"].chip_bank}
    five = next(t for t in bank_before if t.value == "5")
    assert bank_before[five] - bank_after[five] == 20
    assert slips.where_parts_go(SlipKind.FILL)[1].startswith("drop box")
    assert slips.where_parts_go(SlipKind.CREDIT)[0].startswith("drop box")


@pytest.mark.parametrize("preparer", ["c1", "pb", "sm"])
def test_99_01_3_08_05_3_fill_preparers(open_books: Books, preparer: str) -> None:
    verifier = None if preparer == "sm" else "sm"
    if preparer == "sm":
        verifier = "pb"
    assert fill(open_books, preparer=preparer, verifier=verifier)


def test_99_01_3_08_05_3_fill_prepared_by_dealer_refused_and_nothing_changes(
    open_books: Books,
) -> None:
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        fill(open_books, preparer="d2")
    assert err.value.section == "99-01.3-08-05.3"
    assert fingerprint(open_books) == before


def test_99_01_3_08_05_3_credit_prepared_by_cashier_refused(open_books: Books, run: Run) -> None:
    run(fill(open_books))
    with pytest.raises(RuleViolation) as err:
        slips.issue_slip(open_books, SlipKind.CREDIT, "S1", 1, c(five=2), at(20), "c1", "c1", "sm")
    assert err.value.section == "99-01.3-08-05.3"


@pytest.mark.parametrize("preparer", ["d1", "pb", "sm"])
def test_99_01_3_08_05_3_credit_preparers(open_books: Books, run: Run, preparer: str) -> None:
    run(fill(open_books))
    verifier = "pb" if preparer == "sm" else "sm"
    (credit,) = run(
        slips.issue_slip(
            open_books, SlipKind.CREDIT, "S1", 1, c(five=2), at(20), preparer, "c1", verifier
        )
    )
    assert isinstance(credit, ev.SlipIssued)
    assert credit.number == 1  # a separate series from the fill slips
    assert open_books.sites["S1"].trays[1] == c(one=50, five=18)


def test_99_01_3_08_05_3_c_fill_initialed_by_cashier_or_dealer_as_cashier(
    open_books: Books,
) -> None:
    assert fill(open_books, cashier="d2")  # a dealer acting in the capacity of the cashier
    with pytest.raises(RuleViolation) as err:
        fill(open_books, cashier="pb")
    assert err.value.section == "99-01.3-08-05.3.c"


def test_99_01_3_08_05_5_shift_manager_on_duty_must_verify(open_books: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        fill(open_books, verifier=None)
    assert err.value.section == "99-01.3-08-05.5"


def test_99_01_3_08_05_5_preparer_may_not_verify_own_slip_and_nothing_changes(
    open_books: Books,
) -> None:
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation, match="prepared this slip and may not also verify") as err:
        fill(open_books, preparer="sm", verifier="sm")
    assert err.value.section == "99-01.3-08-05.5"
    assert fingerprint(open_books) == before


def test_99_01_3_08_05_5_verifier_may_not_be_dealing(open_books: Books, run: Run) -> None:
    with pytest.raises(RuleViolation) as err:
        fill(open_books, verifier="d1")  # a dealer is not an authorized verifier at all
    assert err.value.section == "99-01.3-08-05.5"


def test_99_01_3_08_05_5_no_verifier_needed_without_a_free_manager(books: Books, run: Run) -> None:
    run(ops.open_day(books, "S1", DAY, at(0), ("d1", "c1"), "sm"))
    run(ops.start_shift(books, "S1", DAY, 1, "d1", at(5), 2500, shoe_inspected_by="d1"))
    (slip,) = run(fill(books, verifier=None))
    assert isinstance(slip, ev.SlipIssued)
    assert slip.verifier_id is None


def test_99_01_3_08_05_1_no_transfer_between_two_tables(open_books: Books) -> None:
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        slips.transfer_between_tables(open_books, "S1", 1, 2)
    assert err.value.section == "99-01.3-08-05.1"
    assert fingerprint(open_books) == before


def test_99_01_3_08_05_1_temporary_tray_transfer_to_and_from_a_jar_bar(
    open_books: Books, run: Run
) -> None:
    run(fill(open_books))
    tray = open_books.sites["S1"].trays[1]
    run(
        slips.issue_slip(
            open_books,
            SlipKind.CREDIT,
            "S1",
            1,
            tray,
            at(30),
            "d1",
            "c1",
            "sm",
            Counterpart.JAR_BAR,
        )
    )
    assert open_books.sites["S1"].trays[1] == ()
    assert open_books.sites["S1"].jar_bar == tray
    run(
        slips.issue_slip(
            open_books, SlipKind.FILL, "S1", 1, tray, at(40), "c1", "c1", "sm", Counterpart.JAR_BAR
        )
    )
    assert open_books.sites["S1"].trays[1] == tray
    assert open_books.sites["S1"].jar_bar == ()


def test_99_01_3_08_05_2_void_marked_and_initialed_by_preparer(open_books: Books, run: Run) -> None:
    with pytest.raises(RuleViolation) as err:
        slips.void_slip(open_books, SlipKind.FILL, "S1", DAY, at(9), "c1", "SS")
    assert err.value.section == "99-01.3-08-05.2"
    (void,) = run(slips.void_slip(open_books, SlipKind.FILL, "S1", DAY, at(9), "c1", "cc"))
    assert isinstance(void, ev.SlipVoided)
    assert (void.number, void.preparer_initials) == (1, "CC")
    (slip,) = run(fill(open_books))
    assert isinstance(slip, ev.SlipIssued)
    assert slip.number == 2  # used in sequential order after the void
    register = slips.slip_register(open_books, SlipKind.FILL)
    assert [(r.number, r.status) for r in register] == [(1, "VOID"), (2, "issued")]
    assert slips.unaccounted_numbers(open_books, SlipKind.FILL) == []


def test_99_01_3_08_05_2_series_start_at_the_organizations_first_form() -> None:
    books = Books()
    books.apply_all(ops.register_organization(books, "o", "O", first_fill=5001, first_credit=7001))
    assert books.next_number == {SlipKind.FILL: 5001, SlipKind.CREDIT: 7001}
    assert slips.slip_register(books, SlipKind.FILL) == []
