"""Two organizations in a real browser (Debian's chromium, issue 29): a person who belongs to
both signs in, works in the first, switches with the selector in the page's header and works in
the second, each with the roles they hold there; axe-core finds no serious or critical
violation on the page with the selector."""

from __future__ import annotations

from typing import Any

from .browsing import axe_violations, browser, pytestmark, served, shot, sync_api
from .conftest import Demo
from .test_tenancy import ALPHA_NAME, BETA, BETA_NAME, add_second_organization

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name

PASSWORD = "her own long password"


def test_29_a_person_switches_organization_in_the_header(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, demo = served
    add_second_organization(demo)
    accounts = demo.app.state.server.accounts
    accounts.create("ana", frozenset({"dealer"}), "d2", must_change=False, password=PASSWORD)
    accounts.grant("ana", BETA, frozenset({"gaming manager"}), "gm", actor="test")
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{base}/login")
    page.fill("input[name=name]", "ana")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    sync_api.expect(page).to_have_url(f"{base}/")
    header = page.locator("header")
    sync_api.expect(header).to_contain_text(ALPHA_NAME)
    sync_api.expect(header).to_contain_text("ana (dealer)")
    assert axe_violations(page) == []
    page.select_option("select[name=org]", BETA)
    shot(page, "org-switch.png")
    page.get_by_role("button", name="Switch").click()
    sync_api.expect(header).to_contain_text(BETA_NAME)
    sync_api.expect(header).to_contain_text("ana (gaming manager)")
    answer = page.goto(f"{base}/reports/quarterly")  # a gaming manager's page, not a dealer's
    assert answer is not None
    assert answer.status == 200
    context.close()
