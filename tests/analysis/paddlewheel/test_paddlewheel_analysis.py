"""Exact expected returns of paddlewheel bets (hand-worked fractions) and the seeded simulation
agreeing with them within its error bars."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from croupier.analysis.paddlewheel import (
    analyze_table,
    analyze_tickets,
    simulate_table,
    simulated_stops,
)
from croupier.core.rng import SeededRng
from croupier.games.paddlewheel import TableRules, TicketRules, rules_from_dict

GOLDEN = Path(__file__).parents[2] / "golden" / "paddlewheel"


def load(name: str) -> TableRules | TicketRules:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return rules_from_dict(data["rules"])


def test_exact_returns_by_hand() -> None:
    rules = load("t01_exact_red_wins")
    assert isinstance(rules, TableRules)
    got = {r.label: r for r in analyze_table(rules)}
    # red: 1 of 40 sections, 38 to 1: 38/40 - 39/40 = -1/40.
    assert got["red 17"].expected_return == Fraction(-1, 40)
    assert got["red 00"].probability == Fraction(1, 40)
    # blue: 1/20 at 18 to 1: 18/20 - 19/20 = -1/20; green 1/10 at 9 to 1: 0.
    assert got["blue 3"].expected_return == Fraction(-1, 20)
    assert got["green 3"].expected_return == 0
    # yellow 1/5 at 4 to 1: 0; set low 5/40 = 1/8 at 6 to 1: 6/8 - 7/8 = -1/8.
    assert got["yellow moon"].expected_return == 0
    assert got["set low"].house_edge == Fraction(1, 8)
    # odd: 19 odd of 40 (0 and 00 are house numbers) at 1 to 1: 19/40 - 21/40 = -1/20;
    # even "2 for 1" wins one chip beside the kept chip: the same -1/20.
    assert got["odd"].probability == Fraction(19, 40)
    assert got["odd"].expected_return == Fraction(-1, 20)
    assert got["even"].expected_return == Fraction(-1, 20)


def test_repeated_numbers_change_the_odds() -> None:
    rules = load("t01_exact_red_wins")
    assert isinstance(rules, TableRules)
    data = rules.model_dump(mode="json")
    data["wheel"]["circles"][0]["sections"][10] = "1"  # '1' twice on red, no '11'
    data["prize_table"]["sets"] = []
    got = {r.label: r for r in analyze_table(rules_from_dict(data))}  # type: ignore[arg-type]
    assert got["red 1"].probability == Fraction(2, 40)
    assert got["red 1"].expected_return == Fraction(38, 40)  # 2/40 * 38 - 38/40
    assert "red 11" not in got


def test_ticket_expected_return_by_hand() -> None:
    rules = load("k01_two_prizes_cash_and_merchandise")
    assert isinstance(rules, TicketRules)
    rows = analyze_tickets(rules)
    # 2 numbers of 12 = 1/6 a spin; prizes $3.50 + $1.50 = 500 cents: 500/6 - 100.
    assert all(r.probability == Fraction(1, 6) for r in rows)
    assert rows[0].expected_return == Fraction(500, 6) - 100


def test_simulation_agrees_within_error_bars() -> None:
    rules = load("t01_exact_red_wins")
    assert isinstance(rules, TableRules)
    exact = analyze_table(rules)
    sim = simulate_table(rules, 200_000, SeededRng(20260704))
    assert [s.label for s in sim] == [r.label for r in exact]
    # 4.5 standard errors for each of the 82 spots: a false alarm has probability < 0.1%.
    for r, s in zip(exact, sim, strict=True):
        assert abs(s.mean - float(r.expected_return)) <= 4.5 * s.standard_error, r.label


def test_vectorised_reading_matches_the_reference() -> None:
    rules = load("t01_exact_red_wins")
    assert isinstance(rules, TableRules)
    wheel = rules.wheel
    from croupier.analysis.paddlewheel import _readings

    stops = np.arange(wheel.circumference, dtype=np.int64)
    fast = _readings(wheel, stops)
    for t in range(wheel.circumference):
        assert tuple(
            c.sections[int(fast[i][t])] for i, c in enumerate(wheel.circles)
        ) == wheel.read(t)


def test_simulated_stops_drop_void_spins_and_are_uniform() -> None:
    rules = load("t01_exact_red_wins")
    assert isinstance(rules, TableRules)
    stops = simulated_stops(rules.wheel, 40_000, SeededRng(7))
    assert len(stops) == 40_000
    counts = np.bincount(stops // rules.wheel.ticks_per_section, minlength=40)
    expected = 40_000 / 40
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 80  # 39 degrees of freedom: P(chi2 > 80) < 0.01%


def test_counted_mean_and_error_match_the_returns_themselves() -> None:
    from croupier.analysis.paddlewheel import _simulated

    returns = np.array([38.0] * 3 + [-1.0] * 117)
    got = _simulated("red 1", 38, 3, 120)
    assert got.mean == pytest.approx(float(returns.mean()))
    assert got.standard_error == pytest.approx(float(returns.std(ddof=1)) / np.sqrt(120))


def test_simulation_in_chunks_reports_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    import croupier.analysis.paddlewheel as module

    rules = load("t01_exact_red_wins")
    assert isinstance(rules, TableRules)
    monkeypatch.setattr(module, "SIMULATION_CHUNK", 1_000)
    seen: list[tuple[int, int]] = []
    sim = simulate_table(rules, 2_500, SeededRng(3), lambda done, total: seen.append((done, total)))
    assert seen == [(1_000, 2_500), (2_000, 2_500), (2_500, 2_500)]
    assert len(sim) == len(analyze_table(rules))


def test_99_01_3_11_06_2_example_red_payoffs_per_number() -> None:
    from croupier.service.games.rules import load_rules

    rules = load_rules(
        "paddlewheel", Path(__file__).parents[3] / "examples/rules/paddlewheel-table.toml"
    )
    assert isinstance(rules, TableRules)
    got = {r.label: r for r in analyze_table(rules)}
    # red 17: 1 of 40 at 38 to 1: 38/40 - 39/40 = -1/40.
    assert got["red 17"].expected_return == Fraction(-1, 40)
    # red 0 and 00, the house numbers, 1 of 40 at 35 to 1: 35/40 - 39/40 = -4/40 = -1/10.
    assert got["red 0"].expected_return == Fraction(-1, 10)
    assert got["red 00"].expected_return == Fraction(-1, 10)
