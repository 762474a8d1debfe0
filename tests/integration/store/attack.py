"""What an owner of the database file does to hide an edit: change one event's payload and
recompute that stream's hashes from the first event on (independently of the store's own code
path, with ``store.hashing.event_hash``), so that every link checks again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.core.events import canonical_json
from croupier.store import EventStore
from croupier.store.hashing import GENESIS_HASH, event_hash


def rewrite_stream(
    tamper: Callable[..., None], store: EventStore, stream: str, seq: int, cents: int
) -> str:
    """Set field ``cents`` of event ``seq`` of ``stream`` and recompute the chain; the new head
    hash. ``tamper`` runs raw SQL with the append-only triggers set aside (conftest)."""

    def change(payload: dict[str, Any]) -> None:
        payload["cents"] = cents

    return rewrite_stream_with(tamper, store, stream, seq, change)


def rewrite_stream_with(
    tamper: Callable[..., None],
    store: EventStore,
    stream: str,
    seq: int,
    change: Callable[[dict[str, Any]], None],
) -> str:
    """Change event ``seq``'s payload in place with ``change`` and recompute the chain from the
    first event on; the new head hash."""
    statements: list[str] = []
    params: dict[str, Any] = {"s": stream}
    prev = GENESIS_HASH
    for row in store.read_raw(stream):
        payload = dict(row.payload)
        if row.seq == seq:
            change(payload)
        text = canonical_json(payload)
        digest = event_hash(stream, row.seq, row.type, text, row.recorded_at, prev)
        n = row.seq
        statements.append(
            f"UPDATE events SET payload = :p{n}, prev_hash = :a{n}, hash = :h{n} "
            f"WHERE stream = :s AND seq = {n}"
        )
        params.update({f"p{n}": text, f"a{n}": prev, f"h{n}": digest})
        prev = digest
    tamper(*statements, **params)
    return prev
