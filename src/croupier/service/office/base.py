"""The back office's common part: the store, the one long-lived books service and its lock,
reading the books and the sites, the status and the chain check, and recording a request."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from croupier.books.state import Books
from croupier.core.clock import Clock, SystemClock
from croupier.core.errors import InvalidInput
from croupier.core.events import Event
from croupier.service.books.close import SiteStatus, site_status
from croupier.service.books.service import BooksService, Request, chain_warning, read_warning
from croupier.service.database.store import StreamCheck, stream_versions, verify
from croupier.service.office.views import (
    Recorded,
    SiteInfo,
    TableInfo,
)
from croupier.service.people.authz import Action, Actor, authorize
from croupier.service.people.namespace import Namespace
from croupier.store import EventStore


def employee_of(actor: Actor) -> str:
    """The signed-in person's employee id, who acts in the books (the policy refuses an
    account not linked to an employee before any desk is reached)."""
    assert actor.employee_id is not None, "authorize refuses an unlinked account"
    return actor.employee_id


class OfficeBase:
    """One organization's back office over an open store (thread-safe: one lock)."""

    def __init__(
        self,
        store: EventStore,
        url: str,
        org_id: str,
        clock: Clock | None = None,
        namespace: Namespace | None = None,
    ):
        self.store = store
        self.url = url
        self.org_id = org_id
        self.namespace = namespace if namespace is not None else Namespace(org_id, legacy=True)
        """Which of the database's streams are this organization's (``people.namespace``)."""
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.books_service = BooksService(store, org_id, self.clock)
        self._lock = threading.RLock()

    def books(self) -> Books:
        with self._lock:
            return self.books_service.books()

    def organization(self) -> tuple[str, str] | None:
        """(id, name) of the organization, or None before ``croupier books init``."""
        books = self.books()
        if books.org_id is None:
            return None
        return books.org_id, books.org_name

    def warning(self) -> str | None:
        """The banner of the books as read: a damaged chain, then one line per corrupt entry
        (``service.books.read_warning``), or None."""
        with self._lock:
            books = self.books_service.books()
            return read_warning(chain_warning(self.books_service), books)

    def sites(self) -> list[SiteInfo]:
        with self._lock:  # the books are read and walked under the lock: a writer changes them
            return self._sites(self.books_service.books())

    def _sites(self, books: Books) -> list[SiteInfo]:
        out: list[SiteInfo] = []
        for site_id, st in sorted(books.sites.items()):
            tables = []
            for (sid, number), table in sorted(books.tables.items()):
                if sid != site_id:
                    continue
                key = st.open_shift.get(number)
                dealer = books.shifts[key].started.dealer_id if key is not None else None
                tables.append(TableInfo(number, table.game.value, key is not None, dealer))
            out.append(
                SiteInfo(site_id, st.site.name, st.site.surveilled, st.open_day, tuple(tables))
            )
        return out

    def status(self, actor: Actor, site: str) -> SiteStatus:
        """Where a site's cash and chips are now (``croupier books status``)."""
        authorize(actor, Action.VIEW_STATUS)
        self._require_org()
        return site_status(self.url, self.org_id, site)

    def stream_versions(self) -> dict[str, int]:
        """This organization's streams and their versions."""
        return {s: v for s, v in stream_versions(self.url).items() if self.namespace.owns(s)}

    def check_chains(self, actor: Actor) -> list[StreamCheck]:
        """``croupier verify`` of this organization's streams: each, and the first broken
        link of each broken chain (another organization's are not named)."""
        authorize(actor, Action.VIEW_VERIFY)
        return [c for c in verify(self.url) if self.namespace.owns(c.stream)]

    def _require_org(self) -> Books:
        books = self.books()
        if books.org_id is None:
            raise InvalidInput(
                f"no organization {self.org_id!r} in the books yet; run "
                f"`croupier books init {self.org_id} NAME` (or `croupier serve --demo`)"
            )
        return books

    def _record(self, request: Request) -> Recorded:
        numbers: list[int] = []
        original: Callable[[Event], str | None] | None = request.then

        def then(e: Event) -> str | None:
            number = getattr(e, "number", None)
            if isinstance(number, int):
                numbers.append(number)
            return original(e) if original is not None else None

        with self._lock:
            lines = self.books_service.record(replace(request, then=then), None)
        return Recorded(tuple(lines), numbers[0] if numbers else None)
