"""The back office as the web server sees it: sites and their status, the fill and credit slip
flow (prepared by one person, verified by another, or voided), the hash-chain check and the
daily report. Every function takes the signed-in ``Actor`` and asks ``service.authz`` first;
the books requests are the CLI's own (``service.books_day.slip`` and ``void``), run through
one long-lived ``BooksService``, with the signed-in person's employee id as preparer or
verifier (never a value a form supplied).

A slip is prepared first and stored as a *draft* (``slip_drafts``): the books hold only
completed slips (``books.slip_issued``, chips moved) and voided forms (``books.slip_voided``).
Verifying a draft records the slip; voiding it records the VOID form under the next number
(99-01.3-08-05.2). A draft is claimed (``pending`` to ``verifying``) before the books are
written, so two people verifying at once cannot issue it twice.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlalchemy as sa

from croupier.books.guards import require_open_shift, require_role, require_site
from croupier.books.model import Chips, Role, SlipKind, chips_total, format_chips
from croupier.books.model import parse_chips as decode_chips
from croupier.books.slips import check_form
from croupier.books.state import Books
from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.service.books import day as books_day
from croupier.service.books import reports as rpt
from croupier.service.books.close import SiteStatus, site_status
from croupier.service.books.input import chips as parse_chips
from croupier.service.books.input import describe_chips
from croupier.service.books.service import BooksService, Request, chain_warning, read_warning
from croupier.service.database.store import StreamCheck, stream_versions, verify
from croupier.service.people.accounts import Account
from croupier.service.people.authz import Action, Actor, SlipFacts, authorize
from croupier.store import EventStore
from croupier.store.schema import slip_drafts
from croupier.tournaments import Tournament

PENDING, VERIFYING, ISSUED, VOID = "pending", "verifying", "issued", "void"


def actor_of(account: Account) -> Actor:
    """The policy's view of a signed-in account."""
    return Actor(account.name, account.roles, account.employee_id)


@dataclass(frozen=True)
class TableInfo:
    number: int
    game: str
    open: bool
    dealer: str | None


@dataclass(frozen=True)
class SiteInfo:
    site_id: str
    name: str
    surveilled: bool
    open_day: str | None
    tables: tuple[TableInfo, ...]


@dataclass(frozen=True)
class Draft:
    """A slip as prepared (and what became of it), typed: its kind and chip lines were read
    once, when it was prepared, and are carried as values to the books on verification."""

    draft_id: int
    kind: SlipKind
    site: str
    table: int
    lines: Chips
    cashier: str
    jar_bar: bool
    preparer_account: str
    preparer_employee: str
    prepared_at: datetime
    status: str
    closed_by_account: str | None
    closed_at: datetime | None
    number: int | None
    form: int | None = None
    """The number printed on the paper form, where the site uses pre-printed forms (-05.2)."""

    @property
    def described(self) -> str:
        """The chips and their total in dollars (``2 x $5, 10 x $1 ($20.00)``)."""
        return describe_chips(self.lines)

    @property
    def total(self) -> str:
        return format_money(chips_total(self.lines))


def local_offset() -> timedelta:
    """This machine's UTC offset now (the tournaments' naive times are local times)."""
    offset = datetime.now().astimezone().utcoffset()
    return offset if offset is not None else timedelta(0)


@dataclass(frozen=True)
class Recorded:
    """What a books request recorded: one line per entry (in dollars) and the slip number."""

    lines: tuple[str, ...]
    number: int | None
    draft: Draft | None = None


@dataclass(frozen=True)
class TableView:
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class FormView:
    """A record (a report's form) laid out for a page: the header, tables, notes, warning."""

    title: str
    section: str
    header: tuple[tuple[str, str], ...]
    tables: tuple[TableView, ...]
    notes: tuple[str, ...]
    warning: str | None


@dataclass(frozen=True)
class Download:
    data: bytes
    filename: str
    media_type: str


MEDIA = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf", "html": "text/html"}


