"""The engine's memoised answers (``pending``, limits, legal actions) never go stale."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.core.protocol import play_randomly
from croupier.core.rng import SeededRng
from croupier.games.base import PendingKind
from croupier.games.poker import GAME, Action, ActionKind, Hand, SeatSpec, Setup
from croupier.games.poker.game import choose_sized
from croupier.games.poker.rules import Structure, TableRules, Variant

FIXED = TableRules(
    variant=Variant.HOLDEM,
    structure=Structure.FIXED_LIMIT,
    tournament=True,
    small_blind=10,
    big_blind=20,
    small_bet=20,
    big_bet=40,
    max_raises=3,
    odd_chip_unit=1,
    max_players=11,
)


def random_hand(
    rules: TableRules, stacks: list[int], seed: int, log: list[Action] | None = None
) -> Hand:
    """A hand of random legal play (bets of any legal size) on seats 1..n, the button on
    seat ``seed % n + 1``; its actions appended to ``log``."""
    seats = tuple(SeatSpec(k + 1, stack) for k, stack in enumerate(stacks))
    setup = Setup(seats, seed % len(stacks) + 1)
    play = play_randomly(GAME, rules, setup, SeededRng(seed), choose=choose_sized)
    if log is not None:
        log.extend(play.log)
    return play.state


def _deal(hand: Hand) -> None:
    while hand.pending.kind is PendingKind.CHANCE:
        hand.apply(Action(ActionKind.CARD))


def _kinds(hand: Hand) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in hand.legal_actions()]


def test_99_01_3_09_04_10_big_blind_option_raises_and_turn_opening_bets() -> None:
    # Heads-up 20/40 fixed limit, blinds 10/20 (-04.11: the button posts the small blind and acts
    # first before the flop). The big blind (seat 2) facing a completed small blind has the
    # option: check or raise to 20 + 20 = 40. On the turn the same seat, first to act, may open
    # with a bet of the big bet, 40: the same amount, but a bet, not a raise.
    hand = Hand(FIXED, [SeatSpec(1, 1000), SeatSpec(2, 1000)], 1)
    _deal(hand)
    hand.apply(Action(ActionKind.CALL, 1))
    assert _kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CHECK, 0), (ActionKind.RAISE, 40)]
    hand.apply(Action(ActionKind.CHECK, 2))
    _deal(hand)  # flop: seat 2 acts first after the flop
    hand.apply(Action(ActionKind.CHECK, 2))
    hand.apply(Action(ActionKind.CHECK, 1))
    _deal(hand)  # turn
    assert _kinds(hand) == [(ActionKind.FOLD, 0), (ActionKind.CHECK, 0), (ActionKind.BET, 40)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 11))
def test_every_listed_legal_action_is_accepted(seed: int, n: int) -> None:
    # At every decision of random hands, each action ``legal_actions`` lists is accepted by an
    # untouched copy of the hand, and the answers equal those of a fresh copy (no memo).
    # (A copy is made by replaying the actions so far: rules + actions determine the state, and
    # the compiled engine's objects are not deep-copyable.)
    log: list[Action] = []
    random_hand(FIXED, [300 + 97 * k for k in range(n)], seed, log)
    seats = [SeatSpec(k + 1, 300 + 97 * k) for k in range(n)]

    def replayed(upto: int) -> Hand:
        twin = Hand(FIXED, seats, (seed % n) + 1)
        for earlier in log[:upto]:
            twin.apply(earlier)
        return twin

    hand = replayed(0)
    for done, action in enumerate(log):
        if hand.pending.kind is PendingKind.SEAT:
            listed = hand.legal_actions()
            fresh = replayed(done)
            assert fresh.snapshot() == hand.snapshot()
            assert fresh.legal_actions() == listed
            assert fresh.pending == hand.pending
            for option in listed:
                replayed(done).apply(option)
        hand.apply(action)
    assert hand.pending.kind is PendingKind.NONE


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 11), st.sampled_from([0, 5]))
def test_uncontested_award_is_what_the_pot_builder_makes(seed: int, n: int, ante: int) -> None:
    # A hand won by the only live hand is awarded by a short path; it must equal the general
    # one: build_pots over the wagers (blinds, bets, calls; antes apart), one pot, whole.
    from croupier.games.poker.events import PotAwarded
    from croupier.games.poker.pots import build_pots

    rules = FIXED.model_copy(update={"ante": ante})
    hand = random_hand(rules, [300 + 97 * k for k in range(n)], seed)
    live = [p.live for p in hand.players]
    if sum(live) != 1:
        return
    wagers = [p.contributed - p.ante for p in hand.players]
    pots = build_pots(wagers, live, sum(p.ante for p in hand.players))
    winner = live.index(True)
    awarded = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert len(pots) == 1
    assert pots[0].eligible == (winner,)
    seat = hand.players[winner].seat
    assert awarded == [PotAwarded(0, "whole", pots[0].amount, (seat,), (pots[0].amount,))]


def _written_inits() -> list[type]:
    """The engine's dataclasses that spell out ``__init__`` (``@dataclass(init=False)``)."""
    import dataclasses

    from croupier.service.bench.engine_build import COMPILED_MODULES

    found: list[type] = []
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
                and not value.__dataclass_params__.init  # type: ignore[attr-defined]
            ):
                found.append(value)
    return found


