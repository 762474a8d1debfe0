"""``croupier analyze twentyone``: the exact analysis as a person uses it, the strategy chart,
and the simulation agreeing with the exact figure (issue 18)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.reports.strategy_chart import grids
from croupier.service.analysis.simulate_twentyone import simulate
from croupier.service.analysis.twentyone import analyze_twentyone

RULES = Path(__file__).resolve().parents[2] / "examples" / "rules"
ND_6D_S17 = RULES / "twentyone-hole-card-no-peek-6deck-s17.toml"
RUNNER = CliRunner()


def test_the_simulated_mean_agrees_with_the_exact_expected_return() -> None:
    """Two methods: whole shoes dealt with a cut card, played on the published basic strategy
    chart (numba kernel), and the combinatorial expectation of the total-dependent strategy
    from a full shoe. They must agree within the simulation's 99.9% confidence interval."""
    exact = analyze_twentyone(ND_6D_S17, "basic", with_tip=False).analysis.expected_return
    sim = simulate(ND_6D_S17, 1 << 24, seed=20261126, players=1, workers=0).summary
    z = 3.2905  # two-sided 99.9%
    assert abs(sim.mean - exact) <= z * sim.standard_error, (sim.mean, exact, sim.standard_error)
    assert sim.standard_error < 0.0004  # narrow enough to tell rule changes apart


def test_the_basic_strategy_chart_is_the_published_one_in_its_textbook_cells() -> None:
    """Cells of the published 4-8 deck, dealer stands on soft 17, double after split basic
    strategy (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy")."""
    analysis = analyze_twentyone(ND_6D_S17, "basic", with_tip=False).analysis
    g = {name: dict(rows) for name, rows in grids(analysis).items()}
    up = {label: i for i, label in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "A"))}
    expected = [
        ("Hard totals", "16", "10", "H"),
        ("Hard totals", "12", "4", "S"),
        ("Hard totals", "12", "2", "H"),
        ("Hard totals", "11", "10", "D"),
        ("Hard totals", "11", "A", "H"),
        ("Hard totals", "9", "3", "D"),
        ("Soft totals", "A,7", "9", "H"),
        ("Soft totals", "A,7", "3", "D"),
        ("Soft totals", "A,8", "6", "S"),
        ("Pairs", "8,8", "A", "P"),
        ("Pairs", "9,9", "7", "S"),
        ("Pairs", "4,4", "5", "P"),
        ("Pairs", "10,10", "6", "S"),
    ]
    for grid, row, card, letter in expected:
        assert g[grid][row][up[card]] == letter, (grid, row, card)
    assert not any("*" in cell for rows in g.values() for cells in rows.values() for cell in cells)


def test_a_rule_set_nd_does_not_allow_is_analysed_and_marked(tmp_path: Path) -> None:
    out = tmp_path / "chart.html"
    result = RUNNER.invoke(
        app,
        [
            "analyze", "twentyone", "--decks", "1", "--blackjack-pays", "6:5", "--surrender",
            "--json", "--chart", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[: result.output.rindex("}") + 1])
    assert data["nd_legal"] is False
    sections = {p["section"] for p in data["nd_problems"]}
    assert {"99-01.3-08-02.3", "99-01.3-08-11.11"} <= sections
    assert math.isfinite(data["expected_return"])
    assert "Hard totals" in out.read_text()


def test_the_not_nd_legal_mark_is_printed_as_text(tmp_path: Path) -> None:
    """Issue 30: the terminal read "[not ND-legal: ...]" as a style tag and printed nothing of
    it; the line is text, brackets and all, naming the sections (99-01.3-08-11.11 for 6:5)."""
    result = RUNNER.invoke(app, ["analyze", "twentyone", "--blackjack-pays", "6:5"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())  # the terminal may wrap the rules line
    assert "[not ND-legal: " in text
    assert "99-01.3-08-11.11" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strategy", "perfect"], "--strategy is"),
        (["--chart", "x.gif"], "a chart is .png, .pdf or .html"),
        (["--decks", "9"], "decks must be from 1 to 8"),
        (["--blackjack-pays", "3-2"], "--blackjack-pays is N:M"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = RUNNER.invoke(app, ["analyze", "twentyone", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
