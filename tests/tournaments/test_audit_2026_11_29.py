"""What an audit of the tournament module against the rule text found (2026-11-29): each was
accepted or computed wrongly before; every figure below is worked from the text."""

from __future__ import annotations

import pytest
from tournamenthelp import ADDRESS, poker_rules, twentyone_rules

from croupier.core.errors import ConfigError, InvalidInput, RuleViolation
from croupier.tournaments import Tournament, definition_from_dict, records
from croupier.tournaments.seating import seat_cards

DAY = "2026-07-10"


def _register(t: Tournament, player: str, at: str, **more: str) -> None:
    card = seat_cards(t.main.tables, t.rules.table_seats)[0]
    t.register(player, collected_by="Cass", at=at, address=more.pop("address", ADDRESS),
               card=card, **more)  # fmt: skip


def test_99_01_3_09_07_1_c_a_second_refund_hands_back_only_the_fee_paid_again() -> None:
    """Eve pays $100, is refunded, pays $100 again and is refunded again: $100 each time. The
    second refund counted the first fee too ($200), so the records showed $300 refunded
    against $200 collected."""
    t = Tournament.define(poker_rules(min_players=2))
    _register(t, "eve", f"{DAY}T12:00", name="Eve Evans")
    (first,) = t.refund("eve", f"{DAY}T12:05")
    _register(t, "eve", f"{DAY}T12:10", name="Eve Evans")
    (second,) = t.refund("eve", f"{DAY}T12:15")
    assert (first.cents, second.cents) == (10_000, 10_000)


def test_99_01_3_09_07_1_c_the_fee_register_keeps_a_refunded_players_name_and_address() -> None:
    """The fee register names each player with their address (-09-07.1.c); a refund took the
    player out of the entrants and the register then showed the id and no address."""
    t = Tournament.define(poker_rules(min_players=2))
    _register(t, "eve", f"{DAY}T12:00", name="Eve Evans", address="4 Elm St, Minot ND")
    t.refund("eve", f"{DAY}T12:05")
    (line,) = records.fee_register(t.state)
    assert (line.player, line.name, line.address, line.refunded) == (
        "eve",
        "Eve Evans",
        "4 Elm St, Minot ND",
        True,
    )


def test_99_01_3_08_15_4_a_merchandise_prize_is_not_lost_to_a_split() -> None:
    """First place a weekend for two ($300 of merchandise), second $50: a 25/25 split of the
    cash was accepted and the weekend was neither awarded nor recorded. A split pays only
    cash, so it is refused while a place still held carries merchandise."""
    payout = {"prizes": [{"place": 1, "merchandise": "Weekend for two", "value": "$300"},
                         {"place": 2, "cash": "$50"}]}  # fmt: skip
    t = Tournament.define(twentyone_rules(payout=payout))
    for player in ("A", "B"):
        _register(t, player, "2026-08-01T12:00")
    t.start("2026-08-01T12:05")
    with pytest.raises(RuleViolation, match="merchandise prize cannot be split") as refused:
        t.agree_split({"A": 2500, "B": 2500}, "2026-08-01T12:30")
    assert refused.value.section == "99-01.3-08-15.4"
    assert records.prize_register(t.state) == []


@pytest.mark.parametrize(
    ("rules", "field", "section"),
    [
        (poker_rules(rebuy={"amount": "lots"}), "rebuy", "99-01.3-09-02.23"),
        (twentyone_rules(entry_fee="free"), "entry_fee", "99-01.3-08-15.1"),
        (twentyone_rules(first_day="2026-08-02", last_day="2026-08-01"), "last_day",
         "99-01.3-08-16.1.e"),
    ],
)  # fmt: skip
def test_a_problem_cites_its_own_games_section(rules: dict[str, object], field: str,
                                               section: str) -> None:  # fmt: skip
    """A poker rebuy's problem cited a twenty-one section, a twenty-one entry fee's or date's a
    poker one."""
    with pytest.raises(ConfigError) as refused:
        definition_from_dict(rules)
    cited = {p.field.split(".")[0]: p.section for p in refused.value.problems}
    assert cited[field] == section, refused.value.problems


@pytest.mark.parametrize("player", ["x,y", "q=r"])
def test_a_player_named_with_a_comma_or_equals_sign_is_refused(player: str) -> None:
    # chips are recorded as player=value, comma-separated: such a player's chips could never be
    t = Tournament.define(poker_rules(min_players=2))
    before = len(t.events)
    with pytest.raises(InvalidInput, match="without ',' or '='"):
        _register(t, player, f"{DAY}T12:00")
    assert len(t.events) == before
