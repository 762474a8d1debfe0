"""Issue 15: ``croupier --help`` and every ``croupier CMD --help`` answer at once.

No timing here: each check runs the command in a new process and looks at the modules it
imported (``croupier bench cli`` measures the seconds).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from croupier.cli.command_table import COMMANDS, GROUPS, MODULES
from croupier.cli.lazy import defined_table, table_source

HEAVY = ("numpy", "numba", "sqlalchemy", "alembic", "reportlab", "matplotlib")

_PROBE = """
import json, sys
from croupier.cli.main import run, app
run(app, sys.argv[1:])
print(json.dumps(sorted(sys.modules)), file=sys.__stderr__)
"""


def _imported(*args: str) -> set[str]:
    """The modules a command imports, run in a new process with an empty cache folder (a rules
    file validated once is remembered there, and the next run would not import the model)."""
    with tempfile.TemporaryDirectory() as cache:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, *args],
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "CROUPIER_CACHE_DIR": cache},
        )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY and "." not in m)


def test_command_table_agrees_with_the_command_modules() -> None:
    groups, commands = defined_table(MODULES)
    stale = "src/croupier/cli/command_table.py is out of date; the modules define:\n"
    assert set(groups) == set(GROUPS), stale + table_source(MODULES)
    assert set(commands) == set(COMMANDS), stale + table_source(MODULES)


def test_every_command_module_is_listed() -> None:
    assert {c.module for c in COMMANDS} == set(MODULES)


@pytest.mark.parametrize("args", [["--help"]] + [[g.name, "--help"] for g in GROUPS])
def test_help_of_root_and_groups_imports_no_command_module(args: list[str]) -> None:
    modules = _imported(*args)
    assert not [m for m in modules if m in MODULES], "a help page imported a command module"
    assert not [m for m in modules if m.startswith(("croupier.games", "croupier.books"))]
    assert _heavy(modules) == []


def _first_command_of(module: str) -> list[str]:
    entry = next(c for c in COMMANDS if c.module == module)
    return [*([entry.group] if entry.group else []), entry.name, "--help"]


@pytest.mark.parametrize("module", MODULES)
def test_command_help_imports_no_heavy_library(module: str) -> None:
    args = _first_command_of(module)
    modules = _imported(*args)
    assert module in modules
    assert _heavy(modules) == [], f"croupier {' '.join(args)} imported {_heavy(modules)}"


def test_a_command_imports_only_its_own_module() -> None:
    modules = _imported("equity", "--help")
    assert [m for m in MODULES if m in modules] == ["croupier.cli.eval_cmds"]


def test_a_mistyped_command_is_refused_with_a_suggestion() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "croupier.cli.main", "eqity"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Did you mean 'equity'?" in done.stderr


def test_analyze_twentyone_of_the_default_rules_loads_no_rules_model() -> None:
    """Issue 31 (imports only of what the command uses): the default N.D. rule set comes from
    no rules file, so neither a game package nor pydantic is imported to analyse it."""
    modules = _imported("analyze", "twentyone", "--json")
    assert "croupier.analysis.twentyone.analyzer" in modules  # the analysis did run
    assert not [m for m in modules if m.startswith(("croupier.games", "pydantic"))]


def test_analyze_twentyone_of_a_rules_file_loads_the_rules_model_and_not_the_engine() -> None:
    """Issue 31: with ``--rules`` the house rules model is needed (validated as every rules
    file is), the game's engine, events and round files are not."""
    rules = Path(__file__).resolve().parents[3] / "examples" / "rules"
    path = rules / "twentyone-hole-card-no-peek-6deck-s17.toml"
    modules = _imported("analyze", "twentyone", "--json", "--rules", str(path))
    assert "croupier.analysis.twentyone.analyzer" in modules
    assert "croupier.games.twentyone.rules" in modules
    assert not [
        m
        for m in modules
        if m.startswith("croupier.games.twentyone.")
        and m.rsplit(".", 1)[1] in ("game", "state", "events", "roundfile", "mistakes", "actions")
    ]


def test_the_analysis_reads_a_rules_file_as_every_command_does() -> None:
    from croupier.service.analysis.twentyone_rules_cache import house_rules as _house_rules
    from croupier.service.games.rules import load_rules

    rules = Path(__file__).resolve().parents[3] / "examples" / "rules"
    files = sorted(rules.glob("twentyone-*.toml"))
    assert files
    for path in files:
        assert _house_rules(path) == load_rules("twentyone", path)


def test_the_twentyone_package_gives_its_engine_names_when_asked() -> None:
    import croupier.games.twentyone as twentyone
    from croupier.games.base import GameSpec
    from croupier.games.twentyone.game import GAME
    from croupier.games.twentyone.state import Round

    assert twentyone.GAME is GAME
    assert twentyone.Round is Round
    assert isinstance(twentyone.SPEC, GameSpec)
    assert twentyone.SPEC is twentyone.SPEC  # made once
    assert callable(twentyone.disclosure)  # the function, not its module
    assert set(twentyone.__all__) <= set(dir(twentyone))
    with pytest.raises(AttributeError):
        _ = twentyone.NoSuchName
