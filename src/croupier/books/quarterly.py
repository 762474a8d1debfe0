"""Quarterly summary and compliance findings, each citing its section."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction

from croupier.books.amounts import Amount, Unknown, minus, ratio, total
from croupier.books.count import slip_discrepancies
from croupier.books.daily import DailyRecord, daily_record
from croupier.books.events import QuarterClosed
from croupier.books.hold import HOLD_FLOOR
from croupier.books.model import Game, Site, SlipKind
from croupier.books.periods import PriorCorrection, corrections_of_earlier_quarters
from croupier.books.quarters import Quarter, fiscal_year_start
from croupier.books.slips import unaccounted_numbers
from croupier.books.state import Books
from croupier.books.surveillance import (
    REPAIR_ACTIVITY,
    REPAIR_DAYS,
    activity_since,
    missing_reviews,
)
from croupier.books.tax import QuarterTax, TaxSchedule, quarter_tax
from croupier.core.money import format_money

SURVEILLANCE_AVERAGE = 1_000_000
"""$10,000 average twenty-one gross proceeds per quarter (99-01.3-08-04)."""
WAGER_WITHOUT_SURVEILLANCE = 200


@dataclass(frozen=True, slots=True)
class GameQuarter:
    """One game's quarter at one site: the sums of its daily summaries."""

    site_id: str
    game: Game
    days: int
    """Gaming days at the site with a daily record that includes the game."""
    gross_proceeds: Amount
    prizes: Amount
    adjusted_gross_proceeds: Amount
    cash_profit: Amount
    cash_long_short: Amount
    table_days: int = 0
    """Days of use summed over the game's tables: a table used on a day counts once, whatever
    its shifts (the usage -01 documents for table rent)."""
    tournament_gross: int = 0
    tournament_agp: int = 0
    """The twenty-one tournaments' part of the gross and adjusted gross proceeds."""

    @property
    def table_gross(self) -> Amount:
        """Gross proceeds of table play (without tournament fees)."""
        return minus(self.gross_proceeds, self.tournament_gross)

    @property
    def table_agp(self) -> Amount:
        """Adjusted gross proceeds of table play (without the tournaments')."""
        return minus(self.adjusted_gross_proceeds, self.tournament_agp)

    @property
    def hold(self) -> Fraction | Unknown:
        """Percent-of-hold of table play (99-01.3-08-01.3): tournament fees and prizes are
        proceeds and prizes of the game but no table's hold."""
        return ratio(self.table_agp, self.table_gross)


@dataclass(frozen=True, slots=True)
class SiteQuarter:
    """One site's quarter: its days with a daily record and its bank deposits (a site's
    deposit is of the whole day's cash, not of one game's)."""

    site_id: str
    days: int
    bank_deposit: int


@dataclass(frozen=True, slots=True)
class Finding:
    """Something the organization must do or has failed to do, with its section and its
    deadline: a date to act by, ``overdue since`` the date a failure was due, or when (issue
    30: the Deadline cell is never empty)."""

    section: str
    site_id: str
    message: str
    deadline: str


def overdue(since: str) -> str:
    """The deadline of a failure already past: what was due on ``since`` (a day or a month)."""
    return f"overdue since {since}"


@dataclass(frozen=True, slots=True)
class SiteDays:
    """Which days of the quarter (through ``through``) a site has a daily record for, and which
    it has none for: the totals cover only the first (see docs/interpretations/reports.md)."""

    site_id: str
    recorded: tuple[str, ...]
    without: tuple[str, ...]
    through: str | None
    """The last day looked at: the quarter's last day, or the day the report was made if the
    quarter is not over (None if the quarter has not begun)."""


@dataclass(frozen=True, slots=True)
class QuarterlyReport:
    quarter: Quarter
    games: tuple[GameQuarter, ...]
    days: tuple[DailyRecord, ...]
    findings: tuple[Finding, ...]
    coverage: tuple[SiteDays, ...] = ()
    sites: tuple[SiteQuarter, ...] = ()
    tax: QuarterTax | None = None
    prior_corrections: tuple[PriorCorrection, ...] = ()
    """Corrections recorded in the quarter to records of earlier quarters (``books.periods``)."""
    closed: QuarterClosed | None = None
    """When the quarter's records were closed, if they are."""

    @property
    def days_without_records(self) -> tuple[SiteDays, ...]:
        """The sites with days of the quarter that have no daily record."""
        return tuple(c for c in self.coverage if c.without)


