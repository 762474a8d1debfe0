"""Live tables over the web (issue 16): a dealer and two players play a twenty-one round to
settlement through the JSON API, choosing among the actions offered; updates arrive over the
WebSocket as each person may see them; who may do what is checked on the server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import DAY, Demo

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
TABLE = "bj-1"


def _post(client: TestClient, csrf: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """POST JSON with the session's CSRF token."""
    return client.post(path, json=body or {}, headers={"X-CSRF-Token": csrf})


def _socket(client: TestClient, path: str) -> Any:
    """A WebSocket with the client's session cookie (the test client's socket URL is ws://,
    to which a browser would not send a Secure cookie either; a browser uses wss://)."""
    token = client.cookies.get("croupier_session")
    return client.websocket_connect(path, headers={"cookie": f"croupier_session={token}"})


def _open_and_seat(demo: Demo) -> dict[str, tuple[TestClient, str]]:
    people = {name: demo.api_client(name) for name in ("d1", "player1", "player2")}
    dealer, dcsrf = people["d1"]
    r = _post(dealer, dcsrf, "/api/tables", {"table": TABLE, "game": "twentyone", "rules": RULES})
    assert r.status_code == 201, r.text
    for name, seat, amount in (("player1", 2, "10"), ("player2", 4, "$25")):
        client, csrf = people[name]
        assert _post(client, csrf, f"/api/tables/{TABLE}/seat", {"seat": seat}).status_code == 200
        r = _post(client, csrf, f"/api/tables/{TABLE}/wager", {"amount": amount})
        assert r.status_code == 200, r.text
    return people


def test_a_dealer_and_two_players_play_a_twenty_one_round_to_settlement(demo: Demo) -> None:
    people = _open_and_seat(demo)
    dealer, dcsrf = people["d1"]
    assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/deal").status_code == 200
    for _ in range(200):
        view = dealer.get(f"/api/tables/{TABLE}").json()
        pending = view["pending"]
        if pending is None or pending["kind"] == "none":
            break
        if pending["kind"] == "chance":
            assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/chance").status_code == 200
            continue
        if pending["kind"] == "dealer":
            client, csrf = dealer, dcsrf
        else:
            name = view["seats"][str(pending["seat"])]
            client, csrf = people[name]
            others = [p for p in people if p not in (name, "d1")]
            # the seat not to act is offered nothing
            for other in others:
                assert people[other][0].get(f"/api/tables/{TABLE}").json()["options"] == []
        mine = client.get(f"/api/tables/{TABLE}").json()
        assert mine["options"], mine
        labels = [o["label"] for o in mine["options"]]
        stand = next((o["index"] for o in mine["options"] if "stand" in o["label"].lower()), 0)
        r = _post(
            client,
            csrf,
            f"/api/tables/{TABLE}/choose",
            {"option": stand, "version": mine["version"]},
        )
        assert r.status_code == 200, (r.text, labels)
    else:
        raise AssertionError("the round did not finish")
    r = _post(dealer, dcsrf, f"/api/tables/{TABLE}/settle")
    assert r.status_code == 200, r.text
    settled = dealer.get(f"/api/tables/{TABLE}").json()["last_settlement"]
    cents = [round(float(v.replace("$", "").replace(",", "")) * 100) for v in settled.values()]
    assert sum(cents) == 0  # what the players won the house lost, and the reverse


def test_a_player_may_not_deal_and_a_dealer_may_not_take_a_seat(demo: Demo) -> None:
    people = _open_and_seat(demo)
    player, pcsrf = people["player1"]
    before = demo.snapshot()
    r = _post(player, pcsrf, f"/api/tables/{TABLE}/deal")
    assert r.status_code == 403
    assert r.json()["section"]
    dealer, dcsrf = people["d1"]
    r = _post(dealer, dcsrf, f"/api/tables/{TABLE}/seat", {"seat": 5})
    assert r.status_code == 403
    assert demo.snapshot() == before


