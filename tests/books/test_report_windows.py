"""The books a report reads (``service.books_window.days_window``, issue 17, found by review):
every site's gaming day in the range, even when another site opened the same date on the other
side of a checkpoint; and a correction in the window of a count made before it is read with the
count it corrects (-16: a correction references what it corrects), not as a corrupt entry."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from bookshelp import DAY, at, c, setup_events

from croupier.books import count as cnt
from croupier.books import events as ev
from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.carry import with_checkpoint
from croupier.books.count import correct_count
from croupier.books.daily import daily_record
from croupier.books.model import Game, SlipKind, Token, chips
from croupier.books.state import Books
from croupier.core.events import Event
from croupier.service.books._window import days_window
from croupier.store import EventStore, open_store

STREAM = "books-org"
NEXT_DAY = date(2026, 1, 6)


class History:
    """Books built command by command, checkpoints included as the service writes them."""

    def __init__(self) -> None:
        self.books = Books.from_events(setup_events())
        self.events: list[Event] = list(self.books.entries)

    def run(self, events: list[Event]) -> list[Event]:
        events = with_checkpoint(self.books, events)
        self.books.apply_all(events)
        self.events.extend(events)
        return events

    def close(self, site: str, day: date, minutes: int) -> None:
        st = self.books.sites[site]
        self.run(
            ops.close_day(self.books, site, day, at(minutes), st.cash_bank, st.chip_bank, "sm")
        )

    def stored(self, tmp_path: Path) -> EventStore:
        store = open_store(f"sqlite:///{tmp_path / 'b.db'}")
        store.append(STREAM, self.events, 0)
        return store


def test_99_01_3_08_16_1_a_day_of_two_sites_either_side_of_a_checkpoint(tmp_path: Path) -> None:
    h = History()
    b = h.books
    h.run(ops.register_site(b, "S2", "Lakeside", False))
    h.run(ops.register_table(b, "S2", 1, Game.TWENTY_ONE))
    h.run(ops.receive_chip_inventory(b, "S2", chips({Token.FIVE_DOLLARS: 200}), at(-60)))
    h.run(ops.open_day(b, "S1", DAY, at(0), ("sm", "pb", "d1", "c1"), "sm"))
    h.close("S1", DAY, 60)
    opened = h.run(ops.open_day(b, "S2", DAY, at(120), ("sm", "pb", "d2", "c1"), "sm"))
    # quiet between the two sites' days: S1's day digested, the balances carried
    assert [type(e) for e in opened[:2]] == [ev.DaysDigested, ev.BooksCarriedForward]
    h.close("S2", DAY, 180)
    h.run(ops.open_day(b, "S1", NEXT_DAY, at(24 * 60), ("sm", "pb", "d1", "c1"), "sm"))
    store = h.stored(tmp_path)
    try:
        window = days_window(store, STREAM, DAY.isoformat(), DAY.isoformat())
    finally:
        store.close()
    full = Books.from_events(h.events)
    for site in ("S1", "S2"):
        assert (site, DAY.isoformat()) in window.books.days
        expected = daily_record(full, site, DAY.isoformat())
        assert daily_record(window.books, site, DAY.isoformat()) == expected


def test_99_01_3_08_16_a_correction_in_the_window_of_a_count_before_it(tmp_path: Path) -> None:
    h = History()
    b = h.books
    h.run(ops.open_day(b, "S1", DAY, at(0), ("sm", "pb", "d1", "d2", "c1"), "sm"))
    h.run(ops.start_shift(b, "S1", DAY, 1, "d1", at(5), 2500, shoe_inspected_by="d1"))
    h.run(slips.issue_slip(b, SlipKind.FILL, "S1", 1, c(five=20), at(6), "c1", "c1", "sm"))
    h.run(ops.sell_chips(b, "S1", 1, 6000, c(five=12), at(10)))
    h.run(ops.end_shift(b, "S1", 1, at(60), b.sites["S1"].trays[1], "sm", "pb", True))
    initials = {m: b.employees[m].initials for m in ("ip", "d2")}
    h.run(
        cnt.count_drop_box(
            b, "S1", DAY, 1, 1, member_a="ip", member_b="d2", key_holder="ip",
            second_key_holder=None, first_count=6000, second_count=6000, resolved=6000,
            resolution="", initials_a=initials["ip"], initials_b=initials["d2"],
            fill_copies_found=(1,), credit_originals_found=(), count_day=DAY,
        )
    )  # fmt: skip
    position = b.next_position - 1
    h.close("S1", DAY, 120)
    opened = h.run(ops.open_day(b, "S1", NEXT_DAY, at(24 * 60), ("sm", "pb", "d1", "c1"), "sm"))
    assert [type(e) for e in opened[:2]] == [ev.DaysDigested, ev.BooksCarriedForward]
    h.run(correct_count(b, position, 6100, "recount", "gm", at(24 * 60 + 5)))
    h.close("S1", NEXT_DAY, 25 * 60)
    store = h.stored(tmp_path)
    try:
        window = days_window(store, STREAM, NEXT_DAY.isoformat(), NEXT_DAY.isoformat())
        earlier = days_window(store, STREAM, DAY.isoformat(), DAY.isoformat())
    finally:
        store.close()
    assert window.books.corrupt == []
    assert window.chain is None
    # the report of the first day shows the corrected count (read after its window)
    record = earlier.books.shifts[("S1", DAY.isoformat(), 1, 1)]
    assert record.counted_cash == 6100
