"""The fan-out of stream notices between workers: in-process queues, and PostgreSQL
LISTEN/NOTIFY between two independent listeners (as two worker processes would be)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from croupier.core.errors import InvalidInput
from croupier.service.tables.fanout import (
    LocalFanout,
    Notice,
    PostgresFanout,
    channel_for,
    fanout_for,
    libpq_url,
)


async def first(fanout: LocalFanout | PostgresFanout, count: int) -> list[Notice]:
    got: list[Notice] = []
    async for notice in fanout.subscribe():
        got.append(notice)
        if len(got) == count:
            break
    return got


def test_notices_round_trip_and_malformed_ones_are_ignored() -> None:
    assert Notice.decode(Notice("live-7", 12).encode()) == Notice("live-7", 12)
    for bad in ("", "{", '["s"]', '["s", true]', "[1, 2]", '{"stream": "s"}'):
        assert Notice.decode(bad) is None


def test_every_local_subscriber_gets_every_notice_published_after_it_subscribed() -> None:
    async def main() -> tuple[list[Notice], list[Notice]]:
        fanout = LocalFanout()
        a = asyncio.create_task(first(fanout, 2))
        b = asyncio.create_task(first(fanout, 2))
        await asyncio.sleep(0)
        await fanout.publish(Notice("live-1", 1))
        await fanout.publish(Notice("live-2", 5))
        return await asyncio.wait_for(a, 5), await asyncio.wait_for(b, 5)

    a, b = asyncio.run(main())
    assert a == b == [Notice("live-1", 1), Notice("live-2", 5)]


def test_a_subscriber_that_falls_behind_keeps_the_newest_notices() -> None:
    async def main() -> list[Notice]:
        fanout = LocalFanout(backlog=2)
        sub = fanout.subscribe()
        for v in range(1, 5):
            fanout.deliver(Notice("t", v))
        got = [await sub.__anext__(), await sub.__anext__()]
        await sub.aclose()
        fanout.deliver(Notice("t", 5))  # after closing: not queued for it any more
        return got

    assert asyncio.run(main()) == [Notice("t", 3), Notice("t", 4)]


def test_channels_differ_per_database_and_schema_and_hide_the_password() -> None:
    a = channel_for("postgresql+psycopg://u:secret@h:5432/test?options=-csearch_path%3Ds1")
    b = channel_for("postgresql+psycopg://u:other@h:5432/test?options=-csearch_path%3Ds1")
    c = channel_for("postgresql+psycopg://u:secret@h:5432/test?options=-csearch_path%3Ds2")
    assert a == b != c
    assert a.startswith("croupier_")
    assert a.replace("_", "").isalnum()
    assert libpq_url("postgresql+psycopg://u@h:5432/test").startswith("postgresql://u@h:5432/test")
    with pytest.raises(InvalidInput, match="PostgreSQL URL"):
        libpq_url("sqlite:///x.db")
    assert isinstance(fanout_for("sqlite:///x.db"), LocalFanout)
    assert isinstance(fanout_for("not a url"), LocalFanout)


@pytest.mark.postgres
def test_a_notice_published_by_one_worker_reaches_another(postgres_url: str) -> None:
    async def main() -> tuple[list[Notice], list[Notice]]:
        one, two = PostgresFanout(postgres_url), PostgresFanout(postgres_url)
        other_db = PostgresFanout(postgres_url.replace("search_path%3D", "search_path%3Dx"))
        for fanout in (one, two, other_db):
            fanout.SWEEP_SECONDS = 3600  # only the notices published here
        try:
            await one.start()
            await two.start()
            await other_db.start()
            at_two = asyncio.create_task(first(two, 2))
            at_one = asyncio.create_task(first(one, 2))
            stray = asyncio.create_task(first(other_db, 1))
            await asyncio.sleep(0.05)
            await one.publish(Notice("live-3", 4))
            await two.publish(Notice("live-3", 5))
            got = await asyncio.wait_for(at_two, 10), await asyncio.wait_for(at_one, 10)
            await asyncio.sleep(0.2)
            assert not stray.done(), "a notice crossed into another schema's channel"
            stray.cancel()
            return got
        finally:
            await one.close()
            await two.close()
            await other_db.close()

    at_two, at_one = asyncio.run(main())
    assert at_two == at_one == [Notice("live-3", 4), Notice("live-3", 5)]


@pytest.mark.postgres
def test_a_listener_cut_off_listens_again_and_says_notices_may_be_lost(postgres_url: str) -> None:
    """The listening connection is cut (a database restart, a network cut): it is made again,
    its subscribers are first told ``EVERY`` (the notices of the gap are lost: every watched
    table is to be read again), and notices flow again. A publisher whose connection was cut
    loses that one notice and connects again for the next."""
    import psycopg

    from croupier.service.tables.fanout import EVERY

    def cut(conninfo: str, what: str) -> None:  # the server ends the other side's connections
        with psycopg.connect(conninfo, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE pid <> pg_backend_pid() AND query LIKE %s",
                (what,),
            )

    async def main() -> list[Notice]:
        listener, publisher = PostgresFanout(postgres_url), PostgresFanout(postgres_url)
        listener.RETRY_SECONDS = (0.1,)
        listener.SWEEP_SECONDS = 3600  # the EVERY of the reconnection alone
        try:
            await listener.start()
            got = asyncio.create_task(first(listener, 3))
            await publisher.publish(Notice("live-1", 1))
            await asyncio.sleep(0.3)
            await asyncio.to_thread(cut, libpq_url(postgres_url), "LISTEN %")
            await asyncio.to_thread(cut, libpq_url(postgres_url), "SELECT pg_notify%")
            await asyncio.sleep(1.0)  # listening again
            await publisher.publish(Notice("live-1", 2))  # cut: lost, and the connection dropped
            await publisher.publish(Notice("live-1", 3))  # a new connection
            return await asyncio.wait_for(got, 10)
        finally:
            await listener.close()
            await publisher.close()

    notices = asyncio.run(main())
    assert notices[0] == Notice("live-1", 1)
    assert notices[1] == Notice(EVERY, 0)
    assert notices[2] in (Notice("live-1", 2), Notice("live-1", 3))


@pytest.mark.postgres
def test_a_lost_notice_leaves_a_table_behind_until_the_next_sweep_at_most(
    postgres_url: str,
) -> None:
    """A notice is sent after the append commits, on its own connection: a worker killed
    between the two, or a publish that fails, loses it. Each worker tells its subscribers
    ``EVERY`` every ``SWEEP_SECONDS`` all the same (each watched table checked against the
    store), with nothing published by anyone."""
    from croupier.service.tables.fanout import EVERY

    async def main() -> list[Notice]:
        fanout = PostgresFanout(postgres_url)
        fanout.SWEEP_SECONDS = 0.2
        try:
            await fanout.start()
            return await asyncio.wait_for(first(fanout, 2), 10)
        finally:
            await fanout.close()

    assert asyncio.run(main()) == [Notice(EVERY, 0), Notice(EVERY, 0)]


def test_every_reaches_each_organizations_watched_tables_through_the_server(
    tmp_path: Path,
) -> None:
    """Found by review: ``Server.catch_up`` handed a notice only to the organization owning its
    stream, and no organization owns ``EVERY``, so the sweep (and the notice after a listener
    came back) never reached a table in the web server. Here another worker (a second desk on
    the same store, publishing nothing) moves a table of each organization; ``EVERY`` through
    the server tells each organization's watcher."""
    from croupier.service.people.authz import Actor
    from croupier.service.server.webserver import open_server
    from croupier.service.tables.desk import TablesDesk
    from croupier.service.tables.fanout import EVERY
    from croupier.service.tables.live import SeededRngSource

    rules_dir = Path(__file__).resolve().parents[2] / "examples" / "rules"
    rules = "twentyone-hole-card-no-peek-6deck-s17.toml"
    dealer = Actor("d1", frozenset({"dealer"}), "d1")
    server = open_server(f"sqlite:///{tmp_path / 'w.db'}", "alpha", rules_dir=rules_dir)
    try:
        server.orgs.add("beta")
        told: dict[str, list[int]] = {}
        for org in ("alpha", "beta"):
            desk = server.tenant(org).tables
            assert desk.open_table(dealer, "bj", "twentyone", rules, "virtual").accepted
            seen = told.setdefault(org, [])
            desk.subscribe(dealer, "bj", lambda u, s=seen: s.append(int(u["version"])), None)
            other = TablesDesk(
                desk.hub.store, SeededRngSource(5), rules_dir, desk.hub.clock, desk.hub.namespace
            )  # another worker's desk: it publishes no notice
            assert other.seat(Actor("ann", frozenset({"player"})), "bj", 2).accepted
        assert told == {"alpha": [], "beta": []}
        server.catch_up(EVERY)
        assert all(len(seen) == 1 for seen in told.values()), told
    finally:
        server.close()
