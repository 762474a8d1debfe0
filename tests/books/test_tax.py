"""The quarterly gaming tax (NDCC 53-06.1-12) and the quarterly report's tax return figures.

Expected values are worked from the statute's brackets as published (1% of adjusted gross
proceeds up to $50,000; above, $500 plus 12% of the amount over $50,000), not from the code.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from bookshelp import Plan, play_quarter_activity

from croupier.books.model import Game
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.books.tax import TaxBracket, TaxSchedule, gaming_tax, schedule_in_force
from croupier.core.errors import ConfigError
from croupier.reports.forms import quarterly_form
from croupier.service.books.tax import parse_schedules, schedules

Q1 = Quarter(2026, 1)
STATUTE_2023 = TaxSchedule(
    date(2023, 7, 1),
    (TaxBracket(0, 0, Fraction(1, 100)), TaxBracket(5_000_000, 50_000, Fraction(12, 100))),
)


@pytest.mark.parametrize(
    ("agp", "tax"),
    [
        (4_000_000, 40_000),  # $40,000 at 1% = $400
        (5_000_000, 50_000),  # $50,000 at 1% = $500
        (6_000_000, 170_000),  # $500 + 12% of $10,000 = $1,700
        (12_345_678, 931_481),  # $500 + 12% of $73,456.78 = $500 + $8,814.8136 -> $9,314.81
        (0, 0),
        (-250_000, 0),  # a quarter that lost money bears no tax
        (50, 1),  # 1% of 50 cents is half a cent: rounded up
        (12_345, 123),  # 1% of $123.45 = 123.45 cents -> $1.23
    ],
)
def test_ndcc_53_06_1_12_tax_on_adjusted_gross_proceeds(agp: int, tax: int) -> None:
    assert gaming_tax(agp, STATUTE_2023) == tax


def test_ndcc_53_06_1_12_the_shipped_schedule_is_the_statutes() -> None:
    (shipped,) = schedules()
    assert shipped.brackets == STATUTE_2023.brackets
    assert shipped.problems() == []


def test_ndcc_53_06_1_12_a_bad_schedule_reports_every_problem_at_once() -> None:
    data = {
        "schedule": [
            {
                "effective_from": "2025-07-01",
                "bracket": [
                    {"over": "$0", "base": "$0", "rate": "1/100"},
                    {"over": "$50,000", "base": "$600", "rate": "3/2"},  # a jump, a rate over 1
                ],
            },
            {"effective_from": "not a date"},
        ]
    }
    with pytest.raises(ConfigError) as raised:
        parse_schedules(data)
    fields = {p.field for p in raised.value.problems}
    assert {"rate", "base", "schedule 2.effective_from"} <= fields
    assert all(p.section == "NDCC 53-06.1-12" for p in raised.value.problems)


def test_ndcc_53_06_1_12_the_schedule_in_force_is_the_latest_begun() -> None:
    later = TaxSchedule(date(2027, 7, 1), (TaxBracket(0, 0, Fraction(2, 100)),))
    both = (STATUTE_2023, later)
    assert schedule_in_force(both, date(2027, 6, 30)) is STATUTE_2023
    assert schedule_in_force(both, date(2027, 7, 1)) is later
    assert schedule_in_force(both, date(2023, 6, 30)) is None


@pytest.fixture(scope="module")
def quarter() -> tuple[Books, Plan]:
    return play_quarter_activity(seed=20260101)


def test_ndcc_53_06_1_12_the_quarterly_report_gives_the_returns_figures(
    quarter: tuple[Books, Plan],
) -> None:
    books, plan = quarter
    report = quarterly_report(books, Q1, tax_schedules=(STATUTE_2023,))
    assert report.tax is not None
    # the plan's own arithmetic: every shift's win in the quarter, every site and game
    wins = sum(s.win for s in plan.shifts if Q1.contains(s.day))
    assert report.tax.adjusted_gross_proceeds == wins
    assert report.tax.reconciled
    if wins <= 0:
        expected = 0
    elif wins <= 5_000_000:
        expected = int(Fraction(wins, 100) + Fraction(1, 2))
    else:
        expected = int(50_000 + Fraction(12, 100) * (wins - 5_000_000) + Fraction(1, 2))
    assert report.tax.tax == expected
    # without a schedule in force the tax is unknown, never zero
    none = quarterly_report(books, Q1)
    assert none.tax is not None
    assert not isinstance(none.tax.tax, int)


def test_99_01_3_08_16_1_a_sites_bank_deposit_prints_once(quarter: tuple[Books, Plan]) -> None:
    books, _ = quarter
    report = quarterly_report(books, Q1, tax_schedules=(STATUTE_2023,))
    deposits = {s.site_id: s.bank_deposit for s in report.sites}
    assert set(deposits) == {"S1", "S2"}
    for site, cents in deposits.items():
        assert cents == sum(d.bank_deposit for d in report.days if d.site_id == site)
    # S1 runs two games; its deposit is on its own row, not repeated per game
    assert {g.game for g in report.games if g.site_id == "S1"} == {
        Game.TWENTY_ONE,
        Game.PADDLEWHEEL,
    }
    form = quarterly_form(report, books)
    titles = [t.title for t in form.tables]
    assert "Bank deposits by site" in titles
    summary = next(t for t in form.tables if t.title == "Summary by site and game")
    assert "Bank deposits" not in summary.columns
    tax = next(t for t in form.tables if t.title.startswith("Tax return figures"))
    assert tax.rows[-1][1].startswith("Gaming tax (NDCC 53-06.1-12")
