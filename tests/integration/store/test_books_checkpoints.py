"""Balances brought forward (issue 17): a command reads the books from the latest checkpoint,
a report from the checkpoints around its days, and both equal the books replayed from the
first entry; a checkpoint that disagrees with the entries before it is corrupt; an edited one
is a broken link. On SQLite and PostgreSQL, over a generated history of a four-site
organization (``croupier.service.bench.year``) written as the benchmark writes it.

The expected balances in the first test come from the entries alone (the last counted close
of each site, the highest slip number, the days opened), not from the books' projection.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from croupier.books import events as ev
from croupier.books.carry import with_checkpoint
from croupier.books.consistency import apply_stored
from croupier.books.daily import daily_record
from croupier.books.model import SlipKind
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.slips import unaccounted_numbers
from croupier.books.state import Books
from croupier.service.bench import books as bench_books
from croupier.service.bench.year import ORG, generate
from croupier.service.books.close import correct_count
from croupier.service.books.day import slip
from croupier.service.books.service import BooksService, rebuild, record
from croupier.store import CorruptStream, open_store

from .attack import rewrite_stream_with
from .conftest import Tamper

STREAM = f"books-{ORG}"
EVENTS = 3000
SEED = 5


def _site_state(books: Books) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for site_id, st in books.sites.items():
        state = dict(vars(st))
        state["tips"] = {k: v for k, v in st.tips.items() if v}
        state.pop("site")
        out[site_id] = state
    return out


def test_99_01_3_08_16_each_checkpoint_carries_what_the_entries_before_it_say() -> None:
    events, _gen = generate(6000, seed=11)
    closed: dict[str, ev.DayClosed] = {}
    opened: dict[str, set[str]] = defaultdict(set)
    fundings_since_close: dict[str, int] = defaultdict(int)
    top = {SlipKind.FILL: 0, SlipKind.CREDIT: 0}
    checkpoints = 0
    for e in events:
        if isinstance(e, ev.BooksCarriedForward):
            checkpoints += 1
            for carried in e.sites:
                last = closed.get(carried.site_id)
                if last is not None:
                    # between days the cash bank is the closing count plus what was put in since
                    assert carried.cash_bank == (
                        last.cash_bank_count + fundings_since_close[carried.site_id]
                    )
                    assert carried.chip_bank == last.chip_bank_count
                assert set(carried.days) == opened[carried.site_id]
            assert e.next_fill_number == top[SlipKind.FILL] + 1
            assert e.next_credit_number == top[SlipKind.CREDIT] + 1
        elif isinstance(e, ev.DayClosed):
            closed[e.site_id] = e
            fundings_since_close[e.site_id] = 0
        elif isinstance(e, ev.CashBankFunded):
            fundings_since_close[e.site_id] += e.cents
        elif isinstance(e, ev.DayOpened):
            opened[e.site_id].add(e.day)
        elif isinstance(e, ev.SlipIssued | ev.SlipVoided):
            top[e.kind] = max(top[e.kind], e.number)
    assert checkpoints > 10


def test_a_checkpoint_is_written_only_before_a_day_opened_while_the_books_are_quiet() -> None:
    events, _gen = generate(3000, seed=2)
    for before, e in itertools.pairwise(events):
        if isinstance(before, ev.BooksCarriedForward):
            assert isinstance(e, ev.DayOpened)
    where = [i for i, e in enumerate(events) if isinstance(e, ev.BooksCarriedForward)][3]
    opened = events[where + 1]
    assert isinstance(opened, ev.DayOpened)
    # quiet: the digest of the days since the last checkpoint and the checkpoint go in front of
    # the opening
    assert isinstance(events[where - 1], ev.DaysDigested)
    quiet = Books.from_events(events[: where - 1])
    assert with_checkpoint(quiet, [opened]) == [events[where - 1], events[where], opened]
    # just after a checkpoint: not a second one
    assert with_checkpoint(Books.from_events(events[: where + 1]), [opened]) == [opened]
    # a day open: nothing is carried
    busy = Books.from_events(events[: where + 2])
    other = next(s for s in busy.sites if busy.sites[s].open_day is None)
    later = ev.DayOpened(other, "2031-01-01", "2031-01-01T10:00:00+00:00", (), "x")
    assert with_checkpoint(busy, [later]) == [later]


def test_99_01_3_08_16_a_checkpoint_that_disagrees_with_the_entries_before_it_is_corrupt() -> None:
    events, _gen = generate(3000, seed=2)
    where = max(i for i, e in enumerate(events) if isinstance(e, ev.BooksCarriedForward))
    cp = events[where]
    assert isinstance(cp, ev.BooksCarriedForward)
    site = cp.sites[0]
    changed = type(site)(**{**{f: getattr(site, f) for f in site.__slots__}, "cash_bank": 1})
    altered = list(events)
    altered[where] = type(cp)(
        **{
            **{f: getattr(cp, f) for f in cp.__slots__},
            "sites": (
                changed,
                *cp.sites[1:],
            ),
        }
    )
    books = Books()
    found = apply_stored(books, ((STREAM, i + 1, e) for i, e in enumerate(altered)))
    assert [c.seq for c in found][:1] == [where + 1]
    assert f"its cash bank of site {site.site_id!r} disagrees" in found[0].line()


@pytest.fixture
def built(database_url: str) -> bench_books.Built:
    return bench_books.build(database_url, EVENTS, SEED)


def _full(url: str) -> Books:
    store = open_store(url)
    try:
        return rebuild(store, ORG)
    finally:
        store.close()


def test_the_books_read_from_the_latest_checkpoint_equal_the_books_replayed_in_full(
    built: bench_books.Built,
) -> None:
    full = _full(built.url)
    assert full.corrupt == []  # every checkpoint agreed with the entries before it
    svc = BooksService.open_existing(built.url, ORG)
    try:
        live = svc.books()
        assert svc.chain is None
        assert live.window is not None
        assert live.base > 0
        assert len(live.entries) < len(full.entries) // 4  # the command read the tail only
        assert _site_state(live) == _site_state(full)
        assert live.next_number == full.next_number
        assert live.last_at == full.last_at
        assert live.last_iou == full.last_iou
        for site_id, st in live.sites.items():
            if st.open_day is not None:
                key = (site_id, st.open_day)
                assert repr(live.days[key]) == repr(full.days[key])
        assert {k: repr(v) for k, v in live.shifts.items()} == {
            k: repr(full.shifts[k]) for k in live.shifts
        }
    finally:
        svc.close()


def test_99_01_3_08_05_2_fills_after_a_checkpoint_continue_the_series(
    built: bench_books.Built,
) -> None:
    t = built.open_table
    for k in range(3):
        at = (t.last_at + timedelta(minutes=k + 1)).isoformat()
        request = slip("fill", t.site_id, t.table, "5x20", t.preparer, t.cashier, t.verifier, False)
        record(built.url, ORG, at, request)
    full = _full(built.url)
    assert full.corrupt == []
    assert unaccounted_numbers(full, SlipKind.FILL) == []
    assert unaccounted_numbers(full, SlipKind.CREDIT) == []


def _counted_before_the_latest_checkpoint(full: Books) -> tuple[int, ev.DropBoxCounted]:
    latest = max(
        i + full.base for i, e in enumerate(full.entries) if isinstance(e, ev.BooksCarriedForward)
    )
    for position in range(latest - 1, -1, -1):
        e = full.entry(position)
        if isinstance(e, ev.DropBoxCounted):
            return position, e
    raise AssertionError("no count before the latest checkpoint")


def test_99_01_3_08_16_a_count_corrected_after_the_next_checkpoint_reads_back_further(
    built: bench_books.Built,
) -> None:
    full = _full(built.url)
    position, counted = _counted_before_the_latest_checkpoint(full)
    new_cents = counted.resolved + 100
    by = sorted(full.employees)[0]
    record(built.url, ORG, None, correct_count(position, f"{new_cents / 100:.2f}", "recount", by))
    after = _full(built.url)
    assert after.corrupt == []
    key = (counted.site_id, counted.day, counted.table, counted.shift)
    assert after.shifts[key].counted_cash == new_cents
    # a fresh reader starts at the latest checkpoint, finds the correction citing an earlier
    # count and reads back from the checkpoint before that count: the balances agree
    svc = BooksService.open_existing(built.url, ORG)
    try:
        live = svc.books()
        assert live.base <= position
        assert _site_state(live) == _site_state(after)
    finally:
        svc.close()


def test_reports_read_from_checkpoints_equal_the_reports_of_the_whole_history(
    built: bench_books.Built,
) -> None:
    full = _full(built.url)
    svc = BooksService.open_existing(built.url, ORG)
    try:
        days = sorted(k for k, rec in full.days.items() if rec.closed is not None)
        for site_id, day in (days[0], days[len(days) // 2], days[-1]):
            books, chain = svc.read_days(day, day)
            assert chain is None
            assert books.corrupt == []
            assert daily_record(books, site_id, day) == daily_record(full, site_id, day)
        first_day = date.fromisoformat(days[0][1])
        quarter = Quarter(first_day.year, (first_day.month - 1) // 3 + 1)
        today = date.fromisoformat(days[-1][1])
        books, chain = svc.read_quarter(quarter)
        assert chain is None
        assert quarterly_report(books, quarter, today) == quarterly_report(full, quarter, today)
    finally:
        svc.close()


def test_99_01_3_08_04_a_quarterly_report_reads_the_quarter_before_for_unsurveilled_sites(
    tmp_path: Path,
) -> None:
    """The surveillance requirement of -04 looks at the previous quarter's twenty-one wagers
    and gross proceeds at a site without video surveillance: the report reads that quarter too,
    and says what the report from the whole history says."""
    url = f"sqlite:///{tmp_path / 'q.db'}"
    bench_books.build(url, 30_000, SEED)
    full = _full(url)
    assert not all(st.site.surveilled for st in full.sites.values())
    quarter = Quarter(2025, 2)
    assert any(Quarter.of(date.fromisoformat(d)) == Quarter(2025, 3) for _s, d in full.days)
    svc = BooksService.open_existing(url, ORG)
    try:
        books, chain = svc.read_quarter(quarter)
    finally:
        svc.close()
    assert chain is None
    assert books.corrupt == []
    assert min(d for _s, d in books.days) < quarter.first_day.isoformat()  # Q1 read as well
    today = quarter.last_day
    assert quarterly_report(books, quarter, today) == quarterly_report(full, quarter, today)


def test_a_checkpoint_edited_in_place_breaks_the_chain_and_takes_no_more_entries(
    built: bench_books.Built, tamper: Tamper
) -> None:
    store = open_store(built.url)
    try:
        seq = store.seqs_of_type(STREAM, ev.BooksCarriedForward.TYPE)[-1]
    finally:
        store.close()
    engine = sa.create_engine(built.url)
    with engine.connect() as conn:
        payload = conn.execute(
            sa.text("SELECT payload FROM events WHERE stream = :s AND seq = :q"),
            {"s": STREAM, "q": seq},
        ).scalar_one()
    engine.dispose()
    edited = payload.replace('"cash_bank":', '"cash_bank":1', 1)
    assert edited != payload
    tamper(
        "UPDATE events SET payload = :p WHERE stream = :s AND seq = :q",
        p=edited,
        s=STREAM,
        q=seq,
    )
    svc = BooksService.open_existing(built.url, ORG)
    try:
        svc.books()
        assert svc.chain is not None
        assert svc.chain.seq == seq
        with pytest.raises(CorruptStream, match=f"damaged at event {seq}"):
            svc.execute(lambda _books: [])
    finally:
        svc.close()


def test_a_checkpoint_rewritten_with_its_chain_is_found_by_a_full_read(
    built: bench_books.Built, tamper: Tamper
) -> None:
    store = open_store(built.url)
    try:
        seq = store.seqs_of_type(STREAM, ev.BooksCarriedForward.TYPE)[-2]

        def change(payload: dict[str, Any]) -> None:
            payload["sites"][0]["cash_bank"] += 100_00

        rewrite_stream_with(tamper, store, STREAM, seq, change)
        assert store.verify() == []  # every hash recomputes: only an anchor or a replay shows it
        books = rebuild(store, ORG)
    finally:
        store.close()
    assert books.corrupt
    assert books.corrupt[0].seq == seq
    assert "cash bank of site" in books.corrupt[0].line()


def test_verify_books_replays_the_history_and_names_a_rewritten_checkpoint(
    built: bench_books.Built, tamper: Tamper
) -> None:
    from typer.testing import CliRunner

    from croupier.cli.main import app

    runner = CliRunner()
    ok = runner.invoke(app, ["verify", "--db", built.url, "--books"])
    assert ok.exit_code == 0, ok.output
    assert "every one adds up" in ok.output
    store = open_store(built.url)
    try:
        seq = store.seqs_of_type(STREAM, ev.BooksCarriedForward.TYPE)[1]

        def change(payload: dict[str, Any]) -> None:
            payload["next_fill_number"] += 1

        rewrite_stream_with(tamper, store, STREAM, seq, change)
    finally:
        store.close()
    plain = runner.invoke(app, ["verify", "--db", built.url])
    assert plain.exit_code == 0  # every hash recomputes
    found = runner.invoke(app, ["verify", "--db", built.url, "--books"])
    assert found.exit_code == 1
    assert f"event {seq}" in found.output
    assert "next fill number disagrees" in found.output
