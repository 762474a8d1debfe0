"""A wheel operator runs a physical paddlewheel table (the table method) from the console with the
keyboard only (issue 27): a player joins, buys betting chips and bets by the amount on a spot
(not one chip per click), bets close, the spin's winning section is keyed, the payoffs are shown
in chips; the round exports and the engine agrees on replay.

Worked by hand from 99-01.3-11 and the posted prize table of ``paddlewheel-table.toml``
(odd and even 1 to 1 on the red circle, red numbers 38 to 1):

- ann joins seat 1 and buys $20 of one-dollar betting chips (-05.2; each chip is a dollar,
  -03.4);
- she bets 5 chips on "odd" and 3 chips on "red 17" ($8, within the $20 a spin);
- bets close (-05.4) and the wheel stops at the section of red 17 after five revolutions
  (at least four, -05.4.d): odd wins, decided by the red circle (-05.1.f), 5 chips at 1 to 1 =
  $5; red 17 wins 3 chips at 38 to 1 = $114; ann wins $119 in all;
- paid in betting chips or in casino chips of $1 to $100 (-03.4): 119 betting chips, or
  1 x $100 + 3 x $5 + 2 x $2.
"""

from __future__ import annotations

import json
import re
from typing import Any

from croupier.service.games.replay import replay_text

from .browsing import (
    axe_violations,
    browser,
    deal_by_key,
    moved_on,
    physical_table,
    pytestmark,
    served,
    shot,
    sync_api,
    version_of,
)
from .conftest import Demo

__all__ = ["browser", "pytestmark", "served"]

RULES = "paddlewheel-table.toml"
TABLE = "pw-live"


def _entry(dealer: Any, label: str, *typed: str) -> None:
    """Take the entry offered as ``label`` by its number key and fill it in: each value typed,
    Tab between them, Enter at the end."""
    before = version_of(dealer)
    form = dealer.locator("#options form.entry", has_text=re.compile(re.escape(label)))
    dealer.keyboard.press(form.first.get_attribute("data-key") or "?")
    for n, value in enumerate(typed):
        if n:
            dealer.keyboard.press("Tab")
        dealer.keyboard.type(value)
    dealer.keyboard.press("Enter")
    moved_on(dealer, before)


def test_99_01_3_11_05_a_spin_keyed_and_bets_entered_by_amount_with_the_keyboard_only(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, _demo = served
    people, operator, watcher = physical_table(
        browser, served, TABLE, "paddlewheel", RULES, runner="w1"
    )
    deal_by_key(operator)
    _entry(operator, "join (seat 1)", "ann")
    _entry(operator, "buy chips (seat 1)", "20")
    _entry(operator, "place bet (seat 1)", "odd", "5")
    _entry(operator, "place bet (seat 1)", "red 17", "3")
    before = version_of(operator)
    close = operator.locator("#options button", has_text="close bets").first
    operator.keyboard.press(close.get_attribute("data-key") or "?")
    moved_on(operator, before)
    sync_api.expect(operator.locator("#prompt")).to_contain_text("Key the spin")
    sync_api.expect(operator.locator("#key-input")).to_be_focused()
    operator.keyboard.type("17/5")
    operator.keyboard.press("Enter")
    sync_api.expect(operator.locator("#prompt")).to_contain_text("The round is over")
    sync_api.expect(operator.locator("#console .facts")).to_contain_text("red wins 17")
    sync_api.expect(watcher.locator("#console .facts")).to_contain_text("red wins 17")
    sync_api.expect(operator.locator("#payouts")).to_contain_text(
        "pay ann: $119.00 = 119 betting chips or 1 x $100 + 3 x $5 + 2 x $2"
    )
    shot(operator, "console-paddlewheel-operator.png")
    assert axe_violations(operator) == []
    before = version_of(operator)
    operator.keyboard.press("s")
    moved_on(operator, before)
    data = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/1").json()
    assert data["expect"]["parties"]["player:ann"] == 11_900
    assert replay_text(json.dumps(data), "exported", check=True).ok
    assert people.errors == []
