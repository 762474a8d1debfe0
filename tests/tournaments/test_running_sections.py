"""Running a tournament: refusals by section, the draw, the button, replay and the records."""

from __future__ import annotations

import json

import pytest
from tournamenthelp import ADDRESS, DAY, poker_rules, seated, twentyone_rules

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import event_from_dict
from croupier.core.rng import SeededRng
from croupier.tournaments import Tournament
from croupier.tournaments.events import HandStarted, SeatDrawn
from croupier.tournaments.records import fee_register, record_of_win, schedule_text

SAT = {"id": "sat1", "entry_fee": "$30", "starting_chips": 1000, "min_players": 4, "buy_ins": 1}


def poker(players: int = 3, **changes: object) -> Tournament:
    t = Tournament.define(poker_rules(**changes))
    seated(t, [f"p{i}" for i in range(1, players + 1)])
    return t


def twentyone(players: int = 3, **changes: object) -> Tournament:
    t = Tournament.define(twentyone_rules(**changes))
    seated(t, [f"p{i}" for i in range(1, players + 1)], at="2026-08-01T12:00")
    return t


def section_of(call: object) -> str:
    assert callable(call)
    with pytest.raises(RuleViolation) as info:
        call()
    return info.value.section


def test_99_01_3_09_03_4_h_director_barred() -> None:
    t = poker(0)

    def reg():
        return t.register("Dana Director", collected_by="c", at=DAY, address=ADDRESS, card=(1, 1))

    assert section_of(reg) == "99-01.3-09-03.4.h"


def test_99_01_3_09_03_4_h_managing_employee_barred() -> None:
    t = poker(0)

    def reg():
        return t.register(
            "mm", name="mo manager", collected_by="c", at=DAY, address=ADDRESS, card=(1, 1)
        )

    assert section_of(reg) == "99-01.3-09-03.4.h"
    assert t.main.entrants == {}


def test_99_01_3_09_03_4_dealer_cannot_play() -> None:
    t = Tournament.define(poker_rules(dealers=["Dee Dealer"]))
    reg = lambda: t.register("Dee Dealer", collected_by="c", at=DAY, address=ADDRESS, card=(1, 1))  # noqa: E731
    assert section_of(reg) == "99-01.3-09-03.4"


def test_99_01_3_09_03_1_activity_outside_the_days_refused() -> None:
    t = poker(2)
    assert section_of(lambda: t.start("2026-07-09T23:59")) == "99-01.3-09-03.1"
    t.start("2026-07-12T23:00")
    assert section_of(lambda: t.start_hand(1, "2026-07-13T00:01")) == "99-01.3-09-03.1"


def test_99_01_3_09_03_4_g_refund_after_start_refused() -> None:
    t = poker(3)
    t.refund("p3", DAY)
    assert t.main.cash_fees() == 20_000
    t.start(DAY)
    assert section_of(lambda: t.refund("p1", DAY)) == "99-01.3-09-03.4.g"


def test_99_01_3_08_15_3_refund_after_start_refused() -> None:
    t = twentyone(2)
    t.start("2026-08-01T13:00")
    assert section_of(lambda: t.refund("p1", "2026-08-01T13:00")) == "99-01.3-08-15.3"


def test_99_01_3_09_05_9_chip_transfer_refused() -> None:
    t = poker(2)
    t.start(DAY)
    assert section_of(lambda: t.transfer_chips("p1", "p2", 100)) == "99-01.3-09-05.9"


def test_99_01_3_09_05_9_hand_creating_chips_refused() -> None:
    t = poker(2)
    t.start(DAY)
    t.start_hand(1, DAY)
    before = t.state.snapshot()
    assert section_of(lambda: t.record_hand(1, {"p1": 100}, DAY)) == "99-01.3-09-05.9"
    assert t.state.snapshot() == before


def test_99_01_3_08_15_3_chip_transfer_refused() -> None:
    t = twentyone(2)
    t.start("2026-08-01T13:00")
    assert section_of(lambda: t.transfer_chips("p1", "p2", 10)) == "99-01.3-08-15.3"


def test_99_01_3_08_15_1_chips_are_never_cashed_out() -> None:
    """The chips have no cash redemption value (-08-15.1): refused before the start, during
    play, for a player who withdrew, and after the end (issue 30: accepted then)."""
    t = twentyone(2)
    assert section_of(lambda: t.cash_out("p1")) == "99-01.3-08-15.1"
    t.start("2026-08-01T13:00")
    assert section_of(lambda: t.cash_out("p1")) == "99-01.3-08-15.1"
    t.withdraw("p2", "2026-08-01T13:30")
    assert section_of(lambda: t.cash_out("p2")) == "99-01.3-08-15.1"
    assert t.main.finished
    assert section_of(lambda: t.cash_out("p1")) == "99-01.3-08-15.1"


