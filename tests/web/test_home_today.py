"""Home pages that lead somewhere (issue 28): each role's home page lists what that person does
next today, from the books, the slips, the counts and the live tables, each with its page; and
no home page speaks of work still to be built. The demo's day at S1 has tables 1 (d1) and 3
(w1) open and nothing awaiting a count."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.web.conftest import DAY, Demo

STALE = re.compile(r"comes with|next part of|issue \d+|not yet built|coming soon", re.I)


def _today(demo: Demo, name: str) -> list[str]:
    client, _ = demo.page_client(name)
    page = client.get("/")
    assert page.status_code == 200
    assert not STALE.search(page.text), STALE.search(page.text)
    part = page.text.split("<h2>Today</h2>", 1)[1].split("</ol>", 1)[0]
    return [re.sub(r"<[^>]+>", "", item).strip() for item in part.split("<li>")[1:]]


def _post(who: tuple[Any, str], path: str, body: dict[str, Any]) -> Any:
    return who[0].post(path, json=body, headers={"X-CSRF-Token": who[1]})


@pytest.mark.parametrize("name", ["gm", "sm", "pb", "d1", "w1", "c1", "ct", "ip", "au", "player1"])
def test_no_home_page_speaks_of_work_still_to_be_built(demo: Demo, name: str) -> None:
    _today(demo, name)  # asserts the page has a Today list and no stale text


def test_the_shift_manager_sees_the_open_day_and_its_open_tables(demo: Demo) -> None:
    steps = _today(demo, "sm")
    day = next(s for s in steps if "gaming day" in s)
    assert f"The gaming day {DAY} is open at S1" in day
    assert "21-1 (d1)" in day
    assert "PW-3 (w1)" in day


def test_a_dealer_sees_the_table_they_deal(demo: Demo) -> None:
    steps = _today(demo, "d1")
    assert any("You are dealing 21 table 1 at S1" in s for s in steps), steps


def test_a_verifier_sees_the_slip_awaiting_them_and_the_preparer_does_not(demo: Demo) -> None:
    c1 = demo.api_client("c1")
    r = _post(c1, "/api/slips", {"kind": "fill", "site": "S1", "table": 1, "chips": "5x4"})
    assert r.status_code == 201, r.text
    assert any("Verify the fill slip for table 1 at S1" in s for s in _today(demo, "sm"))
    assert not any("Verify" in s for s in _today(demo, "c1"))  # their own slip


def test_the_count_team_sees_the_boxes_then_their_partners_count(demo: Demo) -> None:
    from croupier.service.books.day import end_shift

    books = demo.app.state.server.backoffice.books_service
    books.record(end_shift("S1", 1, "sm", None, "pb", True), None)
    assert any("Count the drop boxes of S1" in s and "table 1 shift 1" in s
               for s in _today(demo, "ct"))  # fmt: skip
    ct = demo.api_client("ct")
    body = {"site": "S1", "day": DAY, "table": 1, "shift": 1, "partner": "ip", "amount": "200"}
    assert _post(ct, "/api/counts", body).status_code == 200
    assert any("Enter your own count" in s for s in _today(demo, "ip"))
    sm_day = next(s for s in _today(demo, "sm") if "gaming day" in s)
    assert "PW-3 (w1)" in sm_day  # table 3 still open: the day cannot close yet


def test_a_player_is_led_to_the_open_live_tables(demo: Demo) -> None:
    assert any("No live table is open now" in s for s in _today(demo, "player1"))
    d1 = demo.api_client("d1")
    opened = {"table": "bj-home", "game": "twentyone",
              "rules": "twentyone-hole-card-no-peek-6deck-s17.toml"}  # fmt: skip
    assert _post(d1, "/api/tables", opened).status_code == 201
    assert any("Join live table bj-home (twentyone" in s for s in _today(demo, "player1"))
    assert any("Run live table bj-home" in s for s in _today(demo, "d1"))


def test_the_shift_manager_is_told_which_cameras_await_todays_review(demo: Demo) -> None:
    review = next(s for s in _today(demo, "sm") if "Review the cameras" in s)
    assert "Review the cameras of S1 today: tables 1, 2, 3" in review
    sm = demo.page_client("sm")
    form = {"csrf_token": sm[1], "site": "S1", "table": "1", "working": "yes"}
    assert sm[0].post("/cameras/review", data=form).status_code == 200
    review = next(s for s in _today(demo, "sm") if "Review the cameras" in s)
    assert "tables 2, 3" in review
