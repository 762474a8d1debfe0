"""How long records are kept: three years from the end of the quarter in which the activity
was reported, unless a rule says otherwise (99-01.3-08-16, 99-01.3-11-07, 99-01.3-09-07)."""

from __future__ import annotations

from datetime import date, timedelta
from enum import Enum

from croupier.books.quarters import Quarter
from croupier.core.errors import RuleViolation


class RecordKind(Enum):
    """Kinds of record whose retention differs."""

    DAILY_RECORDS = "daily records, slips, counts, summaries"
    PERCENT_OF_HOLD = "dealer and wheel operator percent-of-hold information"
    VIDEO_REVIEW = "video review documentation"
    WINNING_TICKETS = "winning paddlewheel tickets and unsold ticket cards"
    TABLE_USAGE = "table usage and rent proration documentation"
    RECORDED_VIDEO = "recorded video"


RETENTION: dict[RecordKind, tuple[int, str]] = {
    RecordKind.DAILY_RECORDS: (3, "99-01.3-08-16"),
    RecordKind.PERCENT_OF_HOLD: (1, "99-01.3-08-16.1.h"),
    RecordKind.VIDEO_REVIEW: (1, "99-01.3-08-16.1.h"),
    RecordKind.WINNING_TICKETS: (1, "99-01.3-11-07.1.b.2"),
    RecordKind.TABLE_USAGE: (3, "99-01.3-08-01"),
}


def keep_until(kind: RecordKind, activity: date) -> date:
    """The last day a record must be kept."""
    if kind is RecordKind.RECORDED_VIDEO:
        return activity + timedelta(days=30)  # 99-01.3-08-04.5: thirty days
    years, _section = RETENTION[kind]
    end = Quarter.of(activity).last_day
    return end.replace(year=end.year + years)


def check_destruction(kind: RecordKind, activity: date, today: date) -> None:
    """Refuse to destroy a record before its retention ends."""
    until = keep_until(kind, activity)
    if today <= until:
        section = "99-01.3-08-04.5" if kind is RecordKind.RECORDED_VIDEO else RETENTION[kind][1]
        raise RuleViolation(
            f"{kind.value} of {activity.isoformat()} must be kept until {until.isoformat()}",
            section,
        )
