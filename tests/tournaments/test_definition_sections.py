"""Tournament definitions refused by section: every refusal is a test named after its section."""

from __future__ import annotations

from typing import Any

import pytest
from tournamenthelp import poker_rules, twentyone_rules

from croupier.core.errors import ConfigError
from croupier.tournaments import definition_from_dict


def refused(data: dict[str, Any]) -> dict[str, str]:
    """The refused fields of ``data`` and their sections."""
    with pytest.raises(ConfigError) as info:
        definition_from_dict(data)
    return {p.field: p.section or "" for p in info.value.problems}


def test_valid_definitions() -> None:
    assert definition_from_dict(poker_rules()).entry_fee == 10_000
    assert definition_from_dict(twentyone_rules()).table_seats == 7
    assert definition_from_dict(twentyone_rules(betting_spaces=2)).table_seats == 3


def test_99_01_3_08_15_1_an_entry_fee_over_200_refused() -> None:
    assert refused(twentyone_rules(entry_fee="$200.01"))["entry_fee"] == "99-01.3-08-15.1"


def test_99_01_3_08_15_1_an_add_on_past_200_is_posted_as_stopping_at_the_cap() -> None:
    """Issue 30: the $200 limits what a player pays (cumulatively); a schedule whose optional
    add-on could pass it is accepted, posted as stopping at $200."""
    rules = definition_from_dict(
        twentyone_rules(
            entry_fee="$100",
            rebuy={"count": 1, "amount": "$100", "chips": 500},
            add_on={"count": 1, "amount": "$1", "chips": 100},
        )
    )
    assert rules.max_fees_per_player == 20_100
    assert rules.payable_per_player == 20_000


def test_99_01_3_08_15_1_twentyone_fees_of_exactly_200_allowed() -> None:
    rules = twentyone_rules(entry_fee="$100", rebuy={"count": 1, "amount": "$100", "chips": 500})
    assert definition_from_dict(rules).max_fees_per_player == 20_000


def test_99_01_3_08_15_1_rebuy_over_entry_fee_refused() -> None:
    rules = twentyone_rules(entry_fee="$20", rebuy={"count": 1, "amount": "$20.01", "chips": 500})
    assert refused(rules)["rebuy.amount"] == "99-01.3-08-15.1"


def test_99_01_3_08_15_1_add_on_over_entry_fee_refused() -> None:
    rules = twentyone_rules(entry_fee="$20", add_on={"count": 1, "amount": "$25", "chips": 500})
    assert refused(rules)["add_on.amount"] == "99-01.3-08-15.1"


def test_99_01_3_08_15_1_twentyone_bounty_refused() -> None:
    assert refused(twentyone_rules(bounty="$5"))["bounty"] == "99-01.3-08-15.1"


def test_99_01_3_08_15_2_three_betting_spaces_refused() -> None:
    assert refused(twentyone_rules(betting_spaces=3))["betting_spaces"] == "99-01.3-08-15.2"


def test_99_01_3_08_15_2_level_without_length_refused() -> None:
    assert refused(twentyone_rules(levels=[{}]))["levels[0]"] == "99-01.3-08-15.2"


def test_99_01_3_08_15_3_no_minimum_bet_refused() -> None:
    rules = twentyone_rules()
    del rules["minimum_bet"]
    assert refused(rules)["minimum_bet"] == "99-01.3-08-15.3"


def test_99_01_3_08_15_3_maximum_below_minimum_refused() -> None:
    rules = twentyone_rules(minimum_bet=50, maximum_bet=25)
    assert refused(rules)["maximum_bet"] == "99-01.3-08-15.3"


def test_99_01_3_08_01_2_more_than_seven_spaces_refused() -> None:
    rules = twentyone_rules(seats_per_table=4, betting_spaces=2)
    assert refused(rules)["seats_per_table"] == "99-01.3-08-01.2"


def test_99_01_3_09_01_fees_every_player_pays_over_300_refused() -> None:
    rules = poker_rules(entry_fee="$251", bounty="$50")
    assert refused(rules)["entry_fee"] == "99-01.3-09-01"


def test_99_01_3_09_01_rebuys_past_300_are_posted_as_stopping_at_the_cap() -> None:
    """Issue 30: the cap limits what a player pays; a schedule whose optional rebuy could take a
    player past it is accepted, posted as stopping at $300 (the payment is refused when made:
    ``tests/golden/tournaments/22_poker_rebuy_past_300_refused_when_paid.json``)."""
    rules = definition_from_dict(
        poker_rules(
            entry_fee="$200",
            bounty="$50",
            rebuy={"count": 1, "amount": "$51", "chips": 5000},
            payout={"pool_percent": 60, "places": [100]},
        )
    )
    assert rules.max_fees_per_player == 30_100
    assert rules.payable_per_player == 30_000


def test_99_01_3_09_01_fees_of_exactly_300_allowed() -> None:
    rules = poker_rules(
        entry_fee="$200",
        bounty="$50",
        rebuy={"count": 1, "amount": "$50", "chips": 5000},
        payout={"pool_percent": 60, "places": [100]},
    )
    assert definition_from_dict(rules).max_fees_per_player == 30_000


def test_99_01_3_09_01_satellite_fee_over_300_refused() -> None:
    sat = {"id": "sat1", "entry_fee": "$301", "starting_chips": 1000, "buy_ins": 1}
    assert refused(poker_rules(satellites=[sat]))["satellites[0].entry_fee"] == "99-01.3-09-01"


