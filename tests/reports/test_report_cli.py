"""``croupier report ...``: a table at the terminal, files with --out, one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from reporthelp import Invoke

import croupier.cli.books_report_cmds as report_cmds

EVERY_REPORT: dict[str, tuple[str, ...]] = {
    "daily": ("S1", "2026-01-03"),
    "quarterly": ("2026Q1",),
    "hold": ("--from", "2026-01-01", "--to", "2026-03-31"),
    "count": ("S1", "2026-01-03"),
    "slips": ("fill",),
    "poker": (),
    "series": ("A",),
}
"""Each report with arguments that name something in the stored quarter."""

TITLES = {
    "daily": "Daily summary",
    "quarterly": "Quarterly summary 2026Q1",
    "hold": "Dealer and wheel operator percent-of-hold",
    "count": "Drop box cash count",
    "slips": "Fill slip register",
    "poker": "Poker occasions",
    "series": "Paddlewheel ticket series A",
}


def _one_line_error(result_output: str) -> str:
    lines = [line for line in result_output.splitlines() if line.strip()]
    assert len(lines) == 1, result_output
    assert "Traceback" not in result_output
    return lines[0]


@pytest.mark.parametrize("name", sorted(TITLES))
def test_report_without_format_prints_a_table_not_pdf_bytes(invoke: Invoke, name: str) -> None:
    result = invoke("report", name, *EVERY_REPORT[name])
    assert result.exit_code == 0, result.output
    assert not result.stdout.startswith("%PDF")
    assert TITLES[name] in result.stdout
    assert "Organization" in result.stdout
    assert "Test Post 1 (org)" in result.stdout
    assert "┃" in result.stdout or "│" in result.stdout  # a rich table, not CSV or HTML


def test_report_of_an_unknown_series_is_one_line(invoke: Invoke) -> None:
    result = invoke("report", "series", "NOPE")
    assert result.exit_code == 2
    assert "no ticket series 'NOPE'" in _one_line_error(result.output)


def test_report_pdf_without_out_at_a_terminal_is_refused(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(report_cmds, "is_tty", lambda: True)
    for name, args in EVERY_REPORT.items():
        result = invoke("report", name, *args, "--format", "pdf")
        assert result.exit_code == 2, (name, result.output)
        line = _one_line_error(result.output)
        assert "give --out" in line
        assert "%PDF" not in result.output


def test_report_pdf_without_out_into_a_pipe_is_the_pdf(invoke: Invoke) -> None:
    result = invoke("report", "count", "S1", "2026-01-03", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.startswith(b"%PDF")


@pytest.mark.parametrize("fmt", ["pdf", "csv", "html"])
def test_report_out_writes_the_file_in_the_format(invoke: Invoke, tmp_path: Path, fmt: str) -> None:
    for name, args in EVERY_REPORT.items():
        target = tmp_path / f"{name}.{fmt}"
        result = invoke("report", name, *args, "--format", fmt, "--out", str(target))
        assert result.exit_code == 0, (name, result.output)
        assert f"wrote {target}" in result.stdout
        data = target.read_bytes()
        if fmt == "pdf":
            assert data.startswith(b"%PDF")
        elif fmt == "html":
            assert data.startswith(b"<!doctype html>")
        else:
            assert data.decode().startswith(TITLES[name])


def test_report_format_follows_the_out_suffix(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "count.pdf"
    result = invoke("report", "count", "S1", "2026-01-03", "--out", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(b"%PDF")
    odd = invoke("report", "count", "S1", "2026-01-03", "--out", str(tmp_path / "count.txt"))
    assert odd.exit_code == 2
    assert "--format" in _one_line_error(odd.output)


def test_report_bad_format_is_one_line(invoke: Invoke) -> None:
    result = invoke("report", "daily", "S1", "2026-01-03", "--format", "docx")
    assert result.exit_code == 2
    assert "pdf, csv or html" in _one_line_error(result.output)


def test_report_out_in_a_missing_folder_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "daily.pdf"
    result = invoke("report", "daily", "S1", "2026-01-03", "--format", "pdf", "--out", str(target))
    assert result.exit_code == 2
    line = _one_line_error(result.output)
    assert "does not exist" in line
    assert str(target.parent) in line


def test_report_out_naming_a_folder_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(
        "report", "daily", "S1", "2026-01-03", "--format", "csv", "--out", str(tmp_path)
    )
    assert result.exit_code == 2
    assert "is a folder" in _one_line_error(result.output)


def test_report_out_without_permission_is_one_line(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, data: bytes) -> int:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_bytes", refuse)  # tests run as root: no chmod refusal
    target = tmp_path / "d.csv"
    result = invoke("report", "daily", "S1", "2026-01-03", "--format", "csv", "--out", str(target))
    assert result.exit_code == 2
    line = _one_line_error(result.output)
    assert "permission denied" in line
    assert str(target) in line


def test_report_unknown_day_and_site_are_one_line(invoke: Invoke) -> None:
    missing_day = invoke("report", "daily", "S1", "2026-01-04")
    assert missing_day.exit_code == 2
    assert "no gaming day 2026-01-04" in _one_line_error(missing_day.output)
    bad_date = invoke("report", "count", "S1", "2026-02-30")
    assert bad_date.exit_code == 2
    assert "not a date" in _one_line_error(bad_date.output)
    no_site = invoke("report", "count", "S9", "2026-01-03")
    assert no_site.exit_code == 2
    assert "no site 'S9'" in _one_line_error(no_site.output)
    bad_quarter = invoke("report", "quarterly", "2026Q7")
    assert bad_quarter.exit_code == 2
    _one_line_error(bad_quarter.output)


def test_report_on_a_mistyped_database_is_one_line_and_creates_nothing(
    invoke: Invoke, tmp_path: Path
) -> None:
    missing = tmp_path / "typo.db"
    result = invoke("report", "poker", "--db", f"sqlite:///{missing}")
    assert result.exit_code == 2
    _one_line_error(result.output)
    assert not missing.exists()
    other_org = invoke("report", "poker", "--org", "nobody")
    assert other_org.exit_code == 2
    assert "no organization 'nobody'" in _one_line_error(other_org.output)
