"""The quarterly report's books read from digests of closed days (issue 17) equal the books
replayed from the entries, on days with table play, a twenty-one tournament, paddlewheel ticket
cards and redemptions; and the report goes back to the entries when a digested day was
corrected afterwards (a count correction) or a camera fault falls in its days."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from bookshelp import DAY, at, c
from test_report_windows import NEXT_DAY, STREAM, History

from croupier.books import count as cnt
from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips, surveillance
from croupier.books import tickets as tk
from croupier.books import tournament21 as t21
from croupier.books.consistency import apply_stored
from croupier.books.count import correct_count
from croupier.books.daily import daily_record
from croupier.books.model import SlipKind
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.books.tickets_ledger import TicketPrizePaid
from croupier.books.tournament21_ledger import Fee21Kind
from croupier.core.events import Event
from croupier.service.books._window import Window, days_window, digested_window
from croupier.store import open_store
from croupier.store.hashing import event_hash, payload_json

DAYS = (DAY, NEXT_DAY, date(2026, 1, 7))


def _day(h: History, day: date, minutes: int) -> int:
    """A gaming day at S1: table 1 played, its box counted; a tournament fee and prize; ticket
    cards sold, spun and a prize paid; chips redeemed. Returns the count's position."""
    b = h.books
    h.run(ops.open_day(b, "S1", day, at(minutes), ("sm", "pb", "d1", "d2", "c1"), "sm"))
    h.run(ops.start_shift(b, "S1", day, 1, "d1", at(minutes + 5), 2500, shoe_inspected_by="d1"))
    h.run(
        slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=20), at(minutes + 6), "c1", "c1", "sm")
    )
    h.run(ops.sell_chips(b, "S1", 1, 6000, c(five=12), at(minutes + 10)))
    h.run(ops.settle_play(b, "S1", 1, c(five=4), c(five=2), at(minutes + 11)))
    h.run(ops.redeem_chips(b, "S1", day, c(five=3), "c1", at(minutes + 12)))
    h.run(ops.end_shift(b, "S1", 1, at(minutes + 60), b.sites["S1"].trays[1], "sm", "pb", True))
    h.run(surveillance.review_camera(b, "S1", day, 1, True, "sm", at(minutes + 61)))
    initials = {m: b.employees[m].initials for m in ("ip", "d2")}
    h.run(
        cnt.count_drop_box(
            b, "S1", day, 1, 1, member_a="ip", member_b="d2", key_holder="ip",
            second_key_holder=None, first_count=6000, second_count=6000, resolved=6000,
            resolution="", initials_a=initials["ip"], initials_b=initials["d2"],
            fill_copies_found=(b.next_number[SlipKind.FILL] - 1,), credit_originals_found=(),
            count_day=day,
        )
    )  # fmt: skip
    position = b.next_position - 1
    player = f"p{day.day}"
    h.run(
        t21.collect_fee(
            b, "cup", day, player, "A Player", Fee21Kind.ENTRY, 5000, "c1", at(minutes + 70)
        )
    )
    h.run(t21.pay_prize(b, "cup", day, player, 3000, 0, "", at(minutes + 71)))
    h.run(tk.sell_tickets(b, "PW-1", day.day, day, 10, at(minutes + 72)))
    h.run(tk.spin(b, "PW-1", day.day, day, 5, "7", at(minutes + 73)))
    h.run(tk.pay_ticket_prize(b, "PW-1", day.day, day, 400, 0, "", at(minutes + 74)))
    # the day's ticket cash profit deposited from the cash bank (11-07.3.b): a digest carries
    # it, or the days read from digests would lack a deposit the replay has
    h.run(tk.deposit_ticket_cash(b, "PW-1", day, 600, "sm", at(minutes + 75)))
    h.close("S1", day, minutes + 120)
    return position


def _history() -> tuple[History, list[int]]:
    h = History()
    b = h.books
    h.run(t21.register_tournament(b, "cup", "S1", "Winter Cup", 5000))
    h.run(tk.register_series(b, "PW-1", "S1", 100, 1, 31, 10, "ND-1"))
    counts = [_day(h, d, 24 * 60 * i) for i, d in enumerate(DAYS)]
    # the next day opens: the last day is digested and carried too
    h.run(ops.open_day(b, "S1", date(2026, 1, 8), at(3 * 24 * 60), ("sm", "c1"), "sm"))
    return h, counts


