"""Reading the books from balances brought forward (``books.carry``), not from their first entry.

A books stream holds, at every quiet moment between gaming days, a ``books.carried_forward``
entry. Its position among the entries is its seq minus one (the stream is the entries, in
order), and the store finds them through its (stream, type, seq) index without reading the
entries between. From one, the books are restored with the set-up and ledger entries before it
(read by type) and the entries after it are replayed, each checked as it is read
(``books.consistency.apply_checked``).

- A command reads from the latest checkpoint (``latest``), or from an earlier one when what it
  does reaches further back (a correction of an earlier count: ``covering``).
- A report of some days reads from the last checkpoint before the first of them to the first
  after the last (``days_window``): a day opens after the checkpoint in front of it and closes
  before the next one, because checkpoints are written only while no day is open.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.books import events as ev
from croupier.books.carry import CHECKPOINT_TYPE, LEDGER_TYPES, SETUP_TYPES, max_day, restore
from croupier.books.consistency import apply_checked
from croupier.books.state import Books
from croupier.core.errors import InvalidInput
from croupier.store import ChainBreak, EventStore

CORRECTION_TYPE = ev.CountCorrected.TYPE


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


@dataclass(frozen=True)
class Window:
    """The books of some gaming days, read from the checkpoint before them."""

    books: Books
    chain: ChainBreak | None
    start: int
    """The seq of the first entry read (1 when there was no checkpoint before)."""
    end: int
    """The seq of the last entry read."""


def _first_true(seqs: Sequence[int], test: Callable[[int], bool]) -> int:
    """The index of the first seq for which ``test`` holds (``len(seqs)`` if none), for a
    test that is false, then true (binary search: a few checkpoints are read, not all)."""
    lo, hi = 0, len(seqs)
    while lo < hi:
        mid = (lo + hi) // 2
        if test(seqs[mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def days_window(store: EventStore, stream: str, first: str, last: str) -> Window:
    """The books from the last checkpoint before gaming day ``first`` (no site had opened it or
    a later day) through the first checkpoint after day ``last`` (a checkpoint itself is
    checked against the entries before it), plus every later correction of a count in the
    window. The chain of the window is checked; the entries each as they are read."""
    seqs = checkpoints(store, stream)
    cache: dict[int, str | None] = {}

    def latest_day(seq: int) -> str | None:
        if seq not in cache:
            cache[seq] = max_day(checkpoint_at(store, stream, seq))
        return cache[seq]

    # the first checkpoint after which some day >= first has been opened, minus one
    after_first = _first_true(seqs, lambda s: (latest_day(s) or "") >= first)
    start_seq = seqs[after_first - 1] if after_first else None
    # the first checkpoint by which day ``last`` (or a later one) has been opened and closed
    by_last = _first_true(seqs, lambda s: (latest_day(s) or "") >= last)
    end_seq = seqs[by_last] if by_last < len(seqs) else store.version(stream)
    books = restored_at(store, stream, start_seq) if start_seq is not None else Books()
    start = start_seq if start_seq is not None else 1
    for entry in store.read_between(stream, start_seq or 0, end_seq):
        if entry.event is not None:
            apply_checked(books, entry.event, entry.stream, entry.seq)
    chain = store.chain_break_between(stream, start, end_seq)
    later = [
        s
        for s in store.read_types(stream, (CORRECTION_TYPE,), after=end_seq)
        if isinstance(s.event, ev.CountCorrected)
        and isinstance(s.event.corrects_entry, int)
        and s.event.corrects_entry >= start - 1
    ]
    for entry in later:
        if entry.event is not None:
            apply_checked(books, entry.event, entry.stream, entry.seq)
    return Window(books, chain, start, end_seq)
