"""Reading the books from balances brought forward (``books.carry``), not from their first entry.

A books stream holds, at every quiet moment between gaming days, a ``books.carried_forward``
entry. Its position among the entries is its seq minus one (the stream is the entries, in
order), and the store finds them through its (stream, type, seq) index without reading the
entries between. From one, the books are restored with the set-up and ledger entries before it
(read by type) and the entries after it are replayed, each checked as it is read
(``books.consistency.apply_checked``).

- A command reads from the latest checkpoint (``latest``), or from an earlier one when what it
  does reaches further back (a correction of an earlier count: ``covering``).
- A report of some days reads from the last checkpoint before the first of them opened to the
  first after the last of them opened (``days_window``, the openings found by type): a day
  closes before the next checkpoint, because checkpoints are written only while no day is open.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from croupier.books import events as ev
from croupier.books.carry import CHECKPOINT_TYPE, LEDGER_TYPES, SETUP_TYPES, restore
from croupier.books.consistency import apply_checked, check
from croupier.books.digest import restore_days
from croupier.books.model import SlipKind
from croupier.books.state import Books
from croupier.core.errors import InvalidInput
from croupier.store import ChainBreak, EventStore, StoredEvent
from croupier.store.hashing import contents_hash, payload_json

CORRECTION_TYPE = ev.CountCorrected.TYPE
CLOSED_TYPE = ev.QuarterClosed.TYPE


def checkpoints(store: EventStore, stream: str) -> list[int]:
    """The seqs of the stream's checkpoints, in order."""
    return store.seqs_of_type(stream, CHECKPOINT_TYPE)


def checkpoint_at(store: EventStore, stream: str, seq: int) -> ev.BooksCarriedForward:
    """The checkpoint stored at ``seq``."""
    found = store.read_between(stream, seq - 1, seq)
    if not found or not isinstance(found[0].event, ev.BooksCarriedForward):
        raise InvalidInput(f"event {seq} of {stream} is not balances brought forward")
    return found[0].event


def restored_at(store: EventStore, stream: str, seq: int) -> Books:
    """The books restored from the checkpoint at ``seq`` (set-up and ledgers read by type)."""
    checkpoint = checkpoint_at(store, stream, seq)
    before = seq - 1
    setup = [s.event for s in store.read_types(stream, SETUP_TYPES, upto=before) if s.event]
    ledgers = [s.event for s in store.read_types(stream, LEDGER_TYPES, upto=before) if s.event]
    return restore(checkpoint, setup, ledgers)


def covering(seqs: Sequence[int], position: int | None) -> int | None:
    """The latest checkpoint at or before entry ``position`` (the latest of all with None);
    None when there is none (read from the first entry)."""
    if not seqs:
        return None
    if position is None:
        return seqs[-1]
    # the checkpoint at seq s has position s - 1
    index = bisect_right(seqs, position + 1)
    return seqs[index - 1] if index else None


def cited_before(entries: Sequence[object], base: int) -> int | None:
    """The earliest position before ``base`` that a stored correction in ``entries`` cites
    (the books must then be read from a checkpoint before it), or None."""
    cited = [
        e.corrects_entry
        for e in entries
        if isinstance(e, ev.CountCorrected)
        and isinstance(e.corrects_entry, int)
        and 0 <= e.corrects_entry < base
    ]
    return min(cited) if cited else None


def _bounds(
    store: EventStore, stream: str, first: str, last: str
) -> tuple[list[int], int | None, int]:
    """The stream's checkpoints, the last one before the first of the days opened (None: from
    the first entry) and the seq the window of those days ends at."""
    seqs = checkpoints(store, stream)
    opened = [
        entry.seq
        for entry in store.read_types(stream, (ev.DayOpened.TYPE,))
        if isinstance(entry.event, ev.DayOpened) and first <= entry.event.day <= last
    ]
    if opened:
        start_seq = covering(seqs, min(opened) - 2)  # the last checkpoint before the opening
        later = [s for s in seqs if s > max(opened)]
        end_seq = later[0] if later else store.version(stream)
    else:  # no such day: an empty window at the end
        start_seq = seqs[-1] if seqs else None
        end_seq = store.version(stream)
    return seqs, start_seq, end_seq


