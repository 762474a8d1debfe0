"""Row-level security on PostgreSQL (issue 29): a transaction sees, and writes, only the rows of
the organization its ``croupier.org`` setting names (``croupier.store.scope``), or every
organization's with ``*``; with no setting, none. It backs the application's own checks: a
query that forgets its organization returns nothing.

- ``events`` and ``event_streams``: a stream is the organization's its name says
  (``croupier_stream_org``, as ``service.people.namespace`` reads it: ``books-ORG``,
  ``counts-ORG``, ``live-ORG.TABLE``, ``tournament-ORG.ID``; an unqualified ``live-TABLE`` or
  ``tournament-ID`` is the first organization's). A stream of no organization is seen with
  ``*`` only.
- ``slip_drafts`` and ``slip_asks``: by their ``org_id``.

``FORCE`` applies the policies to the tables' owner too (croupier connects as the owner). SQLite
has no row-level security: nothing changes there.

Revision ID: 0011_row_security
Revises: 0010_organizations
Create Date: 2026-11-28
"""

from __future__ import annotations

from alembic import op

revision: str = "0011_row_security"
down_revision: str | None = "0010_organizations"
branch_labels: str | None = None
depends_on: str | None = None

STREAM_ORG = r"""
CREATE OR REPLACE FUNCTION croupier_stream_org(s text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN starts_with(s, 'books-') THEN substr(s, 7)
    WHEN starts_with(s, 'counts-') THEN substr(s, 8)
    WHEN s ~ '^(live|tournament)-[a-z0-9][a-z0-9-]*$'
      THEN (SELECT o.org_id FROM organizations o WHERE o.legacy LIMIT 1)
    WHEN s ~ '^(live|tournament)-[^.]+[.][a-z0-9][a-z0-9-]*$'
      THEN split_part(substr(s, strpos(s, '-') + 1), '.', 1)
    ELSE NULL
  END
$$
"""
"""Written without a colon or a percent sign: Alembic's ``execute`` reads both as markers."""

MAY_SEE = r"""
CREATE OR REPLACE FUNCTION croupier_may_see(org text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('croupier.org', true), '') = '*'
      OR (org IS NOT NULL AND org <> '' AND org = current_setting('croupier.org', true))
$$
"""

POLICIES = {
    "events": "croupier_may_see(croupier_stream_org(stream))",
    "event_streams": "croupier_may_see(croupier_stream_org(stream))",
    "slip_drafts": "croupier_may_see(org_id)",
    "slip_asks": "croupier_may_see(org_id)",
}


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(STREAM_ORG)
    op.execute(MAY_SEE)
    for table, check in POLICIES.items():
        op.execute(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        op.execute(
            f"CREATE POLICY croupier_organization ON {table} USING ({check}) WITH CHECK ({check})"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in POLICIES:
        op.execute(f"DROP POLICY IF EXISTS croupier_organization ON {table}")
        op.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        op.execute(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY")
    op.execute("DROP FUNCTION IF EXISTS croupier_may_see(text)")
    op.execute("DROP FUNCTION IF EXISTS croupier_stream_org(text)")
