"""Antes (99-01.3-09-04.9): swept into the pot before the deal, so they belong to the main pot."""

from __future__ import annotations

from croupier.core.cards import parse_cards
from croupier.games.base import PendingKind
from croupier.games.poker import Action, ActionKind, Hand, SeatSpec, TableRules
from croupier.games.poker.pots import Pot, build_pots
from croupier.games.poker.rules import AntePayer, MinimumRaise, Structure


def _bb_ante_rules() -> TableRules:
    return TableRules(
        structure=Structure.NO_LIMIT,
        tournament=True,
        small_blind=50,
        big_blind=100,
        ante=100,
        ante_payer=AntePayer.BIG_BLIND,
        minimum_bet=100,
        max_raises=None,
        minimum_raise=MinimumRaise.LAST_RAISE,
        odd_chip_unit=1,
    )


def _play(hand: Hand, holes: dict[int, str], board: str, moves: list[Action]) -> None:
    queues = {seat: list(parse_cards(cards)) for seat, cards in holes.items()}
    cards = list(parse_cards(board))
    pending_moves = list(moves)
    while hand.pending.kind is not PendingKind.NONE:
        pending = hand.pending
        if pending.kind is PendingKind.CHANCE:
            if pending.detail == "burn":
                hand.apply(Action(ActionKind.CARD, card=None))
            elif pending.detail == "board":
                hand.apply(Action(ActionKind.CARD, card=cards.pop(0)))
            else:
                assert pending.seat is not None
                hand.apply(Action(ActionKind.CARD, card=queues[pending.seat].pop(0)))
        elif pending.detail == "showdown":
            hand.apply(Action(ActionKind.SHOW, pending.seat))
        else:
            hand.apply(pending_moves.pop(0))
    assert not pending_moves


def test_99_01_3_09_04_9_a_big_blind_ante_is_in_the_main_pot_not_a_side_pot() -> None:
    # Seat 3 (button, 300) is all in pre-flop for 300; seats 1 and 2 call 300 and check down.
    # Seat 2 also posted a 100 ante. The main pot is 3 x 300 + 100 = 1000, won by seat 3's
    # aces: seat 1 1000 - 300 = 700, seat 2 1000 - 100 - 300 = 600, seat 3 1000. (Treating the
    # ante as seat 2's wager would wrongly make a 100 side pot between seats 1 and 2.)
    hand = Hand(_bb_ante_rules(), [SeatSpec(1, 1000), SeatSpec(2, 1000), SeatSpec(3, 300)], 3)
    checks = [Action(ActionKind.CHECK, seat) for _ in range(3) for seat in (1, 2)]
    moves = [
        Action(ActionKind.RAISE, 3, amount=300),
        Action(ActionKind.CALL, 1),
        Action(ActionKind.CALL, 2),
        *checks,
    ]
    _play(hand, {1: "2c7d", 2: "3c8d", 3: "AsAh"}, "KsQd9h5c4s", moves)
    assert hand.stacks == {1: 700, 2: 600, 3: 1000}


def test_99_01_3_09_04_9_antes_join_the_main_pot_contested_by_every_live_hand() -> None:
    # Wagers 300, 300, 300 (all live) and 100 in antes: one pot of 1000 for all three.
    assert build_pots([300, 300, 300], [True, True, True], 100) == [Pot(1000, (0, 1, 2))]
    # A player all in for the ante alone (wager 0) still contests the antes.
    assert build_pots([0, 200, 200], [True, True, True], 150) == [
        Pot(150, (0, 1, 2)),
        Pot(400, (1, 2)),
    ]
