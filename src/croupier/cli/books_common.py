"""Shared pieces of the ``croupier books`` and ``croupier report`` commands: the Typer apps,
common options, and the helpers that open the books service and parse arguments."""

from __future__ import annotations

import os
from datetime import date, datetime
from typing import Annotated

import typer

from croupier.books.model import Chips
from croupier.books.state import Books
from croupier.cli.apps import app
from croupier.cli.common import console, database_url
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.core.money import parse_money
from croupier.service.books import BooksService, Command

books_app = typer.Typer(
    help="The organization's books: set up, run a gaming day.", no_args_is_help=True
)
report_app = typer.Typer(
    help="Print the records an auditor asks for, one form each.", no_args_is_help=True
)
app.add_typer(books_app, name="books")
app.add_typer(report_app, name="report")

Db = Annotated[str | None, typer.Option("--db", help="Database URL (or CROUPIER_DATABASE_URL).")]
Org = Annotated[str | None, typer.Option("--org", help="Organization id (or CROUPIER_ORG).")]
ByOpt = Annotated[str, typer.Option("--by", help="employee id")]
At = Annotated[str | None, typer.Option("--at", help="ISO time with offset (default: now).")]


def _service(db: str | None, org: str | None) -> BooksService:
    org_id = org or os.environ.get("CROUPIER_ORG") or "org"
    return BooksService.open(database_url(db), org_id)


def _when(svc: BooksService, at: str | None) -> datetime:
    if at is None:
        return svc.now()
    try:
        value = datetime.fromisoformat(at)
    except ValueError as exc:
        raise InvalidInput(f"not an ISO time: {at!r}") from exc
    if value.tzinfo is None:
        raise InvalidInput(f"time {at!r} needs a UTC offset, e.g. 2026-01-05T18:00:00-06:00")
    return value


def _day(books: Books, site: str) -> date:
    st = books.sites.get(site)
    if st is None or st.open_day is None:
        raise InvalidInput(f"no gaming day is open at site {site!r}; run 'croupier books open-day'")
    return date.fromisoformat(st.open_day)


def _do(db: str | None, org: str | None, build: Command, what: str) -> list[Event]:
    svc = _service(db, org)
    try:
        events = svc.execute(build)
    finally:
        svc.close()
    for e in events:
        console.print(f"recorded {e.TYPE.removeprefix('books.')}: {what}", highlight=False)
    return events


def _money(text: str) -> int:
    return parse_money(text)


def _list(text: str | None) -> tuple[str, ...]:
    return tuple(x.strip() for x in (text or "").split(",") if x.strip())


def _numbers(text: str | None) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in _list(text))
    except ValueError as exc:
        raise InvalidInput(f"slip numbers are comma-separated integers, got {text!r}") from exc


def _now(db: str | None, org: str | None, at: str | None) -> datetime:
    svc = _service(db, org)
    try:
        return _when(svc, at)
    finally:
        svc.close()


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise InvalidInput(f"not a date (YYYY-MM-DD): {text!r}") from exc


def _describe(lines: Chips) -> str:
    return ", ".join(f"{x.quantity} x ${x.token.value}" for x in lines) or "empty"
