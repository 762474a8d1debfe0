"""Exact combinatorial analysis of twenty-one (issue 18): expected return, basic and
composition-dependent strategy, per-hand expectations.

Pure domain code; ``docs/analysis-twentyone.md`` explains the method and names the published
figures it is checked against."""

from croupier.analysis.twentyone.analyzer import STRATEGIES, Context, analyze, full_shoe
from croupier.analysis.twentyone.result import Analysis, HandExpectation
from croupier.analysis.twentyone.rules import AnalysisRules, DealerNatural, DoubleOn
from croupier.analysis.twentyone.strategy import Action
from croupier.analysis.twentyone.tip import TipBet, tip_bet

__all__ = [
    "STRATEGIES",
    "Action",
    "Analysis",
    "AnalysisRules",
    "Context",
    "DealerNatural",
    "DoubleOn",
    "HandExpectation",
    "TipBet",
    "analyze",
    "full_shoe",
    "tip_bet",
]
