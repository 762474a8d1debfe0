"""The append-only guards: the database triggers that refuse to change or delete what the store
keeps (events, stream versions, the account log, the anchors), and the check that they are all
still there.

The triggers are defence in depth: whoever owns the database can drop them, which is why the
hash chains and the signed anchors exist. A dropped trigger is still worth telling: ``croupier
verify`` names every guard that is missing (issue 26), so that a database whose guards were
removed does not pass an audit silently.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

SQLITE_GUARDS: Final = (
    "events_no_update",
    "events_no_delete",
    "event_streams_no_delete",
    "event_streams_no_rewind",
    "account_log_no_update",
    "account_log_no_delete",
    "anchors_no_update",
    "anchors_no_delete",
    "anchor_heads_no_update",
    "anchor_heads_no_delete",
    "anchor_refusals_no_update",
    "anchor_refusals_no_delete",
)
"""The SQLite triggers of migrations r0001, r0003 and r0007."""

POSTGRES_GUARDS: Final = (
    "events_append_only",
    "events_no_truncate",
    "event_streams_no_delete",
    "event_streams_no_truncate",
    "event_streams_forward_only",
    "account_log_append_only",
    "account_log_no_truncate",
    "anchors_append_only",
    "anchors_no_truncate",
    "anchor_heads_append_only",
    "anchor_heads_no_truncate",
    "anchor_refusals_append_only",
    "anchor_refusals_no_truncate",
)
"""The PostgreSQL triggers of migrations r0001, r0003 and r0007."""


def missing_guards(conn: sa.Connection) -> list[str]:
    """The append-only guards this database should have and does not, by name (empty: all
    present). Other databases than SQLite and PostgreSQL have none to check."""
    expected: tuple[str, ...]
    if conn.dialect.name == "sqlite":
        expected = SQLITE_GUARDS
        query = sa.text("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    elif conn.dialect.name == "postgresql":
        expected = POSTGRES_GUARDS
        query = sa.text(
            "SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' "
            "AND c.relnamespace = to_regnamespace(current_schema())"
        )
    else:  # pragma: no cover - the store runs on SQLite and PostgreSQL only
        return []
    present = {str(name) for name in conn.execute(query).scalars()}
    missing = [name for name in expected if name not in present]
    if conn.dialect.name == "postgresql":
        missing += _missing_row_security(conn)
    return missing


ROW_SECURITY_TABLES = (
    "events",
    "event_streams",
    "slip_drafts",
    "slip_asks",
    "anchors",
    "anchor_heads",
    "anchor_refusals",
)
"""The tables whose rows PostgreSQL shows by organization (migrations r0011 and r0012, issue 29)."""


def _missing_row_security(conn: sa.Connection) -> list[str]:
    """``row security of TABLE`` for each organization-scoped table whose row-level security
    is off, not forced on its owner, or without its policy."""
    rows = conn.execute(
        sa.text(
            "SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, EXISTS ("
            "  SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid"
            "  AND p.polname = 'croupier_organization') "
            "FROM pg_class c WHERE c.relnamespace = to_regnamespace(current_schema()) "
            "AND c.relkind = 'r'"
        )
    ).all()
    whole = {str(r[0]) for r in rows if r[1] and r[2] and r[3]}
    return [f"row security of {t}" for t in ROW_SECURITY_TABLES if t not in whole]
