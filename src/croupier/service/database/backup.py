"""``croupier db backup`` and ``croupier db restore``: a consistent copy of a SQLite database,
and a restore that proves what it restored.

A backup uses SQLite's online backup API (``sqlite3.Connection.backup``): the copy is one
consistent snapshot even while writers append (in WAL mode readers never block them). A
PostgreSQL database is backed up with its own tools: ``pg_dump -Fc`` (docs/store.md).

A restore writes a new SQLite file (never over an existing one), then checks every hash chain
from its first event and proves the history against the newest anchor kept in the backup
whose signature verifies with the given public key (docs/anchors.md): a backup whose content
was altered fails, even when its hashes were recomputed.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from croupier.core.errors import InvalidInput
from croupier.store import engine as engines
from croupier.store import open_existing_store

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


def _sqlite_file(url: str, what: str) -> Path:
    parsed = engines.parse_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise InvalidInput(
            f"{what}: {engines.safe_url(parsed)} is PostgreSQL; back it up with "
            "`pg_dump -Fc -f croupier.dump DBNAME` and restore with `pg_restore` (docs/store.md)"
        )
    path = engines.sqlite_path(parsed)
    if path is None:
        raise InvalidInput(f"{what}: an in-memory database has no file to copy")
    return path


def _read_only(path: Path) -> str:
    """A read-only SQLite URI for ``path`` (percent-encoded: a '?' or '#' in a folder's name
    is part of the path, not of the URI's query)."""
    return f"{path.resolve().as_uri()}?mode=ro"


def backup(url: str, out: Path) -> int:
    """Copy the SQLite database at ``url`` to a new file ``out``; the number of events copied."""
    source = _sqlite_file(url, "backup")
    if not source.exists():
        raise InvalidInput(f"no database at {source}")
    if out.exists():
        raise InvalidInput(f"{out} exists; a backup never overwrites a file")
    if not out.parent.is_dir():
        raise InvalidInput(f"no folder {out.parent} for the backup")
    with open_existing_store(url):  # refuses a file that is not this croupier's database
        pass
    # Written under a temporary name beside ``out`` and renamed when complete: a backup
    # killed mid-copy leaves no file under the final name that a restore would take.
    partial = out.with_name(f".{out.name}.partial-{os.getpid()}")
    src = sqlite3.connect(_read_only(source), uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            count = dst.execute("SELECT count(*) FROM events").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise InvalidInput(
                f"the database at {source} is damaged ({exc}); no backup was made"
            ) from None
        finally:
            dst.close()
        # found by an audit: a database with a damaged page was copied without a word, and
        # the damage found only when a restore was needed
        damaged = _damage(partial)
        if damaged is not None:
            raise InvalidInput(
                f"the database at {source} is damaged ({damaged}); no backup was made: restore "
                "the last good backup, or recover the file with sqlite3's .recover"
            )
        with open(partial, "rb") as done:
            os.fsync(done.fileno())
        os.link(partial, out)  # never over a file that appeared meanwhile
    finally:
        src.close()
        for made in _sqlite_files(partial):
            made.unlink(missing_ok=True)
    return int(count)


def _damage(backup_file: Path) -> str | None:
    """What is wrong with a backup file before anything is copied from it: not a SQLite
    database, a page that fails SQLite's integrity check, or no croupier tables; None when it
    reads as a whole database."""
    try:
        db = sqlite3.connect(_read_only(backup_file), uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        found = [str(row[0]) for row in db.execute("PRAGMA integrity_check").fetchall()]
        if found != ["ok"]:
            return f"SQLite's integrity check: {found[0]}"
        tables = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master")}
        if not {"events", "event_streams", "anchors"} <= tables:
            return "it holds no croupier event store"
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        db.close()
    return None


@dataclass(frozen=True)
class Restored:
    """What a restore copied and proved."""

    streams: int
    events: int
    broken: tuple[str, ...]
    anchor_at: str | None
    anchor_problem: str
    missing_guards: tuple[str, ...] = ()
    """Append-only triggers the backup lacks (a backup croupier made has them all)."""


def restore(backup_file: Path, url: str, public_key: str | None) -> Restored:
    """Copy a backup into a new SQLite database at ``url``, then verify and prove it.

    The copy is made beside the target under a temporary name and renamed to it once checked
    (found by an audit: a restore killed after the copy had left a database at the target that
    nothing had checked, and a second try found it "exists"). A backup whose append-only
    guards were removed fails the restore (found by an audit: it had been "proven", and the
    books went on without them)."""
    from croupier.service.database import anchors

    target = _sqlite_file(url, "restore")
    if target.exists():
        raise InvalidInput(f"{target} exists; restore into a new file")
    if not backup_file.is_file():
        raise InvalidInput(f"no backup file {backup_file}")
    if not target.parent.is_dir():
        raise InvalidInput(f"no folder {target.parent} for the restored database")
    key = anchors.load_public_key(public_key)
    damaged = _damage(backup_file)
    if damaged == "file is not a database":
        raise InvalidInput(f"{backup_file} is not a SQLite backup: {damaged}")
    if damaged is not None:
        raise InvalidInput(f"{backup_file} is a damaged backup ({damaged}); nothing was restored")
    staged = target.with_name(f".{target.name}.restoring")
    for leftover in _sqlite_files(staged):  # a restore killed before: never renamed, unused
        leftover.unlink(missing_ok=True)
    try:
        result = _copy_and_check(backup_file, staged, key)
    except BaseException:
        for made in _sqlite_files(staged):
            made.unlink(missing_ok=True)
        raise
    os.replace(staged, target)
    return result


def _sqlite_files(path: Path) -> tuple[Path, ...]:
    """A SQLite database file and the journal files beside it."""
    return (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal")))


def _copy_and_check(backup_file: Path, staged: Path, key: Ed25519PublicKey) -> Restored:
    """Copy the backup to ``staged`` and check it: its guards, its chains, its anchor."""
    from croupier.store import anchor as anchor_store
    from croupier.store.anchor_reads import lines_newest_first
    from croupier.store.guards import missing_guards

    src = sqlite3.connect(_read_only(backup_file), uri=True)
    try:
        dst = sqlite3.connect(staged)
        try:
            src.backup(dst)
        finally:
            dst.close()
    except sqlite3.DatabaseError as exc:
        raise InvalidInput(f"{backup_file} is not a SQLite backup: {exc}") from None
    finally:
        src.close()
    with open_existing_store(f"sqlite:///{staged}") as store:
        with store.engine.connect() as conn:
            missing = tuple(missing_guards(conn))
        breaks = store.verify()
        versions = store.stream_versions()
        anchor_at, problem = None, "the backup holds no anchor signed with this key"
        for line in lines_newest_first(store):
            proof = anchor_store.prove(store, line, key)
            if proof.problem.startswith("the anchor was signed by key"):
                continue
            anchor_at, problem = proof.anchor.signed_at, proof.problem
            break
    return Restored(
        len(versions),
        sum(versions.values()),
        tuple(f"{b.stream} at event {b.seq}: {b.kind.value}" for b in breaks),
        anchor_at,
        problem,
        missing,
    )
