"""An anchor chain per organization (issue 29): each organization's anchors, signed with its own
key, cover its streams only (docs/anchors.md).

``anchors.org_id`` names the organization whose streams an anchor's head list holds (a
version-2 anchor); NULL is the database's anchor, every stream (version 1, as before). The
refusals to sign (``anchor_refusals.org_id``) say whose signing was refused, so that each
organization's gaming manager is shown its own; so does the full check's result
(``verify_runs.detail``: each organization's counts and every finding with whose it is), so that
an organization is never told of another's damaged stream.

The columns are added in place (``ALTER TABLE ... ADD COLUMN``): on SQLite a batch copy would
drop the append-only triggers of the three tables.

On PostgreSQL the anchor tables get row-level security like the events (r0011): an
organization's people see its anchors and the database's, the signed heads of its own streams,
and its refusals and the database's.

Revision ID: 0012_anchor_orgs
Revises: 0011_row_security
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012_anchor_orgs"
down_revision: str | None = "0011_row_security"
branch_labels: str | None = None
depends_on: str | None = None

POLICIES = {
    "anchors": "org_id IS NULL OR croupier_may_see(org_id)",
    "anchor_heads": "croupier_may_see(croupier_stream_org(stream))",
    "anchor_refusals": "org_id IS NULL OR croupier_may_see(org_id)",
}


def upgrade() -> None:
    op.add_column("anchors", sa.Column("org_id", sa.String(200), nullable=True))
    op.add_column("anchor_refusals", sa.Column("org_id", sa.String(200), nullable=True))
    op.add_column("verify_runs", sa.Column("detail", sa.Text(), nullable=True))
    op.create_index("ix_anchors_org_id", "anchors", ["org_id", "anchor_id"])
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, check in POLICIES.items():
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY croupier_organization ON {table} USING ({check}) WITH CHECK ({check})"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in POLICIES:
            op.execute(f"DROP POLICY IF EXISTS croupier_organization ON {table}")
            op.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
            op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")
    op.drop_index("ix_anchors_org_id", table_name="anchors")
    op.drop_column("verify_runs", "detail")
    op.drop_column("anchor_refusals", "org_id")
    op.drop_column("anchors", "org_id")
