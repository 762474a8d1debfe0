"""The labels of the actions a console offers read money in dollars (issue 27: they read
``raise to 150`` and ``amount 1000``, cents)."""

from __future__ import annotations

from croupier.games.paddlewheel import actions as pw
from croupier.games.poker.actions import Action as PokerAction
from croupier.games.poker.actions import ActionKind as PokerKind
from croupier.games.threecard21 import actions as tc
from croupier.games.twentyone.actions import Action as TwentyOneAction
from croupier.games.twentyone.actions import ActionKind as TwentyOneKind
from croupier.service.tables.labels import label


def test_poker_bets_and_raises_read_in_dollars() -> None:
    assert label(PokerAction(PokerKind.RAISE, 3, amount=150)) == "seat 3 raise to $1.50"
    assert label(PokerAction(PokerKind.BET, 3, amount=1000)) == "seat 3 bet $10.00"
    assert label(PokerAction(PokerKind.FOLD, 3)) == "seat 3 fold"


def test_twenty_one_and_three_card_21_amounts_read_in_dollars() -> None:
    double = TwentyOneAction(TwentyOneKind.DOUBLE, space=2, amount=2500)
    assert label(double) == "double space 2 $25.00"
    assert label(TwentyOneAction(TwentyOneKind.STAND, space=2)) == "stand space 2"
    assert label(tc.Double(1, 0, 800)) == "double (space 1, amount $8.00)"


def test_paddlewheel_money_in_dollars_and_chips_as_counts() -> None:
    assert label(pw.BuyChips(1, 100)) == "buy chips (seat 1, currency $1.00)"
    assert "chips 3" in label(pw.Tip(1, 3))


def test_99_01_3_09_04_13_each_misdeal_reads_as_its_reason() -> None:
    """Four misdeal buttons used to read the same "misdeal": each names its reason now."""
    reasons = ("cards were dealt out of sequence", "an active player was dealt out")
    labels = {label(PokerAction(PokerKind.MISDEAL, reason=r)) for r in reasons}
    assert labels == {f"misdeal: {r}" for r in reasons}


def test_hands_are_counted_from_1_in_every_label() -> None:
    stand = TwentyOneKind.STAND
    assert label(TwentyOneAction(stand, space=2, hand=1)) == "stand space 2 hand 2"
    assert label(TwentyOneAction(stand, space=2, hand=0)) == "stand space 2"
    assert label(tc.Stand(space=1, hand=1)) == "stand (space 1, hand 2)"
