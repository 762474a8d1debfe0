"""``docs/books-guide.md`` runs as written (issue 28): every command of its ``sh`` blocks, in
order, on a fresh database in an empty folder, each expected to succeed unless its line ends
with a ``# refused: TEXT`` comment, when it must be refused with TEXT in the error. A block
showing a command's shape rather than a command to run is fenced ``text``, not ``sh``."""

from __future__ import annotations

import csv
import io
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "books-guide.md"
REFUSED = re.compile(r"#\s*refused:\s*(.+)$")


def guide_commands(text: str) -> list[tuple[int, str]]:
    """Each command of the guide's ``sh`` blocks with its line number, continuation lines
    joined; comment lines dropped."""
    out: list[tuple[int, str]] = []
    inside = False
    pending: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            inside = line.strip() == "```sh"
            continue
        if not inside:
            continue
        if pending is not None:
            start, head = pending
            line = head + " " + line.strip()
            number = start
            pending = None
        if line.rstrip().endswith("\\"):
            pending = (number, line.rstrip()[:-1])
            continue
        if line.strip() and not line.lstrip().startswith("#"):
            out.append((number, line.strip()))
    return out


def _balanced(runner: CliRunner, env: dict[str, str], site: str, day: str) -> bool:
    """The day's record shows no chip bank over or short and no cash long or short: the
    amounts the guide counts at the close are what its commands booked."""
    result = runner.invoke(app, ["report", "daily", site, day, "--format", "csv"], env=env)
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output, newline="")))
    chips = [r[1] for r in rows if r and r[0] == "Chip bank over (short)"]
    cash = [r[-1] for r in rows if r and r[0] == "All"]
    return chips == ["$0.00"] and cash == ["$0.00"]


def test_the_guide_has_commands_to_run() -> None:
    commands = guide_commands(GUIDE.read_text(encoding="utf-8"))
    assert len(commands) > 40
    assert all(c.startswith(("croupier ", "export ")) for _, c in commands), commands


def test_the_books_guide_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    env: dict[str, str] = {}
    opened: dict[str, str] = {}  # each site's gaming day last opened
    runner = CliRunner()
    for number, command in guide_commands(GUIDE.read_text(encoding="utf-8")):
        refused = REFUSED.search(command)
        words = shlex.split(command, comments=True)
        if words[0] == "export":
            name, _, value = words[1].partition("=")
            env[name] = value
            continue
        result = runner.invoke(app, words[1:], env=env)
        where = f"docs/books-guide.md:{number}: {command}\n{result.output}"
        if words[1:3] == ["books", "open-day"]:
            opened[words[3]] = words[4]
        if refused is None:
            assert result.exit_code == 0, where
            if words[1:3] == ["books", "close-day"]:  # the guide's counted banks are the books'
                assert _balanced(runner, env, words[3], opened[words[3]]), where
        else:
            assert result.exit_code == 2, where
            assert refused.group(1).strip() in " ".join(result.output.split()), where
