"""The hash chain: how one stored event's SHA-256 is computed.

``hash = sha256(utf8(canonical_json([stream, seq, type, payload_json, recorded_at, prev_hash])))``
as 64 lowercase hex digits, where ``payload_json`` is the event's canonical JSON (sorted keys, no
spaces; ``croupier.core.events.canonical_json``), ``recorded_at`` is the UTC ISO-8601 time with
microseconds (``2025-01-02T03:04:05.000006+00:00``) and ``prev_hash`` is the previous event's
hash, or ``GENESIS_HASH`` for seq 1. A JSON array keeps the fields unambiguous (no separator
tricks), and including ``recorded_at`` makes the recording time tamper-evident too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime

from croupier.core.events import JSON, canonical_json

GENESIS_HASH = "0" * 64
"""The ``prev_hash`` of the first event of every stream."""


def encode_recorded_at(recorded_at: datetime) -> str:
    """The UTC ISO-8601 form of a recording time that enters the hash."""
    if recorded_at.tzinfo is None:
        raise ValueError("recorded_at must be timezone-aware")
    return recorded_at.astimezone(UTC).isoformat(timespec="microseconds")


def payload_json(payload: JSON) -> str:
    """The canonical JSON text of a payload, as stored and hashed."""
    return canonical_json(payload)


def event_hash(
    stream: str, seq: int, type_: str, payload_text: str, recorded_at: datetime, prev_hash: str
) -> str:
    """SHA-256 (hex) of one event's canonical encoding; see the module docstring."""
    material = canonical_json(
        [stream, seq, type_, payload_text, encode_recorded_at(recorded_at), prev_hash]
    )
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


def contents_hash(
    stream: str,
    seq: int,
    type_: str,
    stored_text: str | None,
    canonical_text: Callable[[], str | None],
    recorded_at: datetime,
    prev_hash: str,
    stored_hash: str,
) -> str | None:
    """The hash of a stored event's contents, to compare with its stored hash: of its payload
    text as the database returned it, when that is the canonical text the writer hashed
    (SQLite keeps it so: one digest, nothing encoded), else of ``canonical_text()``, the
    canonical text of the payload it decodes to (PostgreSQL's ``jsonb`` re-spaces and reorders
    what it keeps); None when the payload cannot be decoded. A row matching either way holds
    what was written."""
    if stored_text is not None:
        as_stored = event_hash(stream, seq, type_, stored_text, recorded_at, prev_hash)
        if as_stored == stored_hash:
            return as_stored
    text = canonical_text()
    return None if text is None else event_hash(stream, seq, type_, text, recorded_at, prev_hash)
