"""Video surveillance records: the daily review log and camera repairs (99-01.3-08-04.6) and
the weekly video reviews after a low percent-of-hold quarter (99-01.3-08-04.8)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from croupier.books import events as ev
from croupier.books.guards import (
    employee,
    require_open_day,
    require_role,
    require_table,
    stamp,
)
from croupier.books.model import Role, check_text
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event

REPAIR_ACTIVITY = timedelta(hours=48)
REPAIR_DAYS = 4
VIDEO_ACCESS = (Role.GAMING_MANAGER, Role.SHIFT_MANAGER, Role.INDEPENDENT_PERSON)


def review_camera(
    books: Books,
    site_id: str,
    day: date,
    table: int,
    working: bool,
    reviewer_id: str,
    at: datetime,
    note: str = "",
) -> list[Event]:
    """The daily review that a table's camera records an unobstructed, clear view (-04.6)."""
    iso = require_open_day(books, site_id, day)
    require_table(books, site_id, table)
    check_text(note, "note")
    require_role(books, reviewer_id, VIDEO_ACCESS, "access a recording unit", "99-01.3-08-04.4.a")
    return [ev.SurveillanceReviewed(site_id, iso, table, working, reviewer_id, stamp(at), note)]


def report_camera_fault(
    books: Books, site_id: str, table: int, at: datetime, by: str, note: str = ""
) -> list[Event]:
    """A camera fault found at any time, not only by the daily review: the forty-eight hours of
    table activity or four calendar days to repair it run from now (99-01.3-08-04.6)."""
    require_table(books, site_id, table)
    check_text(note, "note")
    employee(books, by)
    since = books.sites[site_id].camera_fault_since.get(table)
    if since is not None:
        raise InvalidInput(
            f"the camera of table {table} at {site_id!r} is already faulty since {since}"
        )
    return [ev.CameraFaultReported(site_id, table, stamp(at), by, note)]


def repair_camera(books: Books, site_id: str, table: int, at: datetime, by: str) -> list[Event]:
    require_table(books, site_id, table)
    if table not in books.sites[site_id].camera_fault_since:
        raise InvalidInput(f"no camera fault is open for table {table} at {site_id!r}")
    require_role(books, by, VIDEO_ACCESS, "access a camera", "99-01.3-08-04.4.a")
    return [ev.CameraRepaired(site_id, table, stamp(at), by)]


def activity_since(
    books: Books, site_id: str, table: int, since: datetime, until: datetime
) -> timedelta:
    """Hours a table was open (shift start to end) between two moments (with the part before
    the books' window that a checkpoint carried for a fault found at ``since``)."""
    spent = timedelta()
    carried = books.carried_activity.get((site_id, table))
    if carried is not None and datetime.fromisoformat(carried[0]) == since:
        spent += timedelta(microseconds=carried[1])
    for key, rec in books.shifts.items():
        if key[0] != site_id or key[2] != table:
            continue
        start = datetime.fromisoformat(rec.started.at)
        end = datetime.fromisoformat(rec.ended.at) if rec.ended else until
        start, end = max(start, since), min(end, until)
        if end > start:
            spent += end - start
    return spent


def camera_deadline_passed(books: Books, site_id: str, table: int, at: datetime) -> bool:
    """Whether a camera fault has outlived forty-eight hours of activity on the table or four
    calendar days after the day it was found (99-01.3-08-04.6)."""
    since_text = books.sites[site_id].camera_fault_since.get(table)
    if since_text is None:
        return False
    since = datetime.fromisoformat(since_text)
    if at.date() > since.date() + timedelta(days=REPAIR_DAYS):
        return True
    return activity_since(books, site_id, table, since, at) >= REPAIR_ACTIVITY


def document_video_review(
    books: Books,
    site_id: str,
    table: int,
    reviewed_day: date,
    shift: int,
    minutes: int,
    reviewer_id: str,
    at: datetime,
    finding: str = "",
) -> list[Event]:
    """One documented review of a shift's recorded video (99-01.3-08-04.8)."""
    require_table(books, site_id, table)
    try:
        check_text(finding, "finding")
    except InvalidInput as exc:
        raise InvalidInput(
            f"{exc}: the review and its finding are documented as read (99-01.3-08-04.8)"
        ) from None
    require_role(
        books, reviewer_id, VIDEO_ACCESS, "access stored recorded video", "99-01.3-08-04.4.a"
    )
    rec = books.shifts.get((site_id, reviewed_day.isoformat(), table, shift))
    if rec is None:
        raise InvalidInput(f"no shift {shift} of table {table} on {reviewed_day.isoformat()}")
    if rec.started.dealer_id == reviewer_id:
        raise RuleViolation(
            f"{reviewer_id} conducted the game on the shift selected and may not review it",
            "99-01.3-08-04.8",
        )
    if minutes <= 0:
        raise InvalidInput("a review lasts some minutes")
    return [
        ev.VideoReviewDocumented(
            site_id,
            table,
            reviewed_day.isoformat(),
            shift,
            minutes,
            reviewer_id,
            stamp(at),
            finding,
        )
    ]


def missing_reviews(books: Books, site_id: str, day: str) -> list[int]:
    """Tables of a surveilled site active on the day without a camera review entry (-04.6)."""
    if not books.sites[site_id].site.surveilled:
        return []
    record = books.days.get((site_id, day))
    if record is None:
        return []
    active = {key[2] for key in record.shifts}
    reviewed = {r.table for r in record.reviews}
    return sorted(active - reviewed)