def test_99_01_3_09_02_8_bounty_of_unknown_value_refused() -> None:
    problems = refused(poker_rules(bounty="to be drawn"))
    assert problems["bounty"] == "99-01.3-09-02.8"


def test_99_01_3_09_03_1_more_than_three_days_refused() -> None:
    assert refused(poker_rules(last_day="2026-07-13"))["last_day"] == "99-01.3-09-03.1"


def test_99_01_3_09_03_4_a_stud_refused() -> None:
    assert refused(poker_rules(variant="stud"))["variant"] == "99-01.3-09-03.4.a"


def test_99_01_3_09_03_4_dealers_when_players_alternate_refused() -> None:
    rules = poker_rules(dealing="players-alternate", dealers=["Dee"])
    assert refused(rules)["dealers"] == "99-01.3-09-03.4"


def test_99_01_3_09_03_4_f_pool_over_90_percent_refused() -> None:
    rules = poker_rules(payout={"pool_percent": 91, "places": [100]})
    assert refused(rules)["payout"] == "99-01.3-09-03.4.f"


def test_99_01_3_09_03_4_f_pool_of_90_percent_allowed() -> None:
    definition_from_dict(poker_rules(payout={"pool_percent": 90, "places": [100]}))


def test_99_01_3_09_03_4_f_fixed_prizes_no_full_field_could_cover_refused() -> None:
    """Fixed prizes over 90% of what even a full field paying every fee would bring can never
    be awarded: 10 players at $100, $1,000, of which 90% is $900 < $901."""
    rules = poker_rules(min_players=10, max_players=10, payout={"amounts": ["$600", "$301"]})
    assert refused(rules)["payout"] == "99-01.3-09-03.4.f"


def test_99_01_3_09_03_4_f_fixed_prizes_are_weighed_when_awarded_not_on_the_smallest_field() -> (
    None
):
    """Issue 30: $901 is over 90% of ten entry fees, but within 90% of eleven: the schedule is
    accepted, and each award is checked against the fees collected when it is made
    (``tests/golden/tournaments/23_*.json`` and ``24_*.json``)."""
    rules = poker_rules(min_players=10, max_players=11, payout={"amounts": ["$600", "$301"]})
    assert definition_from_dict(rules).payout.amounts == (60_000, 30_100)


def test_99_01_3_09_03_4_f_merchandise_prize_refused() -> None:
    merch = [{"place": 1, "description": "a television", "value": "$300"}]
    rules = poker_rules(payout={"pool_percent": 50, "places": [100], "merchandise": merch})
    assert refused(rules)["payout.merchandise"] == "99-01.3-09-03.4.f"


def test_99_01_3_08_15_4_merchandise_prize_allowed_in_twentyone() -> None:
    merch = [{"place": 3, "description": "a jacket", "value": "$40"}]
    rules = twentyone_rules(payout={"amounts": ["$100", "$50"], "merchandise": merch})
    assert definition_from_dict(rules).payout.paid_places == 3


def test_99_01_3_09_03_4_f_satellite_buy_ins_over_90_percent_refused() -> None:
    sat = {"id": "s", "entry_fee": "$30", "starting_chips": 1000, "min_players": 3, "buy_ins": 1}
    assert refused(poker_rules(satellites=[sat]))["satellites[0].buy_ins"] == "99-01.3-09-03.4.f"


def test_99_01_3_09_03_4_e_bounties_count_in_the_90_percent_cap() -> None:
    rules = poker_rules(bounty="$50", payout={"pool_percent": 90, "places": [100]})
    assert refused(rules)["payout"] == "99-01.3-09-03.4.f"
    definition_from_dict(poker_rules(bounty="$50", payout={"pool_percent": 85, "places": [100]}))


def test_99_01_3_09_05_2_twelve_seats_refused() -> None:
    assert refused(poker_rules(seats_per_table=12))["seats_per_table"] == "99-01.3-09-05.2"


def test_every_problem_at_once_each_with_its_section() -> None:
    problems = refused(
        poker_rules(
            bounty="mystery",
            variant="razz",
            last_day="2026-07-14",
            seats_per_table=12,
            entry_fee="$400",
        )
    )
    assert problems["bounty"] == "99-01.3-09-02.8"
    assert problems["variant"] == "99-01.3-09-03.4.a"
    assert problems["last_day"] == "99-01.3-09-03.1"
    assert problems["seats_per_table"] == "99-01.3-09-05.2"
    assert problems["entry_fee"] == "99-01.3-09-01"


def test_error_message_cites_each_section() -> None:
    with pytest.raises(ConfigError) as info:
        definition_from_dict(twentyone_rules(betting_spaces=3))
    assert "(99-01.3-08-15.2)" in str(info.value)


def test_toml_dates_unquoted_are_read_as_days() -> None:
    from croupier.core.data import loads_toml
    from croupier.tournaments import Tournament

    text = "first_day = 2026-07-10\nlast_day = 2026-07-11\n"
    data = {**poker_rules(), **loads_toml(text)}
    t = Tournament.define(data)
    assert (t.rules.first_day, t.rules.last_day) == ("2026-07-10", "2026-07-11")
    assert Tournament.replay(t.events).rules == t.rules