def _apply_later(store: EventStore, stream: str, books: Books, first: int, end_seq: int) -> None:
    """Apply what was recorded after a window that changes it: the quarters closed since, and
    the corrections of counts in its replayed part (seqs ``first`` to ``end_seq``; not of a
    count made after it), in the order recorded (a quarter closed before a correction of it)."""
    for stored in store.read_types(stream, (CORRECTION_TYPE, CLOSED_TYPE), after=end_seq):
        e = stored.event
        if isinstance(e, ev.QuarterClosed) or (
            isinstance(e, ev.CountCorrected)
            and isinstance(e.corrects_entry, int)
            and first - 1 <= e.corrects_entry < end_seq
        ):
            apply_checked(books, e, stored.stream, stored.seq)


@dataclass(frozen=True)
class Window:
    """The books of some gaming days, read from the checkpoint before them."""

    books: Books
    chain: ChainBreak | None
    start: int
    """The seq of the first entry read (1 when there was no checkpoint before)."""
    end: int
    """The seq of the last entry read."""


def days_window(store: EventStore, stream: str, first: str, last: str) -> Window:
    """The books of gaming days ``first`` to ``last`` at every site: from the last checkpoint
    before the first of those days opened to the first checkpoint after the last of them opened
    (a day closes before the next checkpoint: checkpoints are written only while no day is open
    anywhere), reaching further back when a correction in it cites an earlier count, plus every
    later correction of a count in the window (not of a count made after it). The day
    openings are found by type (the (stream, type, seq) index), so two sites opening the same
    date on either side of a checkpoint are both read. The window's chain is checked; its
    entries each as they are read."""
    seqs, start_seq, end_seq = _bounds(store, stream, first, last)
    while True:
        start = start_seq if start_seq is not None else 1
        entries = store.read_between(stream, start_seq or 0, end_seq)
        cited = cited_before([e.event for e in entries], start - 1)
        if cited is None or start_seq is None:
            break
        start_seq = covering(seqs, cited)  # a correction of an earlier count: read from there
    books = restored_at(store, stream, start_seq) if start_seq is not None else Books()
    for entry in entries:
        if entry.event is not None:
            apply_checked(books, entry.event, entry.stream, entry.seq)
    chain = store.chain_break_between(stream, start, end_seq)
    _apply_later(store, stream, books, start, end_seq)
    return Window(books, chain, start, end_seq)


FAULT_TYPES = (ev.CameraFaultReported.TYPE, ev.CameraRepaired.TYPE)
"""Camera faults and repairs in the window: a reader of digests would have to rebuild each
fault's activity, so the days are replayed (``days_window``)."""


def _sound(entry: StoredEvent) -> bool:
    """An entry read on its own (by type, not in a checked run of the chain): its stored hash is
    the hash of its contents and the entry adds up on its own (``books.consistency.check``)."""
    recomputed = contents_hash(
        entry.stream,
        entry.seq,
        entry.type,
        entry.text,
        lambda: payload_json(entry.payload),
        entry.recorded_at,
        entry.prev_hash,
        entry.hash,
    )
    return recomputed == entry.hash and entry.event is not None and not check(entry.event)


