"""Three Card 21 "N" Done's round-file exporter (``croupier.games.threecard21.export``), the
inverse of the reader (docs/round-files/threecard21.md, N.J.A.C. 13:69F-2C).

* Random rounds (random house rules: six to eight decks (2C.2(a)), the dealer's 17 (2C.11(b)),
  a card reader (13:69E-1.10D(f)), surrender (2C.8(c)), the shuffle (2C.4(a)), people sharing
  a spot (2C.12(a)) and wagering on several (2C.13), chip sizes (2C.5(e)); a random setup with
  or without the first burn card (2C.6(c)); cards drawn or keyed as the dealer keys them;
  random legal decisions; and now and then an irregularity of 2A.14 that the round accepts):
  the exported file, with the settlement's ``expect`` block, replays ``ok`` through
  ``croupier replay --check`` to the same wagers, parties and cards, and action for action.
  The format applies an irregularity other than ``spot_missed`` and ``dealer_card_missed``
  right after the preceding action (or after the initial deal), before cards dealt since: one
  recorded after such cards is written there when that changes nothing, otherwise it is one
  line of ``InvalidInput``; nothing else is ever refused.
* A keyed card the shoe no longer holds (six to eight decks: each card that many times,
  2C.2(a)) is refused with its section and changes nothing.
* Hand-made rounds whose files were worked out from the format doc: a three-way split after the
  dealer missed his own first card (2A.14(e), 2C.10, 2C.9); a shared spot with insurance
  (2C.12, 2C.7) and an unexposed card drawn in error mid-deal (2A.14(b)); and a shoe found short
  mid-deal (2A.14(f)), placed by ``after_cards``.

An irregularity is recorded as one of ``Play.irregularities()`` would offer it: the game's
candidates in a random order, the first the round accepts (uniform over the offered ones, at a
fraction of the cost).
"""

from __future__ import annotations

import json
import os
from collections import Counter
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
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.export import round_file
from croupier.games.threecard21.game import GAME, PersonWager, Setup, SpotWagers
from croupier.games.threecard21.replay import card_trace, replay
from croupier.games.threecard21.rules import HouseRules

CI = os.environ.get("CI") == "true"
SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=CI,
)
MAX_ACTIONS = 600
IRREGULAR_PERCENT = 15
SHOE = "N.J.A.C. 13:69F-2C.2(a)"
PlayTC = Play[HouseRules, Setup, Any, Action]

# What the format allows (docs/round-files.md, docs/round-files/threecard21.md).
ENVELOPE = {"format", "game", "title", "description", "rules", "seats", "setup", "shoe", "actions"}
SEAT_KEYS = {"space", "wager", "bonus", "player", "players"}
PERSON_KEYS = {"name", "wager", "bonus", "seated"}
ACTION_KEYS = {
    "action",
    "refused",
    "space",
    "hand",
    "amount",
    "player",
    "others",
    "card",
    "take_late_card",
    "late",
    "supervisor_inspected",
    "device_reveals_hole_card",
    "after_cards",
}
AT_A_DEAL_CARD = (a.SpotMissed, a.DealerCardMissed)


@st.composite
def house_rules(draw: st.DrawFn, min_positions: int = 1) -> dict[str, Any]:
    """House rules data within the rules model."""
    chip = draw(st.sampled_from([25, 100, 500]))
    return {
        "betting_positions": draw(st.integers(min_positions, 6)),
        "decks": draw(st.integers(6, 8)),
        "dealer_seventeen": draw(st.sampled_from(["stands on all 17s", "h17"])),
        "card_reader": draw(st.booleans()),
        "surrender": draw(st.booleans()),
        "shuffle": draw(st.sampled_from(["hand", "automatic", "bart_carter"])),
        "max_persons_per_spot": draw(st.integers(1, 3)),
        "multiple_spots": draw(st.booleans()),
        "table_minimum": 500,
        "table_maximum": draw(st.sampled_from([5_000, 50_000])),
        "smallest_chip": chip,
        "bonus_paytable": "posted",
    }


def _irregularity(play: PlayTC, rng: SeededRng) -> Action | None:
    """Record an irregularity the round accepts now, chosen uniformly (None if none)."""
    candidates = list(GAME.irregularities(play.state))
    while candidates:
        action = candidates.pop(rng.randbelow(len(candidates)))
        try:
            play.apply(action)
        except CroupierError:
            continue
        return action
    return None


