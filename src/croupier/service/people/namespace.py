"""Which event streams belong to which organization (issue 29: many organizations, one server).

Every stream's name says whose it is:

- the books, ``books-ORG``, and the count team's tallies, ``counts-ORG`` (named by organization
  from the start);
- a live table, ``live-ORG.TABLE``, and a tournament, ``tournament-ORG.ID`` (and its log,
  ``tournament-ORG.ID-log``). A table's and a tournament's id never holds a dot
  (``[a-z0-9-]``), so the last dot ends the organization's part.

The database's first organization keeps the names its tables and tournaments had before
organizations were told apart, ``live-TABLE`` and ``tournament-ID``: a stream's name is part of
each of its events' hashes (``store.hashing``), so renaming it would mean re-hashing its history,
which is what the chain exists to show. That organization is marked ``legacy`` in the register
(``people.orgs``). A name with a dot after the prefix is never the legacy organization's.

Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LIVE = "live-"
TOURNAMENT = "tournament-"
BOOKS = "books-"
COUNTS = "counts-"
LOG_SUFFIX = "-log"
LOCAL_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
"""A table's or tournament's id as far as a stream name is concerned: no dot."""


@dataclass(frozen=True, slots=True)
class Namespace:
    """One organization's part of the database's stream names."""

    org_id: str
    legacy: bool = False
    """The database's first organization: unqualified table and tournament streams."""

    def prefix(self, kind: str) -> str:
        """The prefix of this organization's live tables (``kind`` = ``LIVE``) or tournaments."""
        return kind if self.legacy else f"{kind}{self.org_id}."

    @property
    def live(self) -> str:
        return self.prefix(LIVE)

    @property
    def tournaments(self) -> str:
        return self.prefix(TOURNAMENT)

    def local(self, kind: str, stream: str) -> str | None:
        """The table's or tournament's id of ``stream`` if it is one of this organization's
        (``kind``'s), else None. A tournament's log answers its tournament's id."""
        head = self.prefix(kind)
        if not stream.startswith(head):
            return None
        rest = stream[len(head) :]
        return rest if LOCAL_ID.match(rest) else None

    def owns(self, stream: str) -> bool:
        """Whether ``stream`` is this organization's."""
        if stream in (BOOKS + self.org_id, COUNTS + self.org_id):
            return True
        return self.local(LIVE, stream) is not None or self.local(TOURNAMENT, stream) is not None
