"""Signed anchors: proof, kept on paper, that the stored history has not been rewritten.

The hash chains catch an edited event only if the editor did not recompute the hashes; whoever
can write the database can recompute them (``croupier verify`` then says "intact"). An anchor
closes that gap with a key that is not in the database:

* **The heads.** ``{"prev": P, "heads": [[stream, version, hash of event version], ...]}`` in
  canonical JSON (``core.events.canonical_json``; streams sorted by name, empty streams left
  out), where ``P`` is the digest of the previous anchor (``GENESIS_HASH`` for the first), so
  anchors form a chain too. Its SHA-256 (hex) is the anchor's **digest**. The text is stored in
  the ``anchors`` table; a database of a year has thousands of streams, so the list itself is
  not printed.
* **The record** ``{"v": 1, "at": UTC ISO time, "streams": n, "events": total, "digest": D,
  "prev": P, "key": K}``, where ``K`` is the first 16 hex digits of the SHA-256 of the signing
  key's raw Ed25519 public key, is signed with Ed25519. The **printed anchor** is one line,
  ``croupier-anchor:1:<record, base64url>:<signature, base64url>``: about 300 characters, which
  fits on the daily report as text and as a QR code.

Proving a printed line against the database (``prove``): the signature must verify with the
public key whose id the record names; the database must still hold a head list whose SHA-256 is
the signed digest (a deleted or edited list fails); and each listed stream's events 1..version,
re-hashed from the first one, must chain to exactly the listed hash. An edit anywhere before
the anchor, hashes recomputed or not, changes that last hash, which the signature pins down.
Events appended after the anchor are not covered by it (the next anchor covers them).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import sqlalchemy as sa
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from sqlalchemy.exc import IntegrityError

from croupier.core.errors import InvalidInput
from croupier.core.events import canonical_json
from croupier.store import engine as engines
from croupier.store.event_store import EventStore
from croupier.store.hashing import GENESIS_HASH
from croupier.store.records import CorruptStream
from croupier.store.schema import CHAIN_COLUMNS, anchors, event_streams, events
from croupier.store.verify import ChainMark, ChainRow, check_rows

PREFIX: Final = "croupier-anchor:1:"
SIGN_LOCK_KEY: Final = 0x616E6368  # "anch": PostgreSQL advisory lock held while signing
VERSION: Final = 1


def key_id(public_key: Ed25519PublicKey) -> str:
    """The id of a public key: the first 16 hex digits of SHA-256 of its 32 raw bytes."""
    raw = public_key.public_bytes(Encoding.Raw, PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Anchor:
    """A signed anchor as printed: its record and the signature over it."""

    record: dict[str, Any]
    signature: bytes
    line: str

    @property
    def digest(self) -> str:
        return str(self.record["digest"])

    @property
    def signed_at(self) -> str:
        return str(self.record["at"])


def parse(line: str) -> Anchor:
    """The anchor in a printed line (surrounding white space ignored); one clear error else."""
    text = line.strip()
    if not text.startswith(PREFIX):
        raise InvalidInput(f"not a croupier anchor (it should start with {PREFIX!r})")
    parts = text[len(PREFIX) :].split(":")
    if len(parts) != 2:
        raise InvalidInput("a croupier anchor has two parts after its prefix, record and signature")
    try:
        record_text = _unb64(parts[0]).decode("utf-8")
        signature = _unb64(parts[1])
        record = json.loads(record_text)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise InvalidInput("the anchor is damaged: its parts are not base64url JSON") from None
    fields = {"v", "at", "streams", "events", "digest", "prev", "key"}
    if not isinstance(record, dict) or set(record) != fields or record["v"] != VERSION:
        raise InvalidInput("the anchor's record does not have the fields of a version-1 anchor")
    if canonical_json(record) != record_text:
        raise InvalidInput("the anchor's record is not in canonical form (it was edited)")
    return Anchor(record, signature, text)


def _heads(conn: sa.Connection) -> list[list[Any]]:
    rows = conn.execute(
        sa.select(event_streams.c.stream, event_streams.c.version, events.c.hash)
        .select_from(event_streams)
        .join(
            events,
            sa.and_(
                events.c.stream == event_streams.c.stream,
                events.c.seq == event_streams.c.version,
            ),
        )
        .where(event_streams.c.version > 0)
        .order_by(event_streams.c.stream)
    ).all()
    return [[row.stream, row.version, row.hash] for row in rows]


def sign(store: EventStore, private_key: Ed25519PrivateKey, at: datetime) -> Anchor:
    """Check every chain from its first event, then sign the heads of every stream as they
    stand and keep the head list in the database. A damaged store is not anchored
    (``CorruptStream``: anchoring it would vouch for the damage)."""
    if at.tzinfo is None:
        raise InvalidInput("an anchor's time needs a time zone")
    with store.engine.connect() as conn:
        # One signer at a time (else two could chain to the same previous anchor), and the
        # heads checked in the same transaction as they are read and signed: an event appended
        # meanwhile is neither signed nor left unchecked.
        conn.execution_options(**{engines.SQLITE_BEGIN_OPTION: "IMMEDIATE"})
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": SIGN_LOCK_KEY})
            heads = _heads(conn)
            problem = _stray_events(conn) or _check_heads(conn, heads)
            if problem is not None:
                raise CorruptStream(
                    f"{problem}; a damaged store is not anchored (run `croupier verify`)"
                )
            return _sign_locked(conn, heads, private_key, at)


def _stray_events(conn: sa.Connection) -> str | None:
    """Events stored beyond their stream's recorded version, or in a stream without one."""
    stored = conn.execute(
        sa.select(events.c.stream, sa.func.max(events.c.seq)).group_by(events.c.stream)
    ).all()
    versions: dict[str, int] = {
        row.stream: row.version
        for row in conn.execute(sa.select(event_streams.c.stream, event_streams.c.version))
    }
    for stream, last in sorted(stored):
        if last > versions.get(stream, 0):
            return (
                f"stream {stream!r} is damaged at event {versions.get(stream, 0) + 1}: "
                f"{last} events are stored but its recorded version is {versions.get(stream, 0)}"
            )
    return None


