"""What an audit of the keyed (physical) tables found (2026-11-29), through the API as the
consoles use it: each was wrong before."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from croupier.service.games.replay import replay_text

from .conftest import Demo

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
POKER = "poker-holdem.toml"


class _Table:
    def __init__(self, demo: Demo, table: str, game: str, rules: str) -> None:
        self.table = table
        self.client, self.csrf = demo.api_client("d1")
        made = self.post("/api/tables", {"table": table, "game": game, "rules": rules,
                                         "mode": "physical"})  # fmt: skip
        assert made.status_code == 201, made.text

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return self.client.post(path, json=body or {}, headers={"X-CSRF-Token": self.csrf})

    def at(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return self.post(f"/api/tables/{self.table}{path}", body)

    def view(self, client: TestClient | None = None) -> Any:
        return (client or self.client).get(f"/api/tables/{self.table}").json()


def test_99_01_3_08_10_1_a_a_hole_card_keyed_by_its_face_is_not_shown_in_the_correction(
    demo: Demo,
) -> None:
    # the dealer keys the face-down card by its face instead of "down": every view hides it,
    # and the option to correct it must not name it either, to the dealer or the pit boss
    t = _Table(demo, "hf", "twentyone", RULES)
    assert t.at("/dealer-wager", {"seat": 2, "amount": "10", "player": "ann"}).status_code == 200
    assert t.at("/deal").status_code == 200
    for card in ("Th", "6s", "4d", "Kc"):
        r = t.at("/key", {"outcome": card})
        assert r.status_code == 200, r.text
    pit_boss, _ = demo.api_client("pb")
    for client in (t.client, pit_boss):
        seen = t.view(client)
        assert "Kc" not in json.dumps(seen)
    labels = [o["label"] for o in t.view()["options"]]
    assert "Correct the card just keyed" in labels


def test_99_01_3_09_03_3_chips_bought_or_a_fee_sent_again_are_not_taken_twice(
    demo: Demo,
) -> None:
    # the console sends a command again when its answer is lost; with the version it showed,
    # the second is a conflict (409) and nothing is recorded twice (before: $40 of chips for
    # $20 bought, two fees for one half hour)
    t = _Table(demo, "pk", "poker", POKER)
    shown = t.view()["version"]
    body = {"seat": 1, "amount": "20", "player": "ann", "version": shown}
    assert t.at("/dealer-wager", body).status_code == 200
    after_first = t.view()
    again = t.at("/dealer-wager", body)
    assert again.status_code == 409, again.text
    assert t.view()["version"] == after_first["version"]
    assert json.dumps(t.view()["seats"]) == json.dumps(after_first["seats"])
    shown = after_first["version"]
    assert t.at("/fee", {"seat": 1, "version": shown}).status_code == 200
    after_fee = t.view()
    assert t.at("/fee", {"seat": 1, "version": shown}).status_code == 409
    assert t.view()["version"] == after_fee["version"]


def test_99_01_3_09_03_3_the_dealer_empties_the_seat_of_a_player_who_left(demo: Demo) -> None:
    # found by an audit: at a physical table nobody could empty a seat (the player has no
    # screen); a poker table then dealt no hand once the absent player's half hour was unpaid
    t = _Table(demo, "pk-left", "poker", POKER)
    for seat, name in ((1, "ann"), (2, "bo")):
        body = {"seat": seat, "amount": "20", "player": name}
        assert t.at("/dealer-wager", body).status_code == 200
    assert t.at("/dealer-unseat", {"seat": 2}).status_code == 200
    seats = json.dumps(t.view()["seats"])
    assert "bo" not in seats
    assert "ann" in seats
    # a player may not empty another's seat, and a virtual table's players leave themselves
    player, csrf = demo.api_client("player1")
    refused = player.post(
        "/api/tables/pk-left/dealer-unseat", json={"seat": 1}, headers={"X-CSRF-Token": csrf}
    )
    assert refused.status_code == 403


def test_99_01_3_08_12_11_an_unlawful_amount_the_dealer_accepted_is_paid_as_the_rule_says(
    demo: Demo,
) -> None:
    # found by an audit: the console had no way to record an amount the dealer accepted though
    # unlawful, so -12.11's remedy could not apply. $30 at a $25 table, marked unlawful: the
    # hand wins and is paid at the proper wager, $25, the $5 excess returned (-09.1, -12.11).
    t = _Table(demo, "bj-unlawful", "twentyone", RULES)
    plain = t.at("/dealer-wager", {"seat": 2, "amount": "30", "player": "ann"})
    assert plain.status_code == 403, plain.text  # over the maximum, not marked: refused
    marked = {"seat": 2, "amount": "30", "player": "ann", "unlawful": True}
    assert t.at("/dealer-wager", marked).status_code == 200
    assert t.at("/deal").status_code == 200
    for card in ("Th", "6s", "9d", "down"):
        r = t.at("/key", {"outcome": card})
        assert r.status_code == 200, r.text
    stand = next(o for o in t.view()["options"] if o["label"].lower().startswith("stand"))
    r = t.at("/choose", {"option": stand["index"], "version": t.view()["version"]})
    assert r.status_code == 200, r.text
    for card in ("7c",):  # the hole card turned: 6 + 7 = 13, then the dealer draws
        r = t.at("/key", {"outcome": card})
        assert r.status_code == 200, r.text
    r = t.at("/key", {"outcome": "Kd"})  # 13 + 10 = 23: the dealer busts
    assert r.status_code == 200, r.text
    settled = t.at("/settle")
    assert settled.status_code == 200, settled.text
    manager, _ = demo.api_client("gm")
    exported = manager.get("/api/tables/bj-unlawful/rounds/1")
    assert exported.status_code == 200, exported.text
    (wager,) = exported.json()["expect"]["wagers"]
    # the hand valued at the proper $25 wager and paid $25; the chips were $30 (-12.11)
    assert (wager["stake"], wager["result"], wager["net"]) == (2500, "win", 2500)
    seat = exported.json()["seats"][0]
    assert (seat["wager"], seat["unlawful"]) == (3000, True)
    # and the round file plays back to what was paid
    assert replay_text(exported.text, "exported", check=True).ok
