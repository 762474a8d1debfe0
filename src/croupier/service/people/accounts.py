"""People who sign in to ``croupier serve``: accounts, passwords, sessions, sign-in throttling.

Accounts are not books events (a password changes); they live in the store's own tables
(``croupier.store.schema``: ``accounts``, ``web_sessions``, ``login_throttle``,
``account_log``), and every change to an account is written to ``account_log``, which the
database keeps append-only (revision r0003's triggers): who did it, when, what.

- **Passwords** are argon2id hashes (``argon2-cffi``; the cost is ``AccountsConfig``'s, lower in
  tests). A generated password (the owner's first one, ``croupier users add``) must be changed at
  the first sign-in.
- **Sessions** are server-side: a random token (from the injected ``Rng``) goes to the browser
  in a cookie; the store keeps only its SHA-256, with an absolute expiry and an idle timeout.
  The CSRF token of a session is an HMAC of the session token (``csrf_token``): tied to the
  session, never stored, and unknowable to a page that cannot read the HttpOnly cookie.
- **Throttling**: failed sign-ins are counted per account name *from each client address*, per
  client address, and per account name from every address. After ``account_free_failures``
  failures within ``failure_window`` the name is locked for that address only, after
  ``address_free_failures`` the address for every name, after ``account_all_failures`` the name
  for every address but those it signed in from within ``known_address_days`` (issue 29: an
  outsider's wrong passwords cannot keep a person out; many addresses are needed even to slow
  them, and never from where they sign in). A lock lasts ``lockout``, doubling with every
  further failure up to ``lockout_max``; while locked, even the right password is refused, with
  one line saying how long to wait. A successful sign-in clears the name's counts (not the
  address's).

What an account is lives in ``people.account_model`` and the second factor's part of the
accounts in ``people.factor_accounts`` (``Accounts`` is made of it); both stay importable here.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.engine import Connection, Engine

from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.rng import LiveRng, Rng
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
from croupier.store.engine import SQLITE_BEGIN_OPTION
from croupier.store.schema import (
    ACCOUNT_NAME_MAX,
    account_log,
    accounts,
    login_throttle,
    memberships,
    organizations,
    pending_sign_ins,
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
TOKEN_BYTES = 32


_ACCOUNT_COLUMNS = (
    accounts.c.account_id,
    accounts.c.name,
    accounts.c.disabled,
    accounts.c.must_change_password,
    accounts.c.created_at,
    accounts.c.totp_confirmed_at,
)
"""An account's own columns, without its (emptied) ``roles``: roles are a membership's."""

_SESSION_BY_DIGEST = (
    sa.select(
        *_ACCOUNT_COLUMNS,
        web_sessions.c.token_hash,
        web_sessions.c.last_seen_at,
        web_sessions.c.expires_at,
        web_sessions.c.org_id,
        memberships.c.roles,
        memberships.c.employee_id,
    )
    .join(accounts, accounts.c.account_id == web_sessions.c.account_id)
    .outerjoin(
        memberships,
        sa.and_(
            memberships.c.account_id == web_sessions.c.account_id,
            memberships.c.org_id == web_sessions.c.org_id,
        ),
    )
    .where(web_sessions.c.token_hash == sa.bindparam("digest"))
)
"""A session, its account and the account's membership of the session's organization, by the
token's digest: asked on every request, so built once."""


def _in_org(org: str) -> sa.Select[Any]:
    """Accounts with their roles in ``org`` (empty where they hold none there)."""
    return sa.select(*_ACCOUNT_COLUMNS, memberships.c.roles, memberships.c.employee_id).select_from(
        accounts.outerjoin(
            memberships,
            sa.and_(memberships.c.account_id == accounts.c.account_id, memberships.c.org_id == org),
        )
    )


