"""The records of closed gaming days, written with the balances brought forward (issue 17).

A report of many days (the quarterly report) needs each day's record (``DayRecord``) and each
shift's (``ShiftRecord``); replaying every sale and settlement to rebuild them costs the whole
quarter's entries. When the books are carried forward (``books.carry.with_checkpoint``), the
records of the days closed since the previous checkpoint are written just before the
checkpoint, in the same append, as one ``books.days_digested`` entry: ``digest_of(books)``. A
reader restores them with ``restore_days`` instead of replaying the entries they summarize;
whoever replays those entries checks the digest against what they add up to
(``books.consistency``: the projection rebuilt from the events must equal the digest).

Only what the entries leave in the records is kept: the sales, settlements, exchanges and
tips are in the book's figures (the book's closing tray of each shift, the drop booked, the
banks at the close), not listed.
"""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.model import SlipKind
from croupier.books.state import Books, DayRecord, ShiftKey, ShiftRecord


def _slip_entry(e: ev.SlipIssued | ev.SlipVoided) -> ev.SlipEntry:
    return ev.SlipEntry(issued=e) if isinstance(e, ev.SlipIssued) else ev.SlipEntry(voided=e)


def day_digest(rec: DayRecord) -> ev.DayDigested | None:
    """A closed day's record as a digest (None for a day still open)."""
    if (
        rec.closed is None
        or rec.end_ious is None
        or rec.book_end_cash_bank is None
        or rec.book_end_chip_bank is None
    ):
        return None
    return ev.DayDigested(
        rec.opened,
        rec.start_cash_bank,
        rec.start_ious,
        rec.start_chip_bank,
        rec.closed,
        rec.end_ious,
        rec.book_end_cash_bank,
        rec.book_end_chip_bank,
        tuple(rec.redemptions),
        tuple(rec.tip_redemptions),
        tuple(rec.deposits),
        tuple(rec.fundings),
        tuple(rec.ious),
        tuple(rec.reviews),
        tuple(_slip_entry(s) for s in rec.slips),
        tuple(rec.shifts),
        rec.ticket_sales,
        rec.ticket_refunds,
        rec.ticket_cash_prizes,
        rec.ticket_merchandise_prizes,
        rec.ticket_activity,
        rec.t21_fees,
        rec.t21_cash_prizes,
        rec.t21_merchandise_prizes,
        rec.t21_activity,
        rec.ticket_deposits,
    )


def shift_digest(rec: ShiftRecord) -> ev.ShiftDigested:
    return ev.ShiftDigested(
        rec.started,
        rec.opening_tray,
        rec.ended,
        rec.book_closing_tray,
        rec.drop_book_cash,
        tuple(s.number for s in rec.fills),
        tuple(s.number for s in rec.credits),
        rec.count,
        rec.count_entry,
        rec.action,
    )


def digest_of(books: Books, days: set[tuple[str, str]] | None = None) -> ev.DaysDigested:
    """The records of the closed days opened since the latest balances brought forward (or of
    ``days``), in the order the days opened, with their shifts in the order they started."""
    kept: list[ev.DayDigested] = []
    keys: set[tuple[str, str]] = set()
    wanted = set(books.since_checkpoint) if days is None else days
    for key, rec in books.days.items():
        if key not in wanted:
            continue
        digest = day_digest(rec)
        if digest is not None:
            kept.append(digest)
            keys.add(key)
    shifts = tuple(
        shift_digest(rec) for key, rec in books.shifts.items() if (key[0], key[1]) in keys
    )
    return ev.DaysDigested(tuple(kept), shifts)


def digestible(books: Books) -> bool:
    """Whether the books' days may be digested: nothing read back was corrupt and no count of
    them was corrected (a corrected record is rebuilt from its entries by every reader)."""
    return not books.corrupt and not any(rec.corrections for rec in books.shifts.values())


