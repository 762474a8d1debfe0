"""Scripted terminal sessions of ``croupier play twentyone`` over a hand-stacked shoe.

The shoe (after the burn card) deals: space 1 8c, dealer 6d, space 1 8h, dealer hole Ts;
then the split card 3c to hand 1 (8c 3c = 11), the double card 9d (20), the split card 9s to
hand 2 (8h 9s = 17) and the dealer's hit 7c (6 + 10 + 7 = 23, bust). With a $10 wager, split
($10 more) and a double of hand 1 ($10 more) every wager wins even money (-11.10.h):
$10 + $10 + $10 = +$30, so $100.00 becomes $130.00.
"""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.games.twentyone.rules import rules_from_dict
from croupier.store import open_store

SPLIT_AND_DOUBLE = "2c 8c 6d 8h Ts 3c 9d 9s 7c"  # 2c is the burn card


def _play(db: str, keys: str, table: str = "t") -> str:
    """The session's output with the terminal's line wrapping undone."""
    args = ["play", "twentyone", "--db", db, "--table", table]
    result = CliRunner().invoke(app, args, input=keys)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def _stack(sqlite_url: str, stacked_table: Callable[..., None], **rules: object) -> None:
    stacked_table(open_store(sqlite_url), "twentyone/t", rules_from_dict(rules), SPLIT_AND_DOUBLE)


def test_scripted_session_split_and_double(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    _stack(sqlite_url, stacked_table)
    # wager $10, no tip, split, double hand 1, stand hand 2, then leave at the next wager prompt
    out = _play(sqlite_url, "10\n\np\nd\ns\nq\n")
    assert "space 1 splits hand 1: $10.00 on new hand" in out
    assert "space 1 hand 1 doubles down $10.00" in out
    assert "space 1 hand 2: stood at 17" in out
    assert "Round 1 over: up $30.00; chips $130.00" in out
    assert "the table is saved" in out


def test_99_01_3_08_09_2_c_refused_split_cites_section_and_asks_again(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    _stack(sqlite_url, stacked_table)
    # after the split, hand 1 is 8c 3c: a second split is refused, then the same prompt repeats
    out = _play(sqlite_url, "10\n\np\np\nbogus\nd\ns\nq\n")
    assert "8c and 3c are neither a pair nor two 10-count cards" in out
    assert "(section 99-01.3-08-09.2.c)" in out
    assert "'bogus' is not a decision" in out
    # asked (split refused), asked again (unknown word), asked again (doubled)
    assert out.count("Space 1 hand 1 of 2:") == 3
    assert "Round 1 over: up $30.00; chips $130.00" in out
    assert "Traceback" not in out


def test_99_01_3_08_09_1_refused_wager_prompt_repeats(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    _stack(sqlite_url, stacked_table)
    out = _play(sqlite_url, "5.50\n1\n10\n\nq\n")
    assert "even dollar amount" in out
    assert "(section 99-01.3-08-09.1)" in out
    assert "the minimum wager at this table is $2.00" in out
    assert out.count("Space 1 wager") == 3
    assert "player wagers $10.00 on space 1" in out


def test_99_01_3_08_09_2_d_double_for_less_and_tip_double_prompts(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    _stack(sqlite_url, stacked_table, double_down="equal-or-less", tip_double_down="equal-or-less")
    # $10 wager with a $2 tip; split; double hand 1 for $4 (prompted): the tip double-down is
    # asked for hand 1 only (the hand carrying the tip): $3.50 is refused (more than the tip),
    # then the whole double is asked again and $1.00 accepted.
    keys = "10\n2\np\nd\n4\n3.50\nd\n4\n1\ns\nq\n"
    out = _play(sqlite_url, keys)
    assert "Double-down amount, whole dollars $1.00-$10.00" in out
    assert "Tip double-down, fifty-cent chips $0.50-$2.00" in out
    assert "the tip double-down must be fifty cents up to the tip bet ($2.00)" in out
    assert "space 1 hand 1 doubles down $4.00, tip bet doubled $1.00" in out
    # wins: original 10 + double 4 + split hand 10 = +24 to the player; the tip bet and its
    # double ($3) win for the dealer's tip receptacle, so the player's chips: 100 - 2 - 1 + 24
    assert "chips $121.00" in out


def test_two_adjacent_spaces_asked_separately(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    stacked_table(open_store(sqlite_url), "twentyone/t", rules_from_dict({}), "2c")
    result = CliRunner().invoke(
        app,
        ["play", "twentyone", "--db", sqlite_url, "--table", "t", "--spaces", "2", "--space", "3"],
        input="10\n\n4\n1\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Space 3 wager" in out
    assert "Space 4 wager" in out
    assert "player wagers $10.00 on space 3" in out
    assert "player wagers $4.00 on space 4, tip bet $1.00" in out


def test_99_01_3_08_01_2_second_space_must_be_adjacent_on_the_layout() -> None:
    result = CliRunner().invoke(
        app, ["play", "twentyone", "--spaces", "2", "--space", "7", "--db", "sqlite://"]
    )
    assert result.exit_code != 0
    assert "99-01.3-08-01.2" in result.output


def test_help_lists_legal_actions(sqlite_url: str, stacked_table: Callable[..., None]) -> None:
    _stack(sqlite_url, stacked_table)
    out = _play(sqlite_url, "10\n\nhelp\nq\n")
    listed = out.split("You may now:")[1].split("this list")[0]
    for word in ("stand", "hit", "double", "split"):
        assert word in listed
    assert "insurance" not in listed  # the dealer shows a 6: no insurance (-09.2.b)


def test_crash_mid_round_and_resume_from_the_cli(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    _stack(sqlite_url, stacked_table)
    first = _play(sqlite_url, "10\n\np\n")  # input ends mid-round: the terminal is gone
    assert "round in progress is saved" in first
    second = _play(sqlite_url, "d\ns\nq\n")
    assert "Resuming round 1 where it stopped." in second
    assert "space 1 hand 1 doubles down $10.00" in second
    assert "Round 1 over: up $30.00; chips $130.00" in second


def test_99_01_3_08_09_2_b_insurance_announced_and_even_money_refused_without_natural(
    sqlite_url: str, stacked_table: Callable[..., None]
) -> None:
    # space 1 9h 9d against the dealer's ace: insurance is asked; even money needs a natural
    rules = rules_from_dict({"even_money_offered": True})
    stacked_table(open_store(sqlite_url), "twentyone/t", rules, "2c 9h As 9d 5c Th 4s")
    out = _play(sqlite_url, "10\n\ne\ni\nq\n")
    assert 'dealer: "insurance?"' in out
    assert "even money is offered only to a player dealt a natural" in out
    assert "(section 99-01.3-08-09.2.b)" in out
    assert "space 1: insurance $5.00" in out
    assert 'dealer: "insurance bets are closed"' in out
    assert "shows an ace" in out