_MEMBERS = (
    sa.select(
        *_ACCOUNT_COLUMNS, memberships.c.roles, memberships.c.employee_id, memberships.c.org_id
    )
    .select_from(accounts.outerjoin(memberships, memberships.c.account_id == accounts.c.account_id))
    .order_by(accounts.c.name, memberships.c.org_id)
)
"""Accounts, each once for every organization it belongs to (with no roles if none)."""


def _orgs_of(conn: Connection, account_id: int) -> list[str]:
    """The organizations an account belongs to, by id."""
    return list(
        conn.execute(
            sa.select(memberships.c.org_id)
            .where(memberships.c.account_id == account_id)
            .order_by(memberships.c.org_id)
        ).scalars()
    )


class SignInRefused(CroupierError):
    """A sign-in that did not succeed; the message is the one line shown. ``locked``: the
    name or address is locked for a while (HTTP 429), else the name or password was wrong."""

    def __init__(self, message: str, *, locked: bool = False) -> None:
        super().__init__(message)
        self.locked = locked


@dataclass(frozen=True)
class Session:
    """A signed-in browser: the account, the session's CSRF token and when it ends."""

    account: Account
    token_hash: str
    csrf: str
    expires_at: datetime


@dataclass(frozen=True)
class SignedIn:
    """A new session: ``token`` goes to the browser's cookie, once."""

    token: str
    session: Session


@dataclass(frozen=True)
class CodeWanted:
    """A sign-in whose password was right, waiting for the second factor's code: ``token``
    goes to the browser (a short-lived cookie), once."""

    token: str
    account: str


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


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def csrf_token(session_token: str) -> str:
    """The CSRF token of a session: HMAC-SHA256 of a fixed label keyed by the session token."""
    return hmac.new(session_token.encode(), b"croupier csrf", hashlib.sha256).hexdigest()


def random_token(rng: Rng, nbytes: int = TOKEN_BYTES) -> str:
    """``nbytes`` random bytes from ``rng``, URL-safe base64 without padding."""
    raw = bytes(rng.randbelow(256) for _ in range(nbytes))
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def generated_password(rng: Rng, length: int = GENERATED_LENGTH) -> str:
    """A password of ``length`` letters and digits without look-alikes (~93 bits at 16)."""
    return "".join(
        _PASSWORD_ALPHABET[rng.randbelow(len(_PASSWORD_ALPHABET))] for _ in range(length)
    )


def _row_account(row: Any, org: str | None) -> Account:
    """An account from a row of ``_in_org(org)`` or ``_SESSION_BY_DIGEST``: its roles are its
    membership's of ``org`` (none if it holds none there)."""
    roles = row.roles or ""
    return Account(
        row.account_id,
        row.name,
        frozenset(r for r in roles.split(",") if r),
        row.employee_id if roles else None,
        bool(row.disabled),
        bool(row.must_change_password),
        row.created_at,
        row.totp_confirmed_at is not None,
        org,
    )


def _wait(seconds: float) -> str:
    whole = max(1, int(seconds + 0.999))
    return f"{whole} s" if whole < 120 else f"{(whole + 59) // 60} min"


