"""``croupier serve`` and ``croupier users`` from a shell: what happens before the server runs
(schema, the owner's account on a first start, the demo) and the accounts' commands."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from croupier.service.people.accounts import (
    OWNER,
    Account,
    AccountsConfig,
    check_name,
    parse_roles,
)
from croupier.service.people.orgs import OrgInfo
from croupier.service.server.demo import DemoLogin, seed_demo
from croupier.service.server.webserver import (
    Server,
    add_user,
    check_employee,
    first_start,
    open_server,
)

OWNER_NAME = "owner"


@contextlib.contextmanager
def _operator(url: str) -> Iterator[Server]:
    """An existing database opened for the server's operator (no organization in particular:
    the commands that span them), closed after."""
    server = open_server(url, None, create=False)
    try:
        yield server
    finally:
        server.close()


@dataclass(frozen=True)
class StartNotes:
    """What ``croupier serve`` prints once before serving."""

    owner_password: str | None
    """The owner's one-time password on a first start (no account yet), else None."""
    demo: tuple[DemoLogin, ...] = ()
    """The demo's accounts and passwords, when ``--demo`` seeded a new demo organization."""
    demo_existed: bool = False
    """``--demo`` found the organization seeded already (its passwords were printed then)."""
    warnings: tuple[str, ...] = ()
    """What the operator should know before serving (row-level security bypassed, say)."""


def prepare(url: str, org_id: str, demo: bool, config: AccountsConfig | None = None) -> StartNotes:
    """Create or migrate the schema, create the owner account on a first start, and with
    ``demo`` seed the demo organization if it has no books yet."""
    server = open_server(url, org_id, config=config)
    try:
        password = first_start(server)
        said = server.row_security_warning()
        warnings = (said,) if said else ()
        if not demo:
            return StartNotes(password, warnings=warnings)
        if server.backoffice.organization() is not None:
            return StartNotes(password, (), demo_existed=True, warnings=warnings)
        return StartNotes(password, tuple(seed_demo(server)), warnings=warnings)
    finally:
        server.close()


def add_account(
    url: str, org_id: str, name: str, roles: list[str], employee_id: str | None
) -> tuple[Account, str]:
    """``croupier users add``: an account with a one-time password (in an existing database).
    The name and roles are checked before the database is opened: opening it registers the
    organization, and a refused command changes nothing (found by an audit)."""
    check_name(name)
    parse_roles(roles)
    server = open_server(url, org_id, create=False)
    try:
        return add_user(server, name, roles, employee_id, actor="croupier users add", operator=True)
    finally:
        server.close()


def list_accounts(url: str) -> list[Account]:
    """``croupier users list``: every account, by name, once for each organization it belongs
    to (``Account.org_id``)."""
    with _operator(url) as server:
        return server.accounts.everyone()


def reset_password(url: str, name: str) -> str:
    """``croupier users reset-password``: a new one-time password; the account's sessions end."""
    with _operator(url) as server:
        return server.accounts.reset_password(name, actor="croupier users reset-password")


def reset_second_factor(url: str, name: str) -> None:
    """``croupier users reset-factor``: remove a lost second factor (the owner's own included:
    this command is the way back for a person at the server's console); sessions end."""
    with _operator(url) as server:
        server.accounts.reset_second_factor(name, actor="croupier users reset-factor")


def set_disabled(url: str, name: str, disabled: bool) -> None:
    """``croupier users disable|enable``: a disabled account cannot sign in; its sessions end."""
    with _operator(url) as server:
        server.accounts.set_disabled(name, disabled, actor="croupier users")


def grant(url: str, name: str, org_id: str, roles: list[str], employee_id: str | None) -> Account:
    """``croupier users grant``: ``name`` holds these roles in ``org_id`` (replacing any it
    held there); an employee linked must be one of that organization's, holding each books
    role given (as ``croupier users add`` checks)."""
    with _operator(url) as server:
        parsed = parse_roles(roles)
        employee = (employee_id or "").strip() or None
        tenant = server.tenant(org_id)
        check_employee(tenant, parsed, employee)
        return server.accounts.grant(name, org_id, parsed, employee, actor="croupier users grant")


def revoke(url: str, name: str, org_id: str) -> None:
    """``croupier users revoke``: ``name`` no longer belongs to ``org_id``."""
    with _operator(url) as server:
        server.accounts.revoke(name, org_id, actor="croupier users revoke")


@dataclass(frozen=True)
class NewOrganization:
    org: OrgInfo
    owner: str
    password: str | None
    """The owner's one-time password when the owner's account was made now, else None (an
    existing account was given the owner's role)."""
    has_books: bool = False
    """Whether the organization's books were begun already (``croupier books init``)."""


def add_organization(url: str, org_id: str, owner: str) -> NewOrganization:
    """``croupier orgs add``: serve another organization on this database, with its owner: an
    existing account given the owner's role there, or a new one with a one-time password."""
    from croupier.service.people.accounts import check_name

    check_name(owner)  # before anything is written: a refused owner adds no organization
    server = open_server(url, None)
    try:
        from croupier.service.books.service import stream_name

        info = server.orgs.add(org_id)
        books = server.store.version(stream_name(info.org_id)) > 0
        if server.accounts.get(owner, info.org_id) is not None:
            server.accounts.grant(
                owner, info.org_id, frozenset({OWNER}), None, actor="croupier orgs add"
            )
            return NewOrganization(info, owner, None, books)
        _account, password = server.accounts.create(
            owner, frozenset({OWNER}), actor="croupier orgs add", org=info.org_id
        )
        return NewOrganization(info, owner, password, books)
    finally:
        server.close()


def list_organizations(url: str) -> list[OrgInfo]:
    """``croupier orgs list``: the organizations this database serves."""
    with _operator(url) as server:
        return server.orgs.all()
