"""Event streams: the append-only, hash-chained event log.

Revision ID: 0001_event_streams
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0001_event_streams"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "event_streams",
        sa.Column("stream", sa.String(200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint("version >= 0", name="ck_event_streams_version_not_negative"),
        sa.PrimaryKeyConstraint("stream", name="pk_event_streams"),
    )
    op.create_table(
        "events",
        sa.Column(
            "position",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("stream", sa.String(200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(200), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", UtcDateTime(), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.CheckConstraint("seq >= 1", name="ck_events_seq_positive"),
        sa.PrimaryKeyConstraint("position", name="pk_events"),
        sa.UniqueConstraint("stream", "seq", name="uq_events_stream_seq"),
    )

    _create_guards()


def downgrade() -> None:
    _drop_guards()
    op.drop_table("events")
    op.drop_table("event_streams")


_REFUSAL = "croupier event store is append-only"

_SQLITE_GUARDS = {
    "events_no_update": "BEFORE UPDATE ON events",
    "events_no_delete": "BEFORE DELETE ON events",
    "event_streams_no_delete": "BEFORE DELETE ON event_streams",
    "event_streams_no_rewind": (
        "BEFORE UPDATE ON event_streams WHEN NEW.version < OLD.version OR NEW.stream <> OLD.stream"
    ),
}

_POSTGRES_FUNCTIONS = f"""
CREATE FUNCTION croupier_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{_REFUSAL}: % on % refused', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE FUNCTION croupier_version_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.stream <> OLD.stream OR NEW.version < OLD.version THEN
        RAISE EXCEPTION '{_REFUSAL}: a stream version only grows';
    END IF;
    RETURN NEW;
END
$$
"""

_POSTGRES_GUARDS = {
    "events_append_only": ("events", "BEFORE UPDATE OR DELETE", "ROW", "croupier_refuse_change"),
    "events_no_truncate": ("events", "BEFORE TRUNCATE", "STATEMENT", "croupier_refuse_change"),
    "event_streams_no_delete": ("event_streams", "BEFORE DELETE", "ROW", "croupier_refuse_change"),
    "event_streams_no_truncate": (
        "event_streams",
        "BEFORE TRUNCATE",
        "STATEMENT",
        "croupier_refuse_change",
    ),
    "event_streams_forward_only": (
        "event_streams",
        "BEFORE UPDATE",
        "ROW",
        "croupier_version_forward_only",
    ),
}


def _create_guards() -> None:
    """Database triggers refusing to change or delete recorded events (defence in depth: a
    database owner can drop them, which is why the hash chain exists)."""
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for name, when in _SQLITE_GUARDS.items():
            op.execute(f"CREATE TRIGGER {name} {when} BEGIN SELECT RAISE(ABORT, '{_REFUSAL}'); END")
    elif dialect == "postgresql":
        op.execute(_POSTGRES_FUNCTIONS)
        for name, (table, when, level, function) in _POSTGRES_GUARDS.items():
            op.execute(
                f"CREATE TRIGGER {name} {when} ON {table} FOR EACH {level} "
                f"EXECUTE FUNCTION {function}()"
            )


def _drop_guards() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for name in _SQLITE_GUARDS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    elif dialect == "postgresql":
        for name, (table, *_rest) in _POSTGRES_GUARDS.items():
            op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        op.execute("DROP FUNCTION IF EXISTS croupier_refuse_change()")
        op.execute("DROP FUNCTION IF EXISTS croupier_version_forward_only()")
