"""Defects found in an auditor's review of the books, each pinned by its section.

Expected amounts are hand calculations from the rule text, written next to each assertion.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from bookshelp import DAY, Run, at, c, fingerprint

from croupier.books import count as cnt
from croupier.books import operations as ops
from croupier.books import poker, slips
from croupier.books.daily import daily_record
from croupier.books.model import SlipKind
from croupier.books.state import Books
from croupier.core.errors import CroupierError, RuleViolation


def _drop_60(b: Books, run: Run) -> None:
    """Table 1 sells $60 of chips and its drop box is removed."""
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=20), at(6), "c1", "c1", "sm"))
    run(ops.sell_chips(b, "S1", 1, 6000, c(five=12), at(10)))
    run(ops.end_shift(b, "S1", 1, at(60), b.sites["S1"].trays[1], "sm", "pb", True))


def test_99_01_3_08_14_4_resolved_count_must_be_zero_or_more_cents(
    open_books: Books, run: Run
) -> None:
    _drop_60(open_books, run)
    before = fingerprint(open_books)
    with pytest.raises(CroupierError):
        cnt.count_drop_box(
            open_books,
            "S1",
            DAY,
            1,
            1,
            DAY,
            "ip",
            "d2",
            "ip",
            None,
            6000,
            5900,
            -100,
            "recounted",
            "II",
            "D2",
            (1,),
            (),
        )
    assert fingerprint(open_books) == before


def test_99_01_3_08_16_1_c_cash_bank_funding_during_the_day_is_not_cash_profit(
    open_books: Books, run: Run
) -> None:
    b = open_books
    _drop_60(b, run)
    # $500 of outside money put into the cash bank during the day is not proceeds.
    run(ops.fund_cash_bank(b, "S1", 50000, at(61)))
    run(
        cnt.count_drop_box(
            b,
            "S1",
            DAY,
            1,
            1,
            DAY,
            "ip",
            "d2",
            "ip",
            None,
            6000,
            6000,
            6000,
            "",
            "II",
            "D2",
            (1,),
            (),
        )
    )
    run(ops.close_day(b, "S1", DAY, at(90), b.sites["S1"].cash_bank, b.sites["S1"].chip_bank, "sm"))
    rec = daily_record(b, "S1", DAY.isoformat())
    # Hand calculation: drop $60; the cash bank grew only by the $500 funding; no IOUs, no
    # redemptions, no long or short. Cash profit = $60 + ($2,500 - $2,000) - $500 funding = $60.
    assert rec.cash_profit == 6000
    assert rec.cash_long_short == 0


T = datetime(2026, 3, 6, 18, tzinfo=UTC)


def test_99_01_3_09_03_3_one_fee_per_player_per_half_hour(books: Books) -> None:
    books.apply_all(
        poker.open_occasion(books, "spring", date(2026, 3, 6), date(2026, 3, 6), "sm", ("S1",))
    )
    books.apply_all(poker.collect_half_hour_fee(books, "spring", 1, "Ann", T, 200, "pb", T))
    before = fingerprint(books)
    # A second $2 for the same half hour would be $4 per one-half hour of playing time.
    for start in (T, T + timedelta(minutes=10)):
        with pytest.raises(RuleViolation) as err:
            poker.collect_half_hour_fee(books, "spring", 2, "Ann", start, 200, "pb", T)
        assert err.value.section == "99-01.3-09-03.3"
    assert fingerprint(books) == before
    # The next half hour, and another player in the same half hour, are fine.
    nxt = T + timedelta(minutes=30)
    assert poker.collect_half_hour_fee(books, "spring", 1, "Ann", nxt, 200, "pb", T)
    assert poker.collect_half_hour_fee(books, "spring", 1, "Bob", T, 200, "pb", T)
