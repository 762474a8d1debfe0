"""The sessions' part of the accounts: a sign-in checked and throttled, a session opened (or a
sign-in left waiting for its second factor's code), read on every request, moved to another
organization, given a new token, ended. ``Accounts`` (``people.accounts``) is made of this, the
second factor's part (``people.factor_accounts``) and its own.

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
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from sqlalchemy.engine import Connection, Engine

from croupier.core.clock import Clock
from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.rng import Rng
from croupier.service.people._account_rows import (
    ACCOUNT_COLUMNS,
    in_org,
    random_token,
    row_account,
    sha256_hex,
)
from croupier.service.people.account_model import Account, AccountsConfig
from croupier.store.schema import (
    ACCOUNT_NAME_MAX,
    account_log,
    accounts,
    login_throttle,
    memberships,
    pending_sign_ins,
    web_sessions,
)

_SESSION_BY_DIGEST = (
    sa.select(
        *ACCOUNT_COLUMNS,
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


ONE_TIME_EXPIRED = "this one-time password has expired; ask the organization's owner for a new one"


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


def csrf_token(session_token: str) -> str:
    """The CSRF token of a session: HMAC-SHA256 of a fixed label keyed by the session token."""
    return hmac.new(session_token.encode(), b"croupier csrf", hashlib.sha256).hexdigest()


def _wait(seconds: float) -> str:
    whole = max(1, int(seconds + 0.999))
    return f"{whole} s" if whole < 120 else f"{(whole + 59) // 60} min"


class Sessions:
    """Sign-in, its throttle and the sessions (a part of ``Accounts``)."""

    engine: Engine
    clock: Clock
    rng: Rng
    config: AccountsConfig
    hasher: PasswordHasher
    org: str | None
    _dummy_hash: str

    if TYPE_CHECKING:

        def _writing(self) -> contextlib.AbstractContextManager[Connection]: ...
        def _log(
            self, conn: Connection, actor: str, account: str, action: str, **detail: object
        ) -> None: ...
        def _verify(self, digest: str, password: str) -> bool: ...
        @staticmethod
        def _first_org(conn: Connection, account_id: int, preferred: str | None) -> str | None: ...
        def _use_code(self, conn: Connection, row: Any, code: str, now: datetime) -> str | None: ...

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

    def _one_time_expired(self, conn: Connection, name: str, now: datetime) -> bool:
        """Whether the one-time password of ``name`` (an account that must change its
        password) was given more than ``one_time_password_lifetime`` ago: when it was is the
        account log's last ``created`` or ``password set`` entry, the one that gave it (found
        by an audit: a one-time password never expired)."""
        given = conn.execute(
            sa.select(account_log.c.at)
            .where(
                account_log.c.account == name,
                account_log.c.action.in_(("created", "password set")),
            )
            .order_by(account_log.c.entry.desc())
            .limit(1)
        ).scalar_one_or_none()
        return given is not None and now - given > self.config.one_time_password_lifetime

    def _recheck_lock(
        self, conn: Connection, name: str, address: str, now: datetime, second_factor: bool
    ) -> str | None:
        """Before a signed-in person proves again who they are (their current password to
        change it, their authenticator's code to renew recovery codes): why not now, when the
        sign-in throttle has locked their name (from this address, or from everywhere unless
        they signed in from here lately) or, for an account without a second factor, this
        address; None when they may try (found by an audit: these checks were not throttled,
        so a stolen session could guess the password without limit)."""
        short = name[:ACCOUNT_NAME_MAX]
        checks = (
            (f"name:{short}@{address[:200]}", "this account"),
            (f"address:{address[:200]}", "this address"),
            (f"name:{short}", "this account"),
        )
        for key, what in checks:
            until = self._locked_until(conn, key, now)
            if until is not None and key == checks[2][0] and self._known(conn, short, address, now):
                until = None
            if until is None or (key == checks[1][0] and second_factor):
                continue
            self._log(conn, short, short, "check refused", reason=f"{what} locked", address=address)
            wait = _wait((until - now).total_seconds())
            return f"too many failed attempts for {what}; try again in {wait}"
        return None

    def _recheck_failed(
        self, conn: Connection, name: str, address: str, now: datetime, reason: str
    ) -> None:
        """A wrong current password or code of a signed-in person: counted as a failed sign-in
        of the name, from the address and from everywhere (``sign_in``'s throttle). Not against
        the address for every name: the guesser is already signed in as this one account, and
        colleagues signing in from the same counter are not suspects."""
        short = name[:ACCOUNT_NAME_MAX]
        self._fail(conn, f"name:{short}@{address[:200]}", self.config.account_free_failures, now)
        self._fail(conn, f"name:{short}", self.config.account_all_failures, now)
        self._log(conn, short, short, "check refused", reason=reason, address=address)

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
                elif row.must_change_password and self._one_time_expired(conn, name, now):
                    refusal, locked = ONE_TIME_EXPIRED, False
                    self._log(
                        conn,
                        "anonymous",
                        name,
                        "sign-in refused",
                        reason="one-time password expired",
                        address=address,
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
                        token_hash=sha256_hex(token),
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
        digest = sha256_hex(waiting)
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
            row = c.execute(in_org(org).where(accounts.c.name == name)).first()
            assert row is not None
            return row_account(row, org)

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
                token_hash=sha256_hex(token),
                account_id=account_id,
                created_at=now,
                last_seen_at=now,
                expires_at=now + self.config.session_lifetime,
                org_id=org,
            )
        )

    def _end_sessions(self, conn: Connection, account_id: int, keep: str | None = None) -> int:
        """End every session of the account (a new password, a second factor set up or reset,
        the account disabled), all but the one whose token hash is ``keep``; how many ended.
        A session signed in before the account's rights or credentials changed holds nothing
        of the change (found by an audit: one signed in by password only while the second
        factor was due got full rights once another session set the factor up)."""
        query = sa.delete(web_sessions).where(web_sessions.c.account_id == account_id)
        if keep is not None:
            query = query.where(web_sessions.c.token_hash != keep)
        return int(conn.execute(query).rowcount or 0)

    def _session_of(self, account: Account, token: str, now: datetime) -> Session:
        return Session(
            account, sha256_hex(token), csrf_token(token), now + self.config.session_lifetime
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
                in_org(org).where(accounts.c.account_id == session.account.account_id)
            ).first()
        if row is None or not row.roles:
            raise InvalidInput(f"you belong to no organization {org!r}")
        account = row_account(row, org)
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
        digest = sha256_hex(token)
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
        return Session(row_account(row, row.org_id), digest, csrf_token(token), row.expires_at)

    def sign_out(self, token: str | None) -> None:
        if not token:
            return
        with self._writing() as conn:
            row = conn.execute(
                sa.select(web_sessions.c.account_id, accounts.c.name)
                .join(accounts, accounts.c.account_id == web_sessions.c.account_id)
                .where(web_sessions.c.token_hash == sha256_hex(token))
            ).first()
            if row is None:
                return
            conn.execute(
                sa.delete(web_sessions).where(web_sessions.c.token_hash == sha256_hex(token))
            )
            self._log(conn, row.name, row.name, "signed out")
