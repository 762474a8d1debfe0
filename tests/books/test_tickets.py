"""Paddlewheels without a table: ticket cards, 99-01.3-11-02 and 99-01.3-11-07.1."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest

from croupier.books import operations as ops
from croupier.books import tickets as tk
from croupier.books.daily import daily_record
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation

T = datetime(2026, 2, 7, 19, tzinfo=UTC)
D = date(2026, 2, 7)
STAFF = ("sm", "pb", "c1")


def _open(books: Books, day: date) -> None:
    books.apply_all(ops.open_day(books, "S1", day, T, STAFF, "sm"))


def _close(books: Books, day: date, cash_bank_count: int) -> None:
    chip_bank = books.sites["S1"].chip_bank
    books.apply_all(ops.close_day(books, "S1", day, T, cash_bank_count, chip_bank, "sm"))


@pytest.fixture
def series(books: Books) -> Books:
    """Series PW-100 at S1 ($1 a ticket, cards 1-3 of 10 tickets); day D open at S1."""
    books.apply_all(tk.register_series(books, "PW-100", "S1", 100, 1, 3, 10, "ND-123456"))
    _open(books, D)
    return books


def test_99_01_3_11_02_2_ticket_at_most_two_dollars(books: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        tk.register_series(books, "X", "S1", 201, 1, 2, 10, "ND-1")
    assert err.value.section == "99-01.3-11-02.2"


def test_99_01_3_11_02_1_a_series_range_the_books_can_keep(books: Books) -> None:
    """Found by the stateful writer/reader test: cards 1 to 10,000,000 were registered by the
    writer and rejected by every reader (one record per card, at most a million). The range
    is the one on the master flare (-02.1): a digit too many is refused when typed."""
    with pytest.raises(InvalidInput, match=r"more than 1,000,000 cards.*\(99-01\.3-11-02\.1\)"):
        tk.register_series(books, "X", "S1", 100, 1, 10_000_000, 10, "ND-1")
    assert tk.register_series(books, "X", "S1", 100, 1, 1_000_000, 10, "ND-1")


def test_99_01_3_11_02_1_a_card_holds_no_more_tickets_than_a_wheel_has_numbers(
    books: Books,
) -> None:
    """Found by an audit: 10^26 tickets on a card were registered, and one card's sale then
    put $2 x 10^26 in the cash bank of books that cannot take it back. No number may repeat on
    a card's tickets (-02.1), so a card holds at most one ticket per number of its wheel: the
    writer refuses more than 1,000, and a reader finds such an entry inconsistent."""
    from croupier.books.consistency import apply_checked

    huge = 99_999_999_999_999_999_999_999_999
    with pytest.raises(RuleViolation) as err:
        tk.register_series(books, "X", "S1", 100, 1, 5, huge, "ND-1")
    assert err.value.section == "99-01.3-11-02.1"
    assert tk.register_series(books, "X", "S1", 100, 1, 5, 1_000, "ND-1")
    (entry,) = tk.register_series(books, "Y", "S1", 100, 1, 5, 10, "ND-2")
    forged = replace(entry, tickets_per_card=1_001)  # as a tampered or older writer wrote it
    found = apply_checked(books, forged, "books-test", 1)
    assert found is not None
    assert "more than 1,000 tickets" in found.line()
    assert "Y" not in books.tickets.series


def test_99_01_3_11_02_2_all_tickets_sold_before_the_spin(series: Books) -> None:
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, D, 9, T))
    with pytest.raises(RuleViolation) as err:
        tk.spin(series, "PW-100", 1, D, 5, "17", T)
    assert err.value.section == "99-01.3-11-02.2"
    series.apply_all(tk.refund_card(series, "PW-100", 1, D, T))
    assert tk.series_summary(series, "PW-100").gross_proceeds == 0  # refunded


def test_99_01_3_11_02_3_four_revolutions(series: Books) -> None:
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, D, 10, T))
    with pytest.raises(RuleViolation) as err:
        tk.spin(series, "PW-100", 1, D, 3, "17", T)
    assert err.value.section == "99-01.3-11-02.3"
    assert tk.spin(series, "PW-100", 1, D, 4, "17", T)


def test_99_01_3_11_02_4_prize_at_most_one_hundred_dollars(series: Books) -> None:
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, D, 10, T))
    series.apply_all(tk.spin(series, "PW-100", 1, D, 6, "17", T))
    with pytest.raises(RuleViolation) as err:
        tk.pay_ticket_prize(series, "PW-100", 1, D, 10001, 0, "", T)
    assert err.value.section == "99-01.3-11-02.4"
    with pytest.raises(RuleViolation):
        tk.pay_ticket_prize(series, "PW-100", 1, D, 0, 2500, "", T)  # no description
    series.apply_all(tk.pay_ticket_prize(series, "PW-100", 1, D, 0, 2500, "grill set", T))


def test_99_01_3_11_02_5_no_carry_over_to_another_quarter(series: Books) -> None:
    _close(series, D, series.sites["S1"].cash_bank)
    _open(series, date(2026, 3, 31))
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, date(2026, 3, 31), 10, T))
    series.apply_all(tk.spin(series, "PW-100", 1, date(2026, 3, 31), 5, "17", T))
    _close(series, date(2026, 3, 31), series.sites["S1"].cash_bank)
    _open(series, date(2026, 4, 1))
    with pytest.raises(RuleViolation) as err:
        tk.sell_tickets(series, "PW-100", 2, date(2026, 4, 1), 10, T)
    assert err.value.section == "99-01.3-11-02.5"


def test_99_01_3_11_02_4_one_spin_one_winning_ticket_one_prize(series: Books) -> None:
    # found by an audit: $100 paid twice for one spin's winner, $200 for one winning ticket
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, D, 10, T))
    series.apply_all(tk.spin(series, "PW-100", 1, D, 6, "17", T))
    series.apply_all(tk.pay_ticket_prize(series, "PW-100", 1, D, 10000, 0, "", T))
    with pytest.raises(RuleViolation) as err:
        tk.pay_ticket_prize(series, "PW-100", 1, D, 10000, 0, "", T)
    assert err.value.section == "99-01.3-11-02.4"
    # a second spin for a second prize (-02.3: several spins, several prizes for one card)
    series.apply_all(tk.spin(series, "PW-100", 1, D, 6, "3", T))
    series.apply_all(tk.pay_ticket_prize(series, "PW-100", 1, D, 10000, 0, "", T))


def test_99_01_3_11_02_2_a_cards_game_its_refund_and_prizes_are_on_its_day(
    series: Books,
) -> None:
    # found by an audit: a card half sold on 03-31, closed, refunded on 04-01, moved proceeds
    # between quarters. The day may not close with it (sold, neither spun nor refunded), and
    # its refund, spin and prizes are on the day it was sold.
    day = date(2026, 3, 31)
    _close(series, D, series.sites["S1"].cash_bank)
    _open(series, day)
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, day, 5, T))
    with pytest.raises(RuleViolation) as err:
        _close(series, day, series.sites["S1"].cash_bank)
    assert err.value.section == "99-01.3-11-02.2"
    assert "PW-100 card 1" in str(err.value)
    series.apply_all(tk.refund_card(series, "PW-100", 1, day, T))
    series.apply_all(tk.sell_tickets(series, "PW-100", 2, day, 10, T))
    series.apply_all(tk.spin(series, "PW-100", 2, day, 5, "9", T))
    _close(series, day, series.sites["S1"].cash_bank)
    _open(series, date(2026, 4, 1))
    with pytest.raises(RuleViolation) as err:
        tk.pay_ticket_prize(series, "PW-100", 2, date(2026, 4, 1), 500, 0, "", T)
    assert err.value.section == "99-01.3-11-02.2"


def test_99_01_3_11_07_3_b_series_summary_by_hand(series: Books) -> None:
    for card, prize in ((1, 600), (2, 800)):
        series.apply_all(tk.sell_tickets(series, "PW-100", card, D, 10, T))
        series.apply_all(tk.spin(series, "PW-100", card, D, 4, "7", T))
        series.apply_all(tk.pay_ticket_prize(series, "PW-100", card, D, prize, 0, "", T))
    s = tk.series_summary(series, "PW-100")
    # 2 cards x 10 tickets x $1.00 = $20.00; prizes $6 + $8 = $14; card 3 unsold and retained
    assert (s.gross_proceeds, s.prizes, s.adjusted_gross_proceeds) == (2000, 1400, 600)
    assert (s.cards_played, s.unsold_cards, s.quarter) == ((1, 2), (3,), "2026Q1")


def test_99_01_3_11_07_1_a_ticket_cash_flows_through_the_cash_bank(series: Books) -> None:
    b = series
    b.apply_all(tk.sell_tickets(b, "PW-100", 1, D, 10, T))
    b.apply_all(tk.spin(b, "PW-100", 1, D, 5, "17", T))
    b.apply_all(tk.pay_ticket_prize(b, "PW-100", 1, D, 600, 0, "", T))
    b.apply_all(tk.pay_ticket_prize(b, "PW-100", 1, D, 0, 2500, "grill set", T))
    b.apply_all(tk.sell_tickets(b, "PW-100", 2, D, 6, T))
    b.apply_all(tk.refund_card(b, "PW-100", 2, D, T))
    # by hand: $2,000.00 + $10.00 sold + $6.00 sold - $6.00 refunded - $6.00 cash prize
    # = $2,004.00 ideal; the merchandise ($25) was bought from the gaming account.
    assert b.sites["S1"].cash_bank == 200_400
    _close(b, D, 200_300)  # counted $1.00 short
    r = daily_record(b, "S1", D.isoformat())
    assert r.ideal_ending_cash_bank == 200_400
    assert r.cash_long_short == -100
    # cash profit = (2003.00 + 0 IOUs) - (2000.00 + 0 IOUs) + 0 drop = 3.00 (11-07.3.a)
    assert r.cash_profit == 300
    t = r.tickets
    assert t is not None
    assert (t.sales, t.refunds, t.cash_prizes, t.merchandise_prizes) == (1600, 600, 600, 2500)
    # gross 16 - 6 = $10; prizes 6 + 25 = $31; AGP -$21; tickets alone get the site's
    # cash profit and its long or short (11-07.3.b).
    assert (t.gross_proceeds, t.prizes, t.adjusted_gross_proceeds) == (1000, 3100, -2100)
    assert (t.cash_profit, t.cash_long_short) == (300, -100)
    assert r.games == ()


def test_99_01_3_11_07_1_a_ticket_activity_needs_an_open_day(books: Books) -> None:
    books.apply_all(tk.register_series(books, "PW-100", "S1", 100, 1, 3, 10, "ND-123456"))
    with pytest.raises(InvalidInput, match="not open"):
        tk.sell_tickets(books, "PW-100", 1, D, 10, T)
    _open(books, D)
    _close(books, D, books.sites["S1"].cash_bank)
    with pytest.raises(RuleViolation) as err:
        tk.sell_tickets(books, "PW-100", 1, D, 10, T)
    assert err.value.section == "99-01.3-08-16"


def _play_card(b: Books, series_id: str, card: int, day: date, tickets: int, prize: int) -> None:
    b.apply_all(tk.sell_tickets(b, series_id, card, day, tickets, T))
    b.apply_all(tk.spin(b, series_id, card, day, 5, "7", T))
    if prize:
        b.apply_all(tk.pay_ticket_prize(b, series_id, card, day, prize, 0, "", T))


def test_99_01_3_11_07_3_b_series_cash_profit_long_short_and_deposit(series: Books) -> None:
    """Found by an audit: the per-series summary gave gross proceeds, prizes and adjusted gross
    proceeds only, and ticket cash (kept in the cash bank, not a drop box) could not be
    deposited at all. -07.3.b asks each series' summary for its cash profit, its cash long or
    short and its bank deposit."""
    b = series
    _play_card(b, "PW-100", 1, D, 10, 600)  # $10 in, $6 cash prize out
    b.apply_all(tk.pay_ticket_prize(b, "PW-100", 1, D, 0, 300, "cap", T))  # merchandise $3
    s = tk.series_summary(b, "PW-100")
    assert (s.gross_proceeds, s.prizes, s.adjusted_gross_proceeds) == (1000, 900, 100)
    assert not isinstance(s.cash_long_short, int)  # the day is not closed: unknown, never 0
    # counted $0.50 short: $2,000 + $10 - $6 = $2,004.00 ideal, $2,003.50 counted
    _close(b, D, 200_350)
    s = tk.series_summary(b, "PW-100")
    # cash profit = gross $10 - cash prizes $6 + short -$0.50 = $3.50 (merchandise is bought
    # from the gaming account, not the cash bank)
    assert (s.cash_profit, s.cash_long_short, s.bank_deposit) == (350, -50, 0)
    d2 = date(2026, 2, 8)
    _open(b, d2)
    with pytest.raises(RuleViolation) as err:  # more than the series' cash profit
        tk.deposit_ticket_cash(b, "PW-100", d2, 351, "sm", T)
    assert err.value.section == "99-01.3-11-07.3.b"
    bank_before = b.sites["S1"].cash_bank
    b.apply_all(tk.deposit_ticket_cash(b, "PW-100", d2, 350, "sm", T))
    assert b.sites["S1"].cash_bank == bank_before - 350  # taken from the cash bank
    assert tk.series_summary(b, "PW-100").bank_deposit == 350
    # the day of the deposit: the bank deposit is on its record, and its cash profit is not
    # lowered by the cash that left the bank for the gaming account
    _close(b, d2, bank_before - 350)
    r = daily_record(b, "S1", d2.isoformat())
    assert (r.bank_deposit, r.cash_profit, r.cash_long_short) == (350, 0, 0)
    _open(b, date(2026, 2, 9))
    with pytest.raises(RuleViolation, match=r"not yet deposited is \$0\.00"):
        tk.deposit_ticket_cash(b, "PW-100", date(2026, 2, 9), 1, "sm", T)


def test_99_01_3_11_07_3_b_a_days_long_or_short_shared_between_series(books: Books) -> None:
    """Two series the same day, tickets alone in the cash bank: the day's long or short is the
    tickets', shared by the series' gross proceeds that day (largest remainder for the odd
    cent); each series' cash profit is its ticket cash with its share."""
    b = books
    b.apply_all(tk.register_series(b, "A", "S1", 100, 1, 3, 10, "ND-1"))
    b.apply_all(tk.register_series(b, "B", "S1", 200, 1, 3, 10, "ND-2"))
    _open(b, D)
    _play_card(b, "A", 1, D, 10, 0)  # $10
    _play_card(b, "B", 1, D, 10, 500)  # $20, $5 cash prize
    start = 200_000
    # ideal $2,000 + $10 + $20 - $5 = $2,025.00; counted $2,024.99: short one cent... then
    # the share: A weighs 10 of 30, B 20 of 30 of a cent: B's remainder is larger
    _close(b, D, start + 2_500 - 1)
    a, bb = tk.series_summary(b, "A"), tk.series_summary(b, "B")
    assert (a.cash_long_short, bb.cash_long_short) == (0, -1)
    assert (a.cash_profit, bb.cash_profit) == (1000, 1499)
    # the series' cash profits add up to the day's ticket cash profit
    t = daily_record(b, "S1", D.isoformat()).tickets
    assert t is not None
    assert t.cash_profit == 2499


