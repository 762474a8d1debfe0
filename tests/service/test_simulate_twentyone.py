"""``croupier simulate twentyone``: identical figures for a seed however the chunks are spread
(this process, one worker, two workers, another chunk order), the rules file, the command.

Kept small: the chunks are tiny. The LocalCluster test starts worker processes (several
seconds on a shared machine) and is marked slow; an in-process Dask cluster covers the
scheduler path quickly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.analysis.twentyone_sim import SimRules, basic_strategy
from croupier.cli.main import app
from croupier.core.errors import InvalidInput
from croupier.service.analysis.simulate_twentyone import SimulationReport, run, simulate

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "examples/rules/twentyone-no-hole-card-4deck-h17.toml"
ROUNDS = 24_000
CHUNK = 5_000  # five chunks: four full, one of 4,000
SEED = 99


def _here(order: list[int] | None = None) -> SimulationReport:
    rules = SimRules(decks=6)
    return run(rules, basic_strategy(rules), ROUNDS, SEED, 2, 0, None, CHUNK, order=order)


def test_chunk_order_in_process_changes_nothing() -> None:
    first = _here()
    assert first.chunks == 5
    assert first.where == "this process"
    assert _here([4, 2, 0, 3, 1]).summary == first.summary
    assert first.summary.rounds == ROUNDS
    assert first.summary.initial_wagers == 2 * ROUNDS


def test_an_existing_dask_cluster_gives_the_same_figures() -> None:
    from distributed import LocalCluster

    reference = _here().summary
    rules = SimRules(decks=6)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        address = cluster.scheduler_address
        seen: list[tuple[int, int]] = []
        report = run(rules, basic_strategy(rules), ROUNDS, SEED, 2, None, address, CHUNK,
                     lambda done, total: seen.append((done, total)), [3, 1, 4, 0, 2])  # fmt: skip
    assert report.summary == reference
    assert report.workers == 2
    assert report.where == f"Dask cluster at {address}"
    assert seen[-1] == (ROUNDS, ROUNDS)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.slow
def test_local_cluster_of_one_or_two_processes_gives_the_same_figures() -> None:
    reference = _here().summary
    rules = SimRules(decks=6)
    strategy = basic_strategy(rules)
    one = run(rules, strategy, ROUNDS, SEED, 2, 1, None, CHUNK)
    two = run(rules, strategy, ROUNDS, SEED, 2, 2, None, CHUNK, order=[4, 3, 2, 1, 0])
    assert (one.workers, two.workers) == (1, 2)
    assert one.where == "LocalCluster of 1 processes"
    assert one.summary == two.summary == reference


def test_the_rules_file_is_dealt_as_north_dakota_deals_it() -> None:
    report = simulate(RULES, 10_000, seed=3, players=1, workers=0)
    rules = report.rules
    assert (rules.decks, rules.dealer_hits_soft_17, rules.hole_card) == (4, True, False)
    assert rules.dealer_natural.value == "no-peek-original-bets-only"
    assert report.strategy == "basic strategy 4-8 decks H17 DAS"
    data = report.to_dict()
    assert data["rounds"] == 10_000
    assert data["ci95"][0] < data["mean_return"] < data["ci95"][1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rounds": 0}, "--rounds"),
        ({"players": 8}, "--players"),
        ({"workers": -1}, "--workers"),
        ({"workers": 2, "scheduler": "tcp://127.0.0.1:1"}, "not both"),
    ],
)
def test_bad_options_are_refused(kwargs: dict[str, int | str], message: str) -> None:
    args: dict[str, int | str | None] = {"rounds": 1000, "players": 1, "workers": 0}
    args.update(kwargs)
    rules = SimRules()
    with pytest.raises(InvalidInput, match=message):
        run(
            rules,
            basic_strategy(rules),
            int(args["rounds"] or 0),
            players=int(args["players"] or 0),
            workers=None if args["workers"] is None else int(args["workers"]),
            scheduler=None if "scheduler" not in args else str(args["scheduler"]),
        )


def test_the_command_prints_the_figures_as_json() -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "twentyone",
            "--rules",
            str(RULES),
            "--rounds",
            "20000",
            "--workers",
            "0",
            "--players",
            "3",
            "--seed",
            "4",
            "--json",
        ],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"] == 3
    assert data["initial_wagers"] == 60_000
    again = simulate(RULES, 20_000, seed=4, players=3, workers=0)
    assert data["mean_return"] == again.summary.mean
