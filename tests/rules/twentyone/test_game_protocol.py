"""Twenty-one on the game protocol (``GAME``): the setup, chance from the shoe's composition,
the parties, and round files through the harness (``refused`` items, the listed shoe)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from croupier.core.cards import Card, multi_deck, parse_card
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.protocol import HOUSE, TIPS, PendingKind, Play, player_party
from croupier.core.rng import SeededRng
from croupier.games.roundfile import parse_round
from croupier.games.twentyone import SPEC
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.game import GAME, Setup
from croupier.games.twentyone.rules import rules_from_dict

G001: dict[str, Any] = {
    "game": "twentyone",
    "rules": {"dealing_method": "hole-card-no-peek"},
    "seats": [{"space": 1, "wager": 1000}],
    "shoe": ["Th", "7c", "9d", "Ts"],
    "actions": [{"action": "stand", "space": 1, "hand": 0}],
}


def test_spec_carries_the_protocol_object() -> None:
    assert SPEC.game is GAME
    assert GAME.name == "twentyone"


def test_99_01_3_08_10_1_a_round_needs_a_wager() -> None:
    with pytest.raises(RuleViolation) as info:
        GAME.start(rules_from_dict({}), Setup(()))
    assert info.value.section == "99-01.3-08-10.1"


def test_the_setup_places_the_wagers_and_the_dealer_deals_first() -> None:
    rules = rules_from_dict({})
    setup = Setup((SeatWager(2, 500, 100, "ann"), SeatWager(3, 500, 0, "ann")))
    state = GAME.start(rules, setup)
    assert GAME.pending(state).kind is PendingKind.DEALER
    assert GAME.legal_actions(state) == [Action(ActionKind.DEAL)]
    # ann's chips are on the layout: 5 + 1 + 5 dollars
    assert GAME.balances(state) == {"layout": 1100, player_party("ann"): -1100}
    assert [type(e).__name__ for e in state.opening] == ["WagerAccepted", "WagerAccepted"]


def test_chance_draws_only_cards_the_shoe_still_holds() -> None:
    rules = rules_from_dict({"decks": 4})
    play = Play(GAME, rules, Setup((SeatWager(1, 500),)))
    play.apply(Action(ActionKind.DEAL))
    last = parse_card("7h")
    for card in multi_deck(4):
        if card != last:
            play.state.seen[card] += 1  # every other card of the four decks has been seen
    rng = SeededRng(1)
    for _ in range(20):
        assert GAME.chance(play.state, rng) == Action(ActionKind.CARD, card=last)


def test_chance_is_uniform_over_the_cards_left() -> None:
    rules = rules_from_dict({"decks": 4})
    play = Play(GAME, rules, Setup((SeatWager(1, 500),)))
    play.apply(Action(ActionKind.DEAL))
    rng = SeededRng(2)
    drawn: Counter[Card] = Counter()
    for _ in range(5_200):
        action = GAME.chance(play.state, rng)
        assert action.card is not None
        drawn[action.card] += 1
    assert len(drawn) == 52
    assert max(drawn.values()) < 3 * min(drawn.values())


def test_parties_name_players_house_and_tips() -> None:
    """g032: a $10 wager and a $2 tip, both doubled, win (-09.2.a, -11.14): the player wins
    $20 on the wagers and gives $4 in tip bets; the tip box gets $8 (the tips and their 1:1
    payoff); the house pays $20 + $4."""
    data = {
        "game": "twentyone",
        "rules": {"dealing_method": "hole-card-no-peek", "tip_double_down": "equal"},
        "seats": [{"space": 1, "wager": 1000, "tip": 200}],
        "shoe": ["5c", "9d", "5h", "9s", "Ac"],
        "actions": [{"action": "double", "space": 1, "hand": 0, "tip_amount": 200}],
    }
    result = SPEC.replay(parse_round(data))
    assert dict(result.settlement.parties) == {
        player_party(1): 2000 - 400,
        HOUSE: -2000 - 400,
        TIPS: 800,
    }


def test_replay_transcript_begins_with_the_wagers() -> None:
    result = SPEC.replay(parse_round(G001))
    assert result.transcript[0] == "space 1 wagers $10.00 on space 1"
    assert type(result.events[0]).__name__ == "WagerAccepted"


def test_99_01_3_08_11_4_round_file_refused_item_changes_nothing() -> None:
    data = {
        **G001,
        "actions": [
            {"action": "hit", "space": 2, "hand": 0, "refused": "99-01.3-08-11.4"},
            {"action": "stand", "space": 1, "hand": 0},
        ],
    }
    refused = SPEC.replay(parse_round(data))
    plain = SPEC.replay(parse_round(G001))
    assert refused.settlement == plain.settlement
    assert refused.transcript == plain.transcript


def test_round_file_refused_under_another_section_is_an_error() -> None:
    data = {
        **G001,
        "actions": [
            {"action": "hit", "space": 2, "hand": 0, "refused": "99-01.3-08-09.2.c"},
            {"action": "stand", "space": 1, "hand": 0},
        ],
    }
    with pytest.raises(InvalidInput, match=r"refused under 99-01.3-08-11.4, not 99-01.3-08-09.2.c"):
        SPEC.replay(parse_round(data))


def test_99_01_3_08_02_3_round_file_shoe_larger_than_the_decks_is_refused() -> None:
    huge = [str(c) for c in multi_deck(8)] * 121
    data = {**G001, "rules": {"decks": 6}, "shoe": huge[:50_000]}
    with pytest.raises(RuleViolation) as info:
        SPEC.replay(parse_round(data))
    assert info.value.section == "99-01.3-08-02.3"


def test_99_01_3_08_02_3_round_file_card_more_often_than_the_decks_is_refused() -> None:
    data = {**G001, "rules": {"decks": 4}, "shoe": ["Th"] * 5 + ["7c", "9d", "Ts"]}
    with pytest.raises(RuleViolation) as info:
        SPEC.replay(parse_round(data))
    assert info.value.section == "99-01.3-08-02.3"
