"""What the back office hands the web layer: its views (sites, slips as drafts, forms, files)
and the small helpers that make them. Plain values: no store, no lock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from croupier.books.model import Chips, SlipKind, chips_total
from croupier.books.model import parse_chips as decode_chips
from croupier.core.money import format_money
from croupier.service.books import day as books_day
from croupier.service.books.input import describe_chips
from croupier.service.people.accounts import Account
from croupier.service.people.authz import Actor

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


def form_view(form: Any) -> FormView:
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


def draft_of(row: Any) -> Draft:
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


def kind_of(text: str) -> SlipKind:
    return books_day.slip_kind(text)
