"""Percent-of-hold by dealer and wheel operator, per shift, across every site worked
(99-01.3-08-04.7; computed as adjusted gross proceeds / gross proceeds, 99-01.3-08-01.3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from croupier.books.amounts import Amount, Unknown, ratio, total
from croupier.books.daily import shift_line
from croupier.books.model import Game
from croupier.books.state import Books

HOLD_FLOOR: dict[Game, Fraction] = {
    Game.TWENTY_ONE: Fraction(10, 100),
    Game.PADDLEWHEEL: Fraction(15, 100),
}
"""Below these a surveilled site's quarter triggers weekly video review (99-01.3-08-04.8)."""


@dataclass(frozen=True, slots=True)
class HoldLine:
    """One shift of one dealer or wheel operator."""

    dealer_id: str
    site_id: str
    day: str
    table: int
    shift: int
    game: Game
    gross_proceeds: Amount
    adjusted_gross_proceeds: Amount
    hold: Fraction | Unknown


@dataclass(frozen=True, slots=True)
class HoldTotal:
    """A dealer's hold over a set of shifts."""

    dealer_id: str
    game: Game
    shifts: int
    gross_proceeds: Amount
    adjusted_gross_proceeds: Amount
    hold: Fraction | Unknown


def hold_lines(books: Books, start: date | None = None, end: date | None = None) -> list[HoldLine]:
    """Every shift between two days (inclusive), by dealer, date, site, table and shift."""
    lines: list[HoldLine] = []
    for key, rec in books.shifts.items():
        day = date.fromisoformat(key[1])
        if (start and day < start) or (end and day > end):
            continue
        line = shift_line(rec)
        lines.append(
            HoldLine(
                rec.started.dealer_id,
                key[0],
                key[1],
                key[2],
                key[3],
                rec.game,
                line.drop,
                line.win,
                ratio(line.win, line.drop),
            )
        )
    lines.sort(key=lambda h: (h.dealer_id, h.day, h.site_id, h.table, h.shift))
    return lines


def hold_by_dealer(lines: Iterable[HoldLine]) -> list[HoldTotal]:
    """Each dealer's total hold per game, across every site the dealer worked."""
    groups: dict[tuple[str, Game], list[HoldLine]] = {}
    for line in lines:
        groups.setdefault((line.dealer_id, line.game), []).append(line)
    out: list[HoldTotal] = []
    for (dealer, game), group in sorted(groups.items(), key=lambda i: (i[0][0], i[0][1].value)):
        gross = total(g.gross_proceeds for g in group)
        agp = total(g.adjusted_gross_proceeds for g in group)
        out.append(HoldTotal(dealer, game, len(group), gross, agp, ratio(agp, gross)))
    return out


def hold_by_dealer_week(lines: Iterable[HoldLine]) -> dict[str, dict[str, Fraction | Unknown]]:
    """dealer -> ISO week ("2026-W02") -> hold of that week's shifts (for the plot)."""
    groups: dict[tuple[str, str], list[HoldLine]] = {}
    for line in lines:
        year, week, _ = date.fromisoformat(line.day).isocalendar()
        groups.setdefault((line.dealer_id, f"{year}-W{week:02d}"), []).append(line)
    out: dict[str, dict[str, Fraction | Unknown]] = {}
    for (dealer, week_label), group in sorted(groups.items()):
        gross = total(g.gross_proceeds for g in group)
        agp = total(g.adjusted_gross_proceeds for g in group)
        out.setdefault(dealer, {})[week_label] = ratio(agp, gross)
    return out
