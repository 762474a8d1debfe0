"""Browser tests (issue 16): Playwright driving Debian's chromium against a real server on
127.0.0.1. A dealer and two players, each in their own browser context (own cookies), play a
twenty-one round to settlement through the pages; the screenshots go to ``docs/screens/``.

Skipped, with the reason, where Playwright or chromium cannot be had (``.ci/run`` installs
chromium with apt-get when it runs as root).
"""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import Demo, make_demo

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)"
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Demo]]:
    """The demo organization's app served by Uvicorn on 127.0.0.1 in a thread (plain HTTP at a
    loopback address: the session cookie without its Secure flag, as ``croupier serve`` does)."""
    import uvicorn

    demo = make_demo(f"sqlite:///{tmp_path / 'browser.db'}", secure_cookie=False)
    port = _free_port()
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


def _sign_in(page: object, base: str, name: str, password: str) -> None:
    page.goto(f"{base}/login")  # type: ignore[attr-defined]
    page.fill("input[name=name]", name)  # type: ignore[attr-defined]
    page.fill("input[name=password]", password)  # type: ignore[attr-defined]
    page.click("button[type=submit]")  # type: ignore[attr-defined]
    page.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


def _shot(page: object, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / name))  # type: ignore[attr-defined]


def test_a_dealer_and_two_players_play_twenty_one_in_three_browsers(
    served: tuple[str, Demo],
) -> None:
    base, demo = served
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            pages = {}
            errors: list[str] = []
            for name in ("d1", "player1", "player2"):
                context = browser.new_context(viewport={"width": 420, "height": 900})
                page = context.new_page()
                page.on("pageerror", lambda e, n=name: errors.append(f"{n}: {e}"))
                _sign_in(page, base, name, demo.passwords[name])
                pages[name] = page
            dealer = pages["d1"]
            dealer.goto(f"{base}/tables")
            dealer.fill("input[name=table]", "bj-1")
            dealer.select_option("select[name=game]", "twentyone")
            dealer.select_option("select[name=rules]", RULES)
            dealer.click("form[action='/tables'] button[type=submit]")
            dealer.wait_for_url(f"{base}/tables/bj-1")
            dealer.wait_for_selector("#live:text('live')")
            for name, seat, amount in (("player1", 2, "10"), ("player2", 4, "25")):
                page = pages[name]
                page.goto(f"{base}/tables/bj-1")
                page.wait_for_selector("#live:text('live')")
                page.fill("form[data-command=seat] input[name=seat]", str(seat))
                page.click("form[data-command=seat] button")
                page.wait_for_selector(f"#seats td:text-is('{name}')")
                page.fill("form[data-command=wager] input[name=amount]", amount)
                page.click("form[data-command=wager] button")
            dealer.wait_for_selector("#seats td:text-is('$25.00')")
            dealer.click("form[data-command=deal] button")
            sync_api.expect(dealer.locator("#pending")).not_to_have_text("no round in play")
            for _ in range(60):
                pending = dealer.text_content("#pending") or ""
                if pending.startswith("none") or pending.startswith("no round"):
                    break
                if pending.startswith("chance"):
                    version = dealer.text_content("#version")
                    dealer.click("form[data-command=chance] button")
                    sync_api.expect(dealer.locator("#version")).not_to_have_text(version or "")
                    continue
                actor = dealer if pending.startswith("dealer") else None
                if actor is None:
                    found = re.search(r"\(seat (\d+)\)", pending)
                    assert found is not None, pending
                    seat = found.group(1)
                    actor = pages["player1"] if seat == "2" else pages["player2"]
                actor.wait_for_selector("#options button")
                if actor is pages["player1"]:
                    _shot(actor, "table-player.png")
                buttons = actor.locator("#options button")
                labels = [buttons.nth(i).text_content() or "" for i in range(buttons.count())]
                pick = next((i for i, t in enumerate(labels) if "stand" in t.lower()), 0)
                version = dealer.text_content("#version")
                buttons.nth(pick).click()
                sync_api.expect(dealer.locator("#version")).not_to_have_text(version or "")
            else:
                raise AssertionError("the round did not finish")
            _shot(dealer, "table-dealer.png")
            dealer.click("form[data-command=settle] button")
            for page in pages.values():
                sync_api.expect(page.locator("#settlement")).to_contain_text("house")
            # nobody's page was ever shown a refusal or failed a script
            for page in pages.values():
                assert page.is_hidden("#refusal")
            assert errors == []
        finally:
            browser.close()
