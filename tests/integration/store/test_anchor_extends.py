"""Books that cannot be laundered (issue 26): an anchor extends the one before it or is not
signed; readers check what they trust against the newest anchor; the daily report prints the
anchor that covers its close by position; the anchors are append-only and a dropped guard is
reported; a damaged or half-written backup is never restored. Both backends where the feature
is not SQLite's own (backups are)."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from croupier.books import events as ev
from croupier.cli.main import app
from croupier.core.clock import FixedClock
from croupier.core.events import Event, event
from croupier.store import CorruptStream, EventStore, open_store
from croupier.store import anchor as anchors
from croupier.store.audit import refusals
from croupier.store.guards import missing_guards
from croupier.store.records import BreakKind

from .attack import rewrite_stream, rewrite_stream_with
from .conftest import Tamper

KEY = Ed25519PrivateKey.generate()
runner = CliRunner()


@event("test.store.anchor_extends.moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    cents: int


def _fill(store: EventStore) -> None:
    store.append("cage", [Moved(c) for c in (100, 200, 300, 400)], 0)
    store.append("table-1", [Moved(5)], 0)


def _anchor_count(store: EventStore) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT count(*) FROM anchors")).scalar_one())


# -- the store ---------------------------------------------------------------------------------


def test_a_rewrite_with_recomputed_hashes_is_not_signed_and_the_refusal_is_kept(
    store: EventStore, clock: FixedClock, tamper: Tamper
) -> None:
    _fill(store)
    first = anchors.sign(store, KEY, clock.now())
    store.append("cage", [Moved(500)], 4)
    rewrite_stream(tamper, store, "cage", 2, 9_999)
    assert store.verify() == []  # every link checks: only the anchor tells
    with pytest.raises(CorruptStream, match=r"stream 'cage' event 4 differs from the anchor"):
        anchors.sign(store, KEY, clock.now())
    assert _anchor_count(store) == 1
    assert anchors.latest(store) == first.line
    [(_when, problem)] = refusals(store)
    assert "stream 'cage' event 4" in problem
    assert not anchors.prove(store, first.line, KEY.public_key()).proven


def test_a_lost_tail_is_not_signed(store: EventStore, clock: FixedClock, tamper: Tamper) -> None:
    _fill(store)
    anchors.sign(store, KEY, clock.now())
    tamper(
        "DELETE FROM events WHERE stream = 'cage' AND seq > 2",
        "UPDATE event_streams SET version = 2 WHERE stream = 'cage'",
    )
    with pytest.raises(CorruptStream, match=r"stream 'cage' lost events"):
        anchors.sign(store, KEY, clock.now())


def test_a_reader_checks_its_stream_against_the_newest_anchor(
    store: EventStore, clock: FixedClock, tamper: Tamper
) -> None:
    _fill(store)
    assert store.chain_break("cage", since=3) is None
    anchors.sign(store, KEY, clock.now())
    rewrite_stream(tamper, store, "cage", 1, 1)
    fresh = open_store(str(store.engine.url.render_as_string(hide_password=False)))
    try:
        # a reader starting at event 3 (a checkpoint) re-hashes only from there, and the anchor
        # check finds the rewrite before it
        found = fresh.chain_break("cage", since=3)
        assert found is not None
        assert found.kind is BreakKind.ANCHOR_MISMATCH
        assert found.seq == 4
        window = fresh.chain_break_between("cage", 3, 4)
        assert window is not None
        assert window.kind is BreakKind.ANCHOR_MISMATCH
        assert fresh.chain_break("table-1") is None  # another stream is not concerned
    finally:
        fresh.close()


def test_the_anchors_are_append_only_and_a_dropped_guard_is_reported(
    store: EventStore, clock: FixedClock, database_url: str
) -> None:
    _fill(store)
    anchors.sign(store, KEY, clock.now())
    for statement in (
        "UPDATE anchors SET line = 'x'",
        "DELETE FROM anchors",
        "UPDATE anchor_heads SET hash = 'x'",
        "DELETE FROM anchor_heads",
    ):
        with pytest.raises(sa.exc.DBAPIError), store.engine.begin() as conn:
            conn.execute(sa.text(statement))
    assert _anchor_count(store) == 1
    with store.engine.connect() as conn:
        assert missing_guards(conn) == []
    with store.engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.execute(sa.text("DROP TRIGGER anchors_no_delete"))
        else:
            conn.execute(sa.text("ALTER TABLE anchors DISABLE TRIGGER anchors_append_only"))
    with store.engine.connect() as conn:
        dropped = missing_guards(conn)
    assert dropped == (
        ["anchors_no_delete"] if store.engine.dialect.name == "sqlite" else ["anchors_append_only"]
    )
    out = runner.invoke(app, ["verify", "--db", database_url], terminal_width=400)
    assert out.exit_code == 1
    assert f"trigger {dropped[0]} was dropped or disabled" in out.output


# -- the books ---------------------------------------------------------------------------------


class Cli:
    def __init__(self, url: str, tmp_path: Path) -> None:
        self.url = url
        self.key = tmp_path / "anchor.key"
        self.env = {"CROUPIER_DATABASE_URL": url, "CROUPIER_ORG": "p1", "CROUPIER_ANCHOR_KEY": ""}

    def run(self, *args: str, signed: bool = False) -> tuple[int, str]:
        env = dict(self.env)
        if signed:
            env["CROUPIER_ANCHOR_KEY"] = str(self.key)
        result = runner.invoke(app, list(args), env=env, terminal_width=400)
        return result.exit_code, result.output

    def ok(self, *args: str, signed: bool = False) -> str:
        code, out = self.run(*args, signed=signed)
        assert code == 0, out
        return out


def _day(b: Cli, day: str, *, fill: bool) -> None:
    b.ok("books", "open-day", "S1", day, "--on-duty", "sm,d1,c1,pb", "--by", "sm", "--at",
         f"{day}T18:00:00-06:00")  # fmt: skip
    b.ok("books", "open-table", "S1", "1", "d1", "--shoe-inspected-by", "d1", "--at",
         f"{day}T18:05:00-06:00")  # fmt: skip
    if fill:
        b.ok("books", "fill", "S1", "1", "5x10", "c1", "c1", "--verifier", "pb", "--at",
             f"{day}T18:10:00-06:00")  # fmt: skip
    b.ok("books", "end-shift", "S1", "1", "--removed-by", "sm", "--escort", "pb", "--close",
         "--at", f"{day}T22:00:00-06:00")  # fmt: skip
    b.ok("books", "count", "S1", day, "1", "1", "--team", "c1,pb", "--key-holder", "c1",
         "--first", "$0", "--second", "$0", "--initials", "CC,PB")  # fmt: skip


def _books(url: str, tmp_path: Path) -> Cli:
    """Three gaming days at S1, each closed with an anchor; the later days' openings wrote
    balances brought forward and the digests of the days before."""
    b = Cli(url, tmp_path)
    b.ok("anchor", "keygen", "--out", str(b.key))
    b.ok("books", "init", "p1", "Post 1")
    b.ok("books", "add-site", "S1", "Main Street Bar", "--surveilled")
    b.ok("books", "add-table", "S1", "1", "21")
    b.ok("books", "add-employee", "sm", "Sam Shift", "SS", "--role", "shift manager")
    b.ok("books", "add-employee", "d1", "Dee One", "D1", "--role", "dealer", "--supervisor", "sm")
    b.ok("books", "add-employee", "c1", "Cass Cashier", "CC", "--role", "cashier", "--supervisor",
         "sm")  # fmt: skip
    b.ok("books", "add-employee", "pb", "Pat Boss", "PB", "--role", "pit boss", "--supervisor",
         "sm")  # fmt: skip
    b.ok("books", "receive-chips", "S1", "1x200,5x100", "--at", "2026-01-04T12:00:00-06:00")
    b.ok("books", "fund", "S1", "$2,000", "--at", "2026-01-04T12:00:00-06:00")
    for day in ("2026-01-05", "2026-01-06", "2026-01-07"):
        _day(b, day, fill=True)
        b.ok("books", "close-day", "S1", "$2,000", "--by", "sm", "--chip-bank", "1x180,5x90",
             "--at", f"{day}T23:00:00-06:00", signed=True)  # fmt: skip
    return b


def _seq(url: str, type_: str, index: int) -> int:
    store = open_store(url)
    try:
        return store.seqs_of_type("books-p1", type_)[index]
    finally:
        store.close()


def _rewrite(url: str, tamper: Tamper, seq: int, change: Any) -> None:
    store = open_store(url)
    try:
        rewrite_stream_with(tamper, store, "books-p1", seq, change)
        assert store.verify() == []  # every hash recomputed
    finally:
        store.close()


def test_a_rewritten_slip_stops_the_books_and_is_never_signed(
    database_url: str, tmp_path: Path, tamper: Tamper
) -> None:
    b = _books(database_url, tmp_path)
    seq = _seq(database_url, ev.SlipIssued.TYPE, 0)

    def more_chips(payload: dict[str, Any]) -> None:
        payload["grand_total"] += 100_00

    _rewrite(database_url, tamper, seq, more_chips)
    status = b.ok("books", "status", "S1")
    assert "WARNING: the books are damaged" in status
    assert "differs from its signed anchor" in status
    # a writer is refused: the day cannot even be opened, let alone closed and signed
    code, out = b.run("books", "open-day", "S1", "2026-01-08", "--on-duty", "sm", "--by", "sm",
                      "--at", "2026-01-08T18:00:00-06:00")  # fmt: skip
    assert code != 0
    assert "differs from its signed anchor" in out
    code, out = b.run("anchor", "sign", signed=True)
    assert code != 0
    assert "refused to sign an anchor: stream 'books-p1' event" in out
    assert "refused to sign an anchor" in b.ok("books", "status", "S1")


@pytest.mark.parametrize("entry", ["checkpoint", "digest"])
def test_a_rewritten_checkpoint_or_digest_is_flagged_on_every_read(
    database_url: str, tmp_path: Path, tamper: Tamper, entry: str
) -> None:
    b = _books(database_url, tmp_path)
    if entry == "checkpoint":
        seq = _seq(database_url, ev.BooksCarriedForward.TYPE, -1)

        def change(payload: dict[str, Any]) -> None:
            payload["sites"][0]["cash_bank"] += 10_000_00
    else:
        seq = _seq(database_url, ev.DaysDigested.TYPE, -1)

        def change(payload: dict[str, Any]) -> None:
            text = json.dumps(payload)
            assert '"drop": ' in text or '"cash_bank_count": ' in text, text[:400]
            day = payload["days"][0]
            key = (
                "cash_bank_count"
                if "cash_bank_count" in day
                else next(
                    k for k, v in day.items() if isinstance(v, int) and not isinstance(v, bool)
                )
            )
            day[key] += 10_000_00

    _rewrite(database_url, tamper, seq, change)
    for command in (
        ("books", "status", "S1"),
        ("report", "daily", "S1", "2026-01-07"),
        ("report", "quarterly", "2026Q1"),
    ):
        out = b.ok(*command)
        assert "WARNING: the books are damaged" in out, (command, out)
        assert "differs from its signed anchor" in out, (command, out)
    code, out = b.run("anchor", "sign", signed=True)
    assert code != 0
    assert "stream 'books-p1' event" in out


def test_the_daily_report_prints_the_anchor_that_covers_a_close_keyed_late(
    database_url: str, tmp_path: Path
) -> None:
    b = _books(database_url, tmp_path)
    _day(b, "2026-01-08", fill=False)
    # an anchor signed now, before the close of 2026-01-08 is keyed (with --at, that evening)
    early = b.ok("anchor", "sign", signed=True)
    early_line = "".join(early[early.index("croupier-anchor:1:") :].split())
    closed = b.ok("books", "close-day", "S1", "$2,000", "--by", "sm", "--chip-bank",
                  "1x180,5x90", "--at", "2026-01-08T23:00:00-06:00", signed=True)  # fmt: skip
    line = "".join(closed[closed.index("croupier-anchor:1:") :].split())
    daily = b.ok("report", "daily", "S1", "2026-01-08", "--format", "csv")
    assert line in daily
    assert early_line not in daily


def test_the_full_check_runs_after_a_close_and_its_result_is_on_the_status(
    database_url: str, tmp_path: Path, tamper: Tamper, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What no command re-hashes (an edit before a checkpoint that left its hash as it was) is
    found by the full check that every close starts in the background; its result is shown by
    ``books status`` (and the status page, from the same ``SiteStatus``)."""
    b = _books(database_url, tmp_path)
    assert "last full check" not in b.ok("books", "status", "S1")
    monkeypatch.setenv("CROUPIER_VERIFY_AFTER_CLOSE", "on")
    _day(b, "2026-01-08", fill=False)
    closed = b.ok("books", "close-day", "S1", "$2,000", "--by", "sm", "--chip-bank",
                  "1x180,5x90", "--at", "2026-01-08T23:00:00-06:00", signed=True)  # fmt: skip
    assert "the full check of the history runs in the background" in closed
    deadline = time.monotonic() + 60
    status = ""
    while time.monotonic() < deadline:
        status = b.ok("books", "status", "S1")
        if "last full check" in status:
            break
        time.sleep(0.2)
    assert "chains intact" in status, status
    # a stale-hash edit of a sale before the latest checkpoint: the commands do not read it
    seq = _seq(database_url, ev.SlipIssued.TYPE, 0)
    tamper(
        "UPDATE events SET payload = replace(payload, :was, :now) "
        "WHERE stream = 'books-p1' AND seq = :q",
        was='"grand_total":',
        now='"grand_total":9',
        q=seq,
    )
    assert "WARNING" not in b.ok("books", "status", "S1").split("last full check")[0]
    code, out = b.run("verify", "--record")
    assert code == 1
    assert f"stream 'books-p1' is damaged at event {seq}: hash mismatch" in out
    status = b.ok("books", "status", "S1")
    assert "WARNING: the full check of" in status
    assert f"damaged at event {seq}" in status


