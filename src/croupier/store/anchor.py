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

**One chain per organization** (version 2, issue 29). On a database that serves several
organizations, each organization's anchors cover its own streams only and are signed with its
own key: the record names the organization (``"org"``, ``croupier-anchor:2:...``), so does its
head list (``{"org": O, "prev": P, "heads": [...]}``), the previous anchor is the newest of the
same organization, and ``anchors.org_id`` keeps whose it is. A version-1 anchor is the
database's (every stream; ``org_id`` NULL) and proves as it always did. Which streams are an
organization's is the service's to say (``service.people.namespace``): signing takes the
predicate.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from croupier.core.errors import InvalidInput
from croupier.core.events import canonical_json
from croupier.store.backend import SQLITE_BEGIN_OPTION
from croupier.store.event_store import EventStore
from croupier.store.hashing import GENESIS_HASH
from croupier.store.records import CorruptStream
from croupier.store.schema import (
    CHAIN_COLUMNS,
    anchor_heads,
    anchor_refusals,
    anchors,
    event_streams,
    events,
)
from croupier.store.verify import ChainMark, ChainRow, check_rows

if TYPE_CHECKING:  # the keys' library is imported where a key is used (a reader needs none)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

PREFIX: Final = "croupier-anchor:1:"
"""The printed prefix of a version-1 anchor (the database's)."""
ORG_PREFIX: Final = "croupier-anchor:2:"
"""The printed prefix of a version-2 anchor (one organization's)."""
PREFIXES: Final = (PREFIX, ORG_PREFIX)
SIGN_LOCK_KEY: Final = 0x616E6368  # "anch": PostgreSQL advisory lock held while signing
VERSION: Final = 1
ORG_VERSION: Final = 2
_FIELDS: Final = frozenset({"v", "at", "streams", "events", "digest", "prev", "key"})

Owns = Callable[[str], bool]
"""Whether a stream is the signing organization's (``Namespace.owns``)."""


def key_id(public_key: Ed25519PublicKey) -> str:
    """The id of a public key: the first 16 hex digits of SHA-256 of its 32 raw bytes."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    raw = public_key.public_bytes(Encoding.Raw, PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def _verifies(public_key: Ed25519PublicKey, signature: bytes, record: dict[str, Any]) -> bool:
    """Whether ``signature`` is ``public_key``'s Ed25519 signature of the record's canonical
    JSON."""
    from cryptography.exceptions import InvalidSignature

    try:
        public_key.verify(signature, canonical_json(record).encode("utf-8"))
    except InvalidSignature:
        return False
    return True


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

    @property
    def org(self) -> str | None:
        """The organization whose streams it covers (version 2), or None: the database's."""
        org = self.record.get("org")
        return None if org is None else str(org)


def parse(line: str) -> Anchor:
    """The anchor in a printed line (surrounding white space ignored); one clear error else."""
    text = line.strip()
    prefix = next((p for p in PREFIXES if text.startswith(p)), None)
    if prefix is None:
        raise InvalidInput(f"not a croupier anchor (it should start with {PREFIX!r})")
    parts = text[len(prefix) :].split(":")
    if len(parts) != 2:
        raise InvalidInput("a croupier anchor has two parts after its prefix, record and signature")
    try:
        record_text = _unb64(parts[0]).decode("utf-8")
        signature = _unb64(parts[1])
        record = json.loads(record_text)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise InvalidInput("the anchor is damaged: its parts are not base64url JSON") from None
    version = ORG_VERSION if prefix == ORG_PREFIX else VERSION
    fields = _FIELDS | {"org"} if version == ORG_VERSION else _FIELDS
    if not isinstance(record, dict) or set(record) != fields or record["v"] != version:
        raise InvalidInput(
            f"the anchor's record does not have the fields of a version-{version} anchor"
        )
    if version == ORG_VERSION and not (isinstance(record["org"], str) and record["org"]):
        raise InvalidInput("the anchor's record does not name its organization")
    if canonical_json(record) != record_text:
        raise InvalidInput("the anchor's record is not in canonical form (it was edited)")
    return Anchor(record, signature, text)


def _chain(org: str | None) -> sa.ColumnElement[bool]:
    """The anchors of one chain: an organization's, or the database's (``org`` None)."""
    return anchors.c.org_id.is_(None) if org is None else anchors.c.org_id == org