def _play(house: HouseRules, setup: Setup, rng: SeededRng, keyed: bool) -> tuple[PlayTC, bool]:
    """A random round; the flag says whether an irregularity the format places by the
    preceding action was recorded after cards dealt since that action."""
    play: PlayTC = Play(GAME, house, setup)
    late = False
    cards_since = 0
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            return play, late
        if rng.randbelow(100) < IRREGULAR_PERCENT:
            recorded = _irregularity(play, rng)
            if recorded is not None:
                late |= cards_since > 0 and not isinstance(recorded, AT_A_DEAL_CARD)
                cards_since = 0
                continue
        if pending.kind is PendingKind.CHANCE:
            drawn = GAME.chance(play.state, rng)
            assert isinstance(drawn, a.Deal)
            play.apply(GAME.keyed(play.state, str(drawn.card)) if keyed else drawn)
            cards_since += 1
            continue
        options = play.legal_actions()
        play.apply(options[rng.randbelow(len(options))])
        cards_since = 0
    raise AssertionError("the round did not end")


def _check_shape(data: dict[str, Any], rules: dict[str, Any], decks: int) -> None:
    """The file is plain JSON with only keys the reader takes, money in whole cents."""
    assert json.loads(json.dumps(data)) == data
    assert set(data) == ENVELOPE
    assert (data["format"], data["game"], data["rules"]) == (
        "croupier.round/1",
        "threecard21",
        rules,
    )
    assert set(data["setup"]) <= {"burn"}
    for seat in data["seats"]:
        assert set(seat) <= SEAT_KEYS
        for person in seat.get("players", [seat]):
            assert set(person) <= PERSON_KEYS | SEAT_KEYS
            assert type(person["wager"]) is int
    counts = Counter(parse_card(c) for c in data["shoe"])
    assert max(counts.values(), default=0) <= decks
    for item in data["actions"]:
        assert set(item) <= ACTION_KEYS
        assert item["action"] != "deal"
        assert "amount" not in item or type(item["amount"]) is int


def _replays(data: dict[str, Any], play: PlayTC) -> list[Action]:
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
def test_13_69f_2c_an_exported_round_replays_to_the_same_settlement(
    rules: dict[str, Any], seed: int, keyed: bool
) -> None:
    house = GAME.parse_rules(rules)
    rng = SeededRng(seed)
    setup = GAME.random_setup(house, rng)
    play, late = _play(house, setup, rng, keyed)
    data = _export(rules, setup, play.log)
    if isinstance(data, InvalidInput):
        # Only an irregularity recorded after cards the format deals after it is refused.
        assert late, data
        assert "\n" not in str(data)
        event("not writable: " + str(data).split(":")[0].removeprefix("round file cannot hold "))
        return
    event("written" + (", an irregularity after cards" if late else ""))
    _check_shape(data, rules, house.decks)
    assert (data["title"], data["description"]) == ("exported", "a live round")
    read = _replays(data, play)
    if not late:
        assert read == play.log


def _wants_a_card(action: Action) -> int:
    """How much a decision asks for cards (splits most, then hits and double-downs; keeping a
    hand over 21 rather than surrendering it)."""
    if isinstance(action, a.Split):
        return 3
    if isinstance(action, a.Hit | a.Double):
        return 2
    return 1 if isinstance(action, a.DeclineSurrender) else 0


@settings(max_examples=20, deadline=None, derandomize=CI)
@given(rules=house_rules(min_positions=3), seed=st.integers(0, 2**32 - 1))
def test_13_69f_2c_2_a_a_keyed_card_the_shoe_no_longer_holds_changes_nothing(
    rules: dict[str, Any], seed: int
) -> None:
    """The dealer keys the same card at every chance move (at least three spots: eleven cards
    in the initial deal, more than eight decks hold of one card); once the round has dealt it
    ``decks`` times, keying it again is refused under 2C.2(a) and the play's log and state are
    unchanged; the round then goes on and exports as usual."""
    house = GAME.parse_rules(rules)
    rng = SeededRng(seed)
    setup = GAME.random_setup(house, rng)
    text = str(Card.from_index(rng.randbelow(52)))
    play: PlayTC = Play(GAME, house, setup)
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
        dealt = sum(1 for x in play.log if isinstance(x, a.Deal) and str(x.card) == text)
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
    return [a.Deal(parse_card(t)) for t in texts]


