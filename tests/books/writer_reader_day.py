"""The gaming-day rules of the stateful writer/reader test: ``croupier books open-day,
open-table, sell, play, tip, fill, credit, void, redeem, redeem-tips, end-shift, iou, count,
correct-count, deposit, close-day, review-camera, camera-fault`` and the domain commands behind
them (chip exchanges, IOUs cleared, camera repairs, video reviews, games discontinued)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from bookshelp import DAY
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule
from writer_reader import (
    ANYONE,
    CENTS,
    COUNTS,
    ON_DUTY,
    TEXT,
    Machine,
    chips_of,
    mixed,
)

from croupier.books import count as cnt
from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books import surveillance as sv
from croupier.books.model import Counterpart, Game, SlipKind
from croupier.books.state import Books
from croupier.core.events import Event

TABLES = mixed(["open"], [1, 2, 3, 0, -1, 4, 10**9])
PEOPLE = mixed(
    ["usual"],
    [
        ("c1", "c1", None),
        ("d1", "c1", "d1"),
        ("gm", "w1", "pb"),
        ("c1", "sm", "sm"),
        ("nobody", "c1", "sm"),
        ("pb", "d2", "pb"),
    ],
)
SITES = mixed(["S1", "S1", "S2"], ["S9", "", "s 1"])
WHICH_DAY = mixed(["open"], ["first", "never"])
SLIP_NUMBERS = st.lists(st.integers(min_value=-2, max_value=6), max_size=4).map(tuple)
FORMS = mixed([None], [0, -1, 1, 2, 1001, 10**10])
CASHIER = mixed(["c1"], ["d2", "pb", "au", "nobody"])


class DayRules(Machine):
    @rule(
        table=TABLES,
        five=COUNTS,
        one=COUNTS,
        cash=mixed(["exact"], [0, -100, "one more", 2**63]),
        tender=mixed(["cash"], ["check"]),
    )
    def sell(self, table: object, five: int, one: int, cash: object, tender: str) -> None:
        n, lines = self.table(table), chips_of(five, one)
        value = 500 * max(five, 0) + 100 * max(one, 0)
        cents = value if cash == "exact" else value + 1 if cash == "one more" else cash
        assert isinstance(cents, int)
        self.try_("sell", lambda b: ops.sell_chips(b, "S1", n, cents, lines, self.when(), tender))

    @rule(table=TABLES, five=COUNTS, back=mixed(["even"], ["none", "one short"]))
    def exchange(self, table: object, five: int, back: str) -> None:
        n, given = self.table(table), chips_of(five, 0)
        ones = 5 * max(five, 0) - (1 if back == "one short" else 0)
        received = () if back == "none" else chips_of(0, ones)
        self.try_(
            "exchange", lambda b: ops.exchange_chips(b, "S1", n, given, received, self.when())
        )

    @rule(table=TABLES, five=COUNTS, one=COUNTS, paid_five=COUNTS)
    def play(self, table: object, five: int, one: int, paid_five: int) -> None:
        n, taken, paid = self.table(table), chips_of(five, one), chips_of(paid_five, 0)
        self.try_("play", lambda b: ops.settle_play(b, "S1", n, taken, paid, self.when()))

    @rule(
        kind=st.sampled_from(SlipKind),
        table=TABLES,
        five=COUNTS,
        one=COUNTS,
        people=PEOPLE,
        jar=mixed([False], [True]),
        form=FORMS,
    )
    def slip(
        self,
        kind: SlipKind,
        table: object,
        five: int,
        one: int,
        people: object,
        jar: bool,
        form: int | None,
    ) -> None:
        n = self.table(table)
        if people == "usual":
            dealer = self._dealer(n)
            people = ("c1", "c1", "sm") if kind is SlipKind.FILL else (dealer, "c1", "sm")
        assert isinstance(people, tuple)
        preparer, cashier, verifier = people
        where = Counterpart.JAR_BAR if jar else Counterpart.CHIP_BANK
        self.try_(
            "slip",
            lambda b: slips.issue_slip(
                b,
                kind,
                "S1",
                n,
                chips_of(five, one),
                self.when(),
                preparer,
                cashier,
                verifier,
                where,
                form,
            ),
        )

    def _dealer(self, table: int) -> str:
        key = self.b.sites["S1"].open_shift.get(table)
        return self.b.shifts[key].started.dealer_id if key is not None else "d1"

    @rule(
        kind=st.sampled_from(SlipKind),
        preparer=mixed(["pb", "sm"], ["c1", "d1", "nobody", "au"]),
        initials=mixed(["own"], ["", " pb ", "XX", "P B"]),
        form=FORMS,
        game=mixed([None], list(Game)),
        which=WHICH_DAY,
    )
    def void(
        self,
        kind: SlipKind,
        preparer: str,
        initials: str,
        form: int | None,
        game: Game | None,
        which: str,
    ) -> None:
        day = self.day("S1", which)
        person = self.b.employees.get(preparer)
        mark = (person.initials if person else "XX") if initials == "own" else initials
        self.try_(
            "void",
            lambda b: slips.void_slip(b, kind, "S1", day, self.when(), preparer, mark, form, game),
        )

    @rule(table=TABLES, one=COUNTS, five=COUNTS)
    def tip(self, table: object, one: int, five: int) -> None:
        n, lines = self.table(table), chips_of(five, one)
        self.try_("tip", lambda b: ops.receive_tip(b, "S1", n, lines, self.when()))

    @rule(dealer=mixed(["d1", "d2", "w1"], ["nobody", "c1", ""]), cashier=CASHIER, which=WHICH_DAY)
    def redeem_tips(self, dealer: str, cashier: str, which: str) -> None:
        day = self.day("S1", which)
        self.try_(
            "redeem_tips", lambda b: ops.redeem_tips(b, "S1", day, dealer, cashier, self.when())
        )

    @rule(five=COUNTS, one=COUNTS, cashier=CASHIER, which=WHICH_DAY)
    def redeem(self, five: int, one: int, cashier: str, which: str) -> None:
        day, lines = self.day("S1", which), chips_of(five, one)
        self.try_("redeem", lambda b: ops.redeem_chips(b, "S1", day, lines, cashier, self.when()))

    @rule(cents=CENTS, purpose=TEXT, by=ANYONE, site=SITES, which=WHICH_DAY)
    def iou(self, cents: int, purpose: str, by: str, site: str, which: str) -> None:
        day = self.day(site, which)
        self.try_("iou", lambda b: ops.write_iou(b, site, day, cents, purpose, by, self.when()))

    @rule(number=mixed(["last"], [-1, 0, 1, 2, 99]), by=ANYONE, which=WHICH_DAY)
    def clear_iou(self, number: object, by: str, which: str) -> None:
        day = self.day("S1", which)
        if number == "last":
            number = max(self.b.sites["S1"].ious, default=1)
        assert isinstance(number, int)
        self.try_("clear_iou", lambda b: ops.clear_iou(b, "S1", day, number, by, self.when()))

    @rule(cents=CENTS, site=SITES)
    def fund(self, cents: int, site: str) -> None:
        self.try_("fund", lambda b: ops.fund_cash_bank(b, site, cents, self.when()))

    @rule(five=COUNTS, one=COUNTS, site=SITES)
    def receive_chips(self, five: int, one: int, site: str) -> None:
        lines = chips_of(five, one)
        self.try_(
            "receive_chips", lambda b: ops.receive_chip_inventory(b, site, lines, self.when())
        )

    @rule(
        table=mixed([1, 2, 3], [0, -1, 4, 10**9]),
        dealer=mixed(["usual"], ["d1", "d2", "w1", "d3", "sm", "nobody", ""]),
        wager=mixed([2500, 500], [0, -1, 200, 201, 10**12]),
        inspector=mixed(["d1", "sm", None], ["c1", "nobody"]),
        which=WHICH_DAY,
    )
    def open_table(
        self, table: int, dealer: str, wager: int, inspector: str | None, which: str
    ) -> None:
        day = self.day("S1", which)
        if dealer == "usual":
            dealer = "w1" if table == 3 else "d2" if table == 2 else "d1"
        self.try_(
            "open_table",
            lambda b: ops.start_shift(b, "S1", day, table, dealer, self.when(), wager, inspector),
        )

    @rule(
        table=TABLES,
        removed_by=mixed(["sm"], ["pb", "nobody"]),
        escort=mixed(["pb"], [None, "sm", "nobody", ""]),
        tray=mixed(["books"], ["none", "odd"]),
        closes=st.booleans(),
    )
    def end_shift(
        self, table: object, removed_by: str, escort: str | None, tray: str, closes: bool
    ) -> None:
        n = self.table(table)

        def command(b: Books) -> list[Event]:
            held = b.sites["S1"].trays.get(n, ())
            lines = held if tray == "books" else () if tray == "none" else chips_of(3, 1)
            return ops.end_shift(b, "S1", n, self.when(), lines, removed_by, escort, closes)

        self.try_("end_shift", command)

    def _uncounted(self) -> list[tuple[str, str, int, int]]:
        return sorted(
            k for k, r in self.b.shifts.items() if r.ended is not None and r.count is None
        )

    @precondition(lambda self: bool(self._uncounted()))
    @rule(
        pick=st.integers(min_value=0, max_value=5),
        team=mixed(
            [("ip", "pb"), ("ng1", "ng2"), ("r1", "r2")],
            [("ip", "ip"), ("d1", "d2"), ("au", "ng1"), ("ip", "nobody"), ("sm", "pb")],
        ),
        counts=mixed([(0, 0), (5000, 5000)], [(-100, -100), (100, 200), (2**63, 2**63)]),
        resolution=mixed([""], [" ", "recounted together", "\u202e"]),
        fills=mixed([None], [(), (0,), (-1,), (1, 1), (1, 2, 99)]),
        credits=mixed([None], [(), (0,), (2, 1), (1, 1)]),
        count_day=mixed([0], [-1, 1, 400]),
        second_key=mixed([None], ["pb", "ip", "nobody"]),
    )
    def count(
        self,
        pick: int,
        team: tuple[str, str],
        counts: tuple[int, int],
        resolution: str,
        fills: tuple[int, ...] | None,
        credits: tuple[int, ...] | None,
        count_day: int,
        second_key: str | None,
    ) -> None:
        uncounted = self._uncounted()
        site, iso, table, shift = uncounted[pick % len(uncounted)]
        day = date.fromisoformat(iso)
        a, b_ = team
        first, second = counts

        def command(b: Books) -> list[Event]:
            rec = b.shifts[(site, iso, table, shift)]
            found = tuple(s.number for s in rec.fills) if fills is None else fills
            back = tuple(s.number for s in rec.credits) if credits is None else credits
            initials = [b.employees[m].initials if m in b.employees else "XX" for m in team]
            return cnt.count_drop_box(
                b,
                site,
                day,
                table,
                shift,
                day + timedelta(days=count_day),
                a,
                b_,
                a,
                second_key,
                first,
                second,
                first if first == second else max(first, second, 0),
                resolution,
                initials[0],
                initials[1],
                found,
                back,
            )

        self.try_("count", command)

    @rule(
        entry=mixed(["count"], [-1, 0, 3, 10**9]),
        cents=mixed([0, 5000], [-1, 2**63]),
        reason=mixed(["miscounted"], ["", " ", " padded ", "\u200b"]),
        by=ANYONE,
    )
    def correct_count(self, entry: object, cents: int, reason: str, by: str) -> None:
        def command(b: Books) -> list[Event]:
            position = entry
            if entry == "count":
                counted = [
                    n
                    for n, e in enumerate(b.entries, start=b.base)
                    if isinstance(e, ev.DropBoxCounted)
                ]
                position = counted[-1] if counted else -1
            assert isinstance(position, int)
            return cnt.correct_count(b, position, cents, reason, by, self.when())

        self.try_("correct_count", command)

    @rule(cents=mixed(["all"], [0, -1, 1, 2**63]), by=ANYONE, which=WHICH_DAY)
    def deposit(self, cents: object, by: str, which: str) -> None:
        day = self.day("S1", which)

        def command(b: Books) -> list[Event]:
            amount = b.sites["S1"].count_cash if cents == "all" else cents
            assert isinstance(amount, int)
            return ops.deposit(b, "S1", day, amount, by, self.when())

        self.try_("deposit", command)

    @rule(
        site=mixed(["S1"], ["S2", "S9"]),
        short=mixed([0, -500], [10**12, "negative"]),
        chip_bank=mixed(["books"], ["none"]),
        by=mixed(["sm", "gm"], ["pb", "nobody"]),
        which=WHICH_DAY,
    )
    def close_day(self, site: str, short: object, chip_bank: str, by: str, which: str) -> None:
        day = self.day(site, which)

        def command(b: Books) -> list[Event]:
            held = b.sites[site].cash_bank if site in b.sites else 0
            cash = -1 if short == "negative" else held + int(str(short))
            lines = b.sites[site].chip_bank if site in b.sites and chip_bank == "books" else ()
            return ops.close_day(b, site, day, self.when(), cash, lines, by)

        self.try_("close_day", command)

    @precondition(lambda self: not self.open_day_at("S1") or not self.open_day_at("S2"))
    @rule(
        site=mixed(["S1"], ["S2", "S9"]),
        ahead=mixed([1, 1, 2], [0, -1, -6, 90, 400]),
        on_duty=mixed(
            [ON_DUTY, ("sm", "pb", "d1", "c1")], [(), ("sm",), ("sm", "sm"), ("nobody",), ("",)]
        ),
        by=mixed(["sm"], ["nobody", ""]),
    )
    def open_day(self, site: str, ahead: int, on_duty: tuple[str, ...], by: str) -> None:
        known = sorted(d for (s, d) in self.b.days)
        last = date.fromisoformat(known[-1]) if known else DAY
        day = last + timedelta(days=ahead)
        opened = datetime(day.year, day.month, day.day, 18, tzinfo=UTC)
        if self.try_("open_day", lambda b: ops.open_day(b, site, day, opened, on_duty, by)):
            self.clock = opened

    @rule(table=TABLES, working=st.booleans(), reviewer=ANYONE, note=TEXT, which=WHICH_DAY)
    def review_camera(
        self, table: object, working: bool, reviewer: str, note: str, which: str
    ) -> None:
        table = self.table(table)
        day = self.day("S1", which)
        self.try_(
            "review_camera",
            lambda b: sv.review_camera(b, "S1", day, table, working, reviewer, self.when(), note),
        )

    @rule(table=TABLES, by=ANYONE, note=TEXT)
    def camera_fault(self, table: object, by: str, note: str) -> None:
        table = self.table(table)
        self.try_(
            "camera_fault", lambda b: sv.report_camera_fault(b, "S1", table, self.when(), by, note)
        )

    @rule(table=TABLES, by=ANYONE)
    def repair_camera(self, table: object, by: str) -> None:
        table = self.table(table)
        self.try_("repair_camera", lambda b: sv.repair_camera(b, "S1", table, self.when(), by))

    @rule(
        table=TABLES,
        shift=mixed([1], [0, -1, 2, 99]),
        minutes=mixed([30], [0, -5, 10**9]),
        reviewer=ANYONE,
        finding=TEXT,
        which=WHICH_DAY,
    )
    def video_review(
        self, table: object, shift: int, minutes: int, reviewer: str, finding: str, which: str
    ) -> None:
        table = self.table(table)
        day = self.day("S1", which)
        self.try_(
            "video_review",
            lambda b: sv.document_video_review(
                b, "S1", table, day, shift, minutes, reviewer, self.when(), finding
            ),
        )

    @rule(site=SITES, game=st.sampled_from(Game), days=mixed([0], [-40, 365, -3650]))
    def discontinue(self, site: str, game: Game, days: int) -> None:
        day = self.when().date() + timedelta(days=days)
        self.try_("discontinue", lambda b: ops.discontinue_game(b, site, game, day))

    @rule(hours=mixed([1], [-2, -30, -24 * 400, 24 * 90]))
    def clock_moves(self, hours: int) -> None:
        """The clock jumps (backwards: entries out of time order; forward: past a quarter)."""
        self.clock += timedelta(hours=hours)
