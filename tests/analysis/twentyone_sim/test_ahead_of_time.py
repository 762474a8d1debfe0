"""The simulation's kernel compiled ahead of time (``tools/aot.py``) against the same source
compiled by numba: the same statistics for the same seeds, and a process that simulates with
the extension never imports numba (issue 31: the quarterly report's hold chance)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from croupier.analysis.native import AHEAD_OF_TIME
from croupier.analysis.twentyone_sim import SimRules, basic_strategy, chunks, compiled, kernel
from croupier.analysis.twentyone_sim.summary import chunk_seeds

EXTENSION = compiled.KERNELS.ahead_of_time()
needs_extension = pytest.mark.skipif(
    EXTENSION is None, reason="the ahead-of-time extension is not built (make compile)"
)


@needs_extension
@pytest.mark.parametrize("players", [1, 3, 7])
def test_extension_and_numba_play_the_same_rounds(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert compiled.KIND == AHEAD_OF_TIME
    rules = SimRules(decks=2, dealer_hits_soft_17=True)
    s = basic_strategy(rules)
    seed = chunk_seeds(11, 1)[0]
    args = (rules.as_array(), s.hard, s.soft, s.pairs, True, players, 5_000, seed)
    ahead = chunks.run_chunk(*args)
    monkeypatch.setattr(chunks, "run_chunk_kernel", kernel.run_chunk_kernel)
    jit = chunks.run_chunk(*args)
    assert np.array_equal(ahead, jit)


@needs_extension
def test_a_process_simulating_with_the_extension_never_imports_numba(
    run_without_numba: Callable[[str], list[str]],
) -> None:
    script = (
        "from croupier.analysis.twentyone_sim import SimRules, basic_strategy, chunks\n"
        "from croupier.analysis.twentyone_sim.summary import chunk_seeds\n"
        "r = SimRules()\n"
        "s = basic_strategy(r)\n"
        "st = chunks.run_chunk(r.as_array(), s.hard, s.soft, s.pairs, False, 1, 1000, "
        "chunk_seeds(1, 1)[0])\n"
        "print(int(st[0]))\n"
    )
    assert run_without_numba(script) == ["1000"]
