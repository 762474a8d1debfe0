"""The back office as the web server sees it: sites and their status, the fill and credit slip
flow (prepared by one person, verified by another, or voided), the hash-chain check and the
daily report, the count, the close, the quarter and the rest of the gaming day the pages offer.
Every function takes the signed-in ``Actor`` and asks ``service.people.authz`` first; the books
requests are the CLI's own (``service.books.day.slip_of`` and ``void``, ``service.books.close``,
...), run through one long-lived ``BooksService``, with the signed-in person's employee id as
preparer or verifier (never a value a form supplied). The class is put together from one desk
per capability: ``office.slips``, ``office.reports``, ``office.day`` and ``office.counting``
(the two-person count, each member on their own session) and ``office.cameras``, over
``office.base``.

A slip is prepared first and stored as a *draft* (``slip_drafts``): the books hold only
completed slips (``books.slip_issued``, chips moved) and voided forms (``books.slip_voided``).
Verifying a draft records the slip; voiding it records the VOID form under the next number
(99-01.3-08-05.2). A draft is claimed (``pending`` to ``verifying``) before the books are
written, so two people verifying at once cannot issue it twice.
"""

from __future__ import annotations

from croupier.books.model import MAX_TABLE_NUMBER as MAX_TABLE_NUMBER  # the API's bound too
from croupier.service.office.asks import AsksDesk
from croupier.service.office.cameras import CamerasDesk
from croupier.service.office.counting import CountingDesk
from croupier.service.office.entries import EntriesDesk
from croupier.service.office.reports import ReportsDesk
from croupier.service.office.slips import SlipsDesk
from croupier.service.office.views import (
    ISSUED,
    MEDIA,
    PENDING,
    VERIFYING,
    VOID,
    Download,
    Draft,
    FormView,
    Recorded,
    SiteInfo,
    TableInfo,
    TableView,
    actor_of,
    local_offset,
)

__all__ = [
    "ISSUED",
    "MEDIA",
    "PENDING",
    "VERIFYING",
    "VOID",
    "Backoffice",
    "Download",
    "Draft",
    "FormView",
    "Recorded",
    "SiteInfo",
    "TableInfo",
    "TableView",
    "actor_of",
    "local_offset",
]


class Backoffice(SlipsDesk, ReportsDesk, CountingDesk, CamerasDesk, EntriesDesk, AsksDesk):
    """One organization's back office over an open store (thread-safe: one lock): the slips
    (``office.slips``), the reports (``office.reports``) and the day around the tables
    (``office.day``), over the common part (``office.base``)."""
