"""Non-tournament fees and the occasion limits (99-01.3-09-01, -03.1, -03.3, -07.1.b).

The fee is at most $2 per one-half hour of playing time, collected in advance and recorded when
collected, per table and interval. An organization conducts poker on at most two occasions a
fiscal year (July 1 to June 30); nontournament play and side games within an occasion are limited
to a 24-hour period; tournament activity to three consecutive calendar days; each occasion to a
seventy-two-hour period (-01).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from croupier.core.errors import RuleViolation
from croupier.games.poker.rules import NONTOURNAMENT_MAX_FEE

FEE = "99-01.3-09-03.3"
FEE_RECORD = "99-01.3-09-07.1.b"
OCCASIONS = "99-01.3-09-03.1"
ONE = "99-01.3-09-01"
OCCASION_PERIOD = timedelta(hours=72)
HALF_HOUR = timedelta(minutes=30)


@dataclass(frozen=True, slots=True)
class FeeRecord:
    """One fee collected: table, half-hour interval (0, 1, ...), player, amount, when, by whom."""

    table: str
    interval: int
    player: str
    amount: int
    collected_at: datetime
    interval_start: datetime
    employee: str


class FeeLedger:
    """Fees of one nontournament occasion, recorded per table and half-hour interval."""

    def __init__(self, start: datetime, fee: int) -> None:
        if not 0 < fee <= NONTOURNAMENT_MAX_FEE:
            raise RuleViolation("the fee may not exceed two dollars per one-half hour", FEE)
        self.start = start
        self.fee = fee
        self.records: list[FeeRecord] = []

    def interval_start(self, interval: int) -> datetime:
        return self.start + interval * HALF_HOUR

    def collect(
        self, table: str, interval: int, player: str, collected_at: datetime, employee: str
    ) -> FeeRecord:
        """Record a fee collected in advance of the interval it pays for (-03.3)."""
        begins = self.interval_start(interval)
        if interval < 0:
            raise RuleViolation("intervals are numbered from 0", FEE)
        if collected_at > begins:
            raise RuleViolation(
                f"the fee for the interval starting {begins:%H:%M} must be collected in advance",
                FEE,
            )
        if any(
            r.table == table and r.interval == interval and r.player == player for r in self.records
        ):
            raise RuleViolation(
                f"{player} already paid for interval {interval} at table {table}", FEE
            )
        if not employee:
            raise RuleViolation("the employee who collected the fee must be recorded", FEE_RECORD)
        record = FeeRecord(table, interval, player, self.fee, collected_at, begins, employee)
        self.records.append(record)
        return record

    def by_table_and_interval(self) -> dict[tuple[str, int], tuple[int, int]]:
        """(table, interval) -> (number of players, fees collected)."""
        out: dict[tuple[str, int], tuple[int, int]] = {}
        for r in self.records:
            players, total = out.get((r.table, r.interval), (0, 0))
            out[(r.table, r.interval)] = (players + 1, total + r.amount)
        return out


@dataclass(frozen=True, slots=True)
class Occasion:
    """One poker occasion: its nontournament period and its tournament days."""

    nontournament_start: datetime | None = None
    nontournament_end: datetime | None = None
    tournament_days: tuple[date, ...] = ()


def fiscal_year(day: date) -> int:
    """The fiscal year (July 1 to June 30) named by the year it ends in."""
    return day.year + 1 if day.month >= 7 else day.year


def _first_day(o: Occasion) -> date:
    days = list(o.tournament_days)
    if o.nontournament_start is not None:
        days.append(o.nontournament_start.date())
    if not days:
        raise RuleViolation("an occasion needs play", OCCASIONS)
    return min(days)


def _span(o: Occasion) -> timedelta | None:
    """From the occasion's first moment of play to its last; a tournament day counts whole."""
    starts: list[datetime] = []
    ends: list[datetime] = []
    if o.nontournament_start is not None and o.nontournament_end is not None:
        starts.append(o.nontournament_start)
        ends.append(o.nontournament_end)
    for day in o.tournament_days:
        midnight = datetime.combine(day, time())
        if o.nontournament_start is not None and o.nontournament_start.tzinfo is not None:
            midnight = midnight.replace(tzinfo=o.nontournament_start.tzinfo)
        starts.append(midnight)
        ends.append(midnight + timedelta(days=1))
    if not starts:
        return None
    return max(ends) - min(starts)


def occasion_problems(occasions: Sequence[Occasion]) -> list[str]:
    """Every way a schedule of occasions breaks -01 and -03.1 (empty when it complies).

    At most two occasions a fiscal year (July 1 to June 30, by the occasion's first day of
    play); nontournament play within a 24-hour period; tournament play on at most three
    consecutive calendar days; the whole occasion within a seventy-two-hour period (-01),
    counting each tournament day as a whole calendar day.
    """
    out: list[str] = []
    per_year: dict[int, int] = {}
    for k, o in enumerate(occasions, start=1):
        per_year[fiscal_year(_first_day(o))] = per_year.get(fiscal_year(_first_day(o)), 0) + 1
        if (o.nontournament_start is None) != (o.nontournament_end is None):
            out.append(f"occasion {k}: nontournament play needs a start and an end")
        elif o.nontournament_start is not None and o.nontournament_end is not None:
            length = o.nontournament_end - o.nontournament_start
            if length <= timedelta(0):
                out.append(f"occasion {k}: nontournament play ends before it starts")
            elif length > timedelta(hours=24):
                out.append(f"occasion {k}: nontournament play exceeds a 24-hour period")
        if o.tournament_days:
            days = sorted(set(o.tournament_days))
            if (days[-1] - days[0]).days > 2:
                out.append(f"occasion {k}: tournament play exceeds three consecutive days")
        span = _span(o)
        if span is not None and span > OCCASION_PERIOD:
            out.append(f"occasion {k}: its play spans more than a seventy-two-hour period ({ONE})")
    for year, count in sorted(per_year.items()):
        if count > 2:
            out.append(f"fiscal year {year - 1}-{year}: {count} occasions; at most two")
    return out


def check_occasions(occasions: Sequence[Occasion]) -> None:
    """Raise ``RuleViolation`` listing every problem of the schedule."""
    problems = occasion_problems(occasions)
    if problems:
        raise RuleViolation("; ".join(problems), OCCASIONS)
