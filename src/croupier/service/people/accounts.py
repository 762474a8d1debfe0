"""People who sign in to ``croupier serve``: accounts, passwords, sessions, sign-in throttling.

Accounts are not books events (a password changes); they live in the store's own tables
(``croupier.store.schema``: ``accounts``, ``web_sessions``, ``login_throttle``,
``account_log``), and every change to an account is written to ``account_log``, which the
database keeps append-only (revision r0003's triggers): who did it, when, what.

- **Passwords** are argon2id hashes (``argon2-cffi``; the cost is ``AccountsConfig``'s, lower in
  tests). A generated password (the owner's first one, ``croupier users add``) must be changed at
  the first sign-in.

What an account is lives in ``people.account_model``; sign-in, its throttle and the sessions
in ``people.sessions``; the second factor's part of the accounts in ``people.factor_accounts``.
``Accounts`` is made of those parts and this module's own (the accounts, their memberships,
their passwords and the log); the names they define stay importable here.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.engine import Connection, Engine

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.rng import LiveRng, Rng
from croupier.service.people import passwords
from croupier.service.people._account_rows import (
    ACCOUNT_COLUMNS,
    in_org,
    orgs_of,
    random_token,
    row_account,
)
from croupier.service.people.account_model import (
    AUDITOR,
    BOOKS_ROLES,
    OWNER,
    PLAYER,
    ROLES,
    STATE_AUDITOR,
    TEST_CONFIG,
    Account,
    AccountsConfig,
)
from croupier.service.people.factor_accounts import SecondFactors
from croupier.service.people.sessions import (
    ONE_TIME_EXPIRED,
    CodeWanted,
    Session,
    Sessions,
    SignedIn,
    SignInRefused,
    csrf_token,
)
from croupier.store.backend import SQLITE_BEGIN_OPTION
from croupier.store.schema import (
    ACCOUNT_NAME_MAX,
    account_log,
    accounts,
    memberships,
    organizations,
    web_sessions,
)

__all__ = [  # the account's model lives in ``people.account_model``; still importable here
    "AUDITOR",
    "BOOKS_ROLES",
    "OWNER",
    "PLAYER",
    "ROLES",
    "STATE_AUDITOR",
    "TEST_CONFIG",
    "Account",
    "Accounts",
    "AccountsConfig",
    "CodeWanted",
    "LogEntry",
    "Session",
    "SignInRefused",
    "SignedIn",
    "check_name",
    "csrf_token",
    "generated_password",
    "parse_roles",
    "random_token",
]
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]*$")
_PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits of a generated password, without the look-alikes (l, 1, I, O, 0, o)."""
GENERATED_LENGTH = 16
MAX_PASSWORD_LENGTH = 1024


_MEMBERS = (
    sa.select(
        *ACCOUNT_COLUMNS, memberships.c.roles, memberships.c.employee_id, memberships.c.org_id
    )
    .select_from(accounts.outerjoin(memberships, memberships.c.account_id == accounts.c.account_id))
    .order_by(accounts.c.name, memberships.c.org_id)
)
"""Accounts, each once for every organization it belongs to (with no roles if none)."""


@dataclass(frozen=True)
class LogEntry:
    entry: int
    at: datetime
    actor: str
    account: str
    action: str
    detail: dict[str, Any] = field(default_factory=dict)


