"""The paddlewheel's round-file exporter (``croupier.games.paddlewheel.export.round_file``), the
inverse of the reader (docs/round-files/paddlewheel.md, 99-01.3-08-11.17's disputed round).

* Random spins (random house rules, a random table as the spin's betting opens, random play with
  wheel stops drawn or keyed as the operator keys them, bets over the limit, tips, some rounds
  cut short): the exported file, with the settlement's ``expect`` block, replays ``ok`` through
  ``croupier replay --check`` and to the same wagers, parties and events.
* A keyed section the wheel does not have (-03.1) is refused and changes nothing.
* Hand-made spins whose files and settlements were worked out from the format doc.
* What the format cannot write is one line of ``InvalidInput``.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from tests.property.exported import replays_to

from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.protocol import PendingKind, Play
from croupier.core.rng import SeededRng
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.export import round_file
from croupier.games.paddlewheel.game import GAME
from croupier.games.paddlewheel.roundfile import replay
from croupier.games.paddlewheel.sample import sample_table_rules
from croupier.games.paddlewheel.state import Phase, SeatSetup, TableSetup
from croupier.games.paddlewheel.table import Table
from croupier.games.paddlewheel.wheel import Spin
from croupier.games.roundfile import parse_round
from croupier.service.games.replay import replay_text

# CI replays one fixed sequence of examples (as tests/books does).
CI = os.environ.get("CI") == "true"
SETTINGS = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=CI,
)
MAX_ACTIONS = 400
COLORS = ["red", "blue", "green", "purple", "orange", "black", "brown", "grey", "white"]


@st.composite
def table_rules(draw: st.DrawFn) -> dict[str, Any]:
    """Table-method house rules: the sample wheel, or a wheel of 40 to 60 outer sections with up
    to two inner circles (each at most half its outer neighbour, -03.1), payoffs "N to 1" or
    "N for 1" (-06.2), an optional set and odd/even, the limit, the players and the chip
    policy (-05.1, -05.3) and a payout order (-05.5)."""
    if draw(st.booleans()):
        data = sample_table_rules()
        spots = ["odd", "even", "set low", "red 17", "yellow moon"]
    else:
        n = draw(st.sampled_from([40, 42, 45, 48, 50, 60]))
        colors = draw(st.permutations(COLORS))
        circles = [{"color": colors[0], "sections": [str(k) for k in range(1, n + 1)]}]
        size = n
        for depth in range(draw(st.integers(0, 2))):
            if size // 2 < 2:
                break
            size = draw(st.integers(2, size // 2))
            circles.append(
                {"color": colors[depth + 1], "sections": [str(k) for k in range(1, size + 1)]}
            )
        payoff = st.builds(
            lambda k, form: f"{k} {form} 1", st.integers(2, 45), st.sampled_from(["to", "for"])
        )
        data = {
            "method": "table",
            "wheel": {"circles": circles},
            "prize_table": {"exact": {c["color"]: draw(payoff) for c in circles}},
        }
        spots = [f"{circles[-1]['color']} 1"]
        if draw(st.booleans()):
            data["wheel"]["odd_even_circle"] = colors[0]
            data["prize_table"]["odd"] = draw(payoff)
            data["prize_table"]["even"] = draw(payoff)
            spots += ["odd", "even"]
        if draw(st.booleans()):
            data["prize_table"]["sets"] = [
                {"name": "top", "circle": colors[0], "members": ["1", "2", "3"], "payoff": "9 to 1"}
            ]
            spots.append("set top")
    data["maximum_bet_per_spin"] = 100 * draw(st.integers(1, 20))
    low = draw(st.integers(1, 3))
    data["minimum_players"] = low
    data["maximum_players"] = draw(st.integers(low, 8))
    data["several_chips_on_one_spot"] = draw(st.booleans())
    if draw(st.booleans()):
        data["payout_order"] = draw(st.permutations(spots))
    return data


def _keyed_text(table: Table, drawn: a.SpinWheel, rng: SeededRng) -> str:
    """What the operator keys for a drawn spin: the outer section's position under the pointer
    and, mostly, the revolutions seen (four when not keyed)."""
    section = table.rules.wheel.section_index(0, drawn.spin.stop) + 1
    if rng.randbelow(4) == 0:
        return str(section)
    return f"{section}/{drawn.spin.revolutions}"


def _extra(table: Table, rng: SeededRng) -> a.TableAction | None:
    """A random action beyond the representative legal ones: several chips on any spot (over
    the limit too, -05.3), casino-chip tips, purchases, redemptions, taking bets back."""
    seats = sorted(table.data.seats)
    if not seats:
        return None
    seat = seats[rng.randbelow(len(seats))]
    labels = [s.label for s in table.rules.spots()]
    spot = labels[rng.randbelow(len(labels))]
    pick = rng.randbelow(7)
    if pick <= 2:
        return a.PlaceBet(seat, spot, 1 + rng.randbelow(12), assisted=rng.randbelow(5) == 0)
    if pick == 3:
        return a.Tip(seat, 1 + rng.randbelow(3), casino=rng.randbelow(2) == 0)
    if pick == 4:
        return a.ExchangeCasinoChips(seat, 100 * (1 + rng.randbelow(20)))
    if pick == 5:
        return a.RedeemChips(seat, 1 + rng.randbelow(5))
    placed = [(s, label) for (s, label) in table.data.layout if s == seat]
    if placed:
        s, label = placed[rng.randbelow(len(placed))]
        return a.RemoveBet(s, label, 1)
    return None


def _play(
    rules: Any, setup: TableSetup, rng: SeededRng, keyed: bool, cut: int | None
) -> Play[Any, Any, Any, Any]:
    """One spin: chance drawn or keyed, a random legal action or an extra one (refusals are
    tried and change nothing), an offered irregularity now and then; cut after ``cut`` actions."""
    play = Play(GAME, rules, setup)
    for _ in range(MAX_ACTIONS):
        if play.pending.kind is PendingKind.NONE or (cut is not None and len(play.log) >= cut):
            return play
        table = play.state
        if play.pending.kind is PendingKind.CHANCE:
            drawn = GAME.chance(table, rng)
            assert isinstance(drawn, a.SpinWheel)
            play.apply(GAME.keyed(table, _keyed_text(table, drawn, rng)) if keyed else drawn)
            continue
        roll = rng.randbelow(100)
        if roll < 15:
            offered = play.irregularities()  # none at the table method: void spins are chance
            if offered:
                play.apply(offered[rng.randbelow(len(offered))][0])
                continue
        if roll < 45:
            extra = _extra(table, rng)
            if extra is not None:
                with contextlib.suppress(CroupierError):
                    play.apply(extra)
                continue
        options = play.legal_actions()
        closing = [o for o in options if isinstance(o, a.CloseBets)]
        joining = [o for o in options if isinstance(o, a.Join)]
        if closing and rng.randbelow(12) == 0:
            play.apply(closing[0])
        elif joining and not closing and rng.randbelow(2) == 0:
            play.apply(joining[0])  # seat the players the table needs to open (-05.1)
        else:
            play.apply(options[rng.randbelow(len(options))])
    raise AssertionError("the spin did not end")


def _replays_the_same(rules_data: dict[str, Any], play: Play[Any, Any, Any, Any]) -> None:
    data = round_file(rules_data, play.setup, play.log, title="exported", description="random")
    text, _report = replays_to(data, play.settlement())
    # The spin replays event for event (a player who joins before betting opens is an event
    # of the file's too, so the spin's own events are the last ones).
    events = list(replay(parse_round(json.loads(text))).events)
    assert events[len(events) - len(play.events) :] == play.events


@SETTINGS
@given(rules_data=table_rules(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_99_01_3_11_05_4_exported_spin_replays_to_the_same_settlement(
    rules_data: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    rules = GAME.parse_rules(rules_data)
    rng = SeededRng(seed)
    setup = GAME.random_setup(rules, rng)
    shape = data.draw(st.sampled_from(["random", "random", "first spin", "new table"]))
    if shape == "first spin":
        setup = replace(setup, spin=1, wheel_at=0)
    elif shape == "new table":
        setup = TableSetup()
    # a first spin with the wheel left at a section (a table that reopened) is written with
    # its ``setup.wheel_at`` and replays like any other
    keyed = data.draw(st.booleans())
    cut = data.draw(st.none() | st.integers(0, 60))
    play = _play(rules, setup, rng, keyed, cut)
    if play.state.data.phase is Phase.SPINNING and isinstance(play.log[-1], a.SpinWheel):
        # cut right after a void spin: a 'spin' takes stops until one is valid
        with pytest.raises(InvalidInput, match="void spin"):
            round_file(rules_data, setup, play.log)
        return
    settlement = play.settlement()
    event(f"setup: {shape}, keyed {keyed}, cut {cut is not None}")
    event(f"void spins: {bool(settlement.details['void_spins'])}")
    event(f"results: {sorted({w.result.value for w in settlement.wagers})}")
    _replays_the_same(rules_data, play)


@settings(max_examples=15, deadline=None, derandomize=CI)
@given(rules_data=table_rules(), seed=st.integers(0, 2**32 - 1))
def test_99_01_3_11_03_1_keyed_section_the_wheel_does_not_have_changes_nothing(
    rules_data: dict[str, Any], seed: int
) -> None:
    rules = GAME.parse_rules(rules_data)
    rng = SeededRng(seed)
    play = Play(GAME, rules, replace(GAME.random_setup(rules, rng), wheel_at=0, spin=1))
    while play.pending.kind is not PendingKind.CHANCE:
        options = play.legal_actions()
        closing = [o for o in options if isinstance(o, a.CloseBets)]
        play.apply(closing[0] if closing and rng.randbelow(4) == 0 else options[0])
    before = (GAME.snapshot(play.state), list(play.log))
    sections = len(rules.wheel.outer.sections)
    for impossible in ("0", str(sections + 1), f"{sections + 7}/5"):
        with pytest.raises(RuleViolation) as refused:
            play.apply(GAME.keyed(play.state, impossible))
        assert refused.value.section == "99-01.3-11-03.1"
        assert (GAME.snapshot(play.state), list(play.log)) == before
    # the round goes on from where it was: the last section is keyed and settles the spin
    play.apply(GAME.keyed(play.state, f"{sections}/6"))
    assert GAME.is_over(play.state)
    _replays_the_same(rules_data, play)


# -- hand-made spins -------------------------------------------------------------------------
# The sample table (docs: 40 sections of 10 ticks, C = 400; a stop T reads section
# ceil(T*m/C) - 1 of a circle of m sections). T = 173: red index 17 = "18", blue
# ceil(8.65) - 1 = 8 = "9", green ceil(4.325) - 1 = 4 = "5", yellow ceil(2.1625) - 1 = 2 = "sun".
# T = 17: red index 1 = "2", blue 0 = "1", green 0 = "1", yellow 0 = "star".


def _wager(seat: int, spin: int, kind: str, stake: int, result: str, net: int, who: str) -> Any:
    return {
        "space": seat,
        "hand": spin,
        "kind": kind,
        "stake": stake,
        "result": result,
        "net": net,
        "player": who,
    }


def test_99_01_3_11_05_5_exported_spin_with_bets_on_several_sections_matches_the_doc() -> None:
    log: list[a.TableAction] = [
        a.Join(1, "ann", "red"),
        a.BuyChips(1, 2000),
        a.Join(2, "bob", "blue"),
        a.ExchangeCasinoChips(2, 1000),
        a.PlaceBet(1, "red 18", 2),
        a.PlaceBet(1, "odd", 3),
        a.PlaceBet(2, "blue 9", 1),
        a.PlaceBet(2, "yellow sun", 2),
        a.PlaceBet(2, "set low", 1, assisted=True),
        a.RemoveBet(1, "odd", 1),
        a.Tip(2, 1),
        a.CloseBets(),
        a.SpinWheel(Spin(0, 3, 55)),  # fewer than four revolutions: void, spun again (-05.4)
        a.SpinWheel(Spin(55, 6, 173)),
    ]
    play = Play.rebuilt(GAME, GAME.parse_rules({}), TableSetup(), log)
    data = round_file({}, TableSetup(), log, title="several sections", description="by hand")
    assert data["format"] == "croupier.round/1"
    assert data["game"] == "paddlewheel"
    assert (data["title"], data["description"]) == ("several sections", "by hand")
    assert data["rules"] == sample_table_rules()  # empty rules data is the sample table
    assert data["setup"] == {
        "spin": 1,
        "wheel_at": 0,
        "tray_betting_chips": 1000,
        "tray_casino": 100000,
    }
    assert data["seats"] == []
    assert data["actions"] == [
        {"action": "join", "seat": 1, "player": "ann", "color": "red"},
        {"action": "buy", "seat": 1, "currency": 2000},
        {"action": "join", "seat": 2, "player": "bob", "color": "blue"},
        {"action": "exchange", "seat": 2, "amount": 1000},
        {"action": "bet", "seat": 1, "spot": "red 18", "chips": 2},
        {"action": "bet", "seat": 1, "spot": "odd", "chips": 3},
        {"action": "bet", "seat": 2, "spot": "blue 9", "chips": 1},
        {"action": "bet", "seat": 2, "spot": "yellow sun", "chips": 2},
        {"action": "bet", "seat": 2, "spot": "set low", "chips": 1, "assisted": True},
        {"action": "remove", "seat": 1, "spot": "odd", "chips": 1},
        {"action": "tip", "seat": 2, "chips": 1},
        {"action": "close"},
        {"action": "spin"},
    ]
    assert data["wheel_stops"] == [{"revolutions": 3, "stop": 55}, {"revolutions": 6, "stop": 173}]
    # Red 18 pays 38 to 1, blue 9 18 to 1, yellow sun 4 to 1 (2 chips: 8); 18 is even, so odd
    # loses, and not in the low set. Bob's $1 tip goes to the tip receptacle.
    data["expect"] = {
        "wagers": [
            _wager(1, 1, "odd", 200, "lose", -200, "ann"),
            _wager(1, 1, "red 18", 200, "win", 7600, "ann"),
            _wager(2, 1, "blue 9", 100, "win", 1800, "bob"),
            _wager(2, 1, "set low", 100, "lose", -100, "bob"),
            _wager(2, 1, "yellow sun", 200, "win", 800, "bob"),
            {
                "space": 2,
                "hand": 1,
                "kind": "tip",
                "stake": 100,
                "result": "lose",
                "net": -100,
                "player": "bob",
                "destination": "tip receptacle",
            },
        ],
        "parties": {"player:ann": 7400, "player:bob": 2400, "house": -9900, "tips": 100},
        "void_spins": 1,
        "rails": {"1": 20 - 2 - 3 + 1 + 2 + 76, "2": 10 - 4 - 1 + 1 + 18 + 2 + 8},
    }
    report = replay_text(json.dumps(data), check=True)
    assert report.ok, report.differences
    spin = report.settlement.details["spins"][0]
    assert (spin["stop"], spin["peg"], spin["parity"]) == (173, False, "even")
    assert spin["result"] == {"red": "18", "blue": "9", "green": "5", "yellow": "sun"}
    assert dict(play.settlement().parties) == data["expect"]["parties"]


def test_99_01_3_11_05_4_a_later_spin_is_written_as_the_table_stood() -> None:
    """Spin 3 of a table where ann has 12 chips on her rail and the wheel rests at 173: the file
    states the table as that spin's betting opened (its number, where the wheel rests, the chip
    tray, ann seated with her rail), never a history it did not have."""
    setup = TableSetup(
        spin=3,
        wheel_at=173,
        seats=(SeatSetup(1, "ann", "red", rail=12, cash_in=2000, cash_out=0),),
        tray_betting=988,
        tray_casino=100_000,
        drop_box=2000,
        tip_receptacle=300,
    )
    log: list[a.TableAction] = [
        a.PlaceBet(1, "red 2", 1),
        a.PlaceBet(1, "green 5", 1),
        a.CloseBets(),
        a.SpinWheel(Spin(173, 5, 17)),
    ]
    play = Play.rebuilt(GAME, GAME.parse_rules({}), setup, log)
    data = round_file(sample_table_rules(), setup, log)
    assert data["setup"] == {
        "spin": 3,
        "wheel_at": 173,
        "tray_betting_chips": 988,
        "tray_casino": 100000,
    }
    assert data["seats"] == [{"seat": 1, "player": "ann", "color": "red", "rail": 12}]
    assert data["actions"] == [
        {"action": "bet", "seat": 1, "spot": "red 2", "chips": 1},
        {"action": "bet", "seat": 1, "spot": "green 5", "chips": 1},
        {"action": "close"},
        {"action": "spin"},
    ]
    assert data["wheel_stops"] == [{"revolutions": 5, "stop": 17}]
    # T = 17 reads red "2" (38 to 1) and green "1": green 5 loses.
    data["expect"] = {
        "wagers": [
            _wager(1, 3, "green 5", 100, "lose", -100, "ann"),
            _wager(1, 3, "red 2", 100, "win", 3800, "ann"),
        ],
        "parties": {"player:ann": 3700, "house": -3700, "tips": 0},
        "rails": {"1": 12 - 2 + 1 + 38},
        "chip_tray": {"betting_chips": 988 + 1 - 38, "casino": 100000},
        "void_spins": 0,
    }
    report = replay_text(json.dumps(data), check=True)
    assert report.ok, report.differences
    assert [s["spin"] for s in report.settlement.details["spins"]] == [3]
    assert dict(play.settlement().parties) == data["expect"]["parties"]


def test_99_01_3_11_05_4_what_the_format_cannot_write_is_one_line() -> None:
    rules = GAME.parse_rules({})
    seated = (SeatSetup(1, "ann", "red", rail=5),)
    # a round cut after a void spin: a 'spin' takes stops until one is valid
    log: list[a.TableAction] = [a.CloseBets(), a.SpinWheel(Spin(0, 2, 100))]
    Play.rebuilt(GAME, rules, TableSetup(seats=seated), log)
    with pytest.raises(InvalidInput, match="void spin"):
        round_file({}, TableSetup(seats=seated), log)
    # an action the round does not accept
    with pytest.raises(InvalidInput, match="action 1"):
        round_file({}, TableSetup(), [a.CloseBets(), a.CloseBets()])


def test_99_01_3_11_a_round_files_spin_and_rail_are_checked() -> None:
    """The keys that state a spin of a table already in play are read with their limits."""
    base = {
        "format": "croupier.round/1",
        "game": "paddlewheel",
        "rules": sample_table_rules(),
        "seats": [{"seat": 1, "player": "ann", "color": "red", "rail": 5}],
        "actions": [{"action": "close"}, {"action": "spin"}],
        "wheel_stops": [{"revolutions": 5, "stop": 17}],
    }
    for setup, said in (
        ({"spin": 0}, "from 1"),
        ({"wheel_at": -1}, "tick of the wheel"),
        ({"wheel_at": 10**6}, "tick of the wheel"),
    ):
        with pytest.raises(InvalidInput, match=said):
            replay_text(json.dumps({**base, "setup": setup}))
    both = {**base, "seats": [{"seat": 1, "player": "ann", "color": "red", "rail": 5, "buy": 100}]}
    with pytest.raises(InvalidInput, match="rail"):
        replay_text(json.dumps(both))
    report = replay_text(json.dumps({**base, "setup": {"spin": 4, "wheel_at": 0}}))
    assert [s["spin"] for s in report.settlement.details["spins"]] == [4]