class DayRecords:
    """The daily records of books that do not change while one report is made, each made once
    (a quarterly report reads a day's record for its games, its sites, its findings and the
    quarter before: a few times each)."""

    def __init__(self, books: Books) -> None:
        self.books = books
        self._made: dict[tuple[str, str], DailyRecord] = {}
        self._games: dict[Quarter, list[GameQuarter]] = {}

    def days_in(self, quarter: Quarter, site_id: str | None = None) -> list[DailyRecord]:
        out: list[DailyRecord] = []
        for s, d in sorted(self.books.days):
            if (site_id is None or s == site_id) and quarter.contains(date.fromisoformat(d)):
                made = self._made.get((s, d))
                if made is None:
                    made = self._made[(s, d)] = daily_record(self.books, s, d)
                out.append(made)
        return out

    def game_quarters(self, quarter: Quarter) -> list[GameQuarter]:
        made = self._games.get(quarter)
        if made is None:
            made = self._games[quarter] = game_quarters(self.books, quarter, self)
        return list(made)


def days_in(
    books: Books, quarter: Quarter, site_id: str | None = None, records: DayRecords | None = None
) -> list[DailyRecord]:
    """The daily records of the quarter's days (at one site, or all), in order."""
    return (records or DayRecords(books)).days_in(quarter, site_id)


def game_quarters(
    books: Books, quarter: Quarter, records: DayRecords | None = None
) -> list[GameQuarter]:
    out: list[GameQuarter] = []
    for site_id in sorted(books.sites):
        records_of_site = days_in(books, quarter, site_id, records)
        for game in Game:
            summaries = [(r, r.game(game)) for r in records_of_site if r.game(game) is not None]
            if not summaries:
                continue
            out.append(
                GameQuarter(
                    site_id,
                    game,
                    len(summaries),
                    total(s.gross_proceeds for _, s in summaries if s),
                    total(s.prizes for _, s in summaries if s),
                    total(s.adjusted_gross_proceeds for _, s in summaries if s),
                    total(s.cash_profit for _, s in summaries if s),
                    total(s.cash_long_short for _, s in summaries if s),
                    len(
                        {
                            (line.table, r.day)
                            for r, _ in summaries
                            for line in r.shifts
                            if line.game is game
                        }
                    ),
                    sum(s.tournament_gross for _, s in summaries if s),
                    sum(s.tournament_agp for _, s in summaries if s),
                )
            )
    return out


def days_read(quarter: Quarter, sites: Iterable[Site]) -> tuple[date, date]:
    """The first and last gaming day whose entries a quarterly report reads: its quarter, and
    for a site without video surveillance the previous quarter too (the twenty-one wagers and
    gross proceeds of -04), or for a seasonal one every quarter of the fiscal year so far. (The
    video reviews of the six weeks after the quarter, -04.8, are read on their own.)"""
    first = quarter.first_day
    for site in sites:
        if site.surveilled:
            continue
        first = min(first, quarter.previous().first_day)
        if site.seasonal:
            first = min(first, fiscal_year_start(quarter.first_day))
    return first, quarter.last_day


GAME_NAMES = {Game.TWENTY_ONE: "twenty-one", Game.PADDLEWHEEL: "paddlewheel table"}


def site_quarters(
    books: Books, quarter: Quarter, records: DayRecords | None = None
) -> list[SiteQuarter]:
    """Each site's days with a record in the quarter and its bank deposits, once per site."""
    out: list[SiteQuarter] = []
    for site_id in sorted(books.sites):
        of_site = days_in(books, quarter, site_id, records)
        if of_site:
            out.append(SiteQuarter(site_id, len(of_site), sum(r.bank_deposit for r in of_site)))
    return out


