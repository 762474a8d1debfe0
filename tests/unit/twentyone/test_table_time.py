"""Time at the table, with a fixed clock: the inactivity reshuffle (-08.2) and the burn or
reshuffle when a player comes to an open table with no player (-08.3)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from croupier.core.clock import FixedClock
from croupier.core.rng import SeededRng
from croupier.games.twentyone.actions import Action, ActionKind
from croupier.games.twentyone.events import ShoePrepared
from croupier.games.twentyone.rules import rules_from_dict
from croupier.service.games.twentyone_table import CardBurned, TwentyOneTable
from croupier.store import open_store

START = datetime(2024, 3, 1, 18, 0, tzinfo=UTC)


def _play_out(table: TwentyOneTable) -> None:
    while table.round is not None:
        table.act(Action(ActionKind.STAND, space=1, hand=table.round.pending.hand or 0))


def _open(url: str, clock: FixedClock, minutes: int = 10) -> TwentyOneTable:
    rules = rules_from_dict({"inactivity_reshuffle_minutes": minutes})
    return TwentyOneTable.open_or_resume(
        open_store(url, clock=clock), SeededRng(11), rules, clock=clock
    )


def test_99_01_3_08_08_2_reshuffle_after_the_house_period_of_inactivity(sqlite_url: str) -> None:
    clock = FixedClock(START)
    table = _open(sqlite_url, clock, minutes=10)
    table.start_round([(1, 500, 0)])
    _play_out(table)
    # 9 minutes 59 seconds without activity: the shoe is kept
    clock.advance(timedelta(minutes=9, seconds=59))
    assert not table.inactivity_due()
    events = table.start_round([(1, 500, 0)])
    assert not any(isinstance(e, ShoePrepared) for e in events)
    _play_out(table)
    # the house's ten minutes without activity: reshuffled before the next deal
    clock.advance(timedelta(minutes=10))
    assert table.inactivity_due()
    rounds_before = table.rounds
    events = table.start_round([(1, 500, 0)])
    assert isinstance(events[0], ShoePrepared)
    assert "no activity at the table for 10 minutes" in events[0].reason
    assert table.rounds == rounds_before + 1
    assert table.shoe is not None
    assert table.round is not None
    # a fresh shoe of 6 decks: 312 cards less the burn card and the cards of this deal
    dealt = len(table.round.seats[1].hands[0].cards) + len(table.round.dealer_cards)
    assert table.shoe.remaining == 312 - 1 - dealt


def test_99_01_3_08_08_2_no_reshuffle_mid_round_however_long(sqlite_url: str) -> None:
    clock = FixedClock(START)
    table = _open(sqlite_url, clock, minutes=5)
    table.start_round([(1, 500, 0)])
    assert table.round is not None
    clock.advance(timedelta(hours=2))
    assert not table.inactivity_due()
    assert table.player_arrives() == []


def test_99_01_3_08_08_3_burn_one_card_when_a_player_comes_to_the_table(sqlite_url: str) -> None:
    clock = FixedClock(START)
    table = _open(sqlite_url, clock, minutes=30)
    assert table.player_arrives() == []  # a new table: just shuffled, cut and burned
    table.start_round([(1, 500, 0)])
    _play_out(table)
    next_card = table.upcoming
    remaining = table.shoe.remaining if table.shoe else 0

    clock.advance(timedelta(minutes=5))  # the player left; another comes within the period
    again = _open(sqlite_url, clock, minutes=30)
    events = again.player_arrives()
    assert len(events) == 1
    assert isinstance(events[0], CardBurned)
    assert events[0].card == next_card
    assert events[0].section == "99-01.3-08-08.3"
    assert again.shoe is not None
    assert again.shoe.remaining == remaining - 1
    assert again.player_arrives() == []  # the burn is done; no round dealt since

    rebuilt = _open(sqlite_url, clock, minutes=30)  # the burn is in the stream
    assert rebuilt.shoe is not None
    assert rebuilt.shoe.remaining == remaining - 1
    assert rebuilt.upcoming == again.upcoming


def test_99_01_3_08_08_3_reshuffle_instead_after_the_inactivity_period(sqlite_url: str) -> None:
    clock = FixedClock(START)
    table = _open(sqlite_url, clock, minutes=30)
    table.start_round([(1, 500, 0)])
    _play_out(table)
    clock.advance(timedelta(minutes=30))
    again = _open(sqlite_url, clock, minutes=30)
    events = again.player_arrives()
    assert len(events) == 1
    assert isinstance(events[0], ShoePrepared)
    assert again.shoe is not None
    assert again.shoe.remaining == 312 - 1
