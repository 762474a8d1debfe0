"""What ``croupier serve`` opens once per process: the store, the accounts, the back office.

``open_server`` creates or migrates the schema (the server is where ``make run`` starts), so a
first start on a fresh machine needs nothing else; ``first_start`` then creates the
organization's owner account when there is no account at all and returns its one-time
password, to be printed once and changed at the first sign-in.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.rng import Rng
from croupier.service.office.asks import SlipAsk
from croupier.service.office.backoffice import Backoffice
from croupier.service.office.views import SiteInfo
from croupier.service.people.accounts import (
    BOOKS_ROLES,
    STATE_AUDITOR,
    Account,
    Accounts,
    AccountsConfig,
    parse_roles,
)
from croupier.service.people.authz import Action, Actor, authorize
from croupier.service.people.namespace import Namespace
from croupier.service.people.orgs import Organizations
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.fanout import EVERY, Notice
from croupier.service.tables.live import CommandResult, RngSource
from croupier.service.tournaments.live import TournamentDesk
from croupier.store import EventStore, open_existing_store, open_store, scope
from croupier.store.backend_pg import PsycopgBackend
from croupier.store.engine import parse_url

log = logging.getLogger(__name__)


@dataclass
class Tenant:
    """One organization's part of the server: its back office, live tables and tournaments,
    each reading and writing only that organization's streams (``people.namespace``) and
    rows. Everything a signed-in person does goes through their session's organization's
    tenant (``web.security.tenant_of``)."""

    org_id: str
    namespace: Namespace
    backoffice: Backoffice
    tables: TablesDesk
    tournaments: TournamentDesk

    def enter(self) -> Tenant:
        """The rest of this context (a request, a socket) works in this organization: on
        PostgreSQL its transactions see this organization's rows only (``store.scope``)."""
        scope.enter(self.org_id)
        return self

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

    def ask_slip(self, actor: Actor, live_table: str, kind: str, chips: str) -> SlipAsk:
        """The console of a live table asks the chip bank for a fill or a credit for the
        books' table it is linked to."""
        authorize(actor, Action.ASK_SLIP)
        site, number = self.tables.books_table(live_table)
        return self.backoffice.ask_slip(actor, kind, site, number, chips, live_table)