def test_a_choice_offered_at_an_older_version_is_a_conflict_and_changes_nothing(
    demo: Demo,
) -> None:
    people = _open_and_seat(demo)
    dealer, dcsrf = people["d1"]
    assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/deal").status_code == 200
    for _ in range(20):
        view = dealer.get(f"/api/tables/{TABLE}").json()
        if view["pending"]["kind"] != "chance":
            break
        _post(dealer, dcsrf, f"/api/tables/{TABLE}/chance")
    assert view["pending"]["kind"] == "seat"
    name = view["seats"][str(view["pending"]["seat"])]
    client, csrf = people[name]
    before = demo.snapshot()
    r = _post(
        client, csrf, f"/api/tables/{TABLE}/choose", {"option": 0, "version": view["version"] - 1}
    )
    assert r.status_code == 409
    assert demo.snapshot() == before


def test_the_socket_sends_each_person_the_table_as_they_may_see_it(demo: Demo) -> None:
    people = _open_and_seat(demo)
    dealer, dcsrf = people["d1"]
    player, _ = people["player1"]
    with _socket(player, f"/api/tables/{TABLE}/ws") as ws:
        first = ws.receive_json()
        assert first["view"]["viewer"] == "player:2"
        version = first["view"]["version"]
        assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/deal").status_code == 200
        update = ws.receive_json()
        assert update["version"] > version
        assert update["view"]["viewer"] == "player:2"
        assert all(e["version"] > version for e in update["events"])
    with _socket(dealer, f"/api/tables/{TABLE}/ws?after=0") as ws:
        assert ws.receive_json()["view"]["viewer"] == "dealer"
        catch_up = ws.receive_json()  # a reconnecting browser resumes after what it saw
        assert catch_up["events"][0]["version"] == 1


def test_the_pages_socket_brings_each_person_the_console_as_the_page_would_fetch_it(
    demo: Demo,
) -> None:
    """``?render=console``: each message is the console the server renders for this person at
    that version, the same HTML as ``GET /tables/{table}/console``, so a browser need not ask."""
    people = _open_and_seat(demo)
    dealer, dcsrf = people["d1"]
    player, _ = people["player1"]
    path = f"/api/tables/{TABLE}/ws?render=console"
    with _socket(player, path) as theirs, _socket(dealer, path) as mine:
        for client, ws in ((player, theirs), (dealer, mine)):
            first = ws.receive_json()
            page = client.get(f"/tables/{TABLE}/console")
            assert (first["html"], first["version"]) == (page.text, 5)  # opened, 2 seats, 2 wagers
        assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/deal").status_code == 200
        while True:  # the cards, until a player is to decide
            for client, ws in ((player, theirs), (dealer, mine)):
                update = ws.receive_json()
                assert set(update) == {"table", "version", "html"}  # no events, no raw view
                page = client.get(f"/tables/{TABLE}/console")
                assert update["version"] == int(page.headers["X-Table-Version"])
                assert update["html"] == page.text
            if _post(dealer, dcsrf, f"/api/tables/{TABLE}/chance").status_code != 200:
                break
    assert update["version"] > 6  # the deal and its cards came over the socket


def test_a_socket_without_a_session_or_from_another_site_is_closed(demo: Demo) -> None:
    _open_and_seat(demo)
    with (
        pytest.raises(WebSocketDisconnect),
        demo.client().websocket_connect(f"/api/tables/{TABLE}/ws") as ws,
    ):
        ws.receive_json()
    player, _ = demo.api_client("player1")
    token = player.cookies.get("croupier_session")
    cross_site = {"cookie": f"croupier_session={token}", "origin": "https://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect),
        player.websocket_connect(f"/api/tables/{TABLE}/ws", headers=cross_site) as ws,
    ):
        ws.receive_json()


