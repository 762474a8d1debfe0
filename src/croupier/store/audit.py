"""The full check, run in the background after each close (issue 26), and its kept results.

Commands and reports check only what they read (from the latest checkpoint on) and the newest
anchor; signing re-hashes only the events since the previous anchor. What neither re-hashes (an
edit before a checkpoint that left its stored hash as it was) is found by the full check: every
chain from its first event (``EventStore.verify``), the append-only guards (``store.guards``)
and the chain of anchors, each against the one before (``store.anchor``). It reads, never
writes the history, and blocks no writer; its result is kept in ``verify_runs`` and shown on
the status page and by ``books status``, with the refusals to sign since the newest anchor
(``refusals``). This module imports no cryptography: ``books status`` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from croupier.store.event_store import EventStore
from croupier.store.guards import missing_guards
from croupier.store.schema import anchor_refusals, anchors, verify_runs


@dataclass(frozen=True)
class Run:
    """One full check: when it finished, what it covered, and the first problem (or None)."""

    finished_at: datetime
    streams: int
    events: int
    problem: str | None

    def describe(self) -> str:
        """The line the status page and ``books status`` print."""
        when = self.finished_at.isoformat(timespec="seconds")
        if self.problem is None:
            return (
                f"last full check {when}: all {self.streams:,} chains intact ({self.events:,} "
                "events re-hashed), the append-only guards in place, the anchors each extending "
                "the one before"
            )
        return f"WARNING: the full check of {when} found: {self.problem}; run `croupier verify`"


def full_check(store: EventStore) -> tuple[int, int, str | None]:
    """Streams and events checked, and the first problem found (None: all hold)."""
    from croupier.store import anchor as anchor_store

    versions = store.stream_versions()
    streams, total = len(versions), sum(versions.values())
    breaks = store.verify()
    if breaks:
        first = breaks[0]
        more = f" (and {len(breaks) - 1} more streams)" if len(breaks) > 1 else ""
        return (
            streams,
            total,
            f"stream {first.stream!r} is damaged at event {first.seq}: "
            + (f"{first.kind.value} ({first.detail}){more}"),
        )
    with store.engine.connect() as conn:
        missing = missing_guards(conn)
        if missing:
            return streams, total, f"append-only guards missing: {', '.join(missing)}"
        for org, newest in anchor_store.chains(conn):  # the database's, each organization's
            problem = anchor_store.chain_problem(conn, newest, None, org)
            if problem is not None:
                return streams, total, problem
    return streams, total, None


def record_run(store: EventStore, finished_at: datetime) -> Run:
    """Run the full check and keep its result."""
    streams, total, problem = full_check(store)
    with store.engine.begin() as conn:
        conn.execute(
            sa.insert(verify_runs).values(
                finished_at=finished_at, streams=streams, events=total, problem=problem
            )
        )
    return Run(finished_at, streams, total, problem)


def latest_run(store: EventStore) -> Run | None:
    """The newest kept full check, or None before the first."""
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.select(verify_runs).order_by(verify_runs.c.run_id.desc()).limit(1)
        ).one_or_none()
    if row is None:
        return None
    return Run(row.finished_at, row.streams, row.events, row.problem)


def latest_line(store: EventStore) -> str | None:
    """``latest_run(store).describe()``, or None before the first full check."""
    run = latest_run(store)
    return None if run is None else run.describe()


def refusals(store: EventStore, org: str | None = None) -> list[tuple[datetime, str]]:
    """The refusals to sign made since the newest anchor of the chain was kept (when, and what
    differed), oldest first: what the gaming manager is shown until an anchor is signed again.
    The chain is ``org``'s own (issue 29) or, without one, the database's."""
    mine = anchors.c.org_id.is_(None) if org is None else anchors.c.org_id == org
    theirs = anchor_refusals.c.org_id.is_(None) if org is None else anchor_refusals.c.org_id == org
    with store.engine.connect() as conn:
        newest = conn.execute(sa.select(sa.func.max(anchors.c.anchor_id)).where(mine)).scalar()
        query = (
            sa.select(anchor_refusals.c.refused_at, anchor_refusals.c.problem)
            .where(theirs)
            .order_by(anchor_refusals.c.refusal_id)
        )
        if newest is None:
            query = query.where(anchor_refusals.c.after_anchor.is_(None))
        else:
            query = query.where(anchor_refusals.c.after_anchor == newest)
        return [(row.refused_at, str(row.problem)) for row in conn.execute(query)]
