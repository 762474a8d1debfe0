"""Published PHH hand histories replayed through the engine (tests/corpora/phh/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.core.errors import RuleViolation
from croupier.games.poker.phh import parse_phh, replay_phh, write_phh

CORPUS = Path(__file__).parents[2] / "corpora" / "phh"
CALLER_MUCKS = CORPUS / "pluribus-100-09.phh"
"""A river caller discards unshown: refused in North Dakota (-04.24), see the corpus README."""
WITH_STACKS = sorted(p for p in CORPUS.glob("pluribus-*.phh") if p != CALLER_MUCKS)


def test_the_corpus_holds_at_least_a_dozen_hands_with_finishing_stacks() -> None:
    assert len(WITH_STACKS) >= 12


@pytest.mark.parametrize("path", WITH_STACKS, ids=[p.stem for p in WITH_STACKS])
def test_published_finishing_stacks_are_reproduced(path: Path) -> None:
    parsed = parse_phh(path.read_text(encoding="utf-8"), str(path))
    assert parsed.finishing_stacks is not None
    result = replay_phh(parsed)
    assert tuple(result.final_stacks) == parsed.finishing_stacks


def test_a_record_that_skips_a_players_turn_is_refused_with_the_section() -> None:
    # The WSOP 2019 #42 record omits p8's pre-flop decision; p1 then acts out of turn.
    path = CORPUS / "wsop-2019-42-day3-00-01-07.phh"
    with pytest.raises(RuleViolation) as info:
        replay_phh(parse_phh(path.read_text(encoding="utf-8")))
    assert info.value.section == "99-01.3-09-04.10"
    assert "'p1 cc'" in info.value.detail


def test_99_01_3_09_04_24_a_record_where_a_caller_mucks_unshown_is_refused() -> None:
    # p1 bets 100 on the river and p2 calls; p1 shows, and p2 "has called all betting action"
    # so may not muck without showing. The record's 'p2 sm' (no cards shown) is refused.
    with pytest.raises(RuleViolation) as info:
        replay_phh(parse_phh(CALLER_MUCKS.read_text(encoding="utf-8")))
    assert info.value.section == "99-01.3-09-04.24"
    assert "'p2 sm'" in info.value.detail


def test_pot_limit_omaha_antonius_blom_hand_worked() -> None:
    # Blom is all in for 678473.5 on the flop; Antonius's A-3 makes the wheel (A-2-3-4-5 with
    # 4s 5c 2h) against Blom's two pair (nines and fives): Antonius wins 2 x 678473.5.
    result = replay_phh(parse_phh((CORPUS / "antonius-blom-2009.phh").read_text()))
    assert result.display_stacks() == ["1937923.75", "0"]


def test_no_limit_dwan_ivey_hand_worked() -> None:
    # Antes 3 x 500, blinds 1000/2000; Antonius folds his big blind. Ivey and Dwan each put in
    # 23000 + 35000 + 495000 (Dwan all in). Dwan's 3-7 straight beats Ivey's wheel:
    # pot 1500 + 2000 + 2 x 553000 = 1109500 to Dwan; Ivey 1125600 - 500 - 553000 = 572100.
    result = replay_phh(parse_phh((CORPUS / "dwan-ivey-2009.phh").read_text()))
    assert result.final_stacks == [572100, 1997500, 1109500]


@pytest.mark.parametrize("path", WITH_STACKS[:4], ids=[p.stem for p in WITH_STACKS[:4]])
def test_written_phh_replays_to_the_same_stacks(path: Path) -> None:
    parsed = parse_phh(path.read_text(encoding="utf-8"))
    first = replay_phh(parsed)
    from croupier.games.poker.actions import Action, ActionKind

    actions = []
    for event in first.hand.events:
        data = event.to_dict()
        if data["type"] == "poker.card_dealt":
            actions.append(Action(ActionKind.CARD, card=getattr(event, "card", None)))
        elif data["type"] == "poker.action":
            kind = ActionKind(data["action"])
            actions.append(Action(kind, data["seat"], amount=data["to"]))
        elif data["type"] == "poker.hand_shown":
            actions.append(Action(ActionKind.SHOW, data["seat"]))
        elif data["type"] == "poker.hand_discarded":
            actions.append(Action(ActionKind.MUCK, data["seat"]))
    text = write_phh(parsed.rules, parsed.seats, parsed.button, actions)
    again = replay_phh(parse_phh(text))
    assert again.final_stacks == first.final_stacks