class Accounts(SecondFactors):
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
        """Refuse a password too short, too long, or the account's own name."""
        if len(password) < self.config.min_password_length:
            raise InvalidInput(
                f"a password has at least {self.config.min_password_length} characters"
            )
        if len(password) > MAX_PASSWORD_LENGTH:
            raise InvalidInput(f"a password has at most {MAX_PASSWORD_LENGTH} characters")
        if password.strip().lower() == name.lower():
            raise InvalidInput("a password may not be the account's name")

    def count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(accounts)).scalar_one())

    def all(self, org: str | None = None) -> list[Account]:
        """The accounts of members of ``org`` (the default organization if None), by name."""
        org = self._org(org)
        query = _in_org(org).where(memberships.c.org_id == org).order_by(accounts.c.name)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_row_account(r, org) for r in rows]

    def everyone(self) -> list[Account]:
        """Every account of the database as a member of each organization it belongs to (one
        entry each, ``org_id`` set), and once with no roles if it belongs to none; by name,
        then organization (the server operator's ``croupier users list``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(_MEMBERS).all()
        return [_row_account(r, r.org_id) for r in rows]

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
        return {r.org_id: _row_account(r, r.org_id) for r in rows}

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
            return _orgs_of(conn, account_id)

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
        held = _orgs_of(conn, account_id)
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
            row = conn.execute(_in_org(org).where(accounts.c.name == name)).first()
        return None if row is None else _row_account(row, org)

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
            taken = conn.execute(sa.select(accounts.c.name).where(accounts.c.name == name)).first()
            if taken is not None:
                raise InvalidInput(f"an account named {name!r} exists already")
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
        self, account: Account, old: str, new: str, keep_session: str | None = None
    ) -> str | None:
        """The signed-in person changes their own password (the old one checked first); every
        session of theirs ends. With ``keep_session`` (the hash of the one in use) the person
        stays signed in under a new session token, returned (issue 29: the identifier is
        rotated when the account's rights change, here from a one-time password to its own)."""
        with self.engine.connect() as conn:
            digest = conn.execute(
                sa.select(accounts.c.password_hash).where(
                    accounts.c.account_id == account.account_id
                )
            ).scalar_one()
        if not self._verify(digest, old):
            raise InvalidInput("the current password is wrong; nothing was changed")
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
            conn.execute(sa.delete(web_sessions).where(web_sessions.c.account_id == found))
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
                conn.execute(sa.delete(web_sessions).where(web_sessions.c.account_id == found))
            self._log(conn, actor, name, "disabled" if disabled else "enabled")

    def _verify(self, digest: str, password: str) -> bool:
        try:
            return self.hasher.verify(digest, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    # -- throttling ------------------------------------------------------------------------

    def _locked_until(self, conn: Connection, key: str, now: datetime) -> datetime | None:
        row = conn.execute(sa.select(login_throttle).where(login_throttle.c.key == key)).first()
        if row is None or row.locked_until is None or row.locked_until <= now:
            return None
        locked: datetime = row.locked_until
        return locked

    def _known(self, conn: Connection, name: str, address: str, now: datetime) -> bool:
        """Whether ``name`` signed in from ``address`` within ``known_address_days``."""
        since = now - timedelta(days=self.config.known_address_days)
        rows = conn.execute(
            sa.select(account_log.c.detail)
            .where(
                account_log.c.account == name,
                account_log.c.action == "signed in",
                account_log.c.at >= since,
            )
            .order_by(account_log.c.entry.desc())
            .limit(200)
        ).all()
        return any(json.loads(r.detail).get("address") == address for r in rows)

    def _fail(self, conn: Connection, key: str, free: int, now: datetime) -> None:
        row = conn.execute(sa.select(login_throttle).where(login_throttle.c.key == key)).first()
        failures = 1
        if row is not None and now - row.last_failure_at <= self.config.failure_window:
            failures = row.failures + 1
        locked = None
        if failures >= free:
            doubling = min(failures - free, 20)
            locked = now + min(self.config.lockout * (2**doubling), self.config.lockout_max)
        values = {"failures": failures, "last_failure_at": now, "locked_until": locked}
        if row is None:
            conn.execute(sa.insert(login_throttle).values(key=key, **values))
        else:
            conn.execute(
                sa.update(login_throttle).where(login_throttle.c.key == key).values(**values)
            )

    # -- sessions --------------------------------------------------------------------------

    def sign_in(self, name: str, password: str, address: str) -> SignedIn | CodeWanted:
        """Check a name and password (throttled) and open a session, or, for an account with
        a second factor, a sign-in waiting for its code (``finish_sign_in``); ``SignInRefused``
        says why not in one line. While the name is locked its password is not even looked
        at. While only the address is locked (many failures from there, by anyone), a right
        password still leads on to the code of an account that has a second factor: an
        outsider's guesses from a shared address cannot keep such a person out (issue 29)."""
        now = self.clock.now()
        short = name[:ACCOUNT_NAME_MAX]
        pair_key, address_key = f"name:{short}@{address[:200]}", f"address:{address[:200]}"
        name_key = f"name:{short}"
        refusal: str | None = None
        locked = False
        address_lock: str | None = None
        with self._writing() as conn:
            checks = (
                (pair_key, "this account"),
                (address_key, "this address"),
                (name_key, "this account"),
            )
            for key, what in checks:
                until = self._locked_until(conn, key, now)
                if until is not None and key == name_key and self._known(conn, short, address, now):
                    until = None  # a lock of the name from everywhere spares where it signs in
                if until is None:
                    continue
                wait = _wait((until - now).total_seconds())
                lock_line = f"too many failed sign-ins for {what}; try again in {wait}"
                if key == address_key:
                    address_lock = lock_line  # decided once the password is checked
                    continue
                refusal, locked = lock_line, True
                self._log(
                    conn,
                    "anonymous",
                    short,
                    "sign-in refused",
                    reason=f"{what} locked",
                    address=address,
                )
                break
            row = None
            if refusal is None:
                row = conn.execute(sa.select(accounts).where(accounts.c.name == name)).first()
                known = row.password_hash if row is not None else self._dummy_hash
                # the hash is checked whether or not the name exists: the same work, so the
                # time of a refusal does not tell a real name from an unknown one
                matches = self._verify(known, password)
                if row is None or not matches:
                    self._fail(conn, pair_key, self.config.account_free_failures, now)
                    self._fail(conn, address_key, self.config.address_free_failures, now)
                    self._fail(conn, name_key, self.config.account_all_failures, now)
                    if row is not None:
                        self._log(
                            conn,
                            "anonymous",
                            name,
                            "sign-in refused",
                            reason="wrong password",
                            address=address,
                        )
                    refusal, locked = (
                        (address_lock, True)
                        if address_lock
                        else (
                            "wrong name or password",
                            False,
                        )
                    )
                elif address_lock is not None and row.totp_confirmed_at is None:
                    refusal, locked = address_lock, True
                    self._log(
                        conn,
                        "anonymous",
                        name,
                        "sign-in refused",
                        reason="this address locked",
                        address=address,
                    )
        if refusal is not None:  # the failure is committed before the refusal is raised
            raise SignInRefused(refusal, locked=locked)
        assert row is not None
        account = self._member(row.account_id, name)
        if account.disabled:
            raise SignInRefused("this account is disabled; ask the organization's owner")
        if account.second_factor:
            token = random_token(self.rng)
            with self._writing() as conn:
                conn.execute(
                    sa.delete(pending_sign_ins).where(pending_sign_ins.c.expires_at <= now)
                )
                conn.execute(
                    sa.insert(pending_sign_ins).values(
                        token_hash=_sha256(token),
                        account_id=account.account_id,
                        address=address[:200],
                        expires_at=now + self.config.code_wait,
                        tries=0,
                    )
                )
                self._rehash(conn, row, password)
            return CodeWanted(token, account.name)
        with self._writing() as conn:
            self._rehash(conn, row, password)
            token = self._open_session(conn, account, address, now, pair_key, name_key)
        return SignedIn(token, self._session_of(account, token, now))

    def finish_sign_in(self, waiting: str | None, code: str, address: str) -> SignedIn:
        """The second step of a sign-in: the authenticator's code (or an unused recovery code)
        of the account whose password was right (``sign_in``'s ``CodeWanted``). A wrong code
        counts as a failed sign-in of the name; after ``code_tries`` of them the password must
        be given again."""
        now = self.clock.now()
        if not waiting or len(waiting) > 200:
            raise SignInRefused("the sign-in expired or was not started; sign in again")
        digest = _sha256(waiting)
        with self._writing() as conn:
            found = conn.execute(
                sa.select(pending_sign_ins, accounts)
                .join(accounts, accounts.c.account_id == pending_sign_ins.c.account_id)
                .where(pending_sign_ins.c.token_hash == digest)
            ).first()
            if found is None or found.expires_at <= now:
                conn.execute(
                    sa.delete(pending_sign_ins).where(pending_sign_ins.c.token_hash == digest)
                )
                refusal = "the sign-in expired or was not started; sign in again"
            elif found.disabled or found.totp_confirmed_at is None:
                conn.execute(
                    sa.delete(pending_sign_ins).where(pending_sign_ins.c.token_hash == digest)
                )
                refusal = "this account can no longer sign in this way; sign in again"
            else:
                how = self._use_code(conn, found, code, now)
                refusal = None
                if how is None:
                    short = found.name
                    self._fail(
                        conn,
                        f"name:{short}@{address[:200]}",
                        self.config.account_free_failures,
                        now,
                    )
                    self._fail(conn, f"name:{short}", self.config.account_all_failures, now)
                    self._log(
                        conn,
                        "anonymous",
                        short,
                        "sign-in refused",
                        reason="wrong code",
                        address=address,
                    )
                    tries = found.tries + 1
                    if tries >= self.config.code_tries:
                        conn.execute(
                            sa.delete(pending_sign_ins).where(
                                pending_sign_ins.c.token_hash == digest
                            )
                        )
                        refusal = "too many wrong codes; sign in again with your password"
                    else:
                        conn.execute(
                            sa.update(pending_sign_ins)
                            .where(pending_sign_ins.c.token_hash == digest)
                            .values(tries=tries)
                        )
                        refusal = "wrong code; type the code your authenticator shows now"
                else:
                    conn.execute(
                        sa.delete(pending_sign_ins).where(pending_sign_ins.c.token_hash == digest)
                    )
                    account = self._member(found.account_id, found.name, conn)
                    short = account.name
                    token = self._open_session(
                        conn,
                        account,
                        address,
                        now,
                        f"name:{short}@{address[:200]}",
                        f"name:{short}",
                        second=how,
                    )
        if refusal is not None:
            raise SignInRefused(refusal)
        return SignedIn(token, self._session_of(account, token, now))

    def _member(self, account_id: int, name: str, conn: Connection | None = None) -> Account:
        """The account as a member of the organization a new session of it works in (the
        default organization if it belongs to it, else its first); refused if it belongs to
        none."""

        def find(c: Connection) -> Account:
            org = self._first_org(c, account_id, self.org)
            if org is None:
                raise SignInRefused(
                    "this account belongs to no organization; ask an organization's owner"
                )
            row = c.execute(_in_org(org).where(accounts.c.name == name)).first()
            assert row is not None
            return _row_account(row, org)

        if conn is not None:
            return find(conn)
        with self.engine.connect() as c:
            return find(c)

    def _rehash(self, conn: Connection, row: Any, password: str) -> None:
        if self.hasher.check_needs_rehash(row.password_hash):
            conn.execute(
                sa.update(accounts)
                .where(accounts.c.account_id == row.account_id)
                .values(password_hash=self.hasher.hash(password))
            )

    def _open_session(
        self,
        conn: Connection,
        account: Account,
        address: str,
        now: datetime,
        pair_key: str,
        name_key: str,
        second: str | None = None,
    ) -> str:
        token = random_token(self.rng)
        conn.execute(
            sa.delete(login_throttle).where(login_throttle.c.key.in_((pair_key, name_key)))
        )
        conn.execute(
            sa.delete(web_sessions).where(
                web_sessions.c.expires_at <= now, web_sessions.c.account_id == account.account_id
            )
        )
        self._insert_session(conn, account.account_id, token, now, account.org_id)
        details: dict[str, Any] = {"address": address, "org": account.org_id}
        if second is not None:
            details["second_factor"] = second
        self._log(conn, account.name, account.name, "signed in", **details)
        return token

    def _insert_session(
        self, conn: Connection, account_id: int, token: str, now: datetime, org: str | None
    ) -> None:
        conn.execute(
            sa.insert(web_sessions).values(
                token_hash=_sha256(token),
                account_id=account_id,
                created_at=now,
                last_seen_at=now,
                expires_at=now + self.config.session_lifetime,
                org_id=org,
            )
        )

    def _session_of(self, account: Account, token: str, now: datetime) -> Session:
        return Session(
            account, _sha256(token), csrf_token(token), now + self.config.session_lifetime
        )

    def rotate_session(self, account: Account, token_hash: str) -> str:
        """The session ``token_hash`` goes on under a new identifier (its rights changed)."""
        now = self.clock.now()
        token = random_token(self.rng)
        with self._writing() as conn:
            conn.execute(sa.delete(web_sessions).where(web_sessions.c.token_hash == token_hash))
            self._insert_session(conn, account.account_id, token, now, account.org_id)
        return token

    def switch(self, session: Session, org: str) -> tuple[str, Account]:
        """The signed-in person goes on working in ``org``, one of the organizations they
        belong to, under a new session identifier (their rights changed): the new token and
        the account as a member of ``org``. An organization they do not belong to is refused
        in the same words as one that does not exist."""
        with self.engine.connect() as conn:
            row = conn.execute(
                _in_org(org).where(accounts.c.account_id == session.account.account_id)
            ).first()
        if row is None or not row.roles:
            raise InvalidInput(f"you belong to no organization {org!r}")
        account = _row_account(row, org)
        token = self.rotate_session(account, session.token_hash)
        with self._writing() as conn:
            self._log(conn, account.name, account.name, "switched organization", org=org)
        return token, account

    def session(self, token: str | None) -> Session | None:
        """The live session of a cookie's token (its idle clock restarted), or None: unknown,
        expired, idle too long, or its account disabled."""
        if not token or len(token) > 200:
            return None
        now = self.clock.now()
        digest = _sha256(token)
        # The read and the write are two transactions: a transaction that reads, then writes
        # after another connection committed, fails at once on SQLite ("database is locked",
        # its snapshot is stale; no busy wait applies), which under load turned requests into
        # errors. A write that begins as a write waits its turn instead.
        with self.engine.connect() as conn:
            row = conn.execute(_SESSION_BY_DIGEST, {"digest": digest}).first()
        if row is None:
            return None
        idle = now - row.last_seen_at > self.config.idle_timeout
        # no membership of its organization (revoked, or a session from before organizations
        # were told apart): signed out, so nothing is done with another organization's roles
        gone = row.org_id is None or not row.roles
        if row.expires_at <= now or idle or row.disabled or gone:
            with self._writing() as conn:
                conn.execute(sa.delete(web_sessions).where(web_sessions.c.token_hash == digest))
            return None
        if now - row.last_seen_at > timedelta(seconds=30):
            with self._writing() as conn:
                conn.execute(
                    sa.update(web_sessions)
                    .where(web_sessions.c.token_hash == digest)
                    .values(last_seen_at=now)
                )
        return Session(_row_account(row, row.org_id), digest, csrf_token(token), row.expires_at)

    def sign_out(self, token: str | None) -> None:
        if not token:
            return
        with self._writing() as conn:
            row = conn.execute(
                sa.select(web_sessions.c.account_id, accounts.c.name)
                .join(accounts, accounts.c.account_id == web_sessions.c.account_id)
                .where(web_sessions.c.token_hash == _sha256(token))
            ).first()
            if row is None:
                return
            conn.execute(sa.delete(web_sessions).where(web_sessions.c.token_hash == _sha256(token)))
            self._log(conn, row.name, row.name, "signed out")

    def stored_hash(self, name: str) -> str | None:
        """The stored password hash of an account (for tests and audits: argon2id, never text)."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                sa.select(accounts.c.password_hash).where(accounts.c.name == name)
            ).scalar_one_or_none()
        return found
