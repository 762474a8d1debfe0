"""Rough edges of the twenty-one table (issue 15): broke or departed players make room for new
ones, a refused or failed command leaves the table usable, a shoe holds exactly the table's
decks (99-01.3-08-02.3), a wager over the maximum shows the excess returned in dollars."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.cards import multi_deck
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.rng import SeededRng
from croupier.core.shoe import ReshuffleReason
from croupier.games.twentyone.actions import Action, ActionKind, SeatWager
from croupier.games.twentyone.events import PlayerJoined, PlayerLeft, ShoePrepared, TableOpened
from croupier.games.twentyone.rules import rules_from_dict
from croupier.games.twentyone.table import Table
from croupier.service.games.twentyone_table import TwentyOneTable
from croupier.store import open_store


def _finish(table: TwentyOneTable) -> None:
    while table.round is not None:
        pending = table.round.pending
        if pending.detail == "insurance?":
            kind = ActionKind.NO_INSURANCE
        elif pending.detail.startswith("second card"):
            kind = ActionKind.SECOND_CARD
        else:
            kind = ActionKind.STAND
        table.act(Action(kind, space=pending.seat, hand=pending.hand or 0))


def test_a_broke_player_leaves_and_a_new_player_takes_the_table(sqlite_url: str) -> None:
    rules = rules_from_dict({"minimum_wager": 200, "maximum_wager": 500})
    table = TwentyOneTable.open_or_resume(
        open_store(sqlite_url), SeededRng(5), rules, player="ann", bankroll=500
    )
    while not table.broke:  # $5 wagers until ann cannot cover the $2 minimum
        table.start_round([(1, min(500, table.bankroll - table.bankroll % 100), 0)])
        _finish(table)
    assert table.bankroll < 200
    with pytest.raises(InvalidInput, match="in chips"):
        table.start_round([(1, 200, 0)])  # fewer chips than the minimum: no lawful wager
    rounds = table.rounds
    assert isinstance(table.leave()[0], PlayerLeft)

    bob = TwentyOneTable.open_or_resume(
        open_store(sqlite_url), SeededRng(6), rules, player="bob", bankroll=2_000
    )
    assert not bob.seated
    assert isinstance(bob.sit_down(2_000)[-1], PlayerJoined)
    assert bob.table.players == ("bob",)
    bob.start_round([(3, 500, 0)])
    _finish(bob)
    assert bob.round is None
    assert bob.rounds == rounds + 1


def test_a_player_who_left_can_sit_down_again(sqlite_url: str) -> None:
    rules = rules_from_dict({})
    table = TwentyOneTable.open_or_resume(open_store(sqlite_url), SeededRng(2), rules)
    table.leave()
    with pytest.raises(InvalidInput, match="not seated"):
        table.start_round([(1, 500, 0)])
    table.sit_down(5_000)
    table.start_round([(1, 500, 0)])
    _finish(table)
    assert table.rounds == 1


def test_99_01_3_08_09_2_no_leaving_with_wagers_in_the_round(sqlite_url: str) -> None:
    table = TwentyOneTable.open_or_resume(open_store(sqlite_url), SeededRng(7), rules_from_dict({}))
    table.start_round([(1, 500, 0)])
    assert table.round is not None, "seed 7 must leave the round awaiting a decision"
    with pytest.raises(RuleViolation) as info:
        table.leave()
    assert info.value.section == "99-01.3-08-09.2"
    assert table.seated


class _FailingStore:
    """A store whose next append fails (a lost connection)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.fail = False

    def append(self, stream: str, events: Sequence[Event], expected_version: int) -> int:
        if self.fail:
            self.fail = False
            raise InvalidInput("the database went away")
        result: int = self.inner.append(stream, events, expected_version)
        return result

    def read(self, stream: str) -> list[Any]:
        result: list[Any] = self.inner.read(stream)
        return result

    def version(self, stream: str) -> int:
        result: int = self.inner.version(stream)
        return result


def test_a_failed_store_append_leaves_the_table_as_stored_and_usable(sqlite_url: str) -> None:
    store = _FailingStore(open_store(sqlite_url))
    table = TwentyOneTable.open_or_resume(store, SeededRng(3), rules_from_dict({}))
    upcoming, chips = table.upcoming, table.bankroll
    store.fail = True
    with pytest.raises(InvalidInput, match="went away"):
        table.start_round([(1, 500, 0)])
    assert table.round is None  # nothing of the failed round remains
    assert (table.upcoming, table.bankroll) == (upcoming, chips)
    table.start_round([(1, 500, 0)])  # and the table goes on
    _finish(table)
    assert table.rounds == 1


def test_a_refused_decision_changes_nothing_and_the_round_goes_on(sqlite_url: str) -> None:
    table = TwentyOneTable.open_or_resume(open_store(sqlite_url), SeededRng(7), rules_from_dict({}))
    table.start_round([(1, 500, 0)])
    assert table.round is not None
    before, version = table.round.snapshot(), table.version
    with pytest.raises(RuleViolation):
        table.act(Action(ActionKind.STAND, space=6))  # not space 6's turn (-11.4)
    assert table.round.snapshot() == before
    assert table.version == version
    _finish(table)
    assert table.round is None