def _check_heads(conn: sa.Connection, heads: list[list[Any]]) -> str | None:
    """The first problem of the listed streams' chains, each re-hashed from its first event up
    to the listed version and required to end at the listed hash; None if all hold."""
    for stream, version, head in heads:
        rows = conn.execute(
            sa.select(*CHAIN_COLUMNS)
            .where(events.c.stream == stream, events.c.seq <= version)
            .order_by(events.c.seq)
            .execution_options(yield_per=1000)
        )
        found, mark = check_rows(stream, (ChainRow(*row) for row in rows), version, ChainMark())
        rows.close()
        if found is not None:
            return (
                f"stream {stream!r} is damaged at event {found.seq}: "
                f"{found.kind.value} ({found.detail})"
            )
        if mark.hash != head:
            return (
                f"stream {stream!r} was rewritten: its event {version} now hashes to "
                f"{mark.hash[:12]}…, the anchor signed {head[:12]}…"
            )
    return None


def _sign_locked(
    conn: sa.Connection, heads: list[list[Any]], private_key: Ed25519PrivateKey, at: datetime
) -> Anchor:
    prev = conn.execute(
        sa.select(anchors.c.digest).order_by(anchors.c.anchor_id.desc()).limit(1)
    ).scalar_one_or_none()
    heads_text = canonical_json({"prev": prev or GENESIS_HASH, "heads": heads})
    digest = hashlib.sha256(heads_text.encode("utf-8")).hexdigest()
    record = {
        "v": VERSION,
        "at": at.astimezone(UTC).isoformat(timespec="seconds"),
        "streams": len(heads),
        "events": sum(int(h[1]) for h in heads),
        "digest": digest,
        "prev": prev or GENESIS_HASH,
        "key": key_id(private_key.public_key()),
    }
    record_text = canonical_json(record)
    signature = private_key.sign(record_text.encode("utf-8"))
    line = PREFIX + _b64(record_text.encode("utf-8")) + ":" + _b64(signature)
    try:
        with conn.begin_nested():
            conn.execute(
                sa.insert(anchors).values(digest=digest, signed_at=at, heads=heads_text, line=line)
            )
    except IntegrityError:  # the same heads after the same anchor: already anchored
        line = conn.execute(
            sa.select(anchors.c.line).where(anchors.c.digest == digest)
        ).scalar_one()
        return parse(line)
    return Anchor(record, signature, line)


@dataclass(frozen=True)
class Proof:
    """What proving a printed anchor against the database found."""

    proven: bool
    anchor: Anchor
    streams: int = 0
    events: int = 0
    problem: str = ""


def prove(store: EventStore, line: str, public_key: Ed25519PublicKey) -> Proof:
    """Prove that the stored history matches a printed anchor (see the module docstring)."""
    anchor = parse(line)
    record = anchor.record
    if record["key"] != key_id(public_key):
        return Proof(
            False,
            anchor,
            problem=f"the anchor was signed by key {record['key']}, not by the public key given "
            f"({key_id(public_key)})",
        )
    try:
        public_key.verify(anchor.signature, canonical_json(record).encode("utf-8"))
    except InvalidSignature:
        return Proof(False, anchor, problem="the signature does not verify: the anchor was altered")
    with store.engine.connect() as conn:
        stored = conn.execute(
            sa.select(anchors.c.heads).where(anchors.c.digest == anchor.digest)
        ).scalar_one_or_none()
        if stored is None:
            return Proof(
                False,
                anchor,
                problem="the database holds no head list with this anchor's digest (deleted or "
                "replaced)",
            )
        if hashlib.sha256(stored.encode("utf-8")).hexdigest() != anchor.digest:
            return Proof(False, anchor, problem="the stored head list was altered")
        listed = json.loads(stored)
        if listed.get("prev") != record["prev"]:
            return Proof(False, anchor, problem="the stored head list names another predecessor")
        problem = _check_heads(conn, listed["heads"])
        if problem is not None:
            return Proof(False, anchor, problem=problem)
        total = sum(int(version) for _stream, version, _head in listed["heads"])
    return Proof(True, anchor, len(listed["heads"]), total)


def latest(store: EventStore, since: datetime | None = None) -> str | None:
    """The newest anchor line in the database (signed at or after ``since``), or None."""
    query = sa.select(anchors.c.line).order_by(anchors.c.anchor_id.desc()).limit(1)
    if since is not None:
        query = query.where(anchors.c.signed_at >= since)
    with store.engine.connect() as conn:
        found = conn.execute(query).scalar_one_or_none()
    return None if found is None else str(found)


def first_since(store: EventStore, since: datetime) -> str | None:
    """The first anchor line signed at or after ``since`` (the one that covers what was
    recorded before it), or None."""
    query = (
        sa.select(anchors.c.line)
        .where(anchors.c.signed_at >= since)
        .order_by(anchors.c.anchor_id)
        .limit(1)
    )
    with store.engine.connect() as conn:
        found = conn.execute(query).scalar_one_or_none()
    return None if found is None else str(found)


def lines_newest_first(store: EventStore) -> list[str]:
    """Every anchor line kept in the database, the newest first."""
    with store.engine.connect() as conn:
        return [
            str(line)
            for line in conn.execute(
                sa.select(anchors.c.line).order_by(anchors.c.anchor_id.desc())
            ).scalars()
        ]
