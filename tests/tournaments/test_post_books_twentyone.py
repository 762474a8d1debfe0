"""``croupier tournament post --site``: a finished twenty-one tournament's fees and prizes in the
books' twenty-one tournament ledger, in the gaming day open at the site, and in that day's
twenty-one summary (99-01.3-08-15.1, -15.4, -16.1.e, f, g).

Expected figures are worked by hand from the golden file's steps (its description states them),
not read from the tournament's own records.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from croupier.books.daily import daily_record
from croupier.books.model import Game
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.service.books import day, setup
from croupier.service.books.service import read_books, record
from croupier.service.tournaments.live import Refused, TournamentDesk
from croupier.service.tournaments.post import post
from croupier.store import open_store

GOLDEN = Path(__file__).parent.parent / "golden" / "tournaments"
SPLIT = GOLDEN / "13_twentyone_split_when_two_remain.json"
POKER = GOLDEN / "09_satellite_transferable_buy_in_redeemed.json"
OFFSET = "-05:00"
AT = "2026-08-01T23:00:00-05:00"


def _books(tmp_path: Path, open_on: str | None = "2026-08-01") -> str:
    """Organization p1, site S1 (twenty-one table 1) with $500 in its cash bank, manager mm and
    the cashier (the files' default collector); the day ``open_on`` open from 10:00 -05:00."""
    url = f"sqlite:///{tmp_path / 'b.db'}"
    record(url, "p1", None, setup.init("p1", "Post 1"), create=True)
    record(url, "p1", None, setup.add_site("S1", "Lodge Hall", False, False))
    record(url, "p1", None, setup.add_table("S1", 1, "21"))
    for request in (
        setup.add_employee("mm", "Mo Manager", "MM", ["shift manager"], "gaming", None, None, []),
        setup.add_employee("cashier", "Cass Cashier", "CC", ["cashier"], "gaming", "mm", None, []),
    ):
        record(url, "p1", None, request)
    record(url, "p1", "2026-07-29T09:00:00-05:00", setup.fund("S1", "$500"))
    if open_on is not None:
        record(
            url, "p1", f"{open_on}T10:00:00-05:00", day.open_day("S1", open_on, "mm,cashier", "mm")
        )
    return url


def test_99_01_3_08_16_1_g_split_tournament_posted_into_the_day(tmp_path: Path) -> None:
    url = _books(tmp_path)
    posted = post(url, "p1", SPLIT, None, OFFSET, site_id="S1", at=AT)
    # by hand: the registration, 3 entries of $50 and 3 cash prizes (Z $15; the split X $50,
    # Y $40) = 7 entries; gross $150, prizes $105, adjusted gross proceeds $45.
    assert posted.entries == 7
    assert posted.lines == [
        "S1 bj2: gross proceeds $150.00, prizes $105.00, adjusted gross proceeds $45.00"
    ]
    books = read_books(url, "p1").books
    # the cash bank: $500 + $150 - $105 = $545
    assert books.sites["S1"].cash_bank == 54500
    r = daily_record(books, "S1", "2026-08-01")
    g = r.game(Game.TWENTY_ONE)
    assert g is not None
    assert (g.gross_proceeds, g.prizes) == (15000, 10500)
    with pytest.raises(InvalidInput, match="posted once"):
        post(url, "p1", SPLIT, None, OFFSET, site_id="S1", at=AT)


def test_99_01_3_08_15_4_merchandise_prize_posted_at_cost(tmp_path: Path) -> None:
    data = json.loads(SPLIT.read_text())
    # third place is a $15 gift basket instead of $15 cash
    data["rules"]["payout"] = {
        "amounts": ["$60", "$30"],
        "merchandise": [{"place": 3, "description": "gift basket", "value": "$15"}],
    }
    for key in ("prize_register", "record_of_win"):
        data["expect"].pop(key, None)
    path = tmp_path / "merch.json"
    path.write_text(json.dumps(data))
    url = _books(tmp_path)
    post(url, "p1", path, None, OFFSET, site_id="S1", at=AT)
    books = read_books(url, "p1").books
    t = books.t21_tournaments.tournaments["bj2"]
    assert [(p.player, p.cash, p.merchandise_cost, p.description) for p in t.prizes if
            p.merchandise_cost] == [("Z", 0, 1500, "gift basket")]  # fmt: skip
    # merchandise is bought from the gaming account: the cash bank pays only $90 in cash
    assert books.sites["S1"].cash_bank == 50000 + 15000 - 9000


def test_99_01_3_08_15_4_a_prize_kind_per_place_posted(tmp_path: Path) -> None:
    """Golden file 27 (issue 30): four $100 entries; 3rd a $40 dinner paid when decided, 1st a
    $300 weekend, 2nd $50 cash. By hand: the registration, 4 fees and 3 prizes = 8 entries;
    gross $400, prizes $390, adjusted $10; the cash bank pays only the $50 in cash:
    $500 + $400 - $50 = $850."""
    url = _books(tmp_path)
    path = GOLDEN / "27_twentyone_prize_kind_per_place.json"
    posted = post(url, "p1", path, None, OFFSET, site_id="S1", at=AT)
    assert posted.entries == 8
    assert posted.lines == [
        "S1 bj: gross proceeds $400.00, prizes $390.00, adjusted gross proceeds $10.00"
    ]
    books = read_books(url, "p1").books
    t = books.t21_tournaments.tournaments["bj"]
    assert [(p.player, p.cash, p.merchandise_cost) for p in t.prizes] == [
        ("Z", 0, 4000),
        ("X", 0, 30000),
        ("Y", 5000, 0),
    ]
    assert books.sites["S1"].cash_bank == 85000


def test_99_01_3_08_16_1_e_post_needs_the_gaming_day_open(tmp_path: Path) -> None:
    url = _books(tmp_path, open_on=None)
    with pytest.raises(InvalidInput, match="no gaming day is open"):
        post(url, "p1", SPLIT, None, OFFSET, site_id="S1", at=AT)
    (tmp_path / "other").mkdir()
    url2 = _books(tmp_path / "other", open_on="2026-07-30")
    with pytest.raises(RuleViolation) as err:  # the tournament's times are not that day's
        post(url2, "p1", SPLIT, None, OFFSET, site_id="S1", at="2026-07-31T09:00:00-05:00")
    assert err.value.section == "99-01.3-08-16.1"
    assert read_books(url2, "p1").books.t21_tournaments.tournaments == {}


def test_post_names_where_it_goes(tmp_path: Path) -> None:
    url = _books(tmp_path)
    with pytest.raises(InvalidInput, match="--site"):
        post(url, "p1", SPLIT, None, OFFSET)
    with pytest.raises(InvalidInput, match="--occasion"):
        post(url, "p1", POKER, None, OFFSET, site_id="S1")


def test_99_01_3_08_16_1_e_posted_after_later_entries_of_the_day(tmp_path: Path) -> None:
    """The day goes on after the tournament: the post is recorded when it is made, each fee and
    prize with its time in the tournament (which must fall inside the open day)."""
    url = _books(tmp_path)
    record(url, "p1", "2026-08-01T12:30:00-05:00", setup.fund("S1", "$100"))
    post(url, "p1", SPLIT, None, OFFSET, site_id="S1", at=AT)
    t = read_books(url, "p1").books.t21_tournaments.tournaments["bj2"]
    assert {f.at for f in t.fees} == {"2026-08-01T23:00:00-05:00"}
    assert {f.played_at for f in t.fees} == {"2026-08-01T12:00:00-05:00"}


def test_99_01_3_08_16_1_g_a_tournament_kept_in_the_database_is_posted_by_its_id(
    tmp_path: Path,
) -> None:
    """The split tournament run command by command in the database (as `tournament do` and the
    pages run it), then posted by its id: the same figures as its file."""
    url = _books(tmp_path)
    data = json.loads(SPLIT.read_text())
    store = open_store(url)
    try:
        desk = TournamentDesk(store)
        desk.create(data["rules"], "mm", "bj2", "2026-08-01T11:00")
        for step in data["steps"]:
            args = {k: v for k, v in step.items() if k not in ("do", "at", "expect", "refused")}
            try:
                desk.do("bj2", step["do"], args, "cashier", "2026-08-01T12:00")
            except Refused:
                assert "refused" in step, step
    finally:
        store.close()
    posted = post(url, "p1", Path("bj2"), None, OFFSET, site_id="S1", at=AT)
    assert posted.lines == [
        "S1 bj2: gross proceeds $150.00, prizes $105.00, adjusted gross proceeds $45.00"
    ]
    with pytest.raises(InvalidInput, match="neither a tournament file nor a tournament"):
        post(url, "p1", Path("nothing-here"), None, OFFSET, site_id="S1", at=AT)
