"""A dealer runs a physical Three Card 21 "N" Done table from the console with the keyboard only
(issue 27): the three-card deal, the bonus settled first, a three-way split, the dealer's hand;
a surveillance page follows it live; the round exports and the engine agrees on replay.

The round, worked by hand from N.J.A.C. 13:69F-2C (``threecard21-6deck.toml``: six decks, the
dealer stands on all 17s, hand shuffle, the posted bonus paytable of 2C.5(b)1):

- ann wagers $5 on spot 1, and the equal bonus wager (2C.5(a));
- the first round after a hand shuffle begins with a burn card (2C.6(c)), face down: keyed
  "down", never seen;
- the deal (2C.6(d)): 8h to spot 1, the dealer's up card 9s, 8d to spot 1, the dealer's hole
  card face down (keyed "down": nobody looks at it), 8s to spot 1;
- the bonus first (2C.5(b), 2C.6(e)): three eights are "3 of a Kind", 5 to 1: +$25;
- 24 is over 21 and holds a pair: ann splits three ways (2C.5(c)5.ii-iii, two more $5 wagers);
  each hand is completed before the next (2C.10(b)): 8 + 3c = 11 stands, 8 + Kd = 18 stands,
  8 + 5h = 13 stands;
- the last stand ends the players' turn: the console holds it until the hole card is turned and
  keyed, 7c; the dealer has 9 + 7 = 16 and draws (2C.5(d)): Th, 26, a bust; each of the three hands
  wins 1 to 1: +$15;
- ann is paid $40 in all (New Jersey's chips are not counted out: North Dakota's -03.1 values do
  not apply there).
"""

from __future__ import annotations

import json
from typing import Any

from croupier.service.games.replay import replay_text

from .browsing import (
    axe_violations,
    browser,
    deal_by_key,
    key_round,
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

RULES = "threecard21-6deck.toml"
TABLE = "tc-live"
KEYED = ["down", "8h", "9s", "8d", "down", "8s", "3c", "Kd", "5h", "7c", "Th"]
"""What the dealer keys in order: the burn card and the hole card face down, the hole card again
when the console asks for it to be turned (after the last stand)."""
DECISIONS = {"spot 1": ["split", "stand", "stand", "stand"]}


def test_13_69f_2c_5_a_three_way_split_keyed_with_the_keyboard_only(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, _demo = served
    people, dealer, watcher = physical_table(browser, served, TABLE, "threecard21", RULES)
    key_wagers(dealer, (("1", "5", "ann"),))
    deal_by_key(dealer)
    sync_api.expect(dealer.locator("#prompt")).to_contain_text("Deal the burn card face down")
    cards, decisions = list(KEYED), {k: list(v) for k, v in DECISIONS.items()}
    key_round(dealer, cards, decisions, watchers=(watcher,), hole=True)
    assert cards == []
    assert decisions == {"spot 1": []}
    sync_api.expect(dealer.locator("#console .place[data-place='1'] .hand")).to_have_count(3)
    sync_api.expect(dealer.locator("#payouts")).to_contain_text("pay spot 1: $40.00")
    shot(dealer, "console-threecard21-dealer.png")
    assert axe_violations(dealer) == []
    assert axe_violations(watcher) == []
    before = version_of(dealer)
    dealer.keyboard.press("s")
    moved_on(dealer, before)
    data = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/1").json()
    assert data["expect"]["parties"]["player:1"] == 4000
    assert data["expect"]["parties"]["house"] == -4000
    # the burn card was never seen: the file says so (round-file format 2); the hole card was
    # turned, so it is the real 7c
    assert data["format"] == "croupier.round/2"
    assert data["unseen"] == [0]
    assert data["shoe"][1:] == ["8h", "9s", "8d", "7c", "8s", "3c", "Kd", "5h", "Th"]
    assert replay_text(json.dumps(data), "exported", check=True).ok
    assert people.errors == []


def test_13_69f_2a_14_a_a_card_found_face_up_is_typed_in_the_dealing_mistakes(
    served: tuple[str, Demo], browser: Any
) -> None:
    """2A.14(a) at a physical table: the dealer opens the dealing mistakes, types the card found
    face up in the shoe (Kd) in its field and records it: it goes to the discard rack, unused.
    A card the shoe no longer holds would be refused the same way, in the refusal line; here a
    second card found face up during the deal (Qs) voids the round."""
    base, _demo = served
    people, dealer, watcher = physical_table(browser, served, "tc-face-up", "threecard21", RULES)
    key_wagers(dealer, (("1", "5", "ann"),))
    deal_by_key(dealer)
    box = dealer.locator("#mistakes")
    box.locator("summary").click()
    found = dealer.locator("#irregularities form", has_text="13:69F-2A.14(a)")
    sync_api.expect(found).to_have_attribute("data-version", version_of(dealer))
    sync_api.expect(found.locator("label")).to_contain_text("card exposed")
    for card in ("Kd", "Qs"):
        dealer.once("dialog", lambda d: d.accept())  # "Record: face up card in shoe ...?"
        before = version_of(dealer)
        found.locator("input[name=card]").fill(card)
        found.locator("input[name=card]").press("Enter")
        moved_on(dealer, before)
        sync_api.expect(dealer.locator("#refusal")).to_be_hidden()
    data = dealer.request.get(f"{base}/api/tables/tc-face-up").json()
    assert data["round_open"] is True
    sync_api.expect(dealer.locator("#prompt")).not_to_contain_text("burn card")
    before = version_of(dealer)
    dealer.keyboard.press("s")
    moved_on(dealer, before)
    exported = watcher.request.get(f"{base}/api/tables/tc-face-up/rounds/1").json()
    assert exported["shoe"] == ["Kd", "Qs"]
    assert exported["expect"]["parties"] == {"house": 0, "player:1": 0}
    assert replay_text(json.dumps(exported), "exported", check=True).ok
    assert people.errors == []
