"""The one shape of the ``croupier books`` commands: the store opened once, nothing created but
by ``books init``, one-line errors, amounts in dollars, no database library at import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from clihelp import Books, open_day, set_up

import croupier.service.books.service as service

CLI = Path(service.__file__).parents[2] / "cli"
BOOKS_CLI = sorted(CLI.glob("books_*.py"))
MINE = [p for p in BOOKS_CLI if p.name != "books_report_cmds.py"] + [CLI / "store_cmds.py"]


@pytest.mark.parametrize("module", MINE, ids=lambda p: p.name)
def test_books_cli_modules_import_only_service_core_and_cli(module: Path) -> None:
    allowed = ("croupier.service", "croupier.core", "croupier.cli")
    for node in ast.walk(ast.parse(module.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            if name.startswith("croupier"):
                assert name.startswith(allowed), f"{module.name} imports {name}"


def test_books_command_modules_import_no_database_library() -> None:
    code = (
        "import sys, croupier.cli.books_cmds, croupier.cli.store_cmds; "
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'croupier.store') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_books_command_opens_the_store_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    b = Books(tmp_path)
    set_up(b)
    opened: list[str] = []
    real = service.open_existing_store

    def counting(url: str) -> service.EventStore:
        opened.append(url)
        return real(url)

    monkeypatch.setattr(service, "open_existing_store", counting)
    b.ok("fund", "S1", "12.50", "--at", "2026-01-04T13:00:00-06:00")
    b.ok("status", "S1")
    assert opened == [b.url, b.url]


def test_a_mistyped_database_path_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    b = Books(tmp_path, name="typo.db")
    for args in (("add-site", "S1", "Main"), ("status", "S1"), ("fund", "S1", "5")):
        line = b.refused(*args)
        assert line.startswith(f"error: no database at {b.url}")
        assert "croupier books init" in line
    assert list(tmp_path.iterdir()) == []


def test_only_books_init_creates_the_database(tmp_path: Path) -> None:
    b = Books(tmp_path)
    assert b.ok("init", "p1", "Post 1").strip() == "recorded organization_registered: Post 1"
    assert b.path.is_file()


def test_books_init_refused_creates_no_database(tmp_path: Path) -> None:
    """Found by an audit: a refused `books init` (slip numbers from 0) had created the
    database file already, schema and all, with no organization in it."""
    b = Books(tmp_path)
    for args in (("--first-fill", "0"), ("--first-credit", "0")):
        line = b.refused("init", "p1", "Post 1", *args)
        assert line == "error: slip numbers start at 1 or more"
    assert list(tmp_path.iterdir()) == []


def test_a_missing_organization_says_run_books_init(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    line = b.refused("add-site", "S2", "Lakeside", "--org", "p2")
    assert line == f"error: no organization 'p2' in {b.url}; run `croupier books init p2 NAME`"
    assert "no organization 'p2'" in b.refused("status", "S1", "--org", "p2")


def test_what_is_recorded_is_printed_in_dollars(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    out = b.ok("fund", "S1", "12.5", "--at", "2026-01-04T13:00:00-06:00")
    assert out.strip() == "recorded cash_bank_funded: $12.50 into the cash bank at S1"
    open_day(b)
    fill = ("fill", "S1", "1", "5x20", "c1", "c1", "--verifier", "sm")
    out = b.ok(*fill, "--at", "2026-01-05T18:06:00-06:00")
    assert out.splitlines() == [
        "recorded slip_issued: table 1: 20 x $5 ($100.00)",
        "fill slip number 1",
    ]
    out = b.ok("sell", "S1", "1", "$25", "--chips", "5x5", "--at", "2026-01-05T18:10:00-06:00")
    assert out.strip() == "recorded chips_sold: $25.00 of chips at table 1"


@pytest.mark.parametrize("typed", ["-5", "-$5", "-12.50"])
def test_a_negative_amount_reaches_the_parser(tmp_path: Path, typed: str) -> None:
    b = Books(tmp_path)
    set_up(b)
    line = b.refused("fund", "S1", typed, "--at", "2026-01-04T13:00:00-06:00")
    assert line == f"error: the amount cannot be negative, got {typed!r}"


def test_a_mistyped_option_beside_an_amount_is_still_no_such_option(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    done = b.run("fund", "S1", "-5", "--atx", "2026-01-05T18:00:00-06:00")
    assert done.code == 2
    assert "No such option: --atx" in done.output


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("iou", "S1", "-$1,000", "bar", "--by", "sm"), "the IOU amount"),
        (("deposit", "S1", "-0.50", "--by", "sm"), "the deposit"),
        (("close-day", "S1", "-1", "--by", "sm"), "the cash bank count"),
        (("poker-prize", "o", "t", "Ann", "-$90"), "the prize"),
        (("open-table", "S1", "1", "d1", "--max-wager", "-$5"), "the maximum wager"),
    ],
)
def test_every_negative_amount_is_refused_by_name(
    tmp_path: Path, args: tuple[str, ...], what: str
) -> None:
    b = Books(tmp_path)
    set_up(b)
    assert b.refused(*args).startswith(f"error: {what} cannot be negative")


def test_a_missing_count_is_named(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    count = ("count", "S1", "2026-01-05", "1", "1", "--team", "c1,pb", "--key-holder", "c1")
    line = b.refused(*count, "--first", "$20", "--second", "", "--initials", "CC,PB")
    assert line == "error: the second member's count (--second) is missing"
    line = b.refused(*count, "--first", " ", "--second", "$20", "--initials", "CC,PB")
    assert line == "error: the first member's count (--first) is missing"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("fund", "S1", "5", "--at", "tomorrow"), "error: --at is not an ISO time: 'tomorrow'"),
        (("fund", "S1", "5", "--at", "2026-01-05T18:00"), "error: --at '2026-01-05T18:00' needs"),
        (("fund", "S1", "five"), "error: the amount: not a money amount: 'five'"),
        (("fund", "S1", "1.005"), "error: the amount: not a money amount: '1.005'"),
        (("receive-chips", "S1", "5x"), "error: chips received: chips must read like"),
        (("receive-chips", "S1", "7x3"), "error: chips received: no chip '7'"),
        (("sell", "S1", "9", "$5"), "error: no table 9 at site 'S1'"),
        (("fund", "S1", "0"), "error: cash bank funding must be more than $0.00, got $0.00"),
        (("end-shift", "S1", "9", "--removed-by", "sm"), "error: no table 9 at site 'S1'"),
        (("status", "S9"), "error: no site 'S9'"),
        (("close-day", "S9", "$5", "--by", "sm"), "error: no site 'S9' in the books"),
        (("open-day", "S1", "2026-13-01", "--on-duty", "sm", "--by", "sm"), "error: the gaming"),
        (("add-table", "S1", "2", "poker"), "error: a game is 21 or PW, got 'poker'"),
        (("void", "debit", "S1", "c1", "CC"), "error: a slip is fill or credit, got 'debit'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], expected: str
) -> None:
    b = Books(tmp_path)
    set_up(b)
    assert b.refused(*args).startswith(expected)


UNKNOWN = [
    (("open-table", "S9", "1", "d1"), "error: no site 'S9' in the books"),
    (("play", "S1", "9", "--collected", "5x1"), "error: no table 9 at site 'S1'"),
    (("tip", "S1", "9", "5x1"), "error: no table 9 at site 'S1'"),
    (("fill", "S1", "9", "5x1", "c1", "c1"), "error: no table 9 at site 'S1'"),
    (("redeem", "S9", "5x1", "c1"), "error: no site 'S9' in the books"),
    (("iou", "S9", "5", "bar", "--by", "sm"), "error: no site 'S9' in the books"),
    (("review-camera", "S1", "9", "sm"), "error: no gaming day is open at site 'S1'"),
    (("camera-fault", "S1", "9", "--by", "sm"), "error: no table 9 at site 'S1'"),
    (("deposit", "S9", "5", "--by", "sm"), "error: no site 'S9' in the books"),
    (("correct-count", "99", "5", "why", "--by", "sm"), "error: entry 99 is not a drop box count"),
    (("poker-prize", "o", "t", "Ann", "5"), "error: no poker occasion 'o'"),
    (("ticket-sell", "Z", "1", "5"), "error: no ticket series 'Z'"),
    (("ticket-status", "Z"), "error: no ticket series 'Z'"),
    (("add-employee", "x", "X", "XX", "--role", "wizard"), "error: roles are gaming manager"),
    (("receive-chips", "S1", "5x1000001"), "error: chips received: at most 1,000,000 chips"),
    (("receive-chips", "S1", "5x-1"), "error: chips received: chips must read like"),
    (("fund", "S1", "$1e5"), "error: the amount: not a money amount: '$1e5'"),
    (("ticket-sell", "A", "1", "5", "--day", "2026-02-30"), "error: --day is not a date"),
]


def test_unknown_sites_tables_series_and_occasions_are_one_line_errors(tmp_path: Path) -> None:
    b = Books(tmp_path)
    set_up(b)
    for args, expected in UNKNOWN:
        line = b.refused(*args)
        assert line.startswith(expected), (args, line)
