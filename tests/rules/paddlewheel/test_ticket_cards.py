"""The ticket-card method (99-01.3-11-02): the flare, prices, sales, spins, prizes, claims,
records and the series' reporting in one quarter."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.core.errors import ConfigError, RuleViolation
from croupier.core.protocol import Play
from croupier.games.paddlewheel import (
    TICKET_GAME,
    CardPlay,
    CardSetup,
    Spin,
    TicketRules,
    report_series,
    rules_from_dict,
)
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.tickets import CardPhase


def rules(data: dict[str, Any]) -> TicketRules:
    r = rules_from_dict(data)
    assert isinstance(r, TicketRules)
    return r


def problems(data: dict[str, Any]) -> list[tuple[str, str | None]]:
    with pytest.raises(ConfigError) as info:
        rules_from_dict(data)
    return [(p.field, p.section) for p in info.value.problems]


Card = Play[TicketRules, CardSetup, CardPlay, a.TicketAction]


def opened(data: dict[str, Any], number: int = 1001, date: str = "2026-07-04") -> Card:
    return Play(TICKET_GAME, rules(data), CardSetup(number, date))


def sold_card(data: dict[str, Any], number: int = 1001, date: str = "2026-07-04") -> Card:
    card = opened(data, number, date)
    for t, who in enumerate(["ann", "ann", "bob", "bob", "carl", "carl"], start=1):
        card.apply(a.SellTicket(t, who, 100))
    return card


def refused(card: Card, action: a.TicketAction, section: str) -> None:
    before, log = TICKET_GAME.snapshot(card.state), list(card.log)
    with pytest.raises(RuleViolation) as info:
        card.apply(action)
    assert info.value.section == section
    assert TICKET_GAME.snapshot(card.state) == before
    assert card.log == log


def test_99_01_3_11_02_1_numbers_never_repeat_on_a_card(ticket_data: dict[str, Any]) -> None:
    ticket_data["tickets"][1] = ["2", "7"]  # 7 is on ticket 1 too
    assert ("tickets", "99-01.3-11-02.1") in problems(ticket_data)


def test_99_01_3_11_02_1_master_flare(ticket_data: dict[str, Any]) -> None:
    flare = ticket_data["flare"]
    flare.update(stamp_card_number=1005, stamp_number=" ", ticket_type="", posted=False)
    found = problems(ticket_data)
    for field in ("stamp_card_number", "stamp_number", "ticket_type", "posted"):
        assert (f"flare.{field}", "99-01.3-11-02.1") in found


def test_99_01_3_11_02_1_card_outside_flare_range(ticket_data: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as info:
        CardPlay(rules(ticket_data), 1011, "2026-07-04")
    assert info.value.section == "99-01.3-11-02.1"


def test_99_01_3_11_02_1_serial_number_on_every_ticket(ticket_data: dict[str, Any]) -> None:
    card = opened(ticket_data, 1003)
    events = card.apply(a.SellTicket(1, "ann", 100)).events
    assert events[0].to_dict()["serial_number"] == "001003"


def test_99_01_3_11_02_2_price_at_most_two_dollars(ticket_data: dict[str, Any]) -> None:
    ticket_data["flare"]["price_per_ticket"] = 201
    assert ("flare.price_per_ticket", "99-01.3-11-02.2") in problems(ticket_data)


def test_99_01_3_11_02_2_no_discount(ticket_data: dict[str, Any]) -> None:
    card = opened(ticket_data, 1001)
    refused(card, a.SellTicket(1, "ann", 90), "99-01.3-11-02.2")
    refused(card, a.SellTicket(1, "ann", 110), "99-01.3-11-02.2")


def test_99_01_3_11_02_2_all_sold_before_a_spin(ticket_data: dict[str, Any]) -> None:
    card = opened(ticket_data, 1001)
    card.apply(a.SellTicket(1, "ann", 100))
    refused(card, a.SpinForPrize(Spin(0, 5, 5)), "99-01.3-11-02.2")
    card.apply(a.RefundCard())
    assert card.settlement().details["refunded"] == 100


def test_99_01_3_11_02_2_no_refund_once_spinning(ticket_data: dict[str, Any]) -> None:
    refused(sold_card(ticket_data), a.RefundCard(), "99-01.3-11-02.2")


def test_99_01_3_11_02_3_void_spin_spun_again(ticket_data: dict[str, Any]) -> None:
    card = sold_card(ticket_data)
    card.apply(a.SpinForPrize(Spin(0, 3, 5)))
    assert card.state.data.phase is CardPhase.SPINNING
    card.apply(a.SpinForPrize(Spin(5, 4, 5)))
    assert card.state.data.winner == (1, "ann")


def test_99_01_3_11_02_4_prize_limits(ticket_data: dict[str, Any]) -> None:
    ticket_data["prizes"] = [
        {"cash": 10001},
        {"merchandise": "tv", "retail_price": 20000, "cost": 15000},
        {"cash": 100, "merchandise": "both"},
        {"multiple_of_ticket_price": 10},
    ]
    found = problems(ticket_data)
    # Every problem at once: the multiple of the ticket price no longer hides the others.
    assert ("prizes[3]", "99-01.3-11-02.4") in found
    assert ("prizes[0].cash", "99-01.3-11-02.4") in found
    ticket_data["prizes"] = ticket_data["prizes"][:3]
    found = problems(ticket_data)
    assert ("prizes[3]", "99-01.3-11-02.4") not in found
    assert ("prizes[0].cash", "99-01.3-11-02.4") in found
    assert ("prizes[1].retail_price", "99-01.3-11-02.4") in found
    assert ("prizes[2]", "99-01.3-11-02.4") in found


def test_99_01_3_11_02_6_a_twenty_dollars_a_player(ticket_data: dict[str, Any]) -> None:
    ticket_data["tickets"] = [[str(n)] for n in range(1, 13)]
    ticket_data["flare"]["price_per_ticket"] = 200
    card = opened(ticket_data, 1001)
    for t in range(1, 11):
        card.apply(a.SellTicket(t, "ann", 200))
    refused(card, a.SellTicket(11, "ann", 200), "99-01.3-11-02.6.a")


def test_99_01_3_11_02_6_d_claim_limit_at_most_one_hour(ticket_data: dict[str, Any]) -> None:
    ticket_data["presence_required"] = False
    ticket_data["claim_limit_minutes"] = 61
    assert ("claim_limit_minutes", "99-01.3-11-02.6.d") in problems(ticket_data)
    ticket_data["claim_limit_minutes"] = None
    assert ("claim_limit_minutes", "99-01.3-11-02.6.d") in problems(ticket_data)


def test_99_01_3_11_02_6_e_unclaimed_prize_spun_again(ticket_data: dict[str, Any]) -> None:
    card = sold_card(ticket_data)
    card.apply(a.SpinForPrize(Spin(0, 4, 35)))  # '4': ticket 4
    refused(card, a.ClaimPrize(3), "99-01.3-11-02.3")
    card.apply(a.PrizeUnclaimed())
    assert card.state.data.phase is CardPhase.SPINNING
    assert card.state.data.prize == 0


def test_99_01_3_11_02_3_every_wheel_number_on_a_ticket(ticket_data: dict[str, Any]) -> None:
    ticket_data["tickets"] = ticket_data["tickets"][:5]  # 6 and 12 on no ticket
    assert ("tickets", "99-01.3-11-02.3") in problems(ticket_data)


def _finished(data: dict[str, Any], number: int, date: str) -> CardPlay:
    card = sold_card(data, number, date)
    for stop, ticket in ((35, 4), (5, 1)):
        card.apply(a.SpinForPrize(Spin(card.state.data.wheel_at, 4, stop)))
        card.apply(a.ClaimPrize(ticket))
    return card.state


def test_99_01_3_11_02_5_series_reported_in_one_quarter(ticket_data: dict[str, Any]) -> None:
    r = rules(ticket_data)
    cards = [_finished(ticket_data, 1001, "2026-07-04"), _finished(ticket_data, 1002, "2026-09-30")]
    report = report_series(r.flare, cards)
    assert report.quarter == "2026-Q3"
    assert report.gross_proceeds == 1200  # 2 cards x 6 tickets x $1
    # Prizes as reported: cash plus the cost of merchandise (-02.4, -07.1.f), not its retail
    # price: 2 x ($3.50 + $0.90 cap cost).
    assert report.prizes == 880
    assert report.cards_retained_unsold == tuple(range(1003, 1011))
    assert len(report.prize_records) == 4
    late = [_finished(ticket_data, 1001, "2026-07-04"), _finished(ticket_data, 1002, "2026-10-01")]
    with pytest.raises(RuleViolation) as info:
        report_series(r.flare, late)
    assert info.value.section == "99-01.3-11-02.5"


def test_99_01_3_11_01_1_a_ticket_card_wheel_is_not_held_to_the_table_wheels_rules(
    ticket_data: dict[str, Any], table_data: dict[str, Any]
) -> None:
    """Found by an audit: -01.1 applies only -02 and -07 to the ticket-card method, so -03.1
    (each circle a different colour, an inner circle at most half its outer neighbour, five
    circles at most) and -03.2 (pegs, a pointer) bind the table method alone. The same wheel is
    a ticket-card wheel and is refused as a table's, each problem with its section."""
    from croupier.core.errors import ConfigError
    from croupier.games.paddlewheel import rules_from_dict

    twelve = [str(n) for n in range(1, 13)]
    wheel = {
        "circles": [{"color": "red", "sections": twelve} for _ in range(6)],  # six, one colour
        "pegs": False,
        "pointer": False,
    }
    rules_from_dict({**ticket_data, "wheel": wheel})  # accepted
    table_wheel = {**table_data["wheel"], **wheel}
    with pytest.raises(ConfigError) as refused:
        rules_from_dict({**table_data, "wheel": table_wheel})
    text = str(refused.value)
    for words, section in (
        ("at most 5 concentric circles", "99-01.3-11-03.1"),
        ("each circle must be a different colour", "99-01.3-11-03.1"),
        ("up to one-half", "99-01.3-11-03.1"),
        ("a peg must protrude", "99-01.3-11-03.2"),
        ("a pointer must be above the wheel", "99-01.3-11-03.2"),
    ):
        assert words in text, words
        assert section in text, section
