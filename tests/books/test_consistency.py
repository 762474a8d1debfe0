"""Readers check what they read (issue 17): every books entry read back from the store is
re-validated (``croupier.books.consistency``) and one that does not add up is recorded as corrupt
-- stream, event number, what disagrees -- instead of being applied as data. Reports and
``books status`` print one banner line per corrupt entry; writing commands are refused.

Expected values come from the rule texts: a slip's grand total is the value of its chip lines
(99-01.3-08-05.3.b), chips are sold for currency of equal value (99-01.3-08-07.3) and exchanged
for chips of equal value (-07.3.c), redeemed at the value sold (-06.2), agreeing counts resolve
to their amount (-14.4). Chip values are computed here from the chip labels (99-01.3-08-03.1;
a paddlewheel betting chip is worth one dollar, 99-01.3-11-03.4), not by the code under test.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from bookshelp import DAY, at, c, fingerprint, play_quarter_activity, scripted_commands
from clihelp import Books as Cli
from clihelp import open_day, set_up
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from croupier.books import consistency, slips
from croupier.books import count as cnt
from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books.model import ChipLine, Counterpart, Game, SlipKind, Token
from croupier.books.poker_ledger import PokerOccasionOpened, PokerTimeWorked
from croupier.books.state import Books
from croupier.books.tickets_ledger import TicketPrizePaid, TicketSeriesRegistered
from croupier.core.events import Event, canonical_json, registered_event_types
from croupier.store import open_store
from croupier.store.hashing import GENESIS_HASH, event_hash

STREAM = "books-org"
T = "2026-01-05T18:30:00+00:00"
T_FILL = "2026-01-05T18:10:00-06:00"


def cents_of(token: Token) -> int:
    """A chip's value from its label: dollars on casino chips (99-01.3-08-03.1), one dollar for
    a paddlewheel betting chip (99-01.3-11-03.4)."""
    if token is Token.BETTING_CHIP:
        return 100
    return int(Decimal(token.value) * 100)


def value(lines: tuple[ChipLine, ...]) -> int:
    return sum(cents_of(line.token) * line.quantity for line in lines)


def read_back(events: list[Event], stream: str = STREAM) -> Books:
    """The books as a reader builds them from stored entries numbered 1, 2, ..."""
    books = Books()
    consistency.apply_stored(books, ((stream, n, e) for n, e in enumerate(events, start=1)))
    return books


def fill(books: Books, lines: tuple[ChipLine, ...] = c(five=20, one=50)) -> ev.SlipIssued:
    (slip,) = slips.issue_slip(books, SlipKind.FILL, "S1", 1, lines, at(10), "c1", "c1", "sm")
    assert isinstance(slip, ev.SlipIssued)
    return slip


def only(problems: list[str], *fragments: str) -> None:
    assert problems, "expected a problem"
    for fragment in fragments:
        assert any(fragment in p for p in problems), (fragment, problems)


# -- every event type is checked, and every entry the commands make passes --------------------


def test_every_books_event_type_has_a_consistency_check() -> None:
    books_types = {
        cls for name, cls in registered_event_types().items() if name.startswith("books.")
    }
    assert books_types
    assert books_types <= set(consistency.CHECKS)
    assert set(consistency.CONTEXT_CHECKS) <= set(consistency.CHECKS)


def test_entries_the_commands_make_all_pass_and_read_back_to_the_same_books() -> None:
    built, _plan = play_quarter_activity(seed=3)
    read = read_back(built.entries)
    assert read.corrupt == []
    assert fingerprint(read) == fingerprint(built)
    scripted = Books()
    for command in scripted_commands(sales=20):
        scripted.apply_all(command(scripted))
    again = read_back(scripted.entries)
    assert again.corrupt == []
    assert fingerprint(again) == fingerprint(scripted)


def test_a_foreign_event_is_not_a_books_entry() -> None:
    @dataclass(frozen=True)
    class Stranger(Event):
        n: int

    only(consistency.check(Stranger(1)), "not a books entry")


# -- fill and credit slips (99-01.3-08-05) -----------------------------------------------------

chip_lines = st.dictionaries(
    st.sampled_from(list(Token)), st.integers(min_value=1, max_value=2000), min_size=1
).map(lambda d: tuple(ChipLine(t, d[t]) for t in Token if t in d))


@given(lines=chip_lines, delta=st.integers(min_value=-(10**7), max_value=10**7))
def test_99_01_3_08_05_3_b_a_slip_whose_grand_total_disagrees_with_its_lines_is_corrupt(
    lines: tuple[ChipLine, ...], delta: int
) -> None:
    total = value(lines) + delta
    slip = ev.SlipIssued(
        SlipKind.FILL, 1, Game.TWENTY_ONE, "S1", DAY.isoformat(), T, 1,
        Counterpart.CHIP_BANK, lines, total, "c1", "c1", "d1", "sm",
    )  # fmt: skip
    problems = consistency.check(slip)
    if delta == 0:
        assert problems == []
    elif total <= 0:
        only(problems, "grand total is not a positive amount")
    else:
        only(problems, "grand total disagrees with the value of its chip lines", "05.3.b")


@pytest.mark.parametrize(
    ("lines", "problem"),
    [
        ((), "list no chips"),
        ((ChipLine(Token.FIVE_DOLLARS, 0),), "quantity is not a positive number"),
        ((ChipLine(Token.FIVE_DOLLARS, -3),), "quantity is not a positive number"),
        ((ChipLine(Token.ONE_DOLLAR, 1), ChipLine(Token.ONE_DOLLAR, 1)), "twice or out of order"),
        ((ChipLine(Token.FIVE_DOLLARS, 1), ChipLine(Token.ONE_DOLLAR, 1)), "twice or out of order"),
    ],
)
def test_99_01_3_08_05_3_b_slip_lines_hold_positive_quantities_one_line_per_value(
    open_books: Books, lines: tuple[ChipLine, ...], problem: str
) -> None:
    slip = replace(fill(open_books), chips=lines, grand_total=max(value(lines), 1))
    only(consistency.check(slip), problem, "99-01.3-08-05.3.b")


def test_99_01_3_08_05_5_a_slip_verified_by_its_preparer_is_corrupt(open_books: Books) -> None:
    slip = replace(fill(open_books), verifier_id="c1")
    only(consistency.check(slip), "its verifier is its preparer (99-01.3-08-05.5)")


def test_99_01_3_08_05_2_a_slip_number_out_of_series_is_corrupt_and_the_series_resumes(
    books: Books,
) -> None:
    made = list(books.entries)
    live = Books.from_events(made)

    def run(events: list[Event]) -> None:
        live.apply_all(events)
        made.extend(events)

    run(ops.open_day(live, "S1", DAY, at(0), ("sm", "pb", "d1", "c1"), "sm"))
    run(ops.start_shift(live, "S1", DAY, 1, "d1", at(5), 2500, "d1"))
    for _ in range(4):
        run([fill(live, c(one=1))])
    numbers = [e.number for e in made if isinstance(e, ev.SlipIssued)]
    assert numbers == [1, 2, 3, 4]
    second = next(i for i, e in enumerate(made) if isinstance(e, ev.SlipIssued) and e.number == 2)
    edited = [*made]
    slip = edited[second]
    assert isinstance(slip, ev.SlipIssued)
    edited[second] = replace(slip, number=50)
    read = read_back(edited)
    assert [(x.seq, x.label.split(",")[0]) for x in read.corrupt] == [
        (second + 1, "fill slip 50"),
        (second + 2, "fill slip 3"),
    ]
    only(list(read.corrupt[0].problems), "number 50 is out of series", "slip is number 2")
    only(list(read.corrupt[1].problems), "number 3 is out of series", "slip is number 51")
    assert read.next_number[SlipKind.FILL] == 5  # slip 4 follows slip 3: the series resumes
    assert slips.unaccounted_numbers(read, SlipKind.FILL) == [2, 3]


# -- chips sold, exchanged, redeemed (99-01.3-08-06, -07) --------------------------------------


@given(lines=chip_lines, delta=st.integers(min_value=-(10**6), max_value=10**6))
def test_99_01_3_08_07_3_chips_sold_for_cash_that_disagrees_with_their_value_are_corrupt(
    lines: tuple[ChipLine, ...], delta: int
) -> None:
    cash = value(lines) + delta
    sale = ev.ChipsSold("S1", DAY.isoformat(), 1, 1, cash, lines, T)
    problems = consistency.check(sale)
    if delta == 0:
        assert problems == []
    elif cash <= 0:
        only(problems, "cash for chips is not a positive amount")
    else:
        only(problems, "disagrees with the value of the chips pushed", "99-01.3-08-07.3")


def test_99_01_3_08_07_3_c_chips_exchanged_for_chips_of_another_value_are_corrupt() -> None:
    fair = ev.ChipsExchanged("S1", DAY.isoformat(), 1, c(five=1), c(one=5), T)
    assert consistency.check(fair) == []
    only(consistency.check(replace(fair, received=c(one=4))), "differ in value", "08-07.3.c")


@pytest.mark.parametrize("tips", [False, True])
def test_99_01_3_08_06_2_chips_redeemed_for_cash_other_than_their_value_are_corrupt(
    tips: bool,
) -> None:
    lines = c(five=3, betting=2)
    assert value(lines) == 1700
    entry: Event
    if tips:
        entry = ev.TipsRedeemed("S1", DAY.isoformat(), "d1", lines, 1700, "c1", T)
    else:
        entry = ev.ChipsRedeemed("S1", DAY.isoformat(), lines, 1700, "c1", T)
    assert consistency.check(entry) == []
    only(consistency.check(replace(entry, cents=1800)), "cash paid disagrees", "08-06.2")  # type: ignore[type-var]


# -- drop box counts (99-01.3-08-14) -----------------------------------------------------------


def count(**changes: Any) -> ev.DropBoxCounted:
    base = ev.DropBoxCounted(
        "S1", DAY.isoformat(), 1, 1, DAY.isoformat(), "ip", "pb", "ip", None,
        50_000, 50_000, 50_000, "", "II", "PB", (1,), (),
    )  # fmt: skip
    return replace(base, **changes)


amounts = st.integers(min_value=0, max_value=10**7)


@given(first=amounts, second=amounts, resolved=amounts, resolution=st.sampled_from(["", "recount"]))
def test_99_01_3_08_14_4_a_count_whose_resolved_amount_is_not_what_both_counts_found_is_corrupt(
    first: int, second: int, resolved: int, resolution: str
) -> None:
    entry = count(first_count=first, second_count=second, resolved=resolved, resolution=resolution)
    problems = consistency.check(entry)
    agree_wrong = first == second and resolved != first
    unresolved = first != second and not resolution
    assert bool(problems) == (agree_wrong or unresolved)
    if agree_wrong:
        only(problems, "resolved amount is not the amount both counts found", "08-14.4")
    if unresolved:
        only(problems, "no resolution of the difference", "08-14.4")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"member_b": "ip"}, "count team is one person (99-01.3-08-14.2)"),
        ({"key_holder": "sm"}, "key holder is not a count team member (99-01.3-08-14.3)"),
        ({"second_key_holder": "ip"}, "second key is not held by the other member"),
        ({"count_day": "2026-01-04"}, "count day is before the day of the activity"),
        ({"slips_found": (2, 1)}, "listed twice or out of order"),
        ({"first_count": -1}, "first count is a negative amount"),
    ],
)
def test_99_01_3_08_14_count_team_keys_and_documentation_that_do_not_add_up_are_corrupt(
    changes: dict[str, Any], problem: str
) -> None:
    assert consistency.check(count()) == []
    only(consistency.check(count(**changes)), problem)


# -- amounts, times, names --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (ev.CashBankFunded("S1", -500, T), "funding is not a positive amount"),
        (ev.CashDeposited("S1", "2026-01-05", 0, "gm", T), "deposit is not a positive amount"),
        (ev.IouWritten("S1", "2026-01-05", 1, -1, "ice", "sm", T), "IOU amount is not a positive"),
        (ev.CountCorrected(3, -100, "miscount", "gm", T), "corrected amount is a negative amount"),
        (ev.CountCorrected(3, 100, " ", "gm", T), "does not say why"),
        (ev.DayClosed("S1", "2026-01-05", T, -1, (), "sm"), "cash bank count is a negative"),
        (
            ev.ShiftStarted("S1", "2026-01-05", 1, 1, "d1", T, 0, None),
            "maximum wager is not a positive",
        ),
        (ev.CashBankFunded("S1", 500, "yesterday"), "not an ISO 8601 time"),
        (ev.CashBankFunded("S1", 500, "2026-01-05T18:00:00"), "has no UTC offset"),
        (ev.DayOpened("S1", "2026-02-30", T, ("sm",), "sm"), "not an ISO 8601 date"),
        (ev.SiteRegistered("S\u200b1", "Main", True), "invisible or direction-changing"),
        (ev.SiteRegistered("S 1", "Main", True), "holds a space"),
        (ev.SiteRegistered("S1", "Main \u202eteertS", True), "invisible or direction-changing"),
        (ev.TableRegistered("S1", 0, Game.TWENTY_ONE), "table number is not a whole number"),
        (
            PokerOccasionOpened("o1", "2026-01-07", "2026-01-05", "gm"),
            "last day is before its first day",
        ),
        (
            PokerTimeWorked("o1", "d1", "S1", "2026-01-05T20:00:00+00:00", T),
            "ends before it starts",
        ),
        (TicketPrizePaid("s1", 3, "2026-01-05", 0, 0, "", T), "records no prize"),
        (TicketSeriesRegistered("s1", "S1", 100, 10, 5, 20, "ND-1"), "last card number is before"),
    ],
)
def test_amounts_times_and_names_that_no_command_would_record_are_corrupt(
    entry: Event, problem: str
) -> None:
    only(consistency.check(entry), problem)


# -- reading: a corrupt entry is named, not applied ---------------------------------------------


def _a_day(books: Books) -> list[Event]:
    """The set-up, then a day with a $150 fill at table 1 and a $25 sale from it."""
    made = list(books.entries)
    live = Books.from_events(made)

    def run(events: list[Event]) -> None:
        live.apply_all(events)
        made.extend(events)

    run(ops.open_day(live, "S1", DAY, at(0), ("sm", "pb", "d1", "c1"), "sm"))
    run(ops.start_shift(live, "S1", DAY, 1, "d1", at(5), 2500, "d1"))
    run([fill(live)])
    run(ops.sell_chips(live, "S1", 1, 2500, c(five=5), at(20)))
    return made


def test_99_01_3_08_05_3_b_a_slip_read_back_with_an_altered_total_is_named_and_not_applied(
    books: Books,
) -> None:
    made = _a_day(books)
    n = next(i for i, e in enumerate(made) if isinstance(e, ev.SlipIssued))
    slip = made[n]
    assert isinstance(slip, ev.SlipIssued)
    assert slip.grand_total == 15_000
    edited = [*made[:n], replace(slip, grand_total=90_000), *made[n + 1 :]]
    read = read_back(edited)
    first, second = read.corrupt
    assert (first.stream, first.seq, first.position) == (STREAM, n + 1, n)
    assert first.label == "fill slip 1, table 1, S1 2026-01-05"
    only(list(first.problems), "grand total disagrees with the value of its chip lines")
    # The sale took chips the fill brought: without the fill the tray never held them.
    assert second.seq == n + 2
    only(
        list(second.problems),
        "tray of table 1 does not hold",
        f"corrupt entry (stream {STREAM!r} event {n + 1})",
    )
    st_ = read.sites["S1"]
    bank = {line.token: line.quantity for line in st_.chip_bank}
    assert bank[Token.FIVE_DOLLARS] == 400
    assert bank[Token.ONE_DOLLAR] == 500
    assert st_.trays[1] == ()
    assert st_.drop_boxes[1] == 0
    assert read.shifts[("S1", DAY.isoformat(), 1, 1)].fills == []
    assert (SlipKind.FILL, 1) not in read.slips
    assert len(read.entries) == len(edited)  # positions kept for what corrections cite
    lines = consistency.banner_lines(read)
    assert len(lines) == 2
    assert lines[0].startswith(f"CORRUPT ENTRY: stream {STREAM!r} event {n + 1} (fill slip 1")
    assert "99-01.3-08-05.3.b" in lines[0]
    assert all("900" not in line for line in lines)
    refused = consistency.refusal(read)
    assert refused is not None
    assert "\n" not in refused
    assert refused.startswith(f"stream {STREAM!r} holds a corrupt entry at event {n + 1}")
    assert refused.endswith(
        "(and 1 more); nothing was written "
        "(run `croupier verify --anchor` with the last printed anchor)"
    )


def test_an_edited_slip_that_adds_up_but_takes_chips_the_bank_never_held_is_corrupt_not_a_crash(
    books: Books,
) -> None:
    made = _a_day(books)[:-1]
    n = next(i for i, e in enumerate(made) if isinstance(e, ev.SlipIssued))
    slip = made[n]
    assert isinstance(slip, ev.SlipIssued)
    forged = replace(slip, chips=c(hundred=9), grand_total=90_000)  # the bank has no $100 chips
    assert consistency.check(forged) == []
    edited = [*made[:n], forged]
    with pytest.raises(AssertionError):
        Books.from_events(edited)  # what trusting the entries did
    read = read_back(edited)
    assert [x.seq for x in read.corrupt] == [n + 1]
    only(list(read.corrupt[0].problems), "the chip bank does not hold")


def test_99_01_3_08_16_a_correction_of_a_corrupt_count_is_itself_corrupt() -> None:
    built = Books()
    for command in scripted_commands(sales=2):
        built.apply_all(command(built))
    entries = list(built.entries)
    k = next(i for i, e in enumerate(entries) if isinstance(e, ev.DropBoxCounted))
    counted = entries[k]
    assert isinstance(counted, ev.DropBoxCounted)
    (fix,) = cnt.correct_count(built, k, 1100, "recount", "gm", at(600))
    entries[k] = replace(counted, resolved=counted.resolved + 10_000)
    read = read_back([*entries, fix])
    assert [x.seq for x in read.corrupt] == [k + 1, len(entries) + 1]
    only(list(read.corrupt[1].problems), f"corrects entry {k}, which is itself corrupt")


# -- reports and status print the banner ----------------------------------------------------


@dataclass
class ReadOnly:
    """What a report reads from ``service.books.BooksService``: the books (as the reader built
    them, for the days or the whole history), the chain's first broken link (None: intact) and
    the store (unused: day not closed) and the organization."""

    read: Books
    chain: None = None
    store: None = None
    org_id: str = "org"

    def books(self) -> Books:
        return self.read

    def read_days(self, first: str, last: str) -> tuple[Books, None]:
        return self.read, None

    def read_history(self) -> tuple[Books, None]:
        return self.read, None

    def read_quarter(self, quarter: object) -> tuple[Books, None]:
        return self.read, None

    def close(self) -> None:
        pass


def _altered_day(books: Books) -> Books:
    made = _a_day(books)[:-1]
    n = next(i for i, e in enumerate(made) if isinstance(e, ev.SlipIssued))
    slip = made[n]
    assert isinstance(slip, ev.SlipIssued)
    return read_back([*made[:n], replace(slip, grand_total=90_000), *made[n + 1 :]])


def test_99_01_3_08_16_1_the_daily_report_prints_a_banner_per_corrupt_entry_not_its_amount(
    books: Books,
) -> None:
    from croupier.reports.terminal import terminal_view
    from croupier.service.books import reports

    read = _altered_day(books)
    report = reports.daily_report(ReadOnly(read), "S1", DAY.isoformat())  # type: ignore[arg-type]
    assert report.warning is not None
    assert report.warning.splitlines() == consistency.banner_lines(read)
    for fmt in ("csv", "html"):
        text = html.unescape(reports.render(report, fmt).decode())
        assert f"WARNING: CORRUPT ENTRY: stream {STREAM!r} event" in text
        assert "$900.00" not in text
        assert "$150.00" not in text
    from rich.console import Console

    console = Console(width=300, record=True)
    console.print(terminal_view(report.form))
    shown = console.export_text()
    assert shown.count("WARNING: CORRUPT ENTRY") == 1
    assert "$900.00" not in shown
    assert reports.render(report, "pdf").startswith(b"%PDF")


def test_books_status_prints_a_banner_line_per_corrupt_entry(
    books: Books, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from croupier.service.books import close as books_close
    from croupier.service.books import service

    read = _altered_day(books)
    # the status also reads the store's anchors and full checks: an empty store has none
    empty = open_store(f"sqlite:///{tmp_path / 'empty.db'}")
    reader = ReadOnly(read)
    reader.store = empty  # type: ignore[assignment]
    monkeypatch.setattr(service, "open_books", lambda _url, _org: reader)
    try:
        status = books_close.site_status("sqlite:///unused.db", "org", "S1")
    finally:
        empty.close()
    assert status.warning is not None
    assert status.warning.splitlines() == consistency.banner_lines(read)
    assert status.trays[0].tray == "no chips"  # the altered fill brought nothing to the tray


# -- the attack: an edited slip whose hashes were recomputed -------------------------------------


class Shell(Cli):
    """``croupier books`` against ``url`` (SQLite or PostgreSQL), organization p1."""

    def __init__(self, tmp_path: Path, url: str) -> None:
        super().__init__(tmp_path)
        self.url = url
        self.env = {"CROUPIER_DATABASE_URL": url, "CROUPIER_ORG": "p1"}


def rewrite(url: str, stream: str, seq: int, field: str, new: object) -> None:
    """What an owner of the database does: set the append-only triggers aside, change one
    field of a stored event, and recompute the stream's hashes from that event on so that
    every link checks again."""
    store = open_store(url)
    try:
        rows = store.read_raw(stream)
    finally:
        store.close()
    updates: list[dict[str, object]] = []
    prev = GENESIS_HASH
    for row in rows:
        if row.seq < seq:
            prev = row.hash
            continue
        payload = dict(row.payload)
        if row.seq == seq:
            payload[field] = new
        text = canonical_json(payload)
        digest = event_hash(stream, row.seq, row.type, text, row.recorded_at, prev)
        updates.append({"p": text, "a": prev, "h": digest, "s": stream, "n": row.seq})
        prev = digest
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            pg = conn.dialect.name == "postgresql"
            saved: list[str] = []
            if pg:
                conn.execute(sa.text("ALTER TABLE events DISABLE TRIGGER USER"))
            else:
                found = conn.execute(
                    sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
                ).all()
                saved = [sql for _name, sql in found]
                for name, _sql in found:
                    conn.execute(sa.text(f"DROP TRIGGER {name}"))
            conn.execute(
                sa.text(
                    "UPDATE events SET payload = :p, prev_hash = :a, hash = :h "
                    "WHERE stream = :s AND seq = :n"
                ),
                updates,
            )
            if pg:
                conn.execute(sa.text("ALTER TABLE events ENABLE TRIGGER USER"))
            for sql in saved:
                conn.execute(sa.text(sql))
    finally:
        engine.dispose()


def _attacked(tmp_path: Path, url: str) -> tuple[Shell, int]:
    """Books p1 with a $150 fill slip at table 1 whose stored grand total was rewritten to
    $900 with every hash recomputed; the slip's event number."""
    b = Shell(tmp_path, url)
    set_up(b)
    open_day(b)
    t = "2026-01-05T18:10:00-06:00"
    b.ok("fill", "S1", "1", "5x20,1x50", "c1", "c1", "--verifier", "sm", "--at", t)
    store = open_store(url)
    try:
        seq = next(r.seq for r in store.read_raw("books-p1") if r.type == "books.slip_issued")
        payload = next(r.payload for r in store.read_raw("books-p1") if r.seq == seq)
    finally:
        store.close()
    assert payload["grand_total"] == 15_000
    rewrite(url, "books-p1", seq, "grand_total", 90_000)
    return b, seq


