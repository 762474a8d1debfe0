"""What every browser test uses: the demo served by Uvicorn on 127.0.0.1 in a thread, Debian's
chromium through Playwright (skipped, with the reason, where either cannot be had), one signed-in
browser context per person, and screenshots into ``docs/screens/``."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Demo, make_demo
from .served import free_port

ROOT = Path(__file__).resolve().parents[2]
SCREENS = (
    ROOT / "docs" / "screens"
    if os.environ.get("CROUPIER_SCREENS") == "1"
    else Path(tempfile.gettempdir()) / "croupier-screens"
)
"""Where the screenshots go: the documentation's own (``docs/screens/``) only when asked for
(``CROUPIER_SCREENS=1 make test``), so that a test run leaves the tracked files as they were."""
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
# The tests run one process per core (pytest-xdist), so a page may be slow to show what it
# will show while another browser test runs beside it: each expectation waits up to 15 s, not
# Playwright's 5 (one that holds passes at once, as before).
sync_api.expect.set_options(timeout=15_000)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)"
)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Demo]]:
    """The demo organization's app served by Uvicorn on 127.0.0.1 in a thread (plain HTTP at a
    loopback address: the session cookie without its Secure flag, as ``croupier serve`` does)."""
    import uvicorn

    demo = make_demo(f"sqlite:///{tmp_path / 'browser.db'}", secure_cookie=False)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(demo.app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:  # pragma: no cover - a server that does not start
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", demo
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def sign_in(page: object, base: str, name: str, password: str) -> None:
    page.goto(f"{base}/login")  # type: ignore[attr-defined]
    page.fill("input[name=name]", name)  # type: ignore[attr-defined]
    page.fill("input[name=password]", password)  # type: ignore[attr-defined]
    page.click("button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


def shot(page: object, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / name))  # type: ignore[attr-defined]


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


class People:
    """One browser context (own cookies) per person, signed in; script errors collected."""

    def __init__(
        self,
        browser: Any,
        base: str,
        demo: Demo,
        names: tuple[str, ...],
        *,
        width: int = 420,
        axe: bool = False,
    ) -> None:
        """``width``: the viewport's (420: a phone; 360 for the smallest). ``axe``: the pages
        may have axe-core injected (``axe_violations``), which the site's script policy would
        otherwise refuse; nothing else of the policy is under test there."""
        self.base = base
        self.errors: list[str] = []
        self.pages: dict[str, Any] = {}
        for name in names:
            context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=axe)
            page = context.new_page()
            page.on("pageerror", lambda e, n=name: self.errors.append(f"{n}: {e}"))
            sign_in(page, base, name, demo.passwords[name])
            self.pages[name] = page

    def __getitem__(self, name: str) -> Any:
        return self.pages[name]


AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """The accessibility violations axe-core (vendored, ``vendor/axe-core``) finds on the page
    as it is now, of the given impacts: one line each, rule and the first offending element."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes'][0]['target'] if v['nodes'] else ''}"
        for v in found
        if v.get("impact") in impacts
    ]


def version_of(page: Any) -> str:
    """The table version the console shows (its prompt's)."""
    return page.locator("#prompt").get_attribute("data-version") or ""


def moved_on(page: Any, before: str) -> None:
    """Wait until the console shows a version other than ``before``."""
    sync_api.expect(page.locator("#prompt")).not_to_have_attribute("data-version", before)


def open_physical(dealer: Any, base: str, table: str, game: str, rules: str) -> None:
    """Open a physical table from the tables page, with the keyboard (Enter in the id field)."""
    dealer.goto(f"{base}/tables")
    dealer.fill("input[name=table]", table)
    dealer.select_option("select[name=game]", game)
    dealer.select_option("select[name=rules]", rules)
    dealer.select_option("select[name=mode]", "physical")
    dealer.focus("input[name=table]")
    dealer.keyboard.press("Enter")
    dealer.wait_for_url(f"{base}/tables/{table}")
    dealer.wait_for_selector("#live:text('live')")