def _played(rules: dict[str, Any], setup: Setup, actions: list[Action]) -> PlayTC:
    play: PlayTC = Play.rebuilt(GAME, GAME.parse_rules(rules), setup, actions)
    assert play.is_over()
    return play


def _nets(play: PlayTC) -> dict[str, int]:
    """The parties' nets, a party with a net of 0 left out (docs/round-files.md)."""
    return {party: net for party, net in play.settlement().parties.items() if net}


def test_13_69f_2a_14_e_2c_10_a_three_way_split_after_the_dealer_missed_his_first_card() -> None:
    """Worked from docs/round-files/threecard21.md. One spot, 1000. 8h to space 1; the dealer's
    up card is due and missed (2A.14(e), ``card`` 1): the spot's cards are completed, 8d and 8c
    (three of a kind: the bonus pays 5 to 1, 2C.5(b)), then the dealer's 9c up and 7s hole.
    24 with a pair: split three ways (2C.10). Hand 0 (8h) takes 3s, doubles for 1000 (2C.9)
    and takes Tc: 21, paid 1 to 1 at once with its double. Hand 1 (8d) takes 2d, hits 9h: 19,
    stands. Hand 2 (8c) takes Kd: 18, stands. The dealer's 16 draws 5h: 21; hands 1 and 2
    lose. Net: +5000 bonus, +1000 +1000 on hand 0, -1000 -1000 on hands 1 and 2."""
    rules = {"card_reader": True, "surrender": False}
    setup = Setup((SpotWagers(1, (PersonWager(1000),)),))
    actions = [
        *_cards("8h"),
        a.DealerCardMissed(),
        *_cards("8d", "8c", "9c", "7s"),
        a.Split(1),
        *_cards("3s"),
        a.Double(1, 0, 1000),
        *_cards("Tc", "2d"),
        a.Hit(1, 1),
        *_cards("9h"),
        a.Stand(1, 1),
        *_cards("Kd"),
        a.Stand(1, 2),
        *_cards("5h"),
    ]
    play = _played(rules, setup, actions)
    data = round_file(rules, setup, actions, title="t", description="d")
    assert data == {
        "format": "croupier.round/1",
        "game": "threecard21",
        "title": "t",
        "description": "d",
        "rules": {"card_reader": True, "surrender": False},
        "seats": [{"space": 1, "wager": 1000}],
        "setup": {"burn": False},
        "shoe": ["8h", "8d", "8c", "9c", "7s", "3s", "Tc", "2d", "9h", "Kd", "5h"],
        "actions": [
            {"action": "dealer_card_missed", "card": 1},
            {"action": "split", "space": 1},
            {"action": "double", "space": 1, "hand": 0, "amount": 1000},
            {"action": "hit", "space": 1, "hand": 1},
            {"action": "stand", "space": 1, "hand": 1},
            {"action": "stand", "space": 1, "hand": 2},
        ],
    }
    read = _replays(data, play)
    assert read == actions
    assert _nets(play) == {"player:1": 5000, "house": -5000}