@dataclass
class Server:
    """One process's handle on the database: the accounts, the register of organizations and,
    for each organization served, its tenant (made when first asked for)."""

    url: str
    org_id: str
    """The default organization: the server's ``--org``, where a person who belongs to it
    starts working, and whose tenant ``backoffice``, ``tables`` and ``tournaments`` are."""
    store: EventStore
    accounts: Accounts
    orgs: Organizations
    clock: Clock
    tables_rng: RngSource | None = None
    rules_dir: Path | None = None
    publish: Callable[[Notice], None] | None = None
    """Where every tenant's live tables tell other workers of an append (``web.app``)."""
    _tenants: dict[str, Tenant] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def tenant(self, org_id: str) -> Tenant:
        """The tenant of a served organization (an unknown one is refused)."""
        found = self._tenants.get(org_id)
        if found is not None:
            return found
        with self._lock:
            found = self._tenants.get(org_id)
            if found is None:
                namespace = self.orgs.namespace(org_id)
                found = Tenant(
                    org_id,
                    namespace,
                    Backoffice(self.store, self.url, org_id, self.clock, namespace),
                    TablesDesk(self.store, self.tables_rng, self.rules_dir, self.clock, namespace),
                    TournamentDesk(
                        self.store, self.tables_rng, self.clock, self.rules_dir, namespace=namespace
                    ),
                )
                found.tables.hub.publish = self.publish
                self._tenants[org_id] = found
        return found

    def row_security_warning(self) -> str | None:
        """A line for the operator when PostgreSQL's row-level security cannot apply to the
        role the server connects as (``store.scope.bypass_warning``)."""
        return scope.bypass_warning(self.store.engine)

    def serve_requests(self) -> None:
        """Ready to serve: every registered organization's tenant made now rather than at its
        first request (one worker's first request of an organization would otherwise wait
        for it), and from now on a transaction whose context names no organization sees no
        organization's rows (every request names its own, ``Tenant.enter``)."""
        for org in self.orgs.all():
            self.tenant(org.org_id)
        scope.set_default(self.store.engine, scope.NONE)
        backend = self.store.backend
        if isinstance(backend, PsycopgBackend):  # a store opened without its engine's pool
            backend.default_scope = scope.NONE

    def tenants(self) -> list[Tenant]:
        """The tenants made so far."""
        return list(self._tenants.values())

    def set_publish(self, publish: Callable[[Notice], None] | None) -> None:
        with self._lock:
            self.publish = publish
            for t in self._tenants.values():
                t.tables.hub.publish = publish

    def catch_up(self, stream: str) -> None:
        """Another worker appended to ``stream``: the tenant whose stream it is catches up.
        ``EVERY`` (notices may have been lost: the fan-out's sweep, or its listener back after
        a gap) is every tenant's, each checking the tables it watches; one tenant that fails
        to is logged and the others still are told."""
        for t in self.tenants():
            if stream == EVERY:
                try:
                    with scope.scoped(t.org_id):
                        t.tables.catch_up(stream)
                except Exception:
                    log.exception("organization %s: its tables could not catch up", t.org_id)
            elif t.namespace.owns(stream):
                with scope.scoped(t.org_id):
                    t.tables.catch_up(stream)

    @property
    def backoffice(self) -> Backoffice:
        return self.tenant(self.org_id).backoffice

    @property
    def tables(self) -> TablesDesk:
        return self.tenant(self.org_id).tables

    @property
    def tournaments(self) -> TournamentDesk:
        return self.tenant(self.org_id).tournaments

    def close(self) -> None:
        self.store.close()


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
    org_id: str | None,
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
    a mistyped ``--db`` is an error, not a new empty file). ``org_id`` is registered on a
    database that serves none yet (``people.orgs.Organizations.open``); None opens it for
    no organization in particular (the operator's commands that span them: the first
    served is the default)."""
    clock = clock if clock is not None else SystemClock()
    # on PostgreSQL the store shares the web's SQLAlchemy engine: one pool, and the
    # per-request organization (store.scope) installed on it
    if create:
        store = open_store(url, clock=clock, engine=True)
    else:
        store = open_existing_store(url, clock=clock, engine=True)
    try:
        orgs = Organizations(store.engine, clock)
        if org_id is None:
            served = orgs.all()
            home = next((o.org_id for o in served if o.legacy), served[0].org_id if served else "")
        else:
            home = orgs.open(org_id).org_id
    except BaseException:
        store.close()
        raise
    accounts = Accounts(store.engine, clock, rng, config, org=home or None)
    return Server(url, home, store, accounts, orgs, clock, tables_rng, rules_dir)


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
    org: str | None = None,
    operator: bool = False,
) -> tuple[Account, str]:
    """Create an account with a generated one-time password (returned, shown once), with
    ``roles`` in ``org`` (the server's default organization if None).

    An account linked to an employee (``employee_id``) must name one of the organization's
    employees, holding every books role the account is given: the books record the
    employee as who did what, and a role the books do not give them would be refused there
    (99-01.3-08-05.3)."""
    parsed = parse_roles(roles)
    if STATE_AUDITOR in parsed and not operator:
        # the state's auditor is the state's, not the organization's (docs/web.md): found by
        # an audit, an owner could make one from the accounts page
        raise InvalidInput(
            "the state auditor's role is granted by the server's operator (`croupier users "
            "grant`), not by an organization's owner"
        )
    employee = (employee_id or "").strip() or None
    tenant = server.tenant(org if org is not None else server.org_id)
    check_employee(tenant, parsed, employee)
    account, password = server.accounts.create(
        name, parsed, employee, must_change=must_change, actor=actor, org=tenant.org_id
    )
    assert password is not None
    return account, password


def check_employee(tenant: Tenant, roles: frozenset[str], employee: str | None) -> None:
    """Refuse an account's link to an employee who is not one of the organization's, or who
    does not hold every books role the account is given there."""
    if employee is None:
        return
    books = tenant.backoffice.books()
    if books.org_id is None:
        raise InvalidInput(
            f"no organization {tenant.org_id!r} in the books, so no employee {employee!r}; "
            f"run `croupier books init {tenant.org_id} NAME` first"
        )
    person = books.employees.get(employee)
    if person is None:
        raise InvalidInput(f"no employee {employee!r} in the books of {tenant.org_id!r}")
    held = {r.value for r in person.roles}
    missing = sorted(r for r in roles if r in BOOKS_ROLES and r not in held)
    if missing:
        raise InvalidInput(
            f"employee {employee} ({', '.join(sorted(held))}) does not hold the role "
            f"{', '.join(missing)} in the books; register it there first "
            "(croupier books add-employee)"
        )
