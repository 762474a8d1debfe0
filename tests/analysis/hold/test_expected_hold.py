"""Expected hold (99-01.3-08-04.8): the chance of a percent-of-hold as low as one observed.

The model's probability is checked against a second method: a direct simulation of many
quarters of a synthetic game whose round results are drawn with numpy (not croupier's
simulation), whose hold is computed from its definition, win over drop.
"""

from __future__ import annotations

import math
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from croupier.analysis.expected_hold import GameMoments, hold_chance
from croupier.books import events as ev
from croupier.books.model import Game, chips_total
from croupier.books.quarters import Quarter
from croupier.service.bench.year import ORG, generate


def test_99_01_3_08_04_8_the_chance_of_a_low_hold_agrees_with_simulated_quarters() -> None:
    # a game where the house wins one initial wager with p = 0.52 and loses one otherwise
    p, bet, rounds, k = 0.52, 500, 2_000, 4
    edge = 2 * p - 1
    moments = GameMoments(edge, 1 - edge**2, 1.0)
    drop = rounds * bet // k  # handle-to-drop 4
    rng = np.random.default_rng(20261126)
    wins = rng.binomial(rounds, p, size=200_000)
    holds = (wins - (rounds - wins)) * bet / drop
    for observed in (0.0, 0.05, 0.10, 0.16):
        c = hold_chance(drop, round(observed * drop), rounds * bet, moments, bet)
        assert c.expected_hold == pytest.approx(edge * k)
        assert c.standard_deviation == pytest.approx(float(holds.std()), rel=0.02)
        empirical = float((holds <= observed).mean())
        assert c.probability_at_most == pytest.approx(empirical, abs=0.02)


def test_99_01_3_08_04_8_chance_explains_a_hold_only_above_five_percent() -> None:
    moments = GameMoments(0.005, 1.3, 1.1)
    common = {"drop": 1_000_000, "action": 4_000_000, "moments": moments, "average_wager": 500}
    likely = hold_chance(win=10_000, **common)  # type: ignore[arg-type]
    unlikely = hold_chance(win=-900_000, **common)  # type: ignore[arg-type]
    assert likely.explained_by_chance
    assert "chance explains" in likely.verdict()
    assert not unlikely.explained_by_chance
    assert "does not explain" in unlikely.verdict()
    with pytest.raises(ValueError, match="positive"):
        hold_chance(0, 0, 1, moments, 500)


def test_99_01_3_08_04_8_analyze_hold_reads_the_dealers_quarter_from_the_books(
    tmp_path: Path,
) -> None:
    from croupier.service.books.hold_chance import analyze_hold
    from croupier.service.books.service import import_batches
    from croupier.service.database.store import upgrade

    events, _ = generate(4000, seed=7)
    url = f"sqlite:///{tmp_path / 'b.db'}"
    upgrade(url)
    import_batches(url, ORG, [events])
    q = Quarter(2025, 1)
    games = {(e.site_id, e.number): e.game for e in events if isinstance(e, ev.TableRegistered)}
    dealer = next(
        e.dealer_id
        for e in events
        if isinstance(e, ev.ShiftStarted) and games[(e.site_id, e.table)] is Game.TWENTY_ONE
    )
    # by hand from the entries: the dealer's shifts, their counted drop and their action
    shifts = {
        (e.site_id, e.day, e.table, e.shift)
        for e in events
        if isinstance(e, ev.ShiftStarted)
        and e.dealer_id == dealer
        and games[(e.site_id, e.table)] is Game.TWENTY_ONE
        and q.contains(date.fromisoformat(e.day))
    }
    drop = sum(
        e.resolved
        for e in events
        if isinstance(e, ev.DropBoxCounted) and (e.site_id, e.day, e.table, e.shift) in shifts
    )
    action = sum(
        chips_total(e.collected) + chips_total(e.paid)
        for e in events
        if isinstance(e, ev.PlaySettled) and (e.site_id, e.day, e.table, e.shift) in shifts
    )
    result = analyze_hold(url, ORG, dealer, "2025Q1", None, "$5", rounds=1 << 16)
    assert result.shifts == len(shifts)
    assert (result.chance.drop, result.chance.action) == (drop, action)
    assert 0.0 < result.chance.probability_at_most < 1.0
    assert 0.0 < result.moments.edge < 0.02  # basic strategy under the default ND rules
    assert math.isfinite(result.chance.standard_deviation)
    assert result.lines()[-1].startswith("99-01.3-08-04.8: a hold this low has a chance")