def digested_window(store: EventStore, stream: str, first: str, last: str) -> Window | None:
    """The books of gaming days ``first`` to ``last`` as ``days_window`` reads them, but with
    the days already digested (``books.digest``) restored from their digests instead of
    replayed.

    The books are restored from the last checkpoint C whose every predecessor in the window was
    written with a digest; the digests' days and shifts go in; the entries after C are replayed
    and checked as ``days_window`` does, and the later corrections of counts after C applied.
    What is read on its own in the digested part (each digest, the first checkpoint, the set-up,
    ledger and video review entries) is checked entry by entry (its hash and its own
    consistency), and each checkpoint's links to the digest before it and the entry after it.
    None when the window cannot be read that way, and the caller replays the days: no digest, a
    count of a digested day corrected, a camera fault in the window, a failed review, an
    entry that does not check, a corrupt entry read."""
    seqs, start_seq, end_seq = _bounds(store, stream, first, last)
    after = start_seq or 0
    inner = [s for s in seqs if after < s <= end_seq]
    digests = {
        entry.seq: entry
        for entry in store.read_types(stream, (ev.DaysDigested.TYPE,), after=after, upto=end_seq)
    }
    base: int | None = None
    for s in inner:
        if s - 1 not in digests:
            break
        base = s
    if base is None:
        return None
    corrections = [
        c.event
        for c in store.read_types(stream, (CORRECTION_TYPE,), after=after)
        if isinstance(c.event, ev.CountCorrected)
    ]
    if any(not isinstance(c.corrects_entry, int) or c.corrects_entry < base for c in corrections):
        return None  # a digested count corrected, or a reader would reach further back
    if store.read_types(stream, FAULT_TYPES, after=after, upto=end_seq):
        return None
    used = [digests[s - 1] for s in inner if s <= base]
    if not all(_sound(d) for d in used):
        return None
    days = [d.event for d in used if isinstance(d.event, ev.DaysDigested)]
    if any(not r.working for d in days for day in d.days for r in day.reviews):
        return None
    if store.anchor_break_of(stream) is not None:
        return None  # the history differs from its anchor: the replay names it, no digest read
    if store.links_break(stream, [s for s in inner if s <= base], end_seq) is not None:
        return None  # an edited digest or checkpoint: the replay names the broken link
    origin: ev.BooksCarriedForward | None = None
    if start_seq is not None:
        found = store.read_between(stream, start_seq - 1, start_seq)
        if not found or not _sound(found[0]):
            return None
        assert isinstance(found[0].event, ev.BooksCarriedForward)
        origin = found[0].event
    closing = checkpoint_at(store, stream, base)
    if any(c.open_faults for c in closing.sites) or (
        origin is not None and any(c.open_faults for c in origin.sites)
    ):
        return None
    setup = store.read_types(stream, SETUP_TYPES, upto=base - 1)
    ledgers = store.read_types(stream, LEDGER_TYPES, upto=base - 1)
    reviews = store.read_types(stream, (ev.VideoReviewDocumented.TYPE,), after=after, upto=base)
    if not all(_sound(e) for e in (*setup, *ledgers, *reviews) if e.seq > after):
        return None
    books = restore(
        closing, [e.event for e in setup if e.event], [e.event for e in ledgers if e.event]
    )
    if origin is not None:
        books.first_number = {
            SlipKind.FILL: origin.next_fill_number,
            SlipKind.CREDIT: origin.next_credit_number,
        }
    else:
        org = next((e.event for e in setup if isinstance(e.event, ev.OrganizationRegistered)), None)
        if org is not None:
            books.first_number = {
                SlipKind.FILL: org.first_fill_number,
                SlipKind.CREDIT: org.first_credit_number,
            }
    try:
        for digest in days:
            restore_days(books, digest)
    except (KeyError, AssertionError):  # a digest that does not fit the books: replay instead
        return None
    books.video_reviews.extend(
        e.event for e in reviews if isinstance(e.event, ev.VideoReviewDocumented)
    )
    for entry in store.read_between(stream, base, end_seq):
        if entry.event is not None:
            apply_checked(books, entry.event, entry.stream, entry.seq)
    chain = store.chain_break_between(stream, base, end_seq)
    _apply_later(store, stream, books, base, end_seq)
    if books.corrupt:
        return None
    return Window(books, chain, start_seq or 1, end_seq)
