"""The cameras of a surveilled site from the browser (issue 28; 99-01.3-08-04.4 to .6): each
table's daily review, a camera fault reported when it is found and its repair, and for an open
fault the clock the rule runs: forty-eight hours of the table's activity or four calendar days
after the day it was found, whichever comes first, after which the table may open only with a
$2 maximum wager until the camera is repaired. The signed-in person is the reviewer (their
employee id); the books check that they may access the cameras (-04.4.a)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from croupier.books.surveillance import REPAIR_ACTIVITY, REPAIR_DAYS, activity_since
from croupier.core.errors import InvalidInput
from croupier.service.office.base import OfficeBase, employee_of
from croupier.service.office.views import Recorded
from croupier.service.people.authz import Action, Actor, authorize


@dataclass(frozen=True)
class CameraRow:
    """One table's camera as the page shows it."""

    table: int
    game: str
    reviewed_today: str | None
    """Who reviewed it on the open gaming day and what they found, or None."""
    fault_since: str | None
    activity_hours: float
    """Hours the table was open since the fault was found."""
    last_day: str | None
    """The last calendar day of the four after the day the fault was found."""
    passed: bool
    """Forty-eight hours of activity or the four days are past: $2 maximum wager (-04.6)."""


class CamerasDesk(OfficeBase):
    """The cameras of a site (see the module)."""

    def cameras(self, actor: Actor, site: str) -> list[CameraRow]:
        authorize(actor, Action.CAMERAS)
        now = self.clock.now()
        with self._lock:
            books = self.books_service.books()
            if site not in books.sites:
                raise InvalidInput(f"no site {site!r}")
            st = books.sites[site]
            day = next((d for (s, d) in sorted(books.days) if s == site and not
                        books.days[(s, d)].closed), None)  # fmt: skip
            reviews = books.days[(site, day)].reviews if day is not None else []
            rows = []
            for (s, number), table in sorted(books.tables.items()):
                if s != site:
                    continue
                seen = [r for r in reviews if r.table == number]
                reviewed = None
                if seen:
                    r = seen[-1]
                    reviewed = f"{r.reviewer_id}: {'working' if r.working else 'fault'}"
                since_text = st.camera_fault_since.get(number)
                hours, last, passed = 0.0, None, False
                if since_text is not None:
                    since = datetime.fromisoformat(since_text)
                    spent = activity_since(books, site, number, since, now)
                    hours = spent.total_seconds() / 3600
                    last_day = since.date() + timedelta(days=REPAIR_DAYS)
                    last = last_day.isoformat()
                    passed = now.date() > last_day or spent >= REPAIR_ACTIVITY
                rows.append(
                    CameraRow(number, table.game.value, reviewed, since_text, hours, last, passed)
                )
            return rows

    def review_camera(
        self, actor: Actor, site: str, table: int, working: bool, note: str
    ) -> Recorded:
        """The daily review of a table's camera (-04.6), by the signed-in person."""
        from croupier.service.books.day import review_camera

        authorize(actor, Action.CAMERAS)
        return self._record(review_camera(site, table, employee_of(actor), working, note))

    def camera_fault(self, actor: Actor, site: str, table: int, note: str) -> Recorded:
        """A camera found not working at any time: its clock starts now (-04.6)."""
        from croupier.service.books.day import camera_fault

        authorize(actor, Action.CAMERAS)
        return self._record(camera_fault(site, table, employee_of(actor), note))

    def camera_repaired(self, actor: Actor, site: str, table: int) -> Recorded:
        from croupier.service.books.day import camera_repaired

        authorize(actor, Action.CAMERAS)
        return self._record(camera_repaired(site, table, employee_of(actor)))
