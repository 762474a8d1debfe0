"""Issue 30's commands in a tournament kept in the database (``TournamentDesk``) and from the
command line: a refund of one fee, a satellite's rebuy, a place paid when decided, a director's
move and chips removed as a penalty, each recorded with who did it, or refused with its
section and nothing appended.

Figures worked by hand: five players at $100 with places 50/25/15/6/4 of an 80% pool: $400,
so 5th place is 4% of it, $16 (-09-03.4.f).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tournamenthelp import ADDRESS, DAY, poker_rules
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.service.tables.live import SeededRngSource
from croupier.service.tournaments.live import Refused, TournamentDesk, stream_of
from croupier.store import EventStore, open_store

RUNNER = CliRunner()
SAT = {
    "id": "sat1",
    "entry_fee": "$30",
    "starting_chips": 1000,
    "min_players": 3,
    "buy_ins": 1,
    "rebuy": {"count": 1, "amount": "$30", "chips": 1000, "through_level": 1},
}
RULES = poker_rules(
    min_players=5,
    bounty="$10",
    seats_per_table=3,
    balancing="director",
    payout={"pool_percent": 80, "places": [50, 25, 15, 6, 4]},
    satellites=[SAT],
)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = open_store(f"sqlite:///{tmp_path / 't.db'}")
    yield opened
    opened.close()


def _desk(store: EventStore) -> TournamentDesk:
    desk = TournamentDesk(store, SeededRngSource(5))
    desk.create(RULES, "gm", "spring", DAY)
    return desk


def _register(desk: TournamentDesk, players: str, part: str | None = None) -> None:
    for i, p in enumerate(players, 1):
        args = {"player": p, "address": ADDRESS, "card": f"{(i + 2) // 3},{(i - 1) % 3 + 1}"}
        if part:
            args["tournament"] = part
        desk.do("spring", "register", args, "c1", DAY)


def test_99_01_3_09_02_8_desk_refund_of_the_bounty_alone_refused(store: EventStore) -> None:
    desk = _desk(store)
    _register(desk, "A")
    before = store.version(stream_of("spring"))
    with pytest.raises(Refused) as info:
        desk.do("spring", "refund", {"player": "A", "fee": "bounty"}, "c1", DAY)
    assert info.value.section == "99-01.3-09-02.8"
    assert store.version(stream_of("spring")) == before


def test_99_01_3_09_02_23_desk_satellite_rebuy(store: EventStore) -> None:
    desk = _desk(store)
    _register(desk, "STU", "sat1")
    desk.do("spring", "start", {"tournament": "sat1"}, "gm", DAY)
    done = desk.do("spring", "rebuy", {"player": "S", "tournament": "sat1"}, "c1", DAY)
    assert done.lines[0] == "rebuy fee $30.00 from S collected by c1"
    with pytest.raises(Refused) as info:
        desk.do("spring", "rebuy", {"player": "S", "tournament": "sat1"}, "c1", DAY)
    assert info.value.section == "99-01.3-09-02.23"


def test_99_01_3_09_06_2_f_and_09_05_2_desk_penalty_move_and_award(store: EventStore) -> None:
    """Five players, three seats a table: A-C at table 1, D and E at table 2. A forfeits 500
    chips for soft play (recorded with the person doing the command); D takes E's chips: E is
    5th, paid $16 at once. 3 and 1 at the tables: no hand until they are even; D cannot go to
    the full table 1, A moves from it to table 2's lowest free seat (2): 2 and 2."""
    desk = _desk(store)
    _register(desk, "ABCDE")
    desk.do("spring", "start", {}, "gm", DAY)
    done = desk.do(
        "spring", "remove_chips", {"player": "A", "chips": "500", "reason": "soft play"}, "td", DAY
    )
    assert done.lines == ["500 chips removed from A by td: soft play"]
    rows = desk.records("spring")["penalties"]
    assert rows[1] == ["spring", "A", "500", "td", "soft play", DAY]
    view = desk.view("spring")
    assert view["parts"][0]["tables"]["1"][0]["chips"] == 4500  # type: ignore[index]
    desk.do("spring", "start_hand", {"table": 2}, "gm", DAY)
    desk.do(
        "spring",
        "record_hand",
        {"table": 2, "chips": "D=5000,E=-5000", "eliminated_by": "E=D"},
        "gm",
        DAY,
    )
    done = desk.do("spring", "award", {"player": "E", "place": "5"}, "gm", DAY)
    assert done.lines == ["place 5 E: cash $16.00"]
    with pytest.raises(Refused) as info:
        desk.do("spring", "start_hand", {"table": 1}, "gm", DAY)
    assert info.value.section == "99-01.3-09-05.2"
    with pytest.raises(Refused) as info:
        desk.do("spring", "move", {"player": "D", "table": "1"}, "td", DAY)
    assert info.value.section == "99-01.3-09-05.2"  # table 1 is full (three seats)
    done = desk.do("spring", "move", {"player": "A", "table": "2"}, "td", DAY)
    assert done.lines == ["A moved to table 2 seat 2 by td"]
    desk.do("spring", "start_hand", {"table": 1}, "gm", DAY)


def test_command_line_options_of_the_new_commands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    db = ("--db", url)
    assert RUNNER.invoke(app, ["db", "upgrade", *db]).exit_code == 0
    rules = tmp_path / "rules.json"
    import json

    rules.write_text(json.dumps(poker_rules()), encoding="utf-8")
    assert RUNNER.invoke(app, ["tournament", "new", str(rules), "--id", "c", *db]).exit_code == 0
    for seat, p in enumerate("AB", 1):
        result = RUNNER.invoke(
            app,
            ["tournament", "do", "c", "register", "--player", p, "--address", ADDRESS,
             "--collected-by", "c1", "--card", f"1,{seat}", "--at", DAY, *db],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    result = RUNNER.invoke(
        app,
        ["tournament", "do", "c", "refund", "--player", "A", "--fee", "rebuy", "--at", DAY, *db],
    )
    assert result.exit_code == 2
    assert "no rebuy fee" in result.output
    assert RUNNER.invoke(app, ["tournament", "do", "c", "start", "--at", DAY, *db]).exit_code == 0
    result = RUNNER.invoke(
        app,
        ["tournament", "do", "c", "remove-chips", "--player", "B", "--chips", "100",
         "--reason", "soft play", "--by", "Dana", "--at", DAY, *db],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "100 chips removed from B by Dana: soft play" in result.output
    result = RUNNER.invoke(
        app,
        ["tournament", "do", "c", "move-player", "--player", "B", "--table", "2", "--seat", "1",
         "--by", "Dana", "--at", DAY, *db],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "99-01.3-09-05.2" in result.output


def test_a_table_number_in_other_digits_is_refused() -> None:
    """Issue 31: ``１`` (full-width) or ``١`` (Arabic-Indic) was read as table 1 by ``int()``."""
    from tournamenthelp import DAY, poker_rules

    from croupier.core.errors import InvalidInput
    from croupier.service.tournaments.commands import run_command
    from croupier.tournaments import Tournament

    t = Tournament.define(poker_rules())
    for table in ("１", "١", "1 1"):
        with pytest.raises(InvalidInput, match="the table is a whole number"):
            run_command(t, "start_hand", {"table": table}, "Dana Director", DAY, lambda: None)
