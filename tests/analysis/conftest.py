"""Fixtures shared by the analysis tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest

NUMBA_MODULES = "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba'))\n"


@pytest.fixture
def run_without_numba() -> Callable[[str], list[str]]:
    """Run ``script`` in a fresh interpreter and return the lines it printed, after checking
    that the process imported no numba module (what the ahead-of-time extensions promise)."""

    def run(script: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", "import sys\n" + script + NUMBA_MODULES],
            capture_output=True,
            text=True,
            check=True,
        )
        *printed, numba_modules = done.stdout.splitlines()
        assert numba_modules == "[]"
        return printed

    return run
