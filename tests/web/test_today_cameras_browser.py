"""The home page's Today list and the cameras page in a real browser (Debian's chromium): the
shift manager follows Today to the cameras, records the daily review of table 1 and reports a
fault on table 2, each on the page as a person would, and axe-core finds no serious or critical
violation on either page (issue 28)."""

from __future__ import annotations

from typing import Any

from .browsing import People, axe_violations, browser, pytestmark, served, shot, sync_api
from .conftest import Demo

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name


def test_the_shift_manager_follows_today_to_the_cameras(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, demo = served
    people = People(browser, base, demo, ("sm",), axe=True)
    sm = people["sm"]
    sm.goto(f"{base}/")
    today = sm.locator("ol.today")
    sync_api.expect(today).to_contain_text("Review the cameras of S1 today: tables 1, 2, 3")
    assert axe_violations(sm) == []
    shot(sm, "home-today.png")
    today.get_by_text("Review the cameras of S1 today").click()
    sync_api.expect(sm).to_have_url(f"{base}/cameras?site=S1")
    review = sm.locator("form[action='/cameras/review']")
    review.locator("select[name=table]").select_option("1")
    review.locator("button").click()
    sync_api.expect(sm.locator("div.message")).to_contain_text("working")
    fault = sm.locator("form[action='/cameras/fault']")
    fault.locator("select[name=table]").select_option("2")
    fault.locator("input[name=note]").fill("no picture")
    fault.locator("button").click()
    row = sm.locator("tr", has=sm.locator("td:text-is('2')")).first
    sync_api.expect(row).to_contain_text("h of 48")
    sync_api.expect(row).to_contain_text("the table may open as usual")
    assert axe_violations(sm) == []
    shot(sm, "cameras.png")
    sm.goto(f"{base}/")
    # a fault reported is not the day's review: table 2's review is still due (-04.6)
    sync_api.expect(sm.locator("ol.today")).to_contain_text("today: tables 2, 3")
    assert people.errors == []
