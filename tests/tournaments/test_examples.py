"""The example tournament rules files: each validates, names its regulation in a header,
comments every field and writes money in dollars; a copy with a field out of range is refused
with its section; each runs from registration to its prizes.

The files are ``examples/rules/tournament-*.toml`` (``tests/unit/test_examples.py``, which loads
the other examples as tables' rules, leaves them to this module).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tournamenthelp import ADDRESS

from croupier.core.data import loads_toml
from croupier.core.errors import ConfigError
from croupier.tournaments import Tournament, definition_from_dict
from croupier.tournaments.records import schedule_text
from croupier.tournaments.seating import seat_cards

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("examples/rules/tournament-*.toml"))
_KEY_LINE = re.compile(r"^\s*[A-Za-z0-9_]+\s*=")


def _data(path: Path) -> dict[str, Any]:
    data = loads_toml(path.read_text(encoding="utf-8"), path.name)
    assert isinstance(data, dict)
    return data


def test_there_are_examples_of_both_games() -> None:
    assert {_data(p)["game"] for p in FILES} == {"poker", "twentyone"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_validates_with_a_commented_header_and_fields(path: Path) -> None:
    definition_from_dict(_data(path))
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[: next(i for i, x in enumerate(lines) if not x.startswith("#"))]
    assert len(header) >= 5
    assert re.search(r"99-01\.3-0[89]", "\n".join(header))
    for i, line in enumerate(lines):
        if _KEY_LINE.match(line) and not line.startswith("game ="):
            j = i - 1
            while j >= 0 and lines[j].strip() and not lines[j].startswith("#"):
                j -= 1
            assert j >= 0, f"uncommented: {line}"
            assert lines[j].startswith("#"), f"uncommented: {line}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_money_is_in_dollars(path: Path) -> None:
    data = _data(path)
    for key in ("entry_fee", "bounty"):
        if key in data:
            assert str(data[key]).startswith("$")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_out_of_range_copy_refused_with_section(path: Path) -> None:
    data = _data(path)
    data["entry_fee"] = "$301.00"
    with pytest.raises(ConfigError) as info:
        definition_from_dict(data)
    sections = {p.section for p in info.value.problems}
    assert sections & {"99-01.3-09-01", "99-01.3-08-15.1"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_runs_to_its_prizes(path: Path) -> None:
    t = Tournament.define(_data(path))
    day = f"{t.rules.first_day}T10:00"
    for i in range(t.rules.min_players):
        card = seat_cards(t.main.tables, t.rules.table_seats)[0]
        t.register(f"p{i:02d}", collected_by="Cass", at=day, address=ADDRESS, card=card)
    t.start(day)
    assert "Payout structure" in schedule_text(t.rules, t.state)
    for player in sorted(t.main.entrants)[1:]:
        t.withdraw(player, day)
    if not t.main.finished:
        while t.main.round <= len(t.rules.advance_per_table):
            t.end_round(day)
        t.finish(day)
    assert t.main.finished
    assert t.main.prizes