def _heads(conn: sa.Connection, owns: Owns | None) -> list[list[Any]]:
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
    return [[row.stream, row.version, row.hash] for row in rows if owns is None or owns(row.stream)]


@dataclass(frozen=True)
class _Previous:
    """The newest anchor kept when a signing began."""

    anchor_id: int
    digest: str
    signed_at: str
    heads: list[list[Any]]


@dataclass(frozen=True)
class _Prepared:
    previous: _Previous | None
    heads: list[list[Any]]
    org: str | None


SIGN_ATTEMPTS: Final = 5
"""Signings tried when another anchor is kept between the check and the keeping."""


def sign(
    store: EventStore,
    private_key: Ed25519PrivateKey,
    at: datetime,
    org: str | None = None,
    owns: Owns | None = None,
) -> Anchor:
    """Sign the heads of every stream as they stand, after proving that the stored history
    extends the previous anchor, and keep the head list in the database. With ``org`` (and
    ``owns``, which says which streams are that organization's), sign that organization's
    streams only, as the next anchor of its own chain (version 2).

    **Anchors extend, never replace** (issue 26). Before signing, every stream the previous
    anchor lists must still hold its signed event with the signed hash, and every event after
    it must chain from it; a new stream is checked from its first event (the first anchor of a
    database checks every chain). A history that does not extend the previous anchor (a
    rewrite with every hash recomputed, a lost tail) or a damaged chain is not signed: the
    refusal is kept in ``anchor_refusals``, where the gaming manager sees it, and
    ``CorruptStream`` names the first stream and event that differ. The check costs the events
    since the previous anchor and the number of streams, never the whole history
    (``croupier verify`` re-hashes everything).

    **Writers never wait on it.** The heads are read and checked in one read snapshot (SQLite
    WAL, PostgreSQL REPEATABLE READ), which blocks no writer; only the keeping of the anchor is
    a short write transaction, which signs again if another anchor was kept meanwhile.
    """
    if at.tzinfo is None:
        raise InvalidInput("an anchor's time needs a time zone")
    if (org is None) != (owns is None):
        raise ValueError("an organization's anchor needs both its id and its streams")
    for _attempt in range(SIGN_ATTEMPTS):
        prepared = _prepare(store, private_key.public_key(), at, org, owns)
        kept = _keep(store, prepared, private_key, at)
        if kept is not None:
            return kept
    raise InvalidInput("other anchors were being signed at the same time; sign again")


def _prepare(
    store: EventStore,
    public_key: Ed25519PublicKey,
    at: datetime,
    org: str | None,
    owns: Owns | None,
) -> _Prepared:
    with store.engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        with conn.begin():  # one snapshot: the heads and every event checked agree
            previous = _previous(conn, org)
            heads = _heads(conn, owns)
            problem = _stray_events(conn, owns)
            if problem is None and previous is not None:
                problem = _previous_problem(conn, previous, public_key)
            if problem is None:
                problem = _extension_problem(conn, previous, heads)
    if problem is not None:
        refusal = f"refused to sign an anchor: {problem}"
        with store.engine.begin() as conn:
            conn.execute(
                sa.insert(anchor_refusals).values(
                    refused_at=at,
                    after_anchor=None if previous is None else previous.anchor_id,
                    problem=refusal,
                    org_id=org,
                )
            )
        raise CorruptStream(
            f"{refusal}; a damaged store is not anchored: nothing was signed (run "
            "`croupier verify`, then prove the last printed anchor with `croupier verify --anchor`)"
        )
    return _Prepared(previous, heads, org)


def _previous(conn: sa.Connection, org: str | None) -> _Previous | None:
    row = conn.execute(
        sa.select(anchors.c.anchor_id, anchors.c.digest, anchors.c.signed_at, anchors.c.heads)
        .where(_chain(org))
        .order_by(anchors.c.anchor_id.desc())
        .limit(1)
    ).one_or_none()
    if row is None:
        return None
    try:
        listed = json.loads(row.heads)["heads"]
    except (ValueError, KeyError, TypeError):
        listed = None
    return _Previous(
        row.anchor_id,
        row.digest,
        _when(row.signed_at),
        listed if isinstance(listed, list) else [],
    )


