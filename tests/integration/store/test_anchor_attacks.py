"""More ways an owner of the database file attacks a signed anchor, beyond
``test_signed_anchor.py``: a truncation that plain ``verify`` accepts, a rewrite that also
replaces the stored head list, an edited printed digest or time, many streams (the printed line
does not grow with them), and key rotation. Both backends."""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from tests.integration.store.attack import rewrite_stream

from croupier.core.clock import FixedClock
from croupier.core.events import Event, canonical_json, event
from croupier.store import EventStore
from croupier.store import anchor as anchors


@event("test.store.anchor_attacks.tallied")
@dataclass(frozen=True, slots=True)
class Tallied(Event):
    cents: int


OLD_KEY = Ed25519PrivateKey.generate()
NEW_KEY = Ed25519PrivateKey.generate()


def fill(store: EventStore) -> None:
    store.append("cage", [Tallied(c) for c in (10, 20, 30, 40)], 0)
    store.append("table-1", [Tallied(c) for c in (1, 2, 3)], 0)
    store.append("table-2", [Tallied(7)], 0)


def record_of(line: str) -> dict[str, Any]:
    body = line.removeprefix(anchors.PREFIX).split(":")[0]
    decoded: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    return decoded


def with_record(line: str, record: dict[str, Any]) -> str:
    signature = line.removeprefix(anchors.PREFIX).split(":")[1]
    body = base64.urlsafe_b64encode(canonical_json(record).encode()).rstrip(b"=").decode()
    return f"{anchors.PREFIX}{body}:{signature}"


def test_a_truncation_that_plain_verify_accepts_fails_the_anchor(
    store: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    fill(store)
    line = anchors.sign(store, OLD_KEY, clock.now()).line
    # the attacker drops the cage's last two events and lowers its recorded version to match
    tamper(
        "DELETE FROM events WHERE stream = 'cage' AND seq > 2",
        "UPDATE event_streams SET version = 2 WHERE stream = 'cage'",
    )
    assert store.verify() == [], "a consistent truncation should pass the plain chain check"
    proof = anchors.prove(store, line, OLD_KEY.public_key())
    assert not proof.proven
    assert "stream 'cage'" in proof.problem


def test_a_whole_deleted_stream_fails_the_anchor(
    store: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    fill(store)
    line = anchors.sign(store, OLD_KEY, clock.now()).line
    tamper(
        "DELETE FROM events WHERE stream = 'table-2'",
        "DELETE FROM event_streams WHERE stream = 'table-2'",
    )
    assert store.verify() == []
    proof = anchors.prove(store, line, OLD_KEY.public_key())
    assert not proof.proven
    assert "stream 'table-2'" in proof.problem


def test_a_rewrite_that_also_replaces_the_stored_head_list_fails_the_anchor(
    store: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    fill(store)
    line = anchors.sign(store, OLD_KEY, clock.now()).line
    head = rewrite_stream(tamper, store, "table-1", 2, 999)
    assert store.verify() == []
    prev = record_of(line)["prev"]
    heads = [["cage", 4, store.head("cage")[1]], ["table-1", 3, head]]
    heads.append(["table-2", 1, store.head("table-2")[1]])
    forged = canonical_json({"prev": prev, "heads": heads})
    # keep the signed digest on the row: the text no longer hashes to it
    tamper("UPDATE anchors SET heads = :h", h=forged)
    altered = anchors.prove(store, line, OLD_KEY.public_key())
    assert not altered.proven
    assert "altered" in altered.problem
    # or give the row the forged text's own digest: then no list has the signed digest
    digest = hashlib.sha256(forged.encode()).hexdigest()
    tamper("UPDATE anchors SET digest = :d", d=digest)
    replaced = anchors.prove(store, line, OLD_KEY.public_key())
    assert not replaced.proven
    assert "no head list" in replaced.problem


def test_an_edited_printed_digest_or_time_fails_the_signature(
    store: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    fill(store)
    line = anchors.sign(store, OLD_KEY, clock.now()).line
    # after a rewrite, the attacker signs nothing but edits the printed digest to the digest
    # of a head list they stored: the signature was over the old record
    rewrite_stream(tamper, store, "cage", 1, 11)
    record = record_of(line)
    for field, value in (("digest", "0" * 64), ("at", "2030-01-01T00:00:00+00:00")):
        edited = with_record(line, {**record, field: value})
        proof = anchors.prove(store, edited, OLD_KEY.public_key())
        assert not proof.proven, field
        assert "does not verify" in proof.problem, field


def test_many_streams_keep_the_printed_line_short_and_the_proof_names_the_rewritten_one(
    store: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    store.append("s-000", [Tallied(1)], 0)
    small = anchors.sign(store, OLD_KEY, clock.now()).line
    store.append_many({f"s-{i:03d}": ([Tallied(i)], 0) for i in range(1, 400)})
    line = anchors.sign(store, OLD_KEY, clock.now() + timedelta(minutes=1)).line
    assert record_of(line)["streams"] == 400
    assert record_of(line)["events"] == 400
    # only the counts' digits grow: the head list stays in the database
    assert len(line) - len(small) <= 8
    rewrite_stream(tamper, store, "s-217", 1, 5)
    assert store.verify() == []
    proof = anchors.prove(store, line, OLD_KEY.public_key())
    assert not proof.proven
    assert "stream 's-217'" in proof.problem


def test_after_key_rotation_old_anchors_prove_with_the_old_public_key(
    store: EventStore, clock: FixedClock
) -> None:
    fill(store)
    old = anchors.sign(store, OLD_KEY, clock.now())
    store.append("cage", [Tallied(50)], 4)
    new = anchors.sign(store, NEW_KEY, clock.now() + timedelta(days=1))
    assert new.record["prev"] == old.digest  # the chain of anchors runs across the rotation
    assert old.record["key"] != new.record["key"]
    assert anchors.prove(store, old.line, OLD_KEY.public_key()).proven
    assert anchors.prove(store, new.line, NEW_KEY.public_key()).proven
    crossed = anchors.prove(store, old.line, NEW_KEY.public_key())
    assert not crossed.proven
    assert f"signed by key {old.record['key']}" in crossed.problem
