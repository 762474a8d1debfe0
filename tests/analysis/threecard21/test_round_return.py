"""A Three Card 21 round as written: the main wager with its mandatory, equal bonus wager
(N.J.A.C. 13:69F-2C.5(a)); a warning naming 2C.5(b)1 when a round returns more than it takes
(issue 30: the main wager alone gives the player +17.57%, the bonus -15.95%, a round +0.8%)."""

from __future__ import annotations

from fractions import Fraction

from croupier.games.threecard21.rules import POSTED_PAYTABLE, Paytable
from croupier.service.analysis.twentyone import round_lines

MAIN = 0.175692
"""The main wager's return under optimal play (``analyze threecard21-main``, 6 decks, S17); an
independent simulation with a simple fixed strategy gave +14.0% (issue 30), the same sign."""

POSTED_BONUS = Fraction(-99979, 626665)
"""The posted paytable's bonus return on six decks, from the category counts of C(312, 3)
three-card hands (``analyze threecard21-bonus``; its counts are tested on their own)."""


def _percent(line: str, after: str) -> float:
    return float(line.split(after, 1)[1].split("%", 1)[0])


def test_13_69f_2c_5_a_a_round_is_both_wagers_and_warns_when_it_returns_more() -> None:
    lines = round_lines(MAIN, 6, POSTED_PAYTABLE)
    expected = MAIN + float(POSTED_BONUS)  # +1.6151% of the main wager
    assert abs(_percent(lines[1], "2C.5(a)): ") - expected * 100) < 5e-5
    assert abs(_percent(lines[1], "main wager, ") - expected * 50) < 5e-5
    assert any("2C.5(b)1" in line and "warning" in line for line in lines)
    # the house holds what the players get back, negated: -0.8076% of all wagered
    assert abs(_percent(lines[2], "expected hold: ") + expected * 50) < 5e-5


def test_the_operators_disclosure_adds_the_round_the_posted_sign_does_not() -> None:
    from pathlib import Path

    from typer.testing import CliRunner

    from croupier.cli.main import app

    rules = Path(__file__).resolve().parents[3] / "examples/rules/threecard21-6deck.toml"
    posted = CliRunner().invoke(app, ["disclosure", "threecard21", "--rules", str(rules)])
    operator = CliRunner().invoke(
        app, ["disclosure", "threecard21", "--rules", str(rules), "--operator"]
    )
    assert posted.exit_code == operator.exit_code == 0, operator.output
    assert "expected hold" not in posted.output  # the sign players read shows no edge
    assert operator.output.startswith(posted.output)
    text = " ".join(operator.output.split())
    assert "For the operator, not posted" in text
    assert "expected hold: -0.8076% of all wagered" in text
    assert "13:69F-2C.5(b)1" in text


def test_13_69f_2c_5_b_1_another_paytable_moves_the_round_and_the_posted_one_is_shown() -> None:
    """A flush paid 1 to 1 instead of 3 to 2: the bonus loses half a unit on each flush
    (36612/626665 of hands), the round falls below zero and no warning is given; the posted
    paytable's round is shown beside it."""
    pays = dict(POSTED_PAYTABLE.pays)
    pays[next(c for c in pays if c.value == "flush")] = (1, 1)
    stingy = Paytable(name="flush 1 to 1", pays=pays)
    lines = round_lines(MAIN, 6, stingy, own=True)
    bonus = POSTED_BONUS - Fraction(36612, 626665) / 2
    assert abs(_percent(lines[0], "expected return ") - float(bonus) * 100) < 5e-5
    assert _percent(lines[1], "2C.5(a)): ") < 0
    assert not any("warning" in line for line in lines)
    assert any("posted (2C.5(b)1)" in line for line in lines)
    assert lines[0].startswith("bonus wager, this table's paytable (flush 1 to 1)")
