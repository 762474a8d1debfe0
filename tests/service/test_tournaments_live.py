"""Tournaments kept in the event store (``service.tournaments_live``): one stream per tournament,
commands appended at the expected version, the state rebuilt from the stream by another store
on the same SQLite file, refusals that append nothing, and a lost race retried, never lost.

Expected figures come from the golden files' hand-worked expectations and from the rule text:

* golden file 12's rules: four players at $100 = $400; the pool is 75% = $300, places 50/30/20:
  $150, $90, $60 (-09-03.4.f). A busts D, then C, then B: A first, B second, C third, D fourth.
  Record of win: gross proceeds $400, prizes $300, adjusted gross proceeds $100.
* -09-03.4.g: no refund after the start; -09-03.4.h: the director does not play.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from croupier.core.errors import InvalidInput
from croupier.service.retry import Backoff
from croupier.service.tables.live import SeededRngSource
from croupier.service.tournaments.live import (
    CommandBy,
    Refused,
    TournamentDesk,
    log_stream_of,
    stream_of,
)
from croupier.store import ConcurrencyError, EventStore, open_store
from croupier.tournaments.script import observed

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "tournaments"
AT = "2026-07-10T12:00"
ADDRESS = "12 Oak St, Minot ND"
NO_WAIT = Backoff(sleep=lambda _seconds: None)


def _golden(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / name).read_text())
    return data


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tournaments.db'}"


@pytest.fixture
def store(url: str) -> Any:
    opened = open_store(url)
    yield opened
    opened.close()


def _versions(store: EventStore, tid: str) -> tuple[int, int]:
    return store.version(stream_of(tid)), store.version(log_stream_of(tid))


def test_a_poker_tournament_created_played_to_its_finish_and_rebuilt_by_another_store(
    store: EventStore, url: str
) -> None:
    desk = TournamentDesk(store, SeededRngSource(3))
    desk.create(_golden("12_poker_split_prize_agreement.json")["rules"], "gm", "classic", AT)
    for player in "ABCD":
        desk.do("classic", "register", {"player": player, "address": ADDRESS}, "c1", AT)
    desk.do("classic", "start", {}, "gm", AT)
    table = desk.view("classic")["parts"][0]["tables"]  # type: ignore[index]
    assert list(table) == ["1"]  # four players: one table of eleven seats (-09-05.2)
    for loser in "DCB":
        desk.do("classic", "start-hand", {"table": 1}, "gm", AT)
        chips = f"A=5000,{loser}=-5000" if loser == "D" else {"A": 5000 * 1, loser: -5000}
        desk.do("classic", "record-hand", {"table": 1, "chips": chips}, "gm", AT)
    t = desk.load("classic")
    assert t.main.finished
    assert t.main.standings == ("A", "B", "C", "D")
    rows = desk.records("classic")
    assert [r[1:6] for r in rows["prizes"][1:]] == [
        ["A", "1", "cash", "$150.00", "$150.00"],
        ["B", "2", "cash", "$90.00", "$90.00"],
        ["C", "3", "cash", "$60.00", "$60.00"],
    ]
    assert rows["win"][1] == ["classic", "$400.00", "$300.00", "$100.00"]
    assert {r[6] for r in rows["fees"][1:]} == {"c1"}  # the collector (-09-07.1.c)

    # a new process: another store on the same file, another seat-draw randomness
    again = open_store(url)
    try:
        rebuilt = TournamentDesk(again, SeededRngSource(99))
        assert rebuilt.ids() == ["classic"]
        assert rebuilt.load("classic").state.snapshot() == t.state.snapshot()
        assert rebuilt.view("classic") == desk.view("classic")
        assert rebuilt.records("classic") == rows
        log = rebuilt.log("classic")
        assert [(c.command, c.by) for c in log[:6]] == [
            ("define", "gm"),
            ("register", "c1"),
            ("register", "c1"),
            ("register", "c1"),
            ("register", "c1"),
            ("start", "gm"),
        ]
        assert log[-1].version == again.version(stream_of("classic"))
    finally:
        again.close()


def test_99_01_3_09_03_4_g_no_refund_after_the_start_appends_nothing(store: EventStore) -> None:
    desk = TournamentDesk(store, SeededRngSource(1))
    rules = _golden("14_poker_staff_refunds_days_transfers.json")["rules"]
    desk.create(rules, "gm", "refunds", AT)
    for player in ("A", "B", "C"):
        desk.do("refunds", "register", {"player": player, "address": ADDRESS}, "c1", AT)
    desk.do("refunds", "refund", {"player": "C"}, "c1", AT)  # before the start: handed back
    desk.do("refunds", "start", {}, "gm", AT)
    before = _versions(store, "refunds")
    snapshot = desk.load("refunds").state.snapshot()
    with pytest.raises(Refused) as refused:
        desk.do("refunds", "refund", {"player": "A"}, "c1", AT)
    assert refused.value.section == "99-01.3-09-03.4.g"
    assert _versions(store, "refunds") == before
    assert desk.load("refunds").state.snapshot() == snapshot
    fees = desk.records("refunds")["fees"][1:]
    assert [(r[1], r[5], r[9]) for r in fees] == [
        ("A", "$100.00", ""),
        ("B", "$100.00", ""),
        ("C", "$100.00", "refunded"),
    ]


def test_99_01_3_09_03_4_h_the_director_registering_is_refused_and_appends_nothing(
    store: EventStore,
) -> None:
    desk = TournamentDesk(store, SeededRngSource(1))
    desk.create(_golden("14_poker_staff_refunds_days_transfers.json")["rules"], "gm", "staff", AT)
    before = _versions(store, "staff")
    for args in (
        {"player": "Dana Director", "address": ADDRESS},
        {"player": "X", "name": "Mo Manager", "address": ADDRESS},
    ):
        with pytest.raises(Refused) as refused:
            desk.do("staff", "register", args, "c1", AT)
        assert refused.value.section == "99-01.3-09-03.4.h"
    with pytest.raises(Refused) as refused:
        desk.do("staff", "register", {"player": "A"}, "c1", AT)  # no address
    assert refused.value.section == "99-01.3-09-07"
    with pytest.raises(Refused) as refused:
        desk.do("staff", "register", {"player": "A", "address": ADDRESS}, "c1", "2026-07-13T10:00")
    assert refused.value.section == "99-01.3-09-03.1"
    with pytest.raises(InvalidInput):
        desk.do("staff", "no-such-command", {}, "gm", AT)
    assert _versions(store, "staff") == before


def test_a_duplicate_id_is_refused(store: EventStore) -> None:
    desk = TournamentDesk(store)
    rules = _golden("12_poker_split_prize_agreement.json")["rules"]
    desk.create(rules, "gm", at=AT)
    with pytest.raises(InvalidInput, match="exists already"):
        desk.create(rules, "sm", at=AT)
    with pytest.raises(InvalidInput, match="tournament id"):
        desk.create(rules, "sm", "main-log", AT)
    assert desk.ids() == ["main"]
    assert _versions(store, "main") == (1, 1)


class RacingStore:
    """The store, with a rival writer appending to the tournament just before our first write
    (as another process would between our read and our append)."""

    def __init__(self, store: EventStore, rival: Any) -> None:
        self._store = store
        self._rival = rival
        self.writes = 0
        self.conflicts = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def append_many(self, writes: Any, reads: Any = None) -> dict[str, int]:
        self.writes += 1
        if self._rival is not None:
            rival, self._rival = self._rival, None
            rival()
        try:
            return self._store.append_many(writes, reads)
        except ConcurrencyError:
            self.conflicts += 1
            raise


def test_a_conflicting_write_is_retried_on_the_re_read_state_never_lost(
    store: EventStore, url: str
) -> None:
    rules = _golden("12_poker_split_prize_agreement.json")["rules"]
    TournamentDesk(store).create(rules, "gm", "race", AT)
    other_store = open_store(url)
    try:
        other = TournamentDesk(other_store, SeededRngSource(2))
        racing = RacingStore(
            store,
            lambda: other.do("race", "register", {"player": "B", "address": ADDRESS}, "c2", AT),
        )
        ours = TournamentDesk(racing, SeededRngSource(1), backoff=NO_WAIT)  # type: ignore[arg-type]
        ours.load("race")  # cached at version 1: the rival writes after this read
        done = ours.do("race", "register", {"player": "A", "address": ADDRESS}, "c1", AT)
    finally:
        other_store.close()
    assert racing.conflicts == 1
    assert racing.writes == 2
    t = TournamentDesk(store).load("race")
    assert sorted(t.main.entrants) == ["A", "B"]
    assert done.version == store.version(stream_of("race")) == 1 + 4 + 4
    log = [e.event for e in store.read(log_stream_of("race"))]
    assert [(e.command, e.by) for e in log if isinstance(e, CommandBy)] == [
        ("define", "gm"),
        ("register", "c2"),
        ("register", "c1"),
    ]
    fees = {(f.player, f.collected_by) for f in t.main.fees}
    assert fees == {("A", "c1"), ("B", "c2")}


# -- golden files through the store ----------------------------------------------------------


def _args(step: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    command = step["do"]
    args = {k: v for k, v in step.items() if k not in ("do", "at", "expect", "refused")}
    if command == "eliminate" and "by" in args:
        args["eliminated_by"] = args.pop("by")
    return command, args


def _drive(desk: TournamentDesk, tid: str, data: dict[str, Any]) -> None:
    """Run a golden file's steps one command at a time through the desk: refused steps must be
    refused citing their section and append nothing."""
    at = data.get("at", AT)
    for step in data["steps"]:
        command, args = _args(step)
        if command == "transfer_chips":
            continue  # not a command: chips move only through a recorded hand
        by = str(args.pop("collected_by", "cashier"))
        when = str(step.get("at", at))
        if command == "register_many":
            for player, card in zip(args["players"], args["cards"], strict=True):
                one = {"player": player, "card": card, "address": args.get("address", "")}
                desk.do(tid, "register", one, by, when)
            continue
        before = desk.store.version(stream_of(tid))
        if "refused" in step:
            with pytest.raises(Refused) as refused:
                desk.do(tid, command, args, by, when)
            assert refused.value.section == step["refused"], step
            assert desk.store.version(stream_of(tid)) == before
        else:
            desk.do(tid, command, args, by, when)


STEPPED = sorted(p.name for p in GOLDEN.glob("*.json") if "steps" in json.loads(p.read_text()))


@pytest.mark.parametrize("name", STEPPED)
def test_every_golden_tournament_runs_through_the_store_to_its_expectations(
    name: str, store: EventStore, url: str
) -> None:
    data = _golden(name)
    desk = TournamentDesk(store)
    tid = desk.create(data["rules"], "gm", at=data.get("at", AT)).tournament_id
    _drive(desk, tid, data)
    got = json.loads(json.dumps(observed(desk.load(tid))))
    for key, want in data["expect"].items():
        assert got[key] == want, key
    again = open_store(url)
    try:
        rebuilt = TournamentDesk(again).load(tid)
    finally:
        again.close()
    assert rebuilt.state.snapshot() == desk.load(tid).state.snapshot()


def test_a_typed_time_before_the_last_record_is_refused_and_appends_nothing(
    store: EventStore,
) -> None:
    """A tournament's record is kept in the order things happen (as the books' are): a typed
    ``--at`` before the last recorded time, to the minute, is a slip or a backdated entry,
    refused in one line; the same minute (seconds are not kept), or a later one, is taken. A
    time with an offset is compared as the instant it names."""
    from datetime import datetime

    desk = TournamentDesk(store, SeededRngSource(1))
    rules = _golden("14_poker_staff_refunds_days_transfers.json")["rules"]
    desk.create(rules, "gm", "order", AT)
    desk.do("order", "register", {"player": "A", "address": ADDRESS}, "c1", "2026-07-10T12:30")
    before = _versions(store, "order")
    for earlier in ("2026-07-10T12:29", "2026-07-10T09:00"):
        with pytest.raises(InvalidInput, match="is before 2026-07-10T12:30, the tournament's"):
            desk.do("order", "register", {"player": "B", "address": ADDRESS}, "c1", earlier)
    local = datetime(2026, 7, 10, 12, 0).astimezone()  # 12:00 here, written with its offset
    with pytest.raises(InvalidInput, match="is before"):
        desk.do("order", "register", {"player": "B", "address": ADDRESS}, "c1", local.isoformat())
    assert _versions(store, "order") == before
    desk.do("order", "register", {"player": "B", "address": ADDRESS}, "c1", "2026-07-10T12:30:45")
    desk.do("order", "register", {"player": "C", "address": ADDRESS}, "c1", "2026-07-10T12:30")
    assert _versions(store, "order")[0] > before[0]


def test_a_typed_time_years_ahead_is_refused_and_appends_nothing(store: EventStore) -> None:
    """Found by an audit: one ``--at`` of 9999 was taken, and every later command was then
    "before the tournament's last recorded time", for good."""
    desk = TournamentDesk(store, SeededRngSource(1))
    rules = _golden("14_poker_staff_refunds_days_transfers.json")["rules"]
    desk.create(rules, "gm", "ahead", AT)
    before = _versions(store, "ahead")
    for far in ("2062-07-10T12:30", "9998-12-31T23:59"):  # decades ahead
        with pytest.raises(InvalidInput, match="was the year mistyped"):
            desk.do("ahead", "register", {"player": "A", "address": ADDRESS}, "c1", far)
    assert _versions(store, "ahead") == before
