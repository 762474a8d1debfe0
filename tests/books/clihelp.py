"""Running ``croupier books ...`` in tests: the books group itself (every command module
registered), so that a command runs whatever the lazy command table lists."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

import croupier.cli.books_cmds  # noqa: F401  (registers every books command)
from croupier.cli.books_common import books_app

RUNNER = CliRunner()


@dataclass(frozen=True)
class Done:
    code: int
    output: str

    @property
    def lines(self) -> list[str]:
        return [line for line in self.output.splitlines() if line.strip()]


class Books:
    """``croupier books`` against one SQLite file and organization."""

    def __init__(self, tmp_path: Path, org: str = "p1", name: str = "b.db") -> None:
        self.path = tmp_path / name
        self.url = f"sqlite:///{self.path}"
        self.env = {"CROUPIER_DATABASE_URL": self.url, "CROUPIER_ORG": org}

    def run(self, *args: str) -> Done:
        result = RUNNER.invoke(books_app, list(args), env=self.env, terminal_width=400)
        return Done(result.exit_code, result.output)

    def ok(self, *args: str) -> str:
        done = self.run(*args)
        assert done.code == 0, done.output
        return done.output

    def refused(self, *args: str) -> str:
        """The one line of a refused command (exit 2, no traceback)."""
        done = self.run(*args)
        assert done.code == 2, done.output
        assert "Traceback" not in done.output
        assert len(done.lines) == 1, done.output
        return done.lines[0]


def set_up(b: Books) -> None:
    """Organization p1: site S1 with twenty-one table 1; sm (shift manager), d1 (dealer),
    c1 (cashier), pb (pit boss); $700 of chips and $2,000 cash on 2026-01-04."""
    b.ok("init", "p1", "Post 1")
    b.ok("add-site", "S1", "Main Street Bar", "--surveilled")
    b.ok("add-table", "S1", "1", "21")
    b.ok("add-employee", "sm", "Sam Shift", "SS", "--role", "shift manager")
    b.ok("add-employee", "d1", "Dee One", "D1", "--role", "dealer", "--supervisor", "sm")
    b.ok("add-employee", "c1", "Cass Cashier", "CC", "--role", "cashier", "--supervisor", "sm")
    b.ok("add-employee", "pb", "Pat Boss", "PB", "--role", "pit boss", "--supervisor", "sm")
    b.ok("receive-chips", "S1", "1x200,5x100", "--at", "2026-01-04T12:00:00-06:00")
    b.ok("fund", "S1", "$2,000", "--at", "2026-01-04T12:00:00-06:00")


def open_day(b: Books) -> None:
    """Day 2026-01-05 open at S1 from 18:00 -06:00, table 1 open with d1 at 18:05."""
    b.ok(
        "open-day",
        "S1",
        "2026-01-05",
        "--on-duty",
        "sm,d1,c1,pb",
        "--by",
        "sm",
        "--at",
        "2026-01-05T18:00:00-06:00",
    )
    b.ok(
        "open-table",
        "S1",
        "1",
        "d1",
        "--shoe-inspected-by",
        "d1",
        "--at",
        "2026-01-05T18:05:00-06:00",
    )
