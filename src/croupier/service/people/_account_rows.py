"""An account as its rows hold it: the columns read, an account made from a row with its
membership's roles, its organizations, and the tokens' digests and random text. Shared by the
accounts' parts (``people.accounts``, ``people.sessions``)."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from croupier.core.rng import Rng
from croupier.service.people.account_model import Account
from croupier.store.schema import accounts, memberships

TOKEN_BYTES = 32


ACCOUNT_COLUMNS = (
    accounts.c.account_id,
    accounts.c.name,
    accounts.c.disabled,
    accounts.c.must_change_password,
    accounts.c.created_at,
    accounts.c.totp_confirmed_at,
)
"""An account's own columns, without its (emptied) ``roles``: roles are a membership's."""


def in_org(org: str) -> sa.Select[Any]:
    """Accounts with their roles in ``org`` (empty where they hold none there)."""
    return sa.select(*ACCOUNT_COLUMNS, memberships.c.roles, memberships.c.employee_id).select_from(
        accounts.outerjoin(
            memberships,
            sa.and_(memberships.c.account_id == accounts.c.account_id, memberships.c.org_id == org),
        )
    )


def orgs_of(conn: Connection, account_id: int) -> list[str]:
    """The organizations an account belongs to, by id."""
    return list(
        conn.execute(
            sa.select(memberships.c.org_id)
            .where(memberships.c.account_id == account_id)
            .order_by(memberships.c.org_id)
        ).scalars()
    )


def row_account(row: Any, org: str | None) -> Account:
    """An account from a row of ``in_org(org)`` or of a session's (``people.sessions``): its
    roles are its membership's of ``org`` (none if it holds none there)."""
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


def sha256_hex(text: str) -> str:
    """The hex SHA-256 of a token: all the store keeps of a session's or a waiting sign-in's."""
    return hashlib.sha256(text.encode()).hexdigest()


def random_token(rng: Rng, nbytes: int = TOKEN_BYTES) -> str:
    """``nbytes`` random bytes from ``rng``, URL-safe base64 without padding."""
    raw = bytes(rng.randbelow(256) for _ in range(nbytes))
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
