"""A dealer runs a physical poker table from the console with the keyboard only (issue 27): the
chips each player buys keyed by seat, each player's half-hour fee collected before the deal, the
hole cards and burn cards dealt face down (keyed "down": nobody sees them), the board keyed card by
card, each seat's decision taken by its number key (a raise or a bet with its amount typed), and
at the showdown each hand keyed as it is shown; a surveillance page follows it live; both hands
export as round files that the engine agrees with, the hand won without a showdown naming every
hole card as never seen.

Worked by hand from 99-01.3-09 and ``poker-holdem.toml`` (limit hold'em, blinds $0.25 and $0.50,
bets and raises of $1, a $2.00 fee a player for each half hour, collected in advance, -03.3):

Hand 1 (button seat 1, small blind bo at seat 4, big blind cy at seat 7, -02.6):

- ann buys $20.00 of chips at seat 1, bo $1.50 at seat 4, cy $30.00 at seat 7; each pays the
  $2.00 fee for the half hour first (the deal is refused until then);
- before the flop: ann calls $0.50; bo raises to $1.50, all his chips (a $1 raise); cy calls
  $1.50; ann calls: the main pot is 3 x $1.50 = $4.50, and bo can win nothing more;
- the flop 2h 3h 4h (after a burn card): cy checks, ann bets $1, cy calls: a side pot of $2.00
  between ann and cy (-05.7); the turn 9s and the river Jc are checked;
- the showdown: cy shows Qs Qd, ann Ks Kd, bo As Ad (no heart in any hand, so no flush; no five
  in any, so no straight): bo's aces win the main pot, $4.50; ann's kings beat cy's queens for the
  side pot, $2.00;
- nets: bo +$3.00 ($4.50 won, $1.50 put in), ann -$0.50 ($2.00 won, $2.50 put in), cy -$2.50.

Hand 2 (the button moves to seat 4: small blind cy, big blind ann): bo folds, cy folds, ann
takes the pot without a showdown (cy's $0.25 blind): ann +$0.25, cy -$0.25; no hole card is ever
seen.
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
    key_wagers,
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

RULES = "poker-holdem.toml"
TABLE = "pk-live"
SHOWN = {"seat 1": "Ks Kd", "seat 4": "As Ad", "seat 7": "Qs Qd"}
"""Each hand as it is shown at the showdown."""


def _follow(dealer: Any, watchers: tuple[Any, ...]) -> None:
    for watcher in watchers:
        sync_api.expect(watcher.locator("#prompt")).to_have_attribute(
            "data-version", version_of(dealer)
        )


def _take(dealer: Any, word: str) -> None:
    """The offered decision whose label names ``word``, by its number key; ``raise:1.50`` fills
    the entry's amount (dollars) and presses Enter."""
    name, _, amount = word.partition(":")
    if amount:
        form = dealer.locator("#options form.entry", has_text=re.compile(rf"\b{name}\b")).first
        dealer.keyboard.press(form.get_attribute("data-key") or "?")
        dealer.keyboard.type(amount)
        dealer.keyboard.press("Enter")
        return
    button = dealer.locator("#options button", has_text=re.compile(rf"\b{name}\b")).first
    dealer.keyboard.press(button.get_attribute("data-key") or "?")


def _hand(
    dealer: Any,
    board: list[str],
    decisions: dict[str, list[str]],
    watchers: tuple[Any, ...],
    limit: int = 80,
) -> int:
    """One hand keyed by keyboard to its end: a face-down card keyed ``down``, a board card as
    it comes, a hand shown as the console asks for it to be turned, each seat's decision as
    planned. Returns how many cards were keyed ``down``."""
    downs = 0
    for _ in range(limit):
        prompt = dealer.locator("#prompt")
        text = prompt.text_content() or ""
        if text.startswith("The round is over"):
            return downs
        before = version_of(dealer)
        if prompt.get_attribute("data-key-wanted"):
            sync_api.expect(dealer.locator("#key-input")).to_be_focused()
            if text.startswith("Deal "):  # a hole card or a burn card: nobody looks at it
                assert dealer.is_visible("#options button:has-text('Dealt face down')")
                dealer.keyboard.type("down")
                downs += 1
            elif text.startswith("Turn the face-down card"):  # a hand shown
                seat = re.search(r"seat \d+", text)
                assert seat is not None, text
                dealer.keyboard.type(SHOWN[seat.group(0)])
            else:
                dealer.keyboard.type(board.pop(0))
            dealer.keyboard.press("Enter")
        else:
            turn = prompt.get_attribute("data-turn") or ""
            _take(dealer, decisions[turn].pop(0))
        moved_on(dealer, before)
        _follow(dealer, watchers)
    raise AssertionError("the hand did not end")