def test_99_01_3_09_03_4_b_cash_out_of_no_value_chips_refused() -> None:
    t = poker(2)
    t.start(DAY)
    assert section_of(lambda: t.cash_out("p1")) == "99-01.3-09-03.4.b"


def test_99_01_3_08_15_3_withdrawal_allowed_with_nothing_back() -> None:
    t = twentyone(3)
    t.start("2026-08-01T13:00")
    t.withdraw("p3", "2026-08-01T13:30")
    assert t.main.entrants["p3"].place == 3
    assert t.main.cash_fees() == 7_500


def test_99_01_3_08_15_3_bet_over_maximum_refused() -> None:
    t = twentyone(2)
    t.start("2026-08-01T13:00")
    t.start_hand(1, "2026-08-01T13:01")
    rec = lambda: t.record_hand(1, {}, "2026-08-01T13:02", bets={"p1": 101, "p2": 10})  # noqa: E731
    assert section_of(rec) == "99-01.3-08-15.3"


def test_99_01_3_08_15_3_two_spaces_double_the_maximum() -> None:
    t = twentyone(2, betting_spaces=2)
    t.start("2026-08-01T13:00")
    t.start_hand(1, "2026-08-01T13:01")
    t.record_hand(1, {"p1": 200}, "2026-08-01T13:02", bets={"p1": 200, "p2": 10})
    assert t.main.entrants["p1"].chips == 700


def test_99_01_3_08_15_3_a_bet_on_each_hand() -> None:
    t = twentyone(2)
    t.start("2026-08-01T13:00")
    t.start_hand(1, "2026-08-01T13:01")
    rec = lambda: t.record_hand(1, {}, "2026-08-01T13:02", bets={"p1": 10})  # noqa: E731
    assert section_of(rec) == "99-01.3-08-15.3"


def test_99_01_3_08_15_3_no_table_moves_during_a_round() -> None:
    t = Tournament.define(twentyone_rules(seats_per_table=3, min_players=2))
    seated(t, ["a", "b", "c", "d", "e", "f"], at="2026-08-01T12:00")
    t.start("2026-08-01T13:00")
    t.start_hand(1, "2026-08-01T13:01")
    t.record_hand(1, {"a": -500, "b": -500}, "2026-08-01T13:02", bets={"a": 100, "b": 100, "c": 10})
    assert sorted(len(s) for s in t.main.tables.values() if s) == [1, 3]


def test_99_01_3_08_15_4_split_needs_two_remaining() -> None:
    t = twentyone(3)
    t.start("2026-08-01T13:00")
    split = lambda: t.agree_split({"p1": 5000, "p2": 5000, "p3": 5000}, "2026-08-01T14:00")  # noqa: E731
    assert section_of(split) == "99-01.3-08-15.4"


def test_99_01_3_09_03_4_c_split_must_include_every_remaining_player() -> None:
    t = poker(3)
    t.start(DAY)
    split = lambda: t.agree_split({"p1": 12_000, "p2": 12_000}, DAY)  # noqa: E731
    assert section_of(split) == "99-01.3-09-03.4.c"


def test_99_01_3_09_03_4_d_non_transferable_buy_in_refused() -> None:
    t = Tournament.define(poker_rules(satellites=[dict(SAT, min_players=4)]))
    for i, p in enumerate(["a", "b", "c", "d"], 1):
        t.register(p, collected_by="c", at=DAY, address=ADDRESS, tournament="sat1", card=(1, i))
    t.start(DAY, "sat1")
    t.start_hand(1, DAY, tournament="sat1")
    t.record_hand(1, {"a": 3000, "b": -1000, "c": -1000, "d": -1000}, DAY, tournament="sat1")
    assert t.state.receipts["sat1-1"].holder == "a"
    assert section_of(lambda: t.transfer_buy_in("sat1-1", "z", DAY)) == "99-01.3-09-03.4.d"


def test_99_01_3_09_01_satellite_fees_cumulative_refused() -> None:
    sats = [
        dict(SAT, id="s1", entry_fee="$200", min_players=2),
        dict(SAT, id="s2", entry_fee="$101", min_players=2),
    ]
    t = Tournament.define(poker_rules(satellites=sats))
    t.register("a", collected_by="c", at=DAY, address=ADDRESS, tournament="s1", card=(1, 1))

    def reg():
        return t.register(
            "a", collected_by="c", at=DAY, address=ADDRESS, tournament="s2", card=(1, 1)
        )

    assert section_of(reg) == "99-01.3-09-01"


