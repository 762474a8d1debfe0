"""Twenty-one's round-file exporter (``croupier.games.twentyone.export.round_file``), the inverse
of the reader (docs/round-files/twentyone.md, 99-01.3-08).

* Random rounds (random house rules: every dealing method of -10.1, four to eight decks
  (-02.3), soft 17 (-11.10.g), double-down options (-09.2.d), insurance and even money
  (-09.2.b), tip bets (-09.2.a); a random setup, sometimes with the first burn card skipped
  (-12.13) or an unlawful amount accepted (-12.11); cards drawn or keyed as the dealer keys
  them; random legal decisions; and now and then a dealing mistake the dealer's console offers
  (-12)): the exported file, with the settlement's ``expect`` block, replays ``ok`` through
  ``croupier replay --check``, to the same wagers, parties and cards, and action for action.
  The one thing the format cannot name is a burn card: a mistake recorded while a burn card
  was owed is written after it when that changes nothing, otherwise it is one line of
  ``InvalidInput``; nothing else is ever refused.
* A keyed card the shoe no longer holds (a shoe of ``decks`` decks holds each card ``decks``
  times, -02.3) is refused with its section and changes nothing.
* Hand-made rounds whose files were worked out from the format doc: a split, a double-down and
  a card found face up before a split hand's card; insurance refused to one space, the dealer
  standing on soft 17 and drawing on it in error; two cards found face up in a row; and a
  dropped burn card, which the format cannot hold.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from tests.property.exported import replays_to

from croupier.core.cards import Card, parse_card
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.roundfile import parse_round_text
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager, decide
from croupier.games.twentyone.export import round_file
from croupier.games.twentyone.game import GAME, Setup
from croupier.games.twentyone.roundfile import card_trace, replay
from croupier.games.twentyone.rules import HouseRules

K = ActionKind
CI = os.environ.get("CI") == "true"
SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=CI,
)
MAX_ACTIONS = 600
IRREGULAR_PERCENT = 15
SHOE = "99-01.3-08-02.3"
Play21 = Play[HouseRules, Setup, Any, Action]

# What the format allows (docs/round-files.md, docs/round-files/twentyone.md).
ENVELOPE = {"format", "game", "title", "description", "rules", "seats", "setup", "shoe", "actions"}
SEAT_KEYS = {"space", "player", "wager", "tip", "unlawful"}
SETUP_KEYS = {"dealer_first_card", "device_malfunction", "no_burn_at_start"}
ACTION_KEYS = {"action", "space", "hand", "amount", "tip_amount", "exposed", "before", "refused"}
ANCHOR_KEYS = {"space", "hand", "card", "dealer"}
NOT_LISTED = {"bet", "card", "deal", "no-burn-at-start"}


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    """House rules data within the rules model: the dealing method and its fallback (-10.1),
    decks (-02.3), soft 17 (-11.10.g), wager limits (-09.1), insurance and even money
    (-09.2.b), tip bets and tip double-downs (-09.2.a, d), double-down for less (-09.2.d)."""
    tips = draw(st.booleans())
    insurance = draw(st.booleans())
    return {
        "decks": draw(st.sampled_from([4, 6, 8])),
        "dealing_method": draw(
            st.sampled_from(
                ["hole-card-no-peek", "no-hole-card", "hole-card-with-card-reading-device"]
            )
        ),
        "device_fallback_method": draw(st.sampled_from(["hole-card-no-peek", "no-hole-card"])),
        "dealer_hits_soft_17": draw(st.booleans()),
        "minimum_wager": draw(st.sampled_from([100, 200, 300])),
        "maximum_wager": draw(st.sampled_from([500, 1000, 2500])),
        "insurance_permitted": insurance,
        "even_money_offered": insurance and draw(st.booleans()),
        "tip_betting_permitted": tips,
        "double_down": draw(st.sampled_from(["equal", "equal-or-less"])),
        "tip_double_down": draw(st.sampled_from(["not-permitted", "equal", "equal-or-less"]))
        if tips
        else "not-permitted",
    }


def _setup(house: HouseRules, rng: SeededRng) -> Setup:
    """``GAME.random_setup``, now and then with the first burn card skipped (-12.13) or one
    unlawful amount accepted (-12.11: an odd amount, the fifty-cent case, or over the
    maximum)."""
    setup = GAME.random_setup(house, rng)
    if rng.randbelow(5) == 0:
        setup = replace(setup, no_burn_at_start=True)
    if rng.randbelow(6) == 0:
        first = setup.wagers[0]
        amount = (50, 550, house.maximum_wager + 250)[rng.randbelow(3)]
        wagers = (replace(first, wager=amount, unlawful=True), *setup.wagers[1:])
        setup = replace(setup, wagers=wagers)
    return setup


def _play(house: HouseRules, setup: Setup, rng: SeededRng, keyed: bool) -> tuple[Play21, bool]:
    """A random round: chance from ``rng`` (keyed as text when ``keyed``), random legal
    decisions, and an offered dealing mistake at about one step in seven. The flag says
    whether a mistake was recorded while a burn card was owed (the moment the format cannot
    name)."""
    play: Play21 = Play(GAME, house, setup)
    before_burn = False
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            return play, before_burn
        if rng.randbelow(100) < IRREGULAR_PERCENT:
            offered = play.irregularities()
            if offered:
                target = play.state.chance_target()
                before_burn |= target is not None and target.recipient == "burn"
                play.apply(offered[rng.randbelow(len(offered))][0])
                continue
        if pending.kind is PendingKind.CHANCE:
            drawn = GAME.chance(play.state, rng)
            play.apply(GAME.keyed(play.state, str(drawn.card)) if keyed else drawn)
            continue
        options = play.legal_actions()
        play.apply(options[rng.randbelow(len(options))])
    raise AssertionError("the round did not end")


def _check_shape(data: dict[str, Any], rules: dict[str, Any], decks: int) -> None:
    """The file is plain JSON with only keys the reader takes, money in whole cents."""
    assert json.loads(json.dumps(data)) == data
    assert set(data) == ENVELOPE
    assert (data["format"], data["game"], data["rules"]) == ("croupier.round/1", "twentyone", rules)
    assert set(data["setup"]) <= SETUP_KEYS
    for seat in data["seats"]:
        assert set(seat) <= SEAT_KEYS
        assert all(type(seat[k]) is int for k in ("space", "wager", "tip") if k in seat)
    counts = Counter(parse_card(c) for c in data["shoe"])
    assert len(data["shoe"]) <= 52 * decks
    assert max(counts.values(), default=0) <= decks
    for item in data["actions"]:
        assert set(item) <= ACTION_KEYS
        assert item["action"] not in NOT_LISTED
        assert all(type(item[k]) is int for k in ("amount", "tip_amount") if k in item)
        before = item.get("before")
        if isinstance(before, dict):
            assert set(before) <= ANCHOR_KEYS
        else:
            assert before is None or before == "end" or type(before) is int


def _as_read(action: Action) -> Action:
    """A decision's hand defaults to 0 in a round file."""
    if action.kind.is_decision and action.hand is None:
        return replace(action, hand=0)
    return action


