"""One rule per entry for the writer and the reader (issue 26, item 3).

A count with ``--fill-copies 0`` used to be written, after which every reader recorded it as a
corrupt entry and refused every later write, for good. Now the reader's check of an entry
(``books.consistency``) runs in the writer before the entry is appended, and the domain refuses
such input itself with its section. The stateful test drives the books' domain commands with
edge values on both backends and asks, after every step: did the writer only ever write what a
reader accepts, does a fresh reader replaying everything from the store accept every entry, and
do the books still take the next entry?
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
import sqlalchemy as sa
from bookshelp import DAY, Run, at, c, fingerprint, setup_events
from clihelp import Books as Cli
from clihelp import open_day, set_up
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from croupier.books import count as cnt
from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.model import Chips, SlipKind
from croupier.books.state import Books
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import Event
from croupier.service.books.service import BooksService, rebuild
from croupier.store import open_existing_store, open_store

NEXT_DAY = date(2026, 1, 6)


# -- the count cases of the issue, in the domain and through the command line ----------------


@pytest.fixture
def dropped(open_books: Books, run: Run) -> Books:
    """Table 1: fill slip 1 ($100), credit slip 1 ($20), the drop box removed."""
    b = open_books
    run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=20), at(6), "c1", "c1", "sm"))
    run(slips.issue_slip(b, SlipKind.CREDIT, "S1", 1, c(five=4), at(50), "d1", "c1", "sm"))
    run(ops.end_shift(b, "S1", 1, at(60), b.sites["S1"].trays[1], "sm", "pb", True))
    return b


def _count(b: Books, fills: tuple[int, ...], credits: tuple[int, ...]) -> list[Event]:
    return cnt.count_drop_box(
        b, "S1", DAY, 1, 1, NEXT_DAY, "ip", "pb", "ip", None, 0, 0, 0, "", "II", "PB",
        fills, credits,
    )  # fmt: skip


@pytest.mark.parametrize("found", [(0,), (-1,), (1, 1)], ids=["zero", "negative", "twice"])
def test_99_01_3_08_05_6_fill_copies_found_are_slip_numbers_once(
    dropped: Books, found: tuple[int, ...]
) -> None:
    before = fingerprint(dropped)
    with pytest.raises(InvalidInput, match=r"fill slip copy .*\(99-01\.3-08-05\.6\)"):
        _count(dropped, found, (1,))
    assert fingerprint(dropped) == before


@pytest.mark.parametrize("found", [(0,), (-3,), (1, 1)], ids=["zero", "negative", "twice"])
def test_99_01_3_08_05_4_credit_originals_found_are_slip_numbers_once(
    dropped: Books, found: tuple[int, ...]
) -> None:
    with pytest.raises(InvalidInput, match=r"credit slip original .*\(99-01\.3-08-05\.4\)"):
        _count(dropped, (1,), found)


def test_99_01_3_08_05_slips_found_listed_in_any_order_are_recorded_in_order(
    dropped: Books,
) -> None:
    [counted] = _count(dropped, (1,), (1,))
    assert isinstance(counted, ev.DropBoxCounted)
    assert counted.slips_found == (1,)


def _dropped_cli(tmp_path: Path) -> Cli:
    b = Cli(tmp_path)
    set_up(b)
    open_day(b)
    b.ok("end-shift", "S1", "1", "--removed-by", "sm", "--escort", "pb", "--at",
         "2026-01-05T22:00:00-06:00")  # fmt: skip
    return b


COUNT = ("count", "S1", "2026-01-05", "1", "1", "--team", "c1,pb", "--key-holder", "c1",
         "--first", "$0", "--second", "$0", "--initials", "CC,PB")  # fmt: skip


@pytest.mark.parametrize("copies", ["0", "-1", "1,1"])
def test_99_01_3_08_14_a_count_with_impossible_slips_is_refused_and_the_books_go_on(
    tmp_path: Path, copies: str
) -> None:
    b = _dropped_cli(tmp_path)
    line = b.refused(*COUNT, "--fill-copies", copies)
    assert "99-01.3-08-05.6" in line, line
    store = open_store(b.url)
    try:
        before = store.version("books-p1")
    finally:
        store.close()
    # the books still take the next entry: the same count, keyed right, then the status
    b.ok(*COUNT)
    assert "CORRUPT" not in b.ok("status", "S1")
    store = open_store(b.url)
    try:
        assert store.version("books-p1") == before + 1
    finally:
        store.close()


def test_the_writer_refuses_what_a_reader_would_reject(tmp_path: Path) -> None:
    """An entry that the domain would never make, handed to the writer directly: refused with
    the reader's reason, nothing stored, and the next entry taken."""
    url = f"sqlite:///{tmp_path / 'w.db'}"
    svc = BooksService.open(url, "org")
    try:
        for e in setup_events():
            svc.execute(lambda b, e=e: [e])
        version = svc.store.version(svc.stream)
        bad = ev.CashBankFunded("S1", -500, at(0).isoformat())
        with pytest.raises(InvalidInput, match="every reader of the books would reject"):
            svc.execute(lambda b: [bad])
        assert svc.store.version(svc.stream) == version
        svc.execute(lambda b: ops.fund_cash_bank(b, "S1", 500, at(1)))
        assert svc.store.version(svc.stream) == version + 1
        assert not svc.books().corrupt
    finally:
        svc.close()


