"""A second factor for signing in (issue 29): an authenticator (TOTP, RFC 6238) per account,
single-use recovery codes, and the sign-ins waiting for their code.

``accounts`` gains ``totp_secret`` (the shared key, base32; kept unconfirmed until a first code
proves the person's authenticator holds it), ``totp_confirmed_at`` and ``totp_last_step`` (the
30-second step of the last code accepted: a code is never accepted twice).
``recovery_codes`` keeps the SHA-256 of each recovery code and when it was used.
``pending_sign_ins`` keeps, by the SHA-256 of its token, a sign-in whose password was right and
whose code is still to come (a few minutes, a few tries).

Revision ID: 0008_second_factor
Revises: 0007_anchor_heads
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from croupier.store.schema import UtcDateTime

revision: str = "0008_second_factor"
down_revision: str | None = "0007_anchor_heads"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("totp_secret", sa.String(64), nullable=True))
        batch.add_column(sa.Column("totp_confirmed_at", UtcDateTime(), nullable=True))
        batch.add_column(sa.Column("totp_last_step", sa.BigInteger(), nullable=True))
    op.create_table(
        "recovery_codes",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("used_at", UtcDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("account_id", "code_hash", name="pk_recovery_codes"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.account_id"], name="fk_recovery_codes_account_id_accounts"
        ),
    )
    op.create_table(
        "pending_sign_ins",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("expires_at", UtcDateTime(), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name="pk_pending_sign_ins"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.account_id"], name="fk_pending_sign_ins_account_id_accounts"
        ),
    )


def downgrade() -> None:
    op.drop_table("pending_sign_ins")
    op.drop_table("recovery_codes")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("totp_last_step")
        batch.drop_column("totp_confirmed_at")
        batch.drop_column("totp_secret")
