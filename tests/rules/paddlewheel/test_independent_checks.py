"""What the independent checks of the paddlewheel engine found: payoffs posted per coloured number
or symbol (-06.2), the series' master flare and sales (-02.1, -02.2), the $20 a spin across all of
a player's purchases (-02.6.a, -05.3), claims refused under their own subdivision (-02.3,
-02.6.c, d, e) and tips on a number (-05.3, -05.7). Expected values are worked from the rule
text in the comments."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from croupier.analysis.paddlewheel import analyze_table
from croupier.core.errors import ConfigError, InvalidInput, RuleViolation
from croupier.core.protocol import Play
from croupier.games.base import Outcome
from croupier.games.paddlewheel import (
    GAME,
    TICKET_GAME,
    CardSetup,
    Spin,
    Table,
    TableRules,
    TableSetup,
    TicketRules,
    disclosure,
    rules_from_dict,
)
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.tickets import CardPhase

RED = [str(n) for n in range(1, 39)] + ["0", "00"]


def _table_rules(data: dict[str, Any]) -> TableRules:
    rules = rules_from_dict(data)
    assert isinstance(rules, TableRules)
    return rules


def _ticket_rules(data: dict[str, Any]) -> TicketRules:
    rules = rules_from_dict(data)
    assert isinstance(rules, TicketRules)
    return rules


def _problems(data: dict[str, Any]) -> list[tuple[str, str | None]]:
    with pytest.raises(ConfigError) as info:
        rules_from_dict(data)
    return [(p.field, p.section) for p in info.value.problems]


def _card(data: dict[str, Any], site: str | None = None) -> Any:
    return Play(TICKET_GAME, _ticket_rules(data), CardSetup(1001, "2026-07-04", site))


def _refused(play: Any, action: Any, section: str) -> None:
    before, log = play.game.snapshot(play.state), list(play.log)
    with pytest.raises(RuleViolation) as info:
        play.apply(action)
    assert info.value.section == section
    assert "\n" not in str(info.value)
    assert play.game.snapshot(play.state) == before
    assert play.log == log


def _sold(data: dict[str, Any]) -> Any:
    card = _card(data)
    for t, who in enumerate(["ann", "ann", "bob", "bob", "carl", "carl"], start=1):
        card.apply(a.SellTicket(t, who, 100))
    return card


# -- 99-01.3-11-06.2: a payoff for each differently coloured number or symbol -------------------


def test_99_01_3_11_06_2_payoff_per_symbol(table_data: dict[str, Any]) -> None:
    table_data["prize_table"]["exact"]["red"] = {
        s: "40 to 1" if s in ("0", "00") else "38 to 1" for s in RED
    }
    rules = _table_rules(table_data)
    payoffs = {s.label: str(s.payoff) for s in rules.spots()}
    assert payoffs["red 00"] == "40 to 1"
    assert payoffs["red 0"] == "40 to 1"
    assert payoffs["red 17"] == "38 to 1"
    assert payoffs["blue 3"] == "18 to 1"  # a circle with one payoff is unchanged
    t = Table(rules)
    t.apply(a.Join(1, "ann", "blue"))
    t.apply(a.BuyChips(1, 500))
    t.apply(a.PlaceBet(1, "red 00", 2))
    t.apply(a.CloseBets())
    # Stop 395 reads red index 39 = '00': 2 chips x 40 = 80 chips won beside the kept chips.
    t.apply(a.SpinWheel(Spin(0, 5, 395)))
    (wager,) = t.settlement().wagers
    assert (wager.result, wager.net) == (Outcome.WIN, 8000)
    assert t.data.seats[1].rail == 5 - 2 + 2 + 80


def test_99_01_3_11_06_2_two_numbers_of_one_colour_pay_differently(
    table_data: dict[str, Any],
) -> None:
    table_data["prize_table"]["exact"]["blue"] = {
        str(n): "25 for 1" if n == 7 else "18 to 1" for n in range(1, 21)
    }
    rules = _table_rules(table_data)
    got = {r.label: r for r in analyze_table(rules)}
    # blue 7: 1/20 at 25 for 1 (24 beside the chip): 24/20 - 19/20 = 5/20 = 1/4.
    assert got["blue 7"].expected_return == Fraction(1, 4)
    # blue 8: 1/20 at 18 to 1: 18/20 - 19/20 = -1/20.
    assert got["blue 8"].expected_return == Fraction(-1, 20)


def test_99_01_3_11_06_2_every_number_of_the_circle_has_its_payoff(
    table_data: dict[str, Any],
) -> None:
    table_data["prize_table"]["exact"]["red"] = {"1": "38 to 1", "99": "2 to 1", "0": "a hat"}
    table_data["employees_on_duty"] = 1  # reported with the rest, all at once
    found = _problems(table_data)
    assert ("prize_table.exact.red.0", "99-01.3-11-01.2") in found  # merchandise at a table
    assert found.count(("prize_table.exact.red", "99-01.3-11-06.2")) == 2  # '99'; 2..38, '00'
    assert ("employees_on_duty", "99-01.3-11-04.2") in found


def test_99_01_3_11_06_2_wrong_type_payoff_keeps_other_problems(
    table_data: dict[str, Any],
) -> None:
    table_data["prize_table"]["exact"]["red"] = 38  # neither a payoff nor a table of payoffs
    table_data["employees_on_duty"] = 1
    found = _problems(table_data)
    assert ("prize_table.exact.red", "99-01.3-11-06.2") in found
    assert ("employees_on_duty", "99-01.3-11-04.2") in found


def test_99_01_3_11_06_2_odd_and_even_have_their_own_payoffs(table_data: dict[str, Any]) -> None:
    table_data["prize_table"]["odd"] = "1 to 1"
    table_data["prize_table"]["even"] = "3 for 1"
    payoffs = {s.label: s.payoff.winnings_per_chip for s in _table_rules(table_data).spots()}
    assert (payoffs["odd"], payoffs["even"]) == (1, 2)
    table_data["prize_table"]["even"] = "even money"
    assert ("prize_table.even", "99-01.3-11-01.2") in _problems(table_data)


def test_99_01_3_11_06_2_prize_information_states_each_payoff(
    table_data: dict[str, Any],
) -> None:
    table_data["prize_table"]["exact"]["red"] = {
        s: "40 to 1" if s in ("0", "00") else "38 to 1" for s in RED
    }
    lines = disclosure(_table_rules(table_data)).splitlines()
    assert "EXACT NUMBER RED (0, 00) 40 to 1" in lines
    assert f"EXACT NUMBER RED ({', '.join(RED[:38])}) 38 to 1" in lines
    assert "EXACT NUMBER BLUE 18 to 1" in lines
    assert "ODD 1 to 1" in lines
    assert "EVEN 2 for 1" in lines


# -- 99-01.3-11-02.1, -02.2: the master flare and the series' sales -------------------------------


def test_99_01_3_11_02_2_series_rules_refused_all_at_once(ticket_data: dict[str, Any]) -> None:
    ticket_data.update(
        minimum_purchase=2,
        bundles=[{"tickets": 3, "price": 250}],  # 3 x $1.00 = $3.00: a discount
        advance_sales=True,
        off_site_sales=True,
    )
    ticket_data["flare"].update(price_per_ticket=250, first_card_number=0, stamp_card_number=0)
    found = _problems(ticket_data)
    for field in ("minimum_purchase", "bundles[0].price", "advance_sales", "off_site_sales"):
        assert (field, "99-01.3-11-02.2") in found
    assert ("flare.price_per_ticket", "99-01.3-11-02.2") in found
    assert ("flare.first_card_number", "99-01.3-11-02.1") in found


def test_99_01_3_11_02_2_bundle_at_the_series_price(ticket_data: dict[str, Any]) -> None:
    ticket_data["bundles"] = [{"tickets": 2, "price": "$2.00"}]
    assert _ticket_rules(ticket_data).bundles[0].price == 200
    ticket_data["bundles"] = [{"tickets": 1, "price": 100}]
    assert ("bundles[0].tickets", "99-01.3-11-02.2") in _problems(ticket_data)


def test_99_01_3_11_02_2_one_ticket_is_enough(ticket_data: dict[str, Any]) -> None:
    ticket_data["bundles"] = [{"tickets": 2, "price": 200}]
    card = _card(ticket_data)
    card.apply(a.SellTicket(1, "ann", 100))  # one ticket alone, bundle or not
    card.apply(a.SellTickets((2, 3), "bob", 200))
    assert card.state.data.sold == {1: ("ann", 100), 2: ("bob", 100), 3: ("bob", 100)}


def test_99_01_3_11_02_2_no_discount_on_several_tickets(ticket_data: dict[str, Any]) -> None:
    card = _card(ticket_data)
    _refused(card, a.SellTickets((1, 2, 3), "ann", 250), "99-01.3-11-02.2")
    _refused(card, a.SellTickets((1, 2, 3), "ann", 350), "99-01.3-11-02.2")
    card.apply(a.SellTickets((1, 2, 3), "ann", 300))
    assert card.settlement().parties["player:ann"] == -300


def test_99_01_3_11_02_2_sold_on_the_site_the_day_of_play(ticket_data: dict[str, Any]) -> None:
    card = _card(ticket_data, site="Elks Lodge")
    _refused(card, a.SellTicket(1, "ann", 100, date="2026-07-03"), "99-01.3-11-02.2")
    _refused(card, a.SellTicket(1, "ann", 100, site="Moose Hall"), "99-01.3-11-02.2")
    _refused(card, a.SellTickets((1, 2), "ann", 200, date="2026-07-05"), "99-01.3-11-02.2")
    card.apply(a.SellTicket(1, "ann", 100, date="2026-07-04", site="Elks Lodge"))
    unstated = _card(ticket_data)  # the card's site not stated: a sale naming one is refused
    _refused(unstated, a.SellTicket(1, "ann", 100, site="Elks Lodge"), "99-01.3-11-02.2")


# -- 99-01.3-11-02.6.a, -05.3: $20 a spin across all of a player's purchases -----------------------


def test_99_01_3_11_02_6_a_limit_across_purchases(ticket_data: dict[str, Any]) -> None:
    ticket_data["tickets"] = [[str(n)] for n in range(1, 13)]
    ticket_data["flare"]["price_per_ticket"] = 200
    card = _card(ticket_data)
    card.apply(a.SellTickets((1, 2, 3, 4), "ann", 800))  # $8
    card.apply(a.SellTicket(5, "ann", 200))  # $10
    # Six more would be $22 for the card's spin; five make $20 exactly.
    _refused(card, a.SellTickets((6, 7, 8, 9, 10, 11), "ann", 1200), "99-01.3-11-02.6.a")
    card.apply(a.SellTickets((6, 7, 8, 9, 10), "ann", 1000))
    _refused(card, a.SellTicket(11, "ann", 200), "99-01.3-11-02.6.a")
    _refused(card, a.SellTicket(11, " Ann ", 200), "99-01.3-11-02.6.a")  # one person
    card.apply(a.SellTickets((11, 12), "bob", 400))
    assert card.state.data.phase is CardPhase.SPINNING


def test_99_01_3_11_05_3_limit_across_purchases_and_seats(table_data: dict[str, Any]) -> None:
    table_data["maximum_bet_per_spin"] = 1000  # the organization's maximum: $10
    t = Table(_table_rules(table_data))
    t.apply(a.Join(1, "ann", "blue"))
    t.apply(a.BuyChips(1, 500))
    t.apply(a.ExchangeCasinoChips(1, 500))
    t.apply(a.Join(2, "ANN", "green"))  # the same person with a second colour set
    t.apply(a.BuyChips(2, 300))
    t.apply(a.Join(3, "bob", "red"))
    t.apply(a.BuyChips(3, 1000))
    t.apply(a.PlaceBet(1, "red 5", 6))
    t.apply(a.PlaceBet(1, "red 6", 4))
    t.apply(a.PlaceBet(2, "red 7", 1))  # ann: $11 over every purchase and seat
    t.apply(a.PlaceBet(3, "red 5", 10))  # bob: $10 exactly
    t.apply(a.CloseBets())
    voided = {(w.space, w.kind) for w in t.settlement().wagers if w.result is Outcome.VOID}
    assert voided == {(1, "red 5"), (1, "red 6"), (2, "red 7")}
    assert (t.data.seats[1].rail, t.data.seats[2].rail) == (10, 3)
    assert t.data.layout == {(3, "red 5"): 10}


def test_99_01_3_11_02_6_a_purchase_rebuilt_from_its_events(ticket_data: dict[str, Any]) -> None:
    card = _card(ticket_data)
    card.apply(a.SellTickets((1, 2), "ann", 200))
    card.apply(a.SellTicket(3, "bob", 100))
    actions = TICKET_GAME.actions_from_events(card.events)
    assert actions == [a.SellTickets((1, 2), "ann", 200), a.SellTicket(3, "bob", 100)]
    again = Play.rebuilt(TICKET_GAME, card.rules, card.setup, actions)
    assert TICKET_GAME.snapshot(again.state) == TICKET_GAME.snapshot(card.state)


# -- a refused claim cites its subdivision (-02.3, -02.6.c, -02.6.d, -02.6.e) ----------------------


def test_99_01_3_11_02_3_claim_before_a_winner_is_drawn(ticket_data: dict[str, Any]) -> None:
    card = _card(ticket_data)
    _refused(card, a.ClaimPrize(1), "99-01.3-11-02.3")
    card = _sold(ticket_data)
    card.apply(a.SpinForPrize(Spin(0, 4, 35)))  # '4': ticket 4
    _refused(card, a.ClaimPrize(3), "99-01.3-11-02.3")


def test_99_01_3_11_02_6_c_absent_winner_claims_later(ticket_data: dict[str, Any]) -> None:
    card = _sold(ticket_data)  # presence required
    card.apply(a.SpinForPrize(Spin(0, 4, 35)))
    _refused(card, a.ClaimPrize(4, minutes=5), "99-01.3-11-02.6.c")


def test_99_01_3_11_02_6_d_claim_after_the_time_limit(ticket_data: dict[str, Any]) -> None:
    ticket_data.update(presence_required=False, claim_limit_minutes=30)
    card = _sold(ticket_data)
    card.apply(a.SpinForPrize(Spin(0, 4, 35)))
    _refused(card, a.ClaimPrize(4, minutes=31), "99-01.3-11-02.6.d")
    _refused(card, a.PrizeUnclaimed(30), "99-01.3-11-02.6.d")
    with pytest.raises(InvalidInput):
        card.apply(a.ClaimPrize(4, minutes=-1))
    card.apply(a.ClaimPrize(4, minutes=30))  # the limit itself is in time


def test_99_01_3_11_02_6_e_claim_after_the_prize_was_spun_again(
    ticket_data: dict[str, Any],
) -> None:
    ticket_data.update(presence_required=False, claim_limit_minutes=30)
    card = _sold(ticket_data)
    card.apply(a.SpinForPrize(Spin(0, 4, 35)))  # ticket 4
    card.apply(a.PrizeUnclaimed(31))
    _refused(card, a.ClaimPrize(4, minutes=32), "99-01.3-11-02.6.e")
    card.apply(a.SpinForPrize(Spin(35, 4, 5)))  # '1': ticket 1
    _refused(card, a.ClaimPrize(4), "99-01.3-11-02.6.e")
    card.apply(a.ClaimPrize(1))
    assert card.state.data.won == {1: 350}


# -- 99-01.3-11-05.3: a tip on a number is a tip bet --------------------------------------------


def test_99_01_3_11_05_3_tip_on_a_number_refused(table_data: dict[str, Any]) -> None:
    play = Play(GAME, _table_rules(table_data), TableSetup())
    play.apply(a.Join(1, "ann", "blue"))
    play.apply(a.BuyChips(1, 1000))
    _refused(play, a.PlaceBet(1, "red 18", 2, tip=True), "99-01.3-11-05.3")
    _refused(play, a.PlaceBet(1, "odd", 1, assisted=True, tip=True), "99-01.3-11-05.3")
    _refused(play, a.PlaceBet(1, "tip bet", 1), "99-01.3-11-05.3")
    assert not any(isinstance(x, a.PlaceBet) and x.tip for x in play.legal_actions())
    # A tip given with a chip is the way to tip (-05.7).
    play.apply(a.Tip(1, 1))
    assert play.state.data.tip_receptacle == 100


def test_99_01_3_11_05_3_house_rules_offering_tip_bets_refused(
    table_data: dict[str, Any],
) -> None:
    table_data["tip_bets"] = True
    assert ("tip_bets", "99-01.3-11-05.3") in _problems(table_data)
    table_data["tip_bets"] = False
    assert _table_rules(table_data).tip_bets is False


def test_99_01_3_11_02_2_handout_states_the_sales_policy(ticket_data: dict[str, Any]) -> None:
    ticket_data["bundles"] = [{"tickets": 2, "price": 200}]
    lines = disclosure(_ticket_rules(ticket_data)).splitlines()
    assert "A person is not required to buy more than one ticket; tickets are not discounted." in (
        lines
    )
    assert "All tickets are sold on this site the day the game is conducted." in lines
    assert "2 tickets may be bought together for $2.00 ($1.00 each)." in lines