def _same_report(h: History, tmp_path: Path, *, digested: bool) -> None:
    store = h.stored(tmp_path)
    try:
        first, last = DAYS[0].isoformat(), DAYS[-1].isoformat()
        window = digested_window(store, STREAM, first, last)
        assert (window is not None) is digested
        replayed = days_window(store, STREAM, first, last)
    finally:
        store.close()
    if window is None:
        return
    q = Quarter.of(DAY)
    for d in DAYS:
        assert daily_record(window.books, "S1", d.isoformat()) == daily_record(
            replayed.books, "S1", d.isoformat()
        )
    assert quarterly_report(window.books, q, DAYS[-1]) == quarterly_report(
        replayed.books, q, DAYS[-1]
    )
    assert window.books.slips == replayed.books.slips
    assert window.chain is None
    assert replayed.chain is None


def test_99_01_3_08_16_days_read_from_digests_equal_the_replay(tmp_path: Path) -> None:
    h, _counts = _history()
    assert sum(isinstance(e, ev.DaysDigested) for e in h.events) == len(DAYS)
    _same_report(h, tmp_path, digested=True)


def test_99_01_3_08_16_a_count_corrected_later_sends_the_report_to_the_entries(
    tmp_path: Path,
) -> None:
    h, counts = _history()
    h.run(correct_count(h.books, counts[0], 6100, "recount", "gm", at(3 * 24 * 60 + 5)))
    _same_report(h, tmp_path, digested=False)


def test_99_01_3_08_04_6_a_camera_fault_in_the_days_sends_the_report_to_the_entries(
    tmp_path: Path,
) -> None:
    h = History()
    b = h.books
    h.run(t21.register_tournament(b, "cup", "S1", "Winter Cup", 5000))
    h.run(tk.register_series(b, "PW-1", "S1", 100, 1, 31, 10, "ND-1"))
    _day(h, DAYS[0], 0)
    h.run(surveillance.report_camera_fault(b, "S1", 1, at(24 * 60 - 30), "sm"))
    h.run(surveillance.repair_camera(b, "S1", 1, at(24 * 60 - 20), "sm"))
    _day(h, DAYS[1], 24 * 60)
    _day(h, DAYS[2], 2 * 24 * 60)
    h.run(ops.open_day(b, "S1", date(2026, 1, 8), at(3 * 24 * 60), ("sm", "c1"), "sm"))
    _same_report(h, tmp_path, digested=False)


def test_99_01_3_08_16_a_later_count_corrected_leaves_earlier_days_to_their_digests(
    tmp_path: Path,
) -> None:
    """A correction of the last day's count does not touch the first two days: their report is
    still read from digests, and equals the replay (neither sees the correction)."""
    h, counts = _history()
    h.run(correct_count(h.books, counts[2], 6100, "recount", "gm", at(3 * 24 * 60 + 5)))
    store = h.stored(tmp_path)
    try:
        first, last = DAYS[0].isoformat(), DAYS[1].isoformat()
        window = digested_window(store, STREAM, first, last)
        replayed = days_window(store, STREAM, first, last)
    finally:
        store.close()
    assert window is not None
    assert window.books.corrupt == replayed.books.corrupt == []
    q = Quarter.of(DAY)
    assert quarterly_report(window.books, q, DAYS[1]) == quarterly_report(
        replayed.books, q, DAYS[1]
    )


def _utc(text: str) -> datetime:
    at = datetime.fromisoformat(text)
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _edit(path: Path, seq: int, edit: Callable[[dict[str, Any]], None], *, rehash: bool) -> None:
    """Change the payload of entry ``seq`` as a database owner would (the append-only triggers
    set aside), with its hash and the next entry's link recomputed when ``rehash``."""
    with sqlite3.connect(path) as conn:
        triggers = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='trigger'"
        ).fetchall()
        for name, _ in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        row = conn.execute(
            "SELECT type, payload, recorded_at, prev_hash FROM events WHERE stream=? AND seq=?",
            (STREAM, seq),
        ).fetchone()
        data = json.loads(row[1])
        edit(data)
        text = payload_json(data)
        conn.execute("UPDATE events SET payload=? WHERE stream=? AND seq=?", (text, STREAM, seq))
        if rehash:
            new = event_hash(STREAM, seq, row[0], text, _utc(row[2]), row[3])
            conn.execute("UPDATE events SET hash=? WHERE stream=? AND seq=?", (new, STREAM, seq))
            nxt = conn.execute(
                "SELECT type, payload, recorded_at FROM events WHERE stream=? AND seq=?",
                (STREAM, seq + 1),
            ).fetchone()
            after = event_hash(STREAM, seq + 1, nxt[0], nxt[1], _utc(nxt[2]), new)
            conn.execute(
                "UPDATE events SET prev_hash=?, hash=? WHERE stream=? AND seq=?",
                (new, after, STREAM, seq + 1),
            )
        for _, sql in triggers:
            conn.execute(sql)


