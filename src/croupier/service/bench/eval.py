"""``croupier bench eval``: single-thread hand-evaluation throughput, croupier against peers.

Every library evaluates the same seeded random hands, in the form it is called from Python:
croupier's batch kernels take a whole numpy array; the peers are called once per hand with
their own card objects (built before the clock starts). Figures are hands per second (best of
a few runs) and the seconds of the exhaustive AhKh v QsQd preflop equity (1,712,304 boards).
A peer that fails to import is skipped and named with the reason.
"""

from __future__ import annotations

import contextlib
import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from croupier.core.cards import Card, parse_cards
from croupier.core.errors import InvalidInput
from croupier.eval import fast
from croupier.eval.census import category_counts, value_histogram
from croupier.eval.equity import enumerate_equity
from croupier.service.bench.ompeval import OmpEval, measure, orders_alike

PEERS = ("eval7", "phevaluator", "treys", "pokerkit", "pkrbot")


@dataclass
class EvalBench:
    """Hands per second by library and kind, seconds for the equity, skipped peers."""

    kinds: ClassVar[tuple[str, ...]] = ("5-card", "7-card", "omaha-high", "omaha-hilo")
    equity_label: ClassVar[str] = "equity-ahkh-qsqd-seconds"
    rates: dict[str, dict[str, float]] = field(default_factory=dict)
    equity_seconds: float = 0.0
    skipped: dict[str, str] = field(default_factory=dict)
    census: dict[str, int] | None = None
    census_seconds: float | None = None
    ompeval: OmpEval | None = None
    equity_first: float = 0.0
    """AhKh's equity in croupier's enumeration (compared with OMPEval's)."""
    equity_typed: float | None = None
    """``croupier equity AhKh QsQd`` as a person types it: the whole process (median)."""

    def fastest_peer(self, kind: str) -> tuple[str, float] | None:
        peers = [(lib, r[kind]) for lib, r in self.rates.items() if lib != "croupier" and kind in r]
        return max(peers, key=lambda p: p[1]) if peers else None

    def to_json(self) -> dict[str, Any]:
        ratios: dict[str, float] = {}
        ours = self.rates.get("croupier", {})
        for kind in self.kinds:
            best = self.fastest_peer(kind)
            if best and kind in ours:
                ratios[f"{kind} vs fastest peer ({best[0]})"] = ours[kind] / best[1]
        pk = self.rates.get("pokerkit", {}).get("omaha-hilo")
        if pk and "omaha-hilo" in ours:
            ratios["omaha-hilo vs pokerkit"] = ours["omaha-hilo"] / pk
        equity_seconds = {"croupier": self.equity_seconds}
        if self.equity_typed is not None:
            equity_seconds["croupier equity AhKh QsQd, whole process"] = self.equity_typed
        if self.ompeval is not None:
            om = self.ompeval
            ratios["7-card vs OMPEval"] = ours["7-card"] / om.seven_card_rate
            ratios["exhaustive equity, OMPEval's seconds / croupier's"] = (
                om.equity_seconds / self.equity_seconds
            )
            equity_seconds["OMPEval"] = om.equity_seconds
        out: dict[str, Any] = {
            "hands_per_second": self.rates,
            self.equity_label: equity_seconds,
            "ratios": ratios,
            "skipped": self.skipped,
        }
        if self.ompeval is not None:
            out["ompeval"] = {
                "7-card": self.ompeval.seven_card_rate,
                "equity_ahkh": self.ompeval.equity_first,
                "equity_ahkh_croupier": self.equity_first,
                "equity_evaluations": self.ompeval.evaluations,
            }
        if self.census is not None:
            out["enumerate_7card"] = {"seconds": self.census_seconds, "categories": self.census}
        return out


def _hands(seed: int, count: int, size: int) -> npt.NDArray[np.int8]:
    gen = np.random.default_rng(seed)
    return np.argsort(gen.random((count, 52)), axis=1)[:, :size].astype(np.int8)


EQUITY_REPEATS = 15
"""Runs of the exhaustive AhKh v QsQd equity (a few milliseconds) on each side, the best one
kept: croupier's and OMPEval's alike (the driver times its 7-card hands as many times)."""


