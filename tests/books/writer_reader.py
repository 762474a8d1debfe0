"""The base of the stateful writer/reader test (``test_one_rule``): one organization's books in a
fresh database (SQLite or a PostgreSQL schema), driven through ``BooksService.execute`` by the
domain commands of ``writer_reader_day`` and ``writer_reader_games``, with the value strategies
they share (ordinary values first, then edge values: zero, negative, empty, odd text, ids that
do not exist, huge numbers).

After every step that wrote something, a fresh reader and a full replay must find no corrupt
entry; the writer's own check (the reader's rule, ``books.consistency.admit``) must never be
the one that refuses. ``STATS`` counts, per rule, the steps accepted and refused (a rule that
is never accepted tests nothing: see ``stats_lines``).
"""

from __future__ import annotations

import tempfile
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from bookshelp import DAY, at, c, setup_events
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant

from croupier.books import operations as ops
from croupier.books import poker, slips, tickets, tournament21
from croupier.books.model import Affiliation, Chips, Game, Role, SlipKind
from croupier.books.poker_ledger import FeeKind
from croupier.books.state import Books
from croupier.books.tournament21_ledger import Fee21Kind
from croupier.core.errors import CroupierError
from croupier.core.events import Event
from croupier.service.books.service import BooksService, rebuild
from croupier.store import open_existing_store

ENTRY = Fee21Kind.ENTRY
REJECTED = "every reader of the books would reject"
ON_DUTY = ("sm", "pb", "d1", "d2", "w1", "c1")

STATS: Counter[tuple[str, str]] = Counter()
"""(rule, "accepted" | "refused") -> steps, over every run of the machine in this process."""
WHY: Counter[tuple[str, str]] = Counter()
"""(rule, the start of the refusal) -> steps: why a rule's steps were refused."""


def stats_lines() -> list[str]:
    rules = sorted({r for r, _ in STATS})
    return [
        f"{r}: {STATS[(r, 'accepted')]} accepted, {STATS[(r, 'refused')]} refused" for r in rules
    ]


