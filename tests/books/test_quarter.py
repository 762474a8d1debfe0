"""A seeded quarter of activity: daily records sum to the quarterly summary to the cent, the
summary equals the plan's own arithmetic, and the compliance findings are the expected ones."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from bookshelp import Plan, play_quarter_activity

from croupier.books.daily import daily_record
from croupier.books.hold import hold_by_dealer, hold_lines
from croupier.books.model import Game
from croupier.books.quarterly import compliance_findings, game_quarters, quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books

Q1 = Quarter(2026, 1)
Q4 = Quarter(2025, 4)


@pytest.fixture(scope="module")
def quarter() -> tuple[Books, Plan]:
    return play_quarter_activity(seed=20260101)


def planned(plan: Plan, site: str, game: Game, q: Quarter) -> tuple[int, int]:
    rows = [s for s in plan.shifts if s.site == site and s.game is game and q.contains(s.day)]
    return sum(s.sales for s in rows), sum(s.win for s in rows)


def test_99_01_3_08_16_1_g_daily_summaries_sum_to_the_quarter(
    quarter: tuple[Books, Plan],
) -> None:
    books, _ = quarter
    for g in game_quarters(books, Q1):
        days = [
            daily_record(books, s, d)
            for (s, d) in books.days
            if s == g.site_id and Q1.contains(date.fromisoformat(d))
        ]
        summaries = [r.game(g.game) for r in days if r.game(g.game) is not None]
        assert g.days == len(summaries) == 13
        assert g.gross_proceeds == sum(s.gross_proceeds for s in summaries)  # type: ignore[misc,union-attr]
        assert g.prizes == sum(s.prizes for s in summaries)  # type: ignore[misc,union-attr]
        assert g.adjusted_gross_proceeds == sum(s.adjusted_gross_proceeds for s in summaries)  # type: ignore[misc,union-attr]
        assert g.cash_profit == sum(s.cash_profit for s in summaries)  # type: ignore[misc,union-attr]
        assert g.cash_long_short == sum(s.cash_long_short for s in summaries)  # type: ignore[misc,union-attr]


def test_quarter_equals_the_plan_to_the_cent(quarter: tuple[Books, Plan]) -> None:
    books, plan = quarter
    by_key = {(g.site_id, g.game): g for g in game_quarters(books, Q1)}
    assert set(by_key) == {
        ("S1", Game.TWENTY_ONE),
        ("S1", Game.PADDLEWHEEL),
        ("S2", Game.TWENTY_ONE),
    }
    ls = {
        site: sum(v for (s, d), v in plan.long_short.items() if s == site and Q1.contains(d))
        for site in ("S1", "S2")
    }
    for (site, game), g in by_key.items():
        gross, win = planned(plan, site, game, Q1)
        assert g.gross_proceeds == gross
        assert g.adjusted_gross_proceeds == win
        assert g.prizes == gross - win
    # Cash profit per day = wins + long/short (players redeem all they hold); the paddlewheel
    # of the combined bank is credited its win and the long or short goes to twenty-one.
    s1_21, s1_pw = by_key[("S1", Game.TWENTY_ONE)], by_key[("S1", Game.PADDLEWHEEL)]
    assert s1_pw.cash_profit == planned(plan, "S1", Game.PADDLEWHEEL, Q1)[1]
    assert s1_pw.cash_long_short == 0
    assert s1_21.cash_profit == planned(plan, "S1", Game.TWENTY_ONE, Q1)[1] + ls["S1"]
    assert s1_21.cash_long_short == ls["S1"]
    s2 = by_key[("S2", Game.TWENTY_ONE)]
    assert s2.cash_profit == planned(plan, "S2", Game.TWENTY_ONE, Q1)[1] + ls["S2"]
    deposits = {s.site_id: s.bank_deposit for s in quarterly_report(books, Q1).sites}
    assert deposits["S2"] == planned(plan, "S2", Game.TWENTY_ONE, Q1)[0]


def test_quarter_compliance_findings(quarter: tuple[Books, Plan]) -> None:
    books, plan = quarter
    findings = compliance_findings(books, Q1)
    assert {(f.section, f.site_id) for f in findings} == {
        ("99-01.3-08-04.8", "S1"),  # 21 hold about 5% < 10% at a surveilled site
        ("99-01.3-08-01.3", "S2"),  # the house lost: prizes over gross proceeds
        ("99-01.3-08-04", "S2"),  # over $10,000 a quarter for Q4 and Q1 with $25 wagers
    }
    ag = next(f for f in findings if f.section == "99-01.3-08-01.3")
    assert ag.deadline == "2026-04-30"  # thirty days after March 31
    camera = next(f for f in findings if f.section == "99-01.3-08-04")
    assert camera.deadline == "2026-05-15"  # forty-five days after March 31
    assert compliance_findings(books, Q4) == []
    report = quarterly_report(books, Q1)
    assert len(report.days) == 26
    gross, win = planned(plan, "S1", Game.TWENTY_ONE, Q1)
    s1 = next(g for g in report.games if g.site_id == "S1" and g.game is Game.TWENTY_ONE)
    assert s1.hold == Fraction(win, gross) < Fraction(1, 10)


def test_99_01_3_08_04_7_hold_by_dealer_across_every_site(quarter: tuple[Books, Plan]) -> None:
    books, plan = quarter
    lines = hold_lines(books, Q1.first_day, Q1.last_day)
    d1 = [x for x in lines if x.dealer_id == "d1"]
    assert {x.site_id for x in d1} == {"S1", "S2"}
    rows = [s for s in plan.shifts if s.dealer == "d1" and Q1.contains(s.day)]
    (total,) = [t for t in hold_by_dealer(lines) if t.dealer_id == "d1"]
    assert total.shifts == len(rows)
    assert total.gross_proceeds == sum(s.sales for s in rows)
    assert total.hold == Fraction(sum(s.win for s in rows), sum(s.sales for s in rows))


def test_99_01_3_08_01_the_quarter_counts_table_days_per_game(
    quarter: tuple[Books, Plan],
) -> None:
    books, plan = quarter
    for g in game_quarters(books, Q1):
        planned_days = {
            (s.table, s.day)
            for s in plan.shifts
            if s.site == g.site_id and s.game is g.game and Q1.contains(s.day)
        }
        assert g.table_days == len(planned_days)
        assert g.days == len({d for _, d in planned_days})


def test_a_quarterly_report_makes_each_days_record_once(
    quarter: tuple[Books, Plan], monkeypatch: pytest.MonkeyPatch
) -> None:
    from croupier.books import quarterly

    books, _ = quarter
    made: list[tuple[str, str]] = []

    def counted(b: Books, site: str, day: str) -> object:
        made.append((site, day))
        return daily_record(b, site, day)

    expected = quarterly_report(books, Q1)
    monkeypatch.setattr(quarterly, "daily_record", counted)
    again = quarterly_report(books, Q1)
    assert again == expected
    assert made
    assert len(made) == len(set(made))  # the games, sites, findings and last quarter share them
