"""Fixtures of the books tests (the organization itself is in ``bookshelp``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bookshelp import DAY, Run, at, setup_events

from croupier.books import operations as ops
from croupier.books.state import Books
from croupier.core.events import Event


@pytest.fixture
def books() -> Books:
    """The organization set up, no day open."""
    return Books.from_events(setup_events())


@pytest.fixture
def run(books: Books) -> Run:
    """Apply a command's events to ``books`` and return them."""

    def apply(events: list[Event]) -> list[Event]:
        books.apply_all(events)
        return events

    return apply


@pytest.fixture
def open_books(books: Books, run: Run) -> Books:
    """Day ``DAY`` open at S1 with everyone on duty; table 1 open with d1 (no chips yet)."""
    run(ops.open_day(books, "S1", DAY, at(0), ("sm", "pb", "d1", "d2", "w1", "c1"), "sm"))
    run(ops.start_shift(books, "S1", DAY, 1, "d1", at(5), 2500, shoe_inspected_by="d1"))
    return books
