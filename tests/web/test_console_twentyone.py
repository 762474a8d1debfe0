"""A dealer runs a physical twenty-one table from the console with the keyboard only (issue 27):
wagers keyed seat by seat, the deal and every card keyed as it leaves the shoe (rank then suit,
Enter), the hole card keyed "down" because nobody sees it and keyed when the dealer turns it,
each player's signal taken with its number key, the round settled with S; a surveillance page
follows it live; the round exports and the engine agrees on replay.

The round, worked by hand from 99-01.3-08 (hole-card-no-peek, six decks, the dealer stands on
all 17s; ``twentyone-hole-card-no-peek-6deck-s17.toml``):

- ann $10 on space 2, bo $25 on space 4;
- the deal (-10.1.a): 8h to space 2, 5c to space 4, the dealer's up card 6s, 8d to space 2,
  6d to space 4, the hole card face down, keyed "down" (nobody looks at it: -10.1.a);
- space 2 splits its 8s (-09.2.c): hand 1 takes 3c at once (11) and stands; hand 2 then takes
  9h (17) and stands; space 4 doubles on 11 (-09.2.d) and takes 9c: 20;
- the players' decisions done, the dealer turns the hole card (-11.10): the console holds the
  last step until it is keyed, Tc (dealer 16);
- the dealer's 16 hits (-11.10.f): Ks, 26, a bust (-11.10.h): every hand in play wins 1:1.
- ann wins $10 on each split hand, $20 in all ("4 x $5" in the chips of -03.1); bo wins $25
  on the wager and $25 on the double, $50 ("2 x $25"); the house pays $70.
"""

from __future__ import annotations

import json
from typing import Any

from croupier.service.games.replay import replay_text