def _settle(dealer: Any) -> None:
    before = version_of(dealer)
    dealer.keyboard.press("s")
    moved_on(dealer, before)


def test_99_01_3_09_04_24_a_dealer_keys_a_poker_showdown_with_a_side_pot_by_keyboard_only(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, _demo = served
    people, dealer, watcher = physical_table(browser, served, TABLE, "poker", RULES)
    key_wagers(dealer, (("1", "20", "ann"), ("4", "1.50", "bo"), ("7", "30", "cy")))
    # the fee first: the console says so, and a deal is refused until each seat has paid
    sync_api.expect(dealer.locator("#prompt")).to_contain_text("Collect the half-hour fee")
    before = version_of(dealer)
    dealer.keyboard.press("d")
    sync_api.expect(dealer.locator("#refusal")).to_contain_text("99-01.3-09-03.3")
    assert version_of(dealer) == before
    for seat in ("1", "4", "7"):
        before = version_of(dealer)
        _take(dealer, f"seat {seat}")  # "Collect the half-hour fee: seat N ($2.00)"
        moved_on(dealer, before)
    sync_api.expect(dealer.locator("#seats")).to_contain_text("paid to")
    sync_api.expect(dealer.locator("#seats")).not_to_contain_text("due")
    deal_by_key(dealer)

    board = ["2h", "3h", "4h", "9s", "Jc"]
    decisions = {
        "seat 1": ["call", "call", "bet:1", "check", "check", "show"],
        "seat 4": ["raise:1.50", "show"],
        "seat 7": ["call", "check", "call", "check", "check", "show"],
    }
    downs = _hand(dealer, board, decisions, (watcher,))
    assert board == []
    assert all(v == [] for v in decisions.values())
    assert downs == 6 + 3  # six hole cards and three burn cards
    payouts = dealer.locator("#payouts")
    sync_api.expect(payouts).to_contain_text("pay bo: $3.00")
    sync_api.expect(payouts).to_contain_text("collect from ann: $0.50")
    sync_api.expect(payouts).to_contain_text("collect from cy: $2.50")
    shot(dealer, "console-poker-dealer.png")
    assert axe_violations(dealer) == []
    assert axe_violations(watcher) == []
    _settle(dealer)

    # hand 2: won without a showdown; the fee for the half hour is paid already
    deal_by_key(dealer)
    folds = {"seat 4": ["fold"], "seat 7": ["fold"]}
    assert _hand(dealer, [], folds, (watcher,)) == 6
    sync_api.expect(dealer.locator("#payouts")).to_contain_text("collect from cy: $0.25")
    _settle(dealer)

    # the dispute records: each hand replays to what was paid
    first = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/1").json()
    assert first["expect"]["parties"] == {
        "house": 0,
        "player:ann": -50,
        "player:bo": 300,
        "player:cy": -250,
    }
    assert first["format"] == "croupier.round/2"  # the burn cards were never seen
    assert len(first["unseen"]) == 3
    assert replay_text(json.dumps(first), "hand 1", check=True).ok
    second = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/2").json()
    assert second["expect"]["parties"]["player:ann"] == 25
    assert second["expect"]["parties"]["player:cy"] == -25
    assert second["unseen"] == [0, 1, 2, 3, 4, 5]  # every hole card, never seen
    assert replay_text(json.dumps(second), "hand 2", check=True).ok
    assert people.errors == []
