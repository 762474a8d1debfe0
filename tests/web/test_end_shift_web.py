"""The end of a table's shift from the browser (issue 28; 99-01.3-08-14.1): the shift manager,
signed in, counts the tray, removes the drop box with an escort (more than one employee is on
duty in the demo) and may close the table; the box then awaits its count."""

from __future__ import annotations

from tests.web.conftest import DAY, Demo


def test_99_01_3_08_14_1_the_shift_manager_removes_the_box_with_an_escort(demo: Demo) -> None:
    sm, csrf = demo.page_client("sm")
    page = sm.get("/day?site=S1")
    assert "End a table&#39;s shift" in page.text or "End a table's shift" in page.text
    before = demo.snapshot()
    alone = sm.post("/day/end-shift", data={"csrf_token": csrf, "site": "S1", "table": "1"})
    assert alone.status_code == 403  # no escort with more than one employee on duty
    assert "99-01.3-08-14.1" in alone.text
    assert demo.snapshot() == before
    r = sm.post(
        "/day/end-shift",
        data={"csrf_token": csrf, "site": "S1", "table": "1", "escort": "pb", "close": "yes"},
    )
    assert r.status_code == 200, r.text[-600:]
    assert "shift_ended" in r.text
    assert f"<td>{DAY}</td><td>1</td><td>1</td>" in r.text  # the box awaits its count
    office = demo.app.state.server.backoffice
    assert (DAY, 1, 1, "d1") in office.awaiting_count("S1")


def test_a_dealer_may_not_end_a_shift(demo: Demo) -> None:
    d1, csrf = demo.page_client("d1")
    before = demo.snapshot()
    r = d1.post("/day/end-shift", data={"csrf_token": csrf, "site": "S1", "table": "1",
                                        "escort": "pb"})  # fmt: skip
    assert r.status_code == 403
    assert demo.snapshot() == before


def test_99_01_3_08_07_the_pit_boss_opens_a_table_and_the_shift_manager_ends_its_shift(
    demo: Demo,
) -> None:
    pb, csrf = demo.page_client("pb")
    page = pb.get("/day?site=S1")
    assert page.status_code == 200
    assert 'action="/day/open-table"' in page.text
    assert 'action="/day/open"' not in page.text  # the day is open; a pit boss opens none
    form = {"csrf_token": csrf, "site": "S1", "table": "2", "dealer": "d2", "max_wager": "25",
            "shoe": "d2"}  # fmt: skip
    r = pb.post("/day/open-table", data=form)
    assert r.status_code == 200, r.text[-600:]
    assert "shift_started" in r.text
    assert any(t.number == 2 and t.open for t in demo.app.state.server.backoffice.sites()[0].tables)
    sm, smcsrf = demo.page_client("sm")
    again = sm.post("/day/open", data={"csrf_token": smcsrf, "site": "S1", "day": DAY,
                                       "on_duty": "sm,pb"})  # fmt: skip
    assert again.status_code in (403, 422)  # a day is open already: refused, nothing recorded
    r = sm.post("/day/end-shift", data={"csrf_token": smcsrf, "site": "S1", "table": "2",
                                        "escort": "pb", "close": "yes"})  # fmt: skip
    assert r.status_code == 200, r.text[-600:]
    assert (DAY, 2, 1, "d2") in demo.app.state.server.backoffice.awaiting_count("S1")