def _when(value: datetime) -> str:
    return value.astimezone(UTC).isoformat(timespec="seconds")


def _previous_problem(
    conn: sa.Connection, previous: _Previous, public_key: Ed25519PublicKey
) -> str | None:
    """The previous anchor as kept: its head list must hash to its digest, its printed line
    must sign that digest (checked with the signing key's own public key when it signed it)."""
    text, line = conn.execute(
        sa.select(anchors.c.heads, anchors.c.line).where(anchors.c.anchor_id == previous.anchor_id)
    ).one()
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != previous.digest:
        return f"the head list of the anchor signed at {previous.signed_at} was altered"
    try:
        kept = parse(line)
    except InvalidInput as exc:
        return f"the anchor signed at {previous.signed_at} is damaged: {exc}"
    if kept.digest != previous.digest:
        return f"the anchor signed at {previous.signed_at} does not sign its head list"
    if kept.record["key"] == key_id(public_key) and not _verifies(
        public_key, kept.signature, kept.record
    ):
        return f"the signature of the anchor signed at {previous.signed_at} does not verify"
    return None


def _extension_problem(
    conn: sa.Connection, previous: _Previous | None, heads: list[list[Any]]
) -> str | None:
    """The first stream and event where the stored history does not extend ``previous`` (or,
    without one, where a chain is damaged); None when it does."""
    now = {str(stream): (int(version), str(head)) for stream, version, head in heads}
    start: dict[str, ChainMark] = {}
    if previous is not None:
        stored = _stored_at(conn, previous)
        for stream, version, head in previous.heads:
            current = now.get(stream)
            if current is None or current[0] < version:
                held = 0 if current is None else current[0]
                return (
                    f"stream {stream!r} lost events: the anchor signed at "
                    f"{previous.signed_at} covers its event {version}, the store holds {held}"
                )
            found = stored.get(stream)
            if found != head:
                shown = "nothing" if found is None else f"{found[:12]}…"
                return (
                    f"stream {stream!r} event {version} differs from the anchor signed at "
                    f"{previous.signed_at}: it is stored with hash {shown}, the anchor signed "
                    f"{head[:12]}… (the history up to it was rewritten)"
                )
            start[stream] = ChainMark(int(version), str(head))
    for stream, (version, head) in sorted(now.items()):
        mark = start.get(stream, ChainMark())
        if mark.seq == version:
            continue
        rows = conn.execute(
            sa.select(*CHAIN_COLUMNS)
            .where(events.c.stream == stream, events.c.seq > mark.seq, events.c.seq <= version)
            .order_by(events.c.seq)
            .execution_options(yield_per=1000)
        )
        found_break, reached = check_rows(stream, (ChainRow(*row) for row in rows), version, mark)
        rows.close()
        if found_break is not None:
            return (
                f"stream {stream!r} is damaged at event {found_break.seq}: "
                f"{found_break.kind.value} ({found_break.detail})"
            )
        if reached.hash != head:  # pragma: no cover - check_rows ends at the stored head
            return f"stream {stream!r} event {version} does not hash to its stored head"
    return None


def _stored_at(conn: sa.Connection, previous: _Previous) -> dict[str, str]:
    """The stored hash of each event the previous anchor signed, in one query (its indexed
    head list joined with the events; a row the index lacks reads as missing)."""
    rows = conn.execute(
        sa.select(anchor_heads.c.stream, anchor_heads.c.version, events.c.hash)
        .select_from(anchor_heads)
        .join(
            events,
            sa.and_(
                events.c.stream == anchor_heads.c.stream, events.c.seq == anchor_heads.c.version
            ),
        )
        .where(anchor_heads.c.anchor_id == previous.anchor_id)
    ).all()
    signed = {str(stream): int(version) for stream, version, _head in previous.heads}
    return {str(row.stream): str(row.hash) for row in rows if signed.get(row.stream) == row.version}


