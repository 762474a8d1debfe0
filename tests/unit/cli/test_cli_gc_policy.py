"""A command a person types collects reference cycles rarely (issue 31: the default thresholds
walked a report's books again and again to free nothing); ``croupier serve``, which lives long,
runs with the interpreter's own policy. The store pauses the collector while it decodes rows,
and resumes it."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from croupier.cli import main as cli_main


@pytest.fixture
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_a_typed_command_runs_with_the_command_policy() -> None:
    script = (
        "import gc, sys\n"
        "from croupier.cli import main as m\n"
        "seen = []\n"
        "m.run = lambda app, args=None: seen.append(gc.get_threshold()) or 0\n"
        "try:\n"
        "    m.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(repr(seen[0]), repr(m.PYTHON_GC), sep='|')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    during, started = done.stdout.strip().split("|")
    assert during == repr(cli_main.COMMAND_GC)
    assert started == repr((700, 10, 10))  # CPython's own thresholds, as the process began


def test_serve_puts_the_interpreters_policy_back_before_the_server_starts(
    monkeypatch: pytest.MonkeyPatch, thresholds: None, tmp_path: Any
) -> None:
    import uvicorn

    seen: list[tuple[int, int, int]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: seen.append(gc.get_threshold()))
    gc.set_threshold(*cli_main.COMMAND_GC)
    url = f"sqlite:///{tmp_path / 'served.db'}"
    code = cli_main.run(cli_main.app, ["serve", "--db", url, "--port", "8765"])
    assert code == 0
    assert seen == [cli_main.PYTHON_GC]


def test_the_store_resumes_the_collector_after_decoding(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from dataclasses import dataclass

    from croupier.core.events import Event, event
    from croupier.store import open_store

    @event("test.cli.gc.noted")
    @dataclass(frozen=True, slots=True)
    class Noted(Event):
        n: int

    store = open_store(f"sqlite:///{tmp_path / 'gc.db'}")
    try:
        store.append("s", [Noted(k) for k in range(5)], 0)
        states: list[bool] = []
        import croupier.store.event_store as es

        original = es.event_from_dict

        def spy(data: Any) -> Any:
            states.append(gc.isenabled())
            return original(data)

        monkeypatch.setattr(es, "event_from_dict", spy)
        assert gc.isenabled()
        assert [e.event.n for e in store.read("s")] == [0, 1, 2, 3, 4]  # type: ignore[union-attr]
        assert next(e.event for e in store.read_types("s", (Noted.TYPE,))) == Noted(0)
        assert len(store.read_between("s", 1, 3)) == 2
        assert states
        assert not any(states)  # paused while decoding
        assert gc.isenabled()  # and resumed
        gc.disable()
        try:
            store.read("s")
            assert not gc.isenabled()  # a caller's own pause is left as it was
        finally:
            gc.enable()
    finally:
        store.close()
