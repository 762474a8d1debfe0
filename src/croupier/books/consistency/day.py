"""The consistency rules of a gaming day: its opening, shifts, chip sales and exchanges (-07),
play, tips, redemptions (-06), IOUs, deposits and the close (-16).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.consistency.fields import (
    RECORDS,
    REDEMPTION,
    SALES,
    _cents,
    _chips,
    _count,
    _day,
    _day_of,
    _holds,
    _id,
    _ids,
    _open_shift,
    _optional_id,
    _site_of,
    _table_of,
    _text,
    _time,
    _value,
)
from croupier.books.state import Books


def _day_opened(e: ev.DayOpened) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_ids(e.on_duty, "an on-duty employee id"),
        *_id(e.opened_by, "the id of who opened the day"),
    ]


def _shift_started(e: ev.ShiftStarted) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_id(e.dealer_id, "the dealer id"),
        *_time(e.at),
        *_cents(e.max_wager, "the maximum wager"),
        *_optional_id(e.shoe_inspected_by, "the shoe inspector's id"),
    ]


def _shift_ended(e: ev.ShiftEnded) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_time(e.at),
        *_chips(e.tray_count, "the tray count", section="99-01.3-08-14.1"),
        *_id(e.removed_by, "the id of who removed the drop box"),
        *_optional_id(e.escort_id, "the escort's id"),
    ]


def _sold(e: ev.ChipsSold) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_cents(e.cents, "the cash for chips"),
        *_chips(e.chips, "the chips sold", nonempty=True, section=SALES),
        *_time(e.at),
    ]
    if not problems and _value(e.chips) != e.cents:
        problems.append(
            f"the cash received disagrees with the value of the chips pushed (chips are sold "
            f"for currency of equal value, {SALES})"
        )
    return problems


def _exchanged(e: ev.ChipsExchanged) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_chips(e.given, "the chips given", nonempty=True, section=f"{SALES}.c"),
        *_chips(e.received, "the chips received", nonempty=True, section=f"{SALES}.c"),
        *_time(e.at),
    ]
    if not problems and _value(e.given) != _value(e.received):
        problems.append(
            f"the chips given and received differ in value (chips are exchanged only for chips "
            f"equal in value, {SALES}.c)"
        )
    return problems


def _play(e: ev.PlaySettled) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_chips(e.collected, "the chips collected"),
        *_chips(e.paid, "the chips paid"),
        *_time(e.at),
    ]


def _tip(e: ev.TipReceived) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_id(e.dealer_id, "the dealer id"),
        *_chips(e.chips, "the tip chips", nonempty=True),
        *_time(e.at),
    ]


def _redemption(e: ev.TipsRedeemed | ev.ChipsRedeemed, what: str, people: list[str]) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_chips(e.chips, f"the {what}", nonempty=True, section=REDEMPTION),
        *_cents(e.cents, "the cash paid"),
        *people,
        *_time(e.at),
    ]
    if not problems and _value(e.chips) != e.cents:
        problems.append(
            f"the cash paid disagrees with the value of the {what} (a chip is redeemed for "
            f"cash at the value for which it was sold, {REDEMPTION})"
        )
    return problems


def _tips_redeemed(e: ev.TipsRedeemed) -> list[str]:
    people = [*_id(e.dealer_id, "the dealer id"), *_id(e.cashier_id, "the cashier id")]
    return _redemption(e, "tip chips redeemed", people)


def _redeemed(e: ev.ChipsRedeemed) -> list[str]:
    return _redemption(e, "chips redeemed", _id(e.cashier_id, "the cashier id"))


def _iou(e: ev.IouWritten) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.number, "the IOU number"),
        *_cents(e.cents, "the IOU amount"),
        *_text(e.purpose, "the IOU purpose"),
        *_id(e.by_id, "the writer's id"),
        *_time(e.at),
    ]


def _iou_cleared(e: ev.IouCleared) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.number, "the IOU number"),
        *_id(e.by_id, "the id of who cleared it"),
        *_time(e.at),
    ]


def _deposited(e: ev.CashDeposited) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_cents(e.cents, "the deposit"),
        *_id(e.by_id, "the depositor's id"),
        *_time(e.at),
    ]


def _day_closed(e: ev.DayClosed) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_time(e.at),
        *_cents(e.cash_bank_count, "the cash bank count", positive=False),
        *_chips(e.chip_bank_count, "the chip bank count", section=f"{RECORDS}.1.a"),
        *_id(e.closed_by, "the id of who closed the day"),
    ]


def _ctx_day_opened(books: Books, e: ev.DayOpened) -> list[str]:
    found = _site_of(books, e.site_id)
    if found:
        return found
    if books.sites[e.site_id].open_day is not None:
        return [f"another gaming day is still open at {e.site_id!r}"]
    if books.day_known(e.site_id, e.day):
        return [f"the gaming day {e.day} is opened twice ({RECORDS})"]
    return []


def _ctx_shift_started(books: Books, e: ev.ShiftStarted) -> list[str]:
    found = _table_of(books, e.site_id, e.table) or _day_of(books, e.site_id, e.day)
    if found:
        return found
    st = books.sites[e.site_id]
    if st.open_day != e.day:
        return [f"the gaming day {e.day} is not open at {e.site_id!r} at this point"]
    if e.table in st.open_shift:
        return [f"table {e.table} already has an open shift at this point"]
    earlier = sum(1 for k in books.days[(e.site_id, e.day)].shifts if k[2] == e.table)
    if e.shift != earlier + 1:
        return [f"its shift number {e.shift} does not follow the table's {earlier} earlier"]
    return []


def _ctx_shift_ended(books: Books, e: ev.ShiftEnded) -> list[str]:
    return _open_shift(books, e.site_id, e.day, e.table, e.shift)


def _ctx_sold(books: Books, e: ev.ChipsSold) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, e.shift)
    if found:
        return found
    return _holds(books.sites[e.site_id].trays[e.table], e.chips, f"the tray of table {e.table}")


def _ctx_exchanged(books: Books, e: ev.ChipsExchanged) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, None)
    if found:
        return found
    st = books.sites[e.site_id]
    return [
        *_holds(st.with_players, e.given, "the players"),
        *_holds(st.trays[e.table], e.received, f"the tray of table {e.table}"),
    ]


def _ctx_play(books: Books, e: ev.PlaySettled) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, e.shift)
    if found:
        return found
    st = books.sites[e.site_id]
    return [
        *_holds(st.with_players, e.collected, "the players"),
        *_holds(st.trays[e.table], e.paid, f"the tray of table {e.table}", plus=e.collected),
    ]


def _ctx_tip(books: Books, e: ev.TipReceived) -> list[str]:
    found = _open_shift(books, e.site_id, e.day, e.table, None)
    return found or _holds(books.sites[e.site_id].with_players, e.chips, "the players")


def _ctx_tips_redeemed(books: Books, e: ev.TipsRedeemed) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    if found:
        return found
    tips = books.sites[e.site_id].tips.get(e.dealer_id, ())
    return _holds(tips, e.chips, f"the tips of {e.dealer_id}")


def _ctx_redeemed(books: Books, e: ev.ChipsRedeemed) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    return found or _holds(books.sites[e.site_id].with_players, e.chips, "the players")


def _ctx_iou(books: Books, e: ev.IouWritten) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    if not found and e.number in books.sites[e.site_id].ious:
        found.append(f"IOU {e.number} is already outstanding")
    return found


def _ctx_iou_cleared(books: Books, e: ev.IouCleared) -> list[str]:
    found = _site_of(books, e.site_id)
    if not found and e.number not in books.sites[e.site_id].ious:
        found.append(f"IOU {e.number} is not outstanding at this point")
    return found


def _ctx_deposited(books: Books, e: ev.CashDeposited) -> list[str]:
    return _day_of(books, e.site_id, e.day)


def _ctx_day_closed(books: Books, e: ev.DayClosed) -> list[str]:
    found = _day_of(books, e.site_id, e.day)
    if found:
        return found
    st = books.sites[e.site_id]
    if st.open_day != e.day:
        return [f"it closes the gaming day {e.day}, which is not open at this point"]
    if st.open_shift:
        return ["it closes a day with a table still open (99-01.3-08-14.1)"]
    return []