def test_99_01_3_08_05_3_b_a_rewrite_with_recomputed_hashes_passes_the_chain_not_the_reader(
    tmp_path: Path, database_url: str
) -> None:
    _b, seq = _attacked(tmp_path, database_url)
    store = open_store(database_url)
    try:
        assert store.verify() == [], "the rewrite should pass the plain chain check"
        stored = store.read("books-p1")
    finally:
        store.close()
    slip = next(s.event for s in stored if s.seq == seq)
    assert isinstance(slip, ev.SlipIssued)
    assert slip.grand_total == 90_000
    books = Books()
    found = consistency.apply_stored(books, ((s.stream, s.seq, s.event) for s in stored if s.event))
    assert [(x.stream, x.seq) for x in found] == [("books-p1", seq)]
    only(list(found[0].problems), "grand total disagrees with the value of its chip lines")
    assert books.shifts[("S1", DAY.isoformat(), 1, 1)].fills == []


def test_99_01_3_08_05_3_b_after_the_rewrite_the_daily_report_names_the_slip_not_its_amount(
    tmp_path: Path, database_url: str
) -> None:
    from croupier.cli.main import app

    b, seq = _attacked(tmp_path, database_url)
    result = CliRunner().invoke(
        app, ["report", "daily", "S1", "2026-01-05"], env=b.env, terminal_width=300
    )
    assert result.exit_code == 0, result.output
    assert f"CORRUPT ENTRY: stream 'books-p1' event {seq} (fill slip 1" in result.output
    assert "$900.00" not in result.output
    status = b.ok("status", "S1")
    assert status.splitlines()[0].startswith(f"CORRUPT ENTRY: stream 'books-p1' event {seq}")


