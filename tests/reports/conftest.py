"""Fixtures of the report tests: a stored quarter of books (``bookshelp`` from tests/books)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "books"))

from bookshelp import play_quarter_activity
from reporthelp import Invoke, store_books

from croupier.books.state import Books
from croupier.books.tickets import register_series


@pytest.fixture(scope="module")
def quarter_books() -> Books:
    """Q4 2025 at S2 and Q1 2026 at S1 and S2, every Saturday (see ``bookshelp``), and a
    paddlewheel ticket series A registered at S1 (no card sold)."""
    books, _ = play_quarter_activity(seed=7)
    books.apply_all(register_series(books, "A", "S1", 200, 101, 105, 10, "ND-12345"))
    return books


@pytest.fixture
def quarter_db(tmp_path: Path, quarter_books: Books) -> dict[str, str]:
    """The environment of a database holding the stored quarter."""
    url = f"sqlite:///{tmp_path / 'books.db'}"
    store_books(url, quarter_books)
    return {"CROUPIER_DATABASE_URL": url, "CROUPIER_ORG": "org", "COLUMNS": "200"}


@pytest.fixture
def invoke(quarter_db: dict[str, str]) -> Invoke:
    """Run ``croupier ARGS...`` against the stored quarter (stdout and stderr apart)."""
    from croupier.cli.main import app

    runner = CliRunner()

    def run(*args: str) -> Result:
        return runner.invoke(app, list(args), env=quarter_db)

    return run
