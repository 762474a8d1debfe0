"""Many organizations on one server (issue 29): the register of the organizations a database
serves, each person's roles in each organization they belong to, and the organization a
signed-in session is working in.

``organizations.legacy`` marks the database's first organization, whose live tables and
tournaments keep the stream names they had before organizations were told apart
(``service.people.namespace``). The roles of an account made before this revision move to the
first organization when a server first opens the database with it (``people.orgs.adopt``):
the revision itself cannot know that organization's id.

Revision ID: 0010_organizations
Revises: 0009_slip_asks
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0010_organizations"
down_revision: str | None = "0009_slip_asks"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "organizations",
        sa.Column("org_id", sa.String(200), nullable=False),
        sa.Column("legacy", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("org_id", name="pk_organizations"),
    )
    op.create_table(
        "memberships",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("org_id", sa.String(200), nullable=False),
        sa.Column("roles", sa.String(400), nullable=False),
        sa.Column("employee_id", sa.String(200), nullable=True),
        sa.PrimaryKeyConstraint("account_id", "org_id", name="pk_memberships"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.account_id"], name="fk_memberships_account_id_accounts"
        ),
        sa.ForeignKeyConstraint(
            ["org_id"], ["organizations.org_id"], name="fk_memberships_org_id_organizations"
        ),
    )
    op.create_index("ix_memberships_org_id", "memberships", ["org_id"])
    with op.batch_alter_table("web_sessions") as batch:
        batch.add_column(sa.Column("org_id", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_sessions") as batch:
        batch.drop_column("org_id")
    op.drop_index("ix_memberships_org_id", table_name="memberships")
    op.drop_table("memberships")
    op.drop_table("organizations")