def test_99_01_3_09_05_2_seat_card_not_offered_refused() -> None:
    t = poker(11)
    reg = lambda: t.register("x", collected_by="c", at=DAY, address=ADDRESS, card=(1, 3))  # noqa: E731
    assert section_of(reg) == "99-01.3-09-05.2"


def test_99_01_3_09_05_3_seat_drawn_with_injected_rng_and_recorded() -> None:
    t = Tournament.define(poker_rules())
    for i in range(30):
        t.register(f"p{i}", collected_by="c", at=DAY, address=ADDRESS, rng=SeededRng(i))
    draws = [e for e in t.events if isinstance(e, SeatDrawn)]
    assert len(draws) == 30
    assert all(len(s) <= 11 for s in t.main.tables.values())
    again = Tournament.replay(t.events)
    assert again.state.snapshot() == t.state.snapshot()


def test_99_01_3_09_05_11_absent_players_blind_posted_by_dealer() -> None:
    t = poker(4)
    t.start(DAY)
    t.start_hand(1, DAY)
    t.record_hand(1, {}, DAY)
    (started,) = t.start_hand(1, DAY, absent=(4, 1))
    assert isinstance(started, HandStarted)
    assert (started.button, started.small_blind, started.big_blind) == (2, 3, 4)
    assert started.posted_by_dealer == (4,)
    rec = lambda: t.record_hand(1, {"p3": -25, "p1": 25}, DAY)  # noqa: E731
    assert section_of(rec) == "99-01.3-09-05.11"
    t.record_hand(1, {"p3": -25, "p4": -50, "p2": 75}, DAY)


def test_99_01_3_09_05_11_ante_posted_for_any_absent_player() -> None:
    levels = [{"small_blind": 25, "big_blind": 50, "ante": 5}]
    t = poker(4, levels=levels)
    t.start(DAY)
    (started,) = t.start_hand(1, DAY, absent=(4,))
    assert isinstance(started, HandStarted)
    assert started.posted_by_dealer == (4,)
    assert section_of(lambda: t.record_hand(1, {"p4": -50, "p1": 50}, DAY)) == "99-01.3-09-05.11"
    t.record_hand(1, {"p4": -5, "p1": 5}, DAY)


def test_99_01_3_09_04_11_heads_up_button_posts_small_blind() -> None:
    t = poker(2)
    t.start(DAY)
    (started,) = t.start_hand(1, DAY)
    assert isinstance(started, HandStarted)
    assert started.button == started.small_blind == 1
    assert started.big_blind == 2


def test_99_01_3_09_07_address_of_each_player_required() -> None:
    t = poker(0)
    reg = lambda: t.register("x", collected_by="c", at=DAY, card=(1, 1))  # noqa: E731
    assert section_of(reg) == "99-01.3-09-07"


def test_refused_command_changes_nothing() -> None:
    t = poker(3, bounty="$10")
    t.start(DAY)
    t.start_hand(1, DAY)
    before = t.state.snapshot()
    with pytest.raises(InvalidInput, match="bounty"):
        t.record_hand(1, {"p1": 5000, "p2": -5000}, DAY)
    assert t.state.snapshot() == before
    t.record_hand(1, {"p1": 5000, "p2": -5000}, DAY, eliminated_by={"p2": "p1"})
    assert t.main.entrants["p2"].place == 3


def test_events_round_trip_and_replay() -> None:
    t = poker(5, bounty="$10")
    t.start(DAY)
    t.start_hand(1, DAY)
    t.record_hand(1, {"p1": 5000, "p2": -5000}, DAY, eliminated_by={"p2": "p1"})
    stored = [event_from_dict(json.loads(e.to_json())) for e in t.events]
    assert stored == t.events
    assert Tournament.replay(stored).state.snapshot() == t.state.snapshot()


def test_fee_register_names_the_collector_and_the_time() -> None:
    t = poker(2, bounty="$10")
    lines = fee_register(t.state)
    assert [(x.kind.value, x.cents, x.collected_by, x.at, x.address) for x in lines[:2]] == [
        ("entry", 10_000, "Cass Cashier", DAY, ADDRESS),
        ("bounty", 1_000, "Cass Cashier", DAY, ADDRESS),
    ]


