"""The web server's people: accounts, sessions, sign-in throttling, the account log, slip drafts.

Revision ID: 0003_accounts
Revises: 0001_event_streams
Create Date: 2026-01-10

``account_log`` is append-only, guarded like the events (the r0001 trigger function on
PostgreSQL, ``RAISE(ABORT)`` triggers on SQLite).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0003_accounts"
down_revision: str | None = "0001_event_streams"
branch_labels: str | None = None
depends_on: str | None = None

_REFUSAL = "croupier account log is append-only"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("account_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("roles", sa.String(400), nullable=False),
        sa.Column("employee_id", sa.String(200), nullable=True),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("must_change_password", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", name="pk_accounts"),
        sa.UniqueConstraint("name", name="uq_accounts_name"),
    )
    op.create_table(
        "web_sessions",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("last_seen_at", UtcDateTime(), nullable=False),
        sa.Column("expires_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name="pk_web_sessions"),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.account_id"],
            name="fk_web_sessions_account_id_accounts",
        ),
    )
    op.create_table(
        "login_throttle",
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure_at", UtcDateTime(), nullable=False),
        sa.Column("locked_until", UtcDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("key", name="pk_login_throttle"),
    )
    op.create_table(
        "account_log",
        sa.Column(
            "entry",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("at", UtcDateTime(), nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("account", sa.String(64), nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("entry", name="pk_account_log"),
    )
    op.create_table(
        "slip_drafts",
        sa.Column("draft_id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("org_id", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("site", sa.String(200), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("chips", sa.String(400), nullable=False),
        sa.Column("cashier", sa.String(200), nullable=False),
        sa.Column("jar_bar", sa.Boolean(), nullable=False),
        sa.Column("preparer_account", sa.String(64), nullable=False),
        sa.Column("preparer_employee", sa.String(200), nullable=False),
        sa.Column("prepared_at", UtcDateTime(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("closed_by_account", sa.String(64), nullable=True),
        sa.Column("closed_at", UtcDateTime(), nullable=True),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("draft_id", name="pk_slip_drafts"),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for name, when in _SQLITE_GUARDS.items():
            op.execute(f"CREATE TRIGGER {name} {when} BEGIN SELECT RAISE(ABORT, '{_REFUSAL}'); END")
    elif dialect == "postgresql":
        for name, (when, level) in _POSTGRES_GUARDS.items():
            op.execute(
                f"CREATE TRIGGER {name} {when} ON account_log FOR EACH {level} "
                "EXECUTE FUNCTION croupier_refuse_change()"
            )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for name in _SQLITE_GUARDS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    elif dialect == "postgresql":
        for name in _POSTGRES_GUARDS:
            op.execute(f"DROP TRIGGER IF EXISTS {name} ON account_log")
    op.drop_table("slip_drafts")
    op.drop_table("account_log")
    op.drop_table("login_throttle")
    op.drop_table("web_sessions")
    op.drop_table("accounts")


_SQLITE_GUARDS = {
    "account_log_no_update": "BEFORE UPDATE ON account_log",
    "account_log_no_delete": "BEFORE DELETE ON account_log",
}
_POSTGRES_GUARDS = {
    "account_log_append_only": ("BEFORE UPDATE OR DELETE", "ROW"),
    "account_log_no_truncate": ("BEFORE TRUNCATE", "STATEMENT"),
}
