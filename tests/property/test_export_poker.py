"""Poker's round-file exporter (``croupier.games.poker.export.round_file``), the inverse of the
reader (docs/round-files/poker.md, 99-01.3-09).

* Random hands (random table rules, a random setup, cards drawn or keyed as the dealer keys
  them, random legal decisions, and now and then an irregularity: an offered misdeal (-04.13),
  a card exposed in the deal (-04.12), a card improperly faced in the deck (-04.22), a fouled
  hand (-04.18 to -04.20), an absent player arriving (-05.11), a hand exposed to another player
  (-04.21), a short call found (-04.16), chips pushed forward (-04.17), binding statements
  (-04.15), a defective deck (-04.28), discards at the showdown (-04.24)): the exported file,
  with the settlement's ``expect`` block, replays ``ok`` through ``croupier replay --check``,
  to the same wagers and parties, and action for action.
* A keyed card already dealt in the hand (one 52-card deck, -04.2) is refused and changes
  nothing.
* Hand-made hands whose files and settlements were worked out from the format doc: a showdown
  with a side pot (-05.7, -04.23) and a hand won without a showdown after an exposed card.
* What the format cannot write is one line of ``InvalidInput``.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st
from tests.property.exported import replays_to

from croupier.core.cards import parse_card
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.poker.actions import Action, ActionKind, Statement
from croupier.games.poker.export import round_file
from croupier.games.poker.game import GAME, Setup, choose_sized
from croupier.games.poker.roundfile import replay
from croupier.games.poker.table import SeatSpec
from croupier.games.roundfile import expect_block, parse_round
from croupier.service.games.replay import replay_text

# CI replays one fixed sequence of examples (as tests/books does).
CI = os.environ.get("CI") == "true"
SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=CI,
)
MAX_ACTIONS = 600
DECK = "99-01.3-09-04.2"


@st.composite
def table_rules(draw: st.DrawFn) -> dict[str, Any]:
    """Table rules in cents (or tournament chips) within what the rules model allows: the
    variant (-05.5, -05.6), nontournament limits (-01) or a tournament structure (-03.4, -05.8),
    blinds and antes (-02.6, -04.9), the raise cap and floor (-06.1.e, f), the burn procedure
    (-04.14), the odd chip (-04.27) and the table size (-05.2)."""
    data: dict[str, Any] = {
        "variant": draw(st.sampled_from(["holdem", "omaha", "omaha-hilo"])),
        "minimum_raise": draw(st.sampled_from(["original-bet", "last-raise"])),
        "burn": draw(st.sampled_from(["before-each-deal", "after-each-betting-round"])),
        "max_players": draw(st.integers(2, 11)),
    }
    big = draw(st.sampled_from([0, 10, 20, 50, 100]))
    data["big_blind"] = big
    data["small_blind"] = draw(st.sampled_from([0, big // 2, big])) if big else 0
    if draw(st.booleans()):
        maximum = draw(st.sampled_from([50, 75, 100]))
        data |= {
            "structure": "nontournament",
            "tournament": False,
            "maximum_bet": maximum,
            "minimum_bet": draw(st.sampled_from([25, maximum])),
            "ante": draw(st.sampled_from([0, 0, 5, 25])),
            "max_raises": draw(st.integers(0, 3)),
            "odd_chip_unit": draw(st.sampled_from([1, 5, 25])),
            "fee_per_half_hour": draw(st.sampled_from([100, 150, 200])),
        }
        return data
    structure = draw(st.sampled_from(["fixed-limit", "pot-limit", "no-limit"]))
    data |= {
        "structure": structure,
        "tournament": True,
        "ante": draw(st.sampled_from([0, 0, 5, 10])),
        "ante_payer": draw(st.sampled_from(["every-player", "big-blind"])),
        "max_raises": draw(st.none() | st.integers(0, 3)),
        "odd_chip_unit": draw(st.sampled_from([1, 5])),
        "minimum_bet": max(big, 10),
    }
    if structure == "fixed-limit":
        small = draw(st.sampled_from([10, 20, 50]))
        data |= {"small_bet": small, "big_bet": 2 * small}
        if draw(st.booleans()):
            data["table_limit"] = 2 * small
    elif draw(st.booleans()):
        data["table_limit"] = draw(st.sampled_from([100, 500, 5000]))
    return data


def _irregularity(play: Play[Any, Any, Any, Any], rng: SeededRng, dealing: bool) -> bool:
    """Record an irregularity now: one the console offers (a misdeal, -04.13), else one that
    names a seat or its act, tried through ``Play`` (a refusal changes nothing). While a card
    is due only those of the deal (and a defective deck, which ends the hand) are tried."""
    offered = play.irregularities()
    if offered and rng.randbelow(6) == 0:
        play.apply(offered[rng.randbelow(len(offered))][0])
        return True
    hand = play.state
    seats = [p.seat for p in hand.players]
    seat = seats[rng.randbelow(len(seats))]
    other = seats[rng.randbelow(len(seats))]
    acting = play.pending.seat if play.pending.seat is not None else seat
    called = next(
        (a.seat for a in reversed(play.log) if a.kind in (ActionKind.CALL, ActionKind.CARD)),
        None,
    )
    chips = 1 + rng.randbelow(120)
    fouled = Action(
        ActionKind.FOULED_HAND, seat, cards=rng.randbelow(6), intentional=rng.randbelow(3) == 0
    )
    candidates = [
        Action(ActionKind.EXPOSED_CARD, seat),
        Action(ActionKind.ARRIVE, seat),
        fouled,
        Action(ActionKind.DEFECTIVE_DECK, seats=tuple(sorted({seat, other}))[: rng.randbelow(3)]),
    ]
    if not dealing:
        candidates += [
            Action(ActionKind.EXPOSE_HAND, seat, seats=(other,)),
            Action(ActionKind.IMPROPER_BET, called or seat, amount=1 + rng.randbelow(50)),
            Action(
                ActionKind.WAGER,
                acting,
                amount=chips,
                single_chip=rng.randbelow(3) == 0,
                announced_raise=rng.randbelow(3) == 0,
            ),
            Action(
                ActionKind.STATE,
                acting,
                statement=list(Statement)[rng.randbelow(len(Statement))],
                amount=chips if rng.randbelow(2) else 0,
            ),
            Action(
                ActionKind.MUCK,
                acting,
                face_up=rng.randbelow(2) == 0,
                identifiable=rng.randbelow(2) == 0,
            ),
            Action(ActionKind.RETRIEVE, seat, induced=rng.randbelow(2) == 0),
        ]
    weights = [3, 2, 3, 1] + [4] * (len(candidates) - 4)
    pick = rng.randbelow(sum(weights))
    for candidate, weight in zip(candidates, weights, strict=True):
        if pick < weight:
            try:
                play.apply(candidate)
            except CroupierError:
                return False
            return True
        pick -= weight
    return False  # pragma: no cover


def _play(
    rules: Any, setup: Setup, rng: SeededRng, keyed: bool, irregular: bool
) -> Play[Any, Any, Any, Any]:
    """One hand: cards drawn (or keyed by their text), sometimes improperly faced; decisions
    uniform among the kinds of move and sizes (``choose_sized``); about 15% of the moves an
    irregularity instead when ``irregular``."""
    play = Play(GAME, rules, setup)
    for _ in range(MAX_ACTIONS):
        pending = play.pending
        if pending.kind is PendingKind.NONE:
            return play
        dealing = pending.kind is PendingKind.CHANCE
        if irregular and rng.randbelow(100) < 15 and _irregularity(play, rng, dealing):
            continue
        if dealing:
            if play.state.seen.bit_count() == 52:  # faced and exposed cards used up the deck
                reject()
            drawn = GAME.chance(play.state, rng)
            if irregular and rng.randbelow(25) == 0:
                play.apply(Action(ActionKind.CARD, card=drawn.card, faced=True))
            elif keyed:
                play.apply(GAME.keyed(play.state, str(drawn.card)))
            else:
                play.apply(drawn)
            continue
        play.apply(choose_sized(play.legal_actions(), rng))
    raise AssertionError("the hand did not end")


def _replays_the_same(rules_data: dict[str, Any], play: Play[Any, Any, Any, Any]) -> None:
    data = round_file(rules_data, play.setup, play.log, title="exported", description="random")
    text, _report = replays_to(data, play.settlement())
    # action for action, cards included (the replay's events rebuild its actions)
    replayed = replay(parse_round(json.loads(text)))
    assert GAME.actions_from_events(replayed.events) == play.log


@SETTINGS
@given(
    rules_data=table_rules(),
    seed=st.integers(0, 2**32 - 1),
    keyed=st.booleans(),
    irregular=st.booleans(),
)
def test_99_01_3_09_04_13_exported_hand_replays_to_the_same_settlement(
    rules_data: dict[str, Any], seed: int, keyed: bool, irregular: bool
) -> None:
    rules = GAME.parse_rules(rules_data)
    rng = SeededRng(seed)
    setup = GAME.random_setup(rules, rng)
    if rng.randbelow(3) == 0:  # named players: their parties are player:<name>
        setup = Setup(
            tuple(SeatSpec(s.seat, s.stack, f"p{s.seat}", s.absent) for s in setup.seats),
            setup.button,
        )
    play = _play(rules, setup, rng, keyed, irregular)
    kinds = {a.kind.value for a in play.log if a.kind is not ActionKind.CARD}
    faced = any(a.faced for a in play.log)
    event(f"irregular {irregular}: phase {play.settlement().details['phase']}")
    for kind in sorted(kinds - {"fold", "check", "call", "bet", "raise", "show", "muck"}):
        event(f"recorded {kind}")
    if faced:
        event("recorded a faced card")
    _replays_the_same(rules_data, play)


@settings(max_examples=25, deadline=None, derandomize=CI)
@given(rules_data=table_rules(), seed=st.integers(0, 2**32 - 1))
def test_99_01_3_09_04_2_keyed_card_already_dealt_changes_nothing(
    rules_data: dict[str, Any], seed: int
) -> None:
    """Key, at every card due, one already dealt in this hand (a deck holds each card once):
    refused under -04.2, nothing changes; then the card drawn is keyed and the hand goes on."""
    rules = GAME.parse_rules(rules_data)
    rng = SeededRng(seed)
    play = Play(GAME, rules, GAME.random_setup(rules, rng))
    tried = 0
    while play.pending.kind is not PendingKind.NONE:
        if play.pending.kind is not PendingKind.CHANCE:
            play.apply(choose_sized(play.legal_actions(), rng))
            continue
        dealt = [a.card for a in play.log if a.kind is ActionKind.CARD]
        if dealt:
            before = (GAME.snapshot(play.state), list(play.log), list(play.events))
            again = dealt[rng.randbelow(len(dealt))]
            with pytest.raises(RuleViolation) as refused:
                play.apply(GAME.keyed(play.state, str(again)))
            assert refused.value.section == DECK
            assert (GAME.snapshot(play.state), list(play.log), list(play.events)) == before
            tried += 1
        play.apply(GAME.keyed(play.state, str(GAME.chance(play.state, rng).card)))
    assert tried
    _replays_the_same(rules_data, play)


# -- hand-made hands ------------------------------------------------------------------------


def _card(text: str, faced: bool = False) -> Action:
    return Action(ActionKind.CARD, card=parse_card(text), faced=faced)


def _wager(seat: int, stake: int, result: str, net: int, player: str | None = None) -> Any:
    out: dict[str, Any] = {
        "space": seat,
        "hand": 0,
        "kind": "pot",
        "stake": stake,
        "result": result,
        "net": net,
    }
    if player is not None:
        out["player"] = player
    return out


SIDE_POT_RULES = {
    "tournament": True,
    "structure": "no-limit",
    "small_blind": 5,
    "big_blind": 10,
    "minimum_bet": 10,
    "minimum_raise": "last-raise",
    "max_raises": None,
    "odd_chip_unit": 1,
}


def test_99_01_3_09_05_7_exported_showdown_with_a_side_pot_matches_the_doc() -> None:
    """Stacks 100/300/300, button seat 3: seat 1 posts the small blind, seat 2 ("bo") the big
    blind; hole cards one at a time clockwise from seat 1 (-04.7); the fourth card of the deal
    comes out improperly faced (9d, dead, -04.22). Seat 3 raises all in to 300, seat 1 calls
    all in for 100, seat 2 calls all in. Main pot 3x100 = 300, side pot 2x200 = 400 (seats 2
    and 3). Shown in order: seat 3 (the raiser), then by chips in, side pot first: 2, then 1
    (-04.23). Board 7d Jc 4h 5s Tc: aces (seat 1) take the main pot, kings (seat 2) the side
    pot over queens (seat 3)."""
    setup = Setup((SeatSpec(1, 100), SeatSpec(2, 300, "bo"), SeatSpec(3, 300)), 3)
    log = [
        _card("As"),
        _card("Ks"),
        _card("Qs"),
        _card("9d", faced=True),
        _card("Ah"),
        _card("Kh"),
        _card("Qh"),
        Action(ActionKind.RAISE, 3, amount=300),
        Action(ActionKind.CALL, 1),
        Action(ActionKind.CALL, 2),
    ]
    play = Play.rebuilt(GAME, GAME.parse_rules(SIDE_POT_RULES), setup, log)
    for seat in (3, 2, 1):  # the hands are shown, then the board is dealt
        play.apply(Action(ActionKind.SHOW, seat))
    for text in ("2c", "7d", "Jc", "4h", "3c", "5s", "6c", "Tc"):
        play.apply(_card(text))
    assert GAME.is_over(play.state)
    data = round_file(SIDE_POT_RULES, setup, play.log, title="side pot")
    assert data["format"] == "croupier.round/1"
    assert data["game"] == "poker"
    assert (data["title"], data["description"]) == ("side pot", "")
    assert data["rules"] == SIDE_POT_RULES
    assert data["setup"] == {"button": 3}
    assert data["seats"] == [
        {"seat": 1, "stack": 100},
        {"seat": 2, "stack": 300, "player": "bo"},
        {"seat": 3, "stack": 300},
    ]
    assert data["shoe"] == [
        "As", "Ks", "Qs", "9d", "Ah", "Kh", "Qh",
        "2c", "7d", "Jc", "4h", "3c", "5s", "6c", "Tc",
    ]  # fmt: skip
    assert data["actions"] == [
        {"action": "deal", "cards": 3},
        {"action": "faced-card"},
        {"action": "raise", "seat": 3, "amount": 300},
        {"action": "call", "seat": 1},
        {"action": "call", "seat": 2},
        {"action": "show", "seat": 3},
        {"action": "show", "seat": 2},
        {"action": "show", "seat": 1},
    ]
    data["expect"] = {
        "wagers": [
            _wager(1, 100, "win", 300 - 100),
            _wager(2, 300, "win", 400 - 300, "bo"),
            _wager(3, 300, "lose", -300),
        ],
        "parties": {"player:1": 200, "player:bo": 100, "player:3": -300, "house": 0},
        "stacks": {"1": 300, "2": 400, "3": 0},
        "board": ["7d", "Jc", "4h", "5s", "Tc"],
        "showing_order": [3, 2, 1],
        "excess_returned": {},
        "trace": [
            "As seat 1", "Ks seat 2", "Qs seat 3", "9d dead", "Ah seat 1", "Kh seat 2",
            "Qh seat 3", "2c burn", "7d board", "Jc board", "4h board", "3c burn", "5s board",
            "6c burn", "Tc board",
        ],
    }  # fmt: skip
    report = replay_text(json.dumps(data), check=True)
    assert report.ok, report.differences
    assert dict(play.settlement().parties) == data["expect"]["parties"]


def test_99_01_3_09_04_12_exported_hand_won_without_a_showdown_matches_the_doc() -> None:
    """Default rules (blinds 25/50, $1 bets), stacks 1000, button seat 3: seat 1 small blind,
    seat 2 big blind. Seat 2's first card (Ah) is exposed as it is dealt: it is dead and
    replaced after the round of dealing (-04.12). Seat 3 raises to 100, seats 1 and 2 fold:
    seat 3's 50 that nobody called is returned (-05.7), so it stakes 50 and wins the pot of
    25 + 50 + 50 = 125: +75; seat 1 -25, seat 2 -50. No showdown."""
    setup = Setup((SeatSpec(1, 1000), SeatSpec(2, 1000), SeatSpec(3, 1000)), 3)
    play = Play(GAME, GAME.parse_rules({}), setup)
    for action in [
        _card("2c"),
        _card("Ah"),
        Action(ActionKind.EXPOSED_CARD, 2),
        _card("4c"),
        _card("2d"),
        _card("3d"),
        _card("4d"),
        _card("Kh"),
        Action(ActionKind.RAISE, 3, amount=100),
        Action(ActionKind.FOLD, 1),
        Action(ActionKind.FOLD, 2),
    ]:
        play.apply(action)
    assert GAME.is_over(play.state)
    data = round_file({}, setup, play.log)
    assert data["rules"] == {}
    assert data["setup"] == {"button": 3}
    assert data["seats"] == [{"seat": s, "stack": 1000} for s in (1, 2, 3)]
    assert data["shoe"] == ["2c", "Ah", "4c", "2d", "3d", "4d", "Kh"]
    assert data["actions"] == [
        {"action": "deal", "cards": 2},
        {"action": "exposed-card", "seat": 2},
        {"action": "raise", "seat": 3, "amount": 100},
        {"action": "fold", "seat": 1},
        {"action": "fold", "seat": 2},
    ]
    data["expect"] = {
        "wagers": [
            _wager(1, 25, "lose", -25), _wager(2, 50, "lose", -50), _wager(3, 50, "win", 75),
        ],
        "parties": {"player:1": -25, "player:2": -50, "player:3": 75, "house": 0},
        "stacks": {"1": 975, "2": 950, "3": 1075},
        "showing_order": [],
        "excess_returned": {"3": 50},
        "trace": [
            "2c seat 1", "Ah seat 2", "4c seat 3", "2d seat 1", "3d seat 2", "4d seat 3",
            "Kh seat 2 replacement",
        ],
    }  # fmt: skip
    report = replay_text(json.dumps(data), check=True)
    assert report.ok, report.differences


def test_99_01_3_09_04_21_what_the_format_cannot_write_is_one_line() -> None:
    """A hand exposed to another player while the hole cards are still being dealt (-04.21):
    the reader deals every card due before an action other than those of the deal, so the
    exposure cannot be placed between the cards. A card not recorded cannot go in the shoe. An
    action the hand refused is not in a log."""
    rules = GAME.parse_rules({})
    setup = Setup((SeatSpec(1, 1000), SeatSpec(2, 1000)), 1)
    log = [_card("2c"), Action(ActionKind.EXPOSE_HAND, 2, seats=(1,)), _card("3c")]
    Play.rebuilt(GAME, rules, setup, log)
    with pytest.raises(InvalidInput, match="action 2 .*expose-hand"):
        round_file({}, setup, log)
    # the same exposure as the last card known is written: no card follows it in the shoe
    data = round_file({}, setup, log[:2])
    assert data["actions"] == [{"action": "expose-hand", "seat": 2, "seats": [1]}]
    data["expect"] = expect_block(Play.rebuilt(GAME, rules, setup, log[:2]).settlement())
    assert replay_text(json.dumps(data), check=True).ok
    with pytest.raises(InvalidInput, match="not recorded"):
        round_file({}, setup, [Action(ActionKind.CARD, card=None)])
    with pytest.raises(InvalidInput, match="action 1"):
        round_file({}, setup, [Action(ActionKind.FOLD, 1)])


def test_99_01_3_09_04_12_the_random_hands_record_irregularities() -> None:
    """The property above is not vacuous: its driver records misdeals, exposed and faced cards
    and fouled hands in some of thirty hands."""
    rules = GAME.parse_rules({})
    seen: set[str] = set()
    for seed in range(30):
        rng = SeededRng(seed)
        play = _play(rules, GAME.random_setup(rules, rng), rng, keyed=True, irregular=True)
        seen |= {a.kind.value for a in play.log}
        seen |= {"faced" for a in play.log if a.faced}
        round_file({}, play.setup, play.log)
    assert {"misdeal", "exposed-card", "faced", "fouled-hand"} <= seen