def _view(form: Any) -> FormView:
    """A report's form laid out for a page (its tables with rows, the people who sign)."""
    return FormView(
        form.title,
        form.section,
        form.header,
        tuple(
            TableView(t.title, t.columns, t.rows)
            for t in (*form.tables, form.people_table())
            if t.rows
        ),
        form.notes,
        form.warning,
    )


def _draft(row: Any) -> Draft:
    """A stored draft as values: the chip column is in ``books.model.format_chips``'s form,
    written by ``prepare`` from chips already read, so it is decoded, not parsed as typed."""
    return Draft(
        row.draft_id,
        SlipKind(row.kind),
        row.site,
        row.table_number,
        decode_chips(row.chips),
        row.cashier,
        bool(row.jar_bar),
        row.preparer_account,
        row.preparer_employee,
        row.prepared_at,
        row.status,
        row.closed_by_account,
        row.closed_at,
        row.number,
        row.form,
    )


def _kind(text: str) -> SlipKind:
    return books_day.slip_kind(text)


class Backoffice:
    """One organization's back office over an open store (thread-safe: one lock)."""

    def __init__(self, store: EventStore, url: str, org_id: str, clock: Clock | None = None):
        self.store = store
        self.url = url
        self.org_id = org_id
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.books_service = BooksService(store, org_id, self.clock)
        self._lock = threading.RLock()

    # -- reading ---------------------------------------------------------------------------

    def books(self) -> Books:
        with self._lock:
            return self.books_service.books()

    def organization(self) -> tuple[str, str] | None:
        """(id, name) of the organization, or None before ``croupier books init``."""
        books = self.books()
        if books.org_id is None:
            return None
        return books.org_id, books.org_name

    def warning(self) -> str | None:
        """The banner of the books as read: a damaged chain, then one line per corrupt entry
        (``service.books.read_warning``), or None."""
        with self._lock:
            books = self.books_service.books()
            return read_warning(chain_warning(self.books_service), books)

    def sites(self) -> list[SiteInfo]:
        with self._lock:  # the books are read and walked under the lock: a writer changes them
            return self._sites(self.books_service.books())

    def _sites(self, books: Books) -> list[SiteInfo]:
        out: list[SiteInfo] = []
        for site_id, st in sorted(books.sites.items()):
            tables = []
            for (sid, number), table in sorted(books.tables.items()):
                if sid != site_id:
                    continue
                key = st.open_shift.get(number)
                dealer = books.shifts[key].started.dealer_id if key is not None else None
                tables.append(TableInfo(number, table.game.value, key is not None, dealer))
            out.append(
                SiteInfo(site_id, st.site.name, st.site.surveilled, st.open_day, tuple(tables))
            )
        return out

    def status(self, actor: Actor, site: str) -> SiteStatus:
        """Where a site's cash and chips are now (``croupier books status``)."""
        authorize(actor, Action.VIEW_STATUS)
        self._require_org()
        return site_status(self.url, self.org_id, site)

    def stream_versions(self) -> dict[str, int]:
        return stream_versions(self.url)

    def check_chains(self, actor: Actor) -> list[StreamCheck]:
        """``croupier verify``: every stream and the first broken link of each broken chain."""
        authorize(actor, Action.VIEW_VERIFY)
        return verify(self.url)

    def _require_org(self) -> Books:
        books = self.books()
        if books.org_id is None:
            raise InvalidInput(
                f"no organization {self.org_id!r} in the books yet; run "
                f"`croupier books init {self.org_id} NAME` (or `croupier serve --demo`)"
            )
        return books

    # -- the daily report ------------------------------------------------------------------

    def default_day(self, site: str) -> str | None:
        """The open gaming day of a site, else its latest recorded day."""
        with self._lock:
            books = self.books_service.books()
            st = books.sites.get(site)
            if st is None:
                return None
            if st.open_day is not None:
                return st.open_day
            days = sorted(books.days_opened(site))  # with those before the books' window
            return days[-1] if days else None

    def _daily(self, actor: Actor, site: str, day: str) -> rpt.Report:
        authorize(actor, Action.VIEW_DAILY)
        self._require_org()
        with self._lock:
            return rpt.daily_report(self.books_service, site, day)

    def daily(self, actor: Actor, site: str, day: str) -> FormView:
        """The daily summary of a site (99-01.3-08-16.1), ready for a page."""
        return _view(self._daily(actor, site, day).form)

    def daily_file(self, actor: Actor, site: str, day: str, fmt: str) -> Download:
        """The daily summary as a CSV or PDF file."""
        f = rpt.check_format(fmt)
        if f == "html":
            raise InvalidInput("a download is csv or pdf")
        data = rpt.render(self._daily(actor, site, day), f)
        return Download(data, f"daily-{self.org_id}-{site}-{day}.{f}", MEDIA[f])

    # -- the quarterly summary and percent-of-hold ------------------------------------------

    def _quarterly(self, actor: Actor, quarter: str) -> rpt.Report:
        authorize(actor, Action.VIEW_QUARTERLY)
        self._require_org()
        with self._lock:
            return rpt.quarterly_report(self.books_service, quarter, self.clock.now().date())

    def _hold(self, actor: Actor, start: str | None, end: str | None) -> rpt.Report:
        authorize(actor, Action.VIEW_HOLD)
        self._require_org()
        with self._lock:
            return rpt.hold_report(self.books_service, start, end)

    def slip_pdf(self, actor: Actor, kind: str, number: int) -> Download:
        """A completed fill or credit slip (issued or VOID) as its two-part form to print."""
        from croupier.books import events as ev
        from croupier.reports.slip_form import SlipPeople, slip_pdf

        authorize(actor, Action.VIEW_SLIPS)
        k = _kind(kind)
        books = self._require_org()
        with self._lock:
            books = self.books_service.books()
            entry = books.slips.get((k, number))
            if entry is None and number >= books.next_number[k]:
                raise InvalidInput(f"no {k.value} slip {number} in the books yet")
            if entry is None:  # issued before the books' window: read the whole history
                books, _chain = self.books_service.read_history()
                entry = books.slips.get((k, number))
        if not isinstance(entry, ev.SlipIssued | ev.SlipVoided):
            raise InvalidInput(f"no {k.value} slip {number} in the books")
        site = books.sites[entry.site_id].site
        people = SlipPeople({e: p.initials for e, p in books.employees.items()})
        data = slip_pdf(entry, books.org_name, f"{site.site_id} {site.name}", people)
        return Download(data, f"{k.value}-slip-{number}.pdf", MEDIA["pdf"])

    def _register(self, actor: Actor, kind: str) -> rpt.Report:
        authorize(actor, Action.VIEW_SLIP_REGISTER)
        self._require_org()
        with self._lock:
            return rpt.slips_report(self.books_service, kind)

    def slip_register(self, actor: Actor, kind: str) -> FormView:
        """Every number of the fill or credit series from the first used, each accounted for:
        issued, VOID or missing (99-01.3-08-05.2), read from the whole history."""
        return _view(self._register(actor, kind).form)

    def quarterly(self, actor: Actor, quarter: str) -> FormView:
        """The quarterly summary and compliance findings (99-01.3-08-16.1.g), for a page."""
        return _view(self._quarterly(actor, quarter).form)

    def hold(
        self, actor: Actor, start: str | None, end: str | None
    ) -> tuple[FormView, bytes | None]:
        """Percent-of-hold by dealer and wheel operator (99-01.3-08-04.8) for a page, with the
        plot of each one's weekly hold against the 10% and 15% lines (PNG; None without
        shifts)."""
        from croupier.reports.render import hold_plot

        form = self._hold(actor, start, end).form
        plot = hold_plot(list(form.hold_lines)) if form.hold_lines else None
        return _view(form), plot

    def report_file(
        self,
        actor: Actor,
        kind: str,
        fmt: str,
        *,
        quarter: str = "",
        start: str | None = None,
        end: str | None = None,
    ) -> Download:
        """The quarterly or hold report as a CSV or PDF file."""
        f = rpt.check_format(fmt)
        if f == "html":
            raise InvalidInput("a download is csv or pdf")
        if kind == "quarterly":
            report, name = self._quarterly(actor, quarter), f"quarterly-{self.org_id}-{quarter}"
        elif kind in ("fill", "credit"):
            report, name = self._register(actor, kind), f"{kind}-slips-{self.org_id}"
        else:
            report = self._hold(actor, start, end)
            name = f"hold-{self.org_id}-{start or 'first'}-{end or 'last'}"
        return Download(rpt.render(report, f), f"{name}.{f}", MEDIA[f])

    # -- the chip bank ---------------------------------------------------------------------

    def redeem(self, actor: Actor, site: str, chips: str) -> Recorded:
        """The cashier redeems a player's chips for cash from the cash bank (99-01.3-08-06.2)."""
        authorize(actor, Action.REDEEM_CHIPS)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(books_day.redeem(site, chips, actor.employee_id))

    def redeem_tips(self, actor: Actor, site: str, dealer: str) -> Recorded:
        """The cashier redeems a dealer's tips for cash (99-01.3-08-06.2)."""
        authorize(actor, Action.REDEEM_CHIPS)
        self._require_org()
        assert actor.employee_id is not None
        return self._record(books_day.redeem_tips(site, dealer.strip(), actor.employee_id))

    # -- the count and the daily close ------------------------------------------------------

    def awaiting_count(self, site: str) -> list[tuple[str, int, int, str]]:
        """The drop boxes removed but not counted at a site: (day, table, shift, dealer)."""
        with self._lock:
            books = self.books_service.books()
        return [
            (key[1], key[2], key[3], rec.started.dealer_id)
            for key, rec in sorted(books.shifts.items())
            if key[0] == site and rec.ended is not None and rec.count is None
        ]

    def custody(self, site: str) -> list[dict[str, str]]:
        """Each drop box of the books' window at a site, from its table to the count: who
        removed it and who escorted it (-14.1), who held the keys and who counted it, and the
        cash counted (-14.2 to .4)."""
        with self._lock:
            books = self.books_service.books()
        rows: list[dict[str, str]] = []
        for key, rec in sorted(books.shifts.items()):
            if key[0] != site:
                continue
            ended, counted = rec.ended, rec.count
            cash = rec.counted_cash
            rows.append(
                {
                    "day": key[1],
                    "table": str(key[2]),
                    "shift": str(key[3]),
                    "removed": "on the table" if ended is None else ended.removed_by,
                    "escort": "" if ended is None else ended.escort_id or "",
                    "key_holder": "" if counted is None else counted.key_holder,
                    "counted_by": ""
                    if counted is None
                    else f"{counted.member_a}, {counted.member_b}",
                    "cash": "" if cash is None else format_money(cash),
                }
            )
        return rows

    def count(
        self,
        actor: Actor,
        site: str,
        day: str,
        table: int,
        shift: int,
        partner: str,
        first: str,
        second: str,
        resolved: str | None = None,
        resolution: str = "",
        key_holder: str | None = None,
        fill_copies: str | None = None,
        credit_originals: str | None = None,
    ) -> Recorded:
        """A drop box counted by a team of two: the signed-in person and ``partner``, each
        count entered, a difference resolved (99-01.3-08-14.2 to .4). The team is refused when
        both of them conducted games at the site that day (-14.2); the books check the rest."""
        from croupier.service.books.close import CountTyped
        from croupier.service.books.close import count as count_request
        from croupier.service.people.authz import CountFacts

        authorize(actor, Action.RECORD_COUNT)  # the role first; the team's independence below
        books = self._require_org()
        me = actor.employee_id or ""
        partner = partner.strip()
        with self._lock:
            books = self.books_service.books()
            conducted = books.dealers_on(site, day) if site in books.sites else set()
        people = {e: books.employees.get(e) for e in (me, partner)}
        missing = [e or "(none)" for e, person in people.items() if person is None]
        if missing:
            raise InvalidInput(f"no employee {', '.join(missing)} in the books")
        facts = CountFacts((me, partner), frozenset(conducted & {me, partner}))
        authorize(actor, Action.RECORD_COUNT, count=facts)
        initials = ",".join(p.initials for p in people.values() if p is not None)
        typed = CountTyped(
            f"{me},{partner}",
            (key_holder or "").strip() or me,
            first,
            second,
            initials,
            (resolved or "").strip() or None,
            resolution.strip(),
            None,
            (fill_copies or "").strip() or None,
            (credit_originals or "").strip() or None,
        )
        return self._record(count_request(site, day, table, shift, typed))

    def close_day(self, actor: Actor, site: str, cash_bank: str, chip_bank: str) -> Recorded:
        """Close the site's gaming day with the banks as counted (99-01.3-08-16.1.a)."""
        from croupier.service.books.close import close_day as close_request

        authorize(actor, Action.CLOSE_DAY)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(
            close_request(site, cash_bank, actor.employee_id, chip_bank.strip() or None)
        )

    def close_quarter(self, actor: Actor, quarter: str, return_filed: bool) -> Recorded:
        """Close a quarter's records once its report is produced or its tax return filed:
        nothing dated in it is recorded afterwards (``books.periods``, -16)."""
        from croupier.service.books.close import close_quarter as close_request

        authorize(actor, Action.CLOSE_QUARTER)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(close_request(quarter, actor.employee_id, return_filed))

    def opening_balances(
        self,
        actor: Actor,
        site: str,
        cash_bank: str,
        chip_bank: str,
        jar_bar: str,
        trays: list[str],
        outstanding: str,
        audited_by: str,
    ) -> Recorded:
        """A site's audited opening entry (``books.opening``), by the signed-in gaming manager,
        naming the auditor who checked the balances."""
        from croupier.service.books.setup import opening_balances as request

        authorize(actor, Action.OPENING_BALANCES)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(
            request(
                site,
                cash_bank,
                chip_bank.strip() or None,
                jar_bar.strip() or None,
                trays,
                outstanding.strip() or None,
                actor.employee_id,
                audited_by,
            )
        )

    def post_tournament(
        self,
        actor: Actor,
        tournament: Tournament,
        site: str | None,
        occasion: str | None,
        utc_offset: str | None = None,
    ) -> Recorded:
        """A finished tournament kept in the database recorded in the books (``croupier
        tournament post``): poker under an occasion, twenty-one at a site in its open gaming
        day. Its times are this server's local time unless ``utc_offset`` says otherwise."""
        from croupier.service.tournaments.post import parse_offset, post_with

        authorize(actor, Action.POST_TOURNAMENT)
        self._require_org()
        tz = parse_offset(utc_offset) if utc_offset else timezone(local_offset())
        with self._lock:
            posted = post_with(self.books_service, tournament, occasion, tz, None, site, None)
        return Recorded((f"posted {posted.entries} books entries", *posted.lines), None)

    def pay_rent(self, actor: Actor, site: str, table: int, month: str, amount: str) -> Recorded:
        """A month's rent paid for a table (99-01.3-08-01)."""
        from croupier.service.books.rent import pay_rent as request

        authorize(actor, Action.PAY_RENT)
        self._require_org()
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        return self._record(request(site, table, month, amount, actor.employee_id))

    # -- slips -----------------------------------------------------------------------------

    def drafts(self, actor: Actor, status: str | None = PENDING) -> list[Draft]:
        """Slips prepared here, newest first (only those awaiting verification by default)."""
        authorize(actor, Action.VIEW_SLIPS)
        query = sa.select(slip_drafts).where(slip_drafts.c.org_id == self.org_id)
        if status is not None:
            query = query.where(slip_drafts.c.status == status)
        with self.store.engine.connect() as conn:
            rows = conn.execute(query.order_by(slip_drafts.c.draft_id.desc()).limit(200)).all()
        return [_draft(r) for r in rows]

    def draft(self, draft_id: int) -> Draft:
        with self.store.engine.connect() as conn:
            row = conn.execute(
                sa.select(slip_drafts).where(
                    slip_drafts.c.draft_id == draft_id, slip_drafts.c.org_id == self.org_id
                )
            ).first()
        if row is None:
            raise InvalidInput(f"no prepared slip {draft_id}")
        return _draft(row)

    def prepare(
        self,
        actor: Actor,
        kind: str,
        site: str,
        table: int,
        typed_chips: str,
        cashier: str | None = None,
        jar_bar: bool = False,
        form: int | None = None,
    ) -> Draft:
        """Prepare a fill or credit slip (99-01.3-08-05.3) as the signed-in person; it waits
        for another person to verify it. ``cashier`` is the chip bank cashier (or dealer acting
        as cashier) who initials it; a cashier preparing a fill slip initials it themselves."""
        k = _kind(kind)
        action = Action.PREPARE_FILL if k is SlipKind.FILL else Action.PREPARE_CREDIT
        authorize(actor, action)
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        lines = parse_chips(typed_chips, f"{k.value} chips")
        if not lines or chips_total(lines) <= 0:
            raise InvalidInput("a slip must list at least one chip")
        books = self._require_org()
        require_site(books, site)
        require_open_shift(books, site, table)
        who = (cashier or "").strip()
        if not who:
            me = books.employees.get(actor.employee_id)
            if k is SlipKind.FILL and me is not None and me.has(Role.CASHIER):
                who = actor.employee_id
            else:
                raise InvalidInput("name the chip bank cashier (employee id) who initials the slip")
        section = "99-01.3-08-05.3.c" if k is SlipKind.FILL else "99-01.3-08-05.6"
        require_role(
            books, who, (Role.CASHIER, Role.DEALER), "initial a slip as the cashier", section
        )
        if form is not None:  # the paper form's number, used once in its series (-05.2)
            check_form(books, site, books.tables[(site, table)].game, k, form)
            if self._form_pending(books, site, table, k, form):
                raise InvalidInput(
                    f"{k.value} form {form} is already on a slip awaiting verification"
                )
        now = self.clock.now()
        with self.store.engine.begin() as conn:
            made = conn.execute(
                sa.insert(slip_drafts).values(
                    org_id=self.org_id,
                    kind=k.value,
                    site=site,
                    table_number=table,
                    chips=format_chips(lines),
                    cashier=who,
                    jar_bar=jar_bar,
                    preparer_account=actor.name,
                    preparer_employee=actor.employee_id,
                    prepared_at=now,
                    status=PENDING,
                    form=form,
                )
            )
            key = made.inserted_primary_key
            assert key is not None
            draft_id = int(key[0])
        return self.draft(draft_id)

    def _form_pending(self, books: Books, site: str, table: int, kind: SlipKind, form: int) -> bool:
        """A slip awaiting verification already carries this paper form (same series: site,
        the table's game, kind)."""
        game = books.tables[(site, table)].game
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(slip_drafts.c.table_number).where(
                    slip_drafts.c.org_id == self.org_id,
                    slip_drafts.c.site == site,
                    slip_drafts.c.kind == kind.value,
                    slip_drafts.c.form == form,
                    slip_drafts.c.status.in_((PENDING, VERIFYING)),
                )
            ).all()
        return any(
            (t := books.tables.get((site, int(row.table_number)))) is not None and t.game is game
            for row in rows
        )

    def _claim(self, draft_id: int, to: str = VERIFYING) -> bool:
        with self.store.engine.begin() as conn:
            done = conn.execute(
                sa.update(slip_drafts)
                .where(
                    slip_drafts.c.draft_id == draft_id,
                    slip_drafts.c.org_id == self.org_id,
                    slip_drafts.c.status == PENDING,
                )
                .values(status=to)
            )
            return bool(done.rowcount == 1)

    def _close(
        self, draft_id: int, status: str, actor: Actor | None, number: int | None = None
    ) -> None:
        values: dict[str, object] = {"status": status}
        if actor is not None:
            values.update(closed_by_account=actor.name, closed_at=self.clock.now(), number=number)
        with self.store.engine.begin() as conn:
            conn.execute(
                sa.update(slip_drafts).where(slip_drafts.c.draft_id == draft_id).values(**values)
            )

    def _record(self, request: Request) -> Recorded:
        numbers: list[int] = []
        original: Callable[[Event], str | None] | None = request.then

        def then(e: Event) -> str | None:
            number = getattr(e, "number", None)
            if isinstance(number, int):
                numbers.append(number)
            return original(e) if original is not None else None

        with self._lock:
            lines = self.books_service.record(replace(request, then=then), None)
        return Recorded(tuple(lines), numbers[0] if numbers else None)

    def _facts(self, draft: Draft) -> SlipFacts:
        return SlipFacts(draft.preparer_account, draft.preparer_employee)

    def verify_slip(self, actor: Actor, draft_id: int) -> Recorded:
        """Verify a prepared slip as the signed-in person (99-01.3-08-05.5): the books record
        it (chips move) with its preparer, cashier and this verifier. The preparer may not."""
        draft = self.draft(draft_id)
        self._require_org()
        with self._lock:
            books = self.books_service.books()
            st = books.sites.get(draft.site)
            keys = st.open_shift.values() if st is not None else ()
            dealing = frozenset(books.shifts[key].started.dealer_id for key in keys)
        authorize(actor, Action.VERIFY_SLIP, slip=self._facts(draft), dealing_now=dealing)
        if draft.status != PENDING or not self._claim(draft_id):
            raise InvalidInput(f"slip {draft_id} is not awaiting verification ({draft.status})")
        try:
            request = books_day.slip_of(
                draft.kind,
                draft.site,
                draft.table,
                draft.lines,
                draft.preparer_employee,
                draft.cashier,
                actor.employee_id,
                draft.jar_bar,
                draft.form,
            )
            done = self._record(request)
        except BaseException:
            self._close(draft_id, PENDING, None)
            raise
        self._close(draft_id, ISSUED, actor, done.number)
        return replace(done, draft=self.draft(draft_id))

    def void_slip(self, actor: Actor, draft_id: int) -> Recorded:
        """The preparer voids the slip they prepared: the books record the form under the next
        number, marked VOID and initialed by the preparer (99-01.3-08-05.2)."""
        draft = self.draft(draft_id)
        k = draft.kind
        action = Action.VOID_FILL if k is SlipKind.FILL else Action.VOID_CREDIT
        authorize(actor, action, slip=self._facts(draft))
        if draft.status != PENDING or not self._claim(draft_id):
            raise InvalidInput(f"slip {draft_id} is not awaiting verification ({draft.status})")
        form, game = None, None
        if draft.form is not None:  # the paper form is voided by its number, in its series
            table = self._require_org().tables.get((draft.site, draft.table))
            form, game = draft.form, table.game.value if table is not None else None
        try:
            done = self._void(actor, k, draft.site, form, game)
        except BaseException:
            self._close(draft_id, PENDING, None)
            raise
        self._close(draft_id, VOID, actor, done.number)
        return replace(done, draft=self.draft(draft_id))

    def void_next(
        self,
        actor: Actor,
        kind: str,
        site: str,
        form: int | None = None,
        game: str | None = None,
    ) -> Recorded:
        """Void a spoiled form, as its preparer (-05.2): the next of the books' own series, or
        the pre-printed form ``form`` of the site's ``game`` series."""
        k = _kind(kind)
        authorize(actor, Action.VOID_FILL if k is SlipKind.FILL else Action.VOID_CREDIT)
        return self._void(actor, k, site, form, game)

    def _void(
        self,
        actor: Actor,
        kind: SlipKind,
        site: str,
        form: int | None = None,
        game: str | None = None,
    ) -> Recorded:
        assert actor.employee_id is not None  # authorize refuses an unlinked account
        books = self._require_org()
        me = books.employees.get(actor.employee_id)
        initials = me.initials if me is not None else ""
        request = books_day.void(kind.value, site, actor.employee_id, initials, form, game)
        return self._record(request)
