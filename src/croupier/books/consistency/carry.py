"""The consistency rules of balances brought forward and digests of closed days: each must equal
what the entries before it say (-16).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.carry import carry_forward, differences, is_quiet
from croupier.books.consistency.fields import (
    _cents,
)
from croupier.books.digest import differences as digest_differences
from croupier.books.state import Books
from croupier.core.events import Event


def _carried(e: ev.BooksCarriedForward) -> list[str]:
    problems: list[str] = []
    if not isinstance(e.position, int) or e.position < 0:
        problems.append("its position is not a count of entries")
    for name in ("next_fill_number", "next_credit_number"):
        value = getattr(e, name)
        if not isinstance(value, int) or value < 1:
            problems.append(f"its {name.replace('_', ' ')} is not a slip number")
    if not isinstance(e.last_iou, int) or e.last_iou < 0:
        problems.append("its last IOU number is not a number")
    return problems


def _digested(e: ev.DaysDigested) -> list[str]:
    """A digest of closed days: every entry it holds must be sound on its own, each day closed
    and each shift's numbers whole."""
    from croupier.books.consistency import check  # the registry of every entry type

    problems: list[str] = []
    for day in e.days:
        nested: list[Event] = [
            day.opened,
            day.closed,
            *day.redemptions,
            *day.tip_redemptions,
            *day.deposits,
            *day.fundings,
            *day.ious,
            *day.reviews,
        ]
        for slip in day.slips:
            one = slip.issued if slip.issued is not None else slip.voided
            if one is not None:
                nested.append(one)
        for n in nested:
            problems += [f"its {n.TYPE} of {day.opened.day}: {p}" for p in check(n)]
        for value, what in (
            (day.start_cash_bank, "starting cash bank"),
            (day.end_ious, "IOUs at the end"),
            (day.start_ious, "IOUs at the start"),
        ):
            problems += _cents(value, f"the {what} of {day.opened.day}", positive=False)
        if not isinstance(day.book_end_cash_bank, int) or isinstance(day.book_end_cash_bank, bool):
            problems.append(f"the book's ending cash bank of {day.opened.day} is not cents")
        if day.closed.day != day.opened.day or day.closed.site_id != day.opened.site_id:
            problems.append(f"its record of {day.opened.day} closes another day")
    for shift in e.shifts:
        parts: list[Event | None] = [shift.started, shift.ended, shift.count]
        for part in parts:
            if part is not None:
                problems += [f"its {part.TYPE}: {p}" for p in check(part)]
        problems += _cents(shift.drop_book_cash, "a shift's drop booked", positive=False)
    return problems


def _ctx_carried(books: Books, e: ev.BooksCarriedForward) -> list[str]:
    """Balances brought forward must be what the entries before them add up to, at a moment
    when no gaming day is open (``books.carry``)."""
    if not is_quiet(books):
        return ["it carries the balances forward while a gaming day or a shift is open"]
    if e.position != books.next_position:
        return [f"it says {e.position} entries precede it, but {books.next_position} do"]
    return differences(e, carry_forward(books))


def _ctx_digested(books: Books, e: ev.DaysDigested) -> list[str]:
    """The records of closed days must be what the entries before them add up to, written when
    no gaming day is open (``books.digest``)."""
    if not is_quiet(books):
        return ["it digests the gaming days while a gaming day or a shift is open"]
    return digest_differences(e, books)
