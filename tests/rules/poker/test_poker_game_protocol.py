"""Poker's settlement through the game protocol (``GAME``): each party's net, worked by hand
from the rule text. Default table: nontournament, small blind 25, big blind 50 (cents)."""

from __future__ import annotations

from croupier.core.protocol import HOUSE, PendingKind, Play, player_party
from croupier.core.rng import SeededRng
from croupier.games.poker import GAME, Action, ActionKind, Hand, SeatSpec, Setup, TableRules
from croupier.games.poker.game import NEXT_POT, POT

K = ActionKind
Poker = Play[TableRules, Setup, Hand, Action]


def _play(seats: int, button: int) -> Poker:
    setup = Setup(tuple(SeatSpec(k + 1, 1000) for k in range(seats)), button)
    return Play(GAME, TableRules(), setup)


def _deal(play: Poker, rng: SeededRng) -> None:
    while play.pending.kind is PendingKind.CHANCE:
        play.apply(GAME.chance(play.state, rng))


def test_99_01_3_09_04_11_heads_up_fold_gives_the_big_blind_the_small_blind() -> None:
    # Heads-up the button posts the small blind (25) and acts first; it folds: the big blind
    # (seat 2) takes the 75 pot, a gain of 25. No rake: the house's part is 0.
    play = _play(2, 1)
    _deal(play, SeededRng(1))
    assert GAME.balances(play.state) == {
        player_party(1): -25,
        player_party(2): -50,
        HOUSE: 0,
        POT: 75,
    }
    play.apply(Action(K.FOLD, 1))
    assert dict(play.settlement().parties) == {player_party(1): -25, player_party(2): 25, HOUSE: 0}


def test_99_01_3_09_04_28_forfeited_chips_are_the_next_game_pot_party() -> None:
    # Button seat 3: seat 1 posts 25, seat 2 posts 50. Seat 3 raises to 100 knowing the deck was
    # defective, seat 1 calls (75 more). The deck is found defective: seats 1 and 2 get back what
    # they put in; seat 3's 100 stays on the table for the next game's pot.
    play = _play(3, 3)
    _deal(play, SeededRng(2))
    play.apply(Action(K.RAISE, 3, amount=100))
    play.apply(Action(K.CALL, 1))
    play.apply(Action(K.DEFECTIVE_DECK, seats=(3,)))
    assert play.is_over()
    assert dict(play.settlement().parties) == {
        player_party(1): 0,
        player_party(2): 0,
        player_party(3): -100,
        HOUSE: 0,
        NEXT_POT: 100,
    }
    assert dict(GAME.balances(play.state)) == dict(play.settlement().parties)


def test_99_01_3_09_04_13_misdeal_returns_every_wager() -> None:
    # A misdeal while dealing (before substantial action): every chip goes back to its player.
    play = _play(3, 1)
    play.apply(GAME.chance(play.state, SeededRng(3)))
    play.apply(Action(K.MISDEAL, reason="two cards exposed"))
    assert play.is_over()
    parties = dict(play.settlement().parties)
    assert parties == {player_party(1): 0, player_party(2): 0, player_party(3): 0, HOUSE: 0}
