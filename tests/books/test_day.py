"""Opening and closing tables and days, chip bank services: 99-01.3-08-06, -07, -14.1,
99-01.3-11-04."""

from __future__ import annotations

import pytest
from bookshelp import DAY, Run, at, c, fingerprint

from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.model import Affiliation, Chips, Game, SlipKind
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation


@pytest.fixture
def stocked(open_books: Books, run: Run) -> Books:
    run(
        slips.issue_slip(
            open_books,
            SlipKind.FILL,
            "S1",
            1,
            c(one=100, five=40, twentyfive=8),
            at(6),
            "c1",
            "c1",
            "sm",
        )
    )
    return open_books


def test_99_01_3_08_06_1_chips_sold_at_a_table_only_for_cash(stocked: Books, run: Run) -> None:
    before = fingerprint(stocked)
    with pytest.raises(RuleViolation) as err:
        ops.sell_chips(stocked, "S1", 1, 2000, c(five=4), at(10), tender="check")
    assert err.value.section == "99-01.3-08-06.1"
    assert fingerprint(stocked) == before
    run(ops.sell_chips(stocked, "S1", 1, 2000, c(five=4), at(10)))
    assert stocked.sites["S1"].drop_boxes[1] == 2000  # the cash is kept in the drop box, apart
    assert stocked.sites["S1"].with_players == c(five=4)