def _replays(data: dict[str, Any], play: Play21) -> list[Action]:
    """The exported file, with the settlement's ``expect``, replays ``ok`` to the same wagers,
    parties and cards; the actions the reader took from it."""
    text, report = replays_to(data, play.settlement())
    assert report.settlement.details["trace"] == card_trace(play.events)
    return GAME.actions_from_events(replay(parse_round_text(text)).events)


def _export(
    rules: dict[str, Any], setup: Setup, log: list[Action]
) -> dict[str, Any] | InvalidInput:
    """The exported file, or the ``InvalidInput`` saying what the format cannot hold."""
    try:
        return round_file(rules, setup, log, title="exported", description="a live round")
    except InvalidInput as refused:
        return refused


@SETTINGS
@given(rules=house_rules(), seed=st.integers(0, 2**32 - 1), keyed=st.booleans())
def test_99_01_3_08_11_17_an_exported_round_replays_to_the_same_settlement(
    rules: dict[str, Any], seed: int, keyed: bool
) -> None:
    house = GAME.parse_rules(rules)
    rng = SeededRng(seed)
    setup = _setup(house, rng)
    play, before_burn = _play(house, setup, rng, keyed)
    data = _export(rules, setup, play.log)
    if isinstance(data, InvalidInput):
        # Only a mistake recorded before a burn card may be beyond the format.
        assert before_burn, data
        assert "\n" not in str(data)
        event("not writable: " + str(data).split(":")[0].removeprefix("round file cannot hold "))
        return
    event("written" + (", a mistake recorded before a burn card" if before_burn else ""))
    _check_shape(data, rules, house.decks)
    assert (data["title"], data["description"]) == ("exported", "a live round")
    read = _replays(data, play)
    if not before_burn:
        meant = [a for a in play.log if a.kind not in (K.BET, K.NO_BURN_AT_START)]
        assert [_as_read(a) for a in read] == [_as_read(a) for a in meant]


def _wants_a_card(action: Action) -> int:
    """How much a decision asks for cards (splits most, then hits and double-downs)."""
    return {K.SPLIT: 3, K.HIT: 2, K.DOUBLE: 2, K.SECOND_CARD: 2}.get(action.kind, 0)


