"""Invariants of the twenty-one engine over random legal rounds (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.bench.twentyone import ShoeFeed, play_random_round, random_rules
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event, event_from_dict
from croupier.core.rng import SeededRng
from croupier.games.base import Outcome
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import ActionRecorded
from croupier.games.twentyone.settle import CHIP_TRAY, LAYOUT, TIP_RECEPTACLE
from croupier.games.twentyone.state import Round

SEEDS = st.integers(min_value=0, max_value=2**32)


def _round(seed: int, mistakes: int = 0) -> tuple[Round, list[Action]]:
    rng = SeededRng(seed)
    rules = random_rules(rng)
    feed = ShoeFeed(rules.decks, rng)
    taken: list[Action] = []
    r = play_random_round(rng, rules, feed, mistakes, on_event=lambda _r, a: taken.append(a))
    return r, taken


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.sampled_from([0, 4]))
def test_chips_conserved(seed: int, mistakes: int) -> None:
    r, _ = _round(seed, mistakes)
    assert r.accounts.get(LAYOUT, 0) == 0
    assert sum(r.accounts.values()) == 0
    # each player's chips moved exactly by the settlement (a won tip goes to the dealer)
    settlement = r.settlement()
    for seat in r.seats.values():
        mine = [w for w in settlement.wagers if w.space == seat.space]
        expected = sum(-w.stake if w.destination == TIP_RECEPTACLE else w.net for w in mine)
        others = [s for s in r.seats.values() if s.player == seat.player]
        if len(others) == 1:
            assert r.accounts.get(f"player:{seat.player}", 0) == expected
    tips = sum(w.stake + w.net for w in settlement.wagers if w.destination == TIP_RECEPTACLE)
    assert r.accounts.get(TIP_RECEPTACLE, 0) == tips
    tip_payoffs = sum(w.net for w in settlement.wagers if w.destination == TIP_RECEPTACLE)
    assert r.accounts.get(CHIP_TRAY, 0) == settlement.house_net - tip_payoffs


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.sampled_from([0, 4]))
def test_replay_from_events_rebuilds_state_and_settlement(seed: int, mistakes: int) -> None:
    rng = SeededRng(seed)
    rules = random_rules(rng)
    log: list[Event] = []
    original = play_random_round(rng, rules, ShoeFeed(rules.decks, rng), mistakes, log=log)
    stored = [e.to_dict() for e in log]  # the JSON form an event store keeps
    again = Round(
        rules,
        dealer_first_card_up=original.dealer_first_card_up,
        device_malfunction=original.device_malfunction,
    )
    replayed: list[Event] = []
    for data in stored:
        event = event_from_dict(data)
        if isinstance(event, ActionRecorded):
            replayed.extend(again.apply(event.action))
    assert again.snapshot() == original.snapshot()
    assert again.settlement() == original.settlement()
    assert [e.to_dict() for e in replayed] == stored
    assert [event_from_dict(d) for d in stored] == log


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=60), st.data())
def test_illegal_actions_refused_and_state_unchanged(
    seed: int, stop: int, data: st.DataObject
) -> None:
    rng = SeededRng(seed)
    rules = random_rules(rng)
    feed = ShoeFeed(rules.decks, rng)
    steps = {"n": 0}

    def probe(r: Round, _a: Action) -> None:
        steps["n"] += 1
        if steps["n"] != stop:
            return
        kind = data.draw(st.sampled_from([k for k in ActionKind if k is not ActionKind.CARD]))
        action = Action(
            kind,
            space=data.draw(st.integers(0, 8)),
            hand=data.draw(st.integers(0, 4)),
            amount=data.draw(st.sampled_from([None, 50, 100, 250, 550, 3000])),
            exposed=data.draw(st.booleans()),
        )
        before = r.snapshot()
        try:
            r.apply(action)  # a legal one changes the state and the bot plays on
        except (RuleViolation, InvalidInput) as exc:
            section = exc.section if isinstance(exc, RuleViolation) else "99-01.3-08-"
            assert section.startswith("99-01.3-08-")
            assert r.snapshot() == before

    play_random_round(rng, rules, feed, 0, on_event=probe)


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_results_are_known_outcomes(seed: int) -> None:
    r, _ = _round(seed, 3)
    for w in r.settlement().wagers:
        assert isinstance(w.result, Outcome)
        if w.result in (Outcome.PUSH, Outcome.VOID, Outcome.RETURNED):
            assert w.net == 0
