"""``croupier bench poker``: the rounds, the medians and the refusal of an empty round.

The speed itself is measured by the command, never asserted here (figures go in the note).
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.errors import InvalidInput
from croupier.service.bench.poker import BenchRow, measure, run


def test_hands_are_split_evenly_over_the_rounds_and_each_round_times_both_engines() -> None:
    asked: list[tuple[str, int]] = []

    def ours(n: int) -> float:
        asked.append(("croupier", n))
        return n / 100.0  # 100 hands a second

    def theirs(n: int) -> float:
        asked.append(("pokerkit", n))
        return n / 4.0  # 4 hands a second

    mine, peer, _ = measure(ours, theirs, 10, 3)
    # 10 hands over 3 rounds: 4, 3, 3; each round croupier then PokerKit, back to back
    assert asked == [
        ("croupier", 4), ("pokerkit", 4),
        ("croupier", 3), ("pokerkit", 3),
        ("croupier", 3), ("pokerkit", 3),
    ]  # fmt: skip
    assert mine == [100.0, 100.0, 100.0]
    assert peer == [4.0, 4.0, 4.0]


def test_the_ratio_is_the_median_of_the_rounds_ratios() -> None:
    row = BenchRow("holdem", 2, 9, 30.0, 1.0, (18.0, 31.0, 22.0))
    assert row.ratio == 22.0
    assert BenchRow("holdem", 2, 9, 30.0, None).ratio is None


def test_fewer_hands_than_rounds_is_refused() -> None:
    with pytest.raises(InvalidInput, match="one hand per round"):
        run(hands=3, rounds=4, with_pokerkit=False)


def test_the_command_prints_every_row_without_pokerkit() -> None:
    result = CliRunner().invoke(
        app, ["bench", "poker", "--hands", "4", "--rounds", "2", "--no-pokerkit"]
    )
    assert result.exit_code == 0, result.output
    for variant in ("holdem", "omaha-hilo"):
        assert result.stdout.count(variant) == 3
    assert "2 rounds" in result.stdout


def test_openspiel_plays_only_the_games_universal_poker_can_define() -> None:
    from croupier.games.poker.rules import Variant
    from croupier.service.bench.poker import openspiel_player

    assert openspiel_player(Variant.OMAHA_HILO, 2, 1) is None
    assert openspiel_player(Variant.HOLDEM, 6, 1) is None  # it reads at most four stacks
    pytest.importorskip("pyspiel")
    play = openspiel_player(Variant.HOLDEM, 2, 1)
    assert play is not None
    assert play(50) > 0