# -- backups -----------------------------------------------------------------------------------


def _sqlite_books(tmp_path: Path) -> tuple[str, Path]:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    with open_store(url) as store:
        _fill(store)
    key = tmp_path / "anchor.key"
    assert runner.invoke(app, ["anchor", "keygen", "--out", str(key)]).exit_code == 0
    signed = runner.invoke(app, ["anchor", "sign", "--db", url, "--key", str(key)])
    assert signed.exit_code == 0, signed.output
    return url, key


def test_restore_of_a_laundered_database_is_refused(tmp_path: Path) -> None:
    """A rewrite, hashes recomputed, then signed over as the signer of before did (or anyone
    holding the key without the new check): the chain of anchors proves the laundering."""
    url, key = _sqlite_books(tmp_path)
    from croupier.service.database.anchors import load_private_key

    private = load_private_key(str(key))
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        triggers = conn.execute(
            sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
        ).all()
        for name, _sql in triggers:
            conn.execute(sa.text(f"DROP TRIGGER {name}"))

    def run_sql(*statements: str, **params: object) -> None:
        with engine.begin() as conn:
            for statement in statements:
                conn.execute(sa.text(statement), params)

    with open_store(url) as store:
        rewrite_stream(run_sql, store, "cage", 2, 9_999)
        with store.engine.begin() as conn:  # the old signer: whatever the database holds
            prev = conn.execute(
                sa.text("SELECT digest FROM anchors ORDER BY anchor_id DESC LIMIT 1")
            ).scalar_one()
            prepared = anchors._Prepared(None, anchors._heads(conn, None), None)
            anchors._sign_locked(conn, prepared, prev, private, datetime.now(UTC))
    with engine.begin() as conn:
        for _name, sql in triggers:
            conn.execute(sa.text(sql))
    engine.dispose()
    backup = tmp_path / "laundered.db"
    made = runner.invoke(app, ["db", "backup", str(backup), "--db", url])
    assert made.exit_code == 0, made.output
    restored = runner.invoke(
        app,
        ["db", "restore", str(backup), "--db", f"sqlite:///{tmp_path / 'back.db'}",
         "--public-key", f"{key}.pub"],
        terminal_width=400,
    )  # fmt: skip
    assert restored.exit_code == 1, restored.output
    assert "NOT PROVEN" in restored.output
    assert "stream 'cage' was rewritten" in restored.output


