"""``croupier bench serve`` (issue 16): the nearest-rank percentile against hand-worked values,
and the command end to end on SQLite at a tiny size (a real server on 127.0.0.1)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.service.bench.serve_measure import percentile

ROOT = Path(__file__).resolve().parents[3]


def test_percentile_by_nearest_rank() -> None:
    # nearest rank: the ceil(q * n)-th smallest value
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert percentile(values, 0.50) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([5.0, 1.0, 3.0], 0.99) == 5.0
    assert percentile([], 0.5) == 0.0


def test_bench_serve_runs_end_to_end_on_sqlite() -> None:
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "serve",
            "--tables",
            "1",
            "--players",
            "2",
            "--seconds",
            "1",
            "--db",
            "sqlite",
            "--rules-dir",
            str(ROOT / "examples" / "rules"),
            "--markdown",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "| croupier serve | sqlite | virtual | 1 | 1 | 1 x 2 | flat out |" in result.output
    assert "| echo (bare Starlette) | none |" in result.output


def test_bench_serve_keys_every_card_at_physical_tables() -> None:
    """``--mode physical`` (issue 27): the dealer keys each card from the bench's own shoe and
    each decision; the run finishes and its row says physical, judged by issue 27's goal."""
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "serve",
            "--mode",
            "physical",
            "--tables",
            "1",
            "--players",
            "2",
            "--seconds",
            "1",
            "--db",
            "sqlite",
            "--rules-dir",
            str(ROOT / "examples" / "rules"),
            "--markdown",
        ],
    )
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "| croupier serve |" in line)
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1:7] == ["sqlite", "physical", "1", "1", "1 x 2", "flat out"]
    assert int(cells[8].replace(",", "")) > 0  # actions keyed and taken


def test_bench_serve_paced_keeps_each_tables_actions_apart_and_judges_no_goal() -> None:
    """``--pace-ms``: a table's actions at least that far apart, so in 2 s at 500 ms a table
    takes at most 4 (5 if the last starts just before the end); the goal is not judged."""
    result = CliRunner().invoke(
        app,
        ["bench", "serve", "--mode", "physical", "--tables", "1", "--players", "1",
         "--seconds", "2", "--db", "sqlite", "--pace-ms", "500",
         "--rules-dir", str(ROOT / "examples" / "rules"), "--markdown"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for name in ("echo (bare Starlette)", "croupier serve"):
        row = next(line for line in result.output.splitlines() if f"| {name} |" in line)
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[6] == "1 per 500 ms"
        assert 1 <= int(cells[8].replace(",", "")) <= 5
    assert cells[-1] == "not judged: paced"


def test_29_bench_serve_deals_the_tables_among_organizations_and_compares_with_one() -> None:
    """``--orgs 2`` (issue 29): each table is one organization's, its dealer and players that
    organization's people; the backend runs with one organization too, and the many-organization
    row gives its ratio to it and is judged by the 10% goal."""
    result = CliRunner().invoke(
        app,
        ["bench", "serve", "--mode", "physical", "--tables", "2", "--players", "1",
         "--seconds", "1", "--db", "sqlite", "--orgs", "2",
         "--rules-dir", str(ROOT / "examples" / "rules"), "--markdown"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "| croupier serve |" in line]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    assert [c[4] for c in cells] == ["1", "2"]
    assert all(int(c[8].replace(",", "")) > 0 for c in cells)  # actions taken in each run
    assert cells[0][15] == ""
    assert "x actions/s" in cells[1][15]
    assert "orgs" in cells[1][-1]


def test_the_cpu_of_a_server_counts_its_worker_processes() -> None:
    """``tree_cpu_seconds`` sums a process and its descendants (Uvicorn's workers are children
    of the process the bench started): a shell that only waits, whose child burns CPU, is
    charged the child's CPU, as the child's own ``resource`` figure says (a second method)."""
    import subprocess
    import sys
    import time

    from croupier.service.bench.serve_measure import tree_cpu_seconds

    child = (
        "import resource, sys, time\n"
        "end = time.process_time() + 0.6\n"
        "while time.process_time() < end: pass\n"
        "r = resource.getrusage(resource.RUSAGE_SELF)\n"
        "print(r.ru_utime + r.ru_stime, flush=True)\n"
        "sys.stdin.readline()\n"  # alive until told: its CPU is read while it lives
    )
    shell = subprocess.Popen(
        ["sh", "-c", f'"{sys.executable}" -c "$0"', child],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert shell.stdout is not None
        assert shell.stdin is not None
        own = float(shell.stdout.readline())
        time.sleep(0.05)
        seen = tree_cpu_seconds(shell.pid)
        shell.stdin.write("\n")
        shell.stdin.flush()
    finally:
        shell.wait(timeout=30)
    assert seen is not None
    assert own >= 0.6
    assert abs(seen - own) <= 0.1  # the shell itself spends next to nothing
    assert tree_cpu_seconds(shell.pid) is None  # gone: nothing to read


def test_a_run_is_bound_by_whichever_process_used_a_core() -> None:
    from croupier.service.bench.serve_measure import ServeRow, bound_by

    def row(server: float | None, load: float | None, workers: int = 1) -> ServeRow:
        return ServeRow("x", "sqlite", workers, 20, 7, 10.0, 100, 1.0, 2.0,
                        server_cpu_s=server, load_cpu_s=load)  # fmt: skip

    assert bound_by(row(9.8, 4.0), cores=2) == "server"  # 98% of a core against 40%
    assert bound_by(row(2.5, 9.5), cores=2) == "load generator"
    assert bound_by(row(9.5, 9.5), cores=2) == "both"
    assert bound_by(row(5.0, 5.0), cores=2) == "neither"
    assert bound_by(row(9.8, 4.0, workers=2), cores=4) == "neither"  # half of two cores
    # two workers on two cores beside the generator: the machine's cores are all in use
    assert bound_by(row(13.0, 5.5, workers=2), cores=2) == "machine"
    assert bound_by(row(18.5, 1.0, workers=2), cores=2) == "server"  # both cores its own
    assert bound_by(row(9.5, 3.0, workers=4), cores=1) == "server"  # more workers than cores
    assert bound_by(row(None, 4.0), cores=2) == "n/a"
    assert row(9.8, 4.0).cpu_ms_per_action(9.8) == 98.0  # 9.8 s over 100 actions


def test_the_timed_window_opens_when_every_table_has_connected() -> None:
    """Neither load counts its sockets' handshakes or first consoles: the window (the CPU
    measured, each table's deadline) opens after the last table is connected."""
    import asyncio
    import time

    from croupier.service.bench.serve_load import StartLine

    class Cpu:
        def __init__(self) -> None:
            self.started: list[float] = []

        def start(self) -> None:
            self.started.append(time.perf_counter())

    cpu = Cpu()
    line = StartLine(3, 5.0, cpu)  # type: ignore[arg-type]  # a CpuWindow's start, recorded
    arrived: list[float] = []

    async def table(delay: float) -> float:
        await asyncio.sleep(delay)  # connecting its sockets
        arrived.append(time.perf_counter())
        return await line.ready()

    async def run() -> list[float]:
        return list(await asyncio.gather(table(0.0), table(0.05), table(0.1)))

    deadlines = asyncio.run(run())
    assert len(cpu.started) == 1  # one window, opened once
    assert cpu.started[0] >= max(arrived) + StartLine.SETTLE * 0.9
    assert deadlines == [line.start + 5.0] * 3  # every table stops at the same time
