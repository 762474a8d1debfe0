"""The store's tables, as SQLAlchemy Core metadata.

The Alembic revisions under ``migrations/versions`` create exactly these tables; a test compares
the two. The event store's two tables (the web server's accounts follow at the end):

``event_streams``
    one row per stream: its name and its version (the number of events appended to it). The row
    is the lock an append takes, and the recorded version lets ``verify`` notice a deleted tail.
``events``
    one row per event: ``(stream, seq)`` is unique (seq is 1-based and gap-free), the payload is
    canonical JSON text, and ``prev_hash``/``hash`` chain each event to the one before it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Dialect

from croupier.store.records import HASH_LENGTH, STREAM_NAME_MAX, TYPE_NAME_MAX

metadata = sa.MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)


class UtcDateTime(sa.types.TypeDecorator[datetime]):
    """A timezone-aware datetime, always handed back in UTC.

    PostgreSQL stores it as ``timestamp with time zone``; SQLite (which has no time zones) as the
    naive UTC wall time. Naive datetimes are refused on the way in.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("recorded_at must be timezone-aware")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


event_streams = sa.Table(
    "event_streams",
    metadata,
    sa.Column("stream", sa.String(STREAM_NAME_MAX), primary_key=True),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.CheckConstraint("version >= 0", name="version_not_negative"),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column(
        "position",
        sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
        primary_key=True,
        autoincrement=True,
    ),
    sa.Column("stream", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("seq", sa.Integer(), nullable=False),
    sa.Column("type", sa.String(TYPE_NAME_MAX), nullable=False),
    sa.Column("payload", sa.Text(), nullable=False),
    sa.Column("recorded_at", UtcDateTime(), nullable=False),
    sa.Column("prev_hash", sa.String(HASH_LENGTH), nullable=False),
    sa.Column("hash", sa.String(HASH_LENGTH), nullable=False),
    sa.UniqueConstraint("stream", "seq"),
    sa.CheckConstraint("seq >= 1", name="seq_positive"),
    # revision r0005: a stream's entries of one type (the books' checkpoints) found by index
    sa.Index("ix_events_stream_type_seq", "stream", "type", "seq"),
)

CHAIN_COLUMNS = (
    events.c.seq,
    events.c.type,
    events.c.payload,
    events.c.recorded_at,
    events.c.prev_hash,
    events.c.hash,
)
"""The columns of an event that its hash covers, in ``store.verify.ChainRow`` order."""


# -- the web server's people (issue 16): accounts, sessions, sign-in throttling, the append-only
# log of every change to accounts, and fill/credit slips prepared and awaiting verification.
# These are not books events (a password changes); revision r0003 creates them and
# ``croupier.service.people.accounts`` / ``service.office.backoffice`` use them.
ACCOUNT_NAME_MAX = 64

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("account_id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(ACCOUNT_NAME_MAX), nullable=False),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("roles", sa.String(400), nullable=False),
    sa.Column("employee_id", sa.String(STREAM_NAME_MAX), nullable=True),
    sa.Column("disabled", sa.Boolean(), nullable=False),
    sa.Column("must_change_password", sa.Boolean(), nullable=False),
    sa.Column("created_at", UtcDateTime(), nullable=False),
    sa.Column("totp_secret", sa.String(64), nullable=True),
    sa.Column("totp_confirmed_at", UtcDateTime(), nullable=True),
    sa.Column("totp_last_step", sa.BigInteger(), nullable=True),
    sa.UniqueConstraint("name"),
)

recovery_codes = sa.Table(
    "recovery_codes",
    metadata,
    sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.account_id"), primary_key=True),
    sa.Column("code_hash", sa.String(HASH_LENGTH), primary_key=True),
    sa.Column("created_at", UtcDateTime(), nullable=False),
    sa.Column("used_at", UtcDateTime(), nullable=True),
)

pending_sign_ins = sa.Table(
    "pending_sign_ins",
    metadata,
    sa.Column("token_hash", sa.String(HASH_LENGTH), primary_key=True),
    sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.account_id"), nullable=False),
    sa.Column("address", sa.String(200), nullable=False),
    sa.Column("expires_at", UtcDateTime(), nullable=False),
    sa.Column("tries", sa.Integer(), nullable=False),
)

web_sessions = sa.Table(
    "web_sessions",
    metadata,
    sa.Column("token_hash", sa.String(HASH_LENGTH), primary_key=True),
    sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.account_id"), nullable=False),
    sa.Column("created_at", UtcDateTime(), nullable=False),
    sa.Column("last_seen_at", UtcDateTime(), nullable=False),
    sa.Column("expires_at", UtcDateTime(), nullable=False),
    sa.Column("org_id", sa.String(STREAM_NAME_MAX), nullable=True),
)
"""``org_id``: the organization the session works in (one of its account's memberships)."""

organizations = sa.Table(
    "organizations",
    metadata,
    sa.Column("org_id", sa.String(STREAM_NAME_MAX), primary_key=True),
    sa.Column("legacy", sa.Boolean(), nullable=False),
    sa.Column("created_at", UtcDateTime(), nullable=False),
)
"""The organizations a database serves (issue 29); ``legacy``: the first, whose tables and
tournaments keep their unqualified stream names (``service.people.namespace``)."""

memberships = sa.Table(
    "memberships",
    metadata,
    sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.account_id"), primary_key=True),
    sa.Column(
        "org_id",
        sa.String(STREAM_NAME_MAX),
        sa.ForeignKey("organizations.org_id"),
        primary_key=True,
    ),
    sa.Column("roles", sa.String(400), nullable=False),
    sa.Column("employee_id", sa.String(STREAM_NAME_MAX), nullable=True),
    sa.Index("ix_memberships_org_id", "org_id"),
)
"""A person's roles, and the employee they are in the books, in one organization. An
account's own ``roles`` column is empty once its roles have moved here."""

login_throttle = sa.Table(
    "login_throttle",
    metadata,
    sa.Column("key", sa.String(300), primary_key=True),
    sa.Column("failures", sa.Integer(), nullable=False),
    sa.Column("last_failure_at", UtcDateTime(), nullable=False),
    sa.Column("locked_until", UtcDateTime(), nullable=True),
)

account_log = sa.Table(
    "account_log",
    metadata,
    sa.Column(
        "entry",
        sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
        primary_key=True,
        autoincrement=True,
    ),
    sa.Column("at", UtcDateTime(), nullable=False),
    sa.Column("actor", sa.String(ACCOUNT_NAME_MAX), nullable=False),
    sa.Column("account", sa.String(ACCOUNT_NAME_MAX), nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("detail", sa.Text(), nullable=False),
)

slip_asks = sa.Table(
    "slip_asks",
    metadata,
    sa.Column("ask_id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("org_id", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("site", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("table_number", sa.Integer(), nullable=False),
    sa.Column("chips", sa.String(400), nullable=False),
    sa.Column("live_table", sa.String(64), nullable=False),
    sa.Column("asked_by_account", sa.String(ACCOUNT_NAME_MAX), nullable=False),
    sa.Column("asked_at", UtcDateTime(), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("draft_id", sa.Integer(), nullable=True),
)
"""Fills and credits asked for at a table's console, until a slip is prepared from them."""

slip_drafts = sa.Table(
    "slip_drafts",
    metadata,
    sa.Column("draft_id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("org_id", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("site", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("table_number", sa.Integer(), nullable=False),
    sa.Column("chips", sa.String(400), nullable=False),
    sa.Column("cashier", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("jar_bar", sa.Boolean(), nullable=False),
    sa.Column("preparer_account", sa.String(ACCOUNT_NAME_MAX), nullable=False),
    sa.Column("preparer_employee", sa.String(STREAM_NAME_MAX), nullable=False),
    sa.Column("prepared_at", UtcDateTime(), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("closed_by_account", sa.String(ACCOUNT_NAME_MAX), nullable=True),
    sa.Column("closed_at", UtcDateTime(), nullable=True),
    sa.Column("number", sa.Integer(), nullable=True),
    sa.Column("form", sa.Integer(), nullable=True),
)


# -- signed anchors (docs/anchors.md): the heads of every stream at a moment; the signature and
# the digest live on paper (the printed anchor line), this table keeps the list they cover.
anchors = sa.Table(
    "anchors",
    metadata,
    sa.Column("anchor_id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("digest", sa.String(HASH_LENGTH), nullable=False),
    sa.Column("signed_at", UtcDateTime(), nullable=False),
    sa.Column("heads", sa.Text(), nullable=False),
    sa.Column("line", sa.Text(), nullable=False),
    sa.Column("org_id", sa.String(200), nullable=True),
    sa.UniqueConstraint("digest"),
    sa.Index("ix_anchors_org_id", "org_id", "anchor_id"),
)
"""``org_id``: the organization whose streams a version-2 anchor covers; NULL for the
database's anchor (version 1, every stream). Each organization's anchors form a chain of their
own (migration r0012, issue 29)."""

anchor_heads = sa.Table(
    "anchor_heads",
    metadata,
    sa.Column("anchor_id", sa.Integer(), sa.ForeignKey("anchors.anchor_id"), primary_key=True),
    sa.Column("stream", sa.String(STREAM_NAME_MAX), primary_key=True),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("hash", sa.String(HASH_LENGTH), nullable=False),
    sa.Index("ix_anchor_heads_stream", "stream", "anchor_id"),
)
"""Each anchor's signed head list, one row per stream (the list ``anchors.heads`` holds and the
signature covers, indexed): the newest signed head of a stream in one query."""

anchor_refusals = sa.Table(
    "anchor_refusals",
    metadata,
    sa.Column("refusal_id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("refused_at", UtcDateTime(), nullable=False),
    sa.Column("after_anchor", sa.Integer(), nullable=True),
    sa.Column("problem", sa.Text(), nullable=False),
    sa.Column("org_id", sa.String(200), nullable=True),
)
"""Each refusal to sign an anchor (the history does not extend the previous one): shown to the
gaming manager on the status page and by ``books status`` until an anchor is signed again."""

verify_runs = sa.Table(
    "verify_runs",
    metadata,
    sa.Column("run_id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("finished_at", UtcDateTime(), nullable=False),
    sa.Column("streams", sa.Integer(), nullable=False),
    sa.Column("events", sa.Integer(), nullable=False),
    sa.Column("problem", sa.Text(), nullable=True),
    sa.Column("detail", sa.Text(), nullable=True),
)
"""The result of each full check run after a close (``store.audit``): every chain re-hashed from
its first event, the append-only guards and the chain of anchors; None when all held.
``detail`` (JSON, migration r0012): each organization's streams and events and every finding
with whose records it concerns, so that each organization is told its own (``store.audit``)."""
