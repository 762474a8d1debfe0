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
from datetime import timedelta
from typing import Any

from croupier.service.games.replay import replay_text

from .browsing import (
    axe_violations,
    browser,
    deal_by_key,
    moved_on,
    open_physical,
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


def test_99_01_3_11_05_5_a_spin_keyed_wrongly_is_corrected_from_the_console_before_settling(
    served: tuple[str, Demo], browser: Any
) -> None:
    """The wheel stops at red 19 and the operator keys 17/5. ann has 3 chips on red 17 and 2 on
    red 19 (38 to 1): as keyed she is paid $114 and loses $2 (+$112.00). Before the round is
    settled the console offers **Correct the spin just keyed (17/5)**; the section typed, 19,
    replaces it (the revolutions keyed stay): she is paid $76 and loses $3 (+$73.00). Once
    settled, the correction is no longer offered (-05.5: the winners were paid on it), and the
    round exports with the spin corrected and replays to what was paid."""
    base, _demo = served
    people, operator, watcher = physical_table(
        browser, served, "pw-fix", "paddlewheel", RULES, runner="w1"
    )
    deal_by_key(operator)
    _entry(operator, "join (seat 1)", "ann")
    _entry(operator, "buy chips (seat 1)", "20")
    _entry(operator, "place bet (seat 1)", "red 17", "3")
    _entry(operator, "place bet (seat 1)", "red 19", "2")
    before = version_of(operator)
    close = operator.locator("#options button", has_text="close bets").first
    operator.keyboard.press(close.get_attribute("data-key") or "?")
    moved_on(operator, before)
    correction = operator.locator("#options form.entry", has_text="Correct the spin just keyed")
    sync_api.expect(correction).to_have_count(0)  # nothing keyed yet
    _key_spin(operator, "17")
    sync_api.expect(operator.locator("#prompt")).to_contain_text("The round is over")
    sync_api.expect(operator.locator("#payouts")).to_contain_text("pay ann: $112.00")
    sync_api.expect(correction).to_contain_text("Correct the spin just keyed (17/5)")
    sync_api.expect(correction.locator("label")).to_contain_text("section")
    sync_api.expect(operator.locator("#key-form")).to_be_hidden()
    operator.keyboard.press("Escape")  # out of the key field, where a digit would be typed
    _entry(operator, "Correct the spin just keyed (17/5)", "19")
    sync_api.expect(operator.locator("#console .facts")).to_contain_text("red wins 19")
    sync_api.expect(watcher.locator("#console .facts")).to_contain_text("red wins 19")
    sync_api.expect(operator.locator("#payouts")).to_contain_text("pay ann: $73.00")
    sync_api.expect(correction).to_contain_text("Correct the spin just keyed (19/5)")
    assert axe_violations(operator) == []
    before = version_of(operator)
    operator.keyboard.press("s")
    moved_on(operator, before)
    sync_api.expect(correction).to_have_count(0)
    data = watcher.request.get(f"{base}/api/tables/pw-fix/rounds/1").json()
    assert data["expect"]["parties"]["player:ann"] == 7_300
    assert replay_text(json.dumps(data), "exported", check=True).ok
    assert people.errors == []


TICKET_RULES = "paddlewheel-ticket-card.toml"
CARD_TABLE = "pw-cards"


def _key_spin(operator: Any, section: str) -> None:
    before = version_of(operator)
    sync_api.expect(operator.locator("#prompt")).to_contain_text("Key the spin")
    sync_api.expect(operator.locator("#key-input")).to_be_focused()
    operator.keyboard.type(f"{section}/5")
    operator.keyboard.press("Enter")
    moved_on(operator, before)


def _time_passes(demo: Demo, pages: tuple[Any, ...], minutes: int) -> None:
    """``minutes`` pass on the server's clock while the operator and the watcher stay at their
    consoles (each page asked for again every quarter hour: a session idle for 30 minutes ends)."""
    left = minutes
    while left > 0:
        step = min(15, left)
        demo.clock.advance(timedelta(minutes=step))
        left -= step
        for page in pages:
            page.reload()
            page.wait_for_selector("#live:text('live')")


def _take(operator: Any, label: str) -> None:
    button = operator.locator("#options button", has_text=label).first
    # while the key field shows (a spin wanted), a digit is typed into it: wait until the
    # console has followed the prompt that wants no key (after a refusal it is fetched again)
    sync_api.expect(operator.locator("#prompt")).to_have_attribute("data-key-wanted", "")
    sync_api.expect(operator.locator("#key-form")).to_be_hidden()
    operator.keyboard.press("Escape")  # out of the key field, where a digit would be typed
    operator.keyboard.press(button.get_attribute("data-key") or "?")


def test_99_01_3_11_02_6_a_ticket_card_claimed_in_time_and_late_with_the_keyboard_only(
    served: tuple[str, Demo], browser: Any
) -> None:
    """The ticket-card method (-02) from the console, worked by hand from
    ``paddlewheel-ticket-card.toml`` (20 tickets at $2.00, ticket n holds n, n + 20, n + 40;
    prize 1 $15.00, prize 2 a blanket at a $20.00 retail price; claims within 30 minutes):
    ann buys tickets 1-10 and bo 11-20 (each $20.00, the most a spin allows, -02.6.a); the wheel
    stops at 17: bo's ticket 17 wins prize 1, claimed 10 minutes later; it stops at 41: ann's
    ticket 1 wins prize 2, but 45 minutes pass and her claim is refused (-02.6.d); the prize is
    declared unclaimed and spun again (-02.6.e): 22, ann's ticket 2, claimed at once. ann nets
    $0.00, bo -$5.00, the house +$5.00. The server's clock measures the minutes."""
    base, demo = served
    people, operator, watcher = physical_table(
        browser, served, CARD_TABLE, "paddlewheel", TICKET_RULES, runner="w1"
    )
    deal_by_key(operator)
    sync_api.expect(operator.locator("#prompt")).to_contain_text("Sell the card's tickets")
    for ticket in range(1, 21):
        _entry(operator, "sell ticket", str(ticket), "ann" if ticket <= 10 else "bo")
    sync_api.expect(operator.locator("#console .facts")).to_contain_text("20 of 20")
    _key_spin(operator, "17")
    sync_api.expect(watcher.locator("#console .facts")).to_contain_text("winning ticket 17 (bo)")
    _time_passes(demo, (operator, watcher), 10)
    before = version_of(operator)
    _take(operator, "claim prize")
    moved_on(operator, before)
    _key_spin(operator, "41")
    _time_passes(demo, (operator, watcher), 45)
    before = version_of(operator)
    _take(operator, "claim prize")
    sync_api.expect(operator.locator("#refusal")).to_contain_text("99-01.3-11-02.6.d")
    assert version_of(operator) == before
    _take(operator, "prize unclaimed")
    moved_on(operator, before)
    _key_spin(operator, "22")
    before = version_of(operator)
    _take(operator, "claim prize")
    moved_on(operator, before)
    sync_api.expect(operator.locator("#console .facts")).to_contain_text("stadium blanket")
    sync_api.expect(watcher.locator("#console .facts")).to_contain_text("prize 2")
    shot(operator, "console-paddlewheel-tickets.png")
    assert axe_violations(operator) == []
    assert axe_violations(watcher) == []
    before = version_of(operator)
    operator.keyboard.press("s")
    moved_on(operator, before)
    data = watcher.request.get(f"{base}/api/tables/{CARD_TABLE}/rounds/1").json()
    assert data["expect"]["parties"] == {"house": 500, "player:ann": 0, "player:bo": -500}
    assert replay_text(json.dumps(data), "exported", check=True).ok
    assert people.errors == []


def test_99_01_3_11_05_2_an_entry_refused_and_typed_again_survives_the_refreshed_console(
    served: tuple[str, Demo], browser: Any
) -> None:
    """A bet over what the player holds is refused; the page then asks for the console as it
    is. That answer (of the version shown: nothing changed) must not replace the console while
    the operator is typing the bet again: the field and its Enter would vanish and the bet
    never be placed (the poker console lost a keyed bet this way under load). The answer is
    held here until the operator has typed the new bet, then let through before Enter."""
    people, operator, _watcher = physical_table(
        browser, served, "pw-again", "paddlewheel", RULES, runner="w1"
    )
    deal_by_key(operator)
    _entry(operator, "join (seat 1)", "ann")
    _entry(operator, "buy chips (seat 1)", "20")
    operator.evaluate(
        """() => {
            const real = window.fetch;
            window.fetch = (url, options) => {
                if (!String(url).endsWith("/console")) return real(url, options);
                return new Promise((done) => {
                    window.release = () => { done(real(url, options)); window.lateServed = true; };
                });
            };
        }"""
    )
    shown = version_of(operator)
    bet = operator.locator("#options form.entry", has_text="place bet (seat 1)").first
    key = bet.get_attribute("data-key") or "?"
    operator.keyboard.press(key)
    operator.keyboard.type("odd")
    operator.keyboard.press("Tab")
    operator.keyboard.type("25")  # she holds 20 chips
    operator.keyboard.press("Enter")
    sync_api.expect(operator.locator("#refusal")).to_contain_text("99-01.3-11-05.2")
    operator.wait_for_function("typeof window.release === 'function'")
    assert version_of(operator) == shown
    operator.keyboard.press("Escape")
    operator.keyboard.press(key)  # the refused values are selected: typing replaces them
    operator.keyboard.type("odd")
    operator.keyboard.press("Tab")
    operator.keyboard.type("5")
    operator.evaluate("window.release()")
    operator.wait_for_function("window.lateServed === true")
    operator.wait_for_timeout(300)  # the answer read and judged
    amount = bet.locator("input[name=chips]")
    sync_api.expect(amount).to_be_focused()
    sync_api.expect(amount).to_have_value("5")
    operator.keyboard.press("Enter")
    moved_on(operator, shown)
    sync_api.expect(operator.locator("#console")).to_contain_text("odd $5.00")
    assert people.errors == []


def test_a_table_left_by_the_menu_takes_no_more_keys_and_a_table_linked_to_is_live(
    served: tuple[str, Demo], browser: Any
) -> None:
    """The menu's links swap the page in place (htmx), and a page swapped in runs no script of
    its own. Reached so from table A, table B's page showed B but kept A's keys: a number key
    pressed there took A's action (here: closing A's bets), and B's console never went live.
    A link to a table now loads it whole, and a table's keys and socket stop with its page."""
    base, _demo = served
    people, operator, _watcher = physical_table(
        browser, served, "pw-a", "paddlewheel", RULES, runner="w1"
    )
    open_physical(operator, base, "pw-b", "paddlewheel", RULES)
    operator.goto(f"{base}/tables/pw-a")
    operator.wait_for_selector("#live:text('live')")
    deal_by_key(operator)
    _entry(operator, "join (seat 1)", "ann")
    _entry(operator, "buy chips (seat 1)", "20")
    _entry(operator, "place bet (seat 1)", "odd", "5")
    close = operator.locator("#options button", has_text="close bets").first
    key = close.get_attribute("data-key") or "?"
    before = int(version_of(operator))
    operator.locator("nav a", has_text="Tables").click()  # swapped in place
    operator.wait_for_url(f"{base}/tables")
    operator.locator("a", has_text="pw-b").first.click()
    operator.wait_for_url(f"{base}/tables/pw-b")
    operator.wait_for_selector("#live:text('live')")  # B's own script runs: its console is live
    operator.locator("h1").click()  # out of any field: the keys go to the page
    operator.keyboard.press(key)  # A's "close bets", had A's keys still listened
    operator.wait_for_timeout(500)
    assert operator.request.get(f"{base}/api/tables/pw-a").json()["version"] == before
    assert people.errors == []


def test_an_entry_half_typed_survives_the_socket_reconnecting(
    served: tuple[str, Demo], browser: Any
) -> None:
    """A tablet's network drops for a moment while the operator types a player's name. The
    socket reconnects and first sends the console as it is, the version the page shows: it is
    not swapped in over the entry being typed (the name and the focus would be lost, and the
    next letters taken as the console's keys)."""
    people, operator, _watcher = physical_table(
        browser, served, "pw-drop", "paddlewheel", RULES, runner="w1"
    )
    deal_by_key(operator)
    # the page's sockets kept where the test can drop them, as a network would
    operator.add_init_script(
        """(() => {
            const Real = window.WebSocket;
            window.sockets = [];
            window.WebSocket = function (url, protocols) {
                const ws = new Real(url, protocols);
                window.sockets.push(ws);
                return ws;
            };
            window.WebSocket.prototype = Real.prototype;
        })()"""
    )
    operator.reload()
    operator.wait_for_selector("#live:text('live')")
    join = operator.locator("#options form.entry", has_text="join (seat 1)").first
    operator.keyboard.press(join.get_attribute("data-key") or "?")
    operator.keyboard.type("an")
    operator.evaluate("window.sockets.forEach((ws) => ws.close())")
    sync_api.expect(operator.locator("#live")).to_contain_text("connection lost")
    sync_api.expect(operator.locator("#live")).to_have_text("live")  # reconnected
    operator.wait_for_timeout(300)  # the first message read and judged
    name = operator.locator("#options form.entry", has_text="join (seat 1)").first.locator("input")
    sync_api.expect(name).to_be_focused()
    sync_api.expect(name).to_have_value("an")
    before = version_of(operator)
    operator.keyboard.type("n")
    operator.keyboard.press("Enter")
    moved_on(operator, before)
    sync_api.expect(operator.locator("#console")).to_contain_text("ann")
    assert people.errors == []


def test_an_entry_half_typed_is_carried_over_a_newer_console(
    served: tuple[str, Demo], browser: Any
) -> None:
    """An update comes while the operator types an amount (here: another device of the same
    operator seats a second player). The newer console still offers the same entry: what was
    typed, and the focus, carry over into it."""
    base, _demo = served
    people, operator, _watcher = physical_table(
        browser, served, "pw-carry", "paddlewheel", RULES, runner="w1"
    )
    deal_by_key(operator)
    _entry(operator, "join (seat 1)", "ann")
    buy = operator.locator("#options form.entry", has_text="buy chips (seat 1)").first
    operator.keyboard.press(buy.get_attribute("data-key") or "?")
    operator.keyboard.type("2")  # half of "20"
    before = version_of(operator)
    join = operator.locator("#options form.entry", has_text="join (seat 2)").first
    csrf = operator.locator("#table").get_attribute("data-csrf") or ""
    r = operator.request.post(
        f"{base}/api/tables/pw-carry/choose",
        data={
            "option": int(join.get_attribute("data-entry") or "-1"),
            "version": int(before),
            "values": {"player": "bo"},
        },
        headers={"X-CSRF-Token": csrf},
    )
    assert r.status == 200, r.text()
    moved_on(operator, before)  # the newer console, swapped in
    sync_api.expect(operator.locator("#console")).to_contain_text("bo")
    amount = operator.locator("#options form.entry", has_text="buy chips (seat 1)").first
    sync_api.expect(amount.locator("input")).to_be_focused()
    sync_api.expect(amount.locator("input")).to_have_value("2")
    before = version_of(operator)
    operator.keyboard.type("0")
    operator.keyboard.press("Enter")
    moved_on(operator, before)
    sync_api.expect(operator.locator("#console")).to_contain_text("20")
    assert people.errors == []
