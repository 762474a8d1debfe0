"""Expected hold: whether a dealer's low percent-of-hold is explained by chance
(99-01.3-08-04.8; the model is ``croupier.analysis.expected_hold``, docs/analysis-twentyone.md).

The dealer's quarter comes from the books (drop, win and the action of every twenty-one shift
the dealer dealt, at every site); the game's edge, variance and action per initial wager from
a seeded simulation of the table's house rules played on basic strategy
(``service.analysis.simulate_twentyone``, in this process); the average initial wager is the one
assumption the books cannot give and is stated on the result.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from functools import cache
from pathlib import Path

from croupier.analysis.expected_hold import GameMoments, HoldChance, hold_chance
from croupier.books.amounts import Unknown
from croupier.books.hold import hold_lines
from croupier.books.model import Game
from croupier.books.quarterly import QuarterlyReport
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.core.errors import InvalidInput
from croupier.core.money import format_money, parse_amount
from croupier.service.books.service import open_books

SECTION = "99-01.3-08-04.8"
DEFAULT_ROUNDS = 1 << 22


@dataclass(frozen=True)
class HoldAnalysis:
    dealer: str
    quarter: str
    shifts: int
    moments: GameMoments
    chance: HoldChance

    def lines(self) -> list[str]:
        c, m = self.chance, self.moments
        return [
            f"dealer {self.dealer}, twenty-one, {self.quarter}: {self.shifts} shifts",
            f"drop {format_money(c.drop)}, win {format_money(c.win)}, "
            f"percent-of-hold {c.observed_hold:.2%}",
            f"action recorded {format_money(c.action)}; estimated initial wagers "
            f"{format_money(round(c.initial_wagers))} (handle-to-drop "
            f"{c.initial_wagers / c.drop:.2f}), average initial wager "
            f"{format_money(c.average_wager)} (assumed)",
            f"the game under these rules ({m.source}): house edge {m.edge:.3%} per initial wager, "
            f"variance {m.variance:.3f} per hand, action {m.action:.3f} per initial wager",
            f"expected percent-of-hold {c.expected_hold:.2%}, standard deviation "
            f"{c.standard_deviation:.2%}",
            f"{SECTION}: {c.verdict()}",
        ]


def action_by_shift(books: Books) -> dict[tuple[str, str, int, int], int]:
    """The action the books record per shift (site, day, table, shift): chips collected from
    losing wagers plus chips paid to winning ones (``PlaySettled``)."""
    return {key: rec.action for key, rec in books.shifts.items() if rec.action}


def game_moments(
    rules_path: Path | None, rounds: int = DEFAULT_ROUNDS, seed: int = 1
) -> GameMoments:
    """The edge, variance and action per initial wager of the table's rules on basic strategy,
    from a seeded simulation of ``rounds`` rounds in this process."""
    from croupier.service.analysis.simulate_twentyone import simulate

    report = simulate(rules_path, rounds, seed=seed, players=1, workers=0)
    s = report.summary
    decided = s.wins + s.losses
    hands = decided + s.pushes
    if hands == 0 or s.initial_wagers == 0:
        raise InvalidInput("the simulation played no hands: give more rounds")
    action = (s.handle / s.initial_wagers) * decided / hands
    return GameMoments(
        -s.mean,
        s.variance_per_hand,
        action,
        f"simulated, {rounds:,} rounds, seed {seed}, basic strategy",
    )


def analyze_hold(
    url: str,
    org: str | None,
    dealer: str,
    quarter: str,
    rules_path: Path | None,
    average_wager: str = "$5",
    rounds: int = DEFAULT_ROUNDS,
    seed: int = 1,
    edge_percent: float | None = None,
) -> HoldAnalysis:
    """The chance of a dealer's twenty-one hold in ``quarter`` as low as recorded.
    ``edge_percent`` replaces the simulated basic-strategy edge by the house's edge against
    the site's players as the organization estimates it (players who depart from basic
    strategy give the house more); the variance and action stay the simulated ones."""
    if edge_percent is not None and not -5.0 <= edge_percent <= 20.0:
        raise InvalidInput(f"--edge-percent must be from -5 to 20, not {edge_percent}")
    if not org:
        raise InvalidInput("no organization: give --org or set CROUPIER_ORG")
    if rounds < 10_000:
        raise InvalidInput(f"--rounds must be at least 10,000, not {rounds:,}")
    q = Quarter.parse(quarter)
    bet = parse_amount(average_wager, "the average wager")
    if bet <= 0:
        raise InvalidInput("the average wager must be more than $0")
    svc = open_books(url, org)
    try:
        books, _ = svc.read_days(q.first_day.isoformat(), q.last_day.isoformat())
    finally:
        svc.close()
    lines = [
        h
        for h in hold_lines(books, q.first_day, q.last_day)
        if h.dealer_id == dealer and h.game is Game.TWENTY_ONE
    ]
    if not lines:
        raise InvalidInput(f"no twenty-one shift dealt by {dealer!r} in {q}")
    drop = sum(h.gross_proceeds for h in lines if isinstance(h.gross_proceeds, int))
    win = sum(
        h.adjusted_gross_proceeds for h in lines if isinstance(h.adjusted_gross_proceeds, int)
    )
    missing = [
        h
        for h in lines
        if isinstance(h.gross_proceeds, Unknown) or isinstance(h.adjusted_gross_proceeds, Unknown)
    ]
    if missing:
        h = missing[0]
        raise InvalidInput(
            f"{len(missing)} of {dealer}'s shifts are not counted yet (first: {h.site_id} table "
            f"{h.table} shift {h.shift} on {h.day}): the hold is not known"
        )
    keys = {(h.site_id, h.day, h.table, h.shift) for h in lines}
    action = sum(
        a
        for (site, day, table, shift), a in action_by_shift(books).items()
        if (site, day, table, shift) in keys
    )
    if drop <= 0 or action <= 0:
        raise InvalidInput(f"{dealer}'s shifts in {q} record no drop or no play to judge")
    moments = game_moments(rules_path, rounds, seed)
    if edge_percent is not None:
        moments = GameMoments(
            edge_percent / 100,
            moments.variance,
            moments.action,
            f"edge {edge_percent:g}% as given; variance and action {moments.source}",
        )
    return HoldAnalysis(
        dealer, str(q), len(lines), moments, hold_chance(drop, win, action, moments, bet)
    )


QUARTER_ROUNDS = 1 << 20
QUARTER_WAGER = 500


MOMENT_SOURCES = (
    "analysis/twentyone_sim",
    "analysis/native.py",
    "games/config.py",
    "games/twentyone/rules.py",
    "service/analysis/simulate_twentyone.py",
    "service/games/rules.py",
    "service/books/hold_chance.py",
)
"""The code that decides the default game's moments (the simulation, its kernel's wrappers,
the default rules and the figures taken from the run): the cached copy is keyed by its text."""

MOMENT_FIELDS = ("edge", "variance", "action", "source")
"""What a cached copy of the moments holds."""


@cache
def _default_moments() -> GameMoments:
    """The default N.D. rules' moments on basic strategy (``QUARTER_ROUNDS`` rounds, seed 1),
    read from the analysis cache when an earlier process simulated them with the same code
    (``service.analysis.cache``); else simulated here and saved for the next one."""
    import json

    from croupier.service.analysis.cache import (
        cache_folder,
        fingerprint,
        numpy_version,
        write_atomically,
    )

    try:
        key = fingerprint(MOMENT_SOURCES, numpy_version(), str(QUARTER_ROUNDS), "1")
    except (OSError, InvalidInput):
        return game_moments(None, QUARTER_ROUNDS, seed=1)
    path = cache_folder() / f"twentyone-moments-{key}.json"
    saved = _saved_moments(path)
    if saved is not None:
        return saved
    moments = game_moments(None, QUARTER_ROUNDS, seed=1)  # none yet, or a damaged copy
    figures = {name: getattr(moments, name) for name in MOMENT_FIELDS}
    write_atomically(path, json.dumps(figures).encode())  # a read-only home: not kept
    return moments


def _saved_moments(path: Path) -> GameMoments | None:
    """The moments saved at ``path``; None when there are none or the copy is damaged (JSON
    keeps a float's every digit, so a saved figure is the simulated one exactly)."""
    import json

    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(saved, dict) or set(saved) != set(MOMENT_FIELDS):
        return None
    edge, variance, action, source = (saved[name] for name in MOMENT_FIELDS)
    if not all(isinstance(f, float) for f in (edge, variance, action)):
        return None
    return GameMoments(edge, variance, action, source) if isinstance(source, str) else None


def with_hold_chances(report: QuarterlyReport, books: Books) -> QuarterlyReport:
    """The quarterly report with each twenty-one percent-of-hold finding (-04.8) stating the
    chance of a hold as low in a fair game, from the site's quarter in the books (drop, win and
    action) and the default N.D. rules on basic strategy with a $5 average wager (stated in
    the finding; ``croupier analyze hold`` takes a table's rules and a dealer)."""
    low = [f for f in report.findings if f.section == SECTION and f.message.startswith("21 ")]
    if not low:
        return report
    games = {(g.site_id, g.game): g for g in report.games}
    tables = {key for key, t in books.tables.items() if t.game is Game.TWENTY_ONE}
    q = report.quarter
    action: dict[str, int] = {}
    for (site, day, table, _), a in action_by_shift(books).items():
        if (site, table) in tables and q.contains(date.fromisoformat(day)):
            action[site] = action.get(site, 0) + a
    moments = _default_moments()
    findings = []
    for f in report.findings:
        g = games.get((f.site_id, Game.TWENTY_ONE))
        if (
            f in low
            and g is not None
            and isinstance(g.table_gross, int)
            and isinstance(g.table_agp, int)
            and g.table_gross > 0
            and action.get(f.site_id, 0) > 0
        ):
            chance = hold_chance(
                g.table_gross,
                g.table_agp,
                action[f.site_id],
                moments,
                QUARTER_WAGER,
            )
            f = replace(
                f,
                message=f"{f.message}. Chance: {chance.verdict()} (default N.D. rules on basic "
                f"strategy, {format_money(QUARTER_WAGER)} average wager; `croupier analyze hold` "
                "for a dealer and a table's rules)",
            )
        findings.append(f)
    return replace(report, findings=tuple(findings))
