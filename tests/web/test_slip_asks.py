"""Fills and credits asked for at the table (issue 28): a physical table opened linked to its
table of the books asks the chip bank from its console; the ask waits on the slips page; the
cashier prepares the slip from it (the form filled in), another person verifies it
(99-01.3-08-05.3 to .5) and the chips reach the table's tray. The demo's table 1 at S1 is a
twenty-one table open with d1 dealing; worked by hand: a fill of twenty $5 chips adds $100 to
its tray."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import Demo

from croupier.core.errors import InvalidInput
from croupier.service.books.close import site_status
from croupier.service.people.authz import Actor


def _cashier() -> Actor:
    return Actor("c1", frozenset({"cashier"}), "c1")


RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


def _open(client: TestClient, csrf: str, table: str, **more: object) -> object:
    body = {"table": table, "game": "twentyone", "rules": RULES, "mode": "physical", **more}
    return client.post("/api/tables", json=body, headers={"X-CSRF-Token": csrf})


def _tray_cents(demo: Demo, table: int) -> int:
    tray = next(t.tray for t in site_status(demo.url, "demo", "S1").trays if t.table == table)
    return sum(
        round(float(value) * 100) * int(count)
        for count, value in re.findall(r"(\d+) x \$([\d.]+)", tray)
    )


def test_99_01_3_08_05_3_a_fill_asked_at_the_table_is_prepared_verified_and_reaches_it(
    demo: Demo,
) -> None:
    d1, d1_csrf = demo.api_client("d1")
    opened = _open(d1, d1_csrf, "bj-1", books_site="S1", books_table=1)
    assert opened.status_code == 201, opened.text  # type: ignore[attr-defined]
    view = d1.get("/api/tables/bj-1").json()
    assert view["books_table"] == "S1 table 1"
    page = d1.get("/tables/bj-1")
    assert 'data-command="ask"' in page.text
    asked = d1.post(
        "/api/tables/bj-1/ask",
        json={"kind": "fill", "chips": "5x20"},
        headers={"X-CSRF-Token": d1_csrf},
    )
    assert asked.status_code == 200, asked.text
    assert (asked.json()["site"], asked.json()["table"]) == ("S1", 1)
    ask_id = asked.json()["ask_id"]
    # the chip bank sees it and prepares the slip from it: the form filled in
    c1, c1_csrf = demo.page_client("c1")
    slips = c1.get("/slips")
    assert f'href="/slips?ask={ask_id}#prepare"' in slips.text
    form = c1.get(f"/slips?ask={ask_id}")
    assert f'name="ask" value="{ask_id}"' in form.text
    assert 'value="5x20"' in form.text
    before = _tray_cents(demo, 1)
    snapshot = demo.snapshot()
    cashier = _cashier()
    drafts = len(demo.app.state.server.backoffice.drafts(cashier))
    wrong = c1.post(  # a slip for another table does not answer this ask
        "/slips/prepare",
        data={"csrf_token": c1_csrf, "kind": "fill", "site": "S1", "table": "3",
              "chips": "5x20", "ask": str(ask_id)},
    )  # fmt: skip
    assert wrong.status_code == 422
    assert "nothing was prepared" in wrong.text
    assert demo.snapshot() == snapshot
    assert len(demo.app.state.server.backoffice.drafts(cashier)) == drafts
    prepared = c1.post(
        "/slips/prepare",
        data={"csrf_token": c1_csrf, "kind": "fill", "site": "S1", "table": "1",
              "chips": "5x20", "ask": str(ask_id)},
    )  # fmt: skip
    assert prepared.status_code == 200, prepared.text
    assert "is answered by this slip" in prepared.text
    assert f'href="/slips?ask={ask_id}#prepare"' not in c1.get("/slips").text  # answered
    draft = re.search(r"draft (\d+)\)", prepared.text)
    assert draft is not None
    assert _tray_cents(demo, 1) == before  # prepared is not verified: no chips moved yet
    sm, sm_csrf = demo.page_client("sm")
    verified = sm.post(f"/slips/{draft.group(1)}/verify", data={"csrf_token": sm_csrf})
    assert verified.status_code == 200, verified.text
    assert _tray_cents(demo, 1) == before + 10_000  # twenty $5 chips to the table


def test_only_a_physical_twenty_one_or_paddlewheel_table_of_the_books_is_linked(
    demo: Demo,
) -> None:
    d1, csrf = demo.api_client("d1")
    cases = [
        ({"books_site": "S9", "books_table": 1}, "no site 'S9'"),
        ({"books_site": "S1", "books_table": 9}, "no table 9 at S1"),
        ({"books_site": "S1", "books_table": 3}, "a PW table in the books"),
        ({"books_site": "S1", "books_table": 1, "mode": "virtual"}, "only a physical table"),
    ]
    for n, (more, said) in enumerate(cases):
        refused = _open(d1, csrf, f"bad-{n}", **more)
        assert refused.status_code == 422, (more, refused.text)  # type: ignore[attr-defined]
        assert said in refused.json()["detail"]  # type: ignore[attr-defined]
        assert d1.get(f"/api/tables/bad-{n}").status_code == 404
    # an unlinked table asks on the slips page instead
    assert _open(d1, csrf, "plain").status_code == 201  # type: ignore[attr-defined]
    unlinked = d1.post(
        "/api/tables/plain/ask",
        json={"kind": "fill", "chips": "5x1"},
        headers={"X-CSRF-Token": csrf},
    )
    assert unlinked.status_code == 422
    assert "not linked" in unlinked.json()["detail"]
    # a player may not ask
    p1, p1_csrf = demo.api_client("player1")
    assert _open(d1, csrf, "bj-2", books_site="S1", books_table=1).status_code == 201  # type: ignore[attr-defined]
    refused = p1.post(
        "/api/tables/bj-2/ask",
        json={"kind": "fill", "chips": "5x1"},
        headers={"X-CSRF-Token": p1_csrf},
    )
    assert refused.status_code == 403
    assert refused.json()["section"] == "99-01.3-08-05.3"


def test_99_01_3_08_05_3_two_people_answering_one_ask_make_one_slip(demo: Demo) -> None:
    # the chip bank cashier and the shift manager both open the ask and both pass its check
    # (it is open for each); then both prepare. The ask is taken in the slip's own transaction,
    # so the second is refused and leaves no second slip for the same chips.
    d1, d1_csrf = demo.api_client("d1")
    assert _open(d1, d1_csrf, "bj-1", books_site="S1", books_table=1).status_code == 201  # type: ignore[attr-defined]
    asked = d1.post(
        "/api/tables/bj-1/ask",
        json={"kind": "fill", "chips": "5x4"},
        headers={"X-CSRF-Token": d1_csrf},
    )
    ask_id = asked.json()["ask_id"]
    office = demo.app.state.server.backoffice
    cashier, manager = _cashier(), Actor("sm", frozenset({"shift manager"}), "sm")
    office.ask_to_answer(ask_id, "fill", "S1", 1)
    office.ask_to_answer(ask_id, "fill", "S1", 1)
    first = office.prepare(cashier, "fill", "S1", 1, "5x4", answers=ask_id)
    drafts = len(office.drafts(cashier))
    snapshot = demo.snapshot()
    with pytest.raises(InvalidInput, match="nothing was prepared"):
        office.prepare(manager, "fill", "S1", 1, "5x4", "c1", answers=ask_id)
    assert len(office.drafts(cashier)) == drafts
    assert demo.snapshot() == snapshot
    assert office.slip_ask(ask_id).draft_id == first.draft_id
