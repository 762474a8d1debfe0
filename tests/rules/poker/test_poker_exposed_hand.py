"""99-01.3-09-04.21: a hand exposed by an active player to another active player is open to all."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.games.poker import Action, ActionKind, Hand, SeatSpec, TableRules
from croupier.games.poker.events import HandExposed

K = ActionKind
# Button seat 3; hole cards go 1, 2, 3, 1, 2, 3 (-04.7).
DEAL = ["Ah", "Kd", "7c", "Qs", "Jd", "7d"]


def _dealt() -> Hand:
    hand = Hand(TableRules(), [SeatSpec(s, 1000) for s in (1, 2, 3)], 3)
    for text in DEAL:
        hand.apply(Action(K.CARD, card=parse_card(text)))
    return hand


def test_99_01_3_09_04_21_hand_exposed_to_an_active_player_goes_on_the_record() -> None:
    hand = _dealt()
    events = hand.apply(Action(K.EXPOSE_HAND, 3, seats=(1,)))
    assert events == [
        HandExposed(3, (1,), (parse_card("7c"), parse_card("7d")), "99-01.3-09-04.21")
    ]
    hand.apply(Action(K.FOLD, 3))
    hand.apply(Action(K.FOLD, 1))
    assert hand.settlement().details["exposed_hands"] == {"3": ["7c", "7d"]}


def test_99_01_3_09_04_21_a_folded_player_is_not_active() -> None:
    hand = _dealt()
    hand.apply(Action(K.FOLD, 3))
    before = hand.snapshot()
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(K.EXPOSE_HAND, 3, seats=(1,)))
    assert info.value.section == "99-01.3-09-04.21"
    assert hand.snapshot() == before


def test_99_01_3_09_04_21_shown_to_a_folded_player_is_not_covered() -> None:
    hand = _dealt()
    hand.apply(Action(K.FOLD, 3))
    before = hand.snapshot()
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(K.EXPOSE_HAND, 1, seats=(3,)))
    assert info.value.section == "99-01.3-09-04.21"
    assert hand.snapshot() == before


def test_99_01_3_09_04_21_to_whom_must_be_said() -> None:
    hand = _dealt()
    before = hand.snapshot()
    with pytest.raises(InvalidInput):
        hand.apply(Action(K.EXPOSE_HAND, 1))
    assert hand.snapshot() == before


def test_99_01_3_09_05_11_last_live_hand_wins_when_the_other_is_dead() -> None:
    # Heads-up, seat 2 absent: the dealer posts its big blind (-05.11) and its hand is dead when
    # the hole cards are out, so seat 1's is the only live hand and wins the pot at once: the
    # dead blind stays in the pot (seat 1 +50, seat 2 -50).
    from croupier.games.base import PendingKind

    hand = Hand(TableRules(), [SeatSpec(1, 1000), SeatSpec(2, 1000, absent=True)], 1)
    for text in ["Ah", "Kd", "7c", "Qs"]:
        hand.apply(Action(K.CARD, card=parse_card(text)))
    assert hand.pending.kind is PendingKind.NONE
    assert hand.stacks == {1: 1050, 2: 950}


def test_99_01_3_09_04_13_a_hand_called_off_says_why() -> None:
    hand = _dealt()
    hand.apply(Action(K.MISDEAL, reason="a card dealt out of sequence"))
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(K.FOLD, 3))
    assert info.value.section == "99-01.3-09-04.13"
    assert "misdeal" in str(info.value)
