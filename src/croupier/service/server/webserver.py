"""What ``croupier serve`` opens once per process: the store, the accounts, the back office.

``open_server`` creates or migrates the schema (the server is where ``make run`` starts), so a
first start on a fresh machine needs nothing else; ``first_start`` then creates the
organization's owner account when there is no account at all and returns its one-time
password, to be printed once and changed at the first sign-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.rng import Rng
from croupier.service.office.asks import SlipAsk
from croupier.service.office.backoffice import Backoffice
from croupier.service.office.views import SiteInfo
from croupier.service.people.accounts import (
    BOOKS_ROLES,
    Account,
    Accounts,
    AccountsConfig,
    parse_roles,
)
from croupier.service.people.authz import Action, Actor, authorize
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import CommandResult, RngSource
from croupier.service.tournaments.live import TournamentDesk
from croupier.store import EventStore, open_existing_store, open_store
from croupier.store.engine import parse_url


@dataclass
class Server:
    """One process's handle on the database: accounts, one organization's back office and the
    live tables and tournaments."""

    url: str
    org_id: str
    store: EventStore
    accounts: Accounts
    backoffice: Backoffice
    tables: TablesDesk
    tournaments: TournamentDesk

    def close(self) -> None:
        self.store.close()

    def open_live_table(
        self,
        actor: Actor,
        table_id: str,
        game: str,
        rules: str,
        mode: str,
        books_site: str | None = None,
        books_table: int | None = None,
    ) -> CommandResult:
        """Open a live table (``TablesDesk.open_table``), linked, when a site is named, to that
        table of the books: a physical twenty-one or paddlewheel table whose fills and credits
        are then asked for from its console (99-01.3-08-05)."""
        authorize(actor, Action.RUN_TABLE)
        link = None
        if books_site:
            link = books_link(self.backoffice.sites(), game, mode, books_site, books_table)
        return self.tables.open_table(actor, table_id, game, rules, mode, link)


def ask_slip(server: Server, actor: Actor, live_table: str, kind: str, chips: str) -> SlipAsk:
    """The console of a live table asks the chip bank for a fill or a credit for the books'
    table it is linked to."""
    authorize(actor, Action.ASK_SLIP)
    site, number = server.tables.books_table(live_table)
    return server.backoffice.ask_slip(actor, kind, site, number, chips, live_table)


BOOKS_GAME = {"twentyone": "21", "paddlewheel": "PW", "paddlewheel-tickets": "PW"}
"""The books' game of a live game whose tables take fills and credits (99-01.3-08-05.3.a)."""


def books_link(
    sites: Sequence[SiteInfo], game: str, mode: str, site: str, table: int | None
) -> tuple[str, int]:
    """The books' (site, table) a live table is, checked: a physical table of a game the slips
    serve, a site and table the books have, of the same game."""
    if mode != "physical":
        raise InvalidInput("only a physical table is linked to a table of the books")
    wanted = BOOKS_GAME.get(game)
    if wanted is None:
        raise InvalidInput(
            f"a {game} table takes no fill or credit slips (99-01.3-08-05: twenty-one and "
            "paddlewheels); open it without a table of the books"
        )
    found = next((s for s in sites if s.site_id == site), None)
    if found is None:
        raise InvalidInput(f"the books have no site {site!r}")
    if table is None:
        raise InvalidInput("name the table of the books, a number, with its site")
    info = next((t for t in found.tables if t.number == table), None)
    if info is None:
        raise InvalidInput(f"the books have no table {table} at {site}")
    if info.game != wanted:
        raise InvalidInput(
            f"table {table} at {site} is a {info.game} table in the books, not {wanted}"
        )
    return site, table


def open_server(
    url: str,
    org_id: str,
    *,
    clock: Clock | None = None,
    rng: Rng | None = None,
    config: AccountsConfig | None = None,
    create: bool = True,
    tables_rng: RngSource | None = None,
    rules_dir: Path | None = None,
) -> Server:
    """Open the database at ``url`` for organization ``org_id``: created or migrated (the
    server), or, with ``create=False``, only an existing one at this schema (``croupier users``:
    a mistyped ``--db`` is an error, not a new empty file)."""
    clock = clock if clock is not None else SystemClock()
    store = open_store(url, clock=clock) if create else open_existing_store(url, clock=clock)
    accounts = Accounts(store.engine, clock, rng, config)
    tables = TablesDesk(store, tables_rng, rules_dir, clock)
    tournaments = TournamentDesk(store, tables_rng, clock, rules_dir)
    backoffice = Backoffice(store, url, org_id, clock)
    return Server(url, org_id, store, accounts, backoffice, tables, tournaments)


def first_start(server: Server) -> str | None:
    """Create the owner account if there is no account; its one-time password, or None."""
    return server.accounts.ensure_owner()


def is_sqlite(url: str) -> bool:
    """Whether ``url`` names a SQLite database (one writer: one worker process)."""
    return parse_url(url.strip()).get_backend_name() == "sqlite"


def check_workers(url: str, workers: int) -> None:
    """Refuse more than one worker process on SQLite (one writer at a time)."""
    if workers < 1:
        raise InvalidInput(f"--workers is 1 or more, got {workers}")
    if workers > 1 and is_sqlite(url):
        raise InvalidInput(
            f"--workers {workers} needs PostgreSQL: SQLite has one writer, so it is served by "
            "one worker (use --db postgresql+psycopg://... for more)"
        )


def add_user(
    server: Server,
    name: str,
    roles: list[str],
    employee_id: str | None,
    actor: str,
    *,
    must_change: bool = True,
) -> tuple[Account, str]:
    """Create an account with a generated one-time password (returned, shown once).

    An account linked to an employee (``employee_id``) must name one of the organization's
    employees, holding every books role the account is given: the books record the
    employee as who did what, and a role the books do not give them would be refused there
    (99-01.3-08-05.3)."""
    parsed = parse_roles(roles)
    employee = (employee_id or "").strip() or None
    if employee is not None:
        books = server.backoffice.books()
        if books.org_id is None:
            raise InvalidInput(
                f"no organization {server.org_id!r} in the books, so no employee {employee!r}; "
                f"run `croupier books init {server.org_id} NAME` first"
            )
        person = books.employees.get(employee)
        if person is None:
            raise InvalidInput(f"no employee {employee!r} in the books of {server.org_id!r}")
        held = {r.value for r in person.roles}
        missing = sorted(r for r in parsed if r in BOOKS_ROLES and r not in held)
        if missing:
            raise InvalidInput(
                f"employee {employee} ({', '.join(sorted(held))}) does not hold the role "
                f"{', '.join(missing)} in the books; register it there first "
                "(croupier books add-employee)"
            )
    account, password = server.accounts.create(
        name, parsed, employee, must_change=must_change, actor=actor
    )
    assert password is not None
    return account, password