def test_a_socket_whose_session_ended_sends_nothing_more(
    demo: Demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a security audit: a table's socket kept streaming after its person signed out
    (or was disabled, or changed password), the session having been looked up only when it
    opened. It is looked up again before an update goes out (at most every
    ``SESSION_RECHECK_SECONDS``; none here), and a session that ended closes the socket."""
    from croupier.web import api_tables

    monkeypatch.setattr(api_tables, "SESSION_RECHECK_SECONDS", 0.0)
    people = _open_and_seat(demo)
    auditor, acsrf = demo.api_client("au")
    with _socket(auditor, f"/api/tables/{TABLE}/ws") as ws:
        first = ws.receive_json()
        dealer, dcsrf = people["d1"]
        assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/deal").status_code == 200
        assert ws.receive_json()["version"] > first["view"]["version"]  # still signed in
        assert _post(auditor, acsrf, "/api/logout").status_code == 200
        assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/chance").status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


def test_a_players_account_does_not_play_a_seat_keyed_at_a_physical_table(demo: Demo) -> None:
    """Found by a security audit: the dealer keyed a walk-in's wager under the name
    'player1', and the account player1 then saw that seat as its own, changed the keyed wager
    and chose the seat's decisions, with no chips moving on the felt. At a physical table the
    dealer keys every seat; a player's account sees what the public sees and plays no seat."""
    dealer, dcsrf = demo.api_client("d1")
    player, pcsrf = demo.api_client("player1")
    made = _post(
        dealer,
        dcsrf,
        "/api/tables",
        {"table": "ph", "game": "twentyone", "rules": RULES, "mode": "physical"},
    )
    assert made.status_code == 201, made.text
    keyed = {"seat": 2, "amount": "10", "player": "player1"}
    assert _post(dealer, dcsrf, "/api/tables/ph/dealer-wager", keyed).status_code == 200
    assert player.get("/api/tables/ph").json()["viewer"] == "public"
    for path, body in (
        ("/api/tables/ph/wager", {"amount": "25"}),
        ("/api/tables/ph/seat", {"seat": 3}),
        ("/api/tables/ph/unseat", {}),
    ):
        refused = _post(player, pcsrf, path, body)
        assert refused.status_code == 422, (path, refused.text)
        assert "physical table" in refused.text
    assert dealer.get("/api/tables/ph").json()["wagers"] == {"2": "$10.00"}


def test_the_pages_open_a_table_and_show_each_person_their_console(demo: Demo) -> None:
    dealer, csrf = demo.page_client("d1")
    page = dealer.get("/tables")
    assert page.status_code == 200
    assert RULES in page.text  # the rules files a table may be opened with
    r = dealer.post(
        "/tables",
        data={"csrf_token": csrf, "table": "bj-2", "game": "twentyone", "rules": RULES},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == "/tables/bj-2"
    console = dealer.get("/tables/bj-2")
    assert console.status_code == 200
    assert "Deal the next round" in console.text
    assert 'src="/static/table.js"' in console.text
    player, _ = demo.page_client("player1")
    view = player.get("/tables/bj-2")
    assert "Take the seat" in view.text
    assert "Deal the next round" not in view.text
    assert "bj-2" in player.get("/tables").text
    assert player.get("/static/table.js").status_code == 200
    # a form without the CSRF token changes nothing
    before = demo.snapshot()
    r = dealer.post("/tables", data={"table": "bj-3", "game": "twentyone", "rules": RULES})
    assert r.status_code == 403
    assert demo.snapshot() == before


def test_the_quarterly_and_hold_pages_show_the_reports_and_their_downloads(demo: Demo) -> None:
    gm, _ = demo.page_client("gm")
    page = gm.get("/reports/quarterly?quarter=2026Q1")
    assert page.status_code == 200, page.text[-500:]
    assert "Quarterly summary 2026Q1" in page.text
    assert "/reports/quarterly/download?quarter=2026Q1&amp;format=pdf" in page.text
    csv = gm.get("/reports/quarterly/download?quarter=2026Q1&format=csv")
    assert csv.status_code == 200
    assert csv.headers["content-type"].startswith("text/csv")
    hold = gm.get("/reports/hold?from=2026-01-01&to=2026-01-31")
    assert hold.status_code == 200
    assert "Percent-of-hold" in hold.text
    pdf = gm.get("/reports/hold/download?from=2026-01-01&to=2026-01-31&format=pdf")
    assert pdf.content.startswith(b"%PDF")
    bad = gm.get("/reports/quarterly?quarter=2026Q9")
    assert bad.status_code == 422


def test_99_01_3_08_14_2_a_count_team_counts_the_boxes_and_the_shift_manager_closes_the_day(
    demo: Demo,
) -> None:
    from croupier.service.books.day import end_shift

    books = demo.app.state.server.backoffice.books_service
    for table in (1, 3):
        books.record(end_shift("S1", table, "sm", None, "pb", True), None)
    dealer, _ = demo.page_client("d1")
    before = demo.snapshot()
    token = dealer.get("/api/me").json()["csrf_token"]
    form = {"site": "S1", "box": f"{DAY}/1/1", "partner": "ip", "amount": "200"}
    refused = dealer.post("/day/count", data={"csrf_token": token, **form})
    assert refused.status_code == 403
    assert demo.snapshot() == before
    ct, csrf = demo.page_client("ct")
    ip, ipcsrf = demo.page_client("ip")
    page = ct.get("/day?site=S1")
    assert page.status_code == 200
    assert f'value="{DAY}/1/1"' in page.text
    assert f'value="{DAY}/3/1"' in page.text
    for box, cash, fills in ((f"{DAY}/1/1", "200", "1"), (f"{DAY}/3/1", "0", "2")):
        r = ct.post(
            "/day/count",
            data={"csrf_token": csrf, "site": "S1", "box": box, "partner": "ip", "amount": cash,
                  "fill_copies": fills},
        )  # fmt: skip
        assert r.status_code == 200, r.text[-600:]
        count_id = re.search(r"count (\d+) opened", r.text)
        assert count_id is not None, r.text[-600:]
        r = ip.post(  # the other member, on their own session (99-01.3-08-14.4)
            f"/day/counts/{count_id.group(1)}/enter",
            data={"csrf_token": ipcsrf, "site": "S1", "amount": cash},
        )
        assert r.status_code == 200, r.text[-600:]
        assert "recorded drop_box_counted" in r.text
    after = ct.get("/day?site=S1").text
    assert "Every removed drop box has been counted" in after
    # custody: removed by the shift manager, escorted by the pit boss, counted by ct and ip
    assert '<td>sm</td><td>pb</td><td>ct</td><td>ct, ip</td><td class="num">$200.00</td>' in after
    sm, smcsrf = demo.page_client("sm")
    r = sm.post("/day/close", data={"csrf_token": smcsrf, "site": "S1", "cash_bank": "5000"})
    assert r.status_code == 200, r.text[-600:]
    assert "recorded day_closed" in r.text


@pytest.mark.parametrize(
    ("game", "rules", "cited"),
    [
        ("twentyone", RULES, "99-01.3-08"),
        ("threecard21", "threecard21-6deck.toml", "13:69"),
        ("poker", "poker-holdem.toml", "HOUSE RULES"),
        ("paddlewheel", "paddlewheel-table.toml", "99-01.3-11"),
    ],
)
def test_each_table_posts_its_house_and_player_rules(
    demo: Demo, game: str, rules: str, cited: str
) -> None:
    dealer, csrf = demo.api_client("d1")
    r = dealer.post(
        "/api/tables",
        json={"table": "posted", "game": game, "rules": rules},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.status_code == 201, r.text
    player, _ = demo.page_client("player1")
    page = player.get("/tables/posted/disclosure")
    assert page.status_code == 200
    assert cited in page.text
    assert "/tables/posted/disclosure" in player.get("/tables/posted").text


def test_99_01_3_08_05_2_the_slip_register_accounts_for_every_number(demo: Demo) -> None:
    au, _ = demo.page_client("au")
    page = au.get("/reports/slips?kind=fill")
    assert page.status_code == 200
    # the demo issued fill slips 1 and 2 (tables 1 and 3)
    assert "issued" in page.text
    csv = au.get("/reports/slips/download?kind=fill&format=csv").text
    lines = [line for line in csv.splitlines() if line.split(",")[0] in ("1", "2", "3")]
    assert len(lines) == 2, csv
    assert au.get("/reports/slips?kind=lunch").status_code == 422


def test_99_01_3_08_05_3_a_completed_slip_prints_as_its_two_part_form(demo: Demo) -> None:
    from croupier.books import events as ev
    from croupier.books.model import SlipKind
    from croupier.reports.slip_form import SlipPeople, slip_lines

    sm, _ = demo.page_client("sm")
    pdf = sm.get("/slips/print?kind=fill&number=1")
    assert pdf.status_code == 200
    assert pdf.content.startswith(b"%PDF")
    assert sm.get("/slips/print?kind=fill&number=99").status_code == 422
    books = demo.app.state.server.backoffice.books_service.books()
    entry = books.slips[(SlipKind.FILL, 1)]
    assert isinstance(entry, ev.SlipIssued)
    original, copy = slip_lines(entry, "Org", "S1", SlipPeople({"c1": "CC", "sm": "SS"}))
    for part, goes in ((original, "daily records"), (copy, "drop box")):
        text = "\n".join(part)
        assert goes in part[0]  # where each part goes (-05.4)
        assert "Game: 21" in text
        assert "Table: 1" in text
        assert " AM" in text or " PM" in text  # the time with a.m. or p.m. (-05.3.a)
        assert "Grand total value: $300.00" in text  # 5x40 + 1x100 (-05.3.b)
        assert "Chip bank cashier: CC" in text  # -05.3.c
        assert "Verified by (-05.5): SS" in text


def test_99_01_3_08_06_2_the_cashier_redeems_a_players_chips_for_cash(demo: Demo) -> None:
    c1, csrf = demo.page_client("c1")
    before = c1.get("/api/sites/S1/status").json()
    r = c1.post("/sites/S1/redeem", data={"csrf_token": csrf, "chips": "5x4"})
    assert r.status_code == 200, r.text[-500:]
    assert "recorded chips_redeemed" in r.text
    after = c1.get("/api/sites/S1/status").json()
    # $20 of chips back in the chip bank, $20 of cash out of the cash bank
    assert before["cash_bank"] != after["cash_bank"]
    pb, pbcsrf = demo.page_client("pb")
    refused = pb.post("/sites/S1/redeem", data={"csrf_token": pbcsrf, "chips": "5x1"})
    assert refused.status_code == 403
    assert "99-01.3-08-06.2" in refused.text


def test_99_01_3_09_05_5_a_players_socket_never_receives_anothers_unexposed_card(
    demo: Demo,
) -> None:
    """A poker hand played through the API, folded before any showdown: player1's socket and
    views never carry a card of player2's hand; surveillance (the gaming manager) sees neither
    player's hole cards before they are shown (seat views, docs/interpretations/seat-views.md)."""
    people = {n: demo.api_client(n) for n in ("d1", "player1", "player2", "gm")}
    dealer = people["d1"]
    r = _post(
        *dealer, "/api/tables", {"table": "pk-ws", "game": "poker", "rules": "poker-holdem.toml"}
    )
    assert r.status_code == 201, r.text
    for name, seat in (("player1", 1), ("player2", 4)):
        assert _post(*people[name], "/api/tables/pk-ws/seat", {"seat": seat}).status_code == 200
        assert _post(*people[name], "/api/tables/pk-ws/wager", {"amount": "20"}).status_code == 200
    received: list[dict[str, Any]] = []
    with _socket(people["player1"][0], "/api/tables/pk-ws/ws") as ws:
        received.append(ws.receive_json())
        assert _post(*dealer, "/api/tables/pk-ws/deal").status_code == 200
        received.append(ws.receive_json())
        for _ in range(100):
            view = dealer[0].get("/api/tables/pk-ws").json()
            pending = view["pending"]
            if pending is None or pending["kind"] == "none":
                break
            if pending["kind"] == "chance":
                assert _post(*dealer, "/api/tables/pk-ws/chance").status_code == 200
            else:
                who = (
                    people[view["seats"][str(pending["seat"])]]
                    if pending["kind"] == "seat"
                    else dealer
                )
                offered = who[0].get("/api/tables/pk-ws").json()
                fold = next(o["index"] for o in offered["options"] if "fold" in o["label"])
                body = {"option": fold, "version": offered["version"]}
                assert _post(*who, "/api/tables/pk-ws/choose", body).status_code == 200
            received.append(ws.receive_json())
            # surveillance, mid-hand: no hole card of either seat
            watched = people["gm"][0].get("/api/tables/pk-ws").json()
            assert watched["viewer"] == "surveillance"
            for seat in watched["state"]["seats"]:
                assert all(card is None for card in seat["hole"]), seat
    dealt_to_4 = [
        e for u in received for e in u.get("events", []) if e.get("seat") == 4 and "card" in e
    ]
    assert dealt_to_4, "player2 was dealt cards"
    assert all(e["card"] is None for e in dealt_to_4)  # redacted for player1
    mine = [e for u in received for e in u.get("events", []) if e.get("seat") == 1 and "card" in e]
    assert any(e["card"] is not None for e in mine)  # player1 saw their own


def test_the_back_office_api_counts_closes_and_reports_as_the_pages_do(demo: Demo) -> None:
    from croupier.service.books.day import end_shift

    books = demo.app.state.server.backoffice.books_service
    for table in (1, 3):
        books.record(end_shift("S1", table, "sm", None, "pb", True), None)
    ct, ip = demo.api_client("ct"), demo.api_client("ip")
    for table, cash, fills in ((1, "200", "1"), (3, "0", "2")):
        body = {"site": "S1", "day": DAY, "table": table, "shift": 1, "partner": "ip",
                "amount": cash, "fill_copies": fills}  # fmt: skip
        r = _post(*ct, "/api/counts", body)
        assert r.status_code == 200, r.text
        r = _post(*ip, f"/api/counts/{r.json()['count_id']}/enter", {"amount": cash})
        assert r.status_code == 200, r.text
        assert any("drop_box_counted" in line for line in r.json()["lines"])
    c1 = demo.api_client("c1")
    r = _post(*c1, "/api/sites/S1/redemptions", {"chips": "5x4"})
    assert r.status_code == 200, r.text
    sm = demo.api_client("sm")
    r = _post(*sm, "/api/sites/S1/close", {"cash_bank": "4980"})  # $5,000 less $20 redeemed
    assert r.status_code == 200, r.text
    assert any("day_closed" in line for line in r.json()["lines"])
    au, _ = demo.api_client("au")
    quarterly = au.get("/api/reports/quarterly?quarter=2026Q1").json()
    assert quarterly["title"] == "Quarterly summary 2026Q1"
    assert au.get("/api/reports/slips?kind=fill").json()["section"].startswith("99-01.3-08-05")
    assert au.get("/api/slip-forms?kind=fill&number=1").content.startswith(b"%PDF")


def test_99_01_3_08_12_6_the_dealer_records_a_dropped_card_and_its_remedy_is_applied(
    demo: Demo,
) -> None:
    people = _open_and_seat(demo)
    dealer, dcsrf = people["d1"]
    assert _post(dealer, dcsrf, f"/api/tables/{TABLE}/deal").status_code == 200
    view = dealer.get(f"/api/tables/{TABLE}").json()
    assert view["pending"]["kind"] == "chance"
    mistakes = [o for o in view["options"] if o["kind"] == "irregularity"]
    dropped = next(o for o in mistakes if o["label"].startswith("card-dropped"))
    assert dropped["section"] == "99-01.3-08-12.6"
    assert "burned" in dropped["remedy"]
    # a player is offered no irregularity, and may not record one by its number
    player, pcsrf = people["player1"]
    assert player.get(f"/api/tables/{TABLE}").json()["options"] == []
    before = demo.snapshot()
    r = _post(
        player,
        pcsrf,
        f"/api/tables/{TABLE}/choose",
        {"option": dropped["index"], "version": view["version"]},
    )
    assert r.status_code != 200
    assert demo.snapshot() == before
    r = _post(
        dealer,
        dcsrf,
        f"/api/tables/{TABLE}/choose",
        {"option": dropped["index"], "version": view["version"]},
    )
    assert r.status_code == 200, r.text
    assert r.json()["accepted"]
    after = dealer.get(f"/api/tables/{TABLE}").json()
    assert after["pending"]["detail"] == "dropped card"  # the next card out is burned


def test_99_01_3_08_16_a_gaming_manager_closes_a_quarter_only_once_it_ends(demo: Demo) -> None:
    gm, gcsrf = demo.api_client("gm")
    sm, scsrf = demo.api_client("sm")
    before = demo.snapshot()
    r = _post(sm, scsrf, "/api/quarters/2026Q1/close", {"return_filed": False})
    assert r.status_code == 403
    assert "gaming manager" in r.json()["detail"]
    r = _post(gm, gcsrf, "/api/quarters/2026Q1/close", {"return_filed": False})
    assert r.status_code == 403  # the books refuse it: the quarter of the demo's day runs on
    assert r.json()["section"] == "99-01.3-08-16"
    assert "can be closed only after it ends" in r.json()["detail"]
    assert demo.snapshot() == before
    page, _ = demo.page_client("gm")
    assert "Close the quarter's records" in page.get("/reports/quarterly?quarter=2026Q1").text
    page, _ = demo.page_client("sm")
    assert "Close the quarter's records" not in page.get("/reports/quarterly?quarter=2026Q1").text


def test_a_physical_table_is_dealt_by_keying_each_card_through_the_api(demo: Demo) -> None:
    """Issue 27, first step: a table opened physical takes each card as the dealer keys it;
    the server never draws one; a card the deck no longer holds is 403 with its section and
    changes nothing; a player may not key."""
    dealer, dcsrf = demo.api_client("d1")
    body = {"table": "real-1", "game": "poker", "rules": "poker-holdem.toml", "mode": "physical"}
    assert _post(dealer, dcsrf, "/api/tables", body).status_code == 201
    players = [demo.api_client(name) for name in ("player1", "player2")]
    for name, seat in (("Ann", 1), ("Bo", 4)):  # the dealer keys each seat's chips bought
        body = {"seat": seat, "amount": "20", "player": name}
        r = _post(dealer, dcsrf, "/api/tables/real-1/dealer-wager", body)
        assert r.status_code == 200, r.text
    # the half-hour fee first, collected in advance (99-01.3-09-03.3)
    unpaid = _post(dealer, dcsrf, "/api/tables/real-1/deal")
    assert unpaid.status_code == 403
    assert unpaid.json()["section"] == "99-01.3-09-03.3"
    for seat in (1, 4):
        assert _post(dealer, dcsrf, "/api/tables/real-1/fee", {"seat": seat}).status_code == 200
    assert _post(dealer, dcsrf, "/api/tables/real-1/deal").status_code == 200
    view = dealer.get("/api/tables/real-1").json()
    assert view["mode"] == "physical"
    assert view["pending"]["kind"] == "chance"
    drawn = _post(dealer, dcsrf, "/api/tables/real-1/chance")
    assert drawn.status_code == 422
    assert "is physical" in drawn.json()["detail"]
    first = _post(dealer, dcsrf, "/api/tables/real-1/key", {"outcome": "Ah"})
    assert first.status_code == 200, first.text
    version = first.json()["version"]
    again = _post(dealer, dcsrf, "/api/tables/real-1/key", {"outcome": "Ah"})
    assert again.status_code == 403
    assert again.json()["section"] == "99-01.3-09-04.2"  # one 52-card deck
    assert dealer.get("/api/tables/real-1").json()["version"] == version
    client, csrf = players[0]
    assert _post(client, csrf, "/api/tables/real-1/key", {"outcome": "Kd"}).status_code == 403
    assert _post(dealer, dcsrf, "/api/tables/real-1/key", {"outcome": "Kd"}).status_code == 200