def _keep(
    store: EventStore, prepared: _Prepared, private_key: Ed25519PrivateKey, at: datetime
) -> Anchor | None:
    """Keep the anchor of ``prepared`` in one short write transaction, or None when another
    anchor was kept since it was prepared (then it is prepared again)."""
    with store.engine.connect() as conn:
        conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": SIGN_LOCK_KEY})
            newest = conn.execute(
                sa.select(sa.func.max(anchors.c.anchor_id)).where(_chain(prepared.org))
            ).scalar()
            expected = None if prepared.previous is None else prepared.previous.anchor_id
            if newest != expected:
                return None
            prev = None if prepared.previous is None else prepared.previous.digest
            return _sign_locked(conn, prepared, prev, private_key, at)


def _stray_events(conn: sa.Connection, owns: Owns | None) -> str | None:
    """Events stored beyond their stream's recorded version, or in a stream without one."""
    stored = conn.execute(
        sa.select(events.c.stream, sa.func.max(events.c.seq)).group_by(events.c.stream)
    ).all()
    versions: dict[str, int] = {
        row.stream: row.version
        for row in conn.execute(sa.select(event_streams.c.stream, event_streams.c.version))
    }
    for stream, last in sorted(stored):
        if owns is not None and not owns(stream):
            continue
        if last > versions.get(stream, 0):
            return (
                f"stream {stream!r} is damaged at event {versions.get(stream, 0) + 1}: "
                f"{last} events are stored but its recorded version is {versions.get(stream, 0)}"
            )
    return None


