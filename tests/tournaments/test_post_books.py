"""``croupier tournament post`` (issue 19): a finished tournament's fees, prizes and redeemed
buy-ins recorded in the books' poker ledger, and the quarterly report's poker summary
(99-01.3-09-01, -03.4.d, -03.4.f, -07.1.f).

The expected figures are worked out by hand from the golden files' steps, not read from the
tournament's own records; the books are set up with the service requests the books tests use.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.books import consistency
from croupier.books.poker_ledger import PokerBuyInRedeemed
from croupier.books.state import Books
from croupier.cli.main import app
from croupier.core.errors import ConfigError, InvalidInput, RuleViolation
from croupier.service.books import games, setup
from croupier.service.books.reports import quarterly_report
from croupier.service.books.service import open_books, read_books, record
from croupier.service.tournaments.post import post
from croupier.store import open_existing_store
from croupier.tournaments import record_of_win
from croupier.tournaments.script import run_file

GOLDEN = Path(__file__).parent.parent / "golden" / "tournaments"
SATELLITE_REDEEMED = GOLDEN / "09_satellite_transferable_buy_in_redeemed.json"
SATELLITE_UNREDEEMED = GOLDEN / "10_satellite_buy_in_unredeemed_valued_zero.json"
OFFSET = "-05:00"


def _books(tmp_path: Path, first: str = "2026-07-10", last: str = "2026-07-12") -> str:
    """Organization p1 with site S1, the manager mm (Mo Manager), the director dd (Dana
    Director, as the rules name her) and the cashier (the files' default collector), and the
    poker occasion ``summer`` from ``first`` to ``last``."""
    url = f"sqlite:///{tmp_path / 'b.db'}"
    record(url, "p1", None, setup.init("p1", "Post 1"), create=True)
    record(url, "p1", None, setup.add_site("S1", "Main", False, False))
    for request in (
        setup.add_employee("mm", "Mo Manager", "MM", ["shift manager"], "gaming", None, None, []),
        setup.add_employee("dd", "Dana Director", "DD", ["pit boss"], "gaming", "mm", None, []),
        setup.add_employee("cashier", "Cass Cashier", "CC", ["cashier"], "gaming", "mm", None, []),
    ):
        record(url, "p1", None, request)
    record(url, "p1", None, games.poker_occasion("summer", first, last, "mm", "S1"))
    return url


def _version(url: str) -> int:
    store = open_existing_store(url)
    try:
        return store.version("books-p1")
    finally:
        store.close()


def _poker_rows(url: str, quarter: str) -> set[tuple[str, ...]]:
    svc = open_books(url, "p1")
    try:
        report = quarterly_report(svc, quarter)
    finally:
        svc.close()
    (table,) = [t for t in report.form.tables if t.title.startswith("Poker summary")]
    return {row[:5] for row in table.rows}  # gross, prizes, adjusted gross proceeds


def test_99_01_3_09_03_4_d_redeemed_buy_in_is_gross_proceeds_of_the_main(tmp_path: Path) -> None:
    url = _books(tmp_path)
    posted = post(url, "p1", SATELLITE_REDEEMED, "summer", OFFSET)
    # by hand: 4 satellite entries x 3 + 1 start = 5; the buy-in redeemed by Tom = 1; M1 and M2
    # pay cash = 2; the main's start and Tom's $240 prize = 2: ten entries.
    assert posted.entries == 10
    # by hand: sat1 4 x $30 = $120 in fees, its buy-in redeemed at the main's $100 cost is its
    # prize: $120 - $100 = $20. Main: Tom's redeemed $100 + M1 $100 + M2 $100 = $300; first
    # place 80% of $300 = $240: $300 - $240 = $60. Never combined (-09-01): two rows.
    assert _poker_rows(url, "2026Q3") == {
        ("summer", "sat1", "$120.00", "$100.00", "$20.00"),
        ("summer", "main", "$300.00", "$240.00", "$60.00"),
    }
    held = read_books(url, "p1").books.poker.occasions["summer"]
    assert held.tournaments["main"].fees == {"Tom": 10000, "M1": 10000, "M2": 10000}
    assert set(held.redeemed) == {"sat1-1"}
    # each player's address as the file registered it, kept with the first fee (-07.1.c)
    assert held.players["S1"][1] == "12 Oak St, Minot ND"
    assert set(held.players) == {"S1", "S2", "S3", "S4", "Tom", "M1", "M2"}


def test_99_01_3_09_03_4_d_unredeemed_buy_in_valued_at_zero(tmp_path: Path) -> None:
    url = _books(tmp_path)
    post(url, "p1", SATELLITE_UNREDEEMED, "summer", OFFSET)
    # by hand: sat1 4 x $30 = $120, its buy-in never redeemed is worth $0; main M1, M2, M3 pay
    # $100 each = $300, M1 wins 80% = $240.
    assert _poker_rows(url, "2026Q3") == {
        ("summer", "sat1", "$120.00", "$0.00", "$120.00"),
        ("summer", "main", "$300.00", "$240.00", "$60.00"),
    }
    assert not read_books(url, "p1").books.poker.occasions["summer"].redeemed


@pytest.mark.parametrize(
    "name",
    [
        "09_satellite_transferable_buy_in_redeemed.json",
        "10_satellite_buy_in_unredeemed_valued_zero.json",
        "11_bounties.json",
        "12_poker_split_prize_agreement.json",
        "14_poker_staff_refunds_days_transfers.json",
        "18_poker_rebuy_and_add_on_periods.json",
        "26_poker_fifth_place_paid_when_busted.json",
        "28_satellite_with_rebuys.json",
        "30_poker_chips_removed_as_a_penalty.json",
    ],
)
def test_99_01_3_09_07_1_f_books_agree_with_the_record_of_win(tmp_path: Path, name: str) -> None:
    """Every finished poker golden file posts, and the books' figures for each tournament id
    are the tournament's own record of win (bounties, splits, refunds before the start,
    rebuys and add-ons included)."""
    import json

    url = _books(tmp_path)
    post(url, "p1", GOLDEN / name, "summer", OFFSET)
    t, diffs = run_file(json.loads((GOLDEN / name).read_text()))
    assert t is not None
    assert not diffs
    held = read_books(url, "p1").books.poker.occasions["summer"].tournaments
    for line in record_of_win(t.state)[:-1]:
        assert (held[line.tournament].gross_proceeds, held[line.tournament].prizes) == (
            line.gross_proceeds,
            line.prizes,
        )


def test_99_01_3_09_07_posting_twice_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    url = _books(tmp_path)
    post(url, "p1", SATELLITE_REDEEMED, "summer", OFFSET)
    before = _version(url)
    with pytest.raises(InvalidInput, match="posted once"):
        post(url, "p1", SATELLITE_REDEEMED, "summer", OFFSET)
    assert _version(url) == before


def test_99_01_3_09_03_1_post_the_books_refuse_changes_nothing(tmp_path: Path) -> None:
    """The occasion in the books is the 11th and 12th; the satellite was played on the 10th:
    the books refuse its first fee, and nothing of the post is recorded (one append or none)."""
    url = _books(tmp_path, "2026-07-11", "2026-07-12")
    before = _version(url)
    with pytest.raises(RuleViolation) as refused:
        post(url, "p1", SATELLITE_REDEEMED, "summer", OFFSET)
    assert refused.value.section == "99-01.3-09-03.1"
    assert _version(url) == before
    assert not read_books(url, "p1").books.poker.occasions["summer"].tournaments


def test_99_01_3_09_01_refused_rules_post_nothing_with_their_sections(tmp_path: Path) -> None:
    url = _books(tmp_path)
    before = _version(url)
    with pytest.raises(ConfigError) as refused:
        post(url, "p1", GOLDEN / "01_poker_fee_cap_over_300_refused.json", "summer", OFFSET)
    assert "99-01.3-09-01" in {p.section for p in refused.value.problems}
    assert _version(url) == before


def test_99_01_3_08_15_twenty_one_tournament_is_not_posted_under_an_occasion(
    tmp_path: Path,
) -> None:
    url = _books(tmp_path)
    before = _version(url)
    with pytest.raises(InvalidInput, match="posted at a site: give --site"):
        post(url, "p1", GOLDEN / "13_twentyone_split_when_two_remain.json", "summer", OFFSET)
    assert _version(url) == before


def test_99_01_3_09_05_unfinished_tournament_and_naive_times_refused(tmp_path: Path) -> None:
    url = _books(tmp_path)
    with pytest.raises(InvalidInput, match="has not finished"):
        post(url, "p1", GOLDEN / "08_rebalancing_33_to_12.json", "summer", OFFSET)
    with pytest.raises(InvalidInput, match="no UTC offset"):
        post(url, "p1", SATELLITE_REDEEMED, "summer", None)
    with pytest.raises(InvalidInput, match="not an employee"):
        post(url, "p1", SATELLITE_REDEEMED, "summer", OFFSET, director="Nobody")
    assert not read_books(url, "p1").books.poker.occasions["summer"].tournaments


def test_99_01_3_09_03_4_d_buy_in_entry_is_checked_by_readers() -> None:
    fair = PokerBuyInRedeemed(
        "summer", "sat1", "main", "sat1-1", "Tom", 10000, "cashier", "2026-07-11T09:00:00-05:00"
    )
    assert consistency.check(fair) == []
    assert consistency.check(replace(fair, tournament_id="sat1")) == [
        "it redeems a buy-in in its own satellite (99-01.3-09-03.4.d)"
    ]
    assert consistency.check(replace(fair, cents=-1))
    problems = consistency.check_in_books(Books(), fair)
    assert problems
    assert "summer" in problems[0]


def test_99_01_3_09_07_tournament_post_command(tmp_path: Path) -> None:
    url = _books(tmp_path)
    runner = CliRunner()
    args = ["tournament", "post", str(SATELLITE_REDEEMED), "--occasion", "summer"]
    env = {"CROUPIER_DATABASE_URL": url, "CROUPIER_ORG": "p1"}
    done = runner.invoke(app, [*args, "--utc-offset", OFFSET], env=env, terminal_width=200)
    assert done.exit_code == 0, done.output
    assert "posted 10 books entries" in done.output
    assert "summer main: gross proceeds $300.00, prizes $240.00" in done.output
    again = runner.invoke(app, [*args, "--utc-offset", OFFSET], env=env, terminal_width=200)
    assert again.exit_code == 2, again.output
    assert "posted once" in again.output


def test_99_01_3_09_03_4_f_and_09_01_caps_on_a_redeemed_buy_in(tmp_path: Path) -> None:
    """The books' own checks of ``redeem_buy_in``: the satellite's prizes at most 90% of its
    fees (-03.4.f), the player's fees in the main at most $300 (-09-01), a receipt once."""
    from datetime import datetime

    from croupier.books import poker
    from croupier.books.poker_ledger import FeeKind

    books = read_books(_books(tmp_path), "p1").books
    at = datetime.fromisoformat("2026-07-10T18:00:00-05:00")
    books.apply_all(poker.start_tournament(books, "summer", "sat1", "dd", at))
    for player in ("S1", "S2", "S3", "S4"):
        fee = poker.collect_tournament_fee(
            books, "summer", "sat1", player, FeeKind.ENTRY, 3000, "cashier", at, player, "Fargo"
        )
        books.apply_all(fee)
    books.apply_all(
        poker.collect_tournament_fee(
            books, "summer", "main", "Al", FeeKind.ENTRY, 25000, "cashier", at, "Al", "Fargo"
        )
    )
    # by hand: the satellite's fees are 4 x $30 = $120; 90% is $108.
    redeem = poker.redeem_buy_in
    with pytest.raises(RuleViolation) as over:
        redeem(books, "summer", "sat1", "main", "sat1-1", "Tom", 10801, "cashier", at)
    assert over.value.section == "99-01.3-09-03.4.f"
    # Al paid $250 already: a $100 buy-in makes $350, over $300.
    with pytest.raises(RuleViolation) as cap:
        redeem(books, "summer", "sat1", "main", "sat1-1", "Al", 10000, "cashier", at)
    assert cap.value.section == "99-01.3-09-01"
    with pytest.raises(RuleViolation) as unnamed:  # Tom's first entry: his name and address
        redeem(books, "summer", "sat1", "main", "sat1-1", "Tom", 10000, "cashier", at)
    assert unnamed.value.section == "99-01.3-09-07.1.c"
    books.apply_all(
        redeem(books, "summer", "sat1", "main", "sat1-1", "Tom", 10000, "cashier", at, "T", "Minot")
    )
    with pytest.raises(InvalidInput, match="redeemed by Tom already"):
        redeem(books, "summer", "sat1", "main", "sat1-1", "Ann", 800, "cashier", at)
    t = books.poker.occasions["summer"].tournaments
    assert (t["sat1"].gross_proceeds, t["sat1"].prizes) == (12000, 10000)
    assert t["main"].fees == {"Al": 25000, "Tom": 10000}
