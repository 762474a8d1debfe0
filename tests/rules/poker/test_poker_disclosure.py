"""The poker house and player rules handout (99-01.3-09-06), built from the table rules.

Expected lines come from the text of -06.1 and -06.2 and from the configuration given here.
"""

from __future__ import annotations

from croupier.games.poker.disclosure import disclosure
from croupier.games.poker.rules import rules_from_dict

TOURNAMENT = {
    "structure": "no-limit",
    "tournament": True,
    "small_blind": 25,
    "big_blind": 50,
    "minimum_bet": 50,
    "max_raises": None,
    "odd_chip_unit": 1,
}


def test_99_01_3_09_06_1_house_rules_of_a_nontournament_table() -> None:
    # the default table: nontournament, blinds 25/50 cents, bets up to $1, three raises, $2 fee
    text = disclosure(rules_from_dict({}))
    assert "- One deck of 52 cards is used, dealt out of the hand." in text  # -06.1.a
    assert "- A cut card conceals the bottom card of the deck." in text  # -06.1.b
    assert "- Blind bets: small blind $0.25, big blind $0.50." in text  # -06.1.c
    assert "maximum single bet $1.00" in text  # -01
    assert "- A maximum of 3 raises per betting round." in text  # -06.1.e
    assert (
        "- Each raise must be equal to or greater than the original bet of that betting round."
        in text
    )  # -06.1.f
    assert "per one-half hour of play, collected in advance" in text  # -03.3


def test_99_01_3_09_06_1_d_ante_and_1_e_no_cap_when_the_house_sets_none() -> None:
    text = disclosure(rules_from_dict({**TOURNAMENT, "ante": 5}))
    assert "- Ante: 5 chips per player per hand." in text
    assert "raises per betting round" not in text
    assert "No-limit betting; minimum bet 50 chips." in text


def test_99_01_3_09_06_1_d_a_big_blind_ante_is_disclosed_as_the_big_blinds() -> None:
    # the tournament option of one ante posted by the big blind: the handout says who pays it
    text = disclosure(rules_from_dict({**TOURNAMENT, "ante": 50, "ante_payer": "big-blind"}))
    assert "- Ante: 50 chips each hand, posted by the big blind." in text
    assert "per player per hand" not in text


def test_99_01_3_09_06_1_f_following_the_last_raise_is_disclosed_with_the_original_bet() -> None:
    text = disclosure(rules_from_dict({**TOURNAMENT, "minimum_raise": "last-raise"}))
    assert (
        "- Each raise must be equal to or greater than the original bet of that betting round, "
        "and equal to or greater than the previous raise in that round." in text
    )
    plain = disclosure(rules_from_dict(TOURNAMENT))
    assert "previous raise" not in plain


def test_99_01_3_09_06_2_player_rules_are_all_listed() -> None:
    text = disclosure(rules_from_dict({}))
    player = text.split("PLAYER RULES", 1)[1]
    for words in (
        "twenty-one years of age or older",  # a
        "No side bets or credit play",  # b
        "Chips must remain visible on the table",  # c
        "electronic device for communication at the table is prohibited",  # d
        "placement of any electronic device on the table is prohibited",  # e
        "soft plays a hand shall be penalized",  # f
        "chip dumping or other collusion shall be disqualified",  # f
    ):
        assert words in player, words
