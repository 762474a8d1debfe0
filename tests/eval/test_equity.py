"""Equity: hand-countable boards, an independent brute force with a peer library, and the
split rules of 99-01.3-09-05.6.c."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from croupier.core.cards import Card, parse_cards
from croupier.core.errors import InvalidInput
from croupier.core.rng import SeededRng
from croupier.eval.equity import (
    Game,
    board_count,
    enumerate_equity,
    equity,
    monte_carlo_equity,
)


def test_turn_board_hand_counted() -> None:
    # AsAh v KsKh on 2c 7d 9c Jd: 44 rivers; only Kc or Kd (2 cards) win for the kings: no
    # flush (two clubs, two diamonds on board) and no straight can come on one river card.
    r = enumerate_equity([parse_cards("AsAh"), parse_cards("KsKh")], parse_cards("2c7d9cJd"))
    aces, kings = r.players
    assert r.boards == 44
    assert r.exact
    assert (aces.wins, aces.ties, aces.losses) == (42, 0, 2)
    assert (kings.wins, kings.ties, kings.losses) == (2, 0, 42)
    assert aces.equity == Fraction(42, 44)


def test_99_01_3_09_04_25_board_plays_ties_split_the_pot() -> None:
    # Royal flush on board: every hand ties, each of three players gets a third.
    r = enumerate_equity(
        [parse_cards("2c3d"), parse_cards("4h5s"), parse_cards("7c8d")],
        parse_cards("AsKsQsJsTs"),
    )
    assert r.boards == 1
    assert all(p.ties == 1 and p.equity == Fraction(1, 3) for p in r.players)


def test_dead_cards_leave_the_deck() -> None:
    # Kings need a king: both remaining kings are dead, so the aces win every river.
    r = enumerate_equity(
        [parse_cards("AsAh"), parse_cards("KsKh")], parse_cards("2c7d9cJd"), parse_cards("KcKd")
    )
    assert r.boards == 42
    assert r.players[0].equity == 1


def test_preflop_matches_an_independent_brute_force_on_a_flop() -> None:
    """AhKh v QsQd on 2c 7d 9h, all 990 turn-river pairs scored with phevaluator."""
    ph = pytest.importorskip("phevaluator")
    hero, villain, flop = parse_cards("AhKh"), parse_cards("QsQd"), parse_cards("2c7d9h")
    used = {*hero, *villain, *flop}
    rest = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in used]
    win = tie = 0
    for turn_river in combinations(rest, 2):
        board = [*flop, *turn_river]
        a = ph.evaluate_cards(*(c.index for c in [*hero, *board]))
        b = ph.evaluate_cards(*(c.index for c in [*villain, *board]))
        win += a < b
        tie += a == b
    r = enumerate_equity([hero, villain], flop)
    assert (r.players[0].wins, r.players[0].ties, r.boards) == (win, tie, 990)
    assert r.players[0].equity == Fraction(2 * win + tie, 2 * 990)


def test_ahkh_v_qsqd_preflop_counts_every_board() -> None:
    r = enumerate_equity([parse_cards("AhKh"), parse_cards("QsQd")])
    assert r.boards == board_count([parse_cards("AhKh"), parse_cards("QsQd")]) == 1_712_304
    ak, qq = r.players
    assert ak.wins + ak.ties + ak.losses == 1_712_304
    assert (ak.wins, ak.ties, ak.losses) == (qq.losses, qq.ties, qq.wins)
    assert ak.equity + qq.equity == 1
    # A textbook coin flip: the pair is a small favourite (about 54 %) over two overcards.
    assert Fraction(53, 100) < qq.equity < Fraction(55, 100)


def test_99_01_3_09_05_6_c_high_winner_who_ties_the_low_gets_three_quarters() -> None:
    # Board 3h 4s 8c Kc Qd. Player 1 (Ac2c KsKd): three kings high, 8-4-3-2-A low.
    # Player 2 (Ad2d 7s7h): a pair of sevens high, the same 8-4-3-2-A low.
    r = enumerate_equity(
        [parse_cards("Ac2cKsKd"), parse_cards("Ad2d7s7h")],
        parse_cards("3h4s8cKcQd"),
        game=Game.OMAHA_HILO,
    )
    one, two = r.players
    assert one.equity == Fraction(3, 4)
    assert two.equity == Fraction(1, 4)
    assert one.ties == two.ties == 1


def test_99_01_3_09_05_6_c_no_qualifying_low_high_takes_the_pot() -> None:
    # Only two low ranks on the board (3, 4): no low is possible, the kings scoop.
    r = enumerate_equity(
        [parse_cards("Ac2cKsKd"), parse_cards("Ad2d7s7h")],
        parse_cards("3h4s9cKcQd"),
        game=Game.OMAHA_HILO,
    )
    assert r.players[0].equity == 1
    assert r.players[0].wins == 1
    plain = enumerate_equity(
        [parse_cards("Ac2cKsKd"), parse_cards("Ad2d7s7h")],
        parse_cards("3h4s8cKcQd"),
        game=Game.OMAHA,
    )
    assert plain.players[0].equity == 1


def test_omaha_hilo_scoop_and_split_on_a_river_card() -> None:
    # Board Ah 2h 7c Kd: 52 - 8 - 4 = 40 rivers.
    hands = [parse_cards("3c4cQsQd"), parse_cards("KsKh9c9d")]
    r = enumerate_equity(hands, parse_cards("Ah2h7cKd"), game=Game.OMAHA_HILO)
    assert r.boards == 40
    assert sum(p.equity for p in r.players) == 1
    for p in r.players:
        assert p.wins + p.ties + p.losses == 40


def test_monte_carlo_is_seeded_and_brackets_the_exact_answer() -> None:
    hands = [parse_cards("AhKh"), parse_cards("QsQd")]
    seen: list[tuple[int, int]] = []
    a = monte_carlo_equity(hands, SeededRng(5), 300_000, progress=lambda d, t: seen.append((d, t)))
    b = monte_carlo_equity(hands, SeededRng(5), 300_000)
    assert a == b
    assert seen[-1] == (300_000, 300_000)
    exact = enumerate_equity(hands).players[0].equity
    lo, hi = a.players[0].ci95 or (0.0, 0.0)
    assert lo < float(exact) < hi
    assert hi - lo < 0.005


def test_equity_chooses_monte_carlo_only_for_large_work() -> None:
    hands = [parse_cards("AhKhQcJd"), parse_cards("2s3s4d5d")]
    sampled = equity(hands, game=Game.OMAHA, rng=SeededRng(1), trials=2_000, limit=1000)
    assert not sampled.exact
    assert sampled.boards == 2_000
    exact = equity(hands, parse_cards("2c7d9h8s"), game=Game.OMAHA, rng=SeededRng(1), trials=10)
    assert exact.exact
    assert exact.boards == 40


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidInput, match="twice"):
        enumerate_equity([parse_cards("AhKh"), parse_cards("AhQd")])
    with pytest.raises(InvalidInput, match="hole cards"):
        enumerate_equity([parse_cards("AhKh"), parse_cards("QsQd")], game=Game.OMAHA)
    with pytest.raises(InvalidInput, match="two hands"):
        enumerate_equity([parse_cards("AhKh")])