def test_99_01_3_08_07_3_chips_pushed_equal_the_currency(stocked: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        ops.sell_chips(stocked, "S1", 1, 2000, c(five=3), at(10))
    assert err.value.section == "99-01.3-08-07.3"


def test_99_01_3_08_07_2_shoe_inspected_before_the_days_activity(books: Books, run: Run) -> None:
    run(ops.open_day(books, "S1", DAY, at(0), ("sm", "d1"), "sm"))
    with pytest.raises(RuleViolation) as err:
        ops.start_shift(books, "S1", DAY, 1, "d1", at(5), 500)
    assert err.value.section == "99-01.3-08-07.2"
    with pytest.raises(RuleViolation):
        ops.start_shift(books, "S1", DAY, 1, "d1", at(5), 500, shoe_inspected_by="c1")
    assert ops.start_shift(books, "S1", DAY, 1, "d1", at(5), 500, shoe_inspected_by="sm")


def test_99_01_3_08_07_a_wheel_operator_does_not_deal_twenty_one(books: Books, run: Run) -> None:
    run(ops.open_day(books, "S1", DAY, at(0), ("sm", "w1"), "sm"))
    with pytest.raises(RuleViolation):
        ops.start_shift(books, "S1", DAY, 1, "w1", at(5), 500, shoe_inspected_by="sm")
    assert ops.start_shift(books, "S1", DAY, 3, "w1", at(5), 2000)


def test_99_01_3_11_04_2_paddlewheel_needs_two_employees_on_duty(books: Books, run: Run) -> None:
    run(ops.open_day(books, "S1", DAY, at(0), ("w1",), "w1"))
    with pytest.raises(RuleViolation) as err:
        ops.start_shift(books, "S1", DAY, 3, "w1", at(5), 2000)
    assert err.value.section == "99-01.3-11-04.2"


def test_99_01_3_08_14_1_drop_box_transported_by_shift_manager_with_escort(
    stocked: Books, run: Run
) -> None:
    tray = stocked.sites["S1"].trays[1]
    with pytest.raises(RuleViolation) as err:
        ops.end_shift(stocked, "S1", 1, at(60), tray, "d1", "pb", closes_table=True)
    assert err.value.section == "99-01.3-08-14.1"
    with pytest.raises(RuleViolation) as err:
        ops.end_shift(stocked, "S1", 1, at(60), tray, "sm", None, closes_table=True)
    assert err.value.section == "99-01.3-08-14.1"
    assert ops.end_shift(stocked, "S1", 1, at(60), tray, "sm", "pb", closes_table=True)


def test_99_01_3_08_14_1_day_not_closed_with_a_drop_box_on_a_table(stocked: Books) -> None:
    before = fingerprint(stocked)
    with pytest.raises(RuleViolation) as err:
        ops.close_day(stocked, "S1", DAY, at(300), 200_000, stocked.sites["S1"].chip_bank, "sm")
    assert err.value.section == "99-01.3-08-14.1"
    assert fingerprint(stocked) == before


def test_99_01_3_08_06_3_dealer_redeems_tips_before_leaving(stocked: Books, run: Run) -> None:
    run(ops.sell_chips(stocked, "S1", 1, 2000, c(five=4), at(10)))
    run(ops.receive_tip(stocked, "S1", 1, c(five=1), at(20)))
    tray = stocked.sites["S1"].trays[1]
    with pytest.raises(RuleViolation) as err:
        ops.end_shift(stocked, "S1", 1, at(60), tray, "sm", "pb", closes_table=True)
    assert err.value.section == "99-01.3-08-06.3"
    cash = stocked.sites["S1"].cash_bank
    run(ops.redeem_tips(stocked, "S1", DAY, "d1", "c1", at(55)))
    assert stocked.sites["S1"].cash_bank == cash - 500  # through cash on hand
    assert ops.end_shift(stocked, "S1", 1, at(60), tray, "sm", "pb", closes_table=True)


def test_99_01_3_08_06_2_any_employee_but_the_dealer_redeems_the_dealers_tips(
    stocked: Books, run: Run
) -> None:
    # "An employee shall redeem a dealer's and wheel operator's tips through cash on hand":
    # with no cashier at hand, the shift manager may; the dealer may not redeem his own
    run(ops.sell_chips(stocked, "S1", 1, 2000, c(five=4), at(10)))
    run(ops.receive_tip(stocked, "S1", 1, c(five=1), at(20)))
    before = fingerprint(stocked)
    with pytest.raises(RuleViolation) as err:
        ops.redeem_tips(stocked, "S1", DAY, "d1", "d1", at(55))
    assert err.value.section == "99-01.3-08-06.2"
    assert fingerprint(stocked) == before
    cash = stocked.sites["S1"].cash_bank
    run(ops.redeem_tips(stocked, "S1", DAY, "d1", "sm", at(55)))
    assert stocked.sites["S1"].cash_bank == cash - 500


def test_99_01_3_08_06_2_redeem_chips_at_value_sold(stocked: Books, run: Run) -> None:
    run(ops.sell_chips(stocked, "S1", 1, 5000, c(twentyfive=2), at(10)))
    cash = stocked.sites["S1"].cash_bank
    (_red,) = run(ops.redeem_chips(stocked, "S1", DAY, c(twentyfive=2), "c1", at(30)))
    assert stocked.sites["S1"].cash_bank == cash - 5000
    with pytest.raises(InvalidInput):  # no more chips outstanding
        ops.redeem_chips(stocked, "S1", DAY, c(twentyfive=1), "c1", at(31))
    with pytest.raises(RuleViolation):
        ops.redeem_chips(stocked, "S1", DAY, c(five=1), "d1", at(31))


def test_99_01_3_08_06_2_redeem_for_thirty_days_after_discontinuing(books: Books, run: Run) -> None:
    from datetime import date

    run(ops.discontinue_game(books, "S1", Game.TWENTY_ONE, date(2026, 3, 1)))
    assert ops.redemption_required(books, "S1", Game.TWENTY_ONE, date(2026, 3, 31))
    assert not ops.redemption_required(books, "S1", Game.TWENTY_ONE, date(2026, 4, 1))


def test_99_01_3_08_16_no_entry_into_a_closed_day(stocked: Books, run: Run) -> None:
    tray = stocked.sites["S1"].trays[1]
    run(ops.end_shift(stocked, "S1", 1, at(60), tray, "sm", "pb", closes_table=True))
    st = stocked.sites["S1"]
    run(ops.close_day(stocked, "S1", DAY, at(300), st.cash_bank, st.chip_bank, "sm"))
    before = fingerprint(stocked)
    with pytest.raises(RuleViolation) as err:
        ops.redeem_chips(stocked, "S1", DAY, c(five=1), "c1", at(310))
    assert err.value.section == "99-01.3-08-16"
    with pytest.raises(RuleViolation):
        slips.void_slip(stocked, SlipKind.FILL, "S1", DAY, at(310), "c1", "CC")
    with pytest.raises(RuleViolation):
        ops.open_day(stocked, "S1", DAY, at(320), ("sm",), "sm")
    assert fingerprint(stocked) == before


def test_a_payout_may_use_chips_just_collected(open_books: Books, run: Run) -> None:
    b = open_books
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(one=10), at(6), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 1, 1000, c(one=10), at(7)))
    assert b.sites["S1"].trays[1] == ()
    # the tray is empty: a $2 payout comes out of the $3 just collected
    run(ops.settle_play(b, "S1", 1, c(one=3), c(one=2), at(8)))
    assert b.sites["S1"].trays[1] == c(one=1)
    assert b.sites["S1"].with_players == c(one=9)


def test_99_01_3_08_03_1_betting_chips_are_not_a_twenty_one_tables(
    open_books: Books, run: Run
) -> None:
    # betting chips are a paddlewheel's (-11-03.4): not filled to, sold, taken or tipped at 21
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        slips.issue_slip(open_books, SlipKind.FILL, "S1", 1, c(betting=20), at(6), "c1", "c1", "sm")
    assert err.value.section == "99-01.3-08-03.1"
    assert fingerprint(open_books) == before


