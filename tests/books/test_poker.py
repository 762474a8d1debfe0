"""Poker occasions, fees and prizes: 99-01.3-09-01, -03."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from croupier.books import poker
from croupier.books.poker_ledger import FeeKind
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation

T = datetime(2026, 3, 6, 18, tzinfo=UTC)


@pytest.fixture
def occasion(books: Books) -> Books:
    books.apply_all(
        poker.open_occasion(books, "spring", date(2026, 3, 6), date(2026, 3, 8), "sm", ("S1",))
    )
    return books


def test_99_01_3_09_03_1_two_occasions_per_fiscal_year(occasion: Books) -> None:
    occasion.apply_all(
        poker.open_occasion(occasion, "fall", date(2025, 11, 1), date(2025, 11, 1), "sm", ("S1",))
    )
    with pytest.raises(RuleViolation) as err:
        poker.open_occasion(occasion, "third", date(2026, 6, 1), date(2026, 6, 2), "sm", ("S1",))
    assert err.value.section == "99-01.3-09-03.1"
    # July first starts a new fiscal year
    assert poker.open_occasion(occasion, "next", date(2026, 7, 1), date(2026, 7, 3), "sm", ("S1",))


def test_99_01_3_09_03_1_three_consecutive_calendar_days(books: Books) -> None:
    with pytest.raises(RuleViolation):
        poker.open_occasion(books, "long", date(2026, 3, 6), date(2026, 3, 9), "sm", ("S1",))


def test_99_01_3_09_03_3_half_hour_fee_at_most_two_dollars_in_advance(occasion: Books) -> None:
    with pytest.raises(RuleViolation) as err:
        poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 201, "pb", T)
    assert err.value.section == "99-01.3-09-03.3"
    with pytest.raises(RuleViolation):  # collected after the half hour began
        poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 200, "pb", T + timedelta(1))
    (fee,) = poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 200, "pb", T)
    assert isinstance(fee, poker.PokerHalfHourFee)
    assert fee.collected_by == "pb"  # the employee who collected it is recorded (09-07.1.b)


@pytest.mark.parametrize("table", [0, -1])
def test_99_01_3_09_07_1_b_a_half_hour_fee_is_recorded_for_a_table(
    occasion: Books, table: int
) -> None:
    """Found by the stateful writer/reader test: a half-hour fee at table -1 was returned by
    the writer and rejected by every reader. The fees are recorded for each one-half hour
    interval on each table (-07.1.b): a table is numbered 1 or more."""
    with pytest.raises(InvalidInput, match=r"table number .*\(99-01\.3-09-07\.1\.b\)"):
        poker.collect_half_hour_fee(occasion, "spring", table, "p1", T, 200, "pb", T)


def test_99_01_3_09_03_1_nontournament_play_within_twenty_four_hours(occasion: Books) -> None:
    occasion.apply_all(poker.collect_half_hour_fee(occasion, "spring", 1, "p1", T, 200, "pb", T))
    late = T + timedelta(hours=23, minutes=30)
    assert poker.collect_half_hour_fee(occasion, "spring", 1, "p1", late, 200, "pb", late)
    later = T + timedelta(hours=24)
    with pytest.raises(RuleViolation):
        poker.collect_half_hour_fee(occasion, "spring", 1, "p1", later, 200, "pb", later)


def test_99_01_3_09_01_tournament_fees_at_most_300_per_player(occasion: Books) -> None:
    occasion.apply_all(
        poker.collect_tournament_fee(
            occasion, "spring", "main", "p1", FeeKind.ENTRY, 20000, "pb", T, "P One", "1 Elm St"
        )
    )
    occasion.apply_all(
        poker.collect_tournament_fee(
            occasion, "spring", "main", "p1", FeeKind.REBUY, 10000, "pb", T
        )
    )
    with pytest.raises(RuleViolation) as err:
        poker.collect_tournament_fee(occasion, "spring", "main", "p1", FeeKind.BOUNTY, 1, "pb", T)
    assert err.value.section == "99-01.3-09-01"


@pytest.mark.parametrize("tournament", ["", "main event", "main\u200b"])
def test_99_01_3_09_01_a_tournament_fee_names_its_tournament(
    occasion: Books, tournament: str
) -> None:
    """Found by the stateful writer/reader test: a fee for tournament '' was returned by the
    writer and rejected by every reader. Each tournament's records are kept apart (-09-01,
    -07.1.c): the fee names its tournament by a visible id."""
    with pytest.raises(InvalidInput, match=r"tournament id .*\(99-01\.3-09-01"):
        poker.collect_tournament_fee(
            occasion, "spring", tournament, "p1", FeeKind.ENTRY, 2000, "pb", T
        )


def test_99_01_3_09_03_4_f_prizes_at_most_ninety_percent(occasion: Books) -> None:
    for p in ("p1", "p2"):
        occasion.apply_all(
            poker.collect_tournament_fee(
                occasion, "spring", "main", p, FeeKind.ENTRY, 10000, "pb", T, p, "1 Elm St"
            )
        )
    occasion.apply_all(poker.start_tournament(occasion, "spring", "main", "gm", T))
    occasion.apply_all(poker.pay_prize(occasion, "spring", "main", "p1", 15000, T))
    with pytest.raises(RuleViolation) as err:
        poker.pay_prize(occasion, "spring", "main", "p2", 3001, T)  # 180.01 > 90% of 200
    assert err.value.section == "99-01.3-09-03.4.f"
    occasion.apply_all(poker.pay_prize(occasion, "spring", "main", "p2", 3000, T))
    (summary,) = poker.poker_summaries(occasion.poker)
    assert (summary.gross_proceeds, summary.prizes, summary.adjusted_gross_proceeds) == (
        20000,
        18000,
        2000,
    )


def test_99_01_3_09_03_4_g_no_refund_after_start(occasion: Books) -> None:
    occasion.apply_all(poker.start_tournament(occasion, "spring", "main", "gm", T))
    with pytest.raises(RuleViolation) as err:
        poker.refund_tournament_fee(occasion, "spring", "main")
    assert err.value.section == "99-01.3-09-03.4.g"


def test_99_01_3_09_03_4_h_director_and_manager_may_not_play(occasion: Books) -> None:
    occasion.apply_all(poker.start_tournament(occasion, "spring", "main", "gm", T))
    for person in ("gm", "sm"):
        with pytest.raises(RuleViolation) as err:
            poker.collect_tournament_fee(
                occasion, "spring", "main", person, FeeKind.ENTRY, 100, "pb", T
            )
        assert err.value.section == "99-01.3-09-03.4.h"


def test_99_01_3_09_07_poker_form_lists_fees_with_the_collector(occasion: Books) -> None:
    from croupier.reports.forms import poker_form
    from croupier.reports.render import to_csv

    occasion.apply_all(poker.collect_half_hour_fee(occasion, "spring", 2, "p9", T, 200, "pb", T))
    text = to_csv(poker_form(occasion)).decode()
    assert "spring,2,2026-03-06T18:00:00+00:00,p9,$2.00,pb" in text
    assert "spring,nontournament,$2.00,$0.00,$2.00" in text


def test_99_01_3_09_07_1_b_players_per_table_and_half_hour_and_time_worked(
    occasion: Books,
) -> None:
    b = occasion
    half = timedelta(minutes=30)
    early = T - timedelta(minutes=5)
    # table 1, 18:00: p1 $2, p2 $1.50 by pb; table 2, 18:00: p3 $2 by c1; table 1, 18:30: p1 $2
    for table, player, start, cents, by in (
        (1, "p1", T, 200, "pb"),
        (1, "p2", T, 150, "pb"),
        (2, "p3", T, 200, "c1"),
        (1, "p1", T + half, 200, "pb"),
    ):
        b.apply_all(
            poker.collect_half_hour_fee(b, "spring", table, player, start, cents, by, early)
        )
    # pb worked 17:00 to 21:15 (255 minutes); c1 has no time worked recorded
    b.apply_all(
        poker.record_time_worked(
            b, "spring", "pb", T - timedelta(hours=1), T + timedelta(hours=3, minutes=15)
        )
    )
    lines = poker.half_hour_lines(b.poker)
    got = [(x.site_id, x.table, x.period_start, x.players, x.fees, x.collected_by) for x in lines]
    assert got == [
        ("S1", 1, T.isoformat(), 2, 350, ("pb",)),
        ("S1", 2, T.isoformat(), 1, 200, ("c1",)),
        ("S1", 1, (T + half).isoformat(), 1, 200, ("pb",)),
    ]
    times = {c.employee_id: c for c in poker.collector_times(b.poker)}
    assert (times["pb"].minutes_worked, times["pb"].fees_collected) == (255, 3)
    assert times["pb"].collected_outside_time_worked == ()
    assert (times["c1"].minutes_worked, times["c1"].periods) == (0, ())
    assert times["c1"].collected_outside_time_worked == (early.isoformat(),)


def test_99_01_3_09_03_1_occasion_sites(books: Books) -> None:
    from croupier.books import operations as ops

    books.apply_all(ops.register_site(books, "S2", "Lakeside", surveilled=False))
    books.apply_all(ops.register_site(books, "S3", "Elsewhere", surveilled=False))
    books.apply_all(
        poker.open_occasion(books, "two", date(2026, 3, 6), date(2026, 3, 6), "sm", ("S1", "S2"))
    )
    with pytest.raises(RuleViolation) as err:
        poker.collect_half_hour_fee(books, "two", 1, "p1", T, 200, "pb", T, "S3")
    assert err.value.section == "99-01.3-09-03.1"
    with pytest.raises(InvalidInput):  # two sites: the fee names one
        poker.collect_half_hour_fee(books, "two", 1, "p1", T, 200, "pb", T)
    (fee,) = poker.collect_half_hour_fee(books, "two", 1, "p1", T, 200, "pb", T, "S2")
    assert isinstance(fee, poker.PokerHalfHourFee)
    assert fee.site_id == "S2"
    with pytest.raises(InvalidInput):
        poker.open_occasion(books, "nowhere", date(2026, 3, 7), date(2026, 3, 7), "sm", ("S9",))


def _fee(b: Books, tid: str, player: str, cents: int, kind: FeeKind = FeeKind.ENTRY) -> None:
    b.apply_all(
        poker.collect_tournament_fee(
            b, "spring", tid, player, kind, cents, "pb", T, f"{player} Doe", "1 Elm St, Minot"
        )
    )


def test_99_01_3_09_07_1_c_name_and_address_with_the_first_fee(occasion: Books) -> None:
    """Found by an audit: a poker tournament fee took no name or address, which -07.1.c asks
    for each player. They come with the player's first fee of the occasion; later fees may
    omit them (they are the first's), and may not change them."""
    b = occasion
    with pytest.raises(RuleViolation) as err:
        poker.collect_tournament_fee(b, "spring", "main", "p1", FeeKind.ENTRY, 5000, "pb", T)
    assert err.value.section == "99-01.3-09-07.1.c"
    with pytest.raises(RuleViolation):  # a name without an address
        poker.collect_tournament_fee(
            b, "spring", "main", "p1", FeeKind.ENTRY, 5000, "pb", T, "Pat One", " "
        )
    _fee(b, "main", "p1", 5000)
    (rebuy,) = poker.collect_tournament_fee(b, "spring", "main", "p1", FeeKind.REBUY, 5000, "pb", T)
    b.apply_all([rebuy])
    with pytest.raises(InvalidInput, match="recorded as p1 Doe"):
        poker.collect_tournament_fee(
            b, "spring", "main", "p1", FeeKind.ADD_ON, 100, "pb", T, "Someone Else", "2 Oak"
        )
    assert b.poker.occasions["spring"].players["p1"] == ("p1 Doe", "1 Elm St, Minot")
    from croupier.reports.forms import poker_form

    fees = next(t for t in poker_form(b).tables if t.title.startswith("Tournament fees"))
    assert [r[3:7] for r in fees.rows] == [
        ("p1 Doe", "1 Elm St, Minot", "entry", "$50.00"),
        ("p1 Doe", "1 Elm St, Minot", "rebuy", "$50.00"),
    ]


def test_99_01_3_09_07_1_a_e_f_cash_on_hand_cash_profit_long_short_deposit(
    occasion: Books,
) -> None:
    """Found by an audit: a poker occasion kept no cash on hand, cash profit, long or short or
    bank deposit (-07.1.a, e, f). Each tournament's record is its own (-09-01)."""
    b = occasion
    b.apply_all(poker.count_cash(b, "spring", "main", "start", 50_000, 0, "sm", T))
    (summary,) = poker.poker_summaries(b.poker)
    assert not isinstance(summary.cash_profit, int)  # no ending count: unknown, never 0
    for p in ("p1", "p2", "p3"):
        _fee(b, "main", p, 10_000)
    b.apply_all(poker.start_tournament(b, "spring", "main", "gm", T))
    b.apply_all(poker.pay_prize(b, "spring", "main", "p1", 20_000, T))
    with pytest.raises(RuleViolation) as err:  # deposit before the ending count
        poker.deposit_cash(b, "spring", "main", 100, "sm", T)
    assert err.value.section == "99-01.3-09-07.1.a"
    # by hand: $500 + 3 x $100 - $200 = $600 should be on hand; $595 counted: $5 short
    b.apply_all(poker.count_cash(b, "spring", "main", "end", 59_500, 0, "sm", T))
    (s,) = poker.poker_summaries(b.poker)
    assert (s.gross_proceeds, s.prizes, s.adjusted_gross_proceeds) == (30_000, 20_000, 10_000)
    # cash profit = ending - starting = $95.00; long or short -$5.00
    assert (s.cash_profit, s.cash_long_short, s.bank_deposit) == (9_500, -500, 0)
    with pytest.raises(RuleViolation) as err:  # counted out: no more fees or prizes
        _fee(b, "main", "p4", 1000)
    assert err.value.section == "99-01.3-09-07.1.a"
    with pytest.raises(InvalidInput, match=r"\$595\.00 .* left to deposit"):
        poker.deposit_cash(b, "spring", "main", 59_501, "sm", T)
    b.apply_all(poker.deposit_cash(b, "spring", "main", 9_500, "sm", T))
    (s,) = poker.poker_summaries(b.poker)
    assert s.bank_deposit == 9_500


def test_99_01_3_09_07_1_a_nontournament_and_chips_counted_apart(occasion: Books) -> None:
    """Nontournament play keeps its own cash on hand and chips: chips sold to players turn
    chips into cash and change neither; its fees are its cash profit."""
    b = occasion
    with pytest.raises(RuleViolation):  # an ending count needs a starting one
        poker.count_cash(b, "spring", None, "end", 1, 0, "sm", T)
    b.apply_all(poker.count_cash(b, "spring", None, "start", 20_000, 100_000, "sm", T))
    start = T + timedelta(minutes=5)
    for p in ("a", "b"):
        b.apply_all(poker.collect_half_hour_fee(b, "spring", 1, p, start, 200, "pb", T))
    # by hand: $200 cash and $1,000 of chips at the start; $300 of chips sold for cash and $4
    # of fees: $504 cash and $700 of chips at the end, $4 more than at the start
    b.apply_all(poker.count_cash(b, "spring", None, "end", 50_400, 70_000, "sm", T))
    (s,) = poker.poker_summaries(b.poker)
    assert s.tournament_id is None
    assert (s.gross_proceeds, s.cash_profit, s.cash_long_short) == (400, 400, 0)
    with pytest.raises(InvalidInput, match="counted already"):
        poker.count_cash(b, "spring", None, "end", 1, 0, "sm", T)


def test_99_01_3_09_03_4_d_a_redeemed_buy_in_moves_no_cash(occasion: Books) -> None:
    """A satellite's buy-in prize redeemed as an entry is a prize of the satellite and a fee
    of the main tournament, neither of them cash: the cash on hand should not count them."""
    b = occasion
    for tid in ("sat", "main"):
        b.apply_all(poker.count_cash(b, "spring", tid, "start", 10_000, 0, "sm", T))
    for p in ("p1", "p2"):
        _fee(b, "sat", p, 5_000)
    b.apply_all(poker.start_tournament(b, "spring", "sat", "gm", T))
    b.apply_all(poker.redeem_buy_in(b, "spring", "sat", "main", "R1", "p1", 9_000, "pb", T))
    _fee(b, "main", "p2", 9_000)
    b.apply_all(poker.count_cash(b, "spring", "sat", "end", 20_000, 0, "sm", T))  # $100 + $100
    b.apply_all(poker.count_cash(b, "spring", "main", "end", 19_000, 0, "sm", T))  # $100 + $90
    main, sat = poker.poker_summaries(b.poker)
    assert (sat.tournament_id, sat.prizes, sat.cash_long_short, sat.cash_profit) == (
        "sat",
        9_000,
        0,
        10_000,
    )
    assert (main.gross_proceeds, main.cash_long_short, main.cash_profit) == (18_000, 0, 9_000)