def test_a_damaged_backup_is_refused_in_one_line(tmp_path: Path) -> None:
    url, key = _sqlite_books(tmp_path)
    backup = tmp_path / "copy.db"
    assert runner.invoke(app, ["db", "backup", str(backup), "--db", url]).exit_code == 0
    data = backup.read_bytes()
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(data[: len(data) // 2] + b"\0" * (len(data) - len(data) // 2))
    target = tmp_path / "back.db"
    out = runner.invoke(
        app,
        ["db", "restore", str(damaged), "--db", f"sqlite:///{target}", "--public-key",
         f"{key}.pub"],
        terminal_width=400,
    )  # fmt: skip
    lines = [line for line in out.output.splitlines() if line.strip()]
    assert out.exit_code == 2, out.output
    assert len(lines) == 1, out.output
    assert "damaged backup" in lines[0], out.output
    assert not target.exists()


def test_a_backup_stopped_before_it_is_complete_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _key = _sqlite_books(tmp_path)
    backup = tmp_path / "copy.db"

    def stop(_fd: int) -> None:
        raise KeyboardInterrupt  # the process is stopped after the copy, before the rename

    monkeypatch.setattr(os, "fsync", stop)
    from croupier.service.database.backup import backup as make

    with pytest.raises(KeyboardInterrupt):
        make(url, backup)
    assert not backup.exists()
    assert not [p for p in tmp_path.iterdir() if ".partial-" in p.name]
