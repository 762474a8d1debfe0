"""An index on (stream, type, seq): find a stream's entries of one type without reading it all.

The books service finds its latest carried-forward entry, and a report the ones around the days it
reports, through this index (``EventStore.seqs_of_type``), so a command reads only the events
after a checkpoint, however long the history.

Revision ID: 0005_event_type_index
Revises: 0004_anchors
Create Date: 2026-11-25
"""

from __future__ import annotations

from alembic import op

revision: str = "0005_event_type_index"
down_revision: str | None = "0004_anchors"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_index("ix_events_stream_type_seq", "events", ["stream", "type", "seq"])


def downgrade() -> None:
    op.drop_index("ix_events_stream_type_seq", table_name="events")
