"""A thing asked for by its id that is not there answers 404 (issue 29's tenancy matrix accepted
422 too): a live table, a round of a table, a tournament, an ask, a count; another
organization's table the same, without saying that it exists; everything else that cannot be
read stays 422."""

from __future__ import annotations

from tests.web.conftest import Demo

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


def test_unknown_ids_answer_404_with_one_line(demo: Demo) -> None:
    d1, csrf = demo.api_client("d1")
    gm, _ = demo.api_client("gm")  # a dealer may not read rounds; the gaming manager may
    for client, path in ((d1, "/api/tables/nowhere"), (gm, "/api/tables/nowhere/rounds/1")):
        answer = client.get(path)
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["detail"] == "no live table 'nowhere'"
    opened = d1.post(
        "/api/tables",
        json={"table": "bj-1", "game": "twentyone", "rules": RULES, "mode": "virtual"},
        headers={"X-CSRF-Token": csrf},
    )
    assert opened.status_code == 201, opened.text
    answer = gm.get("/api/tables/bj-1/rounds/7")
    assert answer.status_code == 404, answer.text
    assert answer.json()["detail"] == "table 'bj-1' has no round 7"
    answer = gm.get("/api/tournaments/no-such-event")
    assert answer.status_code == 404, answer.text
    assert "no tournament 'no-such-event'" in answer.json()["detail"]


def test_an_unknown_table_page_is_a_404_page(demo: Demo) -> None:
    d1, _ = demo.page_client("d1")
    page = d1.get("/tables/nowhere")
    assert page.status_code == 404
    assert "no live table" in page.text


def test_input_that_cannot_be_read_stays_422(demo: Demo) -> None:
    d1, csrf = demo.api_client("d1")
    refused = d1.post(
        "/api/tables",
        json={"table": "bj-2", "game": "twentyone", "rules": "nope.toml", "mode": "virtual"},
        headers={"X-CSRF-Token": csrf},
    )
    assert refused.status_code == 422, refused.text


def test_the_day_page_of_a_site_that_is_not_there_is_a_404(demo: Demo) -> None:
    # found by an audit: /day?site=NOPE answered 200 with an empty page
    sm, _ = demo.page_client("sm")
    assert sm.get("/day?site=NOPE").status_code == 404
    assert sm.get("/day?site=S1").status_code == 200
