"""``croupier serve --demo``: a demo organization to click through, seeded through the same
books requests as ``croupier books`` (``service.books.setup``, ``service.books.day``).

One site with two twenty-one tables and a paddlewheel table, an employee in every role the
rules name, chips and cash in the banks, today's gaming day open with a dealer at table 1 and a
wheel operator at table 3, one fill slip completed and one prepared and awaiting a verifier; an
account for every employee (named by the employee id) and for three players, each with a
printed password. Everything is recorded at the clock's time, so the gaming day is today's
(UTC, as every time the server records).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.errors import InvalidInput
from croupier.service.books import day as books_day
from croupier.service.books import setup as books_setup
from croupier.service.books.service import Request
from croupier.service.people.accounts import PLAYER
from croupier.service.people.authz import Actor
from croupier.service.server.webserver import Server

DEMO_NAME = "Demo Charity Post 1"
SITE = "S1"


@dataclass(frozen=True)
class DemoPerson:
    employee_id: str
    name: str
    initials: str
    role: str
    affiliation: str
    supervisor: str | None = None


PEOPLE: tuple[DemoPerson, ...] = (
    DemoPerson("gm", "Gina Manager", "GM", "gaming manager", "gaming"),
    DemoPerson("sm", "Sam Shift", "SS", "shift manager", "gaming", "gm"),
    DemoPerson("pb", "Pat Boss", "PB", "pit boss", "gaming", "sm"),
    DemoPerson("d1", "Dee One", "D1", "dealer", "gaming", "pb"),
    DemoPerson("d2", "Dan Two", "D2", "dealer", "gaming", "pb"),
    DemoPerson("w1", "Wes Wheel", "WW", "wheel operator", "gaming", "pb"),
    DemoPerson("c1", "Cass Cashier", "CC", "cashier", "gaming", "sm"),
    DemoPerson("ct", "Cody Count", "CT", "count team member", "gaming"),
    DemoPerson("ip", "Ida Independent", "II", "independent person", "independent"),
    DemoPerson("au", "Al Auditor", "AA", "auditor", "nongaming"),
)
PLAYERS: tuple[str, ...] = ("player1", "player2", "player3")


@dataclass(frozen=True)
class DemoLogin:
    """An account of the demo and its password (printed once by ``croupier serve --demo``)."""

    name: str
    roles: str
    employee_id: str | None
    password: str


def _requests(org_id: str, day: str, name: str = DEMO_NAME) -> list[Request]:
    out = [
        books_setup.init(org_id, name),
        books_setup.add_site(SITE, "Main Street Bar", True, False),
        books_setup.add_table(SITE, 1, "21"),
        books_setup.add_table(SITE, 2, "21"),
        books_setup.add_table(SITE, 3, "PW"),
    ]
    for p in PEOPLE:
        out.append(
            books_setup.add_employee(
                p.employee_id, p.name, p.initials, [p.role], p.affiliation, p.supervisor, None, []
            )
        )
    out += [
        books_setup.receive_chips(SITE, "0.50x200,1x2000,5x1000,25x200,100x50,betting x1000"),
        books_setup.fund(SITE, "$5,000"),
        books_day.open_day(SITE, day, "gm,sm,pb,d1,d2,w1,c1", "sm"),
        books_day.open_table(SITE, 1, "d1", "$25", "d1"),
        books_day.open_table(SITE, 3, "w1", "$20", None),
        books_day.slip("fill", SITE, 1, "5x40,1x100", "c1", "c1", "sm", False),
        books_day.slip("fill", SITE, 3, "betting x200", "c1", "c1", "sm", False),
        books_day.sell(SITE, 1, "$200", None, "cash"),
    ]
    return out


def seed_demo(
    server: Server, org: str | None = None, account_prefix: str = "", name: str = DEMO_NAME
) -> list[DemoLogin]:
    """Seed the demo organization in an empty organization of ``server`` (its default one, or
    ``org``) and create its accounts (named ``account_prefix`` + the employee id: account
    names are the whole server's); refused (nothing written) if the organization has books
    already."""
    tenant = server.tenant(org if org is not None else server.org_id)
    svc = tenant.backoffice.books_service
    if server.store.version(svc.stream) > 0:
        raise InvalidInput(
            f"organization {tenant.org_id!r} already has books; the demo seeds a new one only "
            "(use another --db or --org)"
        )
    names = [account_prefix + p.employee_id for p in PEOPLE] + [account_prefix + n for n in PLAYERS]
    taken = [n for n in names if server.accounts.get(n, tenant.org_id) is not None]
    if taken:
        raise InvalidInput(f"accounts {', '.join(taken)} exist already; the demo needs new ones")
    day = svc.now().date().isoformat()
    for request in _requests(tenant.org_id, day, name):
        svc.record(request, None)
    logins: list[DemoLogin] = []
    for p in PEOPLE:
        account, password = server.accounts.create(
            account_prefix + p.employee_id,
            frozenset({p.role}),
            p.employee_id,
            must_change=False,
            actor="demo",
            org=tenant.org_id,
        )
        assert password is not None
        logins.append(DemoLogin(account.name, account.roles_text, p.employee_id, password))
    for player in PLAYERS:
        account, password = server.accounts.create(
            account_prefix + player,
            frozenset({PLAYER}),
            None,
            must_change=False,
            actor="demo",
            org=tenant.org_id,
        )
        assert password is not None
        logins.append(DemoLogin(account.name, account.roles_text, None, password))
    cashier = Actor(account_prefix + "c1", frozenset({"cashier"}), "c1")
    tenant.backoffice.prepare(cashier, "fill", SITE, 1, "25x8,5x20", "c1")
    return logins