def test_99_01_3_11_03_4_a_paddlewheels_casino_chips_have_no_fifty_cent_chip(
    open_books: Books, run: Run
) -> None:
    run(ops.start_shift(open_books, "S1", DAY, 3, "w1", at(5), 2000))
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        slips.issue_slip(
            open_books, SlipKind.FILL, "S1", 3, c(half=10, betting=20), at(6), "c1", "c1", "sm"
        )
    assert err.value.section == "99-01.3-11-03.4"
    assert fingerprint(open_books) == before
    # betting chips and the casino chips of $1 and up are a paddlewheel's
    run(
        slips.issue_slip(
            open_books, SlipKind.FILL, "S1", 3, c(one=10, betting=20), at(6), "c1", "c1", "sm"
        )
    )


def _wheel_open(books: Books, run: Run, fill: Chips) -> None:
    """Paddlewheel table 3 opened by w1 at $20, and filled from the chip bank."""
    run(ops.start_shift(books, "S1", DAY, 3, "w1", at(5), 2000))
    run(slips.issue_slip(books, SlipKind.FILL, "S1", 3, fill, at(6), "c1", "c1", "sm"))


def test_99_01_3_11_04_4_currency_at_a_paddlewheel_buys_betting_chips(
    open_books: Books, run: Run
) -> None:
    from croupier.service.books import day as books_day

    _wheel_open(open_books, run, c(one=30, betting=20))
    (sold,) = books_day.sell("S1", 3, "$5", None, "cash").build(open_books, at(7))
    assert sold.chips == c(betting=5)  # type: ignore[attr-defined]
    # more than the tray's betting chips: its casino chips of $1 and up (-11-03.4)
    (more,) = books_day.sell("S1", 3, "$25", None, "cash").build(open_books, at(7))
    assert more.chips == c(one=25)  # type: ignore[attr-defined]


def test_change_beyond_the_chips_at_hand_is_refused_at_once() -> None:
    # the exact search is as long as the amount: an amount over what is held is refused first
    from croupier.core.chips import Chip, make_change

    with pytest.raises(RuleViolation, match=r"\(\$10\.00\) cannot make \$1,000,000\.00"):
        make_change(100_000_000, {Chip.FIVE_DOLLARS: 2})


def test_99_01_3_11_05_3_a_paddlewheel_table_is_opened_at_most_at_twenty_dollars(
    open_books: Books, run: Run
) -> None:
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        ops.start_shift(open_books, "S1", DAY, 3, "w1", at(5), 2500)
    assert err.value.section == "99-01.3-11-05.3"
    assert fingerprint(open_books) == before
    run(ops.start_shift(open_books, "S1", DAY, 3, "w1", at(5), 2000))


def test_99_01_3_11_04_2_an_independent_person_is_not_one_of_the_two_employees(
    books: Books, run: Run
) -> None:
    # -14.2 sets an independent person apart from gaming and nongaming employees
    assert books.employees["ip"].affiliation is Affiliation.INDEPENDENT_PERSON
    run(ops.open_day(books, "S1", DAY, at(0), ("w1", "ip"), "w1"))
    with pytest.raises(RuleViolation) as err:
        ops.start_shift(books, "S1", DAY, 3, "w1", at(5), 2000)
    assert err.value.section == "99-01.3-11-04.2"


def test_99_01_3_11_05_8_a_betting_chip_is_exchanged_at_the_wheel_not_redeemed(
    open_books: Books, run: Run
) -> None:
    from croupier.service.books import day as books_day

    _wheel_open(open_books, run, c(one=10, betting=20))
    run(ops.sell_chips(open_books, "S1", 3, 500, c(betting=5), at(7)))
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        ops.redeem_chips(open_books, "S1", DAY, c(betting=5), "c1", at(8))
    assert err.value.section == "99-01.3-11-05.8"
    assert fingerprint(open_books) == before
    # at the wheel: five betting chips for five $1 casino chips, which the cashier redeems
    run(books_day.exchange("S1", 3, "betting x5", "1x5").build(open_books, at(8)))
    run(ops.redeem_chips(open_books, "S1", DAY, c(one=5), "c1", at(9)))


def test_99_01_3_08_16_1_the_people_on_duty_are_each_named_once(books: Books) -> None:
    before = fingerprint(books)
    with pytest.raises(InvalidInput, match="sm named twice"):
        ops.open_day(books, "S1", DAY, at(0), ("sm", "pb", "sm"), "sm")
    assert fingerprint(books) == before
