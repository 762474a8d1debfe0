"""The books service: loads an organization's books stream, runs a command through the domain
and appends the resulting events atomically.

A command is any function ``Books -> list[Event]`` from ``croupier.books`` (bind its other
arguments with a lambda or ``functools.partial``); it validates against the current books and
either raises (nothing is written) or returns the events that record it. If another writer
appended first, the books are refreshed and the command re-validated against them.

The ``croupier books`` commands (and the web server to come) go through one entry point,
``record(url, org, at, request)``: it opens the store once, refuses a database or organization
that does not exist (only ``croupier books init`` and ``croupier db upgrade`` create), refuses
a damaged hash chain, reads ``--at`` (default: now) and refuses a time before the books' last
entry or outside the site's open gaming day, runs the request and says what it recorded, in
dollars. A ``Request`` is built from what a person typed by the functions of
``service.books.setup``, ``day``, ``close`` and ``games``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from croupier.books.carry import SETUP_TYPES, with_checkpoint
from croupier.books.consistency import (
    admit,
    apply_checked,
    apply_stored,
    banner_lines,
    refusal,
)
from croupier.books.events import BooksCarriedForward, DaysDigested, VideoReviewDocumented
from croupier.books.model import check_identifier
from croupier.books.periods import check_open_periods
from croupier.books.quarterly import days_read
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.books.timeline import check_entry_time
from croupier.core.clock import Clock, SystemClock, not_far_ahead
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.service.books._window import (
    checkpoints,
    cited_before,
    covering,
    days_window,
    digested_window,
    restored_at,
)
from croupier.service.books.input import parse_time
from croupier.service.retry import DEFAULT_BACKOFF, Backoff, retrying
from croupier.store import (
    ChainBreak,
    CorruptStream,
    EventStore,
    open_existing_store,
    open_store,
)

Command = Callable[[Books], list[Event]]
STREAM_PREFIX = "books-"


def stream_name(org_id: str) -> str:
    """The store stream that holds one organization's books (the id is checked first)."""
    return f"{STREAM_PREFIX}{check_identifier(org_id, 'organization id')}"


def describe_break(found: ChainBreak) -> str:
    """One line naming a damaged stream and its first broken link."""
    return (
        f"stream {found.stream!r} is damaged at event {found.seq}: "
        f"{found.kind.value} ({found.detail})"
    )


