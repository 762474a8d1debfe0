"""The exact analysis of a twenty-one table's rules (``croupier analyze twentyone``) and of
Three Card 21's main wager, with the strategy chart (issue 18).

A rules file gives an N.D. table (``AnalysisRules.from_house_rules``); the options may be
changed one by one to compare with published tables, and every departure from N.D.'s
regulation is then named with its section (the result is marked "not ND-legal").
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from croupier.analysis.twentyone import (
    STRATEGIES,
    Analysis,
    AnalysisRules,
    Context,
    DealerNatural,
    DoubleOn,
    TipBet,
    analyze,
    tip_bet,
)
from croupier.core.errors import InvalidInput
from croupier.core.names import ascii_digits
from croupier.reports.strategy_chart import UP_LABELS, UP_ORDER
from croupier.service.games.rules import load_rules


@dataclass(frozen=True)
class Options:
    """Changes to the rules file's (or the default N.D.) rule set, each None when unchanged."""

    decks: int | None = None
    hits_soft_17: bool | None = None
    double_on: str | None = None
    double_after_split: bool | None = None
    split_hands: int | None = None
    resplit_aces: bool | None = None
    hit_split_aces: bool | None = None
    surrender: bool | None = None
    dealer_natural: str | None = None
    blackjack_pays: str | None = None


