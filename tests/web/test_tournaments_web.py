"""Tournaments over the web (issue 19): a gaming manager creates and runs a poker tournament
through the API to its finish; a cashier registers a player on the page and is the fee's
collector in the fee register; players read the posted schedule but run nothing; the auditor
reads only; the schedule's PDF carries its figures. Every refusal records nothing.

Expected figures are worked by hand from the rules:

* The split tournament (the rules of golden file 12): four players at $100 = $400 of fees; the
  pool is 75% = $300, places 50/30/20 = $150/$90/$60. After D is busted, A, B and C may agree
  to split the $300 of places 1 to 3 (-09-03.4.c): $310 is refused; $110/$100/$90 is accepted.
  Record of win: gross proceeds $400, prizes $300, adjusted gross proceeds $100.
* The example poker rules (`tournament-poker-holdem-bounty-satellite.toml`): entry $150.00 and
  bounty $25.00; one rebuy of $75.00 and one add-on of $50.00, so the most a player can pay is
  $150 + $25 + $75 + $50 = $300.00 (-09-01); its satellite's buy-in $20.00, its prize a buy-in
  valued at $150 + $25 = $175.00 (-09-03.4.d).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import zlib
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from .conftest import Demo

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "tournaments"
EXAMPLE = "tournament-poker-holdem-bounty-satellite.toml"
AT = "2026-07-10T12:00"
ADDRESS = "12 Oak St, Minot ND"


def _post(client: TestClient, csrf: str, path: str, body: dict[str, Any]) -> Any:
    return client.post(path, json=body, headers={"X-CSRF-Token": csrf})


def _split_rules() -> dict[str, Any]:
    rules: dict[str, Any] = json.loads(
        (GOLDEN / "12_poker_split_prize_agreement.json").read_text()
    )["rules"]
    return rules


def _pdf_text(data: bytes) -> str:
    """The text drawn in a PDF: its content streams, inflated where compressed."""
    out = []
    for match in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        raw = match.group(1)
        with contextlib.suppress(zlib.error):
            raw = zlib.decompress(raw)
        out.append(raw.decode("latin-1"))
    return "\n".join(out).replace("\\(", "(").replace("\\)", ")")


def test_a_manager_creates_and_runs_a_tournament_to_its_finish_99_01_3_09_03_4_c(
    demo: Demo,
) -> None:
    gm, gcsrf = demo.api_client("gm")
    c1, ccsrf = demo.api_client("c1")
    r = _post(gm, gcsrf, "/api/tournaments", {"data": _split_rules(), "id": "web-split"})
    assert r.status_code == 201, r.text
    assert r.json()["tournament"] == "web-split"
    # the id is taken now
    r = _post(gm, gcsrf, "/api/tournaments", {"data": _split_rules(), "id": "web-split"})
    assert r.status_code == 422, r.text
    for seat, player in enumerate("ABCD", 1):
        body = {"command": "register", "player": player, "address": ADDRESS}
        body |= {"card": [1, seat], "at": AT}
        r = _post(c1, ccsrf, "/api/tournaments/web-split/commands", body)
        assert r.status_code == 200, r.text
    for body in (
        {"command": "start", "at": AT},
        {"command": "start_hand", "table": 1, "at": AT},
        {"command": "record_hand", "table": 1, "chips": {"A": 5000, "D": -5000}, "at": AT},
    ):
        r = _post(gm, gcsrf, "/api/tournaments/web-split/commands", body)
        assert r.status_code == 200, r.text
    before = demo.snapshot()
    split = {"command": "split", "shares": {"A": "$110", "B": "$100", "C": "$100"}, "at": AT}
    r = _post(gm, gcsrf, "/api/tournaments/web-split/commands", split)
    assert r.status_code == 409, r.text
    assert r.json()["section"] == "99-01.3-09-03.4.c"
    assert demo.snapshot() == before
    split["shares"] = "A=$110,B=$100,C=$90"
    r = _post(gm, gcsrf, "/api/tournaments/web-split/commands", split)
    assert r.status_code == 200, r.text
    view = gm.get("/api/tournaments/web-split").json()
    main = view["parts"][0]
    assert main["status"] == "finished"
    assert main["standings"] == ["A", "B", "C", "D"]
    records = gm.get("/api/tournaments/web-split/records").json()
    prizes = {row[1]: row[5] for row in records["prizes"][1:]}
    assert prizes == {"A": "$110.00", "B": "$100.00", "C": "$90.00"}
    assert records["win"][1] == ["web-split", "$400.00", "$300.00", "$100.00"]
    listed = gm.get("/api/tournaments").json()
    assert [(t["id"], t["status"], t["players"]) for t in listed] == [("web-split", "finished", 4)]


def test_99_01_3_09_07_1_c_a_cashier_registers_and_is_the_fees_collector(demo: Demo) -> None:
    gm, gcsrf = demo.page_client("gm")
    r = gm.post(
        "/tournaments",
        data={"csrf_token": gcsrf, "rules": EXAMPLE, "id": "spring"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    assert r.headers["location"] == "/tournaments/spring"
    c1, ccsrf = demo.page_client("c1")
    form = {
        "csrf_token": ccsrf,
        "command": "register",
        "player": "ann",
        "name": "=Ann Smith",  # a spreadsheet would read it as a formula (issue 28)
        "address": ADDRESS,
        "collected_by": "somebody else",
        "at": AT,
    }
    r = c1.post("/tournaments/spring/commands", data=form)
    assert r.status_code == 200, r.text
    assert "entry fee $150.00 from ann collected by c1" in r.text
    assert "bounty fee $25.00 from ann collected by c1" in r.text
    csv_text = c1.get("/tournaments/spring/records/fees").text
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert rows[0][:7] == [
        "tournament",
        "player",
        "name",
        "address",
        "paid for",
        "amount",
        "collected by",
    ]
    assert [(r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows[1:]] == [
        ("ann", "'=Ann Smith", ADDRESS, "entry", "$150.00", "c1"),
        ("ann", "'=Ann Smith", ADDRESS, "bounty", "$25.00", "c1"),
    ]  # the name is kept, as text a spreadsheet does not evaluate
    page = gm.get("/tournaments/spring")
    assert "=Ann Smith" in page.text
    assert "Cass" not in page.text
    # the director may not play (-09-03.4.h): 409, with the section on the page, nothing kept
    before = demo.snapshot()
    form |= {"player": "dana", "name": "Dana Director"}
    r = c1.post("/tournaments/spring/commands", data=form)
    assert r.status_code == 409
    assert "Section 99-01.3-09-03.4.h" in r.text
    assert demo.snapshot() == before


def test_99_01_3_09_03_4_g_no_refund_after_the_start_on_the_page(demo: Demo) -> None:
    gm, gcsrf = demo.page_client("gm")
    rules = _split_rules() | {"min_players": 2}
    api, acsrf = demo.api_client("gm")
    assert (
        _post(api, acsrf, "/api/tournaments", {"data": rules, "id": "refunds"}).status_code == 201
    )
    for player in ("A", "B"):
        form = {"csrf_token": gcsrf, "command": "register", "player": player}
        form |= {"address": ADDRESS, "at": AT}
        assert gm.post("/tournaments/refunds/commands", data=form).status_code == 200
    form = {"csrf_token": gcsrf, "command": "start", "at": AT}
    assert gm.post("/tournaments/refunds/commands", data=form).status_code == 200
    before = demo.snapshot()
    form = {"csrf_token": gcsrf, "command": "refund", "player": "A", "at": AT}
    r = gm.post("/tournaments/refunds/commands", data=form)
    assert r.status_code == 409
    assert "Section 99-01.3-09-03.4.g" in r.text
    assert demo.snapshot() == before


def test_99_01_3_09_05_1_a_player_reads_the_schedule_and_runs_nothing(demo: Demo) -> None:
    gm, gcsrf = demo.api_client("gm")
    assert _post(gm, gcsrf, "/api/tournaments", {"rules": EXAMPLE}).status_code == 201
    player, pcsrf = demo.page_client("player1")
    page = player.get("/tournaments/spring-main/schedule")
    assert page.status_code == 200
    for figure in ("$150.00", "$25.00", "$75.00", "$50.00", "$300.00", "$20.00", "$175.00"):
        assert figure in page.text, figure
    assert "Elks Lodge 1" in page.text
    assert "Lodge Hall, Minot" in page.text
    assert player.get("/tournaments/spring-main").status_code == 200
    assert player.get("/tournaments").status_code == 200
    before = demo.snapshot()
    r = player.post(
        "/tournaments/spring-main/commands",
        data={"csrf_token": pcsrf, "command": "start", "at": AT},
    )
    assert r.status_code == 403
    r = player.post(
        "/tournaments/spring-main/commands",
        data={"csrf_token": pcsrf, "command": "register", "player": "me", "address": ADDRESS},
    )
    assert r.status_code == 403
    assert "Section 99-01.3-09-07.1.c" in r.text
    # the registers hold players' addresses: not the players'
    assert player.get("/tournaments/spring-main/records/fees").status_code == 403
    assert demo.snapshot() == before


def test_the_auditor_reads_every_record_and_records_nothing(demo: Demo) -> None:
    gm, gcsrf = demo.api_client("gm")
    assert _post(gm, gcsrf, "/api/tournaments", {"rules": EXAMPLE}).status_code == 201
    au, acsrf = demo.api_client("au")
    assert au.get("/api/tournaments/spring-main").status_code == 200
    assert au.get("/api/tournaments/spring-main/records").status_code == 200
    win = au.get("/api/tournaments/spring-main/records?register=win&format=csv")
    assert win.status_code == 200
    assert win.text.splitlines()[0] == "tournament,gross proceeds,prizes,adjusted gross proceeds"
    before = demo.snapshot()
    for body in (
        {"command": "register", "player": "x", "address": ADDRESS, "at": AT},
        {"command": "start", "at": AT},
    ):
        r = _post(au, acsrf, "/api/tournaments/spring-main/commands", body)
        assert r.status_code == 403, r.text
        assert r.json()["section"]
    r = _post(au, acsrf, "/api/tournaments", {"rules": EXAMPLE, "id": "mine"})
    assert r.status_code == 403
    assert demo.snapshot() == before


def test_99_01_3_09_05_1_the_schedule_pdf_carries_the_figures(demo: Demo) -> None:
    gm, gcsrf = demo.api_client("gm")
    assert _post(gm, gcsrf, "/api/tournaments", {"rules": EXAMPLE}).status_code == 201
    player, _ = demo.api_client("player2")
    for path in (
        "/tournaments/spring-main/schedule.pdf",
        "/api/tournaments/spring-main/schedule?format=pdf",
    ):
        r = player.get(path)
        assert r.status_code == 200
        assert r.headers["content-type"] == "application/pdf"
        assert r.content.startswith(b"%PDF-")
        assert r.content.count(b"/Type /Page\n") + r.content.count(b"/Type /Page ") <= 1
        text = _pdf_text(r.content)
        for figure in (
            "Spring Hold'em Classic",
            "Elks Lodge 1",
            "Lodge Hall, Minot",
            "2026-07-10 to 2026-07-12",
            "$150.00",
            "$25.00",
            "$75.00",
            "$50.00",
            "Most a player can pay: $300.00",
            "80% of the entry fees",
            "$20.00",
            "$175.00",
            "99-01.3-09-05.1",
        ):
            assert figure in text, figure


def test_99_01_3_08_15_1_pasted_rules_are_checked_before_anything_is_stored(demo: Demo) -> None:
    rules_dir = Path(__file__).resolve().parents[2] / "examples" / "rules"
    text = (rules_dir / "tournament-twentyone-preliminary-and-championship.toml").read_text()
    gm, gcsrf = demo.page_client("gm")
    # an entry fee of $250: over the $200 a player of -08-15.1 (and the rebuy over the fee)
    bad = text.replace('entry_fee = "$40.00"', 'entry_fee = "$250.00"', 1)
    assert bad != text
    before = demo.snapshot()
    r = gm.post("/tournaments", data={"csrf_token": gcsrf, "toml": bad, "id": "pasted"})
    assert r.status_code == 422
    assert "99-01.3-08-15.1" in r.text
    assert demo.snapshot() == before
    r = gm.post(
        "/tournaments",
        data={"csrf_token": gcsrf, "toml": text, "id": "pasted"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    page = gm.get("/tournaments/pasted/schedule")
    assert "Buy-in (entry fee): $40.00 for 1000 no-value chips" in page.text
    assert "Place 4: a lodge jacket (value $40.00)" in page.text


def test_99_01_3_08_16_1_e_a_gaming_manager_posts_a_finished_twenty_one_tournament(
    demo: Demo,
) -> None:
    """Golden file 13 run through the API on the demo's open gaming day (2026-01-05 at S1), then
    posted to the books: $150 of fees, $105 of prizes (its description works them out). A
    cashier may not post; a second post is refused and records nothing."""
    data = json.loads((GOLDEN / "13_twentyone_split_when_two_remain.json").read_text())
    rules = {**data["rules"], "first_day": "2026-01-05", "last_day": "2026-01-05"}
    at = "2026-01-05T20:00"  # the demo's day opened at 19:00 UTC
    gm, gcsrf = demo.api_client("gm")
    c1, ccsrf = demo.api_client("c1")
    assert _post(gm, gcsrf, "/api/tournaments", {"data": rules, "id": "bj-web"}).status_code == 201
    for step in data["steps"]:
        body = {k: v for k, v in step.items() if k not in ("do", "refused")}
        body |= {"command": step["do"], "at": at}
        who, csrf = (c1, ccsrf) if step["do"] == "register" else (gm, gcsrf)
        r = _post(who, csrf, "/api/tournaments/bj-web/commands", body)
        assert r.status_code == (409 if "refused" in step else 200), r.text
    post = {"site": "S1", "utc_offset": "+00:00"}
    before = demo.snapshot()
    r = _post(c1, ccsrf, "/api/tournaments/bj-web/books", post)
    assert r.status_code == 403, r.text
    assert demo.snapshot() == before
    r = _post(gm, gcsrf, "/api/tournaments/bj-web/books", post)
    assert r.status_code == 200, r.text
    assert "gross proceeds $150.00, prizes $105.00, adjusted gross proceeds $45.00" in " ".join(
        r.json()["lines"]
    )
    before = demo.snapshot()
    r = _post(gm, gcsrf, "/api/tournaments/bj-web/books", post)
    assert r.status_code == 422, r.text
    assert "posted once" in r.text
    assert demo.snapshot() == before
