"""What a reader asks of the signed anchors (``store.anchor``), without SQLAlchemy or
cryptography: whose chain of anchors an organization's gaming day extends, the first anchor
that covers an event (the daily report prints it), and every anchor line kept. A command typed
on SQLite (``books status``, ``report daily``) reads these through ``EventStore.backend``."""

from __future__ import annotations

from croupier.store.event_store import EventStore


def anchor_chain(store: EventStore, org: str) -> str | None:
    """Whose chain of signed anchors ``org``'s gaming day extends (docs/anchors.md): ``org``'s
    own once the database serves several organizations, else the database's (None)."""
    with store.backend.reading() as conn:
        served = conn.scalar("SELECT count(*) FROM organizations")
    return org if int(served or 0) > 1 else None


def first_covering(store: EventStore, stream: str, seq: int) -> str | None:
    """The line of the first anchor whose signed heads include event ``seq`` of ``stream``
    (chosen by event position, not by time), or None when none covers it yet."""
    with store.backend.reading() as conn:
        found = conn.scalar(
            "SELECT anchors.line FROM anchor_heads "
            "JOIN anchors ON anchors.anchor_id = anchor_heads.anchor_id "
            "WHERE anchor_heads.stream = :stream AND anchor_heads.version >= :seq "
            "ORDER BY anchor_heads.anchor_id LIMIT 1",
            {"stream": stream, "seq": seq},
        )
    return None if found is None else str(found)


def lines_newest_first(store: EventStore) -> list[str]:
    """Every anchor line kept in the database, the newest first."""
    with store.backend.reading() as conn:
        rows = conn.all("SELECT line FROM anchors ORDER BY anchor_id DESC")
    return [str(line) for (line,) in rows]
