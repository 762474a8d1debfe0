"""A prepared slip's pre-printed form number (99-01.3-08-05.2): the number printed on the paper
form, keyed by the preparer when the site uses pre-printed forms, carried to the books when
the slip is verified.

Revision ID: 0006_slip_draft_form
Revises: 0005_event_type_index
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006_slip_draft_form"
down_revision: str | None = "0005_event_type_index"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("slip_drafts") as batch:
        batch.add_column(sa.Column("form", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("slip_drafts") as batch:
        batch.drop_column("form")