def test_record_of_win_per_tournament_never_combined() -> None:
    a = poker(2)
    b = poker(3, id="second")
    assert [w.tournament for w in record_of_win(a.state)] == ["main", "main with satellites"]
    assert record_of_win(b.state)[0].gross_proceeds == 30_000


def test_99_01_3_09_05_1_schedule_names_site_organization_dates_payout_and_options() -> None:
    t = poker(
        4,
        bounty="$20",
        rebuy={"count": 2, "amount": "$50", "chips": 5000},
        satellites=[dict(SAT, min_players=5, transferable=True)],
    )
    t.start(DAY)
    text = schedule_text(t.rules, t.state)
    for needed in (
        "Elks Lodge 1",
        "Lodge Hall, Minot",
        "2026-07-10 to 2026-07-12",
        "Buy-in (entry fee): $100.00",
        "Bounty: $20.00",
        "Rebuy: up to 2 at $50.00",
        "Add-on: none",
        "Place 1: 70% of the pool: $224.00",
        "Satellite sat1",
        "transferable",
    ):
        assert needed in text, needed


def test_refund_before_start_then_reentry_counts_once() -> None:
    t = poker(2)
    t.refund("p2", DAY)
    t.register("p2", collected_by="c", at=DAY, address=ADDRESS, card=(1, 2))
    assert t.main.cash_fees() == 20_000
    lines = fee_register(t.state)
    assert [x.refunded for x in lines] == [False, True, False]
    t.start(DAY)
    t.withdraw("p2", DAY)
    # 80% of the $200 kept: $160; 70% to first ($112), 30% to second ($48)
    assert [(p.player, p.cents) for p in t.main.prizes] == [("p1", 11_200), ("p2", 4_800)]


def test_99_01_3_09_02_23_rebuy_after_its_period_refused() -> None:
    t = poker(2, rebuy={"count": 2, "amount": "$50", "chips": 5000, "through_level": 1})
    t.start(DAY)
    t.rebuy("p1", collected_by="c", at=DAY)
    t.next_level(DAY)
    assert section_of(lambda: t.rebuy("p1", collected_by="c", at=DAY)) == "99-01.3-09-02.23"


def test_99_01_3_09_02_2_second_add_on_refused() -> None:
    t = poker(2, add_on={"count": 1, "amount": "$50", "chips": 5000, "through_level": 2})
    t.start(DAY)
    t.add_on("p1", collected_by="c", at=DAY)
    assert section_of(lambda: t.add_on("p1", collected_by="c", at=DAY)) == "99-01.3-09-02.2"


def test_99_01_3_08_15_1_twentyone_rebuy_period_refused() -> None:
    t = twentyone(
        2,
        rebuy={"count": 1, "amount": "$25", "chips": 500, "through_level": 1},
        levels=[{"hands": 10}, {"hands": 10}],
    )
    t.start("2026-08-01T13:00")
    t.next_level("2026-08-01T13:30")
    rebuy = lambda: t.rebuy("p1", collected_by="c", at="2026-08-01T13:31")  # noqa: E731
    assert section_of(rebuy) == "99-01.3-08-15.1"


def test_99_01_3_09_03_4_c_poker_advancement_by_chips_then_championship() -> None:
    t = Tournament.define(poker_rules(seats_per_table=3, advance_per_table=[1]))
    seated(t, ["a", "b", "c", "d", "e", "f"])
    t.start(DAY)
    t.start_hand(1, DAY)
    t.record_hand(1, {"a": 100, "b": -100}, DAY)
    t.start_hand(2, DAY)
    t.record_hand(2, {"e": 300, "d": -300}, DAY)
    t.end_round(DAY)
    assert {p for p, e in t.main.entrants.items() if e.place is None} == {"a", "e"}
    assert t.main.entrants["d"].place == 6
    assert section_of(lambda: t.end_round(DAY)) == "99-01.3-09-03.4.c"


def test_99_01_3_08_15_4_tie_at_the_advancement_cut_must_be_played_off() -> None:
    t = twentyone(3, advance_per_table=[1], levels=[{"hands": 5}, {"hands": 5}])
    t.start("2026-08-01T13:00")
    before = t.state.snapshot()
    with pytest.raises(InvalidInput, match="played off"):
        t.end_round("2026-08-01T13:30")
    assert t.state.snapshot() == before


def test_99_01_3_08_15_2_no_button_when_the_organization_uses_none() -> None:
    t = twentyone(2, button=False)
    t.start("2026-08-01T13:00")
    (started,) = t.start_hand(1, "2026-08-01T13:01")
    assert isinstance(started, HandStarted)
    assert started.button == 0
    assert started.small_blind is None
