"""The consistency rules of the drop box count and its corrections (99-01.3-08-14, -16).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.consistency.fields import (
    COUNT,
    RECORDS,
    _cents,
    _count,
    _day,
    _id,
    _name,
    _optional_id,
    _slip_numbers,
    _text,
    _time,
    corrupt_positions,
)
from croupier.books.state import Books


def _counted(e: ev.DropBoxCounted) -> list[str]:
    problems = [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_count(e.shift, "the shift number"),
        *_day(e.count_day, "the count day"),
        *_id(e.member_a, "the first count team member's id"),
        *_id(e.member_b, "the second count team member's id"),
        *_id(e.key_holder, "the key holder's id"),
        *_optional_id(e.second_key_holder, "the second key holder's id"),
        *_cents(e.first_count, "the first count", positive=False),
        *_cents(e.second_count, "the second count", positive=False),
        *_cents(e.resolved, "the resolved amount", positive=False),
        *_text(e.resolution, "the resolution"),
        *_name(e.initials_a, f"the first member's initials ({COUNT}.4)"),
        *_name(e.initials_b, f"the second member's initials ({COUNT}.4)"),
        *_slip_numbers(e.slips_found, "fill slip copies"),
        *_slip_numbers(e.credit_slips_found, "credit slip originals"),
    ]
    if problems:
        return problems
    if e.first_count == e.second_count and e.resolved != e.first_count:
        problems.append(
            f"its resolved amount is not the amount both counts found (each member counts the "
            f"cash and any difference is resolved, {COUNT}.4)"
        )
    if e.first_count != e.second_count and not e.resolution.strip():
        problems.append(
            f"its two counts differ and no resolution of the difference is recorded ({COUNT}.4)"
        )
    if e.count_day < e.day:
        problems.append("its count day is before the day of the activity counted")
    if e.member_a == e.member_b:
        problems.append(f"its count team is one person ({COUNT}.2)")
    if e.key_holder not in (e.member_a, e.member_b):
        problems.append(f"its key holder is not a count team member ({COUNT}.3)")
    other = e.member_b if e.key_holder == e.member_a else e.member_a
    if e.second_key_holder is not None and e.second_key_holder != other:
        problems.append(f"its second key is not held by the other member ({COUNT}.3)")
    return problems


def _corrected(e: ev.CountCorrected) -> list[str]:
    problems = [
        *_count(e.corrects_entry, "the corrected entry's number", least=0),
        *_cents(e.cents, "the corrected amount", positive=False),
        *_text(e.reason, "the reason"),
        *_id(e.by_id, "the id of who corrected it"),
        *_time(e.at),
    ]
    if isinstance(e.reason, str) and not e.reason.strip():
        problems.append(f"it does not say why the count is corrected ({RECORDS})")
    return problems


def _ctx_counted(books: Books, e: ev.DropBoxCounted) -> list[str]:
    rec = books.shifts.get((e.site_id, e.day, e.table, e.shift))
    if rec is None:
        return [f"it counts shift {e.shift} of table {e.table} on {e.day}, which the books lack"]
    if rec.ended is None:
        return ["it counts a drop box still on its table (99-01.3-08-14.1)"]
    if rec.count is not None:
        return [f"it counts a drop box that was already counted ({RECORDS})"]
    return []


def _ctx_corrected(books: Books, e: ev.CountCorrected) -> list[str]:
    index = e.corrects_entry
    if not isinstance(index, int) or not isinstance(books.entry(index), ev.DropBoxCounted):
        return [f"it corrects entry {index}, which is not a drop box count"]
    if index in corrupt_positions(books):
        return [f"it corrects entry {index}, which is itself corrupt"]
    counted = books.entry(index)
    assert isinstance(counted, ev.DropBoxCounted)
    key = (counted.site_id, counted.day, counted.table, counted.shift)
    if key not in books.shifts or counted.site_id not in books.sites:
        return [f"it corrects entry {index}, whose drop box the books lack"]
    return []
