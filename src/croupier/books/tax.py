"""The quarterly gaming tax on adjusted gross proceeds (NDCC 53-06.1-12), and the figures of the
quarter's tax return that the books produce.

The tax is levied on an organization's total adjusted gross proceeds for a quarter and computed
on the attorney general's quarterly tax return. Its brackets change with the statute, so they
are data (``TaxSchedule``: effective from a date, thresholds, a base and a marginal rate each),
loaded outside the domain (``service.books.tax``) and passed in; nothing here names a rate.

A schedule's brackets are ``over`` a threshold: the tax on an amount ``A`` is the ``base`` of
the highest bracket whose ``over`` is below ``A``, plus its ``rate`` times ``A - over``. It is
computed exactly (``Fraction``) and rounded once, to the nearest cent, half a cent up
(docs/interpretations/books.md). Adjusted gross proceeds of zero or less bear no tax.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from croupier.books.amounts import Amount, Unknown, total
from croupier.books.daily import DailyRecord
from croupier.books.poker import poker_summaries
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import Problem

STATUTE = "NDCC 53-06.1-12"


@dataclass(frozen=True, slots=True)
class TaxBracket:
    """Adjusted gross proceeds over ``over`` cents pay ``base`` cents plus ``rate`` of the
    excess."""

    over: int
    base: int
    rate: Fraction


@dataclass(frozen=True, slots=True)
class TaxSchedule:
    """The brackets in force from ``effective_from`` (until a later schedule's date)."""

    effective_from: date
    brackets: tuple[TaxBracket, ...]
    source: str = STATUTE

    def problems(self) -> list[Problem]:
        """Every way the brackets are not a tax schedule (empty when they are): thresholds
        from zero upwards, rates from 0 to 1, and each bracket's base the tax at its threshold
        by the bracket below (no jump at a threshold)."""
        out: list[Problem] = []
        where = f"the schedule effective {self.effective_from}"
        if not self.brackets or self.brackets[0].over != 0 or self.brackets[0].base != 0:
            out.append(
                Problem(
                    "brackets", f"{where} must start with a bracket over $0 and base $0", STATUTE
                )
            )
        for i, b in enumerate(self.brackets):
            if not 0 <= b.rate <= 1:
                out.append(
                    Problem("rate", f"{where}: bracket {i + 1} rate {b.rate} is not 0..1", STATUTE)
                )
            if i:
                below = self.brackets[i - 1]
                if b.over <= below.over:
                    out.append(Problem("over", f"{where}: thresholds must rise", STATUTE))
                elif below.base + below.rate * (b.over - below.over) != b.base:
                    out.append(
                        Problem(
                            "base",
                            f"{where}: bracket {i + 1}'s base is not the tax at its threshold",
                            STATUTE,
                        )
                    )
        return out


def schedule_in_force(schedules: Iterable[TaxSchedule], day: date) -> TaxSchedule | None:
    """The schedule with the latest ``effective_from`` on or before ``day``, or None."""
    found = [s for s in schedules if s.effective_from <= day]
    return max(found, key=lambda s: s.effective_from) if found else None


def gaming_tax(agp: int, schedule: TaxSchedule) -> int:
    """The tax in cents on ``agp`` cents of adjusted gross proceeds for a quarter."""
    if agp <= 0:
        return 0
    bracket = [b for b in schedule.brackets if b.over < agp][-1]
    exact = bracket.base + bracket.rate * (agp - bracket.over)
    return int(exact + Fraction(1, 2)) if exact >= 0 else 0  # half a cent up


@dataclass(frozen=True, slots=True)
class TaxLine:
    """One activity's adjusted gross proceeds in the quarter."""

    site_id: str
    activity: str
    adjusted_gross_proceeds: Amount


@dataclass(frozen=True, slots=True)
class QuarterTax:
    """What the books give the quarter's tax return: each activity's adjusted gross proceeds,
    their total and the tax on it under the schedule in force on the quarter's first day."""

    quarter: Quarter
    lines: tuple[TaxLine, ...]
    adjusted_gross_proceeds: Amount
    daily_records_total: Amount
    """The same total summed day by day from the daily records (the reconciliation)."""
    schedule: TaxSchedule | None
    tax: Amount

    @property
    def reconciled(self) -> bool:
        return self.adjusted_gross_proceeds == self.daily_records_total


def quarter_tax(
    books: Books,
    quarter: Quarter,
    game_lines: Sequence[tuple[str, str, Amount]],
    days: Sequence[DailyRecord],
    schedules: Iterable[TaxSchedule],
    closed_corrections: int = 0,
) -> QuarterTax:
    """The quarter's tax figures. ``game_lines`` are (site, game, adjusted gross proceeds) of
    the quarterly summary; ``days`` its daily records (``DailyRecord``); poker is added per
    occasion begun in the quarter (tournaments and nontournament play, 99-01.3-09-07.1.f), and
    ``closed_corrections``, the corrections made in the quarter to counts of closed quarters
    (whose records are final: the difference is carried here, ``books.periods``)."""
    lines = [TaxLine(site, game, agp) for site, game, agp in game_lines]
    records = list(days)
    tickets: dict[str, int] = {}
    for d in records:
        if d.tickets is not None:
            tickets[d.site_id] = tickets.get(d.site_id, 0) + d.tickets.adjusted_gross_proceeds
    lines.extend(
        TaxLine(site, "paddlewheel ticket cards", agp) for site, agp in sorted(tickets.items())
    )
    poker = 0
    for s in poker_summaries(books.poker):
        occasion = books.poker.occasions[s.occasion_id]
        if quarter.contains(date.fromisoformat(occasion.opened.first_day)):
            poker += s.adjusted_gross_proceeds
            lines.append(
                TaxLine(
                    ", ".join(occasion.opened.sites) or "*",
                    f"poker {s.occasion_id} {s.tournament_id or 'nontournament'}",
                    s.adjusted_gross_proceeds,
                )
            )
    if closed_corrections:
        lines.append(
            TaxLine("*", "corrections of closed quarters' counts (-16)", closed_corrections)
        )
    agp = total(line.adjusted_gross_proceeds for line in lines)
    daily = total(
        [g.adjusted_gross_proceeds for d in records for g in d.games]
        + [d.tickets.adjusted_gross_proceeds for d in records if d.tickets is not None]
        + [poker, closed_corrections]
    )
    schedule = schedule_in_force(schedules, quarter.first_day)
    tax: Amount
    if schedule is None:
        tax = Unknown((f"no gaming tax schedule in force on {quarter.first_day}",))
    elif isinstance(agp, Unknown):
        tax = agp
    else:
        tax = gaming_tax(agp, schedule)
    return QuarterTax(quarter, tuple(lines), agp, daily, schedule, tax)
