"""The report commands reach the books and the renderers only through ``service.reports``, and
load no heavy library until a report is made."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import croupier.cli.books_report_cmds as report_cmds
import croupier.service.books.reports as report_service

ALLOWED = ("croupier.service", "croupier.core", "croupier.cli")
HEAVY = ("reportlab", "matplotlib", "numpy", "numba")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
    return names


def test_report_cli_imports_only_service_core_and_cli() -> None:
    own = [n for n in _imports(Path(report_cmds.__file__)) if n.startswith("croupier")]
    assert own, "the module imports croupier somewhere"
    assert all(n.startswith(ALLOWED) for n in own), own


def test_report_service_imports_the_domain_only_inside_functions() -> None:
    tree = ast.parse(Path(report_service.__file__).read_text())
    top = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("croupier")
    ]
    assert top == ["croupier.core.errors"]


def test_report_commands_load_no_heavy_library_for_help() -> None:
    code = (
        "import sys\n"
        "import croupier.cli.books_report_cmds\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""