def test_99_01_3_08_05_3_b_after_the_rewrite_a_writing_command_is_refused_in_one_line(
    tmp_path: Path, database_url: str
) -> None:
    b, seq = _attacked(tmp_path, database_url)
    store = open_store(database_url)
    try:
        before = store.version("books-p1")
    finally:
        store.close()
    line = b.refused("fund", "S1", "5", "--at", "2026-01-05T19:00:00-06:00")
    assert line.startswith(f"error: stream 'books-p1' holds a corrupt entry at event {seq}")
    assert line.endswith(
        "nothing was written (run `croupier verify --anchor` with the last printed anchor)"
    )
    store = open_store(database_url)
    try:
        assert store.version("books-p1") == before
    finally:
        store.close()


@pytest.mark.parametrize(
    ("entry_type", "field", "new", "problem"),
    [
        ("books.chips_sold", "cents", 90_000, "disagrees with the value of the chips pushed"),
        ("books.chips_sold", "cents", -2_500, "the cash for chips is not a positive amount"),
        ("books.slip_issued", "number", 7, "its number 7 is out of series"),
    ],
    ids=["99-01.3-08-07.3-sale", "negative-amount", "99-01.3-08-05.2-series"],
)
def test_99_01_3_08_07_3_and_08_05_2_other_rewrites_with_recomputed_hashes_are_named_in_status(
    tmp_path: Path, sqlite_url: str, entry_type: str, field: str, new: object, problem: str
) -> None:
    """A $25 sale of five $5 chips and a $150 fill: each rewrite (hashes recomputed) is named
    by ``books status`` and refuses the next write; the chain itself still checks."""
    b = Shell(tmp_path, sqlite_url)
    set_up(b)
    open_day(b)
    b.ok("fill", "S1", "1", "5x20,1x50", "c1", "c1", "--verifier", "sm", "--at", T_FILL)
    b.ok("sell", "S1", "1", "$25", "--chips", "5x5", "--at", "2026-01-05T18:20:00-06:00")
    store = open_store(sqlite_url)
    try:
        seq = next(r.seq for r in store.read_raw("books-p1") if r.type == entry_type)
    finally:
        store.close()
    rewrite(sqlite_url, "books-p1", seq, field, new)
    store = open_store(sqlite_url)
    try:
        assert store.verify() == []
    finally:
        store.close()
    first = b.ok("status", "S1").splitlines()[0]
    assert first.startswith(f"CORRUPT ENTRY: stream 'books-p1' event {seq} (")
    assert problem in first
    line = b.refused("fund", "S1", "5", "--at", "2026-01-05T19:00:00-06:00")
    assert line.startswith(f"error: stream 'books-p1' holds a corrupt entry at event {seq}")