@settings(max_examples=25, deadline=None, derandomize=CI)
@given(rules=house_rules(), seed=st.integers(0, 2**32 - 1))
def test_99_01_3_08_02_3_a_keyed_card_the_shoe_no_longer_holds_changes_nothing(
    rules: dict[str, Any], seed: int
) -> None:
    """The dealer keys the same card at every chance move (the players asking for cards); once
    the round has dealt it ``decks`` times, keying it again is refused under -02.3, and the
    play's log and state are unchanged; the round then goes on and exports as usual."""
    house = GAME.parse_rules(rules)
    rng = SeededRng(seed)
    setup = GAME.random_setup(house, rng)
    text = str(Card.from_index(rng.randbelow(52)))
    play: Play21 = Play(GAME, house, setup)
    refused = False
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            break
        if pending.kind is not PendingKind.CHANCE:
            options = list(play.legal_actions())
            most = max(_wants_a_card(o) for o in options)
            wanted = [o for o in options if _wants_a_card(o) == most]
            play.apply(wanted[rng.randbelow(len(wanted))])
            continue
        dealt = sum(1 for a in play.log if a.kind is K.CARD and str(a.card) == text)
        if dealt < house.decks:
            play.apply(GAME.keyed(play.state, text))
            continue
        before = (GAME.snapshot(play.state), list(play.log), play.pending)
        with pytest.raises(RuleViolation) as caught:
            play.apply(GAME.keyed(play.state, text))
        assert caught.value.section == SHOE
        assert (GAME.snapshot(play.state), list(play.log), play.pending) == before
        refused = True
        play.apply(GAME.chance(play.state, rng))
    assert refused, f"{text} was never dealt {house.decks} times"
    _replays(round_file(rules, setup, play.log), play)


# -- hand-made rounds ---------------------------------------------------------------------------


def _cards(*texts: str) -> list[Action]:
    return [Action(K.CARD, card=parse_card(t)) for t in texts]


def _played(rules: dict[str, Any], setup: Setup, actions: list[Action]) -> Play21:
    play: Play21 = Play.rebuilt(GAME, GAME.parse_rules(rules), setup, actions)
    assert play.is_over()
    return play


def _nets(play: Play21) -> dict[str, int]:
    """The parties' nets, a party with a net of 0 left out (docs/round-files.md)."""
    return {party: net for party, net in play.settlement().parties.items() if net}


def test_99_01_3_08_09_2_c_d_12_1_split_double_and_a_face_up_card_before_a_split_hand() -> None:
    """Worked from docs/round-files/twentyone.md. Deal (-10.1.a): 8h space 1, 6c dealer up, 8d
    space 1, Td hole. Split (-09.2.c): hand 0 (8h) takes 3c, doubles and takes 9s (20); hand 1
    (8d) is owed its second card, and a card is found face up in the shoe (-12.1): burned (5s).
    Hand 1 takes Tc (18), stands. Dealer 16 turns and hits 7h: 23, busts (-11.10.h). The mistake
    happened just before hand 1's second card: ``before`` names that card."""
    rules = {"decks": 6, "dealing_method": "hole-card-no-peek"}
    setup = Setup((SeatWager(1, 1000),))
    actions = [
        Action(K.DEAL),
        *_cards("8h", "6c", "8d", "Td"),
        decide(K.SPLIT, 1, 0),
        *_cards("3c"),
        decide(K.DOUBLE, 1, 0),
        *_cards("9s"),
        Action(K.CARD_FACE_UP_IN_SHOE),
        *_cards("5s", "Tc"),
        decide(K.STAND, 1, 1),
        *_cards("7h"),
    ]
    play = _played(rules, setup, actions)
    data = round_file(rules, setup, actions, title="t", description="d")
    assert data == {
        "format": "croupier.round/1",
        "game": "twentyone",
        "title": "t",
        "description": "d",
        "rules": {"decks": 6, "dealing_method": "hole-card-no-peek"},
        "seats": [{"space": 1, "wager": 1000}],
        "setup": {
            "dealer_first_card": "up",
            "device_malfunction": False,
            "no_burn_at_start": False,
        },
        "shoe": ["8h", "6c", "8d", "Td", "3c", "9s", "5s", "Tc", "7h"],
        "actions": [
            {"action": "split", "space": 1, "hand": 0},
            {"action": "double", "space": 1, "hand": 0},
            {"action": "card-face-up-in-shoe", "before": {"space": 1, "hand": 1, "card": 2}},
            {"action": "stand", "space": 1, "hand": 1},
        ],
    }
    _replays(data, play)
    # Worked by hand: hand 0 (20, doubled) and hand 1 (18) win against the dealer's 23.
    assert _nets(play) == {"player:1": 3000, "house": -3000}


