"""Every printed record names the organization, the site, the period, and the people by name and
role (read back from the PDF's own text and from the HTML)."""

from __future__ import annotations

import html
from datetime import date

import pytest
from pdftext import pdf_text

from croupier.books.hold import hold_lines
from croupier.books.model import SlipKind
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.reports import forms
from croupier.reports.game_forms import series_form
from croupier.reports.model import Form
from croupier.reports.render import Format, render

ORG = "Test Post 1 (org)"
"""As registered by ``bookshelp.setup_events``: organization "Test Post 1", id "org"."""


def _forms(books: Books) -> dict[str, Form]:
    q = Quarter(2026, 1)
    report = quarterly_report(books, q, date(2026, 4, 1))
    daily = next(d for d in report.days if d.site_id == "S1" and d.day == "2026-01-03")
    return {
        "daily": forms.daily_form(books, daily),
        "quarterly": forms.quarterly_form(report, books),
        "hold": forms.hold_form(hold_lines(books, q.first_day, q.last_day), None, None, books),
        "count": forms.count_form(books, "S1", "2026-01-03"),
        "slips": forms.slips_form(books, SlipKind.FILL),
        "poker": forms.poker_form(books),
        "series": series_form(books, "A"),
    }


# Who each record must name, by name and registered role (bookshelp.STAFF): the gaming manager
# on every one; the dealers, wheel operator, cashier and count team where the form is about them.
EXPECTED_PEOPLE: dict[str, list[tuple[str, str]]] = {
    "daily": [
        ("Gail Manager", "gaming manager"),
        ("Dee One", "dealer"),
        ("Wes Wheel", "wheel operator"),
        ("Cass Cashier", "cashier"),
        ("Ida Independent", "count team member"),
        ("Pat Boss", "pit boss"),
        ("Sam Shift", "shift manager"),
    ],
    "quarterly": [
        ("Gail Manager", "gaming manager"),
        ("Dee One", "dealer"),
        ("Dot Three", "dealer"),
        ("Cass Cashier", "cashier"),
        ("Ida Independent", "count team member"),
    ],
    "hold": [("Gail Manager", "gaming manager"), ("Dee One", "dealer"), ("Dot Three", "dealer")],
    "count": [
        ("Gail Manager", "gaming manager"),
        ("Ida Independent", "count team member"),
        ("Pat Boss", "pit boss"),
        ("Dee One", "dealer"),
    ],
    "slips": [("Gail Manager", "gaming manager"), ("Cass Cashier", "cashier")],
    "poker": [("Gail Manager", "gaming manager")],
    "series": [("Gail Manager", "gaming manager")],
}
SITES = {
    "daily": "S1 Main Street Bar",
    "quarterly": "S1 Main Street Bar; S2 Lakeside Lodge",
    "hold": "S1 Main Street Bar; S2 Lakeside Lodge",
    "count": "S1 Main Street Bar",
    "slips": "S1 Main Street Bar; S2 Lakeside Lodge",
    "series": "S1 Main Street Bar",
}
PERIODS = {
    "daily": "gaming day 2026-01-03",
    "quarterly": "2026Q1: 2026-01-01 to 2026-03-31",
    "hold": "2026-01-03 to 2026-03-28",  # the first and last Saturdays played in Q1
    "count": "gaming day 2026-01-03",
    "series": "no card sold yet",
}


@pytest.mark.parametrize("name", sorted(EXPECTED_PEOPLE))
def test_pdf_names_organization_site_period_and_people(quarter_books: Books, name: str) -> None:
    form = _forms(quarter_books)[name]
    text = pdf_text(render(form, Format.PDF))
    assert f"Organization: {ORG}" in text
    if name in SITES:
        assert f"Site: {SITES[name]}" in text
    if name in PERIODS:
        assert f"Period: {PERIODS[name]}" in text
    assert "People named in this record" in text
    lines = text.splitlines()
    for person, role in EXPECTED_PEOPLE[name]:
        assert person in lines, (name, person)
        # the registered role is the line after the employee id, which follows the name
        at = lines.index(person)
        assert role in lines[at + 2], (name, person, lines[at : at + 4])


@pytest.mark.parametrize("name", sorted(EXPECTED_PEOPLE))
def test_html_names_organization_site_period_and_people(quarter_books: Books, name: str) -> None:
    form = _forms(quarter_books)[name]
    page = html.unescape(render(form, Format.HTML).decode())
    assert f"<dt><b>Organization</b></dt><dd>{ORG}</dd>" in page
    if name in SITES:
        assert f"<dt><b>Site</b></dt><dd>{SITES[name]}</dd>" in page
    if name in PERIODS:
        assert f"<dt><b>Period</b></dt><dd>{PERIODS[name]}</dd>" in page
    for person, role in EXPECTED_PEOPLE[name]:
        assert f"<td>{person}</td>" in page
        row = page[page.index(f"<td>{person}</td>") :].split("</tr>")[0]
        assert role in row, (name, person, row)


def test_daily_pdf_says_what_each_person_did(quarter_books: Books) -> None:
    text = pdf_text(render(_forms(quarter_books)["daily"], Format.PDF))
    assert "dealer or operator: table 1 shift 1" in text
    assert "count team: table 1 shift 1, table 3 shift 1" in text
    assert "closed the day" in text


def test_every_page_footer_names_the_record(quarter_books: Books) -> None:
    text = pdf_text(render(_forms(quarter_books)["count"], Format.PDF))
    footer = "Drop box cash count | Test Post 1 (org) | S1 Main Street Bar | gaming day 2026-01-03"
    assert footer in text.splitlines()
