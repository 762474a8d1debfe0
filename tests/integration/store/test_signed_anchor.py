"""Signed anchors: a printed anchor proves the stored history, and a rewrite that recomputes
every hash (so that `verify` says intact) still fails the proof. Both backends."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import timedelta

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from tests.integration.store.attack import rewrite_stream

from croupier.core.clock import FixedClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event, event
from croupier.store import CorruptStream, EventStore, anchor_reads
from croupier.store import anchor as anchors
from croupier.store.hashing import GENESIS_HASH


@event("test.store.anchor.counted")
@dataclass(frozen=True, slots=True)
class Counted(Event):
    cents: int


KEY = Ed25519PrivateKey.generate()
OTHER = Ed25519PrivateKey.generate()


@pytest.fixture
def filled(store: EventStore) -> EventStore:
    store.append("tray-1", [Counted(c) for c in (100, 200, 300, 400)], 0)
    store.append("tray-2", [Counted(5)], 0)
    return store


def signed(store: EventStore, clock: FixedClock) -> str:
    return anchors.sign(store, KEY, clock.now()).line


def test_an_untouched_history_is_proven_and_later_appends_do_not_matter(
    filled: EventStore, clock: FixedClock
) -> None:
    line = signed(filled, clock)
    filled.append("tray-1", [Counted(500)], 4)
    filled.append("tray-3", [Counted(1)], 0)
    proof = anchors.prove(filled, line, KEY.public_key())
    assert proof.proven, proof.problem
    assert (proof.streams, proof.events) == (2, 5)


def test_a_rewrite_with_recomputed_hashes_passes_verify_but_fails_the_anchor(
    filled: EventStore,
    clock: FixedClock,
    tamper,
    database_url: str,  # type: ignore[no-untyped-def]
) -> None:
    line = signed(filled, clock)
    rewrite_stream(tamper, filled, "tray-1", 2, 999)
    assert filled.verify() == [], "the attacker's rewrite should pass the plain chain check"
    assert [e.event for e in filled.read("tray-1")][1] == Counted(999)
    proof = anchors.prove(filled, line, KEY.public_key())
    assert not proof.proven
    assert "stream 'tray-1' was rewritten" in proof.problem


@pytest.mark.parametrize(
    ("statement", "problem"),
    [
        ("DELETE FROM anchor_heads; DELETE FROM anchors", "no head list"),
        ("UPDATE anchors SET heads = replace(heads, '\"tray-2\",1', '\"tray-2\",0')", "altered"),
        ("DELETE FROM events WHERE stream = 'tray-1' AND seq = 4", "damaged at event 4"),
    ],
)
def test_deleting_or_editing_what_the_anchor_covers_fails_it(
    filled: EventStore,
    clock: FixedClock,
    tamper,
    statement: str,
    problem: str,  # type: ignore[no-untyped-def]
) -> None:
    line = signed(filled, clock)
    tamper(*statement.split("; "))
    proof = anchors.prove(filled, line, KEY.public_key())
    assert not proof.proven
    assert problem in proof.problem


def test_another_key_or_an_edited_line_is_refused(filled: EventStore, clock: FixedClock) -> None:
    line = signed(filled, clock)
    wrong = anchors.prove(filled, line, OTHER.public_key())
    assert not wrong.proven
    assert "signed by key" in wrong.problem
    forged = anchors.sign(filled, OTHER, clock.now() + timedelta(seconds=1)).line
    assert not anchors.prove(filled, forged, KEY.public_key()).proven
    record, signature = line.removeprefix(anchors.PREFIX).split(":")
    flipped = signature[:-2] + ("A" if signature[-2] != "A" else "B") + signature[-1]
    assert (
        "does not verify"
        in anchors.prove(filled, f"{anchors.PREFIX}{record}:{flipped}", KEY.public_key()).problem
    )
    with pytest.raises(InvalidInput, match="not a croupier anchor"):
        anchors.parse("hello")
    with pytest.raises(InvalidInput, match="damaged"):
        anchors.parse(anchors.PREFIX + "%%%:%%%")


def test_anchors_chain_and_a_damaged_store_is_not_anchored(
    filled: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    first = anchors.sign(filled, KEY, clock.now())
    filled.append("tray-2", [Counted(6)], 1)
    second = anchors.sign(filled, KEY, clock.now() + timedelta(minutes=1))
    assert second.record["prev"] == first.digest
    assert first.record["prev"] == GENESIS_HASH
    assert anchors.prove(filled, first.line, KEY.public_key()).proven
    assert anchors.latest(filled) == second.line
    # an edit after the newest anchor, hash left stale: the events since it are re-hashed
    filled.append("tray-2", [Counted(7)], 2)
    tamper(
        "UPDATE events SET payload = replace(payload, '7', '8') WHERE stream = 'tray-2' AND seq = 3"
    )
    with pytest.raises(CorruptStream, match="not anchored"):
        anchors.sign(filled, KEY, clock.now() + timedelta(minutes=2))


def test_an_old_stale_edit_is_not_laundered_by_the_next_anchor(
    filled: EventStore,
    clock: FixedClock,
    tamper,  # type: ignore[no-untyped-def]
) -> None:
    """Signing re-hashes only the events since the previous anchor (issue 26: its cost must not
    grow with the history), so an edit before it with its hash left as it was is not seen by
    the signer; the next anchor signs the same stored hashes, which the edited event no longer
    matches, so every anchor, old and new, and ``verify`` still fail on it."""
    first = anchors.sign(filled, KEY, clock.now())
    tamper("UPDATE events SET payload = replace(payload, '300', '301') WHERE seq = 3")
    filled.append("tray-2", [Counted(6)], 1)
    second = anchors.sign(filled, KEY, clock.now() + timedelta(minutes=1))
    for line in (first.line, second.line):
        proof = anchors.prove(filled, line, KEY.public_key())
        assert not proof.proven
        assert "hash mismatch" in proof.problem, proof.problem
    assert [b.seq for b in filled.verify()] == [3]


def test_signers_at_once_do_not_fork_the_chain_of_anchors(
    filled: EventStore, clock: FixedClock
) -> None:
    """Signers take turns: every anchor's predecessor is the anchor stored just before it."""
    import threading

    def signer(n: int) -> None:
        for k in range(3):
            filled.append(f"signer-{n}", [Counted(k)], k)
            anchors.sign(filled, KEY, clock.now() + timedelta(seconds=n * 10 + k))

    threads = [threading.Thread(target=signer, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert filled.version("signer-1") == filled.version("signer-2") == 3
    lines = list(reversed(anchor_reads.lines_newest_first(filled)))
    chain = [anchors.parse(line) for line in lines]
    assert len(chain) >= 2
    assert chain[0].record["prev"] == GENESIS_HASH
    for before, after in itertools.pairwise(chain):
        assert after.record["prev"] == before.digest