def test_99_01_3_11_07_3_b_a_short_shared_in_proportion(books: Books) -> None:
    b = books
    b.apply_all(tk.register_series(b, "A", "S1", 100, 1, 3, 10, "ND-1"))
    b.apply_all(tk.register_series(b, "B", "S1", 200, 1, 3, 10, "ND-2"))
    _open(b, D)
    _play_card(b, "A", 1, D, 10, 0)  # $10 gross
    _play_card(b, "B", 1, D, 10, 0)  # $20 gross
    _close(b, D, 200_000 + 3_000 - 300)  # $3.00 short: A $1.00, B $2.00
    assert tk.series_summary(b, "A").cash_long_short == -100
    assert tk.series_summary(b, "B").cash_long_short == -200


def test_99_01_3_11_07_2_f_tables_sharing_the_bank_keep_the_long_or_short(
    open_books: Books,
) -> None:
    """With table games in the same cash bank the long or short stays with them (as 11-07.2.f
    does for a combined bank): the series' cash profit is its ticket cash alone."""
    b = open_books
    b.apply_all(tk.register_series(b, "A", "S1", 100, 1, 3, 10, "ND-1"))
    day = b.sites["S1"].open_day
    assert day is not None
    _play_card(b, "A", 1, date.fromisoformat(day), 10, 400)
    s = tk.series_summary(b, "A")
    # $10 of tickets less a $4 cash prize; the table's day is still open, and its long or
    # short, whatever it will be, is the table games'
    assert (s.cash_long_short, s.cash_profit) == (0, 600)


def test_99_01_3_11_07_3_b_series_deposit_refused_where_it_is_not_played(books: Books) -> None:
    from croupier.books.consistency import apply_checked

    b = books
    b.apply_all(tk.register_series(b, "A", "S1", 100, 1, 3, 10, "ND-1"))
    with pytest.raises(InvalidInput, match="not open"):
        tk.deposit_ticket_cash(b, "A", D, 100, "sm", T)
    with pytest.raises(InvalidInput, match="no ticket series"):
        tk.deposit_ticket_cash(b, "Z", D, 100, "sm", T)
    _open(b, D)
    _play_card(b, "A", 1, D, 10, 0)
    (entry,) = tk.deposit_ticket_cash(b, "A", D, 1000, "sm", T)
    forged = replace(entry, series_id="Z")  # as a tampered writer wrote it
    found = apply_checked(b, forged, "books-test", 1)
    assert found is not None
    assert "'Z'" in found.line()
