"""Each organization its own anchor key (issue 29, docs/anchors.md): on a database of several
organizations an organization's anchors (version 2) cover its streams only, chain among
themselves, are signed with its own key and prove on their own; a rewrite of one
organization's history fails that organization's proof and refusal, never another's; the
database's anchors (version 1) keep proving beside them. Both backends.

The stream names are the namespace's (``service.people.namespace``): ``alpha`` is the first
(legacy) organization, so its live table is ``live-t1``; ``beta``'s is ``live-beta.t1``."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
)
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.clock import FixedClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event, canonical_json, event
from croupier.service.people.namespace import Namespace
from croupier.service.people.orgs import Organizations
from croupier.store import CorruptStream, EventStore
from croupier.store import anchor as anchors
from croupier.store.audit import full_check, refusals

from .attack import rewrite_stream
from .conftest import Tamper

ALPHA_KEY = Ed25519PrivateKey.generate()
BETA_KEY = Ed25519PrivateKey.generate()
ALPHA = Namespace("alpha", legacy=True)
BETA = Namespace("beta")
runner = CliRunner()


@event("test.store.anchor_orgs.moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    cents: int


def _fill(store: EventStore) -> None:
    """Two organizations registered, each with books and a live table."""
    orgs = Organizations(store.engine)
    orgs.open("alpha")
    orgs.add("beta")
    store.append("books-alpha", [Moved(c) for c in (100, 200, 300)], 0)
    store.append("live-t1", [Moved(5)], 0)
    store.append("books-beta", [Moved(c) for c in (7, 8)], 0)
    store.append("live-beta.t1", [Moved(9), Moved(10)], 0)


def _record(line: str) -> dict[str, object]:
    part = line.split(":")[2]
    decoded: dict[str, object] = json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    return decoded


def _listed(store: EventStore, line: str) -> dict[str, object]:
    digest = _record(line)["digest"]
    with store.engine.connect() as conn:
        text = conn.execute(
            sa.text("SELECT heads FROM anchors WHERE digest = :d"), {"d": digest}
        ).scalar_one()
    listed: dict[str, object] = json.loads(text)
    return listed


def test_29_an_organizations_anchor_covers_its_streams_only_and_names_it(
    store: EventStore, clock: FixedClock
) -> None:
    _fill(store)
    alpha = anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)
    beta = anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    assert alpha.line.startswith("croupier-anchor:2:")
    assert _record(alpha.line)["org"] == "alpha"
    assert _record(beta.line)["org"] == "beta"
    assert [h[0] for h in _listed(store, alpha.line)["heads"]] == ["books-alpha", "live-t1"]
    assert [h[0] for h in _listed(store, beta.line)["heads"]] == ["books-beta", "live-beta.t1"]
    assert (_record(alpha.line)["streams"], _record(alpha.line)["events"]) == (2, 4)
    assert (_record(beta.line)["streams"], _record(beta.line)["events"]) == (2, 4)
    assert _record(alpha.line)["key"] != _record(beta.line)["key"]
    proof = anchors.prove(store, alpha.line, ALPHA_KEY.public_key())
    assert (proof.proven, proof.streams, proof.events) == (True, 2, 4)
    assert anchors.prove(store, beta.line, BETA_KEY.public_key()).proven
    wrong = anchors.prove(store, beta.line, ALPHA_KEY.public_key())
    assert not wrong.proven
    assert "not by the public key given" in wrong.problem


def test_29_each_organization_chains_its_own_anchors(store: EventStore, clock: FixedClock) -> None:
    _fill(store)
    a1 = anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)
    b1 = anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    store.append("books-alpha", [Moved(400)], 3)
    a2 = anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)
    assert _record(a1.line)["prev"] == _record(b1.line)["prev"]  # both the first of their chain
    assert _record(a2.line)["prev"] == a1.digest
    assert anchors.latest(store, org="alpha") == a2.line
    assert anchors.latest(store, org="beta") == b1.line
    for line, key in ((a1.line, ALPHA_KEY), (a2.line, ALPHA_KEY), (b1.line, BETA_KEY)):
        assert anchors.prove(store, line, key.public_key()).proven


def test_29_a_rewrite_of_one_organization_fails_its_proof_and_signing_only(
    store: EventStore, clock: FixedClock, tamper: Tamper
) -> None:
    _fill(store)
    alpha = anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)
    beta = anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    rewrite_stream(tamper, store, "books-beta", 1, 9_999)
    assert store.verify() == []  # every link checks: only beta's anchor tells
    assert not anchors.prove(store, beta.line, BETA_KEY.public_key()).proven
    assert anchors.prove(store, alpha.line, ALPHA_KEY.public_key()).proven
    with pytest.raises(CorruptStream, match=r"stream 'books-beta' event 2 differs"):
        anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    again = anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)  # alpha unharmed
    assert _record(again.line)["prev"] == alpha.digest
    [(_when, problem)] = refusals(store, "beta")
    assert "books-beta" in problem
    assert refusals(store, "alpha") == []
    assert refusals(store) == []
    _streams, _events, found = full_check(store)
    assert found is not None
    assert "books-beta" in found


def test_29_the_databases_anchors_keep_proving_beside_the_organizations(
    store: EventStore, clock: FixedClock, tamper: Tamper
) -> None:
    """A version-1 line (every stream) signed before the organizations' anchors still proves
    after them, and its chain goes on apart from theirs."""
    _fill(store)
    database = anchors.sign(store, ALPHA_KEY, clock.now())
    assert database.line.startswith("croupier-anchor:1:")
    assert database.org is None
    assert _record(database.line)["streams"] == 4
    anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)
    anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    store.append("live-t1", [Moved(6)], 1)
    second = anchors.sign(store, ALPHA_KEY, clock.now())
    assert _record(second.line)["prev"] == database.digest
    assert anchors.prove(store, database.line, ALPHA_KEY.public_key()).proven
    assert anchors.prove(store, second.line, ALPHA_KEY.public_key()).proven
    assert full_check(store)[2] is None
    rewrite_stream(tamper, store, "live-t1", 1, 1)  # covered by both chains
    assert not anchors.prove(store, database.line, ALPHA_KEY.public_key()).proven
    _streams, _events, found = full_check(store)
    assert found is not None
    assert "live-t1" in found


def test_29_a_line_moved_to_another_organization_does_not_verify(
    store: EventStore, clock: FixedClock
) -> None:
    """Beta's record edited to name alpha (and re-encoded canonically): the signature fails."""
    _fill(store)
    beta = anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    record = dict(_record(beta.line))
    record["org"] = "alpha"
    encoded = base64.urlsafe_b64encode(canonical_json(record).encode()).rstrip(b"=").decode()
    forged = ":".join([*beta.line.split(":")[:2], encoded, beta.line.split(":")[3]])
    proof = anchors.prove(store, forged, BETA_KEY.public_key())
    assert not proof.proven
    assert "does not verify" in proof.problem


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("org"), "version-2 anchor"),
        (lambda r: r.update(org=""), "does not name its organization"),
        (lambda r: r.update(v=1), "version-2 anchor"),
    ],
)
def test_29_a_version_2_record_is_read_by_its_own_rules(
    store: EventStore, clock: FixedClock, change: object, message: str
) -> None:
    _fill(store)
    beta = anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    record = dict(_record(beta.line))
    change(record)  # type: ignore[operator]
    encoded = base64.urlsafe_b64encode(canonical_json(record).encode()).rstrip(b"=").decode()
    with pytest.raises(InvalidInput, match=message):
        anchors.parse(f"croupier-anchor:2:{encoded}:{beta.line.split(':')[3]}")


