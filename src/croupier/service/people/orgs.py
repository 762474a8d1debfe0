"""The register of the organizations one database serves (issue 29).

A server serves every organization in the register; each person works in one at a time (the
session's, ``people.accounts``) and holds roles in each they belong to (``memberships``). The
first organization registered is the ``legacy`` one: its tables and tournaments keep the stream
names they had before (``people.namespace``). A database made before organizations were told
apart is registered by the first server that opens it, for its ``--org``, and its accounts'
roles become roles in that organization (``adopt``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.names import check_identifier
from croupier.service.people.namespace import Namespace
from croupier.store.backend import SQLITE_BEGIN_OPTION
from croupier.store.schema import accounts, event_streams, memberships, organizations

ORG_ID_MAX = 64
"""An organization's id: it is part of stream names and file names."""


@dataclass(frozen=True)
class OrgInfo:
    org_id: str
    legacy: bool
    created_at: datetime

    @property
    def namespace(self) -> Namespace:
        return Namespace(self.org_id, self.legacy)


def check_org_id(value: object) -> str:
    """An organization's id: visible characters, no space, no dot (a dot ends the
    organization's part of a table's stream name) and no slash (file and path names)."""
    org = check_identifier(value, "organization id", ORG_ID_MAX)
    if "." in org or "/" in org:
        raise InvalidInput(f"organization id {org!r} may not hold a dot or a slash")
    return org


class Organizations:
    """The organizations of one database (the store's engine)."""

    def __init__(self, engine: Engine, clock: Clock | None = None) -> None:
        self.engine = engine
        self.clock: Clock = clock if clock is not None else SystemClock()

    def all(self) -> list[OrgInfo]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(organizations).order_by(organizations.c.org_id)).all()
        return [OrgInfo(r.org_id, bool(r.legacy), r.created_at) for r in rows]

    def get(self, org_id: str) -> OrgInfo | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(organizations).where(organizations.c.org_id == org_id)
            ).first()
        return None if row is None else OrgInfo(row.org_id, bool(row.legacy), row.created_at)

    def namespace(self, org_id: str) -> Namespace:
        """The stream names of a registered organization; an unknown one is refused."""
        found = self.get(org_id)
        if found is None:
            raise InvalidInput(f"this server serves no organization {org_id!r}")
        return found.namespace

    def add(self, org_id: str) -> OrgInfo:
        """Register an organization (the first registered is the legacy one). A registered id
        is refused."""
        org = check_org_id(org_id)
        with self._writing() as conn:
            if self._row(conn, org) is not None:
                raise InvalidInput(f"organization {org!r} is served already")
            if conn.execute(sa.select(organizations.c.org_id).limit(1)).first() is None:
                _refuse_a_stranger_first(conn, org)
            return self._insert(conn, org)

    def open(self, home: str) -> OrgInfo:
        """The organization a server is started for (``--org``): registered (the legacy one) on
        a database that has none yet, and the roles of accounts made before organizations were
        told apart adopted as roles in the legacy organization. A database that serves other
        organizations but not this one refuses it: a mistyped ``--org`` is not a new
        organization."""
        org = check_identifier(home, "organization id", ORG_ID_MAX)
        with self._writing() as conn:
            found = self._row(conn, org)
            if found is None:
                first = conn.execute(sa.select(organizations.c.org_id).limit(1)).first()
                if first is not None:
                    served = ", ".join(o.org_id for o in self._all(conn))
                    raise InvalidInput(
                        f"this database serves {served}, not {org!r}; add an organization "
                        f"with `croupier orgs add {org}`"
                    )
                found = self._insert(conn, check_org_id(org))
            self._adopt(conn)
            return found

    def _adopt(self, conn: Connection) -> None:
        """Move the roles an account holds in its own row (made before organizations were
        told apart) to a membership of the legacy organization."""
        legacy = conn.execute(
            sa.select(organizations.c.org_id).where(organizations.c.legacy.is_(True))
        ).scalar_one_or_none()
        if legacy is None:
            return
        rows = conn.execute(
            sa.select(accounts.c.account_id, accounts.c.roles, accounts.c.employee_id).where(
                accounts.c.roles != ""
            )
        ).all()
        for r in rows:
            held = conn.execute(
                sa.select(memberships.c.account_id).where(
                    memberships.c.account_id == r.account_id, memberships.c.org_id == legacy
                )
            ).first()
            if held is None:
                conn.execute(
                    sa.insert(memberships).values(
                        account_id=r.account_id,
                        org_id=legacy,
                        roles=r.roles,
                        employee_id=r.employee_id,
                    )
                )
            conn.execute(
                sa.update(accounts)
                .where(accounts.c.account_id == r.account_id)
                .values(roles="", employee_id=None)
            )

    def _row(self, conn: Connection, org: str) -> OrgInfo | None:
        row = conn.execute(sa.select(organizations).where(organizations.c.org_id == org)).first()
        return None if row is None else OrgInfo(row.org_id, bool(row.legacy), row.created_at)

    def _all(self, conn: Connection) -> list[OrgInfo]:
        rows = conn.execute(sa.select(organizations).order_by(organizations.c.org_id)).all()
        return [OrgInfo(r.org_id, bool(r.legacy), r.created_at) for r in rows]

    def _insert(self, conn: Connection, org: str) -> OrgInfo:
        first = conn.execute(sa.select(organizations.c.org_id).limit(1)).first() is None
        now = self.clock.now()
        conn.execute(sa.insert(organizations).values(org_id=org, legacy=first, created_at=now))
        return OrgInfo(org, first, now)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A transaction that takes SQLite's write lock as it begins (``BEGIN IMMEDIATE``)."""
        with self.engine.connect() as conn:
            conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
            with conn.begin():
                yield conn


def _refuse_a_stranger_first(conn: Connection, org: str) -> None:
    """The first organization registered on a database whose books (``books-ORG``, kept from
    the command line before any server) are another organization's is refused: the first
    organization keeps the unqualified table names, which are that other one's."""
    prefix = "books-"
    kept = conn.execute(
        sa.select(event_streams.c.stream).where(event_streams.c.stream.startswith(prefix))
    ).scalars()
    others = sorted({str(s)[len(prefix) :] for s in kept} - {org})
    if others:
        raise InvalidInput(
            f"this database holds the books of {', '.join(map(repr, others))} and serves no "
            f"organization yet: register that one first (`croupier orgs add {others[0]}` or "
            f"`croupier serve --org {others[0]}`), so that its tables keep their names"
        )


def namespace_at(engine: Engine, org: str | None) -> Namespace:
    """The stream names of ``org`` in the database (the command line's ``--org``): a database
    no server has registered an organization in has only the first organization's names; no
    ``org`` means the first (legacy) organization; an unknown one is refused."""
    served = Organizations(engine).all()
    if not served:
        return Namespace(org or "", legacy=True)
    if org is None:
        first = next((o for o in served if o.legacy), served[0])
        return first.namespace
    found = next((o for o in served if o.org_id == org), None)
    if found is None:
        names = ", ".join(o.org_id for o in served)
        raise InvalidInput(f"this database serves {names}, not {org!r}")
    return found.namespace


def stream_owner(engine: Engine) -> Callable[[str], str | None]:
    """Whose stream a stream is, among the organizations the database serves (None: no
    organization's, or a database no server has registered an organization in)."""
    spaces = [o.namespace for o in Organizations(engine).all()]

    def owner(stream: str) -> str | None:
        return next((ns.org_id for ns in spaces if ns.owns(stream)), None)

    return owner
