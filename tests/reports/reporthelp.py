"""Helpers of the report tests."""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import Result

from croupier.books.state import Books
from croupier.store import open_store

Invoke = Callable[..., Result]


def store_books(url: str, books: Books) -> None:
    """Append every entry of ``books`` to the organization's books stream at ``url``."""
    store = open_store(url)
    try:
        store.append(f"books-{books.org_id}", books.entries, 0)
    finally:
        store.close()