# -- the stateful test: whatever the writer accepts, every reader accepts ----------------------

EMPLOYEES = ("sm", "pb", "d1", "d2", "c1", "ip", "ng1", "au", "nobody")
COUNTS = st.integers(min_value=-2, max_value=40)
SLIP_NUMBERS = st.lists(st.integers(min_value=-2, max_value=6), max_size=4).map(tuple)


def chips_of(five: int, one: int) -> Chips:
    return c(five=max(five, 0), one=max(one, 0))


class WriterReader(RuleBasedStateMachine):
    """The books of one organization in a fresh database, driven by domain commands."""

    backend = "sqlite"
    postgres_base = ""

    def __init__(self) -> None:
        super().__init__()
        self.cleanup: list[Callable[[], None]] = []
        self.url = self._fresh_database()
        self.svc = BooksService.open(self.url, "org")
        for e in setup_events():
            self.svc.execute(lambda b, e=e: [e])
        self.minute = 0
        self.svc.execute(
            lambda b: ops.open_day(b, "S1", DAY, at(0), ("sm", "pb", "d1", "d2", "c1"), "sm")
        )
        self.svc.execute(lambda b: ops.start_shift(b, "S1", DAY, 1, "d1", at(1), 2500, "d1"))
        self.shift_open = True
        self.written = self.svc.store.version(self.svc.stream)

    def _fresh_database(self) -> str:
        if self.backend == "sqlite":
            import tempfile

            folder = tempfile.TemporaryDirectory()
            self.cleanup.append(folder.cleanup)
            return f"sqlite:///{Path(folder.name) / 'books.db'}"
        base = self.postgres_base
        schema = f"t_{uuid.uuid4().hex[:12]}"
        engine = sa.create_engine(base)
        with engine.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))

        def drop() -> None:
            with engine.begin() as conn:
                conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
            engine.dispose()

        self.cleanup.append(drop)
        sep = "&" if "?" in base else "?"
        return f"{base}{sep}options=-csearch_path%3D{schema}"

    def teardown(self) -> None:
        self.svc.close()
        for undo in reversed(self.cleanup):
            undo()

    def _try(self, command: Callable[[Books], list[Event]]) -> None:
        """Run a domain command as the writer does. The domain may refuse it (nothing is
        written); what it returns must be what every reader accepts, so the writer's own check
        (the reader's rule) must never be the one that refuses."""
        self.minute += 1
        before = self.svc.store.version(self.svc.stream)
        refusal = ""
        try:
            self.svc.execute(command)
        except CroupierError as exc:
            refusal = str(exc)
        if refusal:
            assert "every reader of the books would reject" not in refusal, refusal
            assert self.svc.store.version(self.svc.stream) == before

    @rule(five=COUNTS, one=COUNTS, dollars=st.integers(min_value=-5, max_value=300))
    def sell(self, five: int, one: int, dollars: int) -> None:
        self._try(
            lambda b: ops.sell_chips(
                b, "S1", 1, dollars * 100, chips_of(five, one), at(self.minute)
            )
        )

    @rule(five=COUNTS, one=COUNTS, paid_five=COUNTS)
    def play(self, five: int, one: int, paid_five: int) -> None:
        self._try(
            lambda b: ops.settle_play(
                b, "S1", 1, chips_of(five, one), chips_of(paid_five, 0), at(self.minute)
            )
        )

    @rule(
        kind=st.sampled_from(SlipKind),
        five=COUNTS,
        one=COUNTS,
        people=st.tuples(*(st.sampled_from(EMPLOYEES) for _ in range(3))),
    )
    def slip(self, kind: SlipKind, five: int, one: int, people: tuple[str, str, str]) -> None:
        preparer, cashier, verifier = people
        self._try(
            lambda b: slips.issue_slip(
                b, kind, "S1", 1, chips_of(five, one), at(self.minute), preparer, cashier, verifier
            )
        )

    @rule(one=COUNTS)
    def tip(self, one: int) -> None:
        self._try(lambda b: ops.receive_tip(b, "S1", 1, chips_of(0, one), at(self.minute)))

    @rule(cents=st.integers(min_value=-100, max_value=50_000))
    def fund(self, cents: int) -> None:
        self._try(lambda b: ops.fund_cash_bank(b, "S1", cents, at(self.minute)))

    @precondition(lambda self: self.shift_open)
    @rule(escort=st.sampled_from(EMPLOYEES))
    def end_shift(self, escort: str) -> None:
        def command(b: Books) -> list[Event]:
            return ops.end_shift(b, "S1", 1, at(self.minute), b.sites["S1"].trays[1], "sm",
                                 escort, True)  # fmt: skip

        self._try(command)
        self.shift_open = bool(self.svc.books().sites["S1"].open_shift)

    @precondition(lambda self: not self.shift_open)
    @rule(
        team=st.tuples(st.sampled_from(EMPLOYEES), st.sampled_from(EMPLOYEES)),
        first=st.integers(min_value=-100, max_value=100_000),
        second=st.integers(min_value=-100, max_value=100_000),
        fills=SLIP_NUMBERS,
        credits=SLIP_NUMBERS,
        resolution=st.sampled_from(["", " ", "recounted together"]),
    )
    def count(
        self,
        team: tuple[str, str],
        first: int,
        second: int,
        fills: tuple[int, ...],
        credits: tuple[int, ...],
        resolution: str,
    ) -> None:
        a, b_ = team

        def command(b: Books) -> list[Event]:
            initials = [b.employees[m].initials if m in b.employees else "XX" for m in team]
            return cnt.count_drop_box(
                b, "S1", DAY, 1, 1, NEXT_DAY, a, b_, a, None, first, second,
                first if first == second else max(first, second, 0), resolution,
                initials[0], initials[1], fills, credits,
            )  # fmt: skip

        self._try(command)

    @invariant()
    def every_reader_accepts_and_the_books_take_the_next_entry(self) -> None:
        store = open_existing_store(self.url)
        try:
            fresh = BooksService(store, "org")
            assert not fresh.books().corrupt, fresh.books().corrupt[0].line()
            replayed = rebuild(store, "org")
            assert not replayed.corrupt, replayed.corrupt[0].line()
        finally:
            store.close()


class WriterReaderPostgres(WriterReader):
    backend = "postgres"


SETTINGS = settings(
    max_examples=12,
    stateful_step_count=14,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_whatever_the_writer_accepts_every_reader_accepts_sqlite() -> None:
    WriterReader.TestCase.settings = SETTINGS
    WriterReader.TestCase().runTest()


@pytest.mark.postgres
def test_whatever_the_writer_accepts_every_reader_accepts_postgres(postgres_url: str) -> None:
    # the fixture skips, visibly, without a server; each example makes a schema of its own
    WriterReaderPostgres.postgres_base = postgres_url.rsplit("options=", 1)[0].rstrip("?&")
    WriterReaderPostgres.TestCase.settings = SETTINGS
    WriterReaderPostgres.TestCase().runTest()
