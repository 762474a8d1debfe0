"""Invariants of Three Card 21 "N" Done rounds under random legal play
(``croupier.core.protocol.play_randomly``) that the shared protocol module does not state:
every wager placed is settled exactly once, for an amount its result allows, under random house
options and bet sizes; and an action out of turn is refused under an N.J.A.C. section.

Money conservation, parties, replay from events, the store round trip and "a refused action
changes nothing" are checked for every game by ``tests/property/test_protocol.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.cards import parse_card
from croupier.core.errors import RuleViolation
from croupier.core.protocol import PendingKind, Play, play_randomly
from croupier.core.rng import Rng, SeededRng
from croupier.games.base import Outcome
from croupier.games.threecard21 import GAME, Setup
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.events import WagerPlaced, WagerSettled
from croupier.games.threecard21.rules import HouseRules, rules_from_dict
from croupier.games.threecard21.state import Round

Table = Play[HouseRules, Setup, Round, Action]


def house_rules(rng: Rng) -> HouseRules:
    return rules_from_dict(
        {
            "surrender": rng.randbelow(2) == 1,
            "card_reader": rng.randbelow(2) == 1,
            "dealer_seventeen": "h17" if rng.randbelow(2) else "s17",
            "decks": 6 + rng.randbelow(3),
            "max_persons_per_spot": 1 + rng.randbelow(3),
        }
    )


def any_amount(options: Sequence[Action], rng: Rng) -> Action:
    """A random legal option; a double or insurance bet of a random number of whole dollars up
    to the most the option allows (2C.7(b), 2C.9(a))."""
    pick = options[rng.randbelow(len(options))]
    if isinstance(pick, a.Double) and pick.amount > 100:
        return a.Double(pick.space, pick.hand, 100 * (1 + rng.randbelow(pick.amount // 100)))
    if isinstance(pick, a.Insure) and pick.amount > 100:
        return a.Insure(pick.space, 100 * (1 + rng.randbelow(pick.amount // 100)), pick.player)
    return pick


def random_round(seed: int) -> Table:
    rng = SeededRng(seed)
    rules = house_rules(rng)
    return play_randomly(GAME, rules, GAME.random_setup(rules, rng), rng, choose=any_amount)


@given(st.integers(0, 2**31))
@settings(max_examples=120, deadline=None)
def test_every_wager_settled_once_for_what_its_result_allows(seed: int) -> None:
    play = random_round(seed)
    events = play.events
    placed = Counter(
        (e.space, e.hand, e.kind, e.player, e.amount) for e in events if isinstance(e, WagerPlaced)
    )
    settled_events = [e for e in events if isinstance(e, WagerSettled)]
    settled = Counter((e.space, e.hand, e.kind, e.player, e.stake) for e in settled_events)
    assert placed == settled
    settlement = play.settlement()
    assert sum(e.net for e in settled_events) == sum(w.net for w in settlement.wagers)
    for w in settlement.wagers:
        if w.result is Outcome.LOSE:
            assert w.net == -w.stake
        elif w.result in (Outcome.PUSH, Outcome.RETURNED, Outcome.VOID):
            assert w.net == 0
        elif w.result is Outcome.SURRENDER:
            assert w.net == -(w.stake // 2)  # 2C.8(a): half the wager
        else:
            assert w.net > 0
            if w.kind == "insurance":
                assert w.net == 2 * w.stake  # 2C.7(d): 2 to 1
            elif w.kind != "bonus":
                assert w.net == w.stake  # 2C.5(c)5.iv, (d): 1 to 1


def out_of_turn(play: Table) -> list[Action]:
    """Actions that cannot be right now: another space's decisions, an insurance bet beyond
    any limit, a card after the dealer is done, a card while a person must decide."""
    p = play.pending
    other = 6 if p.seat != 6 else 5  # never the space whose turn it is
    out: list[Action] = [
        a.Stand(other),
        a.Insure(other, 500),
        a.Insure(p.seat or 1, 10**6),
        a.Split(other),
        a.Surrender(other),
        a.DealerDrewInError(parse_card("2c")),
    ]
    if p.kind is PendingKind.SEAT:
        out.append(a.Deal(parse_card("3d")))
    if play.state.view().first_card_out:  # before the first card a change is allowed (2C.5(f))
        out.append(a.ChangeWager(1, 1000))
    return out


@given(st.integers(0, 2**31))
@settings(max_examples=40, deadline=None)
def test_out_of_turn_actions_are_refused_under_a_section(seed: int) -> None:
    done = random_round(seed)
    replayed = Play(GAME, done.rules, done.setup)
    for action in done.log:
        if not GAME.is_over(replayed.state):
            for bad in out_of_turn(replayed):
                with pytest.raises(RuleViolation) as info:
                    replayed.apply(bad)
                assert info.value.section.startswith("N.J.A.C. 13:69")
        replayed.apply(action)
    assert replayed.settlement() == done.settlement()
