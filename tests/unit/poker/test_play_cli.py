"""``croupier play poker`` driven from stdin (typer's CliRunner), seeded."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from croupier.cli.main import app

ARGS = ["play", "poker", "--seed", "7", "--hands", "2", "--bots", "2", "--button", "3"]


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
    result = CliRunner().invoke(app, ARGS, input="hello\nf\nf\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hand 1 button seat 3" in out
    assert "Hand 2 button seat 1" in out
    assert "unknown move 'hello'" in out  # a bad move is reported and asked again
    assert out.count("your cards") == 3
    lines = [line for line in out.splitlines() if line.strip().startswith("stacks:")]
    assert len(lines) == 2
    first, second = _stacks(lines[0]), _stacks(lines[1])
    assert first[1] == 1975
    assert second[1] == 1975
    assert sum(first.values()) == sum(second.values()) == 3 * 2000


def test_play_refuses_an_illegal_move_and_stops_when_input_runs_out() -> None:
    # A check facing the big blind is refused (-04.10: match or raise to stay in the hand), the
    # refusal cites the section and the amount to call in dollars, the move is asked again, and
    # the end of stdin stops the game with exit code 2.
    result = CliRunner().invoke(app, ARGS, input="k\n")
    assert result.exit_code == 2
    assert "cannot check: $" in result.stdout
    assert "[99-01.3-09-04.10] - your move again" in result.stdout
    assert result.stdout.count("your cards") == 2
    assert "no more input" in result.output


RANKS = "23456789TJQKA"
SUITS = "cdhs"  # worst to best: clubs, diamonds, hearts, spades (-04.8)


def test_99_01_3_09_04_8_first_button_dealt_for_the_high_card() -> None:
    # Without --button the first button is dealt for: one card each, the highest rank wins and
    # equal ranks are decided by suit. The expected seat is worked here from the printed draw.
    result = CliRunner().invoke(
        app, ["play", "poker", "--seed", "11", "--bots", "2"], input="f\nf\nf\n"
    )
    assert result.exit_code == 0, result.output
    draw = re.search(r"Dealing for the button \(99-01.3-09-04.8\): (.*)", result.stdout)
    assert draw is not None
    cards = dict(re.findall(r"seat (\d) (\w\w)", draw.group(1)))
    assert len(cards) == 3
    best = max(cards, key=lambda seat: (RANKS.index(cards[seat][0]), SUITS.index(cards[seat][1])))
    assert f"Hand 1 button seat {best}" in result.stdout


def test_play_shows_the_pot_the_call_and_each_bot_move_in_dollars() -> None:
    # Hand 1, button seat 3: seat 1 posts the small blind $0.25 and seat 2 the big blind $0.50
    # (default rules, -02.6); seat 3 acts first and its move is told in dollars; seat 1 is then
    # shown the pot and what it has to call, in dollars.
    args = ["play", "poker", "--seed", "7", "--bots", "2", "--button", "3"]
    result = CliRunner().invoke(app, args, input="f\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seat 1 posts the small blind $0.25" in out
    assert "seat 2 posts the big blind $0.50" in out
    assert re.search(r"seat 3 (calls \$0\.50|raises to \$\d+\.\d\d|folds)", out)
    assert re.search(r"pot \$\d+\.\d\d  to call \$\d+\.\d\d", out)
    assert "seat 1 folds" in out


def test_play_a_hand_to_the_showdown_names_the_winner_and_the_hand() -> None:
    # The person calls or checks every time (one of the two is always legal: the other is
    # refused and asked again) and shows at the showdown; the bots never fold when they may
    # check. Whoever wins, the award is one line naming the seat, the dollars and the hand.
    moves = "c\nk\ns\n" * 40
    result = CliRunner().invoke(
        app,
        ["play", "poker", "--seed", "5", "--bots", "1", "--button", "2", "--stack", "$5"],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "river:" in out
    won = re.findall(r"seat (\d) wins \$(\d+)\.(\d\d) with (.+)", out)
    assert won, out
    shown = re.findall(r"seat (\d) shows", out)
    assert {seat for seat, *_ in won} <= set(shown)
    stacks = _stacks(next(line for line in out.splitlines() if "stacks:" in line))
    assert sum(stacks.values()) == 2 * 500  # $5.00 each, chips conserved


def test_stack_and_amounts_are_dollars() -> None:
    # --stack 12.50 is $12.50; the heading stacks after a fold show dollars and cents.
    result = CliRunner().invoke(
        app,
        ["play", "poker", "--seed", "1", "--bots", "1", "--button", "1", "--stack", "12.50"],
        input="f\n",
    )
    assert result.exit_code == 0, result.output
    stacks = _stacks(next(line for line in result.stdout.splitlines() if "stacks:" in line))
    assert sum(stacks.values()) == 2 * 1250
    bad = CliRunner().invoke(app, ["play", "poker", "--stack", "12.505"], input="")
    assert bad.exit_code == 2
    assert "stack" in bad.output
