"""The second factor in a real browser (Debian's chromium, issue 29): an auditor, whose role
signs in with one, is sent to set it up at the first sign-in, adds the setup key to an
authenticator (``pyotp`` here, computing what the app would show at the server's time),
confirms it and sees the recovery codes; then signs in with the password and the code, and once
with a recovery code. axe-core finds no serious or critical violation on the pages."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pyotp

from croupier.service.people.second_factor import SECOND_FACTOR_ROLES

from .browsing import axe_violations, browser, pytestmark, served, shot, sync_api
from .conftest import Demo

__all__ = ["browser", "pytestmark", "served"]  # the fixtures and the skip, used by name


def _password_step(page: Any, base: str, name: str, password: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")


def test_an_auditor_sets_up_the_second_factor_then_signs_in_with_it(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, demo = served
    accounts = demo.app.state.server.accounts
    accounts.config = replace(accounts.config, second_factor_roles=SECOND_FACTOR_ROLES)
    password = demo.passwords["au"]
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    page = context.new_page()
    _password_step(page, base, "au", password)
    sync_api.expect(page).to_have_url(f"{base}/second-factor")  # nothing else opens first
    sync_api.expect(page.locator("div.message")).to_contain_text("set it up before anything")
    page.goto(f"{base}/reports/daily")
    sync_api.expect(page).to_have_url(f"{base}/second-factor")
    page.get_by_role("button", name="Set up a second factor").click()
    sync_api.expect(page.locator("#setup-key")).to_be_visible()
    key = page.locator("#setup-key").inner_text()
    assert re.fullmatch(r"[A-Z2-7]{4}( [A-Z2-7]{4})+", key)
    app = pyotp.TOTP(key.replace(" ", ""))
    assert axe_violations(page) == []
    shot(page, "second-factor.png")
    page.fill("input[name=code]", app.at(demo.clock.now()))
    page.get_by_role("button", name="Confirm").click()
    sync_api.expect(page.locator("#recovery-codes li")).to_have_count(10)
    codes = page.locator("#recovery-codes li code").all_inner_texts()
    assert len(codes) == 10
    assert axe_violations(page) == []
    page.get_by_role("link", name="Go on").click()
    sync_api.expect(page).to_have_url(f"{base}/")
    page.get_by_role("button", name="Sign out").click()
    sync_api.expect(page).to_have_url(f"{base}/login")
    # the password, then the code the authenticator shows a minute later
    demo.clock.advance(timedelta(seconds=60))
    _password_step(page, base, "au", password)
    sync_api.expect(page.locator("h1")).to_contain_text("second factor")
    assert axe_violations(page) == []
    page.fill("input[name=code]", "000000")
    page.get_by_role("button", name="Sign in").click()
    sync_api.expect(page.locator("div.error")).to_contain_text("wrong code")
    page.fill("input[name=code]", app.at(demo.clock.now()))
    page.get_by_role("button", name="Sign in").click()
    sync_api.expect(page).to_have_url(f"{base}/")
    page.get_by_role("button", name="Sign out").click()
    sync_api.expect(page).to_have_url(f"{base}/login")
    # the phone is lost: a recovery code, once
    _password_step(page, base, "au", password)
    page.fill("input[name=code]", codes[0])
    page.get_by_role("button", name="Sign in").click()
    sync_api.expect(page).to_have_url(f"{base}/")
    page.goto(f"{base}/second-factor")
    sync_api.expect(page.locator("main")).to_contain_text("9 recovery codes left")
    context.close()
