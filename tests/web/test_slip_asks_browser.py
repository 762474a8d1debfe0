"""A fill asked for at the table in a real browser (Debian's chromium, issue 28): the dealer asks
from the console of a physical table linked to table 1 of the books; the cashier, on the slips
page, prepares the slip from the ask; axe-core finds no serious or critical violation."""

from __future__ import annotations

from typing import Any

from croupier.service.people.authz import Actor

from .browsing import People, axe_violations, browser, pytestmark, served, shot, sync_api
from .conftest import Demo

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


def test_the_dealer_asks_for_a_fill_and_the_cashier_prepares_it(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, demo = served
    server = demo.app.state.server
    d1_actor = Actor("d1", frozenset({"dealer"}), "d1")
    opened = server.tenant(server.org_id).open_live_table(
        d1_actor, "bj-1", "twentyone", RULES, "physical", "S1", 1
    )
    assert opened.accepted
    people = People(browser, base, demo, ("d1", "c1"), axe=True)
    d1, c1 = people["d1"], people["c1"]
    d1.goto(f"{base}/tables/bj-1")
    sync_api.expect(d1.locator("#live")).to_have_text("live")
    d1.locator("#ask summary").click()
    d1.locator("#ask select[name=kind]").select_option("fill")
    d1.locator("#ask input[name=chips]").fill("5x20")
    d1.locator("#ask button").click()
    sync_api.expect(d1.locator("#ask-status")).to_contain_text("waits at the chip bank")
    assert axe_violations(d1) == []
    c1.goto(f"{base}/slips")
    c1.get_by_role("link", name="Prepare its slip").click()
    form = c1.locator("form[action='/slips/prepare']")
    sync_api.expect(form.locator("input[name=chips]")).to_have_value("5x20")
    assert axe_violations(c1) == []
    shot(c1, "slip-ask.png")
    form.get_by_role("button", name="Prepare").click()
    sync_api.expect(c1.locator("div.message")).to_contain_text("answered by this slip")
    assert people.errors == []
