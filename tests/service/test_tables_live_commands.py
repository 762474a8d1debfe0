"""The hub's commands: a refused action cites its section and leaves the stream as it was;
two hubs (two workers) on one table never lose or duplicate an event; subscribers."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from croupier.core.protocol import PendingKind
from croupier.games.twentyone.actions import ActionKind, decide
from croupier.service.tables._live_events import PlayerSeated
from croupier.service.tables.fanout import LocalFanout
from croupier.service.tables.live import LiveTableHub, SeededRngSource, stream_of
from croupier.store import open_store

from .conftest import RULES, open_and_deal

TWENTYONE = RULES["twentyone"]


def twentyone_at_decision(url: str) -> tuple[LiveTableHub, str]:
    """A twenty-one table (minimum $2, maximum $25) with space 2 ($10) about to decide
    whether to hit, stand or double: the first table id whose cards lead there."""
    for n in range(1, 50):
        hub = LiveTableHub(open_store(url), SeededRngSource(1))
        table = f"t{n}"
        hub.open_table(table, "twentyone", TWENTYONE, "dealer-1")
        hub.seat(table, 2, "alice", "alice")
        hub.wager(table, 2, "$10", "alice")
        assert hub.deal(table, "dealer-1").accepted
        assert hub.chance(table, "dealer-1").accepted
        pending = hub.table(table).play.pending  # type: ignore[union-attr]
        if (pending.kind, pending.seat, pending.detail) == (PendingKind.SEAT, 2, "decision"):
            return hub, table
    raise AssertionError("no table leads to a decision")


def test_99_01_3_08_09_1_a_wager_under_the_minimum_is_refused_when_made_not_at_the_deal(
    database_url: str,
) -> None:
    hub = LiveTableHub(open_store(database_url), SeededRngSource(1))
    hub.open_table("t", "twentyone", TWENTYONE, "dealer-1")
    hub.seat("t", 2, "alice", "alice")
    version = hub.store.version(stream_of("t"))
    wagered = hub.wager("t", 2, "$1", "alice")
    assert not wagered.accepted
    assert wagered.section == "99-01.3-08-09.1"
    assert "99-01.3-08-09.1" in (wagered.refusal or "")
    assert hub.store.version(stream_of("t")) == version
    result = hub.deal("t", "dealer-1")  # nobody has a wager: no round
    assert not result.accepted
    assert hub.store.version(stream_of("t")) == version
    assert hub.view("t", "public")["round_open"] is False


def test_99_01_3_08_09_2_d_a_double_down_of_another_amount_is_refused_and_changes_nothing(
    sqlite_db: str,
) -> None:
    hub, t = twentyone_at_decision(sqlite_db)
    version = hub.store.version(stream_of(t))
    before = hub.view(t, "dealer")
    result = hub.act(t, decide(ActionKind.DOUBLE, 2, amount=2500), "alice", seat=2)
    assert not result.accepted
    assert result.section == "99-01.3-08-09.2.d"
    assert "99-01.3-08-09.2.d" in (result.refusal or "")
    assert result.events == ()
    assert hub.store.version(stream_of(t)) == version
    assert hub.view(t, "dealer") == before
    # the table stays usable: a lawful decision is accepted afterwards
    assert hub.act(t, decide(ActionKind.STAND, 2), "alice", seat=2).accepted


def test_a_seat_may_not_act_out_of_turn_or_for_another_seat(sqlite_db: str) -> None:
    hub, t = twentyone_at_decision(sqlite_db)
    hub.seat(t, 5, "bob", "bob")
    version = hub.store.version(stream_of(t))
    out_of_turn = hub.act(t, decide(ActionKind.STAND, 5), "bob", seat=5)
    assert not out_of_turn.accepted
    assert "not seat 5's turn" in (out_of_turn.refusal or "")
    for_another = hub.act(t, decide(ActionKind.STAND, 5), "alice", seat=2)
    assert not for_another.accepted
    assert hub.store.version(stream_of(t)) == version


def test_bad_input_is_refused_in_one_line_and_changes_nothing(sqlite_db: str) -> None:
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
    hub.open_table("t", "twentyone", TWENTYONE, "dealer-1")
    hub.seat("t", 2, "alice", "alice")
    for result in (
        hub.wager("t", 2, "ten dollars", "alice"),
        hub.wager("t", 3, "$5", "alice"),
        hub.seat("t", 2, "bob", "bob"),
        hub.seat("t", 3, "alice", "alice"),
        hub.chance("t", "dealer-1"),
        hub.settle("t", "dealer-1"),
    ):
        assert not result.accepted
        assert result.refusal
        assert "\n" not in result.refusal
    assert hub.store.version(stream_of("t")) == 2
    assert not hub.open_table("t", "poker", RULES["poker"], "x").accepted


def test_two_hubs_racing_on_one_seat_one_wins_and_the_other_is_refused(
    database_url: str,
) -> None:
    a = LiveTableHub(open_store(database_url), SeededRngSource(1))
    b = LiveTableHub(open_store(database_url), SeededRngSource(1))
    a.open_table("t", "twentyone", TWENTYONE, "dealer-1")
    stale = b.table("t")  # worker b read the table ...
    assert a.seat("t", 3, "alice", "alice").accepted  # ... then worker a seated alice
    b.table = lambda table_id: stale  # type: ignore[method-assign]  # b acts on what it read
    lost = b.seat("t", 3, "bob", "bob")
    assert not lost.accepted
    assert lost.conflict
    del b.table
    again = b.seat("t", 3, "bob", "bob")  # retried on fresh state: the seat is taken
    assert not again.accepted
    assert "taken by alice" in (again.refusal or "")
    seated = [s.event for s in a.store.read(stream_of("t")) if isinstance(s.event, PlayerSeated)]
    assert seated == [PlayerSeated(3, "alice", "alice")]


def test_two_hubs_in_threads_never_lose_or_duplicate_an_event(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'race.db'}"
    hubs = [LiveTableHub(open_store(url), SeededRngSource(1)) for _ in range(2)]
    hubs[0].open_table("t", "twentyone", TWENTYONE, "dealer-1")
    accepted: list[int] = []

    def worker(k: int) -> None:
        for n in range(10):
            seat = 1 + (n % 7)
            result = hubs[k].seat("t", seat, f"p{k}-{n}", f"p{k}-{n}")
            if result.accepted:
                accepted.append(seat)
            hubs[k].unseat("t", seat, "dealer-1")

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = [s.event for s in hubs[0].store.read(stream_of("t"))]
    seated = [e for e in stored if isinstance(e, PlayerSeated)]
    assert len(seated) == len(accepted)  # every accepted seating is stored, once
    assert [s.seq for s in hubs[0].store.read(stream_of("t"))] == list(range(1, len(stored) + 1))
    assert hubs[0].store.verify(stream_of("t")) == []


def test_a_subscriber_on_another_worker_gets_the_update_through_the_fanout(
    sqlite_db: str,
) -> None:
    async def main() -> list[dict[str, object]]:
        fanout = LocalFanout()
        a = LiveTableHub(open_store(sqlite_db), SeededRngSource(1), publish=fanout.deliver)
        b = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
        open_and_deal(a, "t", "twentyone")
        queue: asyncio.Queue[dict[str, object]] = asyncio.Queue()
        b.subscribe("t", "player:2", queue=queue)
        follower = asyncio.create_task(b.follow(fanout))
        await asyncio.sleep(0)
        a.chance("t", "dealer-1")
        update = await asyncio.wait_for(queue.get(), 5)
        follower.cancel()
        return [update]

    (update,) = asyncio.run(main())
    assert update["version"] == open_store(sqlite_db).version(stream_of("t"))
    assert update["view"]["viewer"] == "player:2"  # type: ignore[index]
    assert update["events"]


@pytest.mark.parametrize("viewer", ["player:0", "croupier", "player:x", ""])
def test_an_unknown_viewer_is_refused(sqlite_db: str, viewer: str) -> None:
    from croupier.core.errors import InvalidInput

    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
    hub.open_table("t", "twentyone", TWENTYONE, "dealer-1")
    with pytest.raises(InvalidInput):
        hub.view("t", viewer)


def test_a_closed_table_takes_nothing_more_and_its_id_is_not_reused(sqlite_db: str) -> None:
    """Issue 27 (found playing through the pages): a closed table still took seats and wagers,
    and reusing its id said it "is already open"."""
    hub = LiveTableHub(open_store(sqlite_db), SeededRngSource(1))
    assert hub.open_table("t", "twentyone", TWENTYONE, "dealer-1").accepted
    assert hub.close("t", "dealer-1").accepted
    version = hub.store.version(stream_of("t"))
    for result in (
        hub.seat("t", 2, "alice", "alice"),
        hub.wager("t", 2, "$10", "alice"),
        hub.deal("t", "dealer-1"),
        hub.close("t", "dealer-1"),
    ):
        assert not result.accepted
        assert result.refusal == "table 't' is closed; it takes nothing more"
    assert hub.store.version(stream_of("t")) == version
    assert hub.view("t", "public")["closed"] is True
    again = hub.open_table("t", "twentyone", TWENTYONE, "dealer-1")
    assert not again.accepted
    assert not again.conflict
    assert again.refusal == "table 't' was closed; a new table needs an id of its own"
