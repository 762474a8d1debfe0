"""Signed anchors: the head of every stream at a moment, signed with a key kept elsewhere.

Revision ID: 0004_anchors
Revises: 0003_accounts
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0004_anchors"
down_revision: str | None = "0003_accounts"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "anchors",
        sa.Column("anchor_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("signed_at", UtcDateTime(), nullable=False),
        sa.Column("heads", sa.Text(), nullable=False),
        sa.Column("line", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("anchor_id", name="pk_anchors"),
        sa.UniqueConstraint("digest", name="uq_anchors_digest"),
    )


def downgrade() -> None:
    op.drop_table("anchors")
