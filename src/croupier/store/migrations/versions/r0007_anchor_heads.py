"""Anchors that extend, never replace (issue 26): each anchor's heads indexed per stream, the
refusals to sign kept where the gaming manager sees them, and the anchors append-only.

``anchor_heads`` holds the signed head list of every anchor one row per stream (the same list
as ``anchors.heads``, whose SHA-256 the signature covers): a reader finds the newest signed head
of its stream with one indexed query, and the daily report finds the first anchor that covers
a day's close by its entry's position. Existing anchors are indexed from their head lists.

``anchor_refusals`` records each refusal to sign (a history that does not extend the previous
anchor): when, the newest anchor kept then, and the first stream and event that differ.

``verify_runs`` keeps the result of each full check (every chain re-hashed from its first
event, the append-only guards, the chain of anchors) run in the background after a close.

``anchors``, ``anchor_heads`` and ``anchor_refusals`` refuse UPDATE and DELETE (and TRUNCATE on
PostgreSQL), like the events: an anchor once kept is never replaced.

Revision ID: 0007_anchor_heads
Revises: 0006_slip_draft_form
Create Date: 2026-11-28
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0007_anchor_heads"
down_revision: str | None = "0006_slip_draft_form"
branch_labels: str | None = None
depends_on: str | None = None

_REFUSAL = "croupier anchors are append-only"
_TABLES = ("anchors", "anchor_heads", "anchor_refusals")


def upgrade() -> None:
    op.create_table(
        "anchor_heads",
        sa.Column("anchor_id", sa.Integer(), nullable=False),
        sa.Column("stream", sa.String(200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("anchor_id", "stream", name="pk_anchor_heads"),
        sa.ForeignKeyConstraint(
            ["anchor_id"], ["anchors.anchor_id"], name="fk_anchor_heads_anchor_id_anchors"
        ),
    )
    op.create_index("ix_anchor_heads_stream", "anchor_heads", ["stream", "anchor_id"])
    op.create_table(
        "anchor_refusals",
        sa.Column("refusal_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("refused_at", UtcDateTime(), nullable=False),
        sa.Column("after_anchor", sa.Integer(), nullable=True),
        sa.Column("problem", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("refusal_id", name="pk_anchor_refusals"),
    )
    op.create_table(
        "verify_runs",
        sa.Column("run_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("finished_at", UtcDateTime(), nullable=False),
        sa.Column("streams", sa.Integer(), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("problem", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("run_id", name="pk_verify_runs"),
    )
    bind = op.get_bind()
    anchors = sa.table(
        "anchors", sa.column("anchor_id", sa.Integer()), sa.column("heads", sa.Text())
    )
    heads = sa.table(
        "anchor_heads",
        sa.column("anchor_id", sa.Integer()),
        sa.column("stream", sa.String()),
        sa.column("version", sa.Integer()),
        sa.column("hash", sa.String()),
    )
    for anchor_id, text in bind.execute(sa.select(anchors.c.anchor_id, anchors.c.heads)).all():
        rows = [
            {"anchor_id": anchor_id, "stream": s, "version": int(v), "hash": h}
            for s, v, h in json.loads(text)["heads"]
        ]
        if rows:
            bind.execute(sa.insert(heads), rows)
    dialect = bind.dialect.name
    for table in _TABLES:
        if dialect == "sqlite":
            for what in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{what.lower()} BEFORE {what} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{_REFUSAL}'); END"
                )
        elif dialect == "postgresql":
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION croupier_refuse_change()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION croupier_refuse_change()"
            )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    for table in _TABLES:
        if dialect == "sqlite":
            for what in ("update", "delete"):
                op.execute(f"DROP TRIGGER IF EXISTS {table}_no_{what}")
        elif dialect == "postgresql":
            op.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
            op.execute(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table}")
    op.drop_table("verify_runs")
    op.drop_table("anchor_refusals")
    op.drop_index("ix_anchor_heads_stream", table_name="anchor_heads")
    op.drop_table("anchor_heads")
