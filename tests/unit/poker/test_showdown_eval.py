"""The engine's fast showdown values equal the readable reference's (``croupier.eval``).

Every hand of the golden round files and the PHH corpus that reaches a five-card board, plus
every other two/four-card combination of those decks' cards on the same boards, is valued by
``showdown_values`` (the fast kernels) and by ``croupier.eval.reference``.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest

from croupier.core.cards import Card, parse_card
from croupier.eval.reference import omaha_high, omaha_low8, rank_high
from croupier.games.poker.phh import parse_phh, replay_phh
from croupier.games.poker.rules import Variant, rules_from_dict
from croupier.games.poker.showdown_eval import high_value, low_value, showdown_values

TESTS = Path(__file__).parents[2]
GOLDEN = sorted((TESTS / "golden" / "poker").glob("*.json"))
# every record but the one refused at its caller's unshown muck (-04.24, test_phh_corpus.py)
PHH = sorted(p for p in (TESTS / "corpora" / "phh").glob("*.phh") if p.stem != "pluribus-100-09")


def _reference(variant: Variant, hole: list[Card], board: list[Card]) -> tuple[int, int | None]:
    if variant is Variant.HOLDEM:
        return rank_high([*hole, *board]), None
    low = omaha_low8(hole, board) if variant is Variant.OMAHA_HILO else None
    return omaha_high(hole, board), low


def _deals() -> list[tuple[str, Variant, list[list[Card]], list[Card]]]:
    """(name, variant, candidate hole-card hands, board) from the golden files and PHH corpus."""
    out = []
    for path in GOLDEN:
        data = json.loads(path.read_text(encoding="utf-8"))
        variant = rules_from_dict(data["rules"]).variant
        shoe = [parse_card(c) for c in data.get("shoe", [])]
        width = 2 if variant is Variant.HOLDEM else 4
        n = len(data["seats"])
        if len(shoe) < n * width + 8:
            continue
        board = shoe[-5:]
        rest = shoe[: n * width]
        holes = [list(h) for h in combinations(rest, width)][:60]
        out.append((path.stem, variant, holes, board))
    for path in PHH:
        hand = replay_phh(parse_phh(path.read_text(encoding="utf-8")), infer_folds=True).hand
        board = [c for c in hand.board if c is not None]
        holes = [[c for c in p.hole if c is not None] for p in hand.players]
        holes = [h for h in holes if len(h) == hand.rules.variant.hole_cards]
        if len(board) == 5 and holes:
            out.append((path.stem, hand.rules.variant, holes, board))
    return out


DEALS = _deals()


def test_the_comparison_covers_hold_em_omaha_high_low_and_the_corpus() -> None:
    variants = {variant for _, variant, _, _ in DEALS}
    assert {Variant.HOLDEM, Variant.OMAHA_HILO} <= variants
    assert len(DEALS) >= 12


@pytest.mark.parametrize("deal", DEALS, ids=[d[0] for d in DEALS])
def test_fast_showdown_values_equal_the_reference(
    deal: tuple[str, Variant, list[list[Card]], list[Card]],
) -> None:
    _name, variant, holes, board = deal
    expected = [_reference(variant, h, board) for h in holes]
    assert showdown_values(variant, holes, board) == expected
    for hole, (high, low) in zip(holes[:5], expected[:5], strict=False):
        assert high_value(variant, hole, board) == high
        assert low_value(variant, hole, board) == low