def test_13_69f_2c_12_2c_7_2a_14_b_shared_spot_insurance_and_a_card_drawn_in_error() -> None:
    """Space 1: Ann (seated, 1000, calls the decisions, 2C.12(b)) and Bob (500); space 2: 1000.
    Deal (2C.6(d)): 5h 1, Kd 2, Ah dealer up, 4c 1, 2s 2, 6s hole, 9d 1, 5c 2. After the first
    two cards a card was drawn in error, unexposed (2A.14(b)): it is the next card, nothing
    changes; the format applies it where it stands, before those two cards, which changes
    nothing, so it is listed first. Ace up: Ann insures for 500 (2C.7), Bob and space 2
    decline. The reader finds no blackjack (Ann's insurance lost). Both stand; the dealer
    stands on soft 17 (2C.11(b)): 18 wins for Ann and Bob, 17 pushes. No bonus category."""
    rules = {"max_persons_per_spot": 2, "surrender": False}
    setup = Setup(
        (
            SpotWagers(1, (PersonWager(1000, "Ann", seated=True), PersonWager(500, "Bob"))),
            SpotWagers(2, (PersonWager(1000),)),
        )
    )
    actions = [
        *_cards("5h", "Kd"),
        a.UnexposedCardDrawnInError(),
        *_cards("Ah", "4c", "2s", "6s", "9d", "5c"),
        a.Insure(1, 500, "Ann"),
        a.DeclineInsurance(1, "Bob"),
        a.DeclineInsurance(2),
        a.Stand(1, 0),
        a.Stand(2, 0),
    ]
    play = _played(rules, setup, actions)
    data = round_file(rules, setup, actions)
    assert data["seats"] == [
        {
            "space": 1,
            "players": [
                {"name": "Ann", "wager": 1000, "seated": True},
                {"name": "Bob", "wager": 500},
            ],
        },
        {"space": 2, "wager": 1000},
    ]
    assert data["shoe"] == ["5h", "Kd", "Ah", "4c", "2s", "6s", "9d", "5c"]
    assert data["actions"] == [
        {"action": "unexposed_card_drawn_in_error"},
        {"action": "insure", "space": 1, "amount": 500, "player": "Ann"},
        {"action": "decline_insurance", "space": 1, "player": "Bob"},
        {"action": "decline_insurance", "space": 2},
        {"action": "stand", "space": 1, "hand": 0},
        {"action": "stand", "space": 2, "hand": 0},
    ]
    read = _replays(data, play)
    assert read == [actions[2], *actions[:2], *actions[3:]]
    assert _nets(play) == {"player:Ann": -500, "player:2": -1000, "house": 1500}


def test_13_69f_2a_14_f_a_shoe_found_short_mid_deal_is_placed_by_after_cards() -> None:
    """The shoe is found short (2A.14(f)) after the first card of the deal: the next card (4s)
    is burned. Read right after the preceding action (none), the irregularity would burn 9h
    instead; the file places it after the shoe's first card (``after_cards``: 1) and replays to
    the round played (before that key the format could not hold it: it was refused)."""
    rules: dict[str, Any] = {}
    setup = Setup((SpotWagers(1, (PersonWager(1000),)),))
    actions = [
        *_cards("9h"),
        a.InsufficientCards(),
        *_cards("4s", "Td", "5c", "8d", "Kh"),
        a.Stand(1, 0),
    ]
    play = _played(rules, setup, actions)
    data = round_file(rules, setup, actions)
    assert data["shoe"] == ["9h", "4s", "Td", "5c", "8d", "Kh"]
    assert data["actions"][0] == {"action": "insufficient_cards", "after_cards": 1}
    assert _replays(data, play) == play.log


def test_a_round_not_over_or_not_accepted_is_not_written() -> None:
    setup = Setup((SpotWagers(1, (PersonWager(1000),)),))
    with pytest.raises(InvalidInput, match="complete round"):
        round_file({}, setup, _cards("9h", "Td"))
    with pytest.raises(InvalidInput, match="accepts"):
        round_file({}, setup, [a.Stand(1, 0)])


def test_13_69e_2a_14_g_a_spot_missed_at_the_last_card_of_the_deal_ends_the_deal() -> None:
    """A spot that misses the last card of the initial deal and takes no late card is dead, its
    wagers returned (2A.14(g)); the deal is then over and the round goes on to the dealer's
    hand (it used to stay in the deal, asking for a card of an empty deal plan)."""
    from croupier.core.protocol import PendingKind
    from croupier.games.threecard21.game import Setup
    from croupier.games.threecard21.state import PersonWager, SpotWagers

    rules = GAME.parse_rules({})
    setup = Setup((SpotWagers(1, (PersonWager(1000),)),))
    play: PlayTC = Play(GAME, rules, setup)
    for text in ("9h", "5c", "4d", "8s"):  # spot, dealer up, spot, dealer hole (2C.6(d))
        while play.pending.kind is PendingKind.CHANCE and "burn" in play.pending.detail:
            play.apply(GAME.keyed(play.state, "2c"))
        play.apply(GAME.keyed(play.state, text))
    assert play.pending.kind is PendingKind.CHANCE
    assert play.pending.seat == 1  # the third card of spot 1 is due
    play.apply(a.SpotMissed(1, take_late_card=False))
    assert play.pending.kind is not PendingKind.CHANCE or play.pending.seat is None
    while play.pending.kind is PendingKind.CHANCE:
        play.apply(GAME.keyed(play.state, "Tc"))
    assert play.is_over()
    returned = [w for w in play.settlement().wagers if w.space == 1]
    assert returned
    assert all(w.result.value == "returned" and w.net == 0 for w in returned)
