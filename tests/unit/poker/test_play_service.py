"""The words of ``croupier play poker`` (``croupier.service.games.poker``): moves read from text in
dollars, and what a person at the table is told, money in dollars."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_cards
from croupier.core.errors import InvalidInput
from croupier.eval.reference import rank_high
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.events import HandShown, PlayerActed, PotAwarded
from croupier.service.games.poker import describe_events, parse_move

FIXED_RAISE = (
    Action(ActionKind.FOLD, 1),
    Action(ActionKind.CALL, 1),
    Action(ActionKind.RAISE, 1, amount=100),
)
SPREAD_BET = (
    Action(ActionKind.FOLD, 1),
    Action(ActionKind.CHECK, 1),
    Action(ActionKind.BET, 1, amount=50),
    Action(ActionKind.BET, 1, amount=100),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fold", Action(ActionKind.FOLD, 1)),
        ("f", Action(ActionKind.FOLD, 1)),
        ("check", Action(ActionKind.CHECK, 1)),
        ("k", Action(ActionKind.CHECK, 1)),
        ("x", Action(ActionKind.CHECK, 1)),
        ("call", Action(ActionKind.CALL, 1)),
        ("C", Action(ActionKind.CALL, 1)),
        ("bet 1", Action(ActionKind.BET, 1, amount=100)),
        ("b $0.75", Action(ActionKind.BET, 1, amount=75)),
        ("bet to 0.50", Action(ActionKind.BET, 1, amount=50)),
        ("raise 1.5", Action(ActionKind.RAISE, 1, amount=150)),
        ("r $2", Action(ActionKind.RAISE, 1, amount=200)),
        ("show", Action(ActionKind.SHOW, 1)),
        ("m", Action(ActionKind.MUCK, 1)),
    ],
)
def test_moves_are_words_and_amounts_are_dollars(text: str, expected: Action) -> None:
    assert parse_move(text, SPREAD_BET) == expected


def test_a_raise_without_amount_is_the_only_size_allowed() -> None:
    # fixed limit: one raise size is listed, $1.00
    assert parse_move("r", FIXED_RAISE) == Action(ActionKind.RAISE, 1, amount=100)
    with pytest.raises(InvalidInput, match="say how much"):
        parse_move("bet", SPREAD_BET)  # $0.50 to $1.00: the amount must be said
    # no bet is listed (there is one to call): the move goes to the hand, which refuses it
    # citing -04.10
    assert parse_move("b", FIXED_RAISE) == Action(ActionKind.BET, 1, amount=0)


@pytest.mark.parametrize("text", ["", "hello", "call 1", "bet 1 2", "raise 0.505", "b x"])
def test_unreadable_moves_are_one_line_errors(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_move(text, SPREAD_BET)


def test_bot_moves_are_told_in_dollars() -> None:
    lines = describe_events(
        [
            PlayerActed(2, "raise", 150, 125),
            PlayerActed(3, "call", 150, 100, True),
            PlayerActed(4, "bet", 75, 75),
            PlayerActed(5, "check", 0, 0),
            PlayerActed(6, "fold", 0, 0),
        ],
        [],
    )
    assert lines == [
        "seat 2 raises to $1.50",
        "seat 3 calls $1.00 (all in)",
        "seat 4 bets $0.75",
        "seat 5 checks",
        "seat 6 folds",
    ]


def test_the_showdown_names_the_winner_the_dollars_and_the_hand() -> None:
    # Seat 3 holds Ah 4h on Kh 9h 7h 2c 2d: the best five are the hearts A K 9 7 4, a flush,
    # ace high (99-01.3-09-04.1); it wins the $4.00 pot. Seat 5 takes a side pot without a
    # showdown of its own hand.
    cards = parse_cards("Ah 4h Kh 9h 7h 2c 2d")
    shown = HandShown(3, tuple(cards[:2]), rank_high(cards), None)
    lines = describe_events(
        [shown, PotAwarded(0, "whole", 400, (3,), (400,)), PotAwarded(1, "whole", 60, (5,), (60,))],
        [],
    )
    assert lines[0].startswith("seat 3 shows Ah 4h (flush, ace-king-nine-seven-four")
    assert lines[1] == "seat 3 wins $4.00 with a flush, ace-king-nine-seven-four"
    assert lines[2] == "seat 5 wins $0.60 from side pot 1 (no showdown)"
