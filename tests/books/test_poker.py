"""Poker occasions, fees and prizes: 99-01.3-09-01, -03."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from croupier.books import poker
from croupier.books.poker_ledger import FeeKind
from croupier.books.state import Books
from croupier.core.errors import RuleViolation

T = datetime(2026, 3, 6, 18, tzinfo=UTC)


@pytest.fixture
def occasion(books: Books) -> Books:
    books.apply_all(poker.open_occasion(books, "spring", date(2026, 3, 6), date(2026, 3, 8), "sm"))
    return books


def test_99_01_3_09_03_1_two_occasions_per_fiscal_year(occasion: Books) -> None:
    occasion.apply_all(
        poker.open_occasion(occasion, "fall", date(2025, 11, 1), date(2025, 11, 1), "sm")
    )
    with pytest.raises(RuleViolation) as err:
        poker.open_occasion(occasion, "third", date(2026, 6, 1), date(2026, 6, 2), "sm")
    assert err.value.section == "99-01.3-09-03.1"
    # July first starts a new fiscal year
    assert poker.open_occasion(occasion, "next", date(2026, 7, 1), date(2026, 7, 3), "sm")


def test_99_01_3_09_03_1_three_consecutive_calendar_days(books: Books) -> None:
    with pytest.raises(RuleViolation):
        poker.open_occasion(books, "long", date(2026, 3, 6), date(2026, 3, 9), "sm")


def test_99_01_3_09_03_3_half_hour_fee_at_most_two_dollars_in_advance(occasion: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 201, "pb", T)
    assert err.value.section == "99-01.3-09-03.3"
    with pytest.raises(RuleViolation):  # collected after the half hour began
        poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 200, "pb", T + timedelta(1))
    (fee,) = poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 200, "pb", T)
    assert isinstance(fee, poker.PokerHalfHourFee)
    assert fee.collected_by == "pb"  # the employee who collected it is recorded (09-07.1.b)


def test_99_01_3_09_03_1_nontournament_play_within_twenty_four_hours(occasion: Books) -> None:
    occasion.apply_all(poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 200, "pb", T))
    late = T + timedelta(hours=23, minutes=30)
    assert poker.collect_half_hour_fee(occasion, "spring", 1, "p1", late, 200, "pb", late)
    later = T + timedelta(hours=24)
    with pytest.raises(RuleViolation):
        poker.collect_half_hour_fee(occasion, "spring", 1, "p1", later, 200, "pb", later)


def test_99_01_3_09_01_tournament_fees_at_most_300_per_player(occasion: Books) -> None:
    occasion.apply_all(
        poker.collect_tournament_fee(
            occasion, "spring", "main", "p1", FeeKind.ENTRY, 20000, "pb", T
        )
    )
    occasion.apply_all(
        poker.collect_tournament_fee(
            occasion, "spring", "main", "p1", FeeKind.REBUY, 10000, "pb", T
        )
    )
    with pytest.raises(RuleViolation) as err:
        poker.collect_tournament_fee(occasion, "spring", "main", "p1", FeeKind.BOUNTY, 1, "pb", T)
    assert err.value.section == "99-01.3-09-01"


def test_99_01_3_09_03_4_f_prizes_at_most_ninety_percent(occasion: Books) -> None:
    for p in ("p1", "p2"):
        occasion.apply_all(
            poker.collect_tournament_fee(
                occasion, "spring", "main", p, FeeKind.ENTRY, 10000, "pb", T
            )
        )
    occasion.apply_all(poker.start_tournament(occasion, "spring", "main", "gm", T))
    occasion.apply_all(poker.pay_prize(occasion, "spring", "main", "p1", 15000, T))
    with pytest.raises(RuleViolation) as err:
        poker.pay_prize(occasion, "spring", "main", "p2", 3001, T)  # 180.01 > 90% of 200
    assert err.value.section == "99-01.3-09-03.4.f"
    occasion.apply_all(poker.pay_prize(occasion, "spring", "main", "p2", 3000, T))
    (summary,) = poker.poker_summaries(occasion.poker)
    assert (summary.gross_proceeds, summary.prizes, summary.adjusted_gross_proceeds) == (
        20000,
        18000,
        2000,
    )


def test_99_01_3_09_03_4_g_no_refund_after_start(occasion: Books) -> None:
    occasion.apply_all(poker.start_tournament(occasion, "spring", "main", "gm", T))
    with pytest.raises(RuleViolation) as err:
        poker.refund_tournament_fee(occasion, "spring", "main")
    assert err.value.section == "99-01.3-09-03.4.g"


def test_99_01_3_09_03_4_h_director_and_manager_may_not_play(occasion: Books) -> None:
    occasion.apply_all(poker.start_tournament(occasion, "spring", "main", "gm", T))
    for person in ("gm", "sm"):
        with pytest.raises(RuleViolation) as err:
            poker.collect_tournament_fee(
                occasion, "spring", "main", person, FeeKind.ENTRY, 100, "pb", T
            )
        assert err.value.section == "99-01.3-09-03.4.h"


def test_99_01_3_09_07_poker_form_lists_fees_with_the_collector(occasion: Books) -> None:
    from croupier.reports.forms import poker_form
    from croupier.reports.render import to_csv

    occasion.apply_all(poker.collect_half_hour_fee(occasion, "spring", 2, "p9", T, 200, "pb", T))
    text = to_csv(poker_form(occasion)).decode()
    assert "spring,2,2026-03-06T18:00:00+00:00,p9,$2.00,pb" in text
    assert "spring,nontournament,$2.00,$0.00,$2.00" in text