def check_name(name: object) -> str:
    """An account name: letters, digits, ``. _ @ -``, starting with a letter or digit."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput("an account name is missing")
    if len(name) > ACCOUNT_NAME_MAX or not _NAME.match(name):
        raise InvalidInput(
            f"an account name is 1 to {ACCOUNT_NAME_MAX} letters, digits, '.', '_', '@' or '-', "
            f"starting with a letter or digit, got {name[:80]!r}"
        )
    return name


def parse_roles(typed: Iterable[str]) -> frozenset[str]:
    """Roles as typed (``pit-boss``, ``Pit Boss``, comma-separated lists too), each checked."""
    found: set[str] = set()
    for text in typed:
        for part in text.split(","):
            role = " ".join(part.replace("-", " ").replace("_", " ").lower().split())
            if not role:
                continue
            if role not in ROLES:
                raise InvalidInput(f"no role {part.strip()!r}; roles are {', '.join(ROLES)}")
            found.add(role)
    if not found:
        raise InvalidInput(f"an account needs a role: {', '.join(ROLES)}")
    return frozenset(found)


def generated_password(rng: Rng, length: int = GENERATED_LENGTH) -> str:
    """A password of ``length`` letters and digits without look-alikes (~93 bits at 16)."""
    return "".join(
        _PASSWORD_ALPHABET[rng.randbelow(len(_PASSWORD_ALPHABET))] for _ in range(length)
    )


class Accounts(Sessions, SecondFactors):
    """The accounts, sessions and throttle in one database (the store's engine)."""

    def __init__(
        self,
        engine: Engine,
        clock: Clock | None = None,
        rng: Rng | None = None,
        config: AccountsConfig | None = None,
        org: str | None = None,
    ) -> None:
        self.org = org
        """The organization an account is made in, and read in, when none is named (the
        server's ``--org``)."""
        self.engine = engine
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.rng: Rng = rng if rng is not None else LiveRng()
        self.config = config if config is not None else AccountsConfig()
        self.hasher = PasswordHasher(
            time_cost=self.config.time_cost,
            memory_cost=self.config.memory_kib,
            parallelism=self.config.parallelism,
            type=Type.ID,
        )
        self._dummy_hash = self.hasher.hash("croupier: no such account")

    # -- the log ---------------------------------------------------------------------------

    def _log(
        self, conn: Connection, actor: str, account: str, action: str, **detail: object
    ) -> None:
        conn.execute(
            sa.insert(account_log).values(
                at=self.clock.now(),
                actor=actor,
                account=account,
                action=action,
                detail=json.dumps(detail, sort_keys=True, default=str),
            )
        )

    def log_entries(self, account: str | None = None) -> list[LogEntry]:
        """The account log, oldest first (one account's entries, if named)."""
        query = sa.select(account_log).order_by(account_log.c.entry)
        if account is not None:
            query = query.where(account_log.c.account == account)
        with self.engine.connect() as conn:
            return [
                LogEntry(r.entry, r.at, r.actor, r.account, r.action, json.loads(r.detail))
                for r in conn.execute(query)
            ]

    # -- accounts --------------------------------------------------------------------------

    def check_password(self, password: str, name: str) -> None:
        """Refuse a password too short, too long, or weak (``people.passwords``: too few
        different characters, the account's name in it, a run or a repetition, a common
        one)."""
        if len(password) < self.config.min_password_length:
            raise InvalidInput(
                f"a password has at least {self.config.min_password_length} characters"
            )
        if len(password) > MAX_PASSWORD_LENGTH:
            raise InvalidInput(f"a password has at most {MAX_PASSWORD_LENGTH} characters")
        passwords.check(password, name)

    def count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(accounts)).scalar_one())

    def all(self, org: str | None = None) -> list[Account]:
        """The accounts of members of ``org`` (the default organization if None), by name."""
        org = self._org(org)
        query = in_org(org).where(memberships.c.org_id == org).order_by(accounts.c.name)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [row_account(r, org) for r in rows]

    def everyone(self) -> list[Account]:
        """Every account of the database as a member of each organization it belongs to (one
        entry each, ``org_id`` set), and once with no roles if it belongs to none; by name,
        then organization (the server operator's ``croupier users list``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(_MEMBERS).all()
        return [row_account(r, r.org_id) for r in rows]

    def _org(self, org: str | None) -> str:
        chosen = org if org is not None else self.org
        if chosen is None:
            raise InvalidInput("say which organization (this server serves several)")
        return chosen

    def memberships(self, name: str) -> dict[str, Account]:
        """Organization -> the account as a member of it (its roles there), for each
        organization ``name`` belongs to."""
        query = _MEMBERS.where(accounts.c.name == name, memberships.c.org_id.is_not(None))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return {r.org_id: row_account(r, r.org_id) for r in rows}

    def grant(
        self,
        name: str,
        org: str,
        roles: frozenset[str],
        employee_id: str | None,
        actor: str,
    ) -> Account:
        """Give ``name`` these roles in ``org`` (replacing any it held there); the account's
        sessions in ``org`` end (its rights there changed)."""
        if not roles or not roles <= set(ROLES):
            raise InvalidInput(f"roles are {', '.join(ROLES)}")
        ordered = ",".join(r for r in ROLES if r in roles)
        with self._writing() as conn:
            found = self._id_of(conn, name)
            self._check_org(conn, org)
            conn.execute(
                sa.delete(memberships).where(
                    memberships.c.account_id == found, memberships.c.org_id == org
                )
            )
            conn.execute(
                sa.insert(memberships).values(
                    account_id=found, org_id=org, roles=ordered, employee_id=employee_id
                )
            )
            conn.execute(
                sa.delete(web_sessions).where(
                    web_sessions.c.account_id == found, web_sessions.c.org_id == org
                )
            )
            self._log(conn, actor, name, "granted", org=org, roles=ordered, employee_id=employee_id)
        made = self.get(name, org)
        assert made is not None
        return made

    def revoke(self, name: str, org: str, actor: str) -> None:
        """``name`` no longer belongs to ``org``; its sessions there end."""
        with self._writing() as conn:
            found = self._id_of(conn, name)
            gone = conn.execute(
                sa.delete(memberships).where(
                    memberships.c.account_id == found, memberships.c.org_id == org
                )
            ).rowcount
            if not gone:
                raise InvalidInput(f"{name!r} holds no role in {org!r}")
            conn.execute(
                sa.delete(web_sessions).where(
                    web_sessions.c.account_id == found, web_sessions.c.org_id == org
                )
            )
            self._log(conn, actor, name, "revoked", org=org)

    def orgs_of(self, account_id: int) -> list[str]:
        """The organizations an account belongs to, by id (one query: every page's switcher)."""
        with self.engine.connect() as conn:
            return orgs_of(conn, account_id)

    def check_manageable(self, name: str, org: str) -> None:
        """Refuse an organization's owner who acts on an account (its second factor reset, say)
        that is not theirs alone: one that does not belong to ``org`` (refused as if it did not
        exist: another organization's people are not named to them), or that belongs to other
        organizations too (the server's operator manages it: ``croupier users``)."""
        held = self.memberships(name)
        if org not in held:
            raise InvalidInput(f"no account named {name!r} in this organization")
        if len(held) > 1:
            raise InvalidInput(
                f"{name!r} belongs to other organizations too; the server's operator manages "
                "it (croupier users)"
            )

    def _id_of(self, conn: Connection, name: str) -> int:
        found: int | None = conn.execute(
            sa.select(accounts.c.account_id).where(accounts.c.name == name)
        ).scalar_one_or_none()
        if found is None:
            raise InvalidInput(f"no account named {name!r}")
        return found

    @staticmethod
    def _check_org(conn: Connection, org: str) -> None:
        known = conn.execute(
            sa.select(organizations.c.org_id).where(organizations.c.org_id == org)
        ).first()
        if known is None:
            raise InvalidInput(
                f"this server serves no organization {org!r} (croupier orgs add {org})"
            )

    @staticmethod
    def _first_org(conn: Connection, account_id: int, preferred: str | None) -> str | None:
        """The organization a new session of ``account_id`` works in: ``preferred`` (the
        server's own) if the account belongs to it, else the first it belongs to by id."""
        held = orgs_of(conn, account_id)
        if preferred in held:
            return preferred
        return held[0] if held else None

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A transaction that writes: on SQLite it takes the write lock as it begins (``BEGIN
        IMMEDIATE``), so it waits for another writer instead of failing at once when it reads
        before it writes and someone committed in between ("database is locked")."""
        with self.engine.connect() as conn:
            conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
            with conn.begin():
                yield conn

    def get(self, name: str, org: str | None = None) -> Account | None:
        """The account ``name`` with its roles in ``org`` (the default organization if None;
        none if it holds none there), or None if there is no such account."""
        org = self._org(org)
        with self.engine.connect() as conn:
            row = conn.execute(in_org(org).where(accounts.c.name == name)).first()
        return None if row is None else row_account(row, org)

    def create(
        self,
        name: str,
        roles: frozenset[str],
        employee_id: str | None = None,
        *,
        password: str | None = None,
        must_change: bool = True,
        actor: str = "system",
        org: str | None = None,
    ) -> tuple[Account, str | None]:
        """Create an account with ``roles`` in ``org`` (the default organization if None);
        without ``password`` one is generated and returned (shown once, to be changed at the
        first sign-in). A name in use is refused."""
        org = self._org(org)
        check_name(name)
        if not roles or not roles <= set(ROLES):
            raise InvalidInput(f"roles are {', '.join(ROLES)}")
        generated = None
        if password is None:
            password = generated = generated_password(self.rng)
        else:
            self.check_password(password, name)
        digest = self.hasher.hash(password)
        now = self.clock.now()
        ordered = ",".join(r for r in ROLES if r in roles)
        with self._writing() as conn:
            taken = conn.execute(
                sa.select(accounts.c.name).where(sa.func.lower(accounts.c.name) == name.lower())
            ).first()
            if taken is not None:
                # names that differ only in case read alike on every page (an audit: "B-C1"
                # beside "b-c1")
                raise InvalidInput(f"an account named {taken.name!r} exists already")
            self._check_org(conn, org)
            made_id = conn.execute(
                sa.insert(accounts).values(
                    name=name,
                    password_hash=digest,
                    roles="",
                    employee_id=None,
                    disabled=False,
                    must_change_password=must_change,
                    created_at=now,
                )
            ).inserted_primary_key
            assert made_id is not None
            conn.execute(
                sa.insert(memberships).values(
                    account_id=made_id[0], org_id=org, roles=ordered, employee_id=employee_id
                )
            )
            self._log(
                conn,
                actor,
                name,
                "created",
                org=org,
                roles=ordered,
                employee_id=employee_id,
                must_change_password=must_change,
            )
        made = self.get(name, org)
        assert made is not None
        return made, generated

    def ensure_owner(self, name: str = OWNER) -> str | None:
        """On a first start (no account at all): create the organization's owner account and
        return its one-time password; None when accounts exist already."""
        if self.count() > 0:
            return None
        _account, password = self.create(name, frozenset({OWNER}), actor="first start")
        return password

    def change_password(
        self,
        account: Account,
        old: str,
        new: str,
        keep_session: str | None = None,
        address: str = "local",
    ) -> str | None:
        """The signed-in person changes their own password (the old one checked first,
        throttled as a sign-in from ``address``: ``SignInRefused`` while locked); every
        session of theirs ends. With ``keep_session`` (the hash of the one in use) the person
        stays signed in under a new session token, returned (issue 29: the identifier is
        rotated when the account's rights change, here from a one-time password to its own)."""
        now = self.clock.now()
        wrong = False
        with self._writing() as conn:
            row = conn.execute(
                sa.select(
                    accounts.c.password_hash,
                    accounts.c.totp_confirmed_at,
                    accounts.c.must_change_password,
                ).where(accounts.c.account_id == account.account_id)
            ).one()
            second = row.totp_confirmed_at is not None
            locked = self._recheck_lock(conn, account.name, address, now, second)
            if locked is None and not self._verify(row.password_hash, old):
                self._recheck_failed(conn, account.name, address, now, "wrong password")
                wrong = True
            expired = row.must_change_password and self._one_time_expired(conn, account.name, now)
        if locked is not None:  # the failure is committed before the refusal is raised
            raise SignInRefused(locked, locked=True)
        if wrong:
            raise InvalidInput("the current password is wrong; nothing was changed")
        if expired:  # signed in with it before it expired: it no longer changes anything
            raise InvalidInput(ONE_TIME_EXPIRED)
        if new == old:
            raise InvalidInput("the new password is the same as the current one")
        self.check_password(new, account.name)
        self._set_password(account.name, new, actor=account.name, must_change=False)
        if keep_session is None:
            return None
        token = random_token(self.rng)
        with self._writing() as conn:
            self._insert_session(conn, account.account_id, token, self.clock.now(), account.org_id)
        return token

    def reset_password(self, name: str, actor: str) -> str:
        """Give an account a new generated password (shown once; changed at next sign-in)."""
        password = generated_password(self.rng)
        self._set_password(name, password, actor=actor, must_change=True)
        return password

    def _set_password(self, name: str, password: str, *, actor: str, must_change: bool) -> None:
        digest = self.hasher.hash(password)
        with self._writing() as conn:
            found = conn.execute(
                sa.select(accounts.c.account_id).where(accounts.c.name == name)
            ).scalar_one_or_none()
            if found is None:
                raise InvalidInput(f"no account named {name!r}")
            conn.execute(
                sa.update(accounts)
                .where(accounts.c.account_id == found)
                .values(password_hash=digest, must_change_password=must_change)
            )
            self._end_sessions(conn, found)
            self._log(conn, actor, name, "password set", must_change_password=must_change)

    def set_disabled(self, name: str, disabled: bool, actor: str) -> None:
        """Disable (or enable) an account; disabling ends its sessions."""
        with self._writing() as conn:
            found = conn.execute(
                sa.select(accounts.c.account_id).where(accounts.c.name == name)
            ).scalar_one_or_none()
            if found is None:
                raise InvalidInput(f"no account named {name!r}")
            conn.execute(
                sa.update(accounts).where(accounts.c.account_id == found).values(disabled=disabled)
            )
            if disabled:
                self._end_sessions(conn, found)
            self._log(conn, actor, name, "disabled" if disabled else "enabled")

    def _verify(self, digest: str, password: str) -> bool:
        try:
            return self.hasher.verify(digest, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def stored_hash(self, name: str) -> str | None:
        """The stored password hash of an account (for tests and audits: argon2id, never text)."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                sa.select(accounts.c.password_hash).where(accounts.c.name == name)
            ).scalar_one_or_none()
        return found