def _opened(decks: int, order: tuple[Any, ...]) -> list[Event]:
    rules = rules_from_dict({"decks": decks})
    table = Table()
    events = table.open(rules)
    return [*events, ShoePrepared(order, 10, 75, "stacked")]


def test_99_01_3_08_02_3_a_fifty_thousand_card_shoe_is_refused() -> None:
    huge = tuple(multi_deck(8) * 121)[:50_000]
    with pytest.raises(RuleViolation) as info:
        Table.rebuilt(_opened(6, huge))
    assert info.value.section == "99-01.3-08-02.3"


def test_99_01_3_08_02_3_a_shoe_of_other_decks_is_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        Table.rebuilt(_opened(6, tuple(multi_deck(8))))
    assert info.value.section == "99-01.3-08-02.3"
    table = Table.rebuilt(_opened(6, tuple(multi_deck(6))))  # exactly six decks: accepted
    assert table.shoe is not None
    assert table.shoe.remaining == 6 * 52 - 1  # the burn card


def test_the_table_checks_wagers_against_each_players_chips() -> None:
    table = Table()
    table.open(rules_from_dict({}), "ann", 1_000)
    table.join("cy", 300)
    table.prepare_shoe(ReshuffleReason.NEW_SHOE, SeededRng(1))
    with pytest.raises(InvalidInput, match=r"cy has \$3.00"):
        table.check_wagers([SeatWager(1, 500, 0, "ann"), SeatWager(2, 400, 0, "cy")])
    with pytest.raises(InvalidInput, match="not seated"):
        table.check_wagers([SeatWager(1, 500, 0, "dee")])
    setup = table.check_wagers([SeatWager(1, 500, 0, "ann"), SeatWager(3, 300, 0, "cy")])
    assert [w.space for w in setup.wagers] == [1, 3]
    assert table.round is None  # checking changes nothing


def test_99_01_3_08_09_1_over_the_maximum_the_cli_shows_the_excess_in_dollars(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'over.db'}"
    assert (
        CliRunner().invoke(app, ["db", "upgrade", "--db", db]).exit_code == 0
    )  # play creates none
    result = CliRunner().invoke(
        app, ["play", "twentyone", "--db", db, "--seed", "3"], input="30\n\nq\n"
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "valued at the table maximum $25.00; the excess $5.00 is returned" in text
    assert "500" not in text.replace("$5.00", "")  # no cents at the terminal


def test_table_opened_without_player_then_players_join() -> None:
    table = Table()
    events: list[Event] = table.open(rules_from_dict({}))
    assert isinstance(events[0], TableOpened)
    assert table.players == ()
    table.join("ann", 1_000)
    with pytest.raises(InvalidInput, match="already seated"):
        table.join("ann", 1_000)
    assert table.players == ("ann",)


def test_99_01_3_08_09_1_the_cli_lets_a_broke_player_leave_and_buy_in_again(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'broke.db'}"
    assert (
        CliRunner().invoke(app, ["db", "upgrade", "--db", db]).exit_code == 0
    )  # play creates none
    args = ["play", "twentyone", "--db", db, "--seed", "4"]
    first = CliRunner().invoke(app, [*args, "--bankroll", "1.50"], input="q\n")
    assert first.exit_code == 0, first.output
    text = " ".join(first.output.split())
    assert "do not cover the table minimum of $2.00" in text
    assert "player leaves the table with $1.50 in chips" in text
    again = CliRunner().invoke(app, [*args, "--bankroll", "20"], input="q\n")
    assert again.exit_code == 0, again.output
    text = " ".join(again.output.split())
    assert "player sits down with $20.00 in chips" in text
    assert "Round 1 chips $20.00" in text


def test_99_01_3_08_08_2_a_shoe_in_use_is_reshuffled_only_on_the_rules_occasions() -> None:
    table = Table()
    table.open(rules_from_dict({}), "ann", 10_000)
    table.prepare_shoe(ReshuffleReason.NEW_SHOE, SeededRng(1))
    assert table.shoe is not None
    assert not table.shoe.reshuffle_due
    stack = table.shoe.stack
    for reason in (ReshuffleReason.NEW_SHOE, ReshuffleReason.INDICATOR):
        with pytest.raises(RuleViolation, match="99-01.3-08-08.2"):
            table.prepare_shoe(reason, SeededRng(2))
    assert table.shoe.stack == stack  # refused: nothing changed
    # the house's period without activity (the caller's clock) is one of the occasions
    events = table.prepare_shoe(ReshuffleReason.INACTIVITY, SeededRng(3))
    assert isinstance(events[0], ShoePrepared)
    assert events[0].reason == ReshuffleReason.INACTIVITY.value
