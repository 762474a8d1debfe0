"""The console's view model (``service.tables.console``, issue 27): built from the view a person
may see, so it shows no card the seat view hides; says whose turn it is and what is due; counts
payouts out in the chips North Dakota allows (99-01.3-08-03.1)."""

from __future__ import annotations

import pytest

from croupier.core.protocol import PendingKind
from croupier.service.tables.console import Payout, chips_for, console
from croupier.service.tables.live import LiveTableHub, SeededRngSource
from croupier.store import open_store

from .conftest import GAMES, open_and_deal, play_out, step


@pytest.mark.parametrize(
    ("cents", "chips"),
    [
        # worked by hand from the chip values of -03.1 ($0.50, $1, $2, $5, $25, $100)
        (1500, "3 x $5"),
        (3750, "1 x $25 + 2 x $5 + 1 x $2 + 1 x $0.50"),
        (400, "2 x $2"),
        (12_600, "1 x $100 + 1 x $25 + 1 x $1"),
        (50, "1 x $0.50"),
    ],
)
def test_99_01_3_08_03_1_a_payout_is_counted_out_in_the_chips_north_dakota_allows(
    cents: int, chips: str
) -> None:
    assert chips_for(cents) == chips


def test_99_01_3_08_03_1_an_amount_the_chips_cannot_make_is_not_counted() -> None:
    assert chips_for(25) == ""  # a quarter: no chip is worth less than fifty cents


def test_payout_words() -> None:
    assert Payout("player:3", 1500, "3 x $5").text == "pay seat 3: $15.00 = 3 x $5"
    assert Payout("player:ann", -1000, "").text == "collect from ann: $10.00"
    assert Payout("player:ann", 0, "").text == "ann: even (push)"
    assert Payout("tips", 200, "").text == "tips to the receptacle: $2.00"


def test_a_poker_seat_that_neither_won_nor_lost_is_no_push() -> None:
    """A push is twenty-one's tie with the dealer (99-01.3-08-11); a poker seat that folded
    before putting chips in has simply no net change (issue 27's leftover)."""
    from croupier.service.tables.console import _payouts

    poker = {p.party: p.text for p in _payouts("poker", {"player:3": 0, "player:4": 150})}
    assert poker["player:3"] == "seat 3: no net change"
    assert poker["player:4"].startswith("pay seat 4: $1.50")
    twentyone = {p.party: p.text for p in _payouts("twentyone", {"player:2": 0})}
    assert twentyone["player:2"] == "space 2: even (push)"


def _hub() -> LiveTableHub:
    return LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(11))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_console_that_follows_the_round(game: str) -> None:
    """Each game's console names the places of the layout and says what is due at every step;
    when a seat is to act, exactly that place is marked and the turn is named."""
    hub = _hub()
    table = f"c-{game}"
    open_and_deal(hub, table, game)
    for n in range(60):
        t = hub.table(table)
        assert t.play is not None
        c = console(hub.view(table, "dealer"))
        assert c.game == game
        assert c.prompt
        pending = t.play.pending
        marked = [p.number for p in c.places if p.to_act]
        if pending.kind is PendingKind.SEAT:
            assert marked == [pending.seat]
            assert c.turn.endswith(str(pending.seat))
        else:
            assert marked == []
            assert c.turn == ""
        if step(hub, table, 3 + n) is None:
            break
    c = console(hub.view(table, "dealer"), {"player:1": 500, "house": -500})
    assert "over" in c.prompt
    assert [p.party for p in c.payouts] == ["player:1"]


def test_99_01_3_08_10_1_a_the_hole_card_is_face_down_on_a_players_console() -> None:
    """While the players decide, a player's console shows the dealer's second card face down
    (hole-card-no-peek): the console reads only what the seat view lets that seat see."""
    hub = _hub()
    open_and_deal(hub, "bj", "twentyone")
    while hub.table("bj").play.pending.kind is PendingKind.CHANCE:  # type: ignore[union-attr]
        assert hub.chance("bj", "dealer-1").accepted
    for viewer in ("player:2", "public"):
        c = console(hub.view("bj", viewer))
        assert c.dealer is not None
        faces = c.dealer.hands[0].cards
        assert len(faces) == 2
        assert faces[0].text is not None
        assert faces[1].down
    mine = console(hub.view("bj", "player:2"))
    assert [p.number for p in mine.places if p.mine] == [2]


def test_a_settled_round_says_who_was_paid() -> None:
    hub = _hub()
    open_and_deal(hub, "pw", "poker")
    play_out(hub, "pw", 5)
    assert hub.settle("pw", "dealer-1").accepted
    parties = dict(hub.table("pw").last_parties)
    c = console(hub.view("pw", "public"), parties)
    assert "No round in play" in c.prompt
    paid = {p.party: p.cents for p in c.payouts}
    assert paid == {k: v for k, v in parties.items() if k != "house"}
    assert sum(parties.values()) == 0
