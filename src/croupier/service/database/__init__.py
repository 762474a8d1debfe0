"""The event store from a shell: the schema, the hash-chain check, signed anchors, backup and
restore.

``store`` is ``croupier db upgrade|streams`` and ``croupier verify`` (every chain, and with
``--books`` every organization's books replayed); ``anchors`` signs the heads of every stream
with a key kept outside the database and proves a printed anchor; ``backup`` makes a
consistent copy of a SQLite database and restores one only after proving what it holds.
"""