from .browsing import (
    People,
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

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
TABLE = "bj-live"
CARDS = ["8h", "5c", "6s", "8d", "6d", "Tc", "3c", "9h", "9c", "Ks"]
"""The cards in the order they left the shoe (the round file's ``shoe``)."""
KEYED = ["8h", "5c", "6s", "8d", "6d", "down", "3c", "9h", "9c", "Tc", "Ks"]
"""What the dealer keys, in order: the hole card "down", then as it is turned (after 9c)."""
DECISIONS = {"space 2": ["split", "stand", "stand"], "space 4": ["double"]}


def test_99_01_3_08_10_1_a_a_dealer_keys_a_physical_round_with_the_keyboard_only(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, _demo = served
    people, dealer, watcher = physical_table(browser, served, TABLE, "twentyone", RULES)
    key_wagers(dealer, (("2", "10", "ann"), ("4", "25", "bo")))
    deal_by_key(dealer)
    dealt = version_of(dealer)

    # a card that cannot be is refused with its reason, changes nothing, and the pit sees it
    pit = watcher.context.new_page()
    pit.set_viewport_size({"width": 1280, "height": 800})
    pit.goto(f"{base}/pit")
    sync_api.expect(pit.locator("#pit-tables")).to_contain_text("Key the card for space 2")
    dealer.bring_to_front()  # the pit is another screen: the dealer's window has the focus
    sync_api.expect(dealer.locator("#key-input")).to_be_focused()
    dealer.keyboard.type("1x")
    dealer.keyboard.press("Enter")
    sync_api.expect(dealer.locator("#refusal")).to_be_visible()
    assert version_of(dealer) == dealt
    sync_api.expect(pit.locator("#pit-tables")).to_contain_text("d1:", timeout=10_000)
    dealer.keyboard.press("Control+A")
    dealer.keyboard.press("Backspace")

    cards, decisions = list(KEYED), {k: list(v) for k, v in DECISIONS.items()}
    key_round(dealer, cards, decisions, watchers=(watcher,), hole=True)
    assert cards == []
    assert all(v == [] for v in decisions.values())
    payouts = dealer.locator("#payouts")
    sync_api.expect(payouts).to_contain_text("pay ann: $20.00 = 4 x $5")
    sync_api.expect(payouts).to_contain_text("pay bo: $50.00 = 2 x $25")
    shot(dealer, "console-twentyone-dealer.png")
    shot(watcher, "console-twentyone-surveillance.png")
    shot(pit, "pit.png")
    assert axe_violations(dealer) == []
    assert axe_violations(watcher) == []
    assert axe_violations(pit) == []
    before = version_of(dealer)
    dealer.keyboard.press("s")
    moved_on(dealer, before)
    sync_api.expect(dealer.locator("#prompt")).to_contain_text("No round in play")
    assert dealer.is_hidden("#refusal"), dealer.text_content("#refusal")

    # the dispute record: the pit's page lists the round; its file replays to what was paid
    watcher.goto(f"{base}/tables/{TABLE}/rounds")
    watcher.click("a:text-is('Step through')")
    watcher.click("a:text-is('Whole round')")
    sync_api.expect(watcher.locator("#check")).to_contain_text("agrees with what was paid")
    data = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/1").json()
    assert data["shoe"][: len(CARDS)] == CARDS
    assert data["expect"]["parties"]["player:ann"] == 2000
    assert data["expect"]["parties"]["player:bo"] == 5000
    assert data["expect"]["parties"]["house"] == -7000
    assert replay_text(json.dumps(data), "exported", check=True).ok
    assert people.errors == []


def test_a_players_phone_view_fits_360_px_and_reads_as_a_game(
    served: tuple[str, Demo], browser: Any
) -> None:
    """A player at a virtual table on a 360 px phone: no sideways scrolling, the game drawn
    (cards, the count, whose turn) rather than data, no serious accessibility violation."""
    base, demo = served
    people = People(browser, base, demo, ("d1", "player1"), width=360, axe=True)
    dealer, player = people["d1"], people["player1"]
    dealer.goto(f"{base}/tables")
    dealer.fill("input[name=table]", "bj-phone")
    dealer.select_option("select[name=rules]", RULES)
    dealer.select_option("select[name=mode]", "virtual")
    dealer.click("form[action='/tables'] button[type=submit]")
    dealer.wait_for_url(f"{base}/tables/bj-phone")
    player.goto(f"{base}/tables/bj-phone")
    player.wait_for_selector("#live:text('live')")
    player.fill("form[data-command=seat] input[name=seat]", "3")
    player.click("form[data-command=seat] button")
    player.fill("form[data-command=wager] input[name=amount]", "10")
    player.click("form[data-command=wager] button")
    sync_api.expect(player.locator("#seats")).to_contain_text("$10.00")
    dealer.wait_for_selector("#live:text('live')")
    dealer.click("form[data-command=deal] button")
    dealer.click("form[data-command=chance] button")
    sync_api.expect(player.locator(".place.mine .card").first).to_be_visible()
    assert player.evaluate("document.documentElement.scrollWidth") <= 360
    assert "mine" not in (player.text_content("#console") or "")
    shot(player, "console-twentyone-phone.png")
    assert axe_violations(player) == []
    assert people.errors == []


def test_99_01_3_08_12_6_the_dealer_opens_the_dealing_mistakes_and_records_a_dropped_card(
    served: tuple[str, Demo], browser: Any
) -> None:
    """The dealing mistakes are listed when the dealer opens their list (not made for every
    update); the list stays open and is listed afresh as cards are keyed; recording one from
    it applies its remedy (a card dropped while dealing is burned, 99-01.3-08-12.6)."""
    people, dealer, _watcher = physical_table(browser, served, "bj-mistake", "twentyone", RULES)
    key_wagers(dealer, (("2", "10", "ann"),))
    deal_by_key(dealer)
    box = dealer.locator("#mistakes")
    sync_api.expect(box).not_to_have_attribute("open", "")
    box.locator("summary").click()
    listed = dealer.locator("#irregularities button", has_text="99-01.3-08-12.6")
    sync_api.expect(listed).to_have_attribute("data-version", version_of(dealer))
    # a card keyed while the list is open: the console is swapped, the list open and listed anew
    before = version_of(dealer)
    dealer.focus("#key-input")
    dealer.keyboard.type("8h")
    dealer.keyboard.press("Enter")
    moved_on(dealer, before)
    sync_api.expect(box).to_have_attribute("open", "")
    sync_api.expect(listed).to_have_attribute("data-version", version_of(dealer))
    dealer.once("dialog", lambda d: d.accept())  # "Record: card-dropped ...?"
    keyed = version_of(dealer)
    listed.click()
    moved_on(dealer, keyed)
    sync_api.expect(dealer.locator("#prompt")).to_contain_text("dropped")
    assert people.errors == []


def test_a_part_of_the_console_the_dealer_closed_stays_closed_as_updates_come(
    served: tuple[str, Demo], browser: Any
) -> None:
    """Every keyed wager or card swaps the console for the server's new rendering: what the
    dealer opened or closed keeps its state for the rest of the round instead of springing back
    to the server's default (the seats are open between rounds)."""
    people, dealer, _watcher = physical_table(browser, served, "bj-parts", "twentyone", RULES)
    seating = dealer.locator("#console details.seating")
    sync_api.expect(seating).to_have_attribute("open", "")  # between rounds: open
    seating.locator("summary").click()
    sync_api.expect(seating).not_to_have_attribute("open", "")
    key_wagers(dealer, (("2", "10", "ann"),))  # an update: the console swapped
    sync_api.expect(dealer.locator("#seats")).to_contain_text("ann")  # the new one, hidden
    sync_api.expect(seating).not_to_have_attribute("open", "")
    seating.locator("summary").click()
    key_wagers(dealer, (("4", "25", "bo"),))
    sync_api.expect(dealer.locator("#seats")).to_contain_text("bo")
    sync_api.expect(seating).to_have_attribute("open", "")
    assert people.errors == []


def test_a_console_answered_late_does_not_replace_a_newer_one(
    served: tuple[str, Demo], browser: Any
) -> None:
    """After a refusal the page asks for the console as it is; the socket may bring a newer one
    while that answer is on its way. An older console is not swapped in over a newer one (it
    would show a table that has moved on and key the next action at the old version: a
    keyed fee then never took, under load)."""
    base, _demo = served
    people, dealer, _watcher = physical_table(browser, served, "bj-late", "twentyone", RULES)
    key_wagers(dealer, (("2", "10", "ann"),))
    old = dealer.request.get(f"{base}/tables/bj-late/console")
    old_version = old.headers["x-table-version"]
    assert old_version == version_of(dealer)
    key_wagers(dealer, (("4", "25", "bo"),))
    newer = version_of(dealer)
    # the answer to the next refresh is held back until now: the console of before bo's wager
    dealer.evaluate(
        """([html, version]) => {
            const real = window.fetch;
            window.fetch = (url, options) => {
                if (!String(url).endsWith("/console")) return real(url, options);
                window.lateServed = true;
                return Promise.resolve(new Response(html, {headers: {"X-Table-Version": version}}));
            };
        }""",
        [old.text(), old_version],
    )
    dealer.focus("form[data-command=dealer-wager] input[name=seat]")
    dealer.keyboard.type("3")
    dealer.keyboard.press("Tab")
    dealer.keyboard.type("600")  # over the table's maximum (-09.1): refused, then refreshed
    dealer.keyboard.press("Tab")
    dealer.keyboard.type("cy")
    dealer.keyboard.press("Enter")
    sync_api.expect(dealer.locator("#refusal")).to_contain_text("99-01.3-08-09.1")
    dealer.wait_for_function("window.lateServed === true")
    dealer.wait_for_timeout(300)  # the late answer read and judged
    assert version_of(dealer) == newer
    sync_api.expect(dealer.locator("#seats")).to_contain_text("bo")
    assert people.errors == []


def test_99_01_3_08_10_1_a_the_next_card_typed_before_the_last_ones_answer_is_kept(
    served: tuple[str, Demo], browser: Any
) -> None:
    """A keyed card's update often reaches the console before the answer to its own request:
    the dealer then types the next card into the field. The field is cleared when a card is
    sent, not when its answer comes, which would wipe the next card half typed (and its Enter
    then send nothing). The answer is held here until the next card is typed."""
    people, dealer, _watcher = physical_table(browser, served, "bj-next", "twentyone", RULES)
    key_wagers(dealer, (("2", "10", "ann"),))
    deal_by_key(dealer)
    dealer.evaluate(
        """() => {
            const real = window.fetch;
            window.fetch = (url, options) => {
                const answer = real(url, options);  // the server has it at once
                if (!String(url).endsWith("/key")) return answer;
                return new Promise((done) => {
                    window.release = () => { done(answer); window.released = true; };
                });
            };
        }"""
    )
    sync_api.expect(dealer.locator("#key-input")).to_be_focused()
    before = version_of(dealer)
    dealer.keyboard.type("8h")
    dealer.keyboard.press("Enter")
    moved_on(dealer, before)  # the update came; the answer is held
    dealer.keyboard.type("5c")  # the next card, typed at once
    dealer.evaluate("window.release()")
    dealer.wait_for_function("window.released === true")
    dealer.wait_for_timeout(300)  # the answer read and acted on
    sync_api.expect(dealer.locator("#key-input")).to_have_value("5c")
    before = version_of(dealer)
    dealer.keyboard.press("Enter")
    moved_on(dealer, before)
    assert people.errors == []
