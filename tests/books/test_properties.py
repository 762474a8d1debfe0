"""Property tests: chips and money conserved through any sequence of legal operations; slip
numbers have no gaps; events rebuild identical books."""

from __future__ import annotations

from bookshelp import DAY, INVENTORY, at, setup_events
from hypothesis import HealthCheck, given, settings
from hypothesis import event as hypothesis_event
from hypothesis import strategies as st

from croupier.books import operations as ops
from croupier.books import slips
from croupier.books.model import Chips, SlipKind, Token, chips, chips_total
from croupier.books.state import Books
from croupier.core.errors import CroupierError
from croupier.core.events import event_from_dict

TOKENS = [Token.ONE_DOLLAR, Token.FIVE_DOLLARS, Token.TWENTY_FIVE_DOLLARS]
OPS = ["fill", "credit", "sell", "play", "tip", "redeem", "tips", "void", "move"]


def _some(data: st.DataObject, held: Chips, at_most: int = 6) -> Chips:
    """A few chips drawn from what ``held`` holds (or a fresh token when it holds none)."""
    if not held:
        return chips({data.draw(st.sampled_from(TOKENS)): data.draw(st.integers(1, at_most))})
    line = data.draw(st.sampled_from(held))
    return chips({line.token: data.draw(st.integers(1, min(at_most, line.quantity)))})


def _start() -> Books:
    books = Books.from_events(setup_events())
    books.apply_all(ops.open_day(books, "S1", DAY, at(0), ("sm", "pb", "d1", "d2", "c1"), "sm"))
    books.apply_all(ops.start_shift(books, "S1", DAY, 1, "d1", at(1), 2500, "d1"))
    books.apply_all(ops.start_shift(books, "S1", DAY, 2, "d2", at(1), 2500, "d2"))
    return books


def _org_value(books: Books) -> int:
    """Cash and chips the organization holds, everywhere: cash bank, IOUs, drop boxes, counted
    cash, deposits, chip bank, trays, jar bar and dealers' tip chips (players' chips apart)."""
    s = books.sites["S1"]
    chips_held = chips_total(books.chip_inventory("S1")) - chips_total(s.with_players)
    cash = s.cash_bank + sum(i.cents for i in s.ious.values()) + sum(s.drop_boxes.values())
    return cash + s.count_cash + s.deposited + chips_held


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_chips_and_money_are_conserved(data: st.DataObject) -> None:
    books = _start()
    events_all = []
    for _ in range(data.draw(st.integers(10, 60))):
        name = data.draw(st.sampled_from(OPS))
        table = data.draw(st.sampled_from([1, 2]))
        s = books.sites["S1"]
        tray = s.trays[table]
        lot: Chips = ()
        try:
            if name == "fill":
                lot = _some(data, (), 6)
                lot = chips({x.token: x.quantity * 10 for x in lot})
                ev = slips.issue_slip(
                    books, SlipKind.FILL, "S1", table, lot, at(5), "c1", "c1", "sm"
                )
            elif name == "credit":
                lot = _some(data, tray)
                ev = slips.issue_slip(
                    books, SlipKind.CREDIT, "S1", table, lot, at(5), "pb", "c1", "sm"
                )
            elif name == "sell":
                lot = _some(data, tray)
                ev = ops.sell_chips(books, "S1", table, chips_total(lot), lot, at(5))
            elif name == "play":
                lot = _some(data, s.with_players)
                paid = _some(data, tray) if data.draw(st.booleans()) else ()
                ev = ops.settle_play(books, "S1", table, lot, paid, at(5))
            elif name == "tip":
                lot = _some(data, s.with_players, 1)
                ev = ops.receive_tip(books, "S1", table, lot, at(5))
            elif name == "redeem":
                lot = _some(data, s.with_players)
                ev = ops.redeem_chips(books, "S1", DAY, lot, "c1", at(5))
            elif name == "tips":
                ev = ops.redeem_tips(books, "S1", DAY, ("d1", "d2")[table - 1], "c1", at(5))
            elif name == "void":
                ev = slips.void_slip(books, SlipKind.FILL, "S1", DAY, at(5), "c1", "CC")
            else:
                ev = slips.transfer_between_tables(books, "S1", table, 3 - table)
        except CroupierError:
            continue
        before = _org_value(books) + chips_total(s.with_players)
        books.apply_all(ev)
        events_all.extend(ev)
        hypothesis_event(f"applied {name}")
        # Chips are never created or destroyed.
        assert books.chip_inventory("S1") == INVENTORY
        # Cash and chips in every location (the organization's and the players' chips) are
        # constant, except that a sale brings cash in and a redemption pays cash out.
        change = _org_value(books) + chips_total(s.with_players) - before
        expected = {"sell": chips_total(lot), "redeem": -chips_total(lot)}.get(name, 0)
        if name == "tips":
            expected = -sum(e.cents for e in ev if hasattr(e, "cents"))
        assert change == expected
    for kind in SlipKind:
        numbers = [n for (k, n) in books.slips if k is kind]
        assert numbers == list(range(1, len(numbers) + 1))
        assert slips.unaccounted_numbers(books, kind) == []
    rebuilt = Books.from_events(setup_events())
    opening = _start().entries[len(rebuilt.entries) :]
    rebuilt.apply_all(opening)
    rebuilt.apply_all(event_from_dict(e.to_dict()) for e in events_all)
    assert repr(rebuilt.sites) == repr(books.sites)
    assert rebuilt.slips == books.slips
