"""The tournament commands issue 30 made expressible, through the API and the page (the web
passes their fields: a place, a seat, a fee, a reason). Worked by hand from golden file 12's
rules (poker, 5,000 starting chips): A wins 5,000 chips from D in a hand and holds 10,000; the
director removes 1,000 of them for soft play (99-01.3-09-06.2.f): A holds 9,000, and the
penalty is on the record with its reason."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import Demo

ROOT = Path(__file__).resolve().parents[2]
AT = "2026-07-10T12:00"
ADDRESS = "12 Oak St, Minot ND"


def _post(client: TestClient, csrf: str, path: str, body: dict[str, Any]) -> Any:
    return client.post(path, json=body, headers={"X-CSRF-Token": csrf})


def _rules() -> dict[str, Any]:
    golden = ROOT / "tests/golden/tournaments/12_poker_split_prize_agreement.json"
    rules: dict[str, Any] = json.loads(golden.read_text())["rules"]
    return rules


def _started(demo: Demo) -> tuple[TestClient, str]:
    gm, gcsrf = demo.api_client("gm")
    c1, ccsrf = demo.api_client("c1")
    assert _post(gm, gcsrf, "/api/tournaments", {"data": _rules(), "id": "t30"}).status_code == 201
    for seat, player in enumerate("ABCD", 1):
        body = {"command": "register", "player": player, "address": ADDRESS, "card": [1, seat]}
        assert (
            _post(c1, ccsrf, "/api/tournaments/t30/commands", body | {"at": AT}).status_code == 200
        )
    for body in (
        {"command": "start", "at": AT},
        {"command": "start_hand", "table": 1, "at": AT},
        {"command": "record_hand", "table": 1, "chips": {"A": 5000, "D": -5000}, "at": AT},
    ):
        r = _post(gm, gcsrf, "/api/tournaments/t30/commands", body)
        assert r.status_code == 200, r.text
    return gm, gcsrf


def _chips_of(gm: TestClient, player: str) -> int:
    text = json.dumps(gm.get("/api/tournaments/t30").json())
    found = re.search(rf'"player": "{player}", "chips": (\d+)', text) or re.search(
        rf'"{player}": (\d+)', text
    )
    assert found is not None, text[:2000]
    return int(found.group(1))


def test_99_01_3_09_06_2_f_the_director_removes_chips_through_the_api(demo: Demo) -> None:
    gm, csrf = _started(demo)
    assert _chips_of(gm, "A") == 10_000
    no_reason = {"command": "remove_chips", "player": "A", "chips": "1000", "at": AT}
    r = _post(gm, csrf, "/api/tournaments/t30/commands", no_reason)
    assert r.status_code in (409, 422), r.text  # the reason is the record: required
    assert _chips_of(gm, "A") == 10_000
    r = _post(gm, csrf, "/api/tournaments/t30/commands", no_reason | {"reason": "soft play"})
    assert r.status_code == 200, r.text
    assert _chips_of(gm, "A") == 9_000
    assert "soft play" in json.dumps(gm.get("/api/tournaments/t30/records").json())


def test_99_01_3_09_05_1_c_a_prize_asked_for_a_player_still_playing_is_refused(
    demo: Demo,
) -> None:
    gm, csrf = _started(demo)
    page = gm.get("/tournaments/t30")
    assert 'value="award_prize"' in page.text
    assert 'value="remove_chips"' in page.text
    before = demo.snapshot()
    award = {"command": "award_prize", "player": "B", "place": 3, "at": AT}
    r = _post(gm, csrf, "/api/tournaments/t30/commands", award)
    assert r.status_code == 409, r.text
    assert r.json()["section"].startswith("99-01.3-09-05.1")
    assert demo.snapshot() == before


def test_99_01_3_09_06_2_f_the_director_disqualifies_from_the_page_and_the_api(
    demo: Demo,
) -> None:
    """ "Any player involved in chip dumping and other forms of collusion shall be
    disqualified": the tournament page offers it, the API records it with its reason, and the
    player can no longer rebuy."""
    gm, csrf = _started(demo)
    assert 'value="disqualify"' in gm.get("/tournaments/t30").text
    body = {"command": "disqualify", "player": "B", "reason": "chip dumping", "at": AT}
    r = _post(gm, csrf, "/api/tournaments/t30/commands", body)
    assert r.status_code == 200, r.text
    assert "chip dumping" in json.dumps(gm.get("/api/tournaments/t30/records").json())
    # B is out, with no place: the state says so, and no chips are left to take
    state = json.dumps(gm.get("/api/tournaments/t30").json())
    assert re.search(
        r'"player": "B",[^}]*"status": "out"[^}]*"place": null[^}]*"exit": "disqualified"', state
    )
    again = {"command": "remove_chips", "player": "B", "chips": "1", "reason": "x", "at": AT}
    r = _post(gm, csrf, "/api/tournaments/t30/commands", again)
    assert r.status_code in (409, 422), r.text
    assert "no chips in play" in r.text
