"""The authorization matrix: every role (and a person not signed in) against every endpoint the
server has, pages and API. The expectations are written here from the rule text, not read from
``croupier.service.people.authz``:

- 99-01.3-08-05.3: "A fill slip must be prepared by a chip bank cashier, pit boss, or shift
  manager. A credit slip must be prepared by a dealer, wheel operator, pit boss, or shift
  manager."
- 99-01.3-08-05.5: the shift manager or an authorized employee on duty, not presently dealing,
  verifies the chips (croupier's books authorize pit bosses and gaming managers too); never the
  slip's own preparer.
- 99-01.3-08-05.2: a voided slip is marked VOID and initialed by its preparer.
- Reading the records (status, slips, hash chains, the daily record) is house policy,
  documented in docs/web.md; accounts are the owner's.
- Live tables (house policy, docs/web.md): the organization's people who conduct games (dealer,
  wheel operator, pit boss, shift manager) run a table; a player plays for their own seat;
  everyone signed in may look (each as the rules let them see).
- Tournaments: the schedule is posted for the players (99-01.3-09-05.1), so everyone signed in
  reads it and sees the tournament; a fee is collected by a cashier or a gaming or shift
  manager, who is its recorded collector (99-01.3-09-07.1.c); a gaming or shift manager defines
  and runs a tournament (house policy); the registers, which hold players' addresses, are read
  by the owner, the managers, cashiers and auditors (house policy).

A refused request is 403 with the section (401 or the sign-in page when not signed in) and
leaves every stream version, every prepared slip and every account as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import DAY, Demo

from croupier.service.people.authz import Actor
from croupier.web import (
    api,
    api_office,
    api_tables,
    api_tournaments,
    pages,
    pages_entries,
    pages_factor,
    pages_office,
    pages_tables,
    pages_tournaments,
)

ANONYMOUS = "anonymous"
ACCOUNT_OF = {
    "owner": "owner",
    "gaming manager": "gm",
    "shift manager": "sm",
    "pit boss": "pb",
    "dealer": "d1",
    "wheel operator": "w1",
    "cashier": "c1",
    "count team member": "ct",
    "auditor": "au",
    "independent person": "ip",
    "state auditor": "sa",
    "player": "player1",
}
ROLES = [ANONYMOUS, *ACCOUNT_OF]
EVERYONE = frozenset(ACCOUNT_OF)

FILL_PREPARERS = frozenset({"cashier", "pit boss", "shift manager"})  # -05.3
CREDIT_PREPARERS = frozenset({"dealer", "wheel operator", "pit boss", "shift manager"})  # -05.3
VERIFIERS = frozenset({"shift manager", "pit boss", "gaming manager"})  # -05.5
THE_PREPARER_C1 = frozenset({"cashier"})  # -05.2: the demo's drafts are prepared by c1
STATUS_READERS = frozenset(
    {"owner", "gaming manager", "shift manager", "pit boss", "cashier", "auditor"}
)
SLIP_READERS = STATUS_READERS | {"dealer", "wheel operator"}
RECORD_READERS = frozenset({"owner", "gaming manager", "shift manager", "auditor"})
OWNER_ONLY = frozenset({"owner"})
TABLE_ENTRIES = frozenset({"dealer", "wheel operator", "pit boss", "shift manager"})
CASHIERS = frozenset({"cashier"})  # -06.2 (the books: a chip bank cashier redeems)
# -06.2: "An employee shall redeem a dealer's and wheel operator's tips through cash on hand"
TIP_REDEEMERS = frozenset({"cashier", "pit boss", "shift manager", "gaming manager"})
COUNTERS = frozenset({"count team member", "independent person"})  # -14.2
CLOSERS = frozenset({"shift manager", "gaming manager"})  # -16.1.a: the books' close_day
CAMERA_PEOPLE = frozenset({"gaming manager", "shift manager", "independent person"})  # -04.4.a
QUARTER_CLOSERS = frozenset({"gaming manager"})  # -16: books.periods.close_quarter
TABLE_STAFF = frozenset({"dealer", "wheel operator", "pit boss", "shift manager"})
PLAYERS = frozenset({"player"})
ROUND_READERS = frozenset({"owner", "gaming manager", "shift manager", "pit boss", "auditor"})
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
TOURNAMENT_MAKERS = frozenset({"gaming manager", "shift manager"})
FEE_COLLECTORS = frozenset({"cashier", "gaming manager", "shift manager"})  # -09-07.1.c
TOURNAMENT_RECORDS = RECORD_READERS | {"cashier"}
TOURNAMENT_RULES = "tournament-poker-holdem-bounty-satellite.toml"
SCHEDULE = "99-01.3-09-05.1"
TOURNAMENT_FEE = "99-01.3-09-07.1.c"
TOURNAMENT_BOOKS = "99-01.3-09-07"
AT = "2026-07-10T12:00"
REGISTER = {"command": "register", "player": "p-{role}", "address": "1 Main St", "at": AT}

HOUSE = "house policy (docs/web.md)"


@dataclass(frozen=True)
class Endpoint:
    """One endpoint as a test calls it: who may, and the section a refusal cites."""

    name: str
    method: str
    path: str
    allowed: frozenset[str]
    section: str | None = None
    form: dict[str, str] | None = None
    json: dict[str, object] | None = None
    needs_draft: str | None = None
    """``fill``: a fill slip prepared by c1 first; its id replaces ``{id}`` in the path."""
    fresh_session: bool = False
    """The call ends the session (sign out): made from a session of its own."""
    changes: bool = True
    """An allowed POST changes something (the password ones send a wrong current password)."""
    table: str | None = None
    """A live table opened for the call, its id replacing ``{table}``: ``open`` (nobody
    seated), ``wagered`` (player2 at seat 3 with a wager), ``dealt`` (and a round dealt) or
    ``seated`` (player1 at seat 2)."""
    tournament: str | None = None
    """A tournament created for the call, its id replacing ``{tournament_id}``: ``open``
    (nobody registered) or ``ready`` (two players registered, not started)."""

    @property
    def api(self) -> bool:
        return self.path.startswith("/api/")


FILL_FORM = {"kind": "fill", "site": "S1", "table": "1", "chips": "5x2", "cashier": "c1"}
CREDIT_FORM = {"kind": "credit", "site": "S1", "table": "1", "chips": "1x1", "cashier": "c1"}
DAILY = f"site=S1&day={DAY}"

ENDPOINTS: list[Endpoint] = [
    # pages
    Endpoint("home page", "GET", "/", EVERYONE),
    Endpoint("password page", "GET", "/password", EVERYONE),
    Endpoint("change password (wrong current)", "POST", "/password", EVERYONE,
             form={"current": "not it", "new": "a new password!", "again": "a new password!"},
             changes=False),
    Endpoint("sign out", "POST", "/logout", EVERYONE, fresh_session=True),
    Endpoint("switch organization", "POST", "/org", EVERYONE, form={"org": "demo"},
             fresh_session=True, changes=False),
    Endpoint("switch organization (API)", "POST", "/api/org", EVERYONE, json={"org": "demo"},
             fresh_session=True, changes=False),
    Endpoint("sites page", "GET", "/sites", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("site status page", "GET", "/sites/S1", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("slips page", "GET", "/slips", SLIP_READERS, "99-01.3-08-05.1"),
    Endpoint("prepare fill (form)", "POST", "/slips/prepare", FILL_PREPARERS, "99-01.3-08-05.3",
             form=FILL_FORM),
    Endpoint("prepare credit (form)", "POST", "/slips/prepare", CREDIT_PREPARERS,
             "99-01.3-08-05.3", form=CREDIT_FORM),
    Endpoint("verify (form)", "POST", "/slips/{id}/verify", VERIFIERS, "99-01.3-08-05.5",
             form={}, needs_draft="fill"),
    Endpoint("void a prepared fill (form)", "POST", "/slips/{id}/void", THE_PREPARER_C1,
             "99-01.3-08-05.2", form={}, needs_draft="fill"),
    Endpoint("void next fill (form)", "POST", "/slips/void-next", FILL_PREPARERS,
             "99-01.3-08-05.2", form={"kind": "fill", "site": "S1"}),
    Endpoint("void next credit (form)", "POST", "/slips/void-next", CREDIT_PREPARERS,
             "99-01.3-08-05.2", form={"kind": "credit", "site": "S1"}),
    Endpoint("verify page", "GET", "/verify", RECORD_READERS, "99-01.3-08-16"),
    Endpoint("daily page", "GET", f"/reports/daily?{DAILY}", RECORD_READERS, "99-01.3-08-16.1"),
    Endpoint("daily CSV", "GET", f"/reports/daily/download?{DAILY}&format=csv", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("daily PDF", "GET", f"/reports/daily/download?{DAILY}&format=pdf", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("close a quarter (form)", "POST", "/reports/quarterly/close", QUARTER_CLOSERS,
             "99-01.3-08-16", form={"quarter": "2026Q9"}, changes=False),
    Endpoint("accounts page", "GET", "/accounts", OWNER_ONLY, HOUSE),
    Endpoint("create account (form)", "POST", "/accounts", OWNER_ONLY, HOUSE,
             form={"name": "new-{role}", "roles": "player"}),
    # the books' entries as forms (one shown here; every form asks the policy the same way)
    Endpoint("books entries", "GET", "/books", EVERYONE),
    Endpoint("a tip's form", "GET", "/books/tip", TABLE_ENTRIES, "99-01.3-08-06"),
    Endpoint("a tip, wrong chips (form)", "POST", "/books/tip", TABLE_ENTRIES, "99-01.3-08-06",
             form={"site": "S1", "table": "1", "chips": "no chips"}, changes=False),
    # the second factor: each person's own; its reset, the owner's
    Endpoint("second factor page", "GET", "/second-factor", EVERYONE),
    Endpoint("start a second factor (form)", "POST", "/second-factor/start", EVERYONE),
    Endpoint("confirm it, a wrong code (form)", "POST", "/second-factor/confirm", EVERYONE,
             form={"code": "000000"}, changes=False),
    Endpoint("new recovery codes, none set up (form)", "POST", "/second-factor/recovery-codes",
             EVERYONE, form={"code": "000000"}, changes=False),
    Endpoint("reset a second factor, none set up (form)", "POST",
             "/accounts/player1/second-factor/reset", OWNER_ONLY, HOUSE, changes=False),
    # API
    Endpoint("me", "GET", "/api/me", EVERYONE),
    Endpoint("change password (API, wrong current)", "POST", "/api/password", EVERYONE,
             json={"current": "not it", "new": "a new password!"}, changes=False),
    Endpoint("sign out (API)", "POST", "/api/logout", EVERYONE, fresh_session=True),
    Endpoint("sites", "GET", "/api/sites", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("site status", "GET", "/api/sites/S1/status", STATUS_READERS, "99-01.3-08-16"),
    Endpoint("slips", "GET", "/api/slips", SLIP_READERS, "99-01.3-08-05.1"),
    Endpoint("prepare fill", "POST", "/api/slips", FILL_PREPARERS, "99-01.3-08-05.3",
             json={**FILL_FORM, "table": 1}),
    Endpoint("prepare credit", "POST", "/api/slips", CREDIT_PREPARERS, "99-01.3-08-05.3",
             json={**CREDIT_FORM, "table": 1}),
    Endpoint("verify", "POST", "/api/slips/{id}/verify", VERIFIERS, "99-01.3-08-05.5",
             needs_draft="fill"),
    Endpoint("void a prepared fill", "POST", "/api/slips/{id}/void", THE_PREPARER_C1,
             "99-01.3-08-05.2", needs_draft="fill"),
    Endpoint("void next fill", "POST", "/api/slips/void-next", FILL_PREPARERS,
             "99-01.3-08-05.2", json={"kind": "fill", "site": "S1"}),
    Endpoint("void next credit", "POST", "/api/slips/void-next", CREDIT_PREPARERS,
             "99-01.3-08-05.2", json={"kind": "credit", "site": "S1"}),
    Endpoint("hash chains", "GET", "/api/verify", RECORD_READERS, "99-01.3-08-16"),
    Endpoint("daily JSON", "GET", f"/api/reports/daily?{DAILY}", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("daily CSV (API)", "GET", f"/api/reports/daily?{DAILY}&format=csv", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("daily PDF (API)", "GET", f"/api/reports/daily?{DAILY}&format=pdf", RECORD_READERS,
             "99-01.3-08-16.1"),
    Endpoint("accounts", "GET", "/api/accounts", OWNER_ONLY, HOUSE),
    Endpoint("create account", "POST", "/api/accounts", OWNER_ONLY, HOUSE,
             json={"name": "api-{role}", "roles": ["player"]}),
    # the count and the daily close (the forms here are refused by the books, 422: the
    # demo's day has no drop box to count and its tables are open)
    Endpoint("count and close page", "GET", "/day", COUNTERS | CLOSERS | {"pit boss"},
             "99-01.3-08-16.1.a"),
    Endpoint("open a count (form)", "POST", "/day/count", COUNTERS, "99-01.3-08-14.2",
             form={"site": "S1", "box": "not-a-box", "partner": "ip", "amount": "1"},
             changes=False),
    Endpoint("a step of a count (form)", "POST", "/day/counts/999/enter", COUNTERS,
             "99-01.3-08-14.2", form={"site": "S1", "amount": "1"}, changes=False),
    Endpoint("cameras page", "GET", "/cameras", CAMERA_PEOPLE, "99-01.3-08-04.4.a"),
    # no table 99: allowed, refused by the books (422), nothing changes
    Endpoint("a camera step (form)", "POST", "/cameras/review", CAMERA_PEOPLE,
             "99-01.3-08-04.4.a", form={"site": "S1", "table": "99", "working": "yes"},
             changes=False),
    # the demo's day is open and table 99 does not exist: allowed, refused by the books (422)
    Endpoint("open the day (form)", "POST", "/day/open", CLOSERS, "99-01.3-08-16.1",
             form={"site": "S1", "day": DAY, "on_duty": "sm"}, changes=False),
    Endpoint("open a table (form)", "POST", "/day/open-table",
             frozenset({"shift manager", "pit boss"}), "99-01.3-08-07",
             form={"site": "S1", "table": "99", "dealer": "d2", "max_wager": "25"},
             changes=False),
    Endpoint("end a shift (form)", "POST", "/day/end-shift", frozenset({"shift manager"}),
             "99-01.3-08-14.1", form={"site": "S1", "table": "99"}, changes=False),
    Endpoint("close the day (form)", "POST", "/day/close", CLOSERS, "99-01.3-08-16.1.a",
             form={"site": "S1", "cash_bank": "not money"}, changes=False),
    Endpoint("print a slip", "GET", "/slips/print?kind=fill&number=1", SLIP_READERS,
             "99-01.3-08-05.1"),
    # the chip bank (the demo's players hold no $1,000 of chips and d2 has no tips: the books
    # refuse, 422)
    Endpoint("redeem chips (form)", "POST", "/sites/S1/redeem", CASHIERS, "99-01.3-08-06.2",
             form={"chips": "100x10"}, changes=False),
    Endpoint("redeem tips (form)", "POST", "/sites/S1/redeem-tips", TIP_REDEEMERS,
             "99-01.3-08-06.2", form={"dealer": "nobody"}, changes=False),
    # the slip registers
    Endpoint("slip register page", "GET", "/reports/slips?kind=fill", RECORD_READERS,
             "99-01.3-08-05.2"),
    Endpoint("slip register PDF", "GET", "/reports/slips/download?kind=credit&format=pdf",
             RECORD_READERS, "99-01.3-08-05.2"),
    # quarterly summary and percent-of-hold
    Endpoint("quarterly page", "GET", "/reports/quarterly?quarter=2026Q1", RECORD_READERS,
             "99-01.3-08-16.1.g"),
    Endpoint("quarterly CSV", "GET", "/reports/quarterly/download?quarter=2026Q1&format=csv",
             RECORD_READERS, "99-01.3-08-16.1.g"),
    Endpoint("hold page", "GET", "/reports/hold", RECORD_READERS, "99-01.3-08-04.8"),
    Endpoint("hold PDF", "GET", "/reports/hold/download?format=pdf", RECORD_READERS,
             "99-01.3-08-04.8"),
    # the back office's API beyond the slips (the books refuse the commands here, 422)
    Endpoint("quarterly (API)", "GET", "/api/reports/quarterly?quarter=2026Q1", RECORD_READERS,
             "99-01.3-08-16.1.g"),
    Endpoint("hold (API, PDF)", "GET", "/api/reports/hold?format=pdf", RECORD_READERS,
             "99-01.3-08-04.8"),
    Endpoint("slip register (API)", "GET", "/api/reports/slips?kind=credit", RECORD_READERS,
             "99-01.3-08-05.2"),
    Endpoint("slip form (API)", "GET", "/api/slip-forms?kind=fill&number=1", SLIP_READERS,
             "99-01.3-08-05.1"),
    Endpoint("open a count (API)", "POST", "/api/counts", COUNTERS, "99-01.3-08-14.2",
             json={"site": "S1", "day": DAY, "table": 9, "shift": 1, "partner": "d2",
                   "amount": "1"}, changes=False),
    Endpoint("your counts (API)", "GET", "/api/counts", COUNTERS, "99-01.3-08-14.2"),
    # no count 999: allowed, refused as bad input (422), nothing changes
    Endpoint("enter your count (API)", "POST", "/api/counts/999/enter", COUNTERS,
             "99-01.3-08-14.2", json={"amount": "1"}, changes=False),
    Endpoint("propose a resolution (API)", "POST", "/api/counts/999/propose", COUNTERS,
             "99-01.3-08-14.2", json={"amount": "1", "resolution": "recounted"},
             changes=False),
    Endpoint("agree to a resolution (API)", "POST", "/api/counts/999/agree", COUNTERS,
             "99-01.3-08-14.2", json={"proposal": "$1.00 by ct: recounted"}, changes=False),
    Endpoint("record equal counts (API)", "POST", "/api/counts/999/record", COUNTERS,
             "99-01.3-08-14.2", changes=False),
    Endpoint("withdraw a count (API)", "POST", "/api/counts/999/withdraw", COUNTERS,
             "99-01.3-08-14.2", json={"reason": "x"}, changes=False),
    Endpoint("close the day (API)", "POST", "/api/sites/S1/close", CLOSERS, "99-01.3-08-16.1.a",
             json={"cash_bank": "not money"}, changes=False),
    # no such quarter: allowed, refused as bad input (422), nothing changes
    Endpoint("close a quarter (API)", "POST", "/api/quarters/2026Q9/close", QUARTER_CLOSERS,
             "99-01.3-08-16", json={"return_filed": False}, changes=False),
    Endpoint("opening balances (API)", "POST", "/api/sites/S1/opening-balances", QUARTER_CLOSERS,
             "99-01.3-08-16", json={"cash_bank": "not money", "audited_by": "au"},
             changes=False),
    Endpoint("table rent (API)", "POST", "/api/sites/S1/rent", QUARTER_CLOSERS, "99-01.3-08-01",
             json={"table": 1, "month": "2026-13", "amount": "$100"}, changes=False),
    Endpoint("redeem chips (API)", "POST", "/api/sites/S1/redemptions", CASHIERS,
             "99-01.3-08-06.2", json={"chips": "100x10"}, changes=False),
    Endpoint("redeem tips (API)", "POST", "/api/sites/S1/tip-redemptions", TIP_REDEEMERS,
             "99-01.3-08-06.2", json={"dealer": "nobody"}, changes=False),
    # live tables: pages
    Endpoint("tables page", "GET", "/tables", EVERYONE),
    Endpoint("table page", "GET", "/tables/{table}", EVERYONE, table="wagered"),
    Endpoint("table rules page", "GET", "/tables/{table}/disclosure", EVERYONE, table="open"),
    Endpoint("open a table (form)", "POST", "/tables", TABLE_STAFF, HOUSE,
             form={"table": "pg-{role}", "game": "twentyone", "rules": RULES}),
    # live tables: API
    Endpoint("tables", "GET", "/api/tables", EVERYONE),
    Endpoint("open a table", "POST", "/api/tables", TABLE_STAFF, HOUSE,
             json={"table": "api-{role}", "game": "twentyone", "rules": RULES}),
    Endpoint("a table", "GET", "/api/tables/{table}", EVERYONE, table="wagered"),
    Endpoint("take a seat", "POST", "/api/tables/{table}/seat", PLAYERS, HOUSE,
             json={"seat": 5}, table="open"),
    Endpoint("set a wager", "POST", "/api/tables/{table}/wager", PLAYERS, HOUSE,
             json={"amount": "10"}, table="seated"),
    Endpoint("leave a seat", "POST", "/api/tables/{table}/unseat", PLAYERS, HOUSE,
             table="seated"),
    Endpoint("deal", "POST", "/api/tables/{table}/deal", TABLE_STAFF, HOUSE, table="wagered"),
    Endpoint("chance", "POST", "/api/tables/{table}/chance", TABLE_STAFF, HOUSE, table="dealt"),
    # a virtual table takes no key: allowed to table staff, answered 422, nothing changes
    # not linked to a table of the books: allowed, answered 422, nothing recorded
    Endpoint("ask the chip bank", "POST", "/api/tables/{table}/ask", TABLE_STAFF,
             "99-01.3-08-05.3", json={"kind": "fill", "chips": "5x1"}, table="physical",
             changes=False),
    Endpoint("key", "POST", "/api/tables/{table}/key", TABLE_STAFF, HOUSE,
             json={"outcome": "Ah"}, table="dealt", changes=False),
    # an old version: allowed to choose, answered 409, nothing changes
    Endpoint("choose", "POST", "/api/tables/{table}/choose", TABLE_STAFF | PLAYERS, HOUSE,
             json={"option": 0, "version": 1}, table="dealt", changes=False),
    # no round to settle: allowed, answered 422, nothing changes
    Endpoint("settle", "POST", "/api/tables/{table}/settle", TABLE_STAFF, HOUSE, table="open",
             changes=False),
    Endpoint("close a table", "POST", "/api/tables/{table}/close", TABLE_STAFF, HOUSE,
             table="open"),
    # issue 27: the dealer keys wagers by seat at a physical table
    Endpoint("key a seat's wager", "POST", "/api/tables/{table}/dealer-wager", TABLE_STAFF,
             HOUSE, json={"seat": 1, "amount": "10", "player": "ann"}, table="physical"),
    # an empty seat: allowed, answered 422 (nobody sits there), nothing changes
    Endpoint("empty a seat", "POST", "/api/tables/{table}/dealer-unseat", TABLE_STAFF, HOUSE,
             json={"seat": 7}, table="physical", changes=False),
    # a twenty-one table charges no half-hour fee: allowed, answered 422, nothing changes
    Endpoint("collect a fee", "POST", "/api/tables/{table}/fee", TABLE_STAFF, HOUSE,
             json={"seat": 1}, table="physical", changes=False),
    Endpoint("console", "GET", "/tables/{table}/console", EVERYONE, table="wagered"),
    Endpoint("dealing mistakes", "GET", "/tables/{table}/mistakes", EVERYONE, table="wagered"),
    Endpoint("pit page", "GET", "/pit", ROUND_READERS, HOUSE),
    Endpoint("pit tables", "GET", "/pit/tables", ROUND_READERS, HOUSE),
    # the dispute record shows every card: read by those who settle disputes and audit
    Endpoint("rounds page", "GET", "/tables/{table}/rounds", ROUND_READERS, HOUSE,
             table="settled"),
    Endpoint("round page", "GET", "/tables/{table}/rounds/1", ROUND_READERS, HOUSE,
             table="settled"),
    Endpoint("rounds", "GET", "/api/tables/{table}/rounds", ROUND_READERS, HOUSE,
             table="settled"),
    Endpoint("round file", "GET", "/api/tables/{table}/rounds/1", ROUND_READERS, HOUSE,
             table="settled"),
    # tournaments: pages
    Endpoint("tournaments page", "GET", "/tournaments", EVERYONE),
    Endpoint("create a tournament (form)", "POST", "/tournaments", TOURNAMENT_MAKERS, SCHEDULE,
             form={"rules": TOURNAMENT_RULES, "id": "pg-{role}"}),
    Endpoint("tournament page", "GET", "/tournaments/{tournament_id}", EVERYONE,
             tournament="open"),
    Endpoint("register a player (form)", "POST", "/tournaments/{tournament_id}/commands",
             FEE_COLLECTORS, TOURNAMENT_FEE, form=REGISTER, tournament="open"),
    Endpoint("start a tournament (form)", "POST", "/tournaments/{tournament_id}/commands",
             TOURNAMENT_MAKERS, HOUSE, form={"command": "start", "at": AT}, tournament="ready"),
    Endpoint("fee register CSV", "GET", "/tournaments/{tournament_id}/records/fees",
             TOURNAMENT_RECORDS, HOUSE, tournament="open"),
    Endpoint("schedule page", "GET", "/tournaments/{tournament_id}/schedule", EVERYONE,
             tournament="open"),
    # not finished: allowed to a gaming manager, answered 422, nothing recorded
    Endpoint("post to the books (form)", "POST", "/tournaments/{tournament_id}/books",
             QUARTER_CLOSERS, TOURNAMENT_BOOKS, form={"occasion": "spring"}, tournament="open",
             changes=False),
    Endpoint("schedule PDF", "GET", "/tournaments/{tournament_id}/schedule.pdf", EVERYONE,
             tournament="open"),
    # tournaments: API
    Endpoint("tournaments", "GET", "/api/tournaments", EVERYONE),
    Endpoint("create a tournament", "POST", "/api/tournaments", TOURNAMENT_MAKERS, SCHEDULE,
             json={"rules": TOURNAMENT_RULES, "id": "api-{role}"}),
    Endpoint("a tournament", "GET", "/api/tournaments/{tournament_id}", EVERYONE,
             tournament="open"),
    Endpoint("a tournament's schedule", "GET", "/api/tournaments/{tournament_id}/schedule",
             EVERYONE, tournament="open"),
    Endpoint("a tournament's records", "GET", "/api/tournaments/{tournament_id}/records",
             TOURNAMENT_RECORDS, HOUSE, tournament="open"),
    Endpoint("register a player", "POST", "/api/tournaments/{tournament_id}/commands",
             FEE_COLLECTORS, TOURNAMENT_FEE, json=REGISTER, tournament="open"),
    Endpoint("start a tournament", "POST", "/api/tournaments/{tournament_id}/commands",
             TOURNAMENT_MAKERS, HOUSE, json={"command": "start", "at": AT}, tournament="ready"),
    Endpoint("post to the books", "POST", "/api/tournaments/{tournament_id}/books",
             QUARTER_CLOSERS, TOURNAMENT_BOOKS, json={"occasion": "spring"}, tournament="open",
             changes=False),
]  # fmt: skip
PUBLIC = {
    ("GET", "/login"),
    ("POST", "/login"),
    ("POST", "/login/code"),
    ("POST", "/api/login"),
    ("GET", "/docs"),
}
"""Endpoints for a person not signed in yet (the sign-in itself, the API's documentation)."""


def test_the_matrix_covers_every_endpoint(shared_demo: Demo) -> None:
    served = set()
    routes = [
        *shared_demo.app.router.routes,
        *api.router.routes,
        *pages.router.routes,
        *pages_factor.router.routes,
        *pages_entries.router.routes,
        *api_tables.router.routes,
        *api_office.router.routes,
        *pages_tables.router.routes,
        *pages_office.router.routes,
        *api_tournaments.router.routes,
        *pages_tournaments.router.routes,
    ]
    for route in routes:
        methods = getattr(route, "methods", None) or set()
        path = getattr(route, "path", "")
        if path.startswith("/static") or path == "/openapi.json" or not methods:
            continue
        for method in methods - {"HEAD"}:
            served.add((method, path))
    tested = {
        (
            e.method,
            e.path.split("?")[0]
            .replace("{id}", "{draft_id}")
            .replace("/S1", "/{site}")
            .replace("/2026Q9", "/{quarter}")
            .replace("/records/fees", "/records/{register}")
            .replace("/rounds/1", "/rounds/{number}")
            .replace("/counts/999/", "/counts/{count_id}/")
            .replace("/day/counts/{count_id}/enter", "/day/counts/{count_id}/{step}")
            .replace("/cameras/review", "/cameras/{step}")
            .replace("/accounts/player1/", "/accounts/{name}/")
            .replace("/books/tip", "/books/{entry}"),
        )
        for e in ENDPOINTS
    }
    assert served - PUBLIC == tested
    assert len(tested) >= 30


_clients: dict[str, tuple[TestClient, str]] = {}


def _client(demo: Demo, role: str, fresh: bool) -> tuple[TestClient, str]:
    if role == ANONYMOUS:
        return demo.client(), ""
    if fresh:
        return demo.api_client(ACCOUNT_OF[role])
    if role not in _clients:
        _clients[role] = demo.api_client(ACCOUNT_OF[role])
    return _clients[role]


def _call(
    client: TestClient, csrf: str, e: Endpoint, path: str, role: str
) -> tuple[int, str, dict[str, object]]:
    headers = {"X-CSRF-Token": csrf} if (e.api and csrf) else {}
    if e.method == "GET":
        r = client.get(path, follow_redirects=False)
    elif e.api:
        body = _fill(e.json, role) if e.json is not None else None
        r = client.post(path, json=body, headers=headers, follow_redirects=False)
    else:
        form = {k: v.replace("{role}", role.replace(" ", "-")) for k, v in (e.form or {}).items()}
        if csrf:
            form["csrf_token"] = csrf
        r = client.post(path, data=form, follow_redirects=False)
    kind = r.headers.get("content-type", "")
    loaded = r.json() if kind.startswith("application/json") else {}
    return (
        r.status_code,
        r.text if "text/html" in kind else "",
        loaded if isinstance(loaded, dict) else {},
    )


def _fill(body: dict[str, object], role: str) -> dict[str, object]:
    return {
        k: v.replace("{role}", role.replace(" ", "-")) if isinstance(v, str) else v
        for k, v in body.items()
    }


def _draft(demo: Demo) -> int:
    """A fill slip prepared by the cashier c1, awaiting verification."""
    backoffice = demo.app.state.server.backoffice
    draft = backoffice.prepare(Actor("c1", frozenset({"cashier"}), "c1"), "fill", "S1", 1, "5x1")
    return int(draft.draft_id)


_tables = iter(range(1, 10_000))


def _live_table(demo: Demo, kind: str) -> str:
    """A fresh live table in the state ``kind`` names (``Endpoint.table``)."""
    desk = demo.app.state.server.tables
    table = f"mx-{next(_tables)}"
    staff = Actor("d1", frozenset({"dealer"}), "d1")
    mode = "physical" if kind == "physical" else "virtual"
    assert desk.open_table(staff, table, "twentyone", RULES, mode).accepted
    if kind == "settled":
        p2 = Actor("player2", frozenset({"player"}))
        assert desk.seat(p2, table, 3).accepted
        assert desk.wager(p2, table, "10").accepted
        assert desk.deal(staff, table).accepted
        _play_to_the_end(desk, table, staff)
        assert desk.settle(staff, table).accepted
    if kind in ("wagered", "dealt"):
        p2 = Actor("player2", frozenset({"player"}))
        assert desk.seat(p2, table, 3).accepted
        assert desk.wager(p2, table, "10").accepted
    if kind == "dealt":
        assert desk.deal(staff, table).accepted
    if kind == "seated":
        assert desk.seat(Actor("player1", frozenset({"player"})), table, 2).accepted
    return table


def _play_to_the_end(desk: object, table: str, staff: Actor) -> None:
    """The round played out: the chance moves drawn, each decision the first one offered."""
    hub = desk.hub  # type: ignore[attr-defined]
    for _ in range(200):
        t = hub.table(table)
        kind = t.play.pending.kind.value
        if kind == "none":
            return
        if kind == "chance":
            assert hub.chance(table, "d1").accepted
            continue
        seat = t.play.pending.seat if kind == "seat" else None
        action = hub.legal_actions(table)[0]
        assert hub.act(table, action, "d1", seat=seat).accepted
    raise AssertionError("the round did not end")


_tournaments = iter(range(1, 10_000))
SMALL_TOURNAMENT = {
    "game": "poker",
    "id": "x",
    "name": "Matrix Classic",
    "organization": "Demo Charity Post 1",
    "site": "Main Street Bar",
    "first_day": "2026-07-10",
    "last_day": "2026-07-10",
    "variant": "holdem",
    "entry_fee": "$100",
    "starting_chips": 5000,
    "min_players": 2,
    "levels": [{"small_blind": 25, "big_blind": 50}],
    "payout": {"pool_percent": 80, "places": [100]},
}


def _tournament(demo: Demo, kind: str) -> str:
    """A fresh tournament in the state ``kind`` names (``Endpoint.tournament``)."""
    desk = demo.app.state.server.tournaments
    tid = f"mx-{next(_tournaments)}"
    desk.create(SMALL_TOURNAMENT, "gm", tid, AT)
    if kind == "ready":
        for seat, player in enumerate(("ann", "bob"), 1):
            args = {"player": player, "address": "1 Main St", "card": [1, seat]}
            desk.do(tid, "register", args, "c1", AT)
    return tid


CASES = [(e, role) for e in ENDPOINTS for role in ROLES]


@pytest.mark.parametrize(("endpoint", "role"), CASES, ids=[f"{e.name}-{role}" for e, role in CASES])
def test_every_role_against_every_endpoint(
    shared_demo: Demo, endpoint: Endpoint, role: str
) -> None:
    demo = shared_demo
    path = endpoint.path
    if endpoint.needs_draft:
        path = path.replace("{id}", str(_draft(demo)))
    if endpoint.table is not None:
        path = path.replace("{table}", _live_table(demo, endpoint.table))
    if endpoint.tournament is not None:
        path = path.replace("{tournament_id}", _tournament(demo, endpoint.tournament))
    client, csrf = _client(demo, role, endpoint.fresh_session)
    allowed = endpoint.allowed | (
        # the state's auditor reads what the organization's own auditor reads (issue 29)
        {"state auditor"} if "auditor" in endpoint.allowed else set()
    )
    before = demo.snapshot()
    status, html, body = _call(client, csrf, endpoint, path, role)
    after = demo.snapshot()
    if role == ANONYMOUS:
        assert status == (401 if endpoint.api else 303), body
        assert after == before
    elif role in allowed:
        assert status not in (401, 403), (status, body, html[-800:])
        assert status < 500
        if endpoint.method == "POST":
            assert (after != before) == endpoint.changes, (status, body, html[-800:])
    else:
        assert status == 403, (status, body)
        if endpoint.api:
            assert body.get("section") == endpoint.section, body
        else:
            assert f"Section {endpoint.section}" in html
        assert after == before, "a refused request changed something"
