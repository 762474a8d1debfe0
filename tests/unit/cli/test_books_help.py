"""Issue 28: every option and argument of ``croupier books`` and ``croupier report`` says what it
is, and ``croupier books count`` takes ``--at`` like the other books commands that record a
time (its date is the count date)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
import typer.main
from typer import _click as click
from typer.core import TyperGroup
from typer.testing import CliRunner

from croupier.cli.main import app


def _commands() -> list[tuple[str, click.Command]]:
    """Every ``books`` and ``report`` command, by its full name (each module imported)."""
    root = typer.main.get_command(app)
    ctx = click.Context(root)
    assert isinstance(root, TyperGroup)
    found: list[tuple[str, click.Command]] = []
    for group_name in ("books", "report"):
        group = root.get_command(ctx, group_name)
        assert isinstance(group, TyperGroup)
        group_ctx = click.Context(group, parent=ctx)
        for name in group.list_commands(group_ctx):
            command = group.get_command(group_ctx, name)
            assert command is not None, name
            found.append((f"{group_name} {name}", command))
    return found


def test_every_books_and_report_option_and_argument_has_help() -> None:
    commands = _commands()
    names = {name for name, _ in commands}
    assert {"books count", "books fill", "report daily", "report count"} <= names
    missing = [
        f"{name}: {param.name}"
        for name, command in commands
        for param in command.params
        if param.param_type_name in ("option", "argument")
        and param.name != "help"
        and not (getattr(param, "help", None) or "").strip()
    ]
    assert missing == []


class _Day:
    """A minimal gaming day 2026-01-05 at site S1 through the CLI, up to a drop box to count:
    table 1's first shift dealt by d1 and its drop box removed."""

    def __init__(self, tmp_path: Path) -> None:
        self.runner = CliRunner()
        self.env = {
            "CROUPIER_DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}",
            "CROUPIER_ORG": "p1",
        }
        self.ok("books", "setup", "p1", "Post 1")
        self.ok("books", "add-site", "S1", "Main", "--surveilled")
        self.ok("books", "add-table", "S1", "1", "21")
        self.ok("books", "add-employee", "sm", "Sam", "SS", "--role", "shift manager")
        self.ok(
            "books", "add-employee", "d1", "Dee", "D1", "--role", "dealer", "--supervisor", "sm"
        )
        self.ok(
            "books", "add-employee", "pb", "Pat", "PB", "--role", "pit boss", "--supervisor", "sm"
        )
        self.ok(
            "books", "add-employee", "ip", "Ida", "II",
            "--role", "independent person", "--affiliation", "independent",
        )  # fmt: skip
        self.ok(
            "books", "open-day", "S1", "2026-01-05", "--on-duty", "sm,pb,d1", "--by", "sm",
            "--at", "2026-01-05T18:00:00+00:00",
        )  # fmt: skip
        self.ok(
            "books", "open-table", "S1", "1", "d1", "--shoe-inspected-by", "d1",
            "--at", "2026-01-05T18:05:00+00:00",
        )  # fmt: skip
        self.ok(
            "books", "end-shift", "S1", "1", "--removed-by", "sm", "--escort", "pb", "--close",
            "--at", "2026-01-05T22:00:00+00:00",
        )  # fmt: skip

    def run(self, *args: str) -> tuple[int, str]:
        result = self.runner.invoke(app, list(args), env=self.env, terminal_width=400)
        return result.exit_code, result.output

    def ok(self, *args: str) -> str:
        code, output = self.run(*args)
        assert code == 0, output
        return output

    def count(self, *more: str) -> tuple[int, str]:
        return self.run(
            "books", "count", "S1", "2026-01-05", "1", "1", "--team", "ip,pb",
            "--key-holder", "ip", "--first", "$0", "--second", "$0", "--initials", "II,PB",
            *more,
        )  # fmt: skip

    def count_rows(self) -> list[dict[str, str]]:
        """The rows of table 1 in the day's count documentation, by column heading."""
        text = self.ok("report", "count", "S1", "2026-01-05", "--format", "csv")
        rows = list(csv.reader(io.StringIO(text)))
        start = next(i for i, row in enumerate(rows) if row[:2] == ["Table", "Shift"])
        heading = rows[start]
        return [
            dict(zip(heading, row, strict=False)) for row in rows[start + 1 :] if row[:1] == ["1"]
        ]


@pytest.mark.parametrize(
    ("at", "count_date"),
    [
        ("2026-01-05T23:30:00+00:00", "2026-01-05"),
        ("2026-01-06T00:30:00+00:00", "2026-01-06"),  # after midnight: the next day's count
    ],
)
def test_count_records_the_time_given_with_at(tmp_path: Path, at: str, count_date: str) -> None:
    day = _Day(tmp_path)
    code, output = day.count("--at", at)
    assert code == 0, output
    (row,) = day.count_rows()
    assert row["Count date"] == count_date
    assert row["Initials and date"] == f"II PB {count_date}"


def test_count_without_at_is_dated_the_gaming_day(tmp_path: Path) -> None:
    day = _Day(tmp_path)
    code, output = day.count()
    assert code == 0, output
    (row,) = day.count_rows()
    assert row["Count date"] == "2026-01-05"


@pytest.mark.parametrize("bad", ["yesterday", "2026-01-05T23:30:00", "2026-13-05T23:30:00+00:00"])
def test_count_with_a_bad_at_is_one_line_and_exit_2(tmp_path: Path, bad: str) -> None:
    day = _Day(tmp_path)
    code, output = day.count("--at", bad)
    assert code == 2, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert "--at" in lines[0]
    assert "Traceback" not in output
    (row,) = day.count_rows()
    assert row["Count date"] == "not counted"  # nothing was recorded