def mixed(ordinary: list[object], edges: list[object]) -> st.SearchStrategy[object]:
    """An ordinary value three times in four, else an edge value."""
    times = -(-3 * len(edges) // len(ordinary))
    return st.sampled_from(ordinary * times + edges)


ODD_TEXT = [
    "",
    " ",
    " leading",
    "trailing ",
    "two  spaces",
    "tab\there",
    "line\nbreak",
    "zero\u200bwidth",
    "\u202eevil",
    "Zoë",
    "x" * 300,
    "nul\x00",
]
EMPLOYEES = st.sampled_from(["sm", "pb", "d1", "d2", "w1", "c1", "gm", "ip", "ng1", "au", "r1"])
ANYONE = mixed(["sm", "pb", "d1", "c1", "gm", "ip", "au"], ["nobody", "", "s m", "sm\u200b"])
TEXT = mixed(["", "ok", "keyed in error"], ODD_TEXT)
NAMES = mixed(["Ann Lee", "Bo", "Player 7"], ODD_TEXT)
CENTS = mixed(
    [100, 500, 2000, 2500, 10_000],
    [0, -1, -500, 1, 199, 200, 201, 20_000, 20_001, 30_000, 10**12, 2**63],
)
COUNTS = mixed([0, 1, 2, 3], [-1, 40, 10**6])
SMALL = st.integers(min_value=-2, max_value=6)
OFFSETS = mixed([0, 1, 30], [-1, -60, -1440, 1440, 10_000, 10**6])
"""Minutes from the machine's clock (edge: times out of order, far ahead)."""


def chips_of(five: int, one: int) -> Chips:
    return c(five=max(five, 0), one=max(one, 0))


class Machine(RuleBasedStateMachine):
    """Site S1 (surveilled; twenty-one tables 1, 2, paddlewheel 3) with day DAY open, table 1
    open with d1, a fill of $300 and $50 of chips with players; site S2 (twenty-one table 1)
    with no activity at all (its opening balances may be entered)."""

    backend = "sqlite"
    postgres_base = ""

    def __init__(self) -> None:
        super().__init__()
        self.cleanup: list[Callable[[], None]] = []
        self.url = self._fresh_database()
        self.svc = BooksService.open(self.url, "org")
        for e in setup_events():
            self.svc.execute(lambda b, e=e: [e])
        self.svc.execute(lambda b: ops.register_site(b, "S2", "Lakeside Lodge", False))
        self.svc.execute(lambda b: ops.register_table(b, "S2", 1, Game.TWENTY_ONE))
        self.svc.execute(
            lambda b: ops.register_employee(
                b, "d3", "Dot Three", "D3", (Role.DEALER,), Affiliation.GAMING_EMPLOYEE, "sm"
            )
        )
        self.clock = at(0)
        self.svc.execute(lambda b: ops.open_day(b, "S1", DAY, at(0), ON_DUTY, "sm"))
        self.svc.execute(lambda b: ops.start_shift(b, "S1", DAY, 1, "d1", at(1), 2500, "d1"))
        self.svc.execute(
            lambda b: slips.issue_slip(
                b, SlipKind.FILL, "S1", 1, c(five=40, one=100), at(2), "c1", "c1", "sm"
            )
        )
        self.svc.execute(lambda b: ops.sell_chips(b, "S1", 1, 5000, c(five=8, one=10), at(3)))
        self.svc.execute(lambda b: poker.open_occasion(b, "p1", DAY, DAY, "gm", ("S1",)))
        self.svc.execute(lambda b: tickets.register_series(b, "s1", "S1", 100, 1, 2, 2, "ND-1"))
        self.svc.execute(lambda b: tournament21.register_tournament(b, "t1", "S1", "Cup", 2000))
        t = at(4)
        for command in (  # something for each later rule to act on
            lambda b: tournament21.collect_fee(
                b, "t1", DAY, "Ann Lee", "Ann Lee", ENTRY, 2000, "c1", t
            ),
            lambda b: poker.collect_tournament_fee(
                b, "p1", "t1", "Bo", FeeKind.ENTRY, 10_000, "c1", t, "Bo", "1 Elm St"
            ),
            lambda b: poker.start_tournament(b, "p1", "t1", "pb", t),
            lambda b: tickets.sell_tickets(b, "s1", 1, DAY, 2, t),
            lambda b: tickets.sell_tickets(b, "s1", 2, DAY, 1, t),
            lambda b: ops.write_iou(b, "S1", DAY, 1000, "change", "sm", t),
        ):
            self.svc.execute(command)
        self.clock = at(10)
        self.b: Books = self.svc.books()
        self.checked = self.svc.store.version(self.svc.stream)

    def _fresh_database(self) -> str:
        if self.backend == "sqlite":
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

    # -- what the rules share -------------------------------------------------------------

    def when(self, offset: int = 0) -> datetime:
        """The machine's clock plus ``offset`` minutes."""
        return self.clock + timedelta(minutes=offset)

    def day(self, site: str, which: str = "open") -> date:
        """The gaming day open at ``site`` ("open"; the last one opened if none is open), the
        first day at S1 ("first", closed once a second opens), or one never opened ("never")."""
        if which == "first":
            return DAY
        if which == "never":
            return date(2026, 3, 1)
        st_ = self.b.sites.get(site)
        if st_ is not None and st_.open_day is not None:
            return date.fromisoformat(st_.open_day)
        known = sorted(d for (s, d) in self.b.days if s == site)
        return date.fromisoformat(known[-1]) if known else DAY

    def table(self, table: object) -> int:
        """``table``, or ("open") a table open at S1 (table 1 when none is)."""
        if isinstance(table, int):
            return table
        st_ = self.b.sites.get("S1")
        tables = sorted(st_.open_shift) if st_ is not None else []
        return tables[len(self.b.entries) % len(tables)] if tables else 1

    def open_day_at(self, site: str) -> bool:
        st_ = self.b.sites.get(site)
        return st_ is not None and st_.open_day is not None

    def try_(self, name: str, command: Callable[[Books], list[Event]]) -> bool:
        """Run a domain command as the writer does. The domain may refuse it (nothing is
        written); what it returns must be what every reader accepts, so the writer's own check
        (the reader's rule) must never be the one that refuses. True when it was written."""
        self.clock += timedelta(minutes=1)
        before = self.svc.store.version(self.svc.stream)
        refusal = ""
        try:
            self.svc.execute(command)
        except CroupierError as exc:
            refusal = str(exc)
        self.b = self.svc.books()
        if refusal:
            assert REJECTED not in refusal, f"{name}: {refusal}"
            assert self.svc.store.version(self.svc.stream) == before
        STATS[(name, "refused" if refusal else "accepted")] += 1
        if refusal:
            WHY[(name, refusal[:70])] += 1
        return not refusal

    @invariant()
    def every_reader_accepts_and_the_books_take_the_next_entry(self) -> None:
        version = self.svc.store.version(self.svc.stream)
        if version == self.checked:
            return
        self.checked = version
        assert not self.b.corrupt, self.b.corrupt[0].line()
        store = open_existing_store(self.url)
        try:
            fresh = BooksService(store, "org")
            assert not fresh.books().corrupt, fresh.books().corrupt[0].line()
            replayed = rebuild(store, "org")
            assert not replayed.corrupt, replayed.corrupt[0].line()
        finally:
            store.close()
