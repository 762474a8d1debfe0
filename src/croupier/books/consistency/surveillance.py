"""The consistency rules of surveillance: camera reviews, faults and repairs, documented video
reviews (99-01.3-08-04).

Each ``_x`` checks one entry alone; each ``_ctx_x`` the entry against the books before it. The
registries of ``croupier.books.consistency`` name them per event type."""

from __future__ import annotations

from croupier.books import events as ev
from croupier.books.consistency.fields import (
    _count,
    _day,
    _day_of,
    _id,
    _text,
    _time,
)
from croupier.books.state import Books


def _reviewed(e: ev.SurveillanceReviewed) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_day(e.day),
        *_count(e.table, "the table number"),
        *_id(e.reviewer_id, "the reviewer's id"),
        *_time(e.at),
        *_text(e.note, "the note"),
    ]


def _fault(e: ev.CameraFaultReported) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_time(e.at),
        *_id(e.reported_by, "the reporter's id"),
        *_text(e.note, "the note"),
    ]


def _repaired(e: ev.CameraRepaired) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_time(e.at),
        *_id(e.by_id, "the id of who repaired it"),
    ]


def _video(e: ev.VideoReviewDocumented) -> list[str]:
    return [
        *_id(e.site_id, "the site id"),
        *_count(e.table, "the table number"),
        *_day(e.reviewed_day, "the reviewed day"),
        *_count(e.shift, "the shift number"),
        *_count(e.minutes, "the minutes reviewed (99-01.3-08-04.8)"),
        *_id(e.reviewer_id, "the reviewer's id"),
        *_time(e.at),
        *_text(e.finding, "the finding"),
    ]


def _ctx_reviewed(books: Books, e: ev.SurveillanceReviewed) -> list[str]:
    return _day_of(books, e.site_id, e.day)
