"""The event store from a shell: ``croupier verify`` and ``croupier db upgrade|streams``.

Only ``upgrade`` creates a database (or migrates it); the others open an existing one
(``croupier.store.open_existing_store``) and refuse a mistyped path with one clear line.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.store import open_existing_store, open_store


@dataclass(frozen=True)
class StreamCheck:
    """One stream: its version and, if its chain is broken, the first broken link."""

    stream: str
    events: int
    broken_at: int | None = None
    kind: str = ""
    detail: str = ""


def verify(url: str) -> list[StreamCheck]:
    """Every stream of the database at ``url``, sorted, with the first broken link of each
    broken hash chain (a full check from the first event)."""
    with open_existing_store(url) as store:
        versions = store.stream_versions()
        breaks = {b.stream: b for b in store.verify()}
    out: list[StreamCheck] = []
    for name in sorted(set(versions) | set(breaks)):
        found = breaks.get(name)
        if found is None:
            out.append(StreamCheck(name, versions.get(name, 0)))
        else:
            out.append(
                StreamCheck(name, versions.get(name, 0), found.seq, found.kind.value, found.detail)
            )
    return out


def upgrade(url: str) -> None:
    """Create the database's tables, or migrate them to this croupier's schema."""
    with open_store(url):
        pass


def stream_versions(url: str, prefix: str = "") -> dict[str, int]:
    """The streams (whose name starts with ``prefix``) and their versions."""
    with open_existing_store(url) as store:
        return store.stream_versions(prefix)
