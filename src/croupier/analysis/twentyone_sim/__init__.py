"""Monte Carlo simulation of twenty-one as dealt here: whole shoes, a numba kernel, exact
integer statistics per chunk (no I/O, no Dask:
``croupier.service.analysis.simulate_twentyone`` runs the
chunks on a cluster)."""

from __future__ import annotations

from croupier.analysis.twentyone_sim.params import (
    DealerNatural,
    DoubleOn,
    SimRules,
    from_house_rules,
)
from croupier.analysis.twentyone_sim.strategy import Strategy, basic_strategy
from croupier.analysis.twentyone_sim.summary import (
    CHUNK_ROUNDS,
    ChunkTask,
    Summary,
    chunk_seeds,
    chunk_sizes,
    combine,
    plan,
    run_task,
    simulate_serial,
)

__all__ = [
    "CHUNK_ROUNDS",
    "ChunkTask",
    "DealerNatural",
    "DoubleOn",
    "SimRules",
    "Strategy",
    "Summary",
    "basic_strategy",
    "chunk_seeds",
    "chunk_sizes",
    "combine",
    "from_house_rules",
    "plan",
    "run_task",
    "simulate_serial",
]
