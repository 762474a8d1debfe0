"""The store's tables, as SQLAlchemy Core metadata.

The Alembic revisions under ``migrations/versions`` create exactly these tables; a test compares
the two. Two tables:

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

STREAM_NAME_MAX = 200
TYPE_NAME_MAX = 200
HASH_LENGTH = 64

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
)
