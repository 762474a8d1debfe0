"""A dealer runs a physical North Dakota poker table from the console with the keyboard only
(issue 27), and a gaming manager's surveillance page follows every step: the chips each player
brings keyed by seat (players have no account at a physical table), each player's half-hour fee
collected before the deal, every hole card and burn card keyed ``down`` (nobody sees it), the
board keyed card by card, each seat's decision taken with its number key (a bet or a raise as an
entry: its amount typed in dollars), and at the showdown each hand keyed as it is turned. Both
hands export as round files that the engine agrees with; the hand won without a showdown names
every hole card as never seen.

Worked by hand from 99-01.3-09 and ``poker-holdem.toml`` (nontournament limit Texas hold'em,
blinds $0.25 and $0.50, a single bet at most $1.00, at most three raises of at most $1.00 each,
each at least the original bet of the round, one burn card before each deal of more cards, a
$2.00 fee a player for each half hour collected in advance):

Hand 1: ann brings $20.00 to seat 1, bo $1.50 to seat 4, cy $30.00 to seat 7, and each pays the
$2.00 fee first (-03.3: in advance; the deal is refused until then). The button starts at seat 1
(a set position, -04.8); the small blind is the first player to its left, bo, $0.25, the big
blind the next, cy, $0.50 (-02.6).

- the deal (-04.7, -05.5.a): one card at a time from the left of the button, the button last:
  seats 4, 7, 1, 4, 7, 1, each keyed ``down``;
- before the flop (-04.10: the player left of the big blind opens): ann calls $0.50; bo raises
  to $1.50, all his chips (a $1.00 raise: at most $1, -01, at least the original $0.50 bet,
  -06.1.f; the first of three); cy calls $1.50; ann calls. Each has put in $1.50: the main pot is
  3 x $1.50 = $4.50, and it is all bo can win (-05.7);
- a burn card, then the flop 2h 3h 4h (-05.5.b). The first active player left of the button
  opens (-04.10): bo is all in, so cy checks. ann bets $2.00: refused, the most a single bet may
  be is $1.00 (-01); ann bets $1.00 and cy calls: a side pot of 2 x $1.00 = $2.00 between ann and
  cy (-05.7);
- a burn card, the turn 9s, checked by cy and ann; a burn card, the river 10c, checked;
- the showdown (-04.23): the river was checked, so cy, who acted first, shows first (c), then
  clockwise ann (d), bo last (e: the side pot's players before the player all in for the main
  pot only). Every hand must be shown (-04.24): cy Qs Qd, ann Ks Kd, bo As Ad. With the board
  2h 3h 4h 9s 10c nobody has a flush (three hearts), a straight (no five, no jack) or more than
  one pair: aces beat kings beat queens (-04.1.i, -04.25);
- the pots (-05.7: the player all in holds the high hand and wins the main pot; the second
  highest hand wins the side pot): bo $4.50, ann $2.00;
- nets: bo +$4.50 - $1.50 = +$3.00; ann +$2.00 - $2.50 = -$0.50; cy -$2.50; the house takes
  nothing from the pot (the fee is charged apart, -03.3): 0. The chips then: ann $19.50,
  bo $4.50, cy $27.50, carried to the next hand;
- the shoe: six hole cards (places 0-5), burn (6), flop (7-9), burn (10), turn (11), burn (12),
  river (13). Every hole card is turned at the showdown; the three burn cards, at places 6, 10
  and 12, are never seen.

Hand 2: the button moves one seat to the left, to seat 4; cy posts the small blind $0.25, ann the
big blind $0.50. The deal goes to seats 7, 1, 4, 7, 1, 4, each keyed ``down``; bo (left of the
big blind) folds, cy folds: nobody matches ann's bet, she wins the $0.75 pot without a showdown
(-01): ann +$0.25, cy -$0.25, bo 0. No flop is dealt, so no card is burned; the six hole cards,
places 0-5 of the shoe, are never seen.
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
REFUSED = "!"
"""A decision marked so is refused by the rules (its section cited) and changes nothing."""

HAND_1 = (
    ("seat 1", "call"),
    ("seat 4", "raise:1.50"),
    ("seat 7", "call"),
    ("seat 1", "call"),
    ("seat 7", "check"),
    ("seat 1", "bet:2" + REFUSED),
    ("seat 1", "bet:1"),
    ("seat 7", "call"),
    ("seat 7", "check"),
    ("seat 1", "check"),
    ("seat 7", "check"),
    ("seat 1", "check"),
    ("seat 7", "show"),
    ("seat 1", "show"),
    ("seat 4", "show"),
)
"""Each turn as the rules give it (the prompt's ``data-turn``) and the seat's decision:
``raise:1.50`` is the raise entry with its amount (the total the seat's bet comes to)."""
BOARD_1 = ["2h", "3h", "4h", "9s", "10c"]
SHOWN = {"seat 1": "Ks Kd", "seat 4": "As Ad", "seat 7": "Qs Qd"}
DOWN_1 = ["seat 4", "seat 7", "seat 1"] * 2 + ["burn"] * 3
"""Each card keyed ``down``, in order: the hole cards from the left of the button, then a burn
card before the flop, the turn and the river."""

HAND_2 = (("seat 4", "fold"), ("seat 7", "fold"))
DOWN_2 = ["seat 7", "seat 1", "seat 4"] * 2


def _take(dealer: Any, word: str) -> None:
    """The decision ``word`` by its number key: an option's label names it (``call``: ``seat 1
    call``), or it is an entry (``bet:1``: the entry ``bet (seat 1)``, its amount typed in
    dollars, Enter)."""
    dealer.keyboard.press("Escape")  # out of any field, where a digit would be typed
    name, _, amount = word.partition(":")
    if amount:
        form = dealer.locator("#options form.entry", has_text=re.compile(rf"\b{name}\b")).first
        dealer.keyboard.press(form.get_attribute("data-key") or "?")
        sync_api.expect(form.locator("input[name=amount]")).to_be_focused()
        dealer.keyboard.type(amount)
        dealer.keyboard.press("Enter")
    else:
        button = dealer.locator("#options button", has_text=re.compile(rf"\b{name}\b")).first
        dealer.keyboard.press(button.get_attribute("data-key") or "?")


def _hole_cards(page: Any) -> tuple[int, int]:
    """(face down, face up): the cards in front of the seats as the page shows them."""
    return (
        page.locator("#console .place .card.down").count(),
        page.locator("#console .place .card:not(.down)").count(),
    )


def _hand(
    dealer: Any, watcher: Any, plan: tuple[tuple[str, str], ...], board: list[str], limit: int = 80
) -> list[str]:
    """One hand keyed with the keyboard to its end, the watcher following each step: a card to
    deal face down keyed ``down``, a board card as it comes, a hand shown keyed as the console
    asks for it to be turned, each turn as ``plan`` has it. Returns what was keyed ``down``
    (``seat 4`` for a hole card, ``burn``), in order."""
    steps = list(plan)
    downs: list[str] = []
    showing = ""
    for _ in range(limit):
        prompt = dealer.locator("#prompt")
        text = prompt.text_content() or ""
        if text.startswith(("The round is over", "The hand is over")):
            assert steps == [], f"the hand ended before {steps}"
            assert board == [], f"the hand ended before the board {board}"
            return downs
        before = version_of(dealer)
        if prompt.get_attribute("data-key-wanted"):
            sync_api.expect(dealer.locator("#key-input")).to_be_focused()
            if text.startswith("Deal "):  # a hole or a burn card: nobody looks at it
                assert dealer.is_visible("#options button:has-text('Dealt face down, unseen')")
                where = re.match(r"Deal the (?:card for (seat \d+)|(burn) card) face down", text)
                assert where is not None, text
                downs.append(where.group(1) or where.group(2))
                dealer.keyboard.type("down")
            elif text.startswith("Turn the face-down card and key it:"):  # a hand shown
                assert re.findall(r"seat \d+", text) == [showing, showing], text
                assert dealer.is_visible("#options button:has-text('Withdraw')")
                # held: the watcher sees the hand still face down until its cards are keyed
                sync_api.expect(watcher.locator("#prompt")).to_have_attribute(
                    "data-version", before
                )
                place = watcher.locator(f"#console .place[data-place='{showing.split()[1]}']")
                assert place.locator(".card.down").count() == 2
                dealer.keyboard.type(SHOWN[showing])
            else:
                assert text.startswith("Key the board card"), text
                dealer.keyboard.type(board.pop(0))
            dealer.keyboard.press("Enter")
        else:
            turn, word = steps.pop(0)
            assert prompt.get_attribute("data-turn") == turn, (turn, text)
            if word == "show" and not showing:  # the showdown: no hole card seen until now
                for page in (dealer, watcher):
                    assert _hole_cards(page) == (6, 0)
            if word.endswith(REFUSED):
                _take(dealer, word.removesuffix(REFUSED))
                sync_api.expect(dealer.locator("#refusal")).to_contain_text("99-01.3-09-01")
                assert version_of(dealer) == before
                continue
            if word == "show":
                showing = turn
            _take(dealer, word)
        moved_on(dealer, before)
        sync_api.expect(watcher.locator("#prompt")).to_have_attribute(
            "data-version", version_of(dealer)
        )
    raise AssertionError("the hand did not end")


def _settle(dealer: Any, watcher: Any) -> None:
    before = version_of(dealer)
    dealer.keyboard.press("Escape")
    dealer.keyboard.press("s")
    moved_on(dealer, before)
    sync_api.expect(dealer.locator("#prompt")).to_contain_text("No round in play")
    sync_api.expect(watcher.locator("#prompt")).to_have_attribute(
        "data-version", version_of(dealer)
    )


def _stacks(page: Any) -> dict[str, str]:
    """Each seat's chips as the seats table shows them (``{"1": "$19.50"}``)."""
    rows = page.locator("#seats tr").all()[1:]
    return {r.locator("td").nth(0).inner_text(): r.locator("td").nth(2).inner_text() for r in rows}


def test_99_01_3_09_04_24_a_dealer_keys_a_poker_showdown_with_a_side_pot_by_keyboard_only(
    served: tuple[str, Demo], browser: Any
) -> None:
    base, _demo = served
    people, dealer, watcher = physical_table(browser, served, TABLE, "poker", RULES)
    key_wagers(dealer, (("1", "20", "ann"), ("4", "1.50", "bo"), ("7", "30", "cy")))

    # the fee in advance (-03.3): the deal is refused until each seat has paid it
    sync_api.expect(dealer.locator("#prompt")).to_contain_text("Collect the half-hour fee")
    before = version_of(dealer)
    dealer.keyboard.press("d")
    sync_api.expect(dealer.locator("#refusal")).to_contain_text("99-01.3-09-03.3")
    assert version_of(dealer) == before
    for seat in ("1", "4", "7"):
        before = version_of(dealer)
        _take(dealer, f"seat {seat}")  # "Collect the half-hour fee: seat N ($2.00)"
        moved_on(dealer, before)
    deal_by_key(dealer)

    # hand 1: a showdown with a side pot
    board = list(BOARD_1)
    assert _hand(dealer, watcher, HAND_1, board) == DOWN_1
    payouts = dealer.locator("#payouts")
    sync_api.expect(payouts).to_contain_text("pay bo: $3.00")
    sync_api.expect(payouts).to_contain_text("collect from ann: $0.50")
    sync_api.expect(payouts).to_contain_text("collect from cy: $2.50")
    sync_api.expect(watcher.locator("#payouts")).to_contain_text("pay bo: $3.00")
    for page in (dealer, watcher):  # every hand shown, on both pages
        for seat, cards in SHOWN.items():
            place = page.locator(f"#console .place[data-place='{seat.split()[1]}'] .card")
            shown = [place.nth(k).get_attribute("aria-label") for k in range(place.count())]
            assert shown == cards.split(), (seat, shown)
    # -04.26: at a physical table the chips are in the pots already: each pot is pushed to
    # its winner, named with its amount (the main pot $4.50 to bo, the side pot $2.00 to ann)
    facts = dealer.locator("#console .facts")
    sync_api.expect(facts).to_contain_text("main pot $4.50")
    sync_api.expect(facts).to_contain_text("push to seat 4 bo $4.50")
    sync_api.expect(facts).to_contain_text("side pot 1 $2.00")
    sync_api.expect(facts).to_contain_text("push to seat 1 ann $2.00")
    shot(dealer, "console-poker-dealer.png")
    assert axe_violations(dealer) == []
    assert axe_violations(watcher) == []
    _settle(dealer, watcher)
    assert _stacks(dealer) == {"1": "$19.50", "4": "$4.50", "7": "$27.50"}

    # hand 2: won without a showdown; the half hour's fee is paid already
    deal_by_key(dealer)
    assert _hand(dealer, watcher, HAND_2, []) == DOWN_2
    for page in (dealer, watcher):
        assert _hole_cards(page) == (6, 0)  # never seen, by anyone
    sync_api.expect(dealer.locator("#payouts")).to_contain_text("pay ann: $0.25")
    sync_api.expect(dealer.locator("#payouts")).to_contain_text("collect from cy: $0.25")
    _settle(dealer, watcher)
    assert _stacks(dealer) == {"1": "$19.75", "4": "$4.50", "7": "$27.25"}

    # the dispute records: each hand replays to what was paid
    first = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/1").json()
    assert first["expect"]["parties"] == {
        "house": 0,
        "player:ann": -50,
        "player:bo": 300,
        "player:cy": -250,
    }
    shoe = first["shoe"]
    assert len(shoe) == 14
    assert shoe[:6] == ["As", "Qs", "Ks", "Ad", "Qd", "Kd"]  # seats 4, 7, 1, twice
    assert [shoe[7], shoe[8], shoe[9], shoe[11], shoe[13]] == ["2h", "3h", "4h", "9s", "Tc"]
    assert first["format"] == "croupier.round/2"
    assert first["unseen"] == [6, 10, 12]  # the burn cards
    assert replay_text(json.dumps(first), "hand 1", check=True).ok
    second = watcher.request.get(f"{base}/api/tables/{TABLE}/rounds/2").json()
    assert second["expect"]["parties"] == {
        "house": 0,
        "player:ann": 25,
        "player:bo": 0,
        "player:cy": -25,
    }
    assert len(second["shoe"]) == 6
    assert second["format"] == "croupier.round/2"
    assert second["unseen"] == [0, 1, 2, 3, 4, 5]  # every hole card, never seen
    assert replay_text(json.dumps(second), "hand 2", check=True).ok
    assert people.errors == []


def test_99_01_3_09_03_3_the_dealer_empties_the_seat_of_a_player_who_left(
    served: tuple[str, Demo], browser: Any
) -> None:
    """Found by an audit: at a physical table nobody could empty a seat. The dealer keys the
    seat of the player who left in the seating controls, confirms, and the seat is empty on the
    console and on the watching surveillance page; axe-core finds nothing serious."""
    people, dealer, watcher = physical_table(browser, served, "pk-leave", "poker", RULES)
    key_wagers(dealer, (("1", "20", "ann"), ("4", "10", "bo")))
    dealer.once("dialog", lambda d: d.accept())
    before = version_of(dealer)
    dealer.fill("form[data-command=dealer-unseat] input[name=seat]", "4")
    dealer.click("form[data-command=dealer-unseat] button[type=submit]")
    moved_on(dealer, before)
    sync_api.expect(dealer.locator("#seats")).not_to_contain_text("bo")
    sync_api.expect(dealer.locator("#seats")).to_contain_text("ann")
    sync_api.expect(watcher.locator("#seats")).not_to_contain_text("bo")
    assert axe_violations(dealer) == []
    assert people.errors == []
