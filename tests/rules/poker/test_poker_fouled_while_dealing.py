"""A hand found fouled while the board is being dealt (99-01.3-09-04.18), with a player all in:
the hand is dead and the deal goes on; the betting of that street, then the showdown, come only
once its cards are out. (The engine used to end the street at once and begin the showdown on an
incomplete board, after which the next card stuck the hand: "the hands of seats [1, 3] are not
known at the showdown". Found by the round-file exporter's property test, issue 27.)

Worked by hand (hold'em, default rules; seats 1 and 2 with $10, seat 3 with $0.60; the button
at seat 3): seat 1 is dealt As Ah, seat 2 Ks Kh, seat 3 Qs Qh. Seat 3 raises all in to $0.60,
seat 1 raises to $1.60 and seat 2 calls. The flop's burn card and its first card come out; seat
2's hand is found to hold three cards: fouled, dead. The flop is completed (8c, 9d); seat 1 is
the only player able to bet, so the hands are shown and the board run out: burn, 4h, burn, 6h.
Aces win the main pot (3 x $0.60) against queens, and the side pot (2 x $1.00) that only seat 1
can win: seat 1 nets +$2.20, seat 2 loses $1.60, seat 3 $0.60."""

from __future__ import annotations

from croupier.core.protocol import PendingKind, Play
from croupier.games.poker.actions import Action, ActionKind
from croupier.games.poker.game import GAME, Setup
from croupier.games.poker.table import SeatSpec


def test_99_01_3_09_04_18_a_hand_fouled_while_the_board_is_dealt_does_not_end_the_street() -> None:
    play = Play(GAME, GAME.parse_rules({}), Setup((SeatSpec(1, 1000), SeatSpec(2, 1000),
                                                   SeatSpec(3, 60)), 3))  # fmt: skip
    for card in ("As", "Ks", "Qs", "Ah", "Kh", "Qh"):
        play.apply(GAME.keyed(play.state, card))
    play.apply(Action(ActionKind.RAISE, seat=3, amount=60))
    play.apply(Action(ActionKind.RAISE, seat=1, amount=160))
    play.apply(Action(ActionKind.CALL, seat=2))
    for card in ("2c", "7d"):  # the flop's burn card and first card
        play.apply(GAME.keyed(play.state, card))
    play.apply(Action(ActionKind.FOULED_HAND, seat=2, cards=3))
    assert play.pending.kind is PendingKind.CHANCE  # the flop is still owed its cards
    for card in ("8c", "9d"):
        play.apply(GAME.keyed(play.state, card))
    for _ in range(12):
        if play.is_over():
            break
        if play.pending.kind is PendingKind.CHANCE:
            dealt = len(play.state.board) + len(play.state.burned)
            play.apply(GAME.keyed(play.state, ("3h", "4h", "5h", "6h")[dealt - 4]))
        else:
            show = next(a for a in play.legal_actions() if a.kind is ActionKind.SHOW)
            play.apply(show)
    assert play.is_over()
    assert [str(c) for c in play.state.board] == ["7d", "8c", "9d", "4h", "6h"]
    assert dict(play.settlement().parties) == {
        "player:1": 220,
        "player:2": -160,
        "player:3": -60,
        "house": 0,
    }
