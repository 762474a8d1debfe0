"""``croupier play poker`` driven from stdin (typer's CliRunner), seeded."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from croupier.cli.main import app

ARGS = ["play", "poker", "--seed", "7", "--hands", "2", "--bots", "2"]


def _stacks(line: str) -> dict[int, int]:
    return {
        int(seat): int(dollars) * 100 + int(cents)
        for seat, dollars, cents in re.findall(r"seat (\d+) \$(\d+)\.(\d\d)", line)
    }


def test_play_two_hands_folding_from_stdin() -> None:
    # Default table rules: blinds 25/50, three seats of 2000. Hand 1: button seat 3, so seat 1
    # (the person) posts the small blind and folds at its first turn: 2000 - 25 = 1975. Hand 2:
    # the button moves to seat 1, which posts nothing and folds: still 1975. The chips of the
    # table stay 3 x 2000.
    result = CliRunner().invoke(app, ARGS, input="x\nf\nf\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hand 1 button seat 3" in out
    assert "Hand 2 button seat 1" in out
    assert "unknown move 'x'" in out  # a bad move is reported and asked again
    assert out.count("your cards") == 3
    lines = [line for line in out.splitlines() if line.strip().startswith("stacks:")]
    assert len(lines) == 2
    first, second = _stacks(lines[0]), _stacks(lines[1])
    assert first[1] == 1975
    assert second[1] == 1975
    assert sum(first.values()) == sum(second.values()) == 3 * 2000


def test_play_refuses_an_illegal_move_and_stops_when_input_runs_out() -> None:
    # A check facing the big blind is refused (-04.10: match or raise to stay in the hand), the
    # hand waits for a legal move, and the end of stdin stops the game with exit code 2.
    result = CliRunner().invoke(app, ARGS, input="k\n")
    assert result.exit_code == 2
    assert "cannot check" in result.stdout
    assert "no more input" in result.output
