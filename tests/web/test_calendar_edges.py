"""Dates and times at the calendar's edges (found by an audit: year 1 and 9999 had been 500s,
"internal error"): every date or time a person types is in the years 1900 to 9998, refused
otherwise with one line, and nothing changes."""

from __future__ import annotations

from tests.web.conftest import Demo


def test_a_date_or_time_outside_the_years_1900_to_9998_is_a_422_that_changes_nothing(
    demo: Demo,
) -> None:
    sm, sm_csrf = demo.page_client("sm")
    c1, c1_csrf = demo.api_client("c1")
    api_sm, api_csrf = demo.api_client("sm")
    made = api_sm.post(
        "/api/tournaments",
        json={"rules": "tournament-poker-holdem-bounty-satellite.toml"},
        headers={"X-CSRF-Token": api_csrf},
    )
    assert made.status_code == 201, made.text
    tid = "spring-main"  # the example rules' tournament
    first = c1.post(
        f"/api/tournaments/{tid}/commands",
        json={"command": "register", "player": "ann", "name": "Ann", "address": "1 Main St",
              "at": "2026-07-10T12:00"},
        headers={"X-CSRF-Token": c1_csrf},
    )  # fmt: skip
    assert first.status_code == 200, first.text
    snapshot = demo.snapshot()
    for at in ("0001-01-01T00:00", "9999-12-31T23:59"):
        r = c1.post(
            f"/api/tournaments/{tid}/commands",
            json={"command": "register", "player": "bob", "name": "Bob", "address": "2 Main St",
                  "at": at},
            headers={"X-CSRF-Token": c1_csrf},
        )  # fmt: skip
        assert r.status_code == 422, r.text
        assert "1900 to 9998" in r.json()["detail"]
    for day in ("0001-01-01", "9999-12-31"):
        r = sm.post(
            "/books/poker-occasion",
            data={"site": "S1", "occasion": "o1", "first_day": day, "last_day": day,
                  "manager": "gm", "csrf_token": sm_csrf},
        )  # fmt: skip
        assert r.status_code == 422, r.text
        assert "1900 to 9998" in r.text
    assert demo.snapshot() == snapshot