class BooksService:
    """One organization's books over an event store."""

    def __init__(
        self,
        store: EventStore,
        org_id: str,
        clock: Clock | None = None,
        backoff: Backoff = DEFAULT_BACKOFF,
    ) -> None:
        self.store = store
        self.backoff = backoff
        self.org_id = org_id
        self.stream = stream_name(org_id)
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.chain: ChainBreak | None = None
        """The first broken link of the books stream found by the last read, or None."""
        self._books = Books()
        self._version = 0
        self._checked = False
        self._loaded = False
        self._reach: int | None = None
        """The earliest entry a command in progress needs (``reach``), else None."""
        self._since = 1
        """The seq the chain is checked from: the checkpoint the books were restored from."""
        self.use_digests = True
        """Whether a report of a quarter reads the digests of closed days (``books.digest``);
        False replays every entry of its days (the equality tests compare the two)."""

    @classmethod
    def open(cls, url: str, org_id: str, clock: Clock | None = None) -> BooksService:
        """Open the store at ``url`` (creating or migrating it) and the organization's books."""
        return cls(open_store(url), org_id, clock)

    @classmethod
    def open_existing(
        cls, url: str, org_id: str, clock: Clock | None = None, *, create: bool = False
    ) -> BooksService:
        """Open the books of an organization that exists in an existing database.

        A missing database is refused ("no database at ..."), and so is a database without the
        organization ("no organization X in ...; run `croupier books init`"). With ``create``
        (``croupier books init``) the database is created or migrated and the organization may
        be new.
        """
        stream_name(org_id)  # a bad organization id opens (and creates) nothing
        store = open_store(url) if create else open_existing_store(url)
        svc = cls(store, org_id, clock)
        if not create and store.version(svc.stream) == 0:
            store.close()
            raise InvalidInput(
                f"no organization {org_id!r} in {url}; run `croupier books init {org_id} NAME`"
            )
        return svc

    def now(self) -> datetime:
        return self.clock.now()

    def books(self) -> Books:
        """The current books, read up to the stream's newest entry (the chain checked first:
        see ``chain`` and ``chain_warning``)."""
        self._refresh()
        return self._books

    def _load(self, reach: int | None) -> None:
        """Start the books at the latest checkpoint (at or before entry ``reach``, when a
        command or a stored correction reaches back that far), or at the first entry when
        there is none (``service.books._window``)."""
        start = covering(checkpoints(self.store, self.stream), reach)
        if start is None:
            self._books, self._version, self._since = Books(), 0, 1
        else:
            self._books = restored_at(self.store, self.stream, start)
            self._version = self._since = start
        self._loaded = True
        self._checked = False

    def read_days(self, first: str, last: str) -> tuple[Books, ChainBreak | None]:
        """The books of gaming days ``first`` to ``last`` (ISO dates), read from the checkpoint
        before them to the one after (``service.books_window.days_window``), and the first
        broken link of that part of the chain (None: intact). Separate from ``books()``."""
        window = days_window(self.store, self.stream, first, last)
        return window.books, window.chain

    def read_quarter(self, quarter: Quarter) -> tuple[Books, ChainBreak | None]:
        """The books a quarterly report of ``quarter`` reads (``books.quarterly.days_read``:
        the quarter, and the quarters before it that its findings look back on), with the video
        reviews documented after it (-04.8: six weeks of reviews after a low hold)."""
        setup = Books()
        for stored in self.store.read_types(self.stream, SETUP_TYPES):
            if stored.event is not None:
                setup.apply_setup(stored.event)
        first, last = days_read(quarter, (st.site for st in setup.sites.values()))
        window = None
        if self.use_digests:
            window = digested_window(self.store, self.stream, first.isoformat(), last.isoformat())
        if window is None:
            window = days_window(self.store, self.stream, first.isoformat(), last.isoformat())
        for stored in self.store.read_types(
            self.stream, (VideoReviewDocumented.TYPE,), after=window.end
        ):
            if isinstance(stored.event, VideoReviewDocumented):
                window.books.video_reviews.append(stored.event)
        return window.books, window.chain

    def read_history(self) -> tuple[Books, ChainBreak | None]:
        """The books replayed from the first entry, every entry and checkpoint checked, and the
        first broken link of the whole chain. Separate from ``books()``."""
        return rebuild(self.store, self.org_id), self.store.chain_break(self.stream)

    def reach(self, position: int | None) -> None:
        """Make sure the books hold entry ``position`` for the command in progress (the
        correction of a count recorded before the latest checkpoint), also across retries;
        ``None`` ends it (the next read starts at the latest checkpoint again)."""
        self._reach = position
        if position is None:
            self._loaded = False
        elif not self._loaded or position < self._books.base:
            self._load(position)

    def _refresh(self) -> None:
        if not self._loaded:
            self._load(self._reach)
        stored = self.store.read(self.stream, after=self._version)
        if self._books.window is not None:
            earlier = cited_before([s.event for s in stored], self._books.base)
            if earlier is not None:  # a correction of a count before the checkpoint
                self._load(earlier)
                stored = self.store.read(self.stream, after=self._version)
        if stored or not self._checked:
            # The store checks incrementally from its verified-up-to mark (its own appends
            # move the mark) or from the checkpoint the books start at, so this hashes only
            # the entries the books read.
            self.chain = self.store.chain_break(self.stream, since=self._since)
            self._checked = True
        for entry in stored:
            if entry.event is None:  # pragma: no cover - read() always decodes
                raise InvalidInput(f"entry {entry.seq} of {self.stream} could not be decoded")
            # Readers check what they read: an entry that does not add up is recorded in
            # ``books.corrupt`` (stream, seq, what disagrees), not applied (books.consistency).
            apply_checked(self._books, entry.event, entry.stream, entry.seq)
            self._version = entry.seq
        newest = next(
            (e for e in reversed(stored) if isinstance(e.event, BooksCarriedForward)), None
        )
        if newest is not None and self._reach is None and not self._books.corrupt:
            after = [e.event for e in stored if e.seq > newest.seq]
            if cited_before(after, newest.seq - 1) is None:
                # A newer checkpoint, checked against the entries before it: the books start
                # there now, so that a command is judged on what every later reader will have
                # (a long-lived reader, the web server, also stays small).
                self._load(None)
                self._refresh()

    def execute(self, command: Command) -> list[Event]:
        """Validate ``command`` against the current books and append its events atomically.

        If another writer appended first, the books are refreshed and the command validated
        again after a jittered wait (``service.retry``): it is refused only by the domain, or
        after the back-off's deadline. A damaged books stream takes no more entries
        (``CorruptStream``, one line naming the stream and its first broken link), and neither
        do books read with a corrupt entry (one line naming the first: ``books.consistency``)."""

        def attempt() -> list[Event]:
            self._refresh()
            if self.chain is not None:
                raise CorruptStream(
                    f"{describe_break(self.chain)}; nothing was written (run `croupier verify`)"
                )
            corrupt = refusal(self._books)
            if corrupt is not None:  # a corrupt entry: nothing more is written after it
                raise CorruptStream(corrupt)
            produced = command(self._books)
            check_open_periods(self._books, produced)
            events = with_checkpoint(self._books, produced)
            if not events:
                return []
            # One rule per entry: the reader's check of each entry runs here, before it is
            # appended (the append then requires the version read), so nothing a reader would
            # reject is ever written and the books always take the next entry.
            problem = admit(self._books, events, self.stream, self._version + 1)
            if problem is not None:
                self._loaded = False  # the books took part of the batch: read them again
                raise InvalidInput(problem)
            try:
                self._version = self.store.append(self.stream, events, self._version)
            except BaseException:
                self._loaded = False  # applied in memory, not stored: read the books again
                raise
            return events

        return retrying(attempt, self.backoff)

    def record(self, request: Request, at: str | None) -> list[str]:
        """Run ``request`` at ``at`` (an ISO time with offset, typed; default: now) and return
        one line per recorded entry saying what it recorded."""
        typed = parse_time(at, "--at") if at is not None else None
        if typed is not None:
            not_far_ahead(typed, self.now(), "--at")

        def command(books: Books) -> list[Event]:
            # "now" is read on each attempt, after the books were refreshed: a writer that lost
            # a race to a later entry must not be refused for being "before the last entry".
            when = typed if typed is not None else self.now()
            events = request.build(books, when)
            check_open_periods(books, events)  # before the clock: the better reason
            if request.timed:
                site = request.site(books) if callable(request.site) else request.site
                check_entry_time(books, when, site)
            return events

        if request.reaches is not None:
            self.reach(request.reaches)
        try:
            events = self.execute(command)
        finally:
            if request.reaches is not None:
                self.reach(None)
        lines: list[str] = []
        for e in events:
            if isinstance(e, BooksCarriedForward | DaysDigested):
                continue
            lines.append(f"recorded {e.TYPE.removeprefix('books.')}: {request.what}")
            if request.then is not None:
                extra = request.then(e)
                if extra:
                    lines.append(extra)
        return lines

    def close(self) -> None:
        self.store.close()