@dataclass(frozen=True)
class TwentyOneReport:
    rules: AnalysisRules
    analysis: Analysis
    seconds: float
    tip: TipBet | None

    @property
    def nd_problems(self) -> list[tuple[str, str]]:
        return self.rules.nd_problems()

    def lines(self) -> list[str]:
        r, a = self.rules, self.analysis
        legal = (
            "ND-legal"
            if r.nd_legal
            else "not ND-legal: " + "; ".join(f"{p} ({s})" for p, s in self.nd_problems)
        )
        out = [
            f"rules: {describe(r)} [{legal}]",
            f"strategy: {a.strategy}",
            f"expected return: {a.expected_return_percent:+.6f}% per initial wager "
            f"(house edge {a.house_edge * 100:.6f}%)",
            "by up card: "
            + ", ".join(
                f"{label} {a.by_up_card[up] * 100:+.3f}%"
                for label, up in zip(UP_LABELS, UP_ORDER, strict=True)
            ),
            f"computed in {self.seconds:.3f} s",
        ]
        if self.tip is not None:
            t = self.tip
            out.append(
                f"tip bet (-09.2.a), per unit tipped: hand wins {t.win:.4f}, pushes {t.push:.4f}, "
                f"loses {t.lose:.4f}; the dealers receive {t.dealers:.4f}, the house nets "
                f"{t.house_net:+.4f}, the player {t.player:+.4f}"
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        a = self.analysis
        return {
            "rules": describe(self.rules),
            "nd_legal": self.rules.nd_legal,
            "nd_problems": [{"problem": p, "section": s} for p, s in self.nd_problems],
            "strategy": a.strategy,
            "expected_return": a.expected_return,
            "house_edge": a.house_edge,
            "by_up_card": {
                label: a.by_up_card[up] for label, up in zip(UP_LABELS, UP_ORDER, strict=True)
            },
            "seconds": self.seconds,
            "hands": [
                {
                    "hand": h.name,
                    "probability": h.probability,
                    "action": h.action.value,
                    "value": h.value,
                    **{k.value: v for k, v in h.expectations().items()},
                }
                for h in a.hands
            ],
            "tip_bet": None
            if self.tip is None
            else {"win": self.tip.win, "push": self.tip.push, "lose": self.tip.lose},
        }


def describe(r: AnalysisRules) -> str:
    pays = r.blackjack_pays
    return ", ".join(
        [
            f"{r.decks} deck{'s' if r.decks > 1 else ''}",
            "H17" if r.dealer_hits_soft_17 else "S17",
            f"double {r.double_on.value}",
            "DAS" if r.double_after_split else "no DAS",
            f"split to {r.max_split_hands}",
            "RSA" if r.resplit_aces else "no RSA",
            "hit split aces" if r.hit_split_aces else "one card to split aces",
            "late surrender" if r.late_surrender else "no surrender",
            f"dealer natural: {r.dealer_natural.value}",
            f"natural pays {pays.numerator}:{pays.denominator}",
        ]
    )


def analysis_rules(rules_path: Path | None, options: Options = Options()) -> AnalysisRules:
    """The rule set: the rules file's N.D. table (the default N.D. rules without one), with
    ``options`` applied."""
    if rules_path is not None:  # validated once, then remembered (issue 31)
        from croupier.service.analysis.twentyone_rules_cache import file_rules

        base = file_rules(rules_path)
    else:
        base = AnalysisRules()
    changes: dict[str, Any] = {}
    o = options
    if o.decks is not None:
        changes["decks"] = o.decks
    if o.hits_soft_17 is not None:
        changes["dealer_hits_soft_17"] = o.hits_soft_17
    if o.double_on is not None:
        try:
            changes["double_on"] = DoubleOn(o.double_on)
        except ValueError:
            raise InvalidInput(f"--double-on is any, 9-11 or 10-11, not {o.double_on!r}") from None
    if o.double_after_split is not None:
        changes["double_after_split"] = o.double_after_split
    if o.split_hands is not None:
        changes["max_split_hands"] = o.split_hands
    if o.resplit_aces is not None:
        changes["resplit_aces"] = o.resplit_aces
    if o.hit_split_aces is not None:
        changes["hit_split_aces"] = o.hit_split_aces
    if o.surrender is not None:
        changes["late_surrender"] = o.surrender
    if o.dealer_natural is not None:
        try:
            changes["dealer_natural"] = DealerNatural(o.dealer_natural)
        except ValueError:
            known = ", ".join(d.value for d in DealerNatural)
            raise InvalidInput(f"--dealer-natural is {known}, not {o.dealer_natural!r}") from None
    if o.blackjack_pays is not None:
        left, sep, right = o.blackjack_pays.partition(":")
        if not sep or not ascii_digits(left) or not ascii_digits(right) or int(right) == 0:
            raise InvalidInput(f"--blackjack-pays is N:M such as 3:2, not {o.blackjack_pays!r}")
        changes["blackjack_pays"] = Fraction(int(left), int(right))
    try:
        return dataclasses.replace(base, **changes)
    except ValueError as e:
        raise InvalidInput(str(e)) from None


def analyze_twentyone(
    rules_path: Path | None,
    strategy: str = "composition",
    options: Options = Options(),
    with_tip: bool = True,
) -> TwentyOneReport:
    """The exact expected return of the rule set under ``strategy`` ("basic" or
    "composition"), with the tip bet's economics."""
    if strategy not in STRATEGIES:
        raise InvalidInput(f"--strategy is {' or '.join(STRATEGIES)}, not {strategy!r}")
    rules = analysis_rules(rules_path, options)
    context = Context(rules)
    start = time.perf_counter()
    analysis = analyze(rules, strategy, context)
    seconds = time.perf_counter() - start
    tip = None
    if with_tip:
        try:
            tip = tip_bet(rules, context)
        except ValueError:  # the tip bet is an N.D. wager: not for rules N.D. does not allow
            tip = None
    return TwentyOneReport(rules, analysis, seconds, tip)


CHART_FORMATS = ("png", "pdf", "html")


def write_chart(report: TwentyOneReport, out: Path) -> int:
    """Write the strategy chart to ``out`` (.png, .pdf or .html); return its size in bytes."""
    from croupier.reports.strategy_chart import chart_html, chart_image

    fmt = out.suffix.lower().lstrip(".")
    if fmt not in CHART_FORMATS:
        raise InvalidInput(f"a chart is .png, .pdf or .html, not {out.name!r}")
    title = f"Twenty-one {report.analysis.strategy} strategy: {describe(report.rules)}"
    data = (
        chart_html(report.analysis, title).encode()
        if fmt == "html"
        else chart_image(report.analysis, title, fmt)
    )
    try:
        out.write_bytes(data)
    except OSError as e:
        raise InvalidInput(f"cannot write {out}: {e.strerror}") from None
    return len(data)


def analyze_threecard21_main(rules_path: Path | None) -> list[str]:
    """Three Card 21's main wager under optimal play (13:69F-2C), for a card-reader table, and
    the round as written: the main wager with its mandatory, equal bonus wager (2C.5(a)), with a
    warning when a round returns more to the players than it takes (issue 30)."""
    from croupier.analysis.threecard21_main import MainGameRules, analyze_main
    from croupier.games.threecard21.rules import POSTED_PAYTABLE

    paytable: Any = POSTED_PAYTABLE
    if rules_path is not None:
        house = load_rules("threecard21", rules_path)
        try:
            rules = MainGameRules.from_house_rules(house)
        except ValueError as e:
            raise InvalidInput(str(e)) from None
        paytable = house.bonus_paytable
    else:
        rules = MainGameRules()
    start = time.perf_counter()
    result = analyze_main(rules)
    seconds = time.perf_counter() - start
    main = result.expected_return
    lines = [
        f"rules: {rules.decks} decks, {'H17' if rules.dealer_hits_soft_17 else 'S17'}, "
        f"{'surrender' if rules.surrender else 'no surrender'}",
        f"main wager, optimal play: expected return {main * 100:+.4f}% per original wager",
    ]
    lines.extend(round_lines(main, rules.decks, paytable, own=rules_path is not None))
    lines.append(f"computed in {seconds:.2f} s")
    return lines


def round_lines(main: float, decks: int, paytable: Any, own: bool = False) -> list[str]:
    """A Three Card 21 round as written: the main wager's return ``main`` (per original wager)
    with the mandatory, equal bonus wager (2C.5(a)) under ``paytable`` (and, when it is not the
    posted one, under the posted one too, to show how the paytable moves the round); a warning
    when the table's round returns more to the players than it takes."""
    from croupier.analysis.threecard21 import analyze_bonus
    from croupier.games.threecard21.rules import POSTED_PAYTABLE

    lines: list[str] = []
    tables = [paytable] if paytable == POSTED_PAYTABLE else [paytable, POSTED_PAYTABLE]
    for n, table in enumerate(tables):
        bonus = float(analyze_bonus(decks, table).expected_return)
        round_return = main + bonus
        which = "this table's" if n == 0 and own else "the"
        lines.append(
            f"bonus wager, {which} paytable ({table.name}): expected return {bonus * 100:+.4f}% "
            "per unit"
        )
        lines.append(
            f"  a round (the main wager and the equal bonus wager, 2C.5(a)): "
            f"{round_return * 100:+.4f}% of the main wager, {round_return / 2 * 100:+.4f}% per "
            "unit wagered"
        )
        lines.append(
            f"  the house's expected hold: {-round_return / 2 * 100:+.4f}% of all wagered "
            "(both wagers)"
        )
        if n == 0 and round_return > 0:
            lines.append(
                "  warning: at these rules a round returns more to the players than it takes "
                "(the house's expected hold is negative); N.J.A.C. 13:69F-2C.5(b)1 lets the "
                "table post another paytable of the game's Mathematical Analysis "
                "(bonus_paytable in the rules file)"
            )
    return lines
