"""Paddlewheels without a table: ticket cards, 99-01.3-11-02 and 99-01.3-11-07.1."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from croupier.books import tickets as tk
from croupier.books.state import Books
from croupier.core.errors import RuleViolation

T = datetime(2026, 2, 7, 19, tzinfo=UTC)
D = date(2026, 2, 7)


@pytest.fixture
def series(books: Books) -> Books:
    books.apply_all(tk.register_series(books, "PW-100", "S1", 100, 1, 3, 10, "ND-123456"))
    return books


def test_99_01_3_11_02_2_ticket_at_most_two_dollars(books: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        tk.register_series(books, "X", "S1", 201, 1, 2, 10, "ND-1")
    assert err.value.section == "99-01.3-11-02.2"


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
    series.apply_all(tk.sell_tickets(series, "PW-100", 1, date(2026, 3, 31), 10, T))
    with pytest.raises(RuleViolation) as err:
        tk.sell_tickets(series, "PW-100", 2, date(2026, 4, 1), 10, T)
    assert err.value.section == "99-01.3-11-02.5"


def test_99_01_3_11_07_3_b_series_summary_by_hand(series: Books) -> None:
    for card, prize in ((1, 600), (2, 800)):
        series.apply_all(tk.sell_tickets(series, "PW-100", card, D, 10, T))
        series.apply_all(tk.spin(series, "PW-100", card, D, 4, "7", T))
        series.apply_all(tk.pay_ticket_prize(series, "PW-100", card, D, prize, 0, "", T))
    s = tk.series_summary(series, "PW-100")
    # 2 cards x 10 tickets x $1.00 = $20.00; prizes $6 + $8 = $14; card 3 unsold and retained
    assert (s.gross_proceeds, s.prizes, s.adjusted_gross_proceeds) == (2000, 1400, 600)
    assert (s.cards_played, s.unsold_cards, s.quarter) == ((1, 2), (3,), "2026Q1")
