"""A command a person types collects reference cycles rarely (issue 31: the default thresholds
walked a report's books again and again to free nothing); a server worker freezes what its
start-up made and collects young objects less often (issue 27: full collections paused every
table). The store pauses the collector while it decodes rows, and resumes it."""

from __future__ import annotations

import gc
import subprocess
import sys
from typing import Any

import pytest

from croupier.cli import main as cli_main


def _fresh(script: str) -> list[str]:
    """What ``script`` prints last in a fresh interpreter (the collector's settings are the
    process's), split at ``|``."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1].split("|")


def test_a_typed_command_runs_with_the_command_policy() -> None:
    script = (
        "import gc, sys\n"
        "started = gc.get_threshold()\n"
        "from croupier.cli import main as m\n"
        "seen = []\n"
        "m.run = lambda app, args=None: seen.append(gc.get_threshold()) or 0\n"
        "try:\n"
        "    m.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(repr(seen[0]), repr(started), sep='|')\n"
    )
    during, started = _fresh(script)
    assert during == repr(cli_main.COMMAND_GC)
    assert started == repr((700, 10, 10))  # CPython's own thresholds, as the process began


def test_a_server_worker_freezes_its_start_up_and_collects_as_a_server(tmp_path: Any) -> None:
    from croupier.web.app import SERVER_GC

    url = f"sqlite:///{tmp_path / 'served.db'}"
    script = (
        "import gc, os\n"
        "from croupier.service.people.accounts import TEST_CONFIG\n"
        "from croupier.service.server.webserver import first_start, open_server\n"
        f"server = open_server({url!r}, 'demo', config=TEST_CONFIG)\n"
        "first_start(server)\n"
        "server.close()\n"
        f"os.environ['CROUPIER_DATABASE_URL'] = {url!r}\n"
        "os.environ['CROUPIER_ORG'] = 'demo'\n"
        "before = gc.get_freeze_count()\n"
        "from croupier.web.app import create_app_from_environment\n"
        "app = create_app_from_environment()\n"
        "print(repr(gc.get_threshold()), before, gc.get_freeze_count(), sep='|')\n"
    )
    thresholds, before, after = _fresh(script)
    assert thresholds == repr(SERVER_GC)
    assert int(before) == 0
    assert int(after) > 100_000  # the modules, templates and tenants made at start-up


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
        from croupier.core.events import event_from_dict as original

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