def test_99_01_3_08_12_5_12_10_insurance_not_offered_and_drawing_on_17_are_anchored() -> None:
    """No-hole-card (-10.1.b), S17. Th space 1, 9c space 2, As dealer up, 7d space 1, Kh space
    2. Space 1 declines insurance; space 2 is never asked (-12.5): the round waits for space 2's
    answer, so ``before`` is the index of the next decision (space 1's stand, 2). Both stand;
    the dealer's second card 6s makes soft 17, which stands; the dealer then draws 4c in error
    (-12.10): burned, ``before: "end"``. Space 1 (17) pushes, space 2 (19) wins."""
    rules = {"dealing_method": "no-hole-card", "decks": 4}
    setup = Setup((SeatWager(1, 1000), SeatWager(2, 500)))
    actions = [
        Action(K.DEAL),
        *_cards("Th", "9c", "As", "7d", "Kh"),
        Action(K.NO_INSURANCE, 1),
        Action(K.INSURANCE_NOT_OFFERED, space=2),
        decide(K.STAND, 1, 0),
        decide(K.STAND, 2, 0),
        *_cards("6s"),
        Action(K.DEALER_DREW_ON_17),
        *_cards("4c"),
    ]
    play = _played(rules, setup, actions)
    data = round_file(rules, setup, actions)
    assert data["seats"] == [{"space": 1, "wager": 1000}, {"space": 2, "wager": 500}]
    assert data["shoe"] == ["Th", "9c", "As", "7d", "Kh", "6s", "4c"]
    assert data["actions"] == [
        {"action": "no-insurance", "space": 1},
        {"action": "insurance-not-offered", "space": 2, "before": 2},
        {"action": "stand", "space": 1, "hand": 0},
        {"action": "stand", "space": 2, "hand": 0},
        {"action": "dealer-drew-on-17", "before": "end"},
    ]
    _replays(data, play)
    assert _nets(play) == {"player:2": 500, "house": -500}


def _face_up_twice(second: ActionKind) -> tuple[dict[str, Any], Setup, list[Action]]:
    """Th space 1, 6c dealer up, 9d space 1, Td hole; while space 1 decides, a card is found
    face up in the shoe (-12.1); before that burn card leaves the shoe, ``second`` is recorded;
    then two burned cards (5s, 4s), space 1 stands and the dealer's 16 draws 8h."""
    rules = {"dealing_method": "hole-card-no-peek"}
    setup = Setup((SeatWager(1, 1000, 100, "ann"),))
    actions = [
        Action(K.DEAL),
        *_cards("Th", "6c", "9d", "Td"),
        Action(K.CARD_FACE_UP_IN_SHOE),
        Action(second),
        *_cards("5s", "4s"),
        decide(K.STAND, 1, 0),
        *_cards("8h"),
    ]
    return rules, setup, actions


def test_99_01_3_08_12_1_a_second_face_up_card_before_the_burn_card_is_written_after_it() -> None:
    """The format cannot name a burn card: the second card found face up is written after the
    first burn card, at the same decision (both ``before`` 2, the stand). The same cards are
    burned and the round is the same: space 1 (19) wins, its tip bet too (-09.2.a)."""
    rules, setup, actions = _face_up_twice(K.CARD_FACE_UP_IN_SHOE)
    play = _played(rules, setup, actions)
    data = round_file(rules, setup, actions)
    assert data["seats"] == [{"space": 1, "player": "ann", "wager": 1000, "tip": 100}]
    assert data["shoe"] == ["Th", "6c", "9d", "Td", "5s", "4s", "8h"]
    assert data["actions"] == [
        {"action": "card-face-up-in-shoe", "before": 2},
        {"action": "card-face-up-in-shoe", "before": 2},
        {"action": "stand", "space": 1, "hand": 0},
    ]
    _replays(data, play)
    assert _nets(play) == {"player:ann": 900, "house": -1100, "tips": 200}


def test_99_01_3_08_12_6_a_dropped_burn_card_is_beyond_the_format() -> None:
    """A card dropped (-12.6) while the burn card of a card found face up is owed: after that
    burn card the round owes no card, so a dropped card cannot be recorded there. One line of
    ``InvalidInput`` naming the mistake."""
    rules, setup, actions = _face_up_twice(K.CARD_DROPPED)
    _played(rules, setup, actions)
    with pytest.raises(InvalidInput, match="card-dropped") as caught:
        round_file(rules, setup, actions)
    assert "\n" not in str(caught.value)


def test_a_round_not_over_or_not_accepted_is_not_written() -> None:
    rules = {"dealing_method": "hole-card-no-peek"}
    setup = Setup((SeatWager(1, 1000),))
    with pytest.raises(InvalidInput, match="complete round"):
        round_file(rules, setup, [Action(K.DEAL), *_cards("Th", "6c")])
    with pytest.raises(CroupierError):
        round_file(rules, setup, [decide(K.STAND, 1, 0)])
