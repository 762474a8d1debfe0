"""The console at a physical table (issue 27), through the server as a dealer uses it: wagers
keyed by seat (the players have no accounts), each card keyed as it leaves the shoe, each
player's signal keyed as a decision, the console telling the dealer what is due and what to pay,
and the round exported as its dispute record.

The round below is worked by hand from 99-01.3-08 (hole-card-no-peek, six decks, the dealer
stands on all 17s; rules file ``twentyone-hole-card-no-peek-6deck-s17.toml``):

- wagers: ann $10 on space 2, a player without a name $25 on space 4;
- deal (-10.1.a: first card to each space from the dealer's left, the dealer's up card, second
  card to each space, the hole card): Th to space 2, 9s to space 4, 6c up, 8d to space 2 (18),
  2h to space 4 (11), Td in the hole;
- space 2 stands on 18; space 4 doubles down on 11 (-09.2.d) and gets Kh: 21;
- the dealer turns the hole card, 6 + 10 = 16, and must hit (-11.10.f): 7s makes 23, a bust
  (-11.10.h): every hand still in play wins 1:1 (-11.12).
- so ann wins $10 and space 4 wins $25 on the original wager and $25 on the double: $50; the
  house pays $60. In North Dakota's chips (-03.1: $0.50, $1, $2, $5, $25, $100) that is
  "2 x $5" for ann and "2 x $25" for space 4.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from croupier.service.games.replay import replay_text

from .conftest import Demo

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
TABLE = "bj-phys"
DEAL = ["Th", "9s", "6c", "8d", "2h", "Td"]


def _post(client: TestClient, csrf: str, path: str, body: dict[str, Any] | None = None) -> Any:
    return client.post(path, json=body or {}, headers={"X-CSRF-Token": csrf})


def _choose(client: TestClient, csrf: str, word: str) -> None:
    view = client.get(f"/api/tables/{TABLE}").json()
    labels = [o["label"] for o in view["options"] if o["kind"] == "action"]
    index = next(o["index"] for o in view["options"] if word in o["label"].split())
    r = _post(
        client, csrf, f"/api/tables/{TABLE}/choose", {"option": index, "version": view["version"]}
    )
    assert r.status_code == 200, (r.text, labels)


def _key(client: TestClient, csrf: str, card: str) -> None:
    version = client.get(f"/api/tables/{TABLE}").json()["version"]
    r = _post(client, csrf, f"/api/tables/{TABLE}/key", {"outcome": card, "version": version})
    assert r.status_code == 200, (card, r.text)


def _console(client: TestClient) -> str:
    r = client.get(f"/tables/{TABLE}/console")
    assert r.status_code == 200, r.text
    return r.text


def _open(demo: Demo) -> tuple[TestClient, str]:
    dealer, csrf = demo.page_client("d1")
    r = _post(
        dealer,
        csrf,
        "/api/tables",
        {"table": TABLE, "game": "twentyone", "rules": RULES, "mode": "physical"},
    )
    assert r.status_code == 201, r.text
    for seat, amount, player in ((2, "10", "ann"), (4, "$25", None)):
        body = {"seat": seat, "amount": amount, "player": player}
        r = _post(dealer, csrf, f"/api/tables/{TABLE}/dealer-wager", body)
        assert r.status_code == 200, r.text
    return dealer, csrf


def test_99_01_3_08_10_1_a_a_physical_round_keyed_card_by_card_pays_what_the_rules_say(
    demo: Demo,
) -> None:
    dealer, csrf = _open(demo)
    page = dealer.get(f"/tables/{TABLE}").text
    assert "physical table" in page
    assert "<pre" not in page
    assert _post(dealer, csrf, f"/api/tables/{TABLE}/deal").status_code == 200
    console = _console(dealer)
    assert 'data-key-wanted="card"' in console
    assert "Key the card for space 2" in console
    for card in DEAL:
        _key(dealer, csrf, card)
    console = _console(dealer)
    assert "Space 2 to act" in console
    assert 'data-turn="space 2"' in console
    assert console.count('class="place to-act') == 1
    _choose(dealer, csrf, "stand")
    assert "Space 4 to act" in _console(dealer)
    _choose(dealer, csrf, "double")
    assert "Key the card for space 4" in _console(dealer)
    _key(dealer, csrf, "Kh")
    _key(dealer, csrf, "7s")  # the dealer's hit card after the hole card is turned
    console = _console(dealer)
    assert "The round is over" in console
    assert "pay ann: $10.00 = 2 x $5" in console
    assert "pay seat 4: $50.00 = 2 x $25" in console
    assert _post(dealer, csrf, f"/api/tables/{TABLE}/settle").status_code == 200
    assert "Round 1 paid" in _console(dealer)

    # the dispute record: every card, what was paid, and the engine agrees on replay
    auditor, _ = demo.page_client("au")
    r = auditor.get(f"/api/tables/{TABLE}/rounds/1")
    assert r.status_code == 200, r.text
    assert "attachment" in r.headers["content-disposition"]
    data = r.json()
    assert data["shoe"][: len(DEAL) + 2] == [*DEAL, "Kh", "7s"]
    paid = {k: v for k, v in data["expect"]["parties"].items() if v}  # a party at 0 may be named
    assert paid == {"player:ann": 1000, "player:seat 4": 5000, "house": -6000}
    report = replay_text(json.dumps(data), "exported", check=True)
    assert report.ok, report.differences
    rounds = auditor.get(f"/tables/{TABLE}/rounds").text
    assert f"/tables/{TABLE}/rounds/1?step=0" in rounds
    step = auditor.get(f"/tables/{TABLE}/rounds/1?step=2").text
    assert "Step 2 of" in step
    assert "agrees with what was paid" in step


def test_99_01_3_08_02_3_a_keyed_card_that_cannot_be_is_refused_and_changes_nothing(
    demo: Demo,
) -> None:
    dealer, csrf = _open(demo)
    assert _post(dealer, csrf, f"/api/tables/{TABLE}/deal").status_code == 200
    before = dealer.get(f"/api/tables/{TABLE}").json()["version"]
    r = _post(dealer, csrf, f"/api/tables/{TABLE}/key", {"outcome": "Zz", "version": before})
    assert r.status_code in (403, 422), r.text
    assert dealer.get(f"/api/tables/{TABLE}").json()["version"] == before
    # a key sent again after a lost answer (the version it was keyed at) is not recorded twice
    _key(dealer, csrf, "Th")
    keyed = dealer.get(f"/api/tables/{TABLE}").json()["version"]
    r = _post(dealer, csrf, f"/api/tables/{TABLE}/key", {"outcome": "Th", "version": before})
    assert r.status_code == 409, r.text
    assert dealer.get(f"/api/tables/{TABLE}").json()["version"] == keyed
    assert "Key the card for space 4" in _console(dealer)


def test_a_physical_table_takes_no_wager_from_a_player_page_and_a_virtual_one_no_dealer_wager(
    demo: Demo,
) -> None:
    dealer, csrf = _open(demo)
    r = _post(
        dealer, csrf, "/api/tables", {"table": "bj-virt", "game": "twentyone", "rules": RULES}
    )
    assert r.status_code == 201
    r = _post(dealer, csrf, "/api/tables/bj-virt/dealer-wager", {"seat": 1, "amount": "5"})
    assert r.status_code == 422
    assert "virtual" in r.json()["detail"]
    # a wager over the table's maximum is refused when keyed, citing -09.1; nobody is seated
    r = _post(dealer, csrf, f"/api/tables/{TABLE}/dealer-wager", {"seat": 6, "amount": "600"})
    assert r.status_code == 403, r.text
    assert r.json()["section"] == "99-01.3-08-09.1"
    assert "6" not in dealer.get(f"/api/tables/{TABLE}").json()["seats"]
