"""Checking a stream's hash chain, row by row, for its first broken link."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from croupier.store.hashing import GENESIS_HASH, contents_hash, payload_json
from croupier.store.records import BreakKind, ChainBreak


@dataclass(frozen=True, slots=True)
class ChainRow:
    """The stored columns of one event that the chain covers."""

    seq: int
    type: str
    payload: str
    recorded_at: datetime
    prev_hash: str
    hash: str


def _recomputed_hash(stream: str, row: ChainRow) -> str | None:
    """The hash of the row's contents (``hashing.contents_hash``)."""

    def canonical() -> str | None:
        try:
            return payload_json(json.loads(row.payload))
        except json.JSONDecodeError:
            return None

    return contents_hash(
        stream, row.seq, row.type, row.payload, canonical, row.recorded_at, row.prev_hash, row.hash
    )


@dataclass(frozen=True, slots=True)
class ChainMark:
    """A verified-up-to mark: events ``1..seq`` of a stream were checked and event ``seq``
    hashes to ``hash`` (``seq`` 0 and the genesis hash for a stream not yet checked)."""

    seq: int = 0
    hash: str = GENESIS_HASH


def first_break(
    stream: str, rows: Iterable[ChainRow], version: int, start: ChainMark | None = None
) -> ChainBreak | None:
    """The first broken link of ``stream`` given its rows in seq order and recorded version.

    Checked in order, per event: the seq is the next one (else a gap: the missing seq is
    reported); the stored hash is the hash of the row's contents; the prev_hash is the previous
    event's hash (the genesis value for seq 1). Then the count against the recorded version.
    With ``start``, ``rows`` are the events after that verified mark (an incremental check).
    """
    return check_rows(stream, rows, version, start or ChainMark())[0]


def check_rows(
    stream: str, rows: Iterable[ChainRow], version: int, start: ChainMark
) -> tuple[ChainBreak | None, ChainMark]:
    """``first_break`` from a verified mark, and the mark reached (the last intact event)."""
    expected_seq = start.seq + 1
    prev_hash = start.hash
    mark = start
    for row in rows:
        if row.seq != expected_seq:
            if row.seq > expected_seq:
                detail = f"event {expected_seq} is missing; the next stored event is {row.seq}"
            else:
                detail = f"event number {row.seq} is out of sequence where {expected_seq} belongs"
            return ChainBreak(stream, expected_seq, BreakKind.SEQUENCE_GAP, detail), mark
        recomputed = _recomputed_hash(stream, row)
        if recomputed is None:
            return ChainBreak(
                stream, row.seq, BreakKind.HASH_MISMATCH, "the stored payload is not valid JSON"
            ), mark
        if recomputed != row.hash:
            return ChainBreak(
                stream,
                row.seq,
                BreakKind.HASH_MISMATCH,
                f"stored {row.hash[:12]}…, contents hash to {recomputed[:12]}…",
            ), mark
        if row.prev_hash != prev_hash:
            return ChainBreak(
                stream,
                row.seq,
                BreakKind.PREV_HASH_MISMATCH,
                f"points at {row.prev_hash[:12]}…, but event {row.seq - 1} "
                f"hashes to {prev_hash[:12]}…"
                if row.seq > 1
                else f"points at {row.prev_hash[:12]}…, not the genesis value",
            ), mark
        prev_hash = row.hash
        mark = ChainMark(row.seq, row.hash)
        expected_seq += 1
    stored = expected_seq - 1
    if stored < version:
        return ChainBreak(
            stream,
            expected_seq,
            BreakKind.SEQUENCE_GAP,
            f"the stream's version is {version} but only events 1..{stored} are stored",
        ), mark
    if stored > version:
        return ChainBreak(
            stream,
            version + 1,
            BreakKind.VERSION_MISMATCH,
            f"{stored} events are stored but the stream's recorded version is {version}",
        ), mark
    return None, mark
