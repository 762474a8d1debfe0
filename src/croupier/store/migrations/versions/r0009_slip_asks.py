"""Fills and credits asked for at the table (issue 28): the dealer's console asks the chip bank
for a fill or a credit; the ask waits, listed on the slips page, until a slip is prepared from
it (its draft named) or it is withdrawn. An ask is not a slip: the slip is prepared, verified
and acknowledged as 99-01.3-08-05.3 to .6 say.

Revision ID: 0009_slip_asks
Revises: 0008_second_factor
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0009_slip_asks"
down_revision: str | None = "0008_second_factor"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "slip_asks",
        sa.Column("ask_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("org_id", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("site", sa.String(200), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("chips", sa.String(400), nullable=False),
        sa.Column("live_table", sa.String(64), nullable=False),
        sa.Column("asked_by_account", sa.String(64), nullable=False),
        sa.Column("asked_at", UtcDateTime(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("draft_id", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("ask_id", name="pk_slip_asks"),
    )


def downgrade() -> None:
    op.drop_table("slip_asks")