def quarterly_report(
    books: Books,
    quarter: Quarter,
    as_of: date | None = None,
    tax_schedules: Iterable[TaxSchedule] = (),
) -> QuarterlyReport:
    """The quarter's summaries, findings and which days have records, and the figures of its
    tax return under ``tax_schedules`` (NDCC 53-06.1-12); ``as_of`` (the day the report is
    made) stops the days looked at when the quarter is not over."""
    records = DayRecords(books)
    games = records.game_quarters(quarter)
    days = tuple(records.days_in(quarter))
    prior = tuple(corrections_of_earlier_quarters(books, quarter))
    tax = quarter_tax(
        books,
        quarter,
        [(g.site_id, GAME_NAMES[g.game], g.adjusted_gross_proceeds) for g in games],
        days,
        tax_schedules,
        sum(c.difference for c in prior if c.of_closed_quarter),
    )
    return QuarterlyReport(
        quarter,
        tuple(games),
        days,
        tuple(compliance_findings(books, quarter, games, records)),
        day_coverage(books, quarter, as_of),
        tuple(site_quarters(books, quarter, records)),
        tax,
        prior,
        books.closed_quarters.get(str(quarter)),
    )


def _gaming_site(books: Books, site_id: str, quarter: Quarter) -> bool:
    """False for a site whose every table game was discontinued before the quarter began and
    that kept no daily record in it: it has no gaming days to account for."""
    tables = {t.game for (s, _), t in books.tables.items() if s == site_id}
    stopped = books.sites[site_id].discontinued
    gone = bool(tables) and all(
        g in stopped and date.fromisoformat(stopped[g]) < quarter.first_day for g in tables
    )
    return not gone


def day_coverage(books: Books, quarter: Quarter, as_of: date | None = None) -> tuple[SiteDays, ...]:
    """For each site, the days of the quarter with and without a daily record (-16.1: "for
    each day's activity"). The books cannot know a site's schedule, so every calendar day
    without a record is listed for the organization to confirm it had no activity."""
    last = quarter.last_day if as_of is None else min(quarter.last_day, as_of)
    out: list[SiteDays] = []
    for site_id in sorted(books.sites):
        recorded = tuple(
            d
            for (s, d) in sorted(books.days)
            if s == site_id and quarter.contains(date.fromisoformat(d))
        )
        if not recorded and not _gaming_site(books, site_id, quarter):
            continue
        if last < quarter.first_day:
            out.append(SiteDays(site_id, recorded, (), None))
            continue
        have = set(recorded)
        span = (last - quarter.first_day).days + 1
        every = (quarter.first_day + timedelta(days=i) for i in range(span))
        without = tuple(d.isoformat() for d in every if d.isoformat() not in have)
        out.append(SiteDays(site_id, recorded, without, last.isoformat()))
    return tuple(out)


def day_ranges(days: tuple[str, ...]) -> str:
    """ISO days as runs: ``2026-01-01 to 2026-01-04, 2026-01-06``."""
    runs: list[tuple[date, date]] = []
    for text in sorted(days):
        d = date.fromisoformat(text)
        if runs and d - runs[-1][1] == timedelta(days=1):
            runs[-1] = (runs[-1][0], d)
        else:
            runs.append((d, d))
    return ", ".join(a.isoformat() if a == b else f"{a} to {b}" for a, b in runs)


def _gross(books: Books, site_id: str, quarter: Quarter, records: DayRecords) -> Amount:
    """The site's twenty-one gross proceeds of ``quarter``: from the books, or, for a quarter
    before they began, from the audited entry of its activity (``books.prior``)."""
    prior = books.prior.get((site_id, str(quarter)))
    if prior is not None and prior.twentyone_gross is not None:
        return prior.twentyone_gross
    return next(
        (
            g.gross_proceeds
            for g in records.game_quarters(quarter)
            if g.site_id == site_id and g.game is Game.TWENTY_ONE
        ),
        0,
    )


