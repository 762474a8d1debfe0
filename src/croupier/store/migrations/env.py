"""Alembic environment for croupier's store.

Migrations run programmatically (``croupier.store.open_store`` or ``croupier db upgrade``), which
hand over an open connection in ``config.attributes["connection"]``. Tables are created without
a schema name, so on PostgreSQL they land in the first schema of the connection's
``search_path`` (the ``alembic_version`` table too).
"""

from __future__ import annotations

from alembic import context

from croupier.store.schema import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached by running the alembic CLI by hand
    raise RuntimeError(
        "croupier's migrations run through `croupier db upgrade` or croupier.store.open_store"
    )

context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
