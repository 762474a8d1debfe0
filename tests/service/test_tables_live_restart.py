"""A restart mid-round: the hub is dropped and a new one, on the same database, rebuilds the
table from its stream; play continues at the same step and the round settles exactly as an
uninterrupted round with the same seed and the same actions does."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import GAMES, open_and_deal, play_out, step


def uninterrupted(url: str, game: str, seed: int) -> dict[str, int]:
    hub = LiveTableHub(open_store(url), SeededRngSource(seed))
    open_and_deal(hub, "t", game)
    play_out(hub, "t", seed)
    settled = hub.settle("t", "dealer-1")
    assert settled.settlement is not None
    return dict(settled.settlement.parties)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [11, 12])
def test_a_table_rebuilt_after_a_restart_continues_the_round_to_the_same_settlement(
    tmp_path: Path, game: str, seed: int
) -> None:
    expected = uninterrupted(f"sqlite:///{tmp_path / 'a.db'}", game, seed)
    url = f"sqlite:///{tmp_path / 'b.db'}"
    store = open_store(url)
    hub = LiveTableHub(store, SeededRngSource(seed))
    open_and_deal(hub, "t", game)
    for _ in range(3):  # part way: a few commands, the round still open
        assert step(hub, "t", seed) is not None
    before = hub.view("t", "dealer")
    assert before["round_open"] is True
    version = store.version(stream_of("t"))
    del hub
    store.close()

    restarted = LiveTableHub(open_store(url), SeededRngSource(seed))
    table = restarted.rebuild("t")
    assert table.version == version
    assert restarted.view("t", "dealer") == before  # the same step, the same table
    play_out(restarted, "t", seed)
    settled = restarted.settle("t", "dealer-1")
    assert settled.settlement is not None
    assert dict(settled.settlement.parties) == expected
    assert restarted.store.verify(stream_of("t")) == []


def test_every_open_table_is_listed_for_rebuilding_after_a_restart(sqlite_db: str) -> None:
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
    for game in GAMES:
        open_and_deal(hub, game, game)
    assert hub.close("poker", "dealer-1").accepted is False  # a round is open
    play_out(hub, "poker", 1)
    assert hub.settle("poker", "dealer-1").accepted
    assert hub.close("poker", "dealer-1").accepted
    fresh = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
    assert sorted(fresh.open_tables()) == sorted(set(GAMES) - {"poker"})
