"""The pit (issue 27): every open table with what it waits for, the dealing mistakes recorded in
its round (with the section) and the commands the rules refused lately (who, what, section);
read only by those who supervise or audit the games."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from croupier.core.clock import FixedClock
from croupier.service.people.authz import Actor, Forbidden
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import SeededRngSource
from croupier.store import open_store

ROOT = Path(__file__).resolve().parents[2]
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
DEALER = Actor("d1", frozenset({"dealer"}), "d1")
PIT_BOSS = Actor("pb", frozenset({"pit boss"}), "pb")


def _desk() -> TablesDesk:
    from datetime import UTC, datetime

    clock = FixedClock(datetime(2026, 7, 10, 20, 0, tzinfo=UTC))
    return TablesDesk(open_store("sqlite://"), SeededRngSource(4), ROOT / "examples/rules", clock)


def test_the_pit_lists_a_dealing_mistake_with_its_section_and_a_refusal_with_who() -> None:
    desk = _desk()
    assert desk.open_table(DEALER, "bj", "twentyone", RULES, "physical").accepted
    assert desk.seat_wager(DEALER, "bj", 2, "10", "ann").accepted
    refused = desk.seat_wager(DEALER, "bj", 3, "600", "bo")  # over the $25 maximum (-09.1)
    assert not refused.accepted
    assert desk.deal(DEALER, "bj").accepted
    view = desk.view(DEALER, "bj")
    mistake = next(o for o in view["options"] if o["kind"] == "irregularity")
    assert desk.choose(DEALER, "bj", mistake["index"], view["version"]).accepted
    (row,) = desk.pit(PIT_BOSS)
    assert row["table"] == "bj"
    assert row["mode"] == "physical"
    assert len(row["irregularities"]) == 1
    assert mistake["section"] in row["irregularities"][0]
    (refusal,) = row["refusals"]
    assert (refusal.by, refusal.section) == ("d1", "99-01.3-08-09.1")
    assert refusal.at.hour == 20


def test_the_pit_is_not_the_dealers_nor_a_players() -> None:
    desk = _desk()
    for who in (DEALER, Actor("p", frozenset({"player"}))):
        with pytest.raises(Forbidden):
            desk.pit(who)


def test_the_dealing_mistakes_are_listed_on_request_numbered_as_the_view_offers_them() -> None:
    """A dealer's console and socket updates leave the irregularities out (each is tried on a
    replay of the round) and say they are listed on request; the list, asked for, is what the
    full view offers under the same numbers, and a number taken from it records the mistake."""
    desk = _desk()
    assert desk.open_table(DEALER, "bj", "twentyone", RULES, "physical").accepted
    assert desk.seat_wager(DEALER, "bj", 2, "10", "ann").accepted
    assert desk.deal(DEALER, "bj").accepted
    full = desk.view(DEALER, "bj")
    offered = [o for o in full["options"] if o["kind"] == "irregularity"]
    assert offered  # a dropped card, a misdeal... (99-01.3-08-12)
    c = desk.console(DEALER, "bj")
    assert c.mistakes_on_request
    assert [o for o in c.options if o["kind"] == "irregularity"] == []
    assert [dict(o) for o in c.options] == [o for o in full["options"] if o not in offered]
    pushed: list[dict[str, object]] = []
    sub = desk.subscribe(DEALER, "bj", pushed.append, after=None)
    version, listed = desk.mistakes(DEALER, "bj")
    assert version == full["version"]
    assert [dataclasses.asdict(o) for o in listed] == offered
    dropped = next(o for o in listed if o.section == "99-01.3-08-12.6")
    assert desk.choose(DEALER, "bj", dropped.index, version).accepted
    view = pushed[-1]["view"]
    assert isinstance(view, dict)
    assert view["mistakes"] == "on request"
    assert all(o["kind"] != "irregularity" for o in view["options"])
    desk.unsubscribe(sub)
    # nobody but the dealer is offered one
    player = Actor("p", frozenset({"player"}))
    assert desk.mistakes(player, "bj")[1] == []
    assert "mistakes" not in desk.view(player, "bj", mistakes=False)


def test_the_pit_holds_the_desk_one_table_at_a_time() -> None:
    """Issue 31: the pit's rendering of every open table was done under the desk's one lock,
    so a dealer's command at any table waited for the whole pit. Now each table's row is made
    under the lock on its own, and another thread may take the desk between two rows."""
    import contextlib
    from collections.abc import Iterator

    from croupier.service.tables.console import Console

    desk = _desk()
    for table in ("t1", "t2", "t3"):
        assert desk.open_table(DEALER, table, "twentyone", RULES, "physical").accepted
    holds: list[list[str]] = []  # per outermost hold of the desk's lock, the tables rendered
    depth = [0]
    locked, rendered = desk._locked, desk.console

    @contextlib.contextmanager
    def watched() -> Iterator[None]:
        with locked():
            depth[0] += 1
            if depth[0] == 1:
                holds.append([])
            try:
                yield
            finally:
                depth[0] -= 1

    def console(actor: Actor, table_id: str) -> Console:
        holds[-1].append(table_id)
        return rendered(actor, table_id)

    desk._locked = watched  # type: ignore[method-assign]
    desk.console = console  # type: ignore[method-assign]
    rows = desk.pit(PIT_BOSS)
    assert [r["table"] for r in rows] == ["t1", "t2", "t3"]
    assert [h for h in holds if h] == [["t1"], ["t2"], ["t3"]]