def _window_after_edit(
    tmp_path: Path, pick: Callable[[list[Event]], int], edit: Callable[[dict[str, Any]], None],
    *, rehash: bool,
) -> Window | None:  # fmt: skip
    h, _counts = _history()
    seq = pick(h.events)
    store = h.stored(tmp_path)
    store.close()
    _edit(tmp_path / "b.db", seq, edit, rehash=rehash)
    store = open_store(f"sqlite:///{tmp_path / 'b.db'}")
    try:
        return digested_window(store, STREAM, DAYS[0].isoformat(), DAYS[-1].isoformat())
    finally:
        store.close()


def test_99_01_3_08_16_a_digest_rehashed_with_its_checkpoint_is_not_read(tmp_path: Path) -> None:
    """$500 more in a digested day's counted cash bank, the digest's hash and its checkpoint's
    link recomputed: the checkpoint no longer hashes to the link of the entry after it, so the
    report replays its days (and names the broken link)."""

    def digest(events: list[Event]) -> int:
        return next(i + 1 for i, e in enumerate(events) if isinstance(e, ev.DaysDigested))

    def more_cash(data: dict[str, Any]) -> None:
        data["days"][0]["closed"]["cash_bank_count"] += 50_000

    assert _window_after_edit(tmp_path, digest, more_cash, rehash=True) is None


def test_99_01_3_08_16_an_entry_read_on_its_own_is_checked(tmp_path: Path) -> None:
    """A ticket prize inside the digested days, edited from $4 to $400 (its hash left alone): it
    is read by type, not replayed, and its hash no longer matches, so the days are replayed."""

    def prize(events: list[Event]) -> int:
        return next(i + 1 for i, e in enumerate(events) if isinstance(e, TicketPrizePaid))

    def more(data: dict[str, Any]) -> None:
        data["cash"] = 40_000

    assert _window_after_edit(tmp_path, prize, more, rehash=False) is None


def test_99_01_3_08_16_a_digest_that_leaves_out_a_day_is_corrupt() -> None:
    h, _counts = _history()
    where = next(i for i, e in enumerate(h.events) if isinstance(e, ev.DaysDigested))
    digest = h.events[where]
    assert isinstance(digest, ev.DaysDigested)
    altered = list(h.events)
    altered[where] = replace(digest, days=(), shifts=())
    found = apply_stored(Books(), ((STREAM, i + 1, e) for i, e in enumerate(altered)))
    assert [c.seq for c in found][:1] == [where + 1]
    assert "it leaves out the gaming day 2026-01-05" in found[0].line()


def test_99_01_3_08_16_an_entry_stored_as_other_json_text_is_checked_on_its_data(
    tmp_path: Path,
) -> None:
    """A digest whose payload the database keeps as other text of the same data (re-spaced,
    keys reordered, as PostgreSQL's ``jsonb`` does), its hash left alone: the hash of the text as
    stored does not match, the hash of the data's canonical text does, so the days are still
    read from their digests and equal the replay."""
    h, _counts = _history()
    seq = next(i + 1 for i, e in enumerate(h.events) if isinstance(e, ev.DaysDigested))
    store = h.stored(tmp_path)
    store.close()
    with sqlite3.connect(tmp_path / "b.db") as conn:
        for name, _ in conn.execute("SELECT name, sql FROM sqlite_master WHERE type='trigger'"):
            conn.execute(f"DROP TRIGGER {name}")
        (text,) = conn.execute(
            "SELECT payload FROM events WHERE stream=? AND seq=?", (STREAM, seq)
        ).fetchone()
        data = json.loads(text)
        other = json.dumps(dict(reversed(list(data.items()))), indent=1)
        assert other != text
        assert json.loads(other) == data
        conn.execute("UPDATE events SET payload=? WHERE stream=? AND seq=?", (other, STREAM, seq))
    store = open_store(f"sqlite:///{tmp_path / 'b.db'}")
    try:
        first, last = DAYS[0].isoformat(), DAYS[-1].isoformat()
        window = digested_window(store, STREAM, first, last)
        replayed = days_window(store, STREAM, first, last)
    finally:
        store.close()
    assert window is not None
    q = Quarter.of(DAY)
    assert quarterly_report(window.books, q, DAYS[-1]) == quarterly_report(
        replayed.books, q, DAYS[-1]
    )
