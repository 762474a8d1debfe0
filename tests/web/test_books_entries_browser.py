"""The books' entries in a real browser (Debian's chromium, issue 28): the dealer opens Books
entries from the menu, records a chip sale at table 1 and a tip; a wrong value is refused on the
form with the values kept; axe-core finds no serious or critical violation."""

from __future__ import annotations

from typing import Any

from croupier.service.books.close import site_status

from .browsing import People, axe_violations, browser, pytestmark, served, shot, sync_api
from .conftest import Demo

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name


def test_the_dealer_records_a_chip_sale_and_a_tip(served: tuple[str, Demo], browser: Any) -> None:
    base, demo = served
    people = People(browser, base, demo, ("d1",), axe=True)
    d1 = people["d1"]
    d1.goto(f"{base}/")
    d1.get_by_role("link", name="Books entries").click()
    sync_api.expect(d1.locator("h1")).to_have_text("Books entries")
    assert axe_violations(d1) == []
    d1.get_by_role("link", name="Chips sold at the table").click()
    drop_box = {t.table: t.drop_box for t in site_status(demo.url, "demo", "S1").trays}[1]
    form = d1.locator("form#entry")
    form.get_by_label("Table").fill("1")
    form.get_by_label("Cash paid ($)").fill("twenty")
    form.get_by_role("button", name="Record").click()
    sync_api.expect(d1.locator("div.error")).to_contain_text("twenty")
    assert form.get_by_label("Table").input_value() == "1"  # the values kept
    assert axe_violations(d1) == []
    form.get_by_label("Cash paid ($)").fill("20")
    form.get_by_label("Chips pushed").fill("1x20")
    form.get_by_role("button", name="Record").click()
    sync_api.expect(d1.locator("div.message")).to_contain_text("$20.00 of chips at table 1")
    shot(d1, "books-entry.png")
    after = {t.table: t.drop_box for t in site_status(demo.url, "demo", "S1").trays}[1]
    assert after == drop_box + 2000
    d1.goto(f"{base}/books/tip")
    form.get_by_label("Table").fill("1")
    form.get_by_label("Tip chips").fill("1x2")
    form.get_by_role("button", name="Record").click()
    sync_api.expect(d1.locator("div.message")).to_contain_text("to the dealer of table 1")
    assert people.errors == []