def _rate(run: Callable[[], object], count: int, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def _texts(rows: npt.NDArray[np.int8]) -> list[list[str]]:
    names = [str(Card.from_index(i)) for i in range(52)]
    return [[names[c] for c in row] for row in rows]


def _peer_runs(lib: str, mod: Any, h5: Any, h7: Any, om: Any) -> dict[str, tuple[Any, int]]:
    """Per-kind (callable, hands) for one peer; hand lists are built before timing."""
    t5, t7, to = _texts(h5), _texts(h7), _texts(om)
    runs: dict[str, tuple[Any, int]] = {}
    if lib in ("eval7", "pkrbot"):
        deck = {s: mod.Card(s) for s in {x for row in t7 + t5 for x in row}}
        c5 = [[deck[s] for s in row] for row in t5]
        c7 = [[deck[s] for s in row] for row in t7]
        ev = mod.evaluate
        runs["5-card"] = (lambda: [ev(h) for h in c5], len(c5))
        runs["7-card"] = (lambda: [ev(h) for h in c7], len(c7))
    elif lib == "phevaluator":
        ev = mod.evaluate_cards
        om_ev = mod.evaluate_omaha_cards
        i5, i7 = h5.astype(int).tolist(), h7.astype(int).tolist()
        io = [row[4:] + row[:4] for row in om.astype(int).tolist()]  # board first
        runs["5-card"] = (lambda: [ev(*h) for h in i5], len(i5))
        runs["7-card"] = (lambda: [ev(*h) for h in i7], len(i7))
        runs["omaha-high"] = (lambda: [om_ev(*h) for h in io], len(io))
    elif lib == "treys":
        evaluator = mod.Evaluator()
        n5 = [[mod.Card.new(s) for s in row] for row in t5[:50_000]]
        n7 = [[mod.Card.new(s) for s in row] for row in t7[:50_000]]
        ev = evaluator.evaluate
        runs["5-card"] = (lambda: [ev(h[:2], h[2:]) for h in n5], len(n5))
        runs["7-card"] = (lambda: [ev(h[:2], h[2:]) for h in n7], len(n7))
    elif lib == "pokerkit":
        hi, lo = mod.StandardHighHand, mod.OmahaEightOrBetterLowHand
        ohi = mod.OmahaHoldemHand
        p5 = ["".join(r) for r in t5[:3000]]
        p7 = [("".join(r[:2]), "".join(r[2:])) for r in t7[:3000]]
        po = [("".join(r[:4]), "".join(r[4:])) for r in to[:1000]]

        def hilo() -> None:
            for hole, board in po:
                ohi.from_game(hole, board)
                with contextlib.suppress(ValueError):
                    lo.from_game(hole, board)

        runs["5-card"] = (lambda: [hi.from_game(h) for h in p5], len(p5))
        runs["7-card"] = (lambda: [hi.from_game(a, b) for a, b in p7], len(p7))
        runs["omaha-high"] = (lambda: [ohi.from_game(a, b) for a, b in po], len(po))
        runs["omaha-hilo"] = (hilo, len(po))
    return runs


def run_eval_bench(
    peers: tuple[str, ...] = PEERS,
    count: int = 2_000_000,
    peer_count: int = 200_000,
    enumerate_all: bool = False,
    progress: Callable[[str], None] | None = None,
    ompeval: Path | None = None,
) -> EvalBench:
    """Measure everything; ``progress(label)`` is told what is being measured. With
    ``ompeval`` (a checkout of OMPEval) its evaluator and equity run beside croupier's, on the
    same hands, in the same run (``service.bench.ompeval``)."""
    say = progress or (lambda _label: None)
    bench = EvalBench()
    h5, h7, om = _hands(1, count, 5), _hands(2, count, 7), _hands(3, count // 4, 9)
    hole, board = np.ascontiguousarray(om[:, :4]), np.ascontiguousarray(om[:, 4:])
    say("croupier kernels")
    fast.evaluate7(h7[:10])
    fast.omaha_hilo_batch(hole[:10], board[:10])
    bench.rates["croupier"] = {
        "5-card": _rate(lambda: fast.evaluate5(h5), count),
        "7-card": _rate(lambda: fast.evaluate7(h7), count),
        "omaha-high": _rate(lambda: fast.omaha_high_batch(hole, board), len(om)),
        "omaha-hilo": _rate(lambda: fast.omaha_hilo_batch(hole, board), len(om)),
    }
    say("croupier exhaustive AhKh v QsQd")
    hands = [parse_cards("AhKh"), parse_cards("QsQd")]
    bench.equity_first = float(enumerate_equity(hands).players[0].equity)
    bench.equity_seconds = min(
        _seconds(lambda: enumerate_equity(hands)) for _ in range(EQUITY_REPEATS)
    )
    say("croupier equity AhKh QsQd as typed")
    from croupier.service.bench.commands import time_command

    bench.equity_typed = time_command(["equity", "AhKh", "QsQd"], 5).median
    if ompeval is not None:
        say("OMPEval (built from the checkout given)")
        native = measure(ompeval, h7, EQUITY_REPEATS)
        if not orders_alike(fast.evaluate7(h7[: len(native.values)]), native.values):
            raise InvalidInput("OMPEval and croupier order the same hands differently: not run")
        if abs(native.equity_first - bench.equity_first) > 1e-6:
            raise InvalidInput(
                f"OMPEval's AhKh equity {native.equity_first:.9f} is not croupier's "
                f"{bench.equity_first:.9f}: not compared"
            )
        bench.ompeval = native
    for lib in peers:
        try:
            mod = importlib.import_module(lib)
        except Exception as exc:  # any import failure means: skip this peer and say why
            bench.skipped[lib] = f"{type(exc).__name__}: {exc}"
            continue
        say(lib)
        runs = _peer_runs(lib, mod, h5[:peer_count], h7[:peer_count], om[: peer_count // 4])
        bench.rates[lib] = {kind: _rate(run, n, repeats=2) for kind, (run, n) in runs.items()}
    if enumerate_all:
        say("all 133,784,560 seven-card hands")
        start = time.perf_counter()
        hist = value_histogram(7)
        bench.census_seconds = time.perf_counter() - start
        bench.census = {cat.label: n for cat, n in category_counts(hist).items()}
    return bench


KINDS = EvalBench.kinds
EQUITY = EvalBench.equity_label


def _seconds(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start