def _write_key(path: Path, key: Ed25519PrivateKey) -> None:
    path.write_bytes(key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))


def test_29_the_close_signs_the_organizations_own_anchor_with_its_own_key(
    store: EventStore, clock: FixedClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a database of several organizations, a close's anchor (``sign_day``) is the closing
    organization's own, signed with its key from ``$CROUPIER_ANCHOR_KEYS``; `anchor sign
    --org` and `anchor show --org` from the shell do the same."""
    from croupier.service.database import anchors as service

    _fill(store)
    keys = tmp_path / "keys"
    keys.mkdir()
    _write_key(keys / "alpha.pem", ALPHA_KEY)
    _write_key(keys / "beta.pem", BETA_KEY)
    monkeypatch.setenv("CROUPIER_ANCHOR_KEYS", str(keys))
    monkeypatch.delenv("CROUPIER_ANCHOR_KEY", raising=False)
    url = store.engine.url.render_as_string(hide_password=False)
    assert service.signing_configured("beta")
    assert not service.signing_configured("gamma")
    line = service.sign_day(url, "beta", clock=clock)
    assert _record(line)["org"] == "beta"
    assert _record(line)["key"] == anchors.key_id(BETA_KEY.public_key())
    shown = runner.invoke(app, ["anchor", "sign", "--db", url, "--org", "alpha"])
    assert shown.exit_code == 0, shown.output
    assert _record(shown.output.strip())["org"] == "alpha"
    assert _record(shown.output.strip())["key"] == anchors.key_id(ALPHA_KEY.public_key())
    latest = runner.invoke(app, ["anchor", "show", "--db", url, "--org", "beta"])
    assert latest.output.strip() == line
    unknown = runner.invoke(app, ["anchor", "sign", "--db", url, "--org", "gamma"])
    assert unknown.exit_code == 2
    assert "not 'gamma'" in unknown.output
    escape = runner.invoke(app, ["anchor", "sign", "--db", url, "--org", "../keys/alpha"])
    assert escape.exit_code == 2
    assert "not '../keys/alpha'" in escape.output
    with pytest.raises(InvalidInput, match="may not hold a dot or a slash"):
        service.org_key("../keys/alpha")  # the key folder's file, never a path out of it


def test_29_a_database_of_one_organization_keeps_the_databases_anchor(
    store: EventStore, clock: FixedClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from croupier.service.database import anchors as service

    Organizations(store.engine).open("alpha")
    store.append("books-alpha", [Moved(1)], 0)
    key = tmp_path / "alpha.pem"
    _write_key(key, ALPHA_KEY)
    url = store.engine.url.render_as_string(hide_password=False)
    monkeypatch.delenv("CROUPIER_ANCHOR_KEYS", raising=False)
    line = service.sign_day(url, "alpha", str(key), clock)
    assert line.startswith("croupier-anchor:1:")


def test_29_each_organization_is_told_its_own_part_of_the_full_check(
    store: EventStore, clock: FixedClock, tamper: Tamper
) -> None:
    """The full check is the database's, but on a database of several organizations each one
    is told its own chains and findings: beta's damaged stream is beta's warning; alpha is told
    its chains are intact and never sees beta's stream's name; the database's owner is told
    the first problem, as before."""
    from croupier.service.people.orgs import stream_owner
    from croupier.store.audit import latest_line, record_run

    _fill(store)
    anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    run = record_run(store, clock.now(), stream_owner(store.engine))
    assert run.problem is None
    assert "all 2 of this organization's chains intact (4 events re-hashed)" in run.describe(
        "alpha"
    )
    rewrite_stream(tamper, store, "live-beta.t1", 2, 1)  # hashes recomputed: only beta's anchor
    tamper("UPDATE events SET hash = 'x' WHERE stream = 'books-beta' AND seq = 1")  # plain damage
    record_run(store, clock.now(), stream_owner(store.engine))
    alpha, beta, owner = (latest_line(store, o) for o in ("alpha", "beta", None))
    assert alpha is not None
    assert alpha.startswith("last full check")
    assert "beta" not in alpha
    assert beta is not None
    assert beta.startswith("WARNING: the full check")
    assert "stream 'books-beta' is damaged at event 1" in beta
    assert "(and 1 more problems)" in beta  # its anchor's chain too
    assert owner is not None
    assert "stream 'books-beta' is damaged" in owner


def test_29_a_damaged_database_chain_is_told_without_naming_its_streams(
    store: EventStore, clock: FixedClock, tamper: Tamper
) -> None:
    from croupier.service.people.orgs import stream_owner
    from croupier.store.audit import record_run

    _fill(store)
    anchors.sign(store, ALPHA_KEY, clock.now())  # the database's: every stream
    rewrite_stream(tamper, store, "live-beta.t1", 1, 1)
    run = record_run(store, clock.now(), stream_owner(store.engine))
    told = run.describe("alpha")
    assert "the database's own chain of anchors does not hold" in told
    assert "beta" not in told
    assert "live-beta.t1" in run.describe()


def test_29_a_restore_proves_the_newest_anchor_of_the_key_given(
    tmp_path: Path, clock: FixedClock
) -> None:
    """``croupier db restore --public-key ORG.pem.pub`` proves that organization's newest
    anchor, whichever organization signed last (SQLite: the backup is SQLite's own)."""
    from cryptography.hazmat.primitives.serialization import PublicFormat

    from croupier.service.database.backup import backup, restore
    from croupier.store import open_store

    url = f"sqlite:///{tmp_path / 'live.db'}"
    with open_store(url, clock=clock) as store:
        _fill(store)
        alpha = anchors.sign(store, ALPHA_KEY, clock.now(), "alpha", ALPHA.owns)
        beta = anchors.sign(store, BETA_KEY, clock.now(), "beta", BETA.owns)
    backup(url, tmp_path / "copy.db")
    for n, (key, line) in enumerate(((ALPHA_KEY, alpha), (BETA_KEY, beta))):
        public = tmp_path / f"{n}.pub"
        public.write_bytes(
            key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
        )
        done = restore(tmp_path / "copy.db", f"sqlite:///{tmp_path / f'new{n}.db'}", str(public))
        assert done.anchor_problem == ""
        assert done.anchor_at == line.signed_at
