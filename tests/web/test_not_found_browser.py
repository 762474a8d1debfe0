"""A table that is not there, in a real browser (Debian's chromium): a dealer who follows a stale
link to a table gets the 404 page, saying which table in one line, with the way back to the
tables; axe-core finds no serious or critical violation on it."""

from __future__ import annotations

from typing import Any

from .browsing import axe_violations, browser, pytestmark, served, sign_in
from .conftest import Demo

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name


def test_a_stale_link_to_a_table_shows_the_404_page(served: tuple[str, Demo], browser: Any) -> None:
    base, demo = served
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    page = context.new_page()
    sign_in(page, base, "d1", demo.passwords["d1"])
    answer = page.goto(f"{base}/tables/closed-long-ago")
    assert answer is not None
    assert answer.status == 404
    body = page.locator("main")
    assert "no live table 'closed-long-ago'" in body.inner_text()
    assert page.locator("header").count() == 1  # the site's header, its links back included
    assert axe_violations(page) == []
