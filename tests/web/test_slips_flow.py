"""The fill and credit slip flow over the web: prepared by one person, verified by another
(99-01.3-08-05.5), voided by its preparer (-05.2); the books record the signed-in people."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from tests.web.conftest import Demo

from croupier.books import slips as domain
from croupier.books.model import ChipLine, SlipKind, Token
from croupier.core.errors import RuleViolation
from croupier.service.people.authz import Action, Actor, SlipFacts, decide
from croupier.store import open_existing_store

FILL = {"kind": "fill", "site": "S1", "table": 1, "chips": "$5x4,25x2", "cashier": "c1"}


def _books_entries(demo: Demo, type_: str) -> list[dict[str, object]]:
    with open_existing_store(demo.url) as store:
        return [e.payload for e in store.read_raw("books-demo") if e.type == type_]


def test_99_01_3_08_05_5_the_preparer_of_a_fill_slip_may_not_verify_it(demo: Demo) -> None:
    pb, pb_csrf = demo.api_client("pb")  # a pit boss may prepare and may verify (-05.3, .5)
    made = pb.post("/api/slips", json=FILL, headers={"X-CSRF-Token": pb_csrf})
    assert made.status_code == 201, made.text
    draft = made.json()
    assert (draft["preparer_account"], draft["total"], draft["status"]) == (
        "pb",
        "$70.00",
        "pending",
    )
    issued_before = len(_books_entries(demo, "books.slip_issued"))
    before = demo.snapshot()

    own = pb.post(f"/api/slips/{draft['draft_id']}/verify", headers={"X-CSRF-Token": pb_csrf})
    assert own.status_code == 403
    assert own.json()["section"] == "99-01.3-08-05.5"
    assert "prepared this slip and may not also verify it" in own.json()["detail"]
    assert demo.snapshot() == before

    sm, sm_csrf = demo.api_client("sm")
    done = sm.post(f"/api/slips/{draft['draft_id']}/verify", headers={"X-CSRF-Token": sm_csrf})
    assert done.status_code == 200, done.text
    assert done.json()["slip"]["status"] == "issued"
    issued = _books_entries(demo, "books.slip_issued")
    assert len(issued) == issued_before + 1
    last = issued[-1]
    # the books record the signed-in people: prepared by pb, verified by sm, $5x4 + $25x2
    assert (last["preparer_id"], last["verifier_id"], last["cashier_id"]) == ("pb", "sm", "c1")
    assert last["grand_total"] == 4 * 500 + 2 * 2500
    assert done.json()["number"] == last["number"]


def test_99_01_3_08_05_5_the_same_refusal_through_the_pages(demo: Demo) -> None:
    sm, csrf = demo.page_client("sm")
    page = sm.post("/slips/prepare", data={**FILL, "table": "1", "csrf_token": csrf})
    assert page.status_code == 200
    assert "awaits verification by another person" in page.text
    draft_id = sm.get("/api/slips").json()[0]["draft_id"]
    before = demo.snapshot()
    refused = sm.post(f"/slips/{draft_id}/verify", data={"csrf_token": csrf})
    assert refused.status_code == 403
    assert "Section 99-01.3-08-05.5" in refused.text
    assert demo.snapshot() == before
    gm, gm_csrf = demo.page_client("gm")
    verified = gm.post(f"/slips/{draft_id}/verify", data={"csrf_token": gm_csrf})
    assert verified.status_code == 200
    assert "recorded slip_issued" in verified.text


def test_the_preparer_is_the_signed_in_person_never_a_form_value(demo: Demo) -> None:
    c1, csrf = demo.api_client("c1")
    sneaky = {**FILL, "preparer": "sm", "preparer_employee": "sm", "verifier": "sm"}
    made = c1.post("/api/slips", json=sneaky, headers={"X-CSRF-Token": csrf})
    assert made.status_code == 201
    assert (made.json()["preparer_account"], made.json()["preparer_employee"]) == ("c1", "c1")


def test_99_01_3_08_05_2_a_prepared_slip_is_voided_by_its_preparer_only(demo: Demo) -> None:
    c1, c1_csrf = demo.api_client("c1")
    draft_id = c1.post("/api/slips", json=FILL, headers={"X-CSRF-Token": c1_csrf}).json()[
        "draft_id"
    ]
    pb, pb_csrf = demo.api_client("pb")
    before = demo.snapshot()
    other = pb.post(f"/api/slips/{draft_id}/void", headers={"X-CSRF-Token": pb_csrf})
    assert other.status_code == 403
    assert other.json()["section"] == "99-01.3-08-05.2"
    assert demo.snapshot() == before
    voided = c1.post(f"/api/slips/{draft_id}/void", headers={"X-CSRF-Token": c1_csrf})
    assert voided.status_code == 200, voided.text
    entry = _books_entries(demo, "books.slip_voided")[-1]
    # marked VOID and initialed by the preparer: Cass Cashier, initials CC
    assert (entry["preparer_id"], entry["preparer_initials"]) == ("c1", "CC")
    assert voided.json()["slip"]["status"] == "void"
    again = pb.post(f"/api/slips/{draft_id}/verify", headers={"X-CSRF-Token": pb_csrf})
    assert again.status_code == 422  # not awaiting verification any more


def test_a_slip_the_books_refuse_stays_pending_and_changes_nothing(demo: Demo) -> None:
    c1, c1_csrf = demo.api_client("c1")
    huge = {**FILL, "chips": "100x100000"}  # far more $100 chips than the chip bank holds
    draft_id = c1.post("/api/slips", json=huge, headers={"X-CSRF-Token": c1_csrf}).json()[
        "draft_id"
    ]
    sm, sm_csrf = demo.api_client("sm")
    before = demo.snapshot()
    refused = sm.post(f"/api/slips/{draft_id}/verify", headers={"X-CSRF-Token": sm_csrf})
    assert refused.status_code == 422
    assert "does not hold the chips" in refused.json()["detail"]
    assert demo.snapshot() == before


def test_bad_input_is_one_line_and_changes_nothing(demo: Demo) -> None:
    c1, csrf = demo.api_client("c1")
    before = demo.snapshot()
    for body, words in [
        ({**FILL, "chips": "five dollars"}, "value x quantity"),
        ({**FILL, "kind": "gift"}, "a slip is fill or credit"),
        ({**FILL, "table": 2}, "table 2 at site 'S1' is not open"),
        ({**FILL, "site": "S9"}, "no site 'S9'"),
        ({**FILL, "cashier": "d1x"}, "no employee 'd1x'"),
    ]:
        r = c1.post("/api/slips", json=body, headers={"X-CSRF-Token": csrf})
        assert r.status_code == 422, r.text
        assert words in r.json()["detail"]
        assert "\n" not in r.json()["detail"]
    assert demo.snapshot() == before


ROLE_OF = {
    "gm": "gaming manager",
    "sm": "shift manager",
    "pb": "pit boss",
    "d1": "dealer",
    "w1": "wheel operator",
    "c1": "cashier",
    "ct": "count team member",
    "ip": "independent person",
    "au": "auditor",
}


@pytest.mark.parametrize("employee", sorted(ROLE_OF))
def test_99_01_3_08_05_3_the_web_check_and_the_books_agree_on_who_prepares(
    demo: Demo, employee: str
) -> None:
    books = demo.app.state.server.backoffice.books()
    at = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)
    lines = (ChipLine(Token.ONE_DOLLAR, 1),)  # the chip bank and table 1's tray hold $1 chips
    actor = Actor(employee, frozenset({ROLE_OF[employee]}), employee)
    for kind, action in (
        (SlipKind.FILL, Action.PREPARE_FILL),
        (SlipKind.CREDIT, Action.PREPARE_CREDIT),
    ):
        web = decide(actor, action)
        try:
            domain.issue_slip(books, kind, "S1", 1, lines, at, employee, "c1", "gm")
            books_section = None
        except RuleViolation as exc:
            books_section = exc.section
        assert web.allowed == (books_section is None), (kind, web, books_section)
        if not web.allowed:
            assert web.section == books_section == "99-01.3-08-05.3"


@pytest.mark.parametrize("employee", sorted(ROLE_OF))
def test_99_01_3_08_05_5_the_web_check_and_the_books_agree_on_who_verifies(
    demo: Demo, employee: str
) -> None:
    books = demo.app.state.server.backoffice.books()
    at = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)
    lines = (ChipLine(Token.ONE_DOLLAR, 1),)  # the chip bank and table 1's tray hold $1 chips
    actor = Actor(employee, frozenset({ROLE_OF[employee]}), employee)
    dealing = frozenset({"d1", "w1"})  # the demo's open tables
    web = decide(actor, Action.VERIFY_SLIP, slip=SlipFacts("c1", "c1"), dealing_now=dealing)
    try:
        domain.issue_slip(books, SlipKind.FILL, "S1", 1, lines, at, "c1", "c1", employee)
        books_section = None
    except RuleViolation as exc:
        books_section = exc.section
    assert web.allowed == (books_section is None), (web, books_section)
    if not web.allowed:
        assert web.section == books_section == "99-01.3-08-05.5"


@pytest.mark.postgres
def test_99_01_3_08_05_5_prepare_and_verify_on_postgresql(postgres_url: str) -> None:
    from tests.web.conftest import make_demo

    demo = make_demo(postgres_url)
    try:
        pb, pb_csrf = demo.api_client("pb")
        draft_id = pb.post("/api/slips", json=FILL, headers={"X-CSRF-Token": pb_csrf}).json()[
            "draft_id"
        ]
        before = demo.snapshot()
        own = pb.post(f"/api/slips/{draft_id}/verify", headers={"X-CSRF-Token": pb_csrf})
        assert own.status_code == 403
        assert own.json()["section"] == "99-01.3-08-05.5"
        assert demo.snapshot() == before
        sm, sm_csrf = demo.api_client("sm")
        done = sm.post(f"/api/slips/{draft_id}/verify", headers={"X-CSRF-Token": sm_csrf})
        assert done.status_code == 200, done.text
        assert _books_entries(demo, "books.slip_issued")[-1]["verifier_id"] == "sm"
    finally:
        demo.app.state.server.close()


def test_99_01_3_08_05_2_a_paper_form_number_is_used_once_over_the_web(demo: Demo) -> None:
    pb, pb_csrf = demo.api_client("pb")
    sm, sm_csrf = demo.api_client("sm")
    with_form = {**FILL, "form": 7301}
    made = pb.post("/api/slips", json=with_form, headers={"X-CSRF-Token": pb_csrf})
    assert made.status_code == 201, made.text
    assert made.json()["form"] == 7301
    # the same paper form keyed again while the first awaits verification
    again = pb.post("/api/slips", json=with_form, headers={"X-CSRF-Token": pb_csrf})
    assert again.status_code == 422
    assert "already on a slip awaiting verification" in again.json()["detail"]
    done = sm.post(
        f"/api/slips/{made.json()['draft_id']}/verify", headers={"X-CSRF-Token": sm_csrf}
    )
    assert done.status_code == 200, done.text
    assert any("pre-printed form 7301" in line for line in done.json()["recorded"])
    last = _books_entries(demo, "books.slip_issued")[-1]
    assert last["form"] == 7301
    # and once it is in the books, the books refuse it (-05.2)
    before = demo.snapshot()
    late = pb.post("/api/slips", json=with_form, headers={"X-CSRF-Token": pb_csrf})
    assert late.status_code == 403
    assert late.json()["section"] == "99-01.3-08-05.2"
    assert demo.snapshot() == before


def test_99_01_3_08_05_2_voiding_a_prepared_paper_form_voids_that_form(demo: Demo) -> None:
    pb, pb_csrf = demo.api_client("pb")
    with_form = {**FILL, "form": 7401}
    made = pb.post("/api/slips", json=with_form, headers={"X-CSRF-Token": pb_csrf})
    assert made.status_code == 201, made.text
    void = pb.post(f"/api/slips/{made.json()['draft_id']}/void", headers={"X-CSRF-Token": pb_csrf})
    assert void.status_code == 200, void.text
    voided = _books_entries(demo, "books.slip_voided")[-1]
    assert (voided["form"], voided["game"]) == (7401, "21")
    again = pb.post("/api/slips", json=with_form, headers={"X-CSRF-Token": pb_csrf})
    assert again.status_code == 403
    assert again.json()["section"] == "99-01.3-08-05.2"
