"""Pre-printed fill and credit forms (99-01.3-08-05.2; issue 20): the cashier keys the number
printed on the paper form; each site keeps a series per game and kind; a number is used once
(a paper slip keyed twice is refused); gaps, out-of-order use and VOIDs are reported per
series; a VOID names the form it voids; the series survives balances brought forward."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from bookshelp import Run, at, c, fingerprint, setup_events
from clihelp import Books as Cli
from clihelp import open_day, set_up

from croupier.books import events as ev
from croupier.books import slips
from croupier.books.carry import carry_forward, restore
from croupier.books.consistency import check_in_books
from croupier.books.model import Game, SlipKind
from croupier.books.state import Books
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event

T = "--at"


def fill(books: Books, form: int | None, minute: int = 10) -> list[Event]:
    return slips.issue_slip(
        books, SlipKind.FILL, "S1", 1, c(five=2), at(minute), "c1", "c1", "sm", form=form
    )


def test_99_01_3_08_05_2_a_paper_form_keyed_twice_is_refused(open_books: Books, run: Run) -> None:
    (slip,) = run(fill(open_books, 5001))
    assert isinstance(slip, ev.SlipIssued)
    assert (slip.number, slip.form) == (1, 5001)
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        fill(open_books, 5001, 11)
    assert err.value.section == "99-01.3-08-05.2"
    assert "fill form 5001 of the S1 21 series was issued as entry 1" in str(err.value)
    assert fingerprint(open_books) == before
    # written behind the books' back, a reader flags the second use of the form
    again = replace(slip, number=2, at=at(11).isoformat())
    assert any("form 5001 was used before" in p for p in check_in_books(open_books, again))
    # a credit form of the same number belongs to another series
    credit = slips.issue_slip(
        open_books, SlipKind.CREDIT, "S1", 1, c(five=1), at(12), "pb", "c1", "sm", form=5001
    )
    run(credit)


def test_99_01_3_08_05_2_a_site_that_keys_its_forms_keys_every_one(
    open_books: Books, run: Run
) -> None:
    """Issue 30: once a site keys the numbers of its pre-printed fill forms, a fill keyed without
    its number is refused (it would not be accounted for among the forms, and could be the same
    paper slip keyed twice); a site that keys none keeps the books' own numbering, and another
    series (credits) is not concerned."""
    run(fill(open_books, None, 9))  # no forms keyed yet at S1: the books number the slip
    run(fill(open_books, 6001, 10))
    before = fingerprint(open_books)
    with pytest.raises(RuleViolation) as err:
        fill(open_books, None, 11)
    assert err.value.section == "99-01.3-08-05.2"
    assert "pre-printed forms (6001 to 6001 used): key this slip's form number" in str(err.value)
    assert fingerprint(open_books) == before
    run(fill(open_books, 6002, 12))
    credit = slips.issue_slip(
        open_books, SlipKind.CREDIT, "S1", 1, c(five=1), at(13), "pb", "c1", "sm", form=None
    )
    run(credit)


def test_99_01_3_08_05_2_gaps_out_of_order_and_voids_are_reported_per_series(
    open_books: Books, run: Run
) -> None:
    run(fill(open_books, 7001, 10))
    run(fill(open_books, 7004, 11))  # 7002 and 7003 skipped
    run(fill(open_books, 7002, 12))  # used after a higher number
    day = at(0).date()
    run(
        slips.void_slip(
            open_books, SlipKind.FILL, "S1", day, at(13), "c1", "CC", 7005, Game.TWENTY_ONE
        )
    )
    lines = {(f.number, f.status) for f in slips.form_registers(open_books, SlipKind.FILL)}
    assert lines == {
        (7001, "issued"),
        (7002, "issued (out of order)"),
        (7003, "missing"),
        (7004, "issued"),
        (7005, "VOID"),
    }
    with pytest.raises(RuleViolation):  # the voided form cannot be used again
        fill(open_books, 7005, 14)
    with pytest.raises(InvalidInput, match="give the game"):
        slips.void_slip(open_books, SlipKind.FILL, "S1", day, at(15), "c1", "CC", 7006)


def test_99_01_3_08_05_2_the_series_is_carried_forward(open_books: Books, run: Run) -> None:
    run(fill(open_books, 9001, 10))
    run(fill(open_books, 9003, 11))
    checkpoint = carry_forward(open_books)
    (series,) = checkpoint.sites[0].forms
    assert (series.game, series.kind, series.lowest, series.highest, series.unused) == (
        Game.TWENTY_ONE,
        SlipKind.FILL,
        9001,
        9003,
        (9002,),
    )
    restored = restore(checkpoint, setup_events(), [])
    carried = restored.sites["S1"].forms[(Game.TWENTY_ONE, SlipKind.FILL)]
    assert [carried.used(n) for n in (9000, 9001, 9002, 9003, 9004)] == [
        False,
        True,
        False,
        True,
        False,
    ]


def test_99_01_3_08_05_2_the_cashier_keys_the_form_number(tmp_path: Path) -> None:
    b = Cli(tmp_path)
    set_up(b)
    open_day(b)
    args = ("fill", "S1", "1", "5x20", "c1", "c1", "--verifier", "sm", "--form", "40001")
    out = b.ok(*args, T, "2026-01-05T18:10:00-06:00")
    assert "fill slip number 1 (pre-printed form 40001)" in out
    line = b.refused(*args, T, "2026-01-05T18:11:00-06:00")
    assert "used once" in line
    assert line.endswith("(section 99-01.3-08-05.2)")
    out = b.ok(
        "void",
        "fill",
        "S1",
        "c1",
        "CC",
        "--form",
        "40002",
        "--game",
        "21",
        T,
        "2026-01-05T18:12:00-06:00",
    )
    assert "pre-printed form 40002" in out


def test_99_01_3_08_05_2_a_form_far_from_its_series_is_refused_not_stored(
    open_books: Books, run: Run
) -> None:
    """A typing slip (one digit too many) would open a gap of millions of numbers."""
    run(fill(open_books, 1, 10))
    with pytest.raises(InvalidInput, match="far from the S1 21 series"):
        fill(open_books, 999_999_999, 11)
    run(fill(open_books, 1 + slips.FORM_JUMP, 12))  # the next box of forms is fine
    late = replace(
        fill(open_books, 2 + slips.FORM_JUMP, 13)[0],
        form=999_999_999,  # type: ignore[type-var]
    )
    assert any("far from the numbers of its series" in p for p in check_in_books(open_books, late))