SiteOf = Callable[[Books], str | None]


@dataclass(frozen=True)
class Request:
    """A books command as a person typed it, parsed and ready to run.

    ``build(books, when)`` validates against the books and returns the events to record;
    ``what`` says what is recorded (in dollars); ``site`` (or a function of the books giving
    it) is the site whose open gaming day bounds the time; ``timed`` is False for the set-up
    and count commands that carry no time; ``then`` gives an extra line for a recorded event
    (the slip number issued).
    """

    what: str
    build: Callable[[Books, datetime], list[Event]]
    site: str | SiteOf | None = None
    timed: bool = True
    then: Callable[[Event], str | None] | None = None
    reaches: int | None = None
    """The earliest entry position the command needs in the books (a correction cites the
    count it corrects), when it may be before the latest checkpoint."""


def open_books(url: str, org_id: str, *, create: bool = False) -> BooksService:
    """The books service of an existing organization (see ``BooksService.open_existing``)."""
    return BooksService.open_existing(url, org_id, create=create)


def record(
    url: str, org_id: str, at: str | None, request: Request, *, create: bool = False
) -> list[str]:
    """Open the store once, run ``request`` at ``at`` and return what was recorded.

    The one shape of every ``croupier books`` command that writes: see the module docstring.
    """
    svc = open_books(url, org_id, create=create)
    try:
        return svc.record(request, at)
    finally:
        svc.close()