def compliance_findings(
    books: Books,
    quarter: Quarter,
    games: list[GameQuarter] | None = None,
    records: DayRecords | None = None,
) -> list[Finding]:
    """Every finding for the quarter, in a stable order."""
    records = records or DayRecords(books)
    games = games if games is not None else records.game_quarters(quarter)
    end = quarter.last_day
    found: list[Finding] = []
    for g in games:
        site = books.sites[g.site_id].site
        if (
            g.game is Game.TWENTY_ONE
            and isinstance(g.prizes, int)
            and isinstance(g.gross_proceeds, int)
            and g.prizes > g.gross_proceeds
        ):
            found.append(
                Finding(
                    "99-01.3-08-01.3",
                    g.site_id,
                    "twenty-one prizes exceeded gross proceeds for the quarter: contact the "
                    "attorney general within thirty days and keep percent-of-hold records for "
                    "each dealer at the site for twelve continuous weeks",
                    (end + timedelta(days=30)).isoformat(),
                )
            )
        hold = g.hold
        if site.surveilled and isinstance(hold, Fraction) and hold < HOLD_FLOOR[g.game]:
            weeks = _review_weeks(books, g.site_id, g.game, quarter)
            found.append(
                Finding(
                    "99-01.3-08-04.8",
                    g.site_id,
                    f"{g.game.value} percent-of-hold {float(hold) * 100:.2f}% is under "
                    f"{int(HOLD_FLOOR[g.game] * 100)}%: review at least one hour of video per week "
                    "for each active table for six continuous weeks (or until the reason is "
                    "documented), by someone who did not conduct the game on the shift reviewed; "
                    f"weeks documented so far: {weeks} of 6",
                    (end + timedelta(weeks=6)).isoformat(),
                )
            )
        if g.game is Game.PADDLEWHEEL and not site.surveilled:
            found.append(
                Finding(
                    "99-01.3-11-03.5",
                    g.site_id,
                    "paddlewheel tables need a picture-in-picture or simultaneous recording video "
                    "surveillance system",
                    "before the next paddlewheel activity",
                )
            )
    found.extend(_surveillance_requirement(books, quarter, records))
    found.extend(_camera_findings(books, quarter))
    found.extend(_redemption_obligations(books, quarter))
    for site_id in sorted(books.sites):
        for record in records.days_in(quarter, site_id):
            for table in missing_reviews(books, site_id, record.day):
                found.append(
                    Finding(
                        "99-01.3-08-04.6",
                        site_id,
                        f"no daily surveillance review of table {table} on {record.day}",
                        overdue(record.day),
                    )
                )
            if not record.closed:
                found.append(
                    Finding(
                        "99-01.3-08-16.1",
                        site_id,
                        f"gaming day {record.day} is not closed",
                        overdue(record.day),
                    )
                )
            for problem in slip_discrepancies(books, site_id, record.day):
                found.append(
                    Finding(
                        "99-01.3-08-05.4", site_id, f"{record.day}: {problem}", overdue(record.day)
                    )
                )
        for key, rec in sorted(books.shifts.items()):
            if (
                key[0] == site_id
                and quarter.contains(date.fromisoformat(key[1]))
                and rec.ended is not None
                and rec.count is None
            ):
                found.append(
                    Finding(
                        "99-01.3-08-14.4",
                        site_id,
                        f"drop box of table {key[2]} shift {key[3]} on {key[1]} not counted",
                        overdue(key[1]),
                    )
                )
    for kind in SlipKind:
        missing = unaccounted_numbers(books, kind)
        if missing:
            found.append(
                Finding(
                    "99-01.3-08-05.2",
                    "*",
                    f"{kind.value} slip numbers not accounted for: {missing}",
                    overdue(end.isoformat()),
                )
            )
    return found


