"""Three Card 21 on the game protocol: chance draws from the shoe (2C.2(a)), the chips each
party moved, the actions recorded in the events, and refusals through ``Play``."""

from __future__ import annotations

import pytest

from croupier.core.cards import parse_card
from croupier.core.errors import RuleViolation
from croupier.core.protocol import HOUSE, PendingKind, Play
from croupier.games.threecard21 import GAME, Setup
from croupier.games.threecard21 import actions as a
from croupier.games.threecard21.actions import Action
from croupier.games.threecard21.rules import HouseRules
from croupier.games.threecard21.state import PersonWager, Round, SpotWagers

Table = Play[HouseRules, Setup, Round, Action]


class FixedRng:
    """An ``Rng`` that always answers ``value`` and remembers the bound it was asked for."""

    def __init__(self, value: int) -> None:
        self.value = value
        self.bounds: list[int] = []

    def randbelow(self, n: int) -> int:
        self.bounds.append(n)
        return min(self.value, n - 1)


def table(rules: HouseRules, *spots: SpotWagers) -> Table:
    return Play(GAME, rules, Setup(tuple(spots)))


def deal(play: Table, cards: str) -> None:
    for text in cards.split():
        play.apply(a.Deal(parse_card(text)))


def test_2C_2_a_chance_draws_from_the_decks_minus_the_cards_seen() -> None:
    # Six decks hold six 2c. Two spots and the dealer take eight cards; six of them are 2c.
    # 312 - 7 = 305 cards remain before the eighth; the first card in index order is no longer
    # 2c (none left) but 2d; the last is As.
    play = table(
        HouseRules(), SpotWagers(1, (PersonWager(1000),)), SpotWagers(2, (PersonWager(1000),))
    )
    deal(play, "2c 2c 2c 2c 2c 2c 9h")
    assert play.pending.kind is PendingKind.CHANCE
    low = FixedRng(0)
    assert GAME.chance(play.state, low) == a.Deal(parse_card("2d"))
    assert low.bounds == [312 - 7]
    assert GAME.chance(play.state, FixedRng(10**9)) == a.Deal(parse_card("As"))


def test_2C_2_a_eight_decks_in_the_chance_draw() -> None:
    play = table(HouseRules(decks=8), SpotWagers(1, (PersonWager(1000),)))
    rng = FixedRng(0)
    GAME.chance(play.state, rng)
    assert rng.bounds == [8 * 52]


def test_no_decision_is_listed_while_a_card_is_due() -> None:
    play = table(HouseRules(), SpotWagers(1, (PersonWager(1000),)))
    assert play.legal_actions() == ()


def test_2C_8_a_balances_follow_the_chips_of_a_surrender() -> None:
    # Kh 9s Qd 8h 5s: 25 against a 9, no bonus (-$10). Surrendered: half the $10 wager back.
    play = table(HouseRules(surrender=True), SpotWagers(1, (PersonWager(1000),)))
    assert GAME.balances(play.state) == {"player:1": -2000, "layout": 2000}
    deal(play, "Kh 9s Qd 8h 5s")
    assert GAME.balances(play.state) == {"player:1": -2000, "layout": 1000, HOUSE: 1000}
    play.apply(a.Surrender(1))
    assert GAME.balances(play.state) == {"player:1": -1500, "layout": 0, HOUSE: 1500}
    assert dict(play.settlement().parties) == {"player:1": -1500, HOUSE: 1500}


def test_2C_5_f_a_wager_change_moves_both_wagers() -> None:
    play = table(HouseRules(), SpotWagers(1, (PersonWager(1000),)))
    play.apply(a.ChangeWager(1, 2500))
    assert GAME.balances(play.state) == {"player:1": -5000, "layout": 5000}


def test_2C_12_each_person_on_a_shared_spot_is_a_party() -> None:
    # Ann (seated) $10, Bob $5: 9h 7c 5d Ks 4s = 18 against K-7 = 17, no bonus.
    rules = HouseRules(max_persons_per_spot=2)
    spot = SpotWagers(1, (PersonWager(1000, "Ann", seated=True), PersonWager(500, "Bob")))
    play = table(rules, spot)
    deal(play, "9h Kc 5d 7s 4s")
    play.apply(a.Stand(1))
    assert dict(play.settlement().parties) == {"player:Ann": 0, "player:Bob": 0, HOUSE: 0}


def test_the_events_record_every_action_and_rebuild_the_round() -> None:
    rules = HouseRules(max_persons_per_spot=2)
    spot = SpotWagers(1, (PersonWager(1000, "A", seated=True), PersonWager(500, "B")))
    play = table(rules, spot)
    play.apply(a.ChangeWager(1, 600, "B"))
    deal(play, "5c 9h 4d Th 2s")
    play.apply(a.ReaderInsertedInError(device_reveals_hole_card=False))
    play.apply(a.Double(1, 0, 1000, (("B", 600),)))
    deal(play, "9d")
    assert GAME.actions_from_events(play.events) == play.log
    again = Play.rebuilt(GAME, rules, play.setup, play.log)
    assert GAME.snapshot(again.state) == GAME.snapshot(play.state)
    assert again.settlement() == play.settlement()


def test_2C_9_a_a_refused_double_changes_nothing() -> None:
    play = table(HouseRules(), SpotWagers(1, (PersonWager(1000),)))
    deal(play, "5c 9h 4d Th 2s")
    before = GAME.snapshot(play.state)
    with pytest.raises(RuleViolation) as info:
        play.apply(a.Double(1, 0, 1100))
    assert info.value.section == "N.J.A.C. 13:69F-2C.9(a)"
    assert GAME.snapshot(play.state) == before
    assert len(play.log) == 5
