"""The cameras from the browser (issue 28; 99-01.3-08-04.4 to .6): the daily review, a fault
reported when found and its repair, and an open fault's clock: forty-eight hours of the table's
activity or four calendar days after the day it was found. The demo's S1 is surveilled and has
table 1 open since the demo's day began; the demo's clock stands still unless advanced."""

from __future__ import annotations

import re
from datetime import timedelta

from tests.web.conftest import Demo


def _row(page: str, table: int) -> str:
    found = re.search(rf"<tr[^>]*>\s*<td>{table}</td>.*?</tr>", page, re.S)
    assert found is not None, page[-1500:]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))).strip()


def test_99_01_3_08_04_6_a_fault_runs_its_clock_until_repaired(demo: Demo) -> None:
    sm, csrf = demo.page_client("sm")
    page = sm.get("/cameras?site=S1")
    assert page.status_code == 200
    assert "not yet" in _row(page.text, 1)  # no review recorded today
    r = sm.post("/cameras/review", data={"csrf_token": csrf, "site": "S1", "table": "1",
                                         "working": "yes"})  # fmt: skip
    assert r.status_code == 200, r.text[-600:]
    assert "sm: working" in _row(r.text, 1)
    r = sm.post("/cameras/fault", data={"csrf_token": csrf, "site": "S1", "table": "1",
                                        "note": "no picture"})  # fmt: skip
    assert r.status_code == 200, r.text[-600:]
    row = _row(r.text, 1)
    assert "0.0 h of 48" in row
    assert "the table may open as usual" in row
    found = demo.clock.now().date()
    assert (found + timedelta(days=4)).isoformat() in row  # the fourth calendar day after
    r = sm.post("/cameras/repaired", data={"csrf_token": csrf, "site": "S1", "table": "1"})
    assert r.status_code == 200, r.text[-600:]
    row = _row(r.text, 1)
    assert "h of 48" not in row  # repaired: no clock runs
    r = sm.post("/cameras/fault", data={"csrf_token": csrf, "site": "S1", "table": "1",
                                        "note": "no picture again"})  # fmt: skip
    assert r.status_code == 200, r.text[-600:]
    demo.clock.advance(timedelta(hours=49))  # table 1 open all the while: 49 h of activity
    sm, csrf = demo.page_client("sm")  # the session ended meanwhile: signed in again
    row = _row(sm.get("/cameras?site=S1").text, 1)
    assert "49.0 h of 48" in row
    assert "past: open only with a $2 maximum wager" in row


def test_99_01_3_08_04_4_a_only_those_who_may_access_the_cameras(demo: Demo) -> None:
    dealer, csrf = demo.page_client("d1")
    before = demo.snapshot()
    assert dealer.get("/cameras?site=S1").status_code == 403
    r = dealer.post("/cameras/fault", data={"csrf_token": csrf, "site": "S1", "table": "1"})
    assert r.status_code == 403
    assert "99-01.3-08-04.4.a" in r.text
    assert demo.snapshot() == before