def chain_warning(service: BooksService) -> str | None:
    """The warning banner to print above anything read from the books, or None if intact.

    Call it after ``service.books()`` (which checks the chain incrementally as it reads): a
    reading command (a status, a report) still prints, under this one line naming the damaged
    stream and its first broken link, e.g.::

        WARNING: the books are damaged: stream 'books-p1' is damaged at event 7: hash mismatch
        (...). These records may have been altered; run `croupier verify`.

    A refusal to sign an anchor since the newest one (the history did not extend it) is a
    line of its own, kept until an anchor is signed again; on a database of several
    organizations, only the refusals of the organization's own chain (``anchor_chain``).
    """
    from croupier.store.anchor_reads import anchor_chain
    from croupier.store.audit import refusals

    chain = anchor_chain(service.store, service.org_id)  # its own, or the database's
    lines = [chain_text(service.chain) or ""]
    lines += [
        f"WARNING: {problem} (at {when.isoformat(timespec='seconds')})"
        for when, problem in refusals(service.store, chain)
    ]
    return "\n".join(line for line in lines if line) or None


def chain_text(found: ChainBreak | None) -> str | None:
    """The warning line for a broken link found by a read (``chain_warning``), or None."""
    if found is None:
        return None
    return (
        f"WARNING: the books are damaged: {describe_break(found)}. "
        "These records may have been altered; run `croupier verify`."
    )


def read_warning(chain: str | None, books: Books) -> str | None:
    """The banner to print above what a reading command read: the damaged chain (if any),
    then one line per corrupt entry of ``books`` (``books.consistency.banner_lines``)."""
    lines = [chain] if chain else []
    lines += banner_lines(books)
    return "\n".join(lines) if lines else None


@dataclass(frozen=True)
class BooksRead:
    """The books as read by a reading command, and the banner to print above them (one line
    per problem: ``read_warning``)."""

    books: Books
    warning: str | None
    full_check: str | None = None
    """What the newest full check of the history found (``store.audit``), or None."""


def read_books(url: str, org_id: str) -> BooksRead:
    """Read an existing organization's books (opening the store once) with the banner: the
    chain warning and every corrupt entry (``read_warning``), and the newest full check."""
    from croupier.store.anchor_reads import anchor_chain
    from croupier.store.audit import latest_line

    svc = open_books(url, org_id)
    try:
        books = svc.books()
        own = anchor_chain(svc.store, org_id)  # several organizations: its own part only
        full_check = latest_line(svc.store, own)
        return BooksRead(books, read_warning(chain_warning(svc), books), full_check)
    finally:
        svc.close()


def rebuild(store: EventStore, org_id: str) -> Books:
    """The books of an organization rebuilt from every stored entry, each checked as the
    service reads it (a corrupt entry is in ``corrupt``, not applied: ``books.consistency``)."""
    books = Books()
    stored = store.read(stream_name(org_id))
    apply_stored(books, ((e.stream, e.seq, e.event) for e in stored if e.event is not None))
    return books


def import_batches(url: str, org_id: str, batches: Iterable[Sequence[Event]]) -> int:
    """Append already-validated books entries in bulk (a generator, an import); return how many.

    Each batch is appended atomically after the stream's current end. The caller vouches that
    the entries were produced in this order by the ``croupier.books`` operations against the
    books as they stood (the benchmark's year of activity does exactly that); nothing here
    validates them again. The database must exist (``croupier db upgrade``).
    """
    store = open_existing_store(url)
    try:
        stream = stream_name(org_id)
        version = store.version(stream)
        written = 0
        for batch in batches:
            if batch:
                version = store.append(stream, list(batch), version)
                written += len(batch)
        return written
    finally:
        store.close()
