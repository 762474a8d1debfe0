"""Invariants of Three Card 21 "N" Done rounds under random play: every wager placed is settled
exactly once for an amount its result allows (chips conserved), replay reproduces the round, and
any refused action names its section and changes nothing."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import multi_deck
from croupier.core.errors import RuleViolation
from croupier.core.events import Event
from croupier.core.rng import SeededRng
from croupier.core.shuffle import fisher_yates
from croupier.games.base import Outcome, PendingKind
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.events import WagerPlaced, WagerSettled
from croupier.games.threecard21.rules import HouseRules
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers


def build(seed: int) -> tuple[HouseRules, list[SpotWagers]]:
    rng = SeededRng(seed)
    rules = HouseRules(
        surrender=rng.randbelow(2) == 1,
        card_reader=rng.randbelow(2) == 1,
        dealer_seventeen="h17" if rng.randbelow(2) else "s17",
        max_persons_per_spot=3,
    )
    spots = []
    for space in range(1, 7):
        if rng.randbelow(2):
            people = 1 + rng.randbelow(3)
            persons = tuple(
                PersonWager(500 + 100 * rng.randbelow(20), f"p{space}{k}", seated=k == 0)
                for k in range(people)
            )
            spots.append(SpotWagers(space, persons))
    if not spots:
        spots.append(SpotWagers(1, (PersonWager(1000),)))
    return rules, spots


def wrong_actions(state: Round) -> list[object]:
    p = state.pending
    other = 6 if p.seat != 6 else 5  # never the space whose turn it is
    out: list[object] = [
        a.Stand(other),
        a.Insure(other, 500),
        a.Insure(p.seat or 1, 10**6),
        a.Split(other),
        a.Surrender(other),
        a.DealerDrewInError(multi_deck(1)[0]),
    ]
    if state.data.first_card_out:  # before the first card a change is allowed (2C.5(f))
        out.append(a.ChangeWager(1, 1000))
    if p.kind is PendingKind.SEAT:
        out.append(a.Deal(multi_deck(1)[5]))
    return out


def play(seed: int, record: list[object] | None = None) -> tuple[Round, list[Event], list[object]]:
    rules, spots = build(seed)
    state = Round(rules, spots)
    rng = SeededRng(seed + 1)
    shoe = fisher_yates(multi_deck(rules.decks), rng)
    events: list[Event] = list(state.opening_events)
    actions: list[object] = []
    steps = 0
    while state.pending.kind is not PendingKind.NONE:
        steps += 1
        assert steps < 500
        if record is not None:
            action = record[len(actions)]
        elif state.pending.kind is PendingKind.CHANCE:
            action = a.Deal(shoe.pop())
        else:
            options = list(state.legal_actions())
            action = options[rng.randbelow(len(options))]
            if isinstance(action, a.Double | a.Insure) and action.amount > 100:
                action = type(action)(*_with_amount(action, rng))
        if record is None and rng.randbelow(4) == 0:
            for bad in wrong_actions(state):
                before = state.data
                with pytest.raises(RuleViolation) as info:
                    state.apply(bad)
                assert info.value.section.startswith("N.J.A.C.")
                assert state.data == before
        events += state.apply(action)
        actions.append(action)
    return state, events, actions


def _with_amount(action: a.Double | a.Insure, rng: SeededRng) -> tuple[object, ...]:
    amount = 100 * (1 + rng.randbelow(action.amount // 100))
    if isinstance(action, a.Double):
        return (action.space, action.hand, amount)
    return (action.space, amount, action.player)


@given(st.integers(0, 2**31))
@settings(max_examples=120, deadline=None)
def test_every_wager_settled_once_and_chips_conserved(seed: int) -> None:
    state, events, _ = play(seed)
    placed = Counter(
        (e.space, e.hand, e.kind, e.player, e.amount) for e in events if isinstance(e, WagerPlaced)
    )
    settled_events = [e for e in events if isinstance(e, WagerSettled)]
    settled = Counter((e.space, e.hand, e.kind, e.player, e.stake) for e in settled_events)
    assert placed == settled
    settlement = state.settlement()
    assert sum(e.net for e in settled_events) == sum(w.net for w in settlement.wagers)
    assert settlement.house_net == -sum(w.net for w in settlement.wagers)
    for w in settlement.wagers:
        if w.result is Outcome.LOSE:
            assert w.net == -w.stake
        elif w.result in (Outcome.PUSH, Outcome.RETURNED, Outcome.VOID):
            assert w.net == 0
        elif w.result is Outcome.SURRENDER:
            assert w.net == -(w.stake // 2)
        else:
            assert w.net > 0
            if w.kind != "bonus":
                assert w.net == 2 * w.stake if w.kind == "insurance" else w.net == w.stake


@given(st.integers(0, 2**31))
@settings(max_examples=40, deadline=None)
def test_replay_reproduces_the_round(seed: int) -> None:
    state, events, actions = play(seed)
    again, events2, _ = play(seed, record=actions)
    assert [e.to_dict() for e in events] == [e.to_dict() for e in events2]
    assert again.settlement() == state.settlement()
