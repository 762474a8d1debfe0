"""The quarterly report's twenty-one percent-of-hold finding (99-01.3-08-04.8) states the chance
of so low a hold in a fair game, from the site's drop, win and action in the books."""

from __future__ import annotations

from datetime import date

from bookshelp import play_quarter_activity

from croupier.analysis.expected_hold import hold_chance
from croupier.books import events as ev
from croupier.books.model import Game, chips_total
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.service.books.hold_chance import _default_moments, with_hold_chances


def test_99_01_3_08_04_8_the_quarterly_finding_states_the_chance() -> None:
    books, _ = play_quarter_activity(seed=20260101)
    q = Quarter(2026, 1)
    report = with_hold_chances(quarterly_report(books, q), books)
    (low,) = [f for f in report.findings if f.section == "99-01.3-08-04.8"]
    g = next(x for x in report.games if x.site_id == low.site_id and x.game is Game.TWENTY_ONE)
    tables = {k for k, t in books.tables.items() if t.game is Game.TWENTY_ONE}
    action = sum(
        chips_total(e.collected) + chips_total(e.paid)
        for e in books.entries
        if isinstance(e, ev.PlaySettled)
        and e.site_id == low.site_id
        and (e.site_id, e.table) in tables
        and q.contains(date.fromisoformat(e.day))
    )
    assert action > 0
    expected = hold_chance(
        g.gross_proceeds,  # type: ignore[arg-type]
        g.adjusted_gross_proceeds,  # type: ignore[arg-type]
        action,
        _default_moments(),
        500,
    )
    assert f"Chance: {expected.verdict()}" in low.message