def key_wagers(dealer: Any, wagers: tuple[tuple[str, str, str], ...]) -> None:
    """Key each (seat, dollars, name) wager: seat, Tab, amount, Tab, name, Enter; then Escape
    leaves the field so that the keys are the console's again. Each wager is waited for in the
    seats table and in the prompt's version, so that a test reading the version next reads the
    one after the last wager. (The field is cleared as a wager is sent: the next one goes into
    empty fields even while the last one's answer is on its way.)"""
    for seat, amount, name in wagers:
        before = version_of(dealer)
        dealer.focus("form[data-command=dealer-wager] input[name=seat]")
        dealer.keyboard.type(seat)
        dealer.keyboard.press("Tab")
        dealer.keyboard.type(amount)
        dealer.keyboard.press("Tab")
        dealer.keyboard.type(name)
        dealer.keyboard.press("Enter")
        sync_api.expect(dealer.locator(f"#seats tr:has-text('{name}')")).to_contain_text("$")
        moved_on(dealer, before)
    dealer.keyboard.press("Escape")


def key_round(
    dealer: Any,
    cards: list[str],
    decisions: dict[str, list[str]],
    watchers: tuple[Any, ...] = (),
    limit: int = 60,
    hole: bool = False,
) -> None:
    """Play the round dealt at a physical table with the keyboard only, to its end: each card
    the console asks for typed (rank then suit) and Enter, each decision of the seat to act
    (the next word of ``decisions[turn]``) by its number key. Every watcher's console must
    follow each step. ``cards`` and ``decisions`` are used up. With ``hole``, a card keyed
    "down" must be one the console asked to deal face down, and the card keyed after the console
    holds a step to turn it must be the one the console asked to turn."""
    import re

    for _ in range(limit):
        prompt = dealer.locator("#prompt")
        if (prompt.text_content() or "").startswith("The round is over"):
            return
        before = version_of(dealer)
        wanted = prompt.get_attribute("data-key-wanted")
        if wanted:
            sync_api.expect(dealer.locator("#key-input")).to_be_focused()
            text = prompt.text_content() or ""
            if hole and cards[0] == "down":
                assert text.startswith("Deal "), text
                assert dealer.is_visible("#options button:has-text('Dealt face down')")
            elif hole and text.startswith("Turn the face-down card"):
                assert dealer.is_visible("#options button:has-text('Withdraw')")
            dealer.keyboard.type(cards.pop(0))
            dealer.keyboard.press("Enter")
        else:
            turn = prompt.get_attribute("data-turn") or ""
            word = decisions[turn].pop(0)
            button = dealer.locator("#options button", has_text=re.compile(rf"\b{word}\b")).first
            dealer.keyboard.press(button.get_attribute("data-key") or "?")
        moved_on(dealer, before)
        for watcher in watchers:
            sync_api.expect(watcher.locator("#prompt")).to_have_attribute(
                "data-version", version_of(dealer)
            )
    raise AssertionError("the round did not end")


def physical_table(
    browser: Any,
    served: tuple[str, Demo],
    table: str,
    game: str,
    rules: str,
    runner: str = "d1",
) -> tuple[People, Any, Any]:
    """A physical table opened by ``runner`` on a tablet (1024 x 768) and a gaming manager's
    surveillance page following it (axe-core allowed on both): the people, the runner's page
    and the watcher's."""
    base, demo = served
    people = People(browser, base, demo, (runner, "gm"), axe=True)
    page, watcher = people[runner], people["gm"]
    page.set_viewport_size({"width": 1024, "height": 768})
    open_physical(page, base, table, game, rules)
    watcher.goto(f"{base}/tables/{table}")
    watcher.wait_for_selector("#live:text('live')")
    return people, page, watcher


def deal_by_key(page: Any) -> None:
    """Press D (deal) and wait for the round to be dealt."""
    before = version_of(page)
    page.keyboard.press("d")
    moved_on(page, before)