def _shift_key(started: ev.ShiftStarted) -> ShiftKey:
    return (started.site_id, started.day, started.table, started.shift)


def restore_days(books: Books, digest: ev.DaysDigested) -> None:
    """Put a digest's day and shift records into ``books`` (restored from a later checkpoint,
    where those days are past days): the records as the entries left them, and their slips in
    the slip register."""
    issued: dict[tuple[SlipKind, int], ev.SlipIssued] = {}
    for day in digest.days:
        key = (day.opened.site_id, day.opened.day)
        rec = DayRecord(day.opened, day.start_cash_bank, day.start_ious, day.start_chip_bank)
        rec.closed = day.closed
        rec.end_ious = day.end_ious
        rec.book_end_cash_bank = day.book_end_cash_bank
        rec.book_end_chip_bank = day.book_end_chip_bank
        rec.redemptions = list(day.redemptions)
        rec.tip_redemptions = list(day.tip_redemptions)
        rec.deposits = list(day.deposits)
        rec.fundings = list(day.fundings)
        rec.ious = list(day.ious)
        rec.reviews = list(day.reviews)
        rec.shifts = list(day.shifts)
        rec.ticket_sales = day.ticket_sales
        rec.ticket_refunds = day.ticket_refunds
        rec.ticket_cash_prizes = day.ticket_cash_prizes
        rec.ticket_merchandise_prizes = day.ticket_merchandise_prizes
        rec.ticket_activity = day.ticket_activity
        rec.t21_fees = day.t21_fees
        rec.t21_cash_prizes = day.t21_cash_prizes
        rec.t21_merchandise_prizes = day.t21_merchandise_prizes
        rec.t21_activity = day.t21_activity
        rec.ticket_deposits = day.ticket_deposits
        for entry in day.slips:
            slip = entry.issued if entry.issued is not None else entry.voided
            assert slip is not None
            rec.slips.append(slip)
            books.slips[(slip.kind, slip.number)] = slip
            if isinstance(slip, ev.SlipIssued):
                issued[(slip.kind, slip.number)] = slip
        books.days[key] = rec
        books.past_days.discard(key)
    for s in digest.shifts:
        game = books.tables[(s.started.site_id, s.started.table)].game
        shift = ShiftRecord(s.started, game, s.opening_tray)
        shift.ended = s.ended
        shift.book_closing_tray = s.book_closing_tray
        shift.drop_book_cash = s.drop_book_cash
        shift.fills = [issued[(SlipKind.FILL, n)] for n in s.fills]
        shift.credits = [issued[(SlipKind.CREDIT, n)] for n in s.credits]
        shift.count = s.count
        shift.count_entry = s.count_entry
        shift.action = s.action
        books.shifts[_shift_key(s.started)] = shift


def differences(found: ev.DaysDigested, books: Books) -> list[str]:
    """How a stored digest differs from the records the books hold of the same days (empty when
    it agrees): whoever replays the entries it summarizes checks it with this."""
    keys = {(d.opened.site_id, d.opened.day) for d in found.days}
    missing = sorted(k for k in keys if k not in books.days)
    if missing:
        return [f"it digests the gaming day {d} at {s!r}, which the books lack" for s, d in missing]
    left_out = sorted(k for k in books.since_checkpoint if k not in keys)
    if left_out:  # a reader of digests would silently lose the day
        return [
            f"it leaves out the gaming day {d} at {s!r}, opened since the last balances"
            for s, d in left_out
        ]
    expected = digest_of(books, keys)
    out: list[str] = []
    if len(expected.days) != len(found.days):
        out.append("it digests a gaming day that is not closed")
    for a, b in zip(found.days, expected.days, strict=False):
        if a != b:
            out.append(
                f"its record of the gaming day {a.opened.day} at {a.opened.site_id!r} disagrees "
                "with the entries before it"
            )
    if found.shifts != expected.shifts:
        out.append("its shift records disagree with the entries before it")
    return out
