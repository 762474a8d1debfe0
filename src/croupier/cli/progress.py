"""A progress bar that appears only when a run turns out to be slow."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from croupier.cli.common import console

PROGRESS_AFTER_SECONDS = 2.0
"""A run that finishes sooner than this never shows a bar (no flicker on quick commands)."""


@contextmanager
def slow_progress(
    label: str, enabled: bool = True, after: float | None = None
) -> Iterator[Callable[[int, int], None]]:
    """A ``progress(done, total)`` callback that shows a bar of ``label`` (e.g. "rounds")
    once the run has taken ``after`` seconds (default ``PROGRESS_AFTER_SECONDS``); nothing
    when ``enabled`` is false."""
    wait = PROGRESS_AFTER_SECONDS if after is None else after
    from rich.progress import (
        BarColumn,
        Progress,
        TaskID,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    start = time.monotonic()
    bar = Progress(
        TextColumn(label), BarColumn(), TaskProgressColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), console=console, transient=True,
    )  # fmt: skip
    task: list[TaskID] = []

    def update(done: int, total: int) -> None:
        if not enabled:
            return
        if not task:
            if time.monotonic() - start < wait:
                return
            bar.start()
            task.append(bar.add_task(label, total=total))
        bar.update(task[0], completed=done)

    try:
        yield update
    finally:
        if task:
            bar.stop()
