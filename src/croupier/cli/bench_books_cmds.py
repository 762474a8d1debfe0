"""``croupier bench books``: books status, a fill, a daily and a quarterly report against the
size of the books' history (issue 17)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.apps import bench_app
from croupier.cli.common import console, err_console, reports_errors

if TYPE_CHECKING:
    from croupier.service.bench.books import Row


@bench_app.command("books")
@reports_errors
def bench_books(
    sizes: Annotated[
        str, typer.Option(help="Events in each database, comma separated (1e6 takes long).")
    ] = "1e3,1e4,1e5",
    db: Annotated[str, typer.Option("--db", help="sqlite, postgresql or both.")] = "both",
    seed: Annotated[int, typer.Option(help="Seed of the generated year.")] = 0,
    repeat: Annotated[int, typer.Option(help="Timings of each command (the median is shown).")] = 3,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the table as Markdown (for the docs).")
    ] = False,
) -> None:
    """Time books status, a fill, a daily and a quarterly report on generated histories of a
    four-site organization (median of --repeat, in-process); print them against the goals."""
    from rich.markup import escape
    from rich.table import Table

    from croupier.service.bench import books as svc

    wanted = svc.parse_sizes(sizes)
    backends = svc.parse_backends(db)

    def progress(line: str) -> None:
        err_console.print(escape(line), highlight=False, style="dim")

    rows, skipped = svc.run(wanted, backends, seed, repeat, progress)
    for line in skipped:
        err_console.print(line, highlight=False)
    if markdown:
        print(_markdown(rows, repeat, seed))
        return
    table = Table(
        title=f"croupier bench books: median of {repeat} (seconds, in-process, seed {seed})"
    )
    columns = (
        "size", "backend", "events", "status", "fill", "daily", "quarterly", "quarter",
        "gen ev/s", "write ev/s", "goal",
    )  # fmt: skip
    for column in columns:
        table.add_column(column, justify="left" if column in ("backend", "goal") else "right")
    for r in rows:
        table.add_row(
            svc.size_label(r.size),
            r.backend,
            f"{r.events:,}",
            f"{r.status:.3f}",
            f"{r.fill:.3f}",
            f"{r.daily:.3f}",
            f"{r.quarterly:.3f}",
            r.quarter,
            f"{r.generated_per_second:,.0f}",
            f"{r.written_per_second:,.0f}",
            svc.goal(r),
        )
    console.print(table)
    console.print(
        f"goal (issue 17): status and fill under {svc.STATUS_FILL_GOAL} s at every size; the "
        f"quarterly report under {svc.QUARTERLY_GOAL} s at {svc.QUARTERLY_GOAL_AT:,} events",
        highlight=False,
    )
    anchors = Table(title="signed anchors (seconds, in-process)")
    for column in (
        "size", "backend", "first anchor", "after a day", "fill while signing", "fill alone",
        "anchor check", "goal",
    ):  # fmt: skip
        anchors.add_column(column, justify="left" if column in ("backend", "goal") else "right")
    for r in rows:
        anchors.add_row(
            svc.size_label(r.size),
            r.backend,
            f"{r.sign_first:.3f}",
            f"{r.sign_day:.3f}",
            f"{r.writer_wait:.3f}",
            f"{r.writer_alone:.3f}",
            f"{r.anchor_check * 1000:.2f} ms",
            svc.anchor_goal(r),
        )
    console.print(anchors)
    console.print(
        f"goal (issue 26): an anchor after a day's {svc.DAY_FILLS} entries under "
        f"{svc.SIGN_DAY_GOAL} s at {svc.SIGN_GOAL_AT:,} events; no fill waits "
        f"{svc.WRITER_WAIT_GOAL} s or more while the first anchor is signed; a reader's anchor "
        f"check under {svc.ANCHOR_CHECK_GOAL * 1000:.0f} ms",
        highlight=False,
    )
    typed = Table(title="the commands as typed (seconds, whole process: start-up, imports, open)")
    for column in ("size", "backend", "books status", "books fill", "report daily",
                   "report quarterly", "goal"):  # fmt: skip
        typed.add_column(column, justify="left" if column in ("backend", "goal") else "right")
    for r in rows:
        typed.add_row(
            svc.size_label(r.size), r.backend, *(f"{x:.3f}" for x in r.process), svc.process_goal(r)
        )
    console.print(typed)
    console.print(
        f"goal (issue 31): books status, books fill and report daily under {svc.PROCESS_GOAL} s "
        f"and report quarterly under {svc.PROCESS_QUARTERLY_GOAL} s, the whole process, at "
        "1,000,000 events",
        highlight=False,
    )


def _markdown(rows: list[Row], repeat: int, seed: int) -> str:
    from croupier.service.bench import books as svc

    lines = [
        f"Median of {repeat} (seconds, in-process, seed {seed}).",
        "",
        "| size | backend | events | status | fill | daily | quarterly | quarter "
        "| gen ev/s | write ev/s | goal |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {svc.size_label(r.size)} | {r.backend} | {r.events:,} | {r.status:.3f} "
            f"| {r.fill:.3f} | {r.daily:.3f} | {r.quarterly:.3f} | {r.quarter} "
            f"| {r.generated_per_second:,.0f} | {r.written_per_second:,.0f} | {svc.goal(r)} |"
        )
    lines += [
        "",
        "| size | backend | first anchor | after a day | fill while signing | fill alone "
        "| anchor check | goal |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {svc.size_label(r.size)} | {r.backend} | {r.sign_first:.3f} | {r.sign_day:.3f} "
            f"| {r.writer_wait:.3f} | {r.writer_alone:.3f} | {r.anchor_check * 1000:.2f} ms "
            f"| {svc.anchor_goal(r)} |"
        )
    lines += [
        "",
        "The commands as typed, each a whole process (median wall seconds):",
        "",
        "| size | backend | books status | books fill | report daily | report quarterly | goal |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        cells = " | ".join(f"{x:.3f}" for x in r.process)
        lines.append(
            f"| {svc.size_label(r.size)} | {r.backend} | {cells} | {svc.process_goal(r)} |"
        )
    return "\n".join(lines)
