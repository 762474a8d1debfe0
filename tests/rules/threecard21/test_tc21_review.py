"""Findings of the independent review of the Three Card 21 engine, each pinned by its section.

Every expected value below is worked from the rule text, not from running the engine."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import RuleViolation
from croupier.core.events import Event
from croupier.core.protocol import Play
from croupier.games.base import Outcome
from croupier.games.threecard21 import GAME, Setup
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.events import CardBurned, CardDealt, WagerPlaced
from croupier.games.threecard21.model import Phase
from croupier.games.threecard21.rules import HouseRules
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers
from croupier.games.threecard21.view import RoundView

Table = Play[HouseRules, Setup, Round, Action]


def table(rules: HouseRules, spots: Sequence[SpotWagers], *, burn_first: bool = False) -> Table:
    """A round driven through ``Play``, the one mechanism by which an action is refused."""
    return Play(GAME, rules, Setup(tuple(spots), burn_first))


def act(state: Table, action: Action) -> list[Event]:
    return list(state.apply(action).events)


def view(state: Table) -> RoundView:
    return state.state.view()


def deal(state: Table, cards: str) -> list[Event]:
    events: list[Event] = []
    for text in cards.split():
        events += act(state, a.Deal(parse_card(text)))
    return events


def refused(state: Table, action: Action, section: str) -> None:
    before = GAME.snapshot(state.state)
    with pytest.raises(RuleViolation) as info:
        act(state, action)
    assert section in info.value.section
    assert GAME.snapshot(state.state) == before


def results(state: Table) -> set[tuple[int, str, str | None, str, int]]:
    return {(w.hand, w.kind, w.player, w.result.value, w.net) for w in state.settlement().wagers}


def test_2C_12_b_highest_wager_decides_after_a_wager_change() -> None:
    # Nobody seated: the highest wager calls the decisions (2C.12(b)). Bob raises to $20 before
    # the first card (2C.5(f)), so Bob, not Ann ($10), decides; his double may be up to $20.
    rules = HouseRules(max_persons_per_spot=3)
    spot = SpotWagers(1, (PersonWager(1000, "Ann"), PersonWager(500, "Bob")))
    state = table(rules, [spot])
    act(state, a.ChangeWager(1, 2000, "Bob"))
    deal(state, "5c 7h 3d Td 2s")  # 5-3-2 = 10 against a 7: no check
    doubles = [x for x in state.legal_actions() if isinstance(x, a.Double)]
    assert doubles == [a.Double(1, 0, 2000)]
    events = act(state, a.Double(1, 0, 2000))
    assert WagerPlaced(1, 0, "double", 2000, "Bob") in events


def test_2C_12_b_seated_player_keeps_the_call_after_a_change() -> None:
    rules = HouseRules(max_persons_per_spot=3)
    spot = SpotWagers(1, (PersonWager(1000, "Ann", seated=True), PersonWager(500, "Bob")))
    state = table(rules, [spot])
    act(state, a.ChangeWager(1, 2000, "Bob"))
    deal(state, "5c 7h 3d Td 2s")
    events = act(state, a.Double(1, 0, 1000))
    assert WagerPlaced(1, 0, "double", 1000, "Ann") in events


def test_2A_14_c_exposed_card_during_insurance_is_the_next_card() -> None:
    # The initial three cards are out (Tc 5d 2s = 17 against an ace); while insurance is being
    # decided a card, 3h, is drawn in error and exposed. It is dealt "as though it were the next
    # card from the shoe" (2A.14(c)): after the check, the player's first draw receives it.
    state = table(HouseRules(), [SpotWagers(1, (PersonWager(1000),))])
    deal(state, "Tc Ah 5d 9c 2s")
    assert state.state.phase is Phase.INSURANCE
    act(state, a.ExposedCardDrawnInError(parse_card("3h")))
    act(state, a.DeclineInsurance(1))  # no blackjack
    events = act(state, a.Hit(1, 0))
    assert CardDealt(1, 0, parse_card("3h"), True) in events  # 20, no shoe card needed
    events = act(state, a.Stand(1, 0))
    # dealer A-9 = soft 20 stands: 20 against 20 is a push (2C.5(d))
    assert (0, "original", None, Outcome.PUSH.value, 0) in results(state)


def test_2A_14_c_exposed_card_burned_when_a_dealer_blackjack_ends_the_round() -> None:
    # Same, but the hole card is a king: blackjack, the round ends at the check (2C.5(c)4);
    # nobody can use the exposed card, so it is burned (2A.14(c)).
    state = table(HouseRules(), [SpotWagers(1, (PersonWager(1000),))])
    deal(state, "Tc Ah 5d Kc 2s")
    act(state, a.ExposedCardDrawnInError(parse_card("3h")))
    events = act(state, a.DeclineInsurance(1))
    assert state.state.phase is Phase.DONE
    assert any(isinstance(e, CardBurned) and e.card == parse_card("3h") for e in events)
    assert (0, "original", None, Outcome.LOSE.value, -1000) in results(state)


def test_2A_14_c_not_during_the_initial_deal() -> None:
    state = table(HouseRules(), [SpotWagers(1, (PersonWager(1000),))])
    deal(state, "Tc Ah 5d")
    refused(state, a.ExposedCardDrawnInError(parse_card("3h")), "2A.14(c)")


def test_2C_8_a_no_card_while_surrender_is_being_decided() -> None:
    # Kc Qd 5s = 25 against a 9: the player's surrender decision is due, not a card (2C.8(a)).
    state = table(HouseRules(surrender=True), [SpotWagers(1, (PersonWager(1000),))])
    deal(state, "Kc 9s Qd 8h 5s")
    assert state.state.phase is Phase.SURRENDER
    refused(state, a.Deal(parse_card("2c")), "2C.8(a)")


@pytest.mark.parametrize(
    ("wager", "chip", "limit"),
    [
        (1000, 100, 500),  # half is $5: exactly half
        (500, 100, 300),  # half $2.50 cannot be bet in $1 chips: up to $3
        (1500, 500, 1000),  # half $7.50 cannot be bet in $5 chips: up to $10
        (501, 1, 251),  # half 250.5 cents cannot be bet in 1-cent units: up to 251
    ],
)
def test_2C_7_b_insurance_limit_next_chip_unit(wager: int, chip: int, limit: int) -> None:
    rules = HouseRules(smallest_chip=chip, table_minimum=chip, table_maximum=100_000)
    state = table(rules, [SpotWagers(1, (PersonWager(wager),))])
    deal(state, "Tc Ah 5d 9c 2s")
    offered = [x for x in state.legal_actions() if isinstance(x, a.Insure)]
    assert offered == [a.Insure(1, limit)]
    refused(state, a.Insure(1, limit + chip), "2C.7(b)")
    act(state, a.Insure(1, limit))
