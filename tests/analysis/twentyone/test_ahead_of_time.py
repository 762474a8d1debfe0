"""The analysis's loops compiled ahead of time (``tools/aot.py``) against the same source compiled
by numba: the same analyses to the last bit, the extension used only when built from today's
source, and a process that uses it never imports numba (issue 31: ``analyze twentyone`` under
0.5 s as typed)."""

from __future__ import annotations

import dataclasses
import importlib
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from croupier.analysis.native import AHEAD_OF_TIME, NUMBA
from croupier.analysis.twentyone import (
    AnalysisRules,
    Context,
    DealerNatural,
    analyze,
    compiled,
    kernels,
    tip_bet,
)
from croupier.analysis.twentyone import analyzer as analyzer_module
from croupier.analysis.twentyone import basic as basic_module
from croupier.analysis.twentyone import tip as tip_module

EXTENSION = compiled.KERNELS.ahead_of_time()
needs_extension = pytest.mark.skipif(
    EXTENSION is None, reason="the ahead-of-time extension is not built (make compile)"
)

ROOT = Path(__file__).resolve().parents[3]

RULE_SETS = [
    AnalysisRules(),
    AnalysisRules(decks=1, dealer_hits_soft_17=True),
    AnalysisRules(decks=2, double_after_split=False, max_split_hands=2),
    AnalysisRules(decks=8, dealer_natural=DealerNatural.ALL_BETS, resplit_aces=False),
]


def _jit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the analysis call numba's compilation of ``kernels.py`` whatever was loaded."""
    monkeypatch.setattr(analyzer_module, "evaluate", kernels.evaluate)
    monkeypatch.setattr(analyzer_module, "mark_needed", kernels.mark_needed)
    monkeypatch.setattr(tip_module, "mark_needed", kernels.mark_needed)
    monkeypatch.setattr(basic_module, "table_pass", kernels.table_pass)


def _everything(rules: AnalysisRules) -> tuple[object, ...]:
    context = Context(rules)
    composition = analyze(rules, "composition", context)
    basic = analyze(rules, "basic")
    nd_tip = not rules.late_surrender and rules.dealer_natural is not DealerNatural.ALL_BETS
    tip = tip_bet(rules, context) if nd_tip else None
    return composition, basic, tip


@needs_extension
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.decks}d")
def test_extension_and_numba_give_the_same_analysis_to_the_bit(
    rules: AnalysisRules, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert compiled.KIND == AHEAD_OF_TIME
    ahead = _everything(rules)
    _jit(monkeypatch)
    jit = _everything(rules)
    assert ahead == jit


@needs_extension
def test_the_extension_fills_the_same_arrays_as_numba() -> None:
    """One call of each exported loop on the same inputs (not only the analysis built on them)."""
    from croupier.analysis.twentyone.dealer import dealer_trie

    trie = dealer_trie(5, True)
    shoe = np.array([24, 24, 24, 24, 23, 24, 24, 24, 24, 96], dtype=np.int64)
    outs = []
    for module in (EXTENSION, kernels):
        out = np.zeros(7)
        module.dealer_probabilities(
            shoe, *trie.kernel_arrays, True, np.empty(trie.parent.shape[0]), out
        )
        outs.append(out)
    assert np.array_equal(outs[0], outs[1])
    assert outs[0].sum() == pytest.approx(1.0)


def test_a_stamp_of_another_source_sends_the_process_to_numba(tmp_path: Path) -> None:
    kernels_here = dataclasses.replace(compiled.KERNELS, folder=tmp_path)
    shutil.copy(compiled.KERNELS.folder / "kernels.py", tmp_path / "kernels.py")
    assert kernels_here.ahead_of_time() is None  # no stamp
    assert kernels_here.load()[1] == NUMBA
    kernels_here.stamp.write_text("0" * 64 + "\n", encoding="ascii")
    assert kernels_here.ahead_of_time() is None  # built from another source
    kernels_here.stamp.write_text(kernels_here.digest() + "\n", encoding="ascii")
    assert (kernels_here.ahead_of_time() is None) == (EXTENSION is None)
    (tmp_path / "kernels.py").write_text("# edited\n", encoding="utf-8")
    assert kernels_here.ahead_of_time() is None  # the source edited since


def test_make_watches_every_source_of_every_kernel_set() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        aot = importlib.import_module("aot")
    finally:
        sys.path.remove(str(ROOT / "tools"))
    wanted = {ROOT / "src" / "croupier" / "analysis" / "native.py"}
    for name, folder in aot.SETS.items():
        kernels = importlib.import_module(name).KERNELS
        assert kernels.folder == folder
        wanted |= {folder / source for source in kernels.sources}
    assert set(aot.SOURCES) == wanted


@needs_extension
def test_a_process_analysing_with_the_extension_never_imports_numba(
    run_without_numba: Callable[[str], list[str]],
) -> None:
    script = (
        "from croupier.analysis.twentyone import AnalysisRules, Context, analyze, tip_bet\n"
        "rules = AnalysisRules()\n"
        "c = Context(rules)\n"
        "print(round(analyze(rules, 'composition', c).expected_return * 100, 6), "
        "0 < tip_bet(rules, c).win < 1)\n"
    )
    # 6 decks, S17, DOA, DAS, split to 4, RSA: -0.334003550% in the published composition-
    # dependent column of docs/analysis-twentyone.md
    assert run_without_numba(script) == ["-0.334004 True"]


def test_a_context_of_other_rules_is_refused() -> None:
    context = Context(AnalysisRules())
    other = dataclasses.replace(AnalysisRules(), decks=2)
    with pytest.raises(ValueError, match="other rules"):
        analyze(other, "composition", context)
