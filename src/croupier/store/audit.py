"""The full check, run in the background after each close (issue 26), and its kept results.

Commands and reports check only what they read (from the latest checkpoint on) and the newest
anchor; signing re-hashes only the events since the previous anchor. What neither re-hashes (an
edit before a checkpoint that left its stored hash as it was) is found by the full check: every
chain from its first event (``EventStore.verify``), the append-only guards (``store.guards``)
and the chain of anchors, each against the one before (``store.anchor``). It reads, never
writes the history, and blocks no writer; its result is kept in ``verify_runs`` and shown on
the status page and by ``books status``, with the refusals to sign since the newest anchor
(``refusals``). This module imports no cryptography: ``books status`` reads it, and
imports no SQLAlchemy for it (``EventStore.backend``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from croupier.store.backend import utc
from croupier.store.event_store import EventStore

OrgOf = Callable[[str], str | None]
"""The organization a stream belongs to, or None (``service.people.namespace``)."""

STREAMS, CHAINS, GUARDS, FILE = "stream", "chain", "guards", "file"
"""What a finding is about: a damaged stream, a chain of anchors, the append-only guards, the
database file itself (SQLite's own check of its pages)."""


@dataclass(frozen=True)
class Finding:
    """One problem the full check found, and whose records it concerns: an organization's
    (its stream, its chain of anchors), or the database's (None: the guards, the database's
    own chain of anchors, a stream of no organization)."""

    about: str
    org: str | None
    text: str


@dataclass(frozen=True)
class Check:
    """What one full check covered and found."""

    streams: int
    events: int
    findings: list[Finding]
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each organization's streams and events (when the check knew the organizations)."""

    @property
    def problem(self) -> str | None:
        """The first problem, as the database's owner is told it; None when all hold."""
        breaks = [f for f in self.findings if f.about == STREAMS]
        if breaks:
            more = f" (and {len(breaks) - 1} more streams)" if len(breaks) > 1 else ""
            return breaks[0].text + more
        return self.findings[0].text if self.findings else None


@dataclass(frozen=True)
class Run:
    """One full check: when it finished, what it covered, and the first problem (or None)."""

    finished_at: datetime
    streams: int
    events: int
    problem: str | None
    detail: dict[str, Any] | None = None
    """Each organization's counts and findings (``Check``), kept as JSON; None for a run kept
    before organizations were told apart."""

    def describe(self, org: str | None = None) -> str:
        """The line the status page and ``books status`` print: the database's, or, with
        ``org`` (a database of several organizations), that organization's own: its chains,
        its findings and the database-wide ones, never another organization's stream."""
        when = self.finished_at.isoformat(timespec="seconds")
        if org is not None and self.detail is not None:
            return self._describe_for(org, when)
        if self.problem is None:
            return (
                f"last full check {when}: all {self.streams:,} chains intact ({self.events:,} "
                "events re-hashed), the append-only guards in place, the anchors each extending "
                "the one before"
            )
        return f"WARNING: the full check of {when} found: {self.problem}; run `croupier verify`"

    def _describe_for(self, org: str, when: str) -> str:
        assert self.detail is not None
        streams, events = self.detail.get("counts", {}).get(org, (0, 0))
        told: list[str] = []
        for about, whose, text in self.detail.get("findings", []):
            if whose == org or about == GUARDS:
                told.append(text)
            elif whose is None and about == CHAINS:
                told.append(
                    "the database's own chain of anchors does not hold (the operator's "
                    "`croupier verify --record` names the problem)"
                )
        if not told:
            return (
                f"last full check {when}: all {streams:,} of this organization's chains intact "
                f"({events:,} events re-hashed), the append-only guards in place, the anchors "
                "each extending the one before"
            )
        more = f" (and {len(told) - 1} more problems)" if len(told) > 1 else ""
        return f"WARNING: the full check of {when} found: {told[0]}{more}; run `croupier verify`"


def examine(store: EventStore, org_of: OrgOf | None = None) -> Check:
    """The full check: every chain from its first event, the append-only guards, and every
    chain of anchors (the database's, each organization's), each finding told with whose
    records it concerns (``org_of``)."""
    from croupier.store import anchor as anchor_store
    from croupier.store.guards import missing_guards

    damaged = file_damage(store)
    if damaged is not None:  # nothing else of the file can be trusted, or even read
        return Check(0, 0, [Finding(FILE, None, f"SQLite's check of the file: {damaged}")], {})
    whose: OrgOf = org_of if org_of is not None else (lambda _stream: None)
    versions = store.stream_versions()
    counts: dict[str, tuple[int, int]] = {}
    for stream, version in versions.items():
        org = whose(stream)
        if org is not None:
            held = counts.get(org, (0, 0))
            counts[org] = (held[0] + 1, held[1] + version)
    findings = [
        Finding(
            STREAMS,
            whose(b.stream),
            f"stream {b.stream!r} is damaged at event {b.seq}: {b.kind.value} ({b.detail})",
        )
        for b in store.verify()
    ]
    with store.engine.connect() as conn:
        missing = missing_guards(conn)
        if missing:
            text = f"append-only guards missing: {', '.join(missing)}"
            findings.append(Finding(GUARDS, None, text))
        for org, newest in anchor_store.chains(conn):  # the database's, each organization's
            problem = anchor_store.chain_problem(conn, newest, None, org)
            if problem is not None:
                findings.append(Finding(CHAINS, org, problem))
    return Check(len(versions), sum(versions.values()), findings, counts)


def file_damage(store: EventStore) -> str | None:
    """SQLite's own check of the database file's pages (``PRAGMA quick_check``), or None when
    it finds nothing (and for PostgreSQL, whose server checks its own pages). Found by an
    audit: a damaged page that no chain read passed the full check and went into a backup."""
    if store.engine.dialect.name != "sqlite":
        return None
    try:
        with store.engine.connect() as conn:
            said = [str(row[0]) for row in conn.exec_driver_sql("PRAGMA quick_check").all()]
    except Exception as exc:  # a file SQLite cannot even check is damaged
        return str(getattr(exc, "orig", None) or exc).splitlines()[0]
    return None if said == ["ok"] else said[0]


def full_check(store: EventStore) -> tuple[int, int, str | None]:
    """Streams and events checked, and the first problem found (None: all hold)."""
    check = examine(store)
    return check.streams, check.events, check.problem


def record_run(store: EventStore, finished_at: datetime, org_of: OrgOf | None = None) -> Run:
    """Run the full check and keep its result, with each organization's part (``org_of``)."""
    check = examine(store, org_of)
    detail = {
        "counts": {org: list(pair) for org, pair in sorted(check.counts.items())},
        "findings": [[f.about, f.org, f.text] for f in check.findings],
    }
    with store.backend.writing() as conn:
        conn.run(
            "INSERT INTO verify_runs (finished_at, streams, events, problem, detail) "
            "VALUES (:finished_at, :streams, :events, :problem, :detail)",
            {
                "finished_at": conn.time(finished_at),
                "streams": check.streams,
                "events": check.events,
                "problem": check.problem,
                "detail": json.dumps(detail, sort_keys=True),
            },
        )
    return Run(finished_at, check.streams, check.events, check.problem, detail)


def latest_run(store: EventStore) -> Run | None:
    """The newest kept full check, or None before the first."""
    with store.backend.reading() as conn:
        row = conn.first(
            "SELECT finished_at, streams, events, problem, detail FROM verify_runs "
            "ORDER BY run_id DESC LIMIT 1"
        )
    if row is None:
        return None
    finished_at, streams, events, problem, detail_text = row
    detail = None if detail_text is None else json.loads(detail_text)
    return Run(utc(finished_at), int(streams), int(events), problem, detail)


def latest_line(store: EventStore, org: str | None = None) -> str | None:
    """``latest_run(store).describe(org)``, or None before the first full check."""
    run = latest_run(store)
    return None if run is None else run.describe(org)


def refusals(store: EventStore, org: str | None = None) -> list[tuple[datetime, str]]:
    """The refusals to sign made since the newest anchor of the chain was kept (when, and what
    differed), oldest first: what the gaming manager is shown until an anchor is signed again.
    The chain is ``org``'s own (issue 29) or, without one, the database's."""
    whose = "org_id IS NULL" if org is None else "org_id = :org"
    params: dict[str, Any] = {} if org is None else {"org": org}
    with store.backend.reading() as conn:
        newest = conn.scalar(f"SELECT max(anchor_id) FROM anchors WHERE {whose}", params)
        after = "after_anchor IS NULL" if newest is None else "after_anchor = :newest"
        rows = conn.all(
            f"SELECT refused_at, problem FROM anchor_refusals WHERE {whose} AND {after} "
            "ORDER BY refusal_id",
            {**params, "newest": newest} if newest is not None else params,
        )
    return [(utc(refused_at), str(problem)) for refused_at, problem in rows]
