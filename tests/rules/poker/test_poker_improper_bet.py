"""99-01.3-09-04.16: an improper bet found late either stands or the action backs up."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.games.base import PendingKind
from croupier.games.poker import Action, ActionKind, Hand, SeatSpec, TableRules
from croupier.games.poker.events import ImproperBet

K = ActionKind
SHORT = "99-01.3-09-04.16"
# Four players, button seat 4: seat 1 posts 25, seat 2 posts 50; seat 3 acts first.
DEAL = ["Ah", "Kd", "7c", "Qs", "Jd", "7d", "2c", "3c"]


def _dealt() -> Hand:
    hand = Hand(TableRules(), [SeatSpec(s, 1000) for s in (1, 2, 3, 4)], 4)
    for text in DEAL:
        hand.apply(Action(K.CARD, card=parse_card(text)))
    return hand


def _without_record(snapshot: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in snapshot.items() if k not in ("events", "log")}


def test_99_01_3_09_04_16_action_backs_up_to_the_improper_bet() -> None:
    # Seat 3's call was only 30 of the 50; seat 4 then called. One call since, no raise, and
    # seats 1 and 2 have not acted: the action backs up to seat 3 and seat 4's call is
    # nullified (its 50 returned). Seat 3 has 30 in and must complete the call or fold.
    hand = _dealt()
    hand.apply(Action(K.CALL, 3))
    hand.apply(Action(K.CALL, 4))
    events = hand.apply(Action(K.IMPROPER_BET, 3, amount=30))
    assert events[-1] == ImproperBet(3, 30, False, ("seat 4 call",), SHORT)
    assert hand.stacks == {1: 975, 2: 950, 3: 970, 4: 1000}
    assert hand.pending.kind is PendingKind.SEAT
    assert hand.pending.seat == 3
    assert [a.kind for a in hand.legal_actions()] == [K.FOLD, K.CALL]
    # The state is the one reached by playing the short wager in the first place.
    twin = _dealt()
    twin.apply(Action(K.WAGER, 3, amount=30))
    assert _without_record(hand.snapshot()) == _without_record(twin.snapshot())
    # Seat 3 folds: the 30 stays in the pot; seat 4 acts again.
    hand.apply(Action(K.FOLD, 3))
    assert hand.pending.seat == 4


def test_99_01_3_09_04_16_improper_bet_stands_after_a_raise() -> None:
    hand = _dealt()
    hand.apply(Action(K.CALL, 3))
    hand.apply(Action(K.RAISE, 4, amount=100))
    stacks = hand.stacks
    events = hand.apply(Action(K.IMPROPER_BET, 3, amount=30))
    assert events == [ImproperBet(3, 30, True, (), SHORT)]
    assert hand.stacks == stacks  # the call stands and is completed
    assert hand.pending.seat == 1


def test_99_01_3_09_04_16_improper_bet_stands_after_three_calls() -> None:
    hand = Hand(TableRules(), [SeatSpec(s, 1000) for s in (1, 2, 3, 4, 5)], 5)
    while hand.pending.kind is PendingKind.CHANCE:
        hand.apply(Action(K.CARD))
    for seat in (3, 4, 5, 1):  # seat 3 short, then three calls
        hand.apply(Action(K.CALL, seat))
    events = hand.apply(Action(K.IMPROPER_BET, 3, amount=30))
    assert events == [ImproperBet(3, 30, True, (), SHORT)]


def test_99_01_3_09_04_16_no_call_to_correct_is_refused() -> None:
    hand = _dealt()
    hand.apply(Action(K.FOLD, 3))
    before = hand.snapshot()
    with pytest.raises(RuleViolation) as info:
        hand.apply(Action(K.IMPROPER_BET, 3, amount=30))
    assert info.value.section == SHORT
    assert hand.snapshot() == before


def test_99_01_3_09_04_16_an_improper_bet_is_less_than_the_call() -> None:
    hand = _dealt()
    hand.apply(Action(K.CALL, 3))
    before = hand.snapshot()
    with pytest.raises(InvalidInput):
        hand.apply(Action(K.IMPROPER_BET, 3, amount=50))
    assert hand.snapshot() == before


def test_snapshot_covers_every_attribute_of_the_hand() -> None:
    # Every attribute is either in snapshot() or configuration/memo: a new attribute that is
    # missing from it would make "a refused action changes nothing" tests blind to it.
    hand = _dealt()
    names: set[str] = set()
    for cls in type(hand).__mro__:
        names |= set(getattr(cls, "__mypyc_attrs__", ()))
    if not names:
        names = set(vars(hand))
    names = {n.lstrip("_") for n in names if not n.startswith("__")}
    config_or_memo = {"rules", "terms", "pending", "limits", "limits_for", "legal", "seat_specs"}
    assert names - config_or_memo <= set(hand.snapshot())