WRITTEN = _written_inits()


def test_the_hot_dataclasses_spell_out_their_init() -> None:
    names = {cls.__name__ for cls in WRITTEN}
    assert {"Player", "Limits", "_Undo", "PlayerActed", "CardDealt", "ForcedBet"} <= names


@pytest.mark.parametrize("cls", WRITTEN, ids=[c.__name__ for c in WRITTEN])
def test_a_written_init_sets_every_field_as_the_dataclass_would(cls: type) -> None:
    # Each parameter gets a distinct marker; every field must then hold its marker, or, for a
    # field the written __init__ does not take, the dataclass default. Parameters are matched to
    # fields by name and position, so a swapped assignment or a changed default fails.
    import dataclasses
    import inspect

    if not inspect.isfunction(cls.__init__):
        pytest.skip("compiled: the native __init__ checks argument types; the plain run checks")
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields[: len(params)]]
    markers = [object() for _ in params]
    obj = cls(*markers)
    for f in fields:
        value = getattr(obj, f.name)
        if f.name in {p.name for p in params}:
            assert value is markers[[p.name for p in params].index(f.name)], f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert value == f.default_factory(), f.name
        else:
            assert f.default is not dataclasses.MISSING, f"{f.name} has no default"
            assert value == f.default, f.name
    for p, f in zip(params, fields, strict=False):
        expected = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default == expected, f"{f.name}: default {p.default!r} != {expected!r}"


def test_a_played_hand_copies_and_pickles_with_its_events_and_players() -> None:
    # the written __init__ takes arguments; copying and pickling must not call it without them
    import copy
    import pickle

    hand = random_hand(FIXED, [2000] * 3, 5)
    for value in (hand.events, hand.players, hand.limits_for(0)):
        assert copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value


def test_every_poker_event_field_keeps_its_annotated_type() -> None:
    # Compiled with mypyc, a class's annotations lose their arguments (tuple[int, ...] reads as
    # tuple, Card | None as type) and the store could not rebuild the event from its JSON:
    # croupier.games.poker.events puts them back. No poker event may have an erased field.
    import typing

    from croupier.core.events import registered_event_types

    checked = 0
    for name, cls in registered_event_types().items():
        if not name.startswith("poker.") or cls.__module__ != "croupier.games.poker.events":
            continue
        for field, hint in typing.get_type_hints(cls).items():
            if field != "TYPE":
                assert hint is not tuple, (name, field)
                assert hint is not type, (name, field)
        checked += 1
    assert checked >= 20
