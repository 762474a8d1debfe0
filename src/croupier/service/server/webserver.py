"""What ``croupier serve`` opens once per process: the store, the accounts, the back office.

``open_server`` creates or migrates the schema (the server is where ``make run`` starts), so a
first start on a fresh machine needs nothing else; ``first_start`` then creates the
organization's owner account when there is no account at all and returns its one-time
password, to be printed once and changed at the first sign-in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.rng import Rng
from croupier.service.office.backoffice import Backoffice
from croupier.service.people.accounts import (
    BOOKS_ROLES,
    Account,
    Accounts,
    AccountsConfig,
    parse_roles,
)
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import RngSource
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
