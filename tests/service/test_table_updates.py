"""What a table's socket is sent (``TablesDesk.subscribe``): a page's socket gets the console
made from the view and no events; a program's socket gets the events, redacted for it. A page
that reconnects is brought up to date without reading the events back from the store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from croupier.core.clock import FixedClock
from croupier.service.people.authz import Actor
from croupier.service.tables.console import Console
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import SeededRngSource
from croupier.store import open_store

ROOT = Path(__file__).resolve().parents[2]
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
DEALER = Actor("d1", frozenset({"dealer"}), "d1")


def _desk() -> TablesDesk:
    clock = FixedClock(datetime(2026, 7, 10, 20, 0, tzinfo=UTC))
    return TablesDesk(open_store("sqlite://"), SeededRngSource(4), ROOT / "examples/rules", clock)


def test_a_page_socket_gets_the_console_and_no_events_a_programs_socket_the_events() -> None:
    desk = _desk()
    assert desk.open_table(DEALER, "bj", "twentyone", RULES, "virtual").accepted
    assert desk.seat_wager(DEALER, "bj", 2, "10", "ann").accepted is False  # virtual: players
    page: list[dict[str, Any]] = []
    program: list[dict[str, Any]] = []
    desk.subscribe(DEALER, "bj", page.append, after=None, with_console=True)
    desk.subscribe(DEALER, "bj", program.append, after=None)
    assert desk.deal(DEALER, "bj").accepted is False  # nobody wagered: refused, nothing sent
    assert page == program == []
    player = Actor("ann", frozenset({"player"}))
    assert desk.seat(player, "bj", 2).accepted
    assert desk.wager(player, "bj", "10").accepted
    assert len(page) == len(program) == 2  # the seat, then the wager
    for sent_page, sent_program in zip(page, program, strict=True):
        assert sent_page["version"] == sent_program["version"]
        assert isinstance(sent_page["console"], Console)
        assert sent_page["events"] == []
        assert "console" not in sent_program
        assert [e["version"] for e in sent_program["events"]] == [sent_program["version"]]


def test_a_page_that_reconnects_reads_no_events_back_from_the_store() -> None:
    desk = _desk()
    player = Actor("ann", frozenset({"player"}))
    assert desk.open_table(DEALER, "bj", "twentyone", RULES, "virtual").accepted
    assert desk.seat(player, "bj", 2).accepted
    assert desk.wager(player, "bj", "10").accepted
    backend = desk.hub.store.backend
    for with_console, reads_events in ((True, False), (False, True)):
        sent: list[dict[str, Any]] = []
        statements: list[str] = []
        with backend.watching(statements.append):
            desk.subscribe(DEALER, "bj", sent.append, after=0, with_console=with_console)
        (update,) = sent  # every change since version 0, in one update
        assert bool(update["events"]) is reads_events
        assert any("FROM events" in s for s in statements) is reads_events


def test_a_subscriber_that_cannot_be_told_stops_neither_the_others_nor_the_command() -> None:
    """One socket's update fails to build or hand over: the command stands as recorded (it is
    answered as accepted, not as an error a dealer would retry), and every other socket is
    told all the same."""
    desk = _desk()
    assert desk.open_table(DEALER, "bj", "twentyone", RULES, "virtual").accepted
    player = Actor("ann", frozenset({"player"}))

    def broken(_update: dict[str, Any]) -> None:
        raise RuntimeError("this socket's hand-over failed")

    told: list[dict[str, Any]] = []
    desk.subscribe(DEALER, "bj", broken, after=None)
    desk.subscribe(DEALER, "bj", told.append, after=None)
    assert desk.seat(player, "bj", 2).accepted
    assert [u["version"] for u in told] == [desk.hub.store.version("live-bj")]


def test_every_watched_table_is_checked_after_the_fan_out_lost_notices() -> None:
    """The fan-out's listener reconnected: the notices of the gap are lost, and the notice
    ``EVERY`` has each watched table read again, so a socket hears what another worker did
    meanwhile (here: a second desk on the same store, as another worker would be)."""
    from croupier.service.tables.fanout import EVERY

    desk = _desk()
    assert desk.open_table(DEALER, "bj", "twentyone", RULES, "virtual").accepted
    other = TablesDesk(desk.hub.store, SeededRngSource(5), ROOT / "examples/rules", desk.hub.clock)
    told: list[dict[str, Any]] = []
    desk.subscribe(DEALER, "bj", told.append, after=None)
    assert other.seat(Actor("ann", frozenset({"player"})), "bj", 2).accepted  # no notice came
    assert told == []
    desk.catch_up(EVERY)
    assert [u["version"] for u in told] == [desk.hub.store.version("live-bj")]
