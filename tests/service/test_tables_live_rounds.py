"""A round of each game played through the live-table hub to its settlement: the settlement
sums to zero and every event of every accepted command is in the table's stream, in order."""

from __future__ import annotations

import pytest

from croupier.core.events import Event
from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import GAMES, PLAYERS, open_and_deal, play_out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_round_of_each_game_is_played_through_the_hub_to_settlement(
    database_url: str, game: str, seed: int
) -> None:
    store = open_store(database_url)
    hub = LiveTableHub(store, SeededRngSource(seed))
    table = f"{game}-{seed}"
    results = open_and_deal(hub, table, game)
    results += play_out(hub, table, seed)
    settled = hub.settle(table, "dealer-1")
    assert settled.accepted, settled.refusal
    results.append(settled)
    assert settled.settlement is not None
    parties = settled.settlement.parties
    assert sum(parties.values()) == 0
    assert parties  # somebody's money moved or was at stake
    appended: list[Event] = [e for r in results for e in r.events]
    stored = [s.event for s in store.read(stream_of(table))]
    assert stored == appended
    assert store.version(stream_of(table)) == len(appended) == results[-1].version
    assert store.verify(stream_of(table)) == []
    view = hub.view(table, "public")
    assert view["round_open"] is False
    assert set(view["last_settlement"]) == set(parties)
    if game != "paddlewheel":  # the seated players are the round's players
        seated = {str(seat): player for seat, player, _ in PLAYERS[game]}
        assert view["seats"] == seated


def test_a_second_round_follows_the_first_and_poker_stacks_carry_over(sqlite_db: str) -> None:
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(5))
    open_and_deal(hub, "p", "poker")
    play_out(hub, "p", 5)
    settled = hub.settle("p", "dealer-1")
    assert settled.settlement is not None
    stacks = hub.table("p").play.state.stacks  # type: ignore[union-attr]
    table = hub.table("p")
    assert table.wagers == {seat: stacks[seat] for seat in table.seats}
    # the stacks are the buy-ins ($20, $15, $30) plus each party's net
    start = {1: 2000, 4: 1500, 7: 3000}
    names = {1: "alice", 4: "bob", 7: "carol"}
    for seat, amount in start.items():
        assert stacks[seat] == amount + settled.settlement.parties.get(f"player:{names[seat]}", 0)
    second = hub.deal("p", "dealer-1")
    assert second.accepted, second.refusal
    assert hub.table("p").round_number == 2
    play_out(hub, "p", 6)
    assert hub.settle("p", "dealer-1").accepted
