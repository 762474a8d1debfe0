"""Names and ids in the books refuse empty strings and characters a reader cannot see:
zero-width, bidi controls, control characters (``books.model.check_identifier``,
``check_name``, ``check_text``), in every operation that takes one."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from bookshelp import DAY, at
from clihelp import Books as Cli
from clihelp import set_up

from croupier.books import operations as ops
from croupier.books import poker, tickets
from croupier.books import surveillance as sv
from croupier.books.model import (
    Affiliation,
    Role,
    check_identifier,
    check_name,
    check_text,
)
from croupier.books.poker_ledger import FeeKind
from croupier.books.state import Books
from croupier.core.errors import InvalidInput

INVISIBLE = {
    "zero-width space": "\u200b",
    "zero-width joiner": "\u200d",
    "byte order mark": "\ufeff",
    "right-to-left override": "\u202e",
    "left-to-right isolate": "\u2066",
    "right-to-left mark": "\u200f",
    "tab": "\t",
    "newline": "\n",
    "escape": "\x1b",
    "no-break space": "\u00a0",
    "line separator": "\u2028",
}


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_identifiers_and_names_refuse_invisible_characters(char: str) -> None:
    code = re.escape(f"U+{ord(char):04X}")
    with pytest.raises(InvalidInput, match=code):
        check_identifier(f"d{char}1", "employee id")
    with pytest.raises(InvalidInput, match=code):
        check_name(f"Dee{char}One", "employee name")
    with pytest.raises(InvalidInput, match=code):
        check_text(f"camera{char}ok", "note")


@pytest.mark.parametrize("empty", ["", " ", "\u3000"])
def test_empty_identifiers_and_names_are_refused(empty: str) -> None:
    with pytest.raises(InvalidInput):
        check_identifier(empty, "site id")
    with pytest.raises(InvalidInput, match="missing"):
        check_name(empty.strip(), "site name")


def test_an_identifier_has_no_space_and_a_name_no_outer_space() -> None:
    with pytest.raises(InvalidInput, match="contains a space"):
        check_identifier("S 1", "site id")
    with pytest.raises(InvalidInput, match="starts or ends with a space"):
        check_name("Dee One ", "employee name")


def test_visible_names_in_any_script_are_kept_as_typed() -> None:
    assert check_identifier("Zoë-7", "employee id") == "Zoë-7"
    assert check_name("José Ñúñez", "employee name") == "José Ñúñez"
    assert check_name("عمر", "player") == "عمر"  # right-to-left letters themselves are visible
    assert check_text("", "note") == ""


def test_registering_refuses_invisible_ids_and_names(books: Books) -> None:
    g = Affiliation.GAMING_EMPLOYEE
    with pytest.raises(InvalidInput, match="site id"):
        ops.register_site(books, "S\u200b2", "Lakeside", False)
    with pytest.raises(InvalidInput, match="site name"):
        ops.register_site(books, "S2", "", False)
    with pytest.raises(InvalidInput, match="employee id"):
        ops.register_employee(books, "", "Nobody", "NB", (Role.DEALER,), g)
    with pytest.raises(InvalidInput, match="employee name"):
        ops.register_employee(books, "d9", "Dee\u202eNine", "D9", (Role.DEALER,), g)
    with pytest.raises(InvalidInput, match="initials"):
        ops.register_employee(books, "d9", "Dee Nine", "D\u200b9", (Role.DEALER,), g)
    with pytest.raises(InvalidInput, match="organization id"):
        ops.register_organization(Books(), "org\u2066", "Post 1")


def test_looking_up_an_employee_names_the_invisible_character(books: Books) -> None:
    with pytest.raises(InvalidInput, match="U\\+200B ZERO WIDTH SPACE"):
        ops.open_day(books, "S1", DAY, at(0), ("sm", "d1\u200b"), "sm")


def test_poker_and_ticket_ids_and_names_are_checked(books: Books) -> None:
    with pytest.raises(InvalidInput, match="occasion id"):
        poker.open_occasion(books, "", date(2026, 3, 6), date(2026, 3, 7), "sm", ("S1",))
    books.apply_all(
        poker.open_occasion(books, "spring", date(2026, 3, 6), date(2026, 3, 7), "sm", ("S1",))
    )
    with pytest.raises(InvalidInput, match="tournament id"):
        poker.start_tournament(books, "spring", "ma\u200bin", "pb", at(0).replace(month=3, day=6))
    with pytest.raises(InvalidInput, match="player"):
        poker.collect_tournament_fee(
            books, "spring", "main", "E\u200bve", FeeKind.ENTRY, 100, "c1", at(0)
        )
    with pytest.raises(InvalidInput, match="series id"):
        tickets.register_series(books, "A\u202e", "S1", 100, 1, 10, 10, "ND-1")


def test_notes_refuse_direction_changes(open_books: Books) -> None:
    with pytest.raises(InvalidInput, match="note"):
        sv.review_camera(open_books, "S1", DAY, 1, True, "sm", at(9), "ok\u202e")
    with pytest.raises(InvalidInput, match="IOU purpose"):
        ops.write_iou(open_books, "S1", DAY, 100, "bar\u200b", "sm", at(9))


def test_cli_refuses_an_invisible_id_in_one_line(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    set_up(b)
    line = b.refused("add-site", "S\u200b2", "Lakeside")
    assert line == (
        "error: site id 'S\\u200b2' contains an invisible character "
        "(U+200B ZERO WIDTH SPACE); ids are visible characters only"
    )
    assert "organization id" in b.refused(
        "init", "", "Post 2", "--db", b.url.replace("b.db", "c.db")
    )


def test_a_table_number_past_every_edge_s_bound_is_refused_by_the_writer_and_the_reader(
    tmp_path: Path,
) -> None:
    """Found by an audit: the command line recorded table 10^23, which the API refuses over
    100,000. The bound is the books' own now: the command, and a reader of such an entry."""
    from croupier.books.consistency import apply_checked
    from croupier.books.events import TableRegistered
    from croupier.books.model import Game

    cli = Cli(tmp_path)
    set_up(cli)
    line = cli.refused("add-table", "S1", "99999999999999999999999", "21")
    assert line == "error: a table number is 1 to 100,000, got 99,999,999,999,999,999,999,999"
    books = Books()
    found = apply_checked(books, TableRegistered("S1", 100_001, Game.TWENTY_ONE), "books-t", 1)
    assert found is not None
    assert "over 100,000" in found.line()
