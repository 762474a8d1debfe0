"""Every figure of money a person reads on a record is in dollars and cents, never cents."""

from __future__ import annotations

import re
from datetime import date

from croupier.books.hold import hold_lines
from croupier.books.model import SlipKind, Token
from croupier.books.quarterly import quarterly_report
from croupier.books.quarters import Quarter
from croupier.books.state import Books
from croupier.reports import forms
from croupier.reports.model import Form
from croupier.reports.registers import chip_label

DOLLARS = re.compile(r"^-?\$\d{1,3}(,\d{3})*\.\d\d$")
MONEY_COLUMNS = {
    "Opening tray",
    "Fills",
    "Credits",
    "Closing tray",
    "Tray over (short)",
    "Drop box cash",
    "Win",
    "Gross proceeds",
    "Prizes",
    "Adjusted gross proceeds",
    "Cash profit",
    "Cash long (short)",
    "Deposited",
    "Bank deposits",
    "Deposit",
    "Grand total",
    "First count",
    "Second count",
    "Fee",
    "Fees",
    "Gross",
}


def _all_forms(books: Books) -> list[Form]:
    q = Quarter(2026, 1)
    report = quarterly_report(books, q, date(2026, 4, 1))
    return [
        *(forms.daily_form(books, d) for d in report.days),
        forms.quarterly_form(report, books),
        forms.hold_form(hold_lines(books), None, None, books),
        forms.count_form(books, "S1", "2026-01-03"),
        forms.slips_form(books, SlipKind.FILL),
        forms.slips_form(books, SlipKind.CREDIT),
        forms.poker_form(books),
    ]


def test_every_money_cell_of_every_record_is_dollars(quarter_books: Books) -> None:
    checked = 0
    for form in _all_forms(quarter_books):
        for table in form.tables:
            for i, col in enumerate(table.columns):
                if col not in MONEY_COLUMNS:
                    continue
                for row in table.rows:
                    cell = row[i]
                    if cell == "" or cell.startswith("unknown"):
                        continue
                    assert DOLLARS.match(cell), (form.title, table.title, col, cell)
                    checked += 1
    assert checked > 500  # the quarter has hundreds of figures: the test looked at them


def test_chips_on_a_slip_are_valued_in_dollars() -> None:
    assert chip_label(Token.FIFTY_CENTS) == "$0.50"
    assert chip_label(Token.TWENTY_FIVE_DOLLARS) == "$25.00"
    # a paddlewheel betting chip is valued at one dollar (99-01.3-11-03.4)
    assert chip_label(Token.BETTING_CHIP) == "$1.00 betting chip"


def test_slip_register_lists_chips_in_dollars(quarter_books: Books) -> None:
    form = forms.slips_form(quarter_books, SlipKind.FILL)
    (table,) = form.tables
    col = table.columns.index("Chips by value")
    issued = [row[col] for row in table.rows if row[1] == "issued"]
    assert issued
    for cell in issued:
        for part in cell.split(", "):
            quantity, _, rest = part.partition(" x ")
            value, _, line_total = rest.partition(" = ")
            assert quantity.isdigit(), part
            assert value.startswith("$"), part
            assert DOLLARS.match(line_total), part
