"""Daily records, 99-01.3-08-16.1, 99-01.3-11-07.2/.3; expected values computed by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from bookshelp import DAY, INVENTORY, Run, at, c

from croupier.books import count as cnt
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books import tickets as tk
from croupier.books.amounts import Unknown
from croupier.books.daily import daily_record, slips_by_table
from croupier.books.model import Game, SlipKind
from croupier.books.state import Books

D = DAY.isoformat()


def play_the_day(
    b: Books,
    run: Run,
    close: bool = True,
    extra: Callable[[], None] | None = None,
    cash_count: int = 184_700,
) -> None:
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=40, one=100), at(6), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 1, 20000, c(five=30, one=50), at(10)))
    run(ops.settle_play(b, "S1", 1, c(five=10), c(one=20, five=4), at(20)))
    run(ops.receive_tip(b, "S1", 1, c(one=2), at(25)))
    run(slips.issue_slip(b, SlipKind.CREDIT, "S1", 1, c(one=10), at(30), "d1", "c1", "sm"))
    run(ops.redeem_tips(b, "S1", DAY, "d1", "c1", at(35)))
    run(ops.end_shift(b, "S1", 1, at(40), c(five=16, one=20), "sm", "pb", True))
    run(ops.start_shift(b, "S1", DAY, 3, "w1", at(41), 2000))
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 3, c(betting=100), at(42), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 3, 3000, c(betting=30), at(43)))
    run(ops.settle_play(b, "S1", 3, c(betting=10), c(betting=4), at(44)))
    run(ops.end_shift(b, "S1", 3, at(50), c(betting=76), "sm", "pb", True))
    run(ops.redeem_chips(b, "S1", DAY, c(five=20), "c1", at(55)))
    run(ops.write_iou(b, "S1", DAY, 5000, "change for the jar bar", "c1", at(56)))
    if extra is not None:
        extra()
    if not close:
        return
    for table, cash, fills, credits in ((1, 20000, (1,), (1,)), (3, 3000, (2,), ())):
        run(
            cnt.count_drop_box(
                b,
                "S1",
                DAY,
                table,
                1,
                DAY,
                "ip",
                "d2",
                "ip",
                None,
                cash,
                cash,
                cash,
                "",
                "II",
                "D2",
                fills,
                credits,
            )
        )
    run(ops.deposit(b, "S1", DAY, 15000, "gm", at(70)))
    run(ops.close_day(b, "S1", DAY, at(80), cash_count, b.sites["S1"].chip_bank, "sm"))


def test_99_01_3_08_16_1_daily_record_by_hand(open_books: Books, run: Run) -> None:
    play_the_day(open_books, run)
    r = daily_record(open_books, "S1", D)
    assert r.closed
    assert (r.starting_cash_bank, r.ending_cash_bank) == (200_000, 184_700)
    # ideal: 2000.00 - 2.00 tips - 100.00 redeemed - 50.00 IOU = 1848.00
    assert r.ideal_ending_cash_bank == 184_800
    assert r.cash_long_short == -100
    assert (r.starting_ious, r.ending_ious) == (0, 5000)
    assert r.drop == 23_000
    # cash profit = 230.00 + (1847.00 + 50.00) - (2000.00 + 0) = 127.00
    assert r.cash_profit == 12_700
    assert r.bank_deposit == 15_000
    t1, t3 = r.shifts
    assert (t1.opening_tray, t1.fills, t1.credits, t1.closing_tray, t1.drop) == (
        0,
        30_000,
        1_000,
        10_000,
        20_000,
    )
    assert t1.win == 1_000  # 200 + 10 - 300 + 100 - 0
    assert t1.tray_variance == 0
    assert t3.win == 600  # 30 + 0 - 100 + 76 - 0
    tw, pw = r.game(Game.TWENTY_ONE), r.game(Game.PADDLEWHEEL)
    assert tw is not None
    assert pw is not None
    assert (tw.gross_proceeds, tw.adjusted_gross_proceeds, tw.prizes) == (20_000, 1_000, 19_000)
    assert (pw.gross_proceeds, pw.adjusted_gross_proceeds, pw.prizes) == (3_000, 600, 2_400)
    # combined cash bank: long or short allocated to twenty-one (-16.4, 11-07.2.f)
    assert (pw.cash_profit, pw.cash_long_short) == (600, 0)
    assert (tw.cash_profit, tw.cash_long_short) == (12_100, -100)
    assert slips_by_table(r) == {1: (30_000, 1_000), 3: (10_000, 0)}


def test_99_01_3_08_16_1_missing_values_are_unknown_never_zero(open_books: Books, run: Run) -> None:
    play_the_day(open_books, run, close=False)
    r = daily_record(open_books, "S1", D)
    assert isinstance(r.drop, Unknown)
    assert any("drop box not counted" in m for m in r.drop.missing)
    tw = r.game(Game.TWENTY_ONE)
    assert tw is not None
    assert isinstance(tw.gross_proceeds, Unknown)
    assert isinstance(tw.prizes, Unknown)
    assert isinstance(r.cash_long_short, Unknown)
    assert isinstance(r.ending_cash_bank, Unknown)


def test_chips_are_conserved_through_the_day(open_books: Books, run: Run) -> None:
    play_the_day(open_books, run)
    assert open_books.chip_inventory("S1") == INVENTORY


def test_99_01_3_08_16_1_a_tray_count_that_differs_from_the_book_is_shown(
    open_books: Books, run: Run
) -> None:
    b = open_books
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=10), at(6), "c1", "c1", "sm"))
    run(ops.end_shift(b, "S1", 1, at(40), c(five=9), "sm", "pb", True))
    (line,) = daily_record(b, "S1", D).shifts
    assert line.tray_variance == -500


@pytest.mark.parametrize("day", [date(2026, 1, 4)])
def test_day_not_open_is_refused(books: Books, day: date) -> None:
    from croupier.core.errors import InvalidInput

    with pytest.raises(InvalidInput):
        ops.redeem_chips(books, "S1", day, c(five=1), "c1", at(0))


def test_99_01_3_11_07_3_ticket_cards_in_the_daily_record_with_tables(
    open_books: Books, run: Run
) -> None:
    b = open_books

    def tickets() -> None:
        run(tk.register_series(b, "PW-9", "S1", 100, 1, 2, 10, "ND-9"))
        run(tk.sell_tickets(b, "PW-9", 1, DAY, 10, at(60)))
        run(tk.spin(b, "PW-9", 1, DAY, 4, "3", at(61)))
        run(tk.pay_ticket_prize(b, "PW-9", 1, DAY, 600, 0, "", at(62)))
        run(tk.pay_ticket_prize(b, "PW-9", 1, DAY, 0, 2500, "grill set", at(63)))
        run(tk.sell_tickets(b, "PW-9", 2, DAY, 4, at(64)))
        run(tk.refund_card(b, "PW-9", 2, DAY, at(65)))

    # the tables' day as in test_99_01_3_08_16_1_daily_record_by_hand, plus ticket cash:
    # +10.00 + 4.00 sold, -4.00 refunded, -6.00 cash prize = +4.00 in the cash bank.
    play_the_day(b, run, extra=tickets, cash_count=185_100)
    r = daily_record(b, "S1", D)
    # ideal: 1848.00 + 4.00 = 1852.00; counted 1851.00: short 1.00
    assert r.ideal_ending_cash_bank == 185_200
    assert r.cash_long_short == -100
    # cash profit = 230.00 + (1851.00 + 50.00) - 2000.00 = 131.00 (127.00 + 4.00 of tickets)
    assert r.cash_profit == 13_100
    t = r.tickets
    assert t is not None
    assert (t.gross_proceeds, t.prizes, t.adjusted_gross_proceeds) == (1_000, 3_100, -2_100)
    # tickets are credited gross - cash prizes = 4.00; the short stays with twenty-one
    assert (t.cash_profit, t.cash_long_short) == (400, 0)
    tw, pw = r.game(Game.TWENTY_ONE), r.game(Game.PADDLEWHEEL)
    assert tw is not None
    assert pw is not None
    assert (pw.cash_profit, pw.cash_long_short) == (600, 0)
    # 131.00 - 6.00 paddlewheel table - 4.00 tickets
    assert (tw.cash_profit, tw.cash_long_short) == (12_100, -100)