def _sign_locked(
    conn: sa.Connection,
    prepared: _Prepared,
    prev: str | None,
    private_key: Ed25519PrivateKey,
    at: datetime,
) -> Anchor:
    heads, org = prepared.heads, prepared.org
    listed: dict[str, Any] = {"prev": prev or GENESIS_HASH, "heads": heads}
    record: dict[str, Any] = {
        "v": VERSION,
        "at": at.astimezone(UTC).isoformat(timespec="seconds"),
        "streams": len(heads),
        "events": sum(int(h[1]) for h in heads),
        "prev": prev or GENESIS_HASH,
        "key": key_id(private_key.public_key()),
    }
    if org is not None:  # an organization's anchor names it in what is signed and listed
        listed["org"] = record["org"] = org
        record["v"] = ORG_VERSION
    heads_text = canonical_json(listed)
    digest = hashlib.sha256(heads_text.encode("utf-8")).hexdigest()
    record["digest"] = digest
    record_text = canonical_json(record)
    signature = private_key.sign(record_text.encode("utf-8"))
    prefix = PREFIX if org is None else ORG_PREFIX
    line = prefix + _b64(record_text.encode("utf-8")) + ":" + _b64(signature)
    try:
        with conn.begin_nested():
            made = conn.execute(
                sa.insert(anchors).values(
                    digest=digest, signed_at=at, heads=heads_text, line=line, org_id=org
                )
            )
            key = made.inserted_primary_key
            assert key is not None
            if heads:
                conn.execute(
                    sa.insert(anchor_heads),
                    [
                        {"anchor_id": int(key[0]), "stream": s, "version": int(v), "hash": h}
                        for s, v, h in heads
                    ],
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
    if not _verifies(public_key, anchor.signature, record):
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
        if listed.get("org") != anchor.org:
            return Proof(False, anchor, problem="the stored head list is another organization's")
        problem = chain_problem(conn, anchor.digest, public_key, anchor.org)
        if problem is not None:
            return Proof(False, anchor, problem=problem)
        total = sum(int(version) for _stream, version, _head in listed["heads"])
    return Proof(True, anchor, len(listed["heads"]), total)


def chain_problem(
    conn: sa.Connection,
    digest: str,
    public_key: Ed25519PublicKey | None,
    org: str | None = None,
) -> str | None:
    """The whole chain of anchors up to the one with ``digest`` (``org``'s chain, or the
    database's), each against the one before:
    every kept anchor's head list hashes to its digest, its line signs that digest (verified
    when signed by ``public_key``'s key; not verified without one, as in the background check
    that holds no key), names the anchor before it as its predecessor, and
    lists every stream the one before listed at the same or a later event; then each stream's
    events are re-hashed once from the first, and at every version an anchor lists the chain
    must reach exactly the hash that anchor signed. None when all of it holds."""
    rows = conn.execute(
        sa.select(anchors.c.anchor_id, anchors.c.digest, anchors.c.heads, anchors.c.line)
        .where(_chain(org))
        .order_by(anchors.c.anchor_id)
    ).all()
    expected: dict[str, dict[int, tuple[str, str]]] = {}
    before: dict[str, int] = {}
    prev = GENESIS_HASH
    own_key = None if public_key is None else key_id(public_key)
    for row in rows:
        kept = parse(row.line)
        when = kept.signed_at
        if hashlib.sha256(row.heads.encode("utf-8")).hexdigest() != row.digest:
            return f"the head list of the anchor signed at {when} was altered"
        if kept.digest != row.digest:
            return f"the anchor signed at {when} does not sign its head list"
        if (
            public_key is not None
            and kept.record["key"] == own_key
            and not _verifies(public_key, kept.signature, kept.record)
        ):
            return f"the signature of the anchor signed at {when} does not verify"
        listed = json.loads(row.heads)
        if kept.org != org or listed.get("org") != org:
            return f"the anchor signed at {when} is not in the chain of anchors it is kept in"
        if kept.record["prev"] != prev or listed.get("prev") != prev:
            return (
                f"the anchor signed at {when} does not follow the anchor before it (an anchor "
                "was removed or replaced)"
            )
        heads = {str(s): (int(v), str(h)) for s, v, h in listed["heads"]}
        for stream, version in before.items():
            if stream not in heads or heads[stream][0] < version:
                return (
                    f"the anchor signed at {when} does not extend the one before it: stream "
                    f"{stream!r} went back from event {version}"
                )
        for stream, (version, head) in heads.items():
            signed = expected.setdefault(stream, {})
            earlier = signed.get(version)
            if earlier is not None and earlier[0] != head:
                return (
                    f"stream {stream!r} was rewritten: the anchor signed at {when} signs its "
                    f"event {version} as {head[:12]}…, the anchor signed at {earlier[1]} as "
                    f"{earlier[0][:12]}… (an anchor signed over a rewrite)"
                )
            signed.setdefault(version, (head, when))
            before[stream] = version
        prev = row.digest
        if row.digest == digest:
            break
    for stream in sorted(expected):
        wanted = expected[stream]
        last = max(wanted)
        query = (
            sa.select(*CHAIN_COLUMNS)
            .where(events.c.stream == stream, events.c.seq <= last)
            .order_by(events.c.seq)
            .execution_options(yield_per=1000)
        )
        mark = ChainMark()
        for version in sorted(wanted):
            rows_part = conn.execute(query.where(events.c.seq > mark.seq, events.c.seq <= version))
            found, mark = check_rows(stream, (ChainRow(*r) for r in rows_part), version, mark)
            rows_part.close()
            head, when = wanted[version]
            if found is not None:
                return (
                    f"stream {stream!r} is damaged at event {found.seq}: "
                    f"{found.kind.value} ({found.detail})"
                )
            if mark.hash != head:
                return (
                    f"stream {stream!r} was rewritten: its event {version} now hashes to "
                    f"{mark.hash[:12]}…, the anchor signed at {when} signed {head[:12]}…"
                )
    return None


def latest(store: EventStore, since: datetime | None = None, org: str | None = None) -> str | None:
    """The newest anchor line in the database (signed at or after ``since``; ``org``'s, when
    given), or None."""
    query = sa.select(anchors.c.line).order_by(anchors.c.anchor_id.desc()).limit(1)
    if org is not None:
        query = query.where(anchors.c.org_id == org)
    if since is not None:
        query = query.where(anchors.c.signed_at >= since)
    with store.engine.connect() as conn:
        found = conn.execute(query).scalar_one_or_none()
    return None if found is None else str(found)


def chains(conn: sa.Connection) -> list[tuple[str | None, str]]:
    """Each chain of anchors kept (None: the database's, then each organization's by id) with
    the digest of its newest anchor."""
    newest = (
        sa.select(anchors.c.org_id, sa.func.max(anchors.c.anchor_id).label("anchor_id"))
        .group_by(anchors.c.org_id)
        .subquery()
    )
    rows = conn.execute(
        sa.select(anchors.c.org_id, anchors.c.digest).join(
            newest, newest.c.anchor_id == anchors.c.anchor_id
        )
    ).all()
    return sorted(((row.org_id, str(row.digest)) for row in rows), key=lambda r: r[0] or "")
