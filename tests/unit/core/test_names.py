"""The one validator of what a person types (issue 29, item 5): ids, names and notes keep only
characters a reader can see, within a length, wherever they are typed: the books, a tournament's
registration, a live table's seat. Expected refusals follow the Unicode categories named in
``core.names`` (a right-to-left override is U+202E, category Cf)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from croupier.core.clock import FixedClock
from croupier.core.errors import InvalidInput
from croupier.core.names import (
    IDENTIFIER_MAX,
    NAME_MAX,
    TEXT_MAX,
    check_identifier,
    check_name,
    check_text,
)
from croupier.service.people.authz import Actor
from croupier.service.tables.desk import TablesDesk
from croupier.service.tables.live import SeededRngSource
from croupier.store import open_store

ROOT = Path(__file__).resolve().parents[3]
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "Ann\u202enimda" prints as "Annadmin"


@pytest.mark.parametrize("check", [check_identifier, check_name, check_text])
@pytest.mark.parametrize("bad", [RLO, "\u200b", "\u2066", "\x07", "\u2028", "\ue000"])
def test_invisible_and_direction_changing_characters_are_refused(check, bad: str) -> None:
    with pytest.raises(InvalidInput, match="U\\+"):
        check(f"Ann{bad}x", "the field")


@pytest.mark.parametrize(
    ("check", "limit"),
    [(check_identifier, IDENTIFIER_MAX), (check_name, NAME_MAX), (check_text, TEXT_MAX)],
)
def test_each_kind_has_a_length_and_a_stored_value_is_read_whatever_its_length(
    check, limit: int
) -> None:
    assert check("a" * limit, "the field") == "a" * limit
    with pytest.raises(InvalidInput, match=f"{limit + 1:,} characters; .* at most {limit:,}"):
        check("a" * (limit + 1), "the field")
    assert check("a" * 10_000, "the field", None) == "a" * 10_000  # limit=None: as stored


def test_a_refusal_is_one_line_and_does_not_echo_a_whole_document() -> None:
    with pytest.raises(InvalidInput) as caught:
        check_name("x" * 10_000, "employee name")
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200


def test_names_keep_single_spaces_and_ids_none() -> None:
    assert check_name("Ann Smith", "name") == "Ann Smith"
    with pytest.raises(InvalidInput, match="a space"):
        check_identifier("ann smith", "id")
    with pytest.raises(InvalidInput, match="starts or ends with a space"):
        check_name(" Ann", "name")
    with pytest.raises(InvalidInput, match="U\\+00A0"):  # a no-break space looks like a space
        check_name("Ann\u00a0Smith", "name")


def test_a_live_tables_keyed_player_name_is_checked_and_nothing_is_seated() -> None:
    desk = TablesDesk(
        open_store("sqlite://"),
        SeededRngSource(4),
        ROOT / "examples/rules",
        FixedClock(datetime(2026, 7, 10, 20, 0, tzinfo=UTC)),
    )
    dealer = Actor("d1", frozenset({"dealer"}), "d1")
    rules = "twentyone-hole-card-no-peek-6deck-s17.toml"
    assert desk.open_table(dealer, "bj", "twentyone", rules, "physical").accepted
    before = desk.view(dealer, "bj")["version"]
    for bad in (f"Ann{RLO}nimda", "A" * (NAME_MAX + 1)):
        refused = desk.seat_wager(dealer, "bj", 2, "10", bad)
        assert not refused.accepted
        assert "player" in (refused.refusal or "")
    assert desk.view(dealer, "bj")["version"] == before
    assert desk.seat_wager(dealer, "bj", 2, "10", "Ann Smith").accepted


def test_a_tournament_registration_refuses_a_name_that_reads_otherwise_and_keeps_nothing() -> None:
    """Issue 29's probe registered a player whose name held a right-to-left override."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "tournaments"))
    from tournamenthelp import ADDRESS, DAY, poker_rules

    from croupier.tournaments import Tournament
    from croupier.tournaments.seating import seat_cards

    t = Tournament.define(poker_rules())
    card = seat_cards(t.main.tables, t.rules.table_seats)[0]
    before = len(t.state.events)
    for player, name, address in (
        (f"Ann{RLO}nimda", "", ADDRESS),
        ("ann", f"Ann{RLO}nimda", ADDRESS),
        ("ann", "A" * (NAME_MAX + 1), ADDRESS),
        ("ann", "Ann Smith", f"12 Oak{RLO} St"),
    ):
        with pytest.raises(InvalidInput, match="player"):
            t.register(
                player, collected_by="Cass Cashier", at=DAY, name=name, address=address, card=card
            )
        assert len(t.state.events) == before
    t.register(
        "ann", collected_by="Cass Cashier", at=DAY, name="Ann Smith", address=ADDRESS, card=card
    )
    assert len(t.state.events) > before


def test_the_books_refuse_a_ten_thousand_character_name_and_a_300_character_id() -> None:
    from croupier.books.operations import register_organization
    from croupier.books.state import Books

    with pytest.raises(InvalidInput, match="organization name .* at most 120"):
        register_organization(Books(), "post1", "N" * 10_000)
    with pytest.raises(InvalidInput, match="organization id .* at most 64"):
        register_organization(Books(), "p" * 300, "Post 1")
    assert register_organization(Books(), "post1", "Post 1")
