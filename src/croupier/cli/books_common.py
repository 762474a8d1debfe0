"""Shared pieces of the ``croupier books`` and ``croupier report`` commands: the Typer apps, the
common options, and the one shape of a books command.

Every books command that writes is the same three steps: read what was typed into a
``Request`` (a function of ``croupier.service.books.setup``, ``books_day``, ``books_close`` or
``books_games``: bad input is refused there, before any database is opened), then
``record(db, org, at, request)``: the store is opened once, the organization must exist (only
``books init`` creates), the chain must be intact, ``--at`` (default: now) must not go back
before the books' last entry nor fall outside the site's open gaming day, and each recorded
entry is printed in dollars. Errors are one line on stderr and exit 2 (``reports_errors``).

Reading commands call ``read_books(db, org)`` (or ``_service`` and then
``warn_if_damaged``), which prints the damaged-chain banner on stderr when the books stream's
hash chain is broken.
"""

from __future__ import annotations

import os
import re
from datetime import date
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer import _click as click
from typer.core import TyperCommand

from croupier.cli.apps import app
from croupier.cli.common import Db as Db  # the --db option, as every books command imports it
from croupier.cli.common import console, database_url, err_console
from croupier.core.errors import InvalidInput

if TYPE_CHECKING:
    from croupier.service.books.service import BooksRead, BooksService, Request

books_app = typer.Typer(
    help="The organization's books: set up, run a gaming day.", no_args_is_help=True
)
report_app = typer.Typer(
    help="Print the records an auditor asks for, one form each.", no_args_is_help=True
)
app.add_typer(books_app, name="books")
app.add_typer(report_app, name="report")

Org = Annotated[
    str | None,
    typer.Option(
        "--org", help="Organization id (default: $CROUPIER_ORG, else org).", show_default=False
    ),
]
ByOpt = Annotated[str, typer.Option("--by", help="Employee id of who does it.")]
At = Annotated[
    str | None,
    typer.Option(
        "--at", help="ISO time with UTC offset, e.g. 2026-01-05T18:00:00-06:00 (default: now)."
    ),
]

NEGATIVE_AMOUNT = re.compile(r"-\$?(?:[0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+)")
"""A negative dollar amount as typed (``-5``, ``-$12.50``, ``-$1,000``)."""


class AmountCommand(TyperCommand):
    """A command that takes an amount as an argument: a negative amount typed there (``-$5``)
    reaches the amount parser ("... cannot be negative") instead of click's "No such option:
    -$", while any other unknown option is still "No such option"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        known = {o for p in self.get_params(ctx) for o in (*p.opts, *p.secondary_opts)}
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0]
            if arg.startswith("-") and name not in known and not NEGATIVE_AMOUNT.fullmatch(arg):
                ctx.fail(f"No such option: {name}")
        return super().parse_args(ctx, args)


AMOUNTS: dict[str, Any] = {
    "cls": AmountCommand,
    "context_settings": {"ignore_unknown_options": True},
}
"""Keyword arguments of ``books_app.command`` for a command with an amount argument."""

DEFAULT_ORG = "org"


def org_id(org: str | None) -> str:
    """The organization: ``--org``, else ``CROUPIER_ORG``, else ``org``."""
    return org or os.environ.get("CROUPIER_ORG") or DEFAULT_ORG


def record(
    db: str | None, org: str | None, at: str | None, request: Request, *, create: bool = False
) -> None:
    """Run a books request (the one shape of every books command that writes) and print what
    it recorded. ``create`` only for ``books init``."""
    from croupier.service.books.service import record as run

    for line in run(database_url(db), org_id(org), at, request, create=create):
        console.print(line, highlight=False, soft_wrap=True)


def warn(message: str | None) -> None:
    """Print the damaged-chain banner (``service.books.chain_warning``) on stderr, if any."""
    if message:
        err_console.print(message, style="bold red", highlight=False, soft_wrap=True, markup=False)


def read_books(db: str | None, org: str | None) -> BooksRead:
    """The books of an existing organization, for a reading command; prints the banner of a
    damaged hash chain on stderr first."""
    from croupier.service.books.service import read_books as read

    found = read(database_url(db), org_id(org))
    warn(found.warning)
    return found


def _service(db: str | None, org: str | None) -> BooksService:
    """The books service of an existing organization (opened once; close it). After
    ``svc.books()``, call ``warn_if_damaged(svc)``."""
    from croupier.service.books.service import open_books

    return open_books(database_url(db), org_id(org))


def warn_if_damaged(svc: BooksService) -> None:
    """Print the damaged-chain banner for what ``svc.books()`` read, if the chain is broken."""
    from croupier.service.books.service import chain_warning

    warn(chain_warning(svc))


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as exc:
        raise InvalidInput(f"not a date (YYYY-MM-DD): {text!r}") from exc
