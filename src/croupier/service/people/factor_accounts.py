"""The second factor's part of the accounts (``service.people.second_factor`` for the codes
themselves): setting an authenticator up, a code or a recovery code accepted once, recovery
codes renewed, the owner's reset, and the session given a new identifier when its rights
change. ``Accounts`` is made of this and ``people.accounts``'s own part."""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from croupier.core.clock import Clock
from croupier.core.errors import InvalidInput
from croupier.core.rng import Rng
from croupier.service.people import second_factor as factor
from croupier.service.people.account_model import Account, AccountsConfig
from croupier.service.people.sessions import SignInRefused
from croupier.store.schema import (
    accounts,
    pending_sign_ins,
    recovery_codes,
)


class SecondFactors:
    """The second factor of each account (a part of ``Accounts``)."""

    engine: Engine
    clock: Clock
    rng: Rng
    config: AccountsConfig

    if TYPE_CHECKING:

        def _writing(self) -> contextlib.AbstractContextManager[Connection]: ...

        def _log(
            self, conn: Connection, actor: str, account: str, action: str, **detail: object
        ) -> None: ...

        def _insert_session(
            self, conn: Connection, account_id: int, token: str, now: datetime, org: str | None
        ) -> None: ...

        def _recheck_lock(
            self, conn: Connection, name: str, address: str, now: datetime, second_factor: bool
        ) -> str | None: ...

        def _recheck_failed(
            self, conn: Connection, name: str, address: str, now: datetime, reason: str
        ) -> None: ...

        def _end_sessions(
            self, conn: Connection, account_id: int, keep: str | None = None
        ) -> int: ...

    def _use_code(self, conn: Connection, row: Any, code: str, now: datetime) -> str | None:
        """Accept ``code`` for the account of ``row`` (marking it used), saying how it was
        given: ``authenticator`` or ``recovery code``; None when it is neither."""
        typed = code.strip()
        if len(typed) > 64:
            return None
        used = factor.recovery_digest(typed)
        if used is not None:
            hit = conn.execute(
                sa.update(recovery_codes)
                .where(
                    recovery_codes.c.account_id == row.account_id,
                    recovery_codes.c.code_hash == used,
                    recovery_codes.c.used_at.is_(None),
                )
                .values(used_at=now)
            )
            if hit.rowcount == 1:
                self._log(
                    conn,
                    row.name,
                    row.name,
                    "recovery code used",
                    left=self._left(conn, row.account_id),
                )
                return "recovery code"
            return None
        step = factor.matching_step(row.totp_secret or "", typed, now, row.totp_last_step)
        if step is None:
            return None
        # taken only if no sign-in took this step (or a later one) meanwhile: two sign-ins
        # racing with one code both read the old last step, and only one may use it
        taken = conn.execute(
            sa.update(accounts)
            .where(
                accounts.c.account_id == row.account_id,
                sa.or_(accounts.c.totp_last_step.is_(None), accounts.c.totp_last_step < step),
            )
            .values(totp_last_step=step)
        )
        return "authenticator" if taken.rowcount == 1 else None

    def _left(self, conn: Connection, account_id: int) -> int:
        return int(
            conn.execute(
                sa.select(sa.func.count())
                .select_from(recovery_codes)
                .where(
                    recovery_codes.c.account_id == account_id, recovery_codes.c.used_at.is_(None)
                )
            ).scalar_one()
        )

    # -- the second factor -----------------------------------------------------------------

    def factor_due(self, account: Account) -> bool:
        """Whether ``account`` must set up a second factor before anything else."""
        return not account.second_factor and bool(account.roles & self.config.second_factor_roles)

    def start_second_factor(self, account: Account) -> str:
        """A new shared key for the person's authenticator, kept until a code confirms it
        (``confirm_second_factor``); a second factor already set up is refused (the owner
        resets a lost one)."""
        secret = factor.new_secret(self.rng)
        with self._writing() as conn:
            row = self._account_row(conn, account.account_id)
            if row.totp_confirmed_at is not None:
                raise InvalidInput(
                    "a second factor is set up already; to replace a lost one, ask the owner "
                    "to reset it"
                )
            conn.execute(
                sa.update(accounts)
                .where(accounts.c.account_id == account.account_id)
                .values(totp_secret=secret, totp_last_step=None)
            )
        return secret

    def pending_secret(self, account: Account) -> str | None:
        """The shared key being set up (not yet confirmed), to show again."""
        with self.engine.connect() as conn:
            row = self._account_row(conn, account.account_id)
        return None if row.totp_confirmed_at is not None else row.totp_secret

    def confirm_second_factor(
        self, account: Account, code: str, keep_session: str | None = None
    ) -> list[str]:
        """Confirm the key being set up with a code from the authenticator; returns the ten
        recovery codes (shown once: only their digests are kept). Every other session of the
        account ends, as a new password ends them: one signed in by password alone while the
        factor was due would otherwise gain the rights the factor gives; ``keep_session``
        (the hash of the one confirming) stays, to be rotated by the caller."""
        now = self.clock.now()
        with self._writing() as conn:
            row = self._account_row(conn, account.account_id)
            if row.totp_confirmed_at is not None:
                raise InvalidInput("a second factor is set up already")
            if row.totp_secret is None:
                raise InvalidInput("start setting up the second factor first")
            step = factor.matching_step(row.totp_secret, code, now, None)
            if step is None:
                raise InvalidInput(
                    "that code does not match the key: check the authenticator's clock and "
                    "type the code it shows now"
                )
            conn.execute(
                sa.update(accounts)
                .where(accounts.c.account_id == account.account_id)
                .values(totp_confirmed_at=now, totp_last_step=step)
            )
            codes = self._replace_recovery_codes(conn, account.account_id, now)
            ended = self._end_sessions(conn, account.account_id, keep_session)
            self._log(conn, account.name, account.name, "second factor set up", ended=ended)
        return codes

    def renew_recovery_codes(
        self, account: Account, code: str, address: str = "local"
    ) -> list[str]:
        """Ten new recovery codes in place of the old ones (a current code required, throttled
        as a sign-in from ``address``: ``SignInRefused`` while locked)."""
        now = self.clock.now()
        codes: list[str] = []
        with self._writing() as conn:
            row = self._account_row(conn, account.account_id)
            if row.totp_confirmed_at is None:
                raise InvalidInput("set up the second factor first")
            locked = self._recheck_lock(conn, account.name, address, now, True)
            step = None
            if locked is None:
                step = factor.matching_step(row.totp_secret or "", code, now, row.totp_last_step)
                if step is None:
                    self._recheck_failed(conn, account.name, address, now, "wrong code")
            if step is not None:
                conn.execute(
                    sa.update(accounts)
                    .where(accounts.c.account_id == account.account_id)
                    .values(totp_last_step=step)
                )
                codes = self._replace_recovery_codes(conn, account.account_id, now)
                self._log(conn, account.name, account.name, "recovery codes renewed")
        if locked is not None:  # the failure is committed before the refusal is raised
            raise SignInRefused(locked, locked=True)
        if step is None:
            raise InvalidInput("wrong code; type the code your authenticator shows now")
        return codes

    def recovery_codes_left(self, account: Account) -> int:
        with self.engine.connect() as conn:
            return self._left(conn, account.account_id)

    def reset_second_factor(self, name: str, actor: str) -> None:
        """Remove a person's second factor (a lost phone): their sessions end and, if their
        role needs one, they set up a new one at their next sign-in."""
        with self._writing() as conn:
            found = conn.execute(
                sa.select(accounts.c.account_id, accounts.c.totp_confirmed_at).where(
                    accounts.c.name == name
                )
            ).first()
            if found is None:
                raise InvalidInput(f"no account named {name!r}")
            if found.totp_confirmed_at is None:
                raise InvalidInput(f"{name} has no second factor to reset")
            conn.execute(
                sa.update(accounts)
                .where(accounts.c.account_id == found.account_id)
                .values(totp_secret=None, totp_confirmed_at=None, totp_last_step=None)
            )
            conn.execute(
                sa.delete(recovery_codes).where(recovery_codes.c.account_id == found.account_id)
            )
            self._end_sessions(conn, found.account_id)
            conn.execute(
                sa.delete(pending_sign_ins).where(pending_sign_ins.c.account_id == found.account_id)
            )
            self._log(conn, actor, name, "second factor reset")

    def _account_row(self, conn: Connection, account_id: int) -> Any:
        row = conn.execute(sa.select(accounts).where(accounts.c.account_id == account_id)).first()
        if row is None:
            raise InvalidInput("the account no longer exists")
        return row

    def _replace_recovery_codes(
        self, conn: Connection, account_id: int, now: datetime
    ) -> list[str]:
        codes = factor.new_recovery_codes(self.rng)
        conn.execute(sa.delete(recovery_codes).where(recovery_codes.c.account_id == account_id))
        for code in codes:
            digest = factor.recovery_digest(code)
            conn.execute(
                sa.insert(recovery_codes).values(
                    account_id=account_id, code_hash=digest, created_at=now, used_at=None
                )
            )
        return codes
