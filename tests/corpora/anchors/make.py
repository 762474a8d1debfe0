"""Write this folder's corpus: a small database as a SQL text dump, holding anchors of both
versions, the public keys that prove them and the printed lines (docs/anchors.md). Run once,
with the code of the day the versions were made; the private keys are thrown away. The test
(``tests/integration/store/test_anchor_corpus.py``) proves every line against the dump with
whatever code reads anchors now.

    .venv/bin/python tests/corpora/anchors/make.py
"""

from __future__ import annotations

import sqlite3
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from croupier.core.clock import FixedClock
from croupier.core.events import Event, event
from croupier.service.people.namespace import Namespace
from croupier.service.people.orgs import Organizations
from croupier.store import anchor as anchors
from croupier.store import open_store

HERE = Path(__file__).resolve().parent
AT = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)


@event("corpus.anchors.moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    cents: int


def main() -> None:
    keys = {name: Ed25519PrivateKey.generate() for name in ("database", "alpha", "beta")}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.db"
        store = open_store(f"sqlite:///{path}", clock=FixedClock(AT))
        orgs = Organizations(store.engine, FixedClock(AT))
        orgs.open("alpha")
        orgs.add("beta")
        store.append("books-alpha", [Moved(c) for c in (100, 200)], 0)
        store.append("live-t1", [Moved(5)], 0)
        lines = [("1", "database", anchors.sign(store, keys["database"], AT).line)]
        store.append("books-beta", [Moved(7)], 0)
        store.append("live-beta.t1", [Moved(9)], 0)
        for step, org in enumerate(("alpha", "beta"), 1):
            owns = Namespace(org, legacy=org == "alpha").owns
            signed = anchors.sign(store, keys[org], AT + timedelta(minutes=step), org, owns)
            lines.append(("2", org, signed.line))
        store.append("books-alpha", [Moved(300)], 2)
        later = AT + timedelta(minutes=5)
        alpha = Namespace("alpha", legacy=True).owns
        lines.append(("2", "alpha", anchors.sign(store, keys["alpha"], later, "alpha", alpha).line))
        store.close()
        with sqlite3.connect(path) as conn:
            dump = "\n".join(conn.iterdump()) + "\n"
    (HERE / "corpus.sql").write_text(dump)
    for name, key in keys.items():
        public = key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
        (HERE / f"{name}.pub").write_bytes(public)
    (HERE / "lines.txt").write_text("".join(f"{v} {who} {line}\n" for v, who, line in lines))


if __name__ == "__main__":
    main()
