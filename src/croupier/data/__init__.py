"""Files shipped with croupier: the posted example rules files (``rules/``, also reachable from
a checkout as ``examples/rules``), found wherever the server or a command starts."""

from __future__ import annotations

from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent / "rules"
"""The example rules files installed with the package (the server's default rules folder)."""
