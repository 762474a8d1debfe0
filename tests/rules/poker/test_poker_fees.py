"""Nontournament fees and occasion limits (99-01.3-09-01, -03.1, -03.3, -07.1.b).

Expected values come from the rule text: a fee "not to exceed two dollars per one-half hour of
playing time", "collected in advance", "an employee shall record the fee when it is collected";
records "for each one-half hour interval on each table; number of players; time each fee is
collected; and the name ... of the employee who collected the fee"; "two occasions per fiscal
year, July first through June thirtieth"; nontournament play "restricted to a twenty-four-hour
period"; tournament activity "not more than three consecutive calendar days"; each occasion
"limited to a seventy-two-hour period".
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from croupier.core.errors import RuleViolation
from croupier.games.poker.fees import (
    FeeLedger,
    Occasion,
    check_occasions,
    fiscal_year,
    occasion_problems,
)

START = datetime(2025, 3, 7, 18, 0)


def test_99_01_3_09_03_3_fee_of_two_dollars_per_half_hour_is_allowed() -> None:
    assert FeeLedger(START, 200).fee == 200


@pytest.mark.parametrize("fee", [201, 300, 0, -100])
def test_99_01_3_09_03_3_fee_above_two_dollars_or_none_is_refused(fee: int) -> None:
    with pytest.raises(RuleViolation) as info:
        FeeLedger(START, fee)
    assert info.value.section == "99-01.3-09-03.3"


def test_99_01_3_09_03_3_fee_collected_in_advance_of_its_half_hour() -> None:
    ledger = FeeLedger(START, 200)
    # Interval 2 begins at 19:00 (two half hours after 18:00).
    record = ledger.collect("T1", 2, "Ann", START + timedelta(minutes=59), "Kim")
    assert record.interval_start == datetime(2025, 3, 7, 19, 0)
    assert record.amount == 200
    on_the_minute = ledger.collect("T1", 2, "Bob", datetime(2025, 3, 7, 19, 0), "Kim")
    assert on_the_minute.collected_at == on_the_minute.interval_start


def test_99_01_3_09_03_3_fee_collected_after_the_half_hour_began_is_refused() -> None:
    ledger = FeeLedger(START, 200)
    with pytest.raises(RuleViolation) as info:
        ledger.collect("T1", 2, "Ann", datetime(2025, 3, 7, 19, 1), "Kim")
    assert info.value.section == "99-01.3-09-03.3"
    assert "in advance" in info.value.detail
    assert ledger.records == []


def test_99_01_3_09_03_3_one_fee_per_player_per_table_and_half_hour() -> None:
    ledger = FeeLedger(START, 200)
    ledger.collect("T1", 0, "Ann", START, "Kim")
    with pytest.raises(RuleViolation) as info:
        ledger.collect("T1", 0, "Ann", START, "Kim")
    assert info.value.section == "99-01.3-09-03.3"
    assert len(ledger.records) == 1
    ledger.collect("T1", 1, "Ann", START, "Kim")  # the next half hour is a new fee
    assert len(ledger.records) == 2


def test_99_01_3_09_03_3_intervals_are_numbered_from_zero() -> None:
    ledger = FeeLedger(START, 200)
    with pytest.raises(RuleViolation):
        ledger.collect("T1", -1, "Ann", START - timedelta(hours=1), "Kim")
    assert ledger.records == []


def test_99_01_3_09_07_1_b_the_collecting_employee_is_recorded() -> None:
    ledger = FeeLedger(START, 200)
    with pytest.raises(RuleViolation) as info:
        ledger.collect("T1", 0, "Ann", START, "")
    assert info.value.section == "99-01.3-09-07.1.b"
    assert ledger.records == []
    record = ledger.collect("T1", 0, "Ann", START - timedelta(minutes=5), "Kim")
    assert (record.employee, record.collected_at) == ("Kim", datetime(2025, 3, 7, 17, 55))


def test_99_01_3_09_07_1_b_fees_recorded_per_table_and_half_hour_interval() -> None:
    ledger = FeeLedger(START, 150)
    for player in ("Ann", "Bob", "Cy"):
        ledger.collect("T1", 0, player, START, "Kim")
    for player in ("Dee", "Eve"):
        ledger.collect("T2", 0, player, START, "Lou")
    ledger.collect("T1", 1, "Ann", START + timedelta(minutes=25), "Kim")
    # (table, interval) -> (number of players, fees): 3 x $1.50, 2 x $1.50, 1 x $1.50.
    assert ledger.by_table_and_interval() == {
        ("T1", 0): (3, 450),
        ("T2", 0): (2, 300),
        ("T1", 1): (1, 150),
    }


def test_99_01_3_09_03_1_fiscal_year_runs_july_first_through_june_thirtieth() -> None:
    assert fiscal_year(date(2024, 7, 1)) == 2025
    assert fiscal_year(date(2025, 6, 30)) == 2025
    assert fiscal_year(date(2025, 7, 1)) == 2026


def _evening(day: date, hours: float = 6) -> Occasion:
    start = datetime(day.year, day.month, day.day, 18, 0)
    return Occasion(start, start + timedelta(hours=hours))


def test_99_01_3_09_03_1_two_occasions_a_fiscal_year() -> None:
    two = [_evening(date(2024, 7, 1)), _evening(date(2025, 6, 30))]
    assert occasion_problems(two) == []
    # A third in the same fiscal year (July 2024 - June 2025) is one too many ...
    three = [*two, _evening(date(2024, 12, 6))]
    problems = occasion_problems(three)
    assert len(problems) == 1
    assert "3 occasions" in problems[0]
    with pytest.raises(RuleViolation) as info:
        check_occasions(three)
    assert info.value.section == "99-01.3-09-03.1"
    # ... but July 1, 2025 opens the next fiscal year.
    assert occasion_problems([*two, _evening(date(2025, 7, 1))]) == []


def test_99_01_3_09_03_1_nontournament_play_within_twenty_four_hours() -> None:
    assert occasion_problems([_evening(date(2025, 3, 7), 24)]) == []
    problems = occasion_problems([_evening(date(2025, 3, 7), 24 + 1 / 60)])
    assert problems == ["occasion 1: nontournament play exceeds a 24-hour period"]


def test_99_01_3_09_03_1_nontournament_play_needs_a_start_and_a_later_end() -> None:
    assert occasion_problems([Occasion(START, None, (date(2025, 3, 7),))]) == [
        "occasion 1: nontournament play needs a start and an end"
    ]
    assert occasion_problems([Occasion(START, START - timedelta(hours=1))]) == [
        "occasion 1: nontournament play ends before it starts"
    ]


def test_99_01_3_09_03_1_tournament_play_on_three_consecutive_calendar_days() -> None:
    fri_to_sun = (date(2025, 3, 7), date(2025, 3, 8), date(2025, 3, 9))
    assert occasion_problems([Occasion(tournament_days=fri_to_sun)]) == []
    problems = occasion_problems([Occasion(tournament_days=(*fri_to_sun, date(2025, 3, 10)))])
    assert "occasion 1: tournament play exceeds three consecutive days" in problems


def test_99_01_3_09_03_1_tournament_and_nontournament_play_in_one_occasion() -> None:
    # Tournament Friday to Sunday and 24 hours of nontournament play Saturday 12:00 to Sunday
    # 12:00: all within the occasion's 72 hours (Friday 00:00 to Monday 00:00).
    days = (date(2025, 3, 7), date(2025, 3, 8), date(2025, 3, 9))
    saturday_noon = datetime(2025, 3, 8, 12, 0)
    both = Occasion(saturday_noon, saturday_noon + timedelta(hours=24), days)
    assert occasion_problems([both]) == []


def test_99_01_3_09_01_an_occasion_is_limited_to_seventy_two_hours() -> None:
    # Tournament Friday to Sunday, then nontournament play Monday 18:00 to 23:00: the occasion
    # runs from Friday 00:00 to Monday 23:00, 95 hours.
    days = (date(2025, 3, 7), date(2025, 3, 8), date(2025, 3, 9))
    monday = datetime(2025, 3, 10, 18, 0)
    problems = occasion_problems([Occasion(monday, monday + timedelta(hours=5), days)])
    assert len(problems) == 1
    assert "seventy-two-hour" in problems[0]
    assert "99-01.3-09-01" in problems[0]