def _surveillance_requirement(books: Books, quarter: Quarter, records: DayRecords) -> list[Finding]:
    out: list[Finding] = []
    for site_id, st in sorted(books.sites.items()):
        if st.site.surveilled:
            continue
        wagers = [
            rec.started.max_wager
            for key, rec in books.shifts.items()
            if key[0] == site_id
            and rec.game is Game.TWENTY_ONE
            and (
                quarter.contains(date.fromisoformat(key[1]))
                or quarter.previous().contains(date.fromisoformat(key[1]))
            )
        ]
        if not wagers or max(wagers) <= WAGER_WITHOUT_SURVEILLANCE:
            continue
        if st.site.seasonal:
            fy = fiscal_year_start(quarter.first_day)
            q = Quarter.of(fy)
            grosses: list[int] = []
            while q <= quarter:
                gp = _gross(books, site_id, q, records)
                if not isinstance(gp, int):
                    grosses = []
                    break
                if gp > 0:
                    grosses.append(gp)
                q = q.next()
            average = sum(grosses) // len(grosses) if grosses else 0
            basis = "the active quarters of the fiscal year"
        else:
            a = _gross(books, site_id, quarter.previous(), records)
            b = _gross(books, site_id, quarter, records)
            if not (isinstance(a, int) and isinstance(b, int)) or min(a, b) <= 0:
                continue
            average = (a + b) // 2
            basis = f"{quarter.previous()} and {quarter}"
        if average >= SURVEILLANCE_AVERAGE:
            out.append(
                Finding(
                    "99-01.3-08-04",
                    site_id,
                    f"twenty-one gross proceeds averaged {format_money(average)} per quarter over "
                    f"{basis} with wagers over $2: a video surveillance system must be operational "
                    "within forty-five days of the quarter's end",
                    (quarter.last_day + timedelta(days=45)).isoformat(),
                )
            )
    return out


def _redemption_obligations(books: Books, quarter: Quarter) -> list[Finding]:
    """A game discontinued at a site obliges the organization to redeem its chips, at its
    business office or an active site, for thirty days thereafter (99-01.3-08-06.2). It is an
    obligation, not a limit: a later redemption is not refused."""
    out: list[Finding] = []
    for site_id in sorted(books.sites):
        for game, day in sorted(books.sites[site_id].discontinued.items(), key=lambda x: x[1]):
            since = date.fromisoformat(day)
            if quarter.contains(since):
                out.append(
                    Finding(
                        "99-01.3-08-06.2",
                        site_id,
                        f"{game.value} discontinued {day}: redeem its chips at the business "
                        "office or an active site for thirty days thereafter",
                        (since + timedelta(days=30)).isoformat(),
                    )
                )
    return out


def _camera_findings(books: Books, quarter: Quarter) -> list[Finding]:
    out: list[Finding] = []
    for site_id, table, since_text in books.faults:
        since = datetime.fromisoformat(since_text)
        if not quarter.contains(since.date()):
            continue
        repair = next(
            (
                r
                for r in books.camera_repairs
                if r.site_id == site_id and r.table == table and r.at >= since_text
            ),
            None,
        )
        calendar_deadline = since.date() + timedelta(days=REPAIR_DAYS)
        until = datetime.fromisoformat(repair.at) if repair else None
        horizon = until or datetime.combine(quarter.last_day, datetime.max.time(), since.tzinfo)
        late = horizon.date() > calendar_deadline or (
            activity_since(books, site_id, table, since, horizon) >= REPAIR_ACTIVITY
        )
        if late:
            state = f"repaired {repair.at}" if repair else "not repaired"
            out.append(
                Finding(
                    "99-01.3-08-04.6",
                    site_id,
                    f"camera of table {table} failed {since_text} and was {state}, past "
                    "forty-eight hours of activity or four calendar days: the table must be "
                    "closed or wagers limited to $2 until it is repaired",
                    calendar_deadline.isoformat(),
                )
            )
    return out


def _review_weeks(books: Books, site_id: str, game: Game, quarter: Quarter) -> int:
    """Weeks (of the six after the quarter) with an hour of documented review per active table."""
    active = {
        key[2]
        for key, rec in books.shifts.items()
        if key[0] == site_id and rec.game is game and quarter.contains(date.fromisoformat(key[1]))
    }
    start = quarter.last_day + timedelta(days=1)
    weeks = 0
    for week in range(6):
        lo, hi = start + timedelta(weeks=week), start + timedelta(weeks=week + 1)
        minutes: dict[int, int] = {}
        for r in books.video_reviews:
            if r.site_id == site_id and lo <= datetime.fromisoformat(r.at).date() < hi:
                minutes[r.table] = minutes.get(r.table, 0) + r.minutes
        if active and all(minutes.get(t, 0) >= 60 for t in active):
            weeks += 1
    return weeks
