"""``replay_phh(..., infer_folds=True)`` and ``croupier poker phh --infer-folds``.

The WSOP 2019 #42 record omits p8's pre-flop fold (p8, the button, never put a chip in). Hand
worked: p2 posts the big-blind ante 500000 and the big blind 500000, p1 the small blind 250000;
p7 raises to 1150000, p1 and p2 call (pot 3 x 1150000 + 500000 ante = 3950000); checks on the
flop and turn; p2 bets 2250000 on the river, p7 folds, p1 calls (pot 8450000). p1's pair of
jacks (QdJd on Th Jc 5h 6c 8s) beats p2's ace high: p1 13050000 - 3400000 + 8450000 = 18100000,
p2 9525000 - 500000 - 1150000 - 2250000 = 5625000, p7 14100000 - 1150000 = 12950000 (the
file's finishing_stacks).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.games.poker.phh import parse_phh, replay_phh

SHARED = Path("/work/shared/corpora/phh/wsop-2019-42-day3-00-01-07.phh")
LOCAL = Path(__file__).parents[2] / "corpora" / "phh" / "wsop-2019-42-day3-00-01-07.phh"
FILES = [p for p in (SHARED, LOCAL) if p.exists()]
WORKED = (18100000, 5625000, 6675000, 5750000, 9150000, 6525000, 12950000, 7300000)
ORDER = "99-01.3-09-04.10"


def _text() -> str:
    return LOCAL.read_text(encoding="utf-8")


def _with_actions(old: str, new: str) -> str:
    text = _text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize("path", FILES, ids=[p.parent.parent.name for p in FILES])
def test_infer_folds_reproduces_the_recorded_finishing_stacks(path: Path) -> None:
    parsed = parse_phh(path.read_text(encoding="utf-8"))
    assert parsed.finishing_stacks == WORKED
    result = replay_phh(parsed, infer_folds=True)
    assert tuple(result.final_stacks) == WORKED
    assert [(f.player, f.before_action, f.recorded, f.forced) for f in result.inferred_folds] == [
        ("p8", 14, "p1 cc", 0)
    ]


@pytest.mark.parametrize("path", FILES, ids=[p.parent.parent.name for p in FILES])
def test_99_01_3_09_04_10_without_the_option_the_record_is_refused(path: Path) -> None:
    with pytest.raises(RuleViolation) as info:
        replay_phh(parse_phh(path.read_text(encoding="utf-8")))
    assert info.value.section == ORDER
    assert "'p1 cc'" in info.value.detail


def test_inferred_folds_that_miss_the_recorded_finishing_stacks_are_refused() -> None:
    text = _with_actions(
        "finishing_stacks = [18100000, 5625000", "finishing_stacks = [5625000, 18100000"
    )
    with pytest.raises(InvalidInput) as info:
        replay_phh(parse_phh(text), infer_folds=True)
    assert "p8 fold inferred" in str(info.value)


def test_99_01_3_09_04_10_no_fold_is_inferred_for_a_player_who_could_check() -> None:
    # The big blind p2 has only its forced bet in and has made no decision, but nobody raised:
    # its omitted decision may have been a check, so no fold is presumed.
    text = "\n".join(
        [
            "variant = 'NT'",
            "antes = [0, 0, 0]",
            "blinds_or_straddles = [1, 2, 0]",
            "min_bet = 2",
            "starting_stacks = [100, 100, 100]",
            "actions = ['d dh p1 2c3d', 'd dh p2 4h5s', 'd dh p3 7c8d', 'p3 cc', 'p1 cc',"
            " 'd db AhKsQd', 'p1 cc']",
        ]
    )
    with pytest.raises(RuleViolation) as info:
        replay_phh(parse_phh(text), infer_folds=True)
    assert info.value.section == ORDER
    assert "action 7 'p1 cc'" in info.value.detail
    assert "seat 2 faces no bet and could check" in info.value.detail


def test_99_01_3_09_04_10_no_fold_is_inferred_for_a_player_who_already_acted() -> None:
    # p7 raised pre-flop: its river fold may not be presumed.
    text = _with_actions("'p2 cbr 2250000', 'p7 f', 'p1 cc'", "'p2 cbr 2250000', 'p1 cc'")
    with pytest.raises(RuleViolation) as info:
        replay_phh(parse_phh(text), infer_folds=True)
    assert info.value.section == ORDER
    assert "already made a decision" in info.value.detail


def test_cli_infer_folds_lists_the_fold_and_reproduces_the_stacks() -> None:
    runner = CliRunner()
    strict = ["poker", "phh", "--strict", "--infer-folds"]
    result = runner.invoke(app, [*strict, "--json", str(LOCAL)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [int(p["final_stack"]) for p in data["players"]] == list(WORKED)
    assert data["matches_finishing_stacks"] is True
    assert data["inferred_folds"] == [
        {
            "player": "p8",
            "seat": 8,
            "before_action": 14,
            "recorded": "p1 cc",
            "forced_bets_in_pot": 0,
        }
    ]
    assert data["mode"] == "strict"
    assert [f["section"] for f in data["flags"]] == [ORDER]
    text = runner.invoke(app, [*strict, str(LOCAL)])
    assert text.exit_code == 0
    assert "flag: action 14 'p1 cc': p8's turn comes first" in text.stdout
    assert "reproduced" in text.stdout


def test_cli_strict_refuses_and_cites_the_section() -> None:
    result = CliRunner().invoke(app, ["poker", "phh", "--strict", str(LOCAL)])
    assert result.exit_code == 2
    assert ORDER in result.output


def test_cli_default_replays_the_record_and_flags_the_omitted_fold() -> None:
    # A record made elsewhere (the default): the omitted fold is inferred and flagged (-04.10).
    result = CliRunner().invoke(app, ["poker", "phh", "--json", str(LOCAL)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["mode"] == "record"
    assert [(f["section"], f["action"]) for f in data["flags"]] == [(ORDER, 14)]
    assert data["matches_finishing_stacks"] is True


def test_an_inferred_fold_may_close_the_round_before_the_recorded_action() -> None:
    # The big blind p2 (forced bet 2 only) faces p3's raise to 6 and its fold is the last
    # pre-flop decision; the next recorded action is p1's flop check. Hand worked: pot
    # 6 + 6 + 2 = 14 to p3 (pair of eights on Ah Ks Qd 8h 4c against p1's ace high):
    # p1 100 - 6 = 94, p2 100 - 2 = 98, p3 100 - 6 + 14 = 108.
    text = "\n".join(
        [
            "variant = 'NT'",
            "antes = [0, 0, 0]",
            "blinds_or_straddles = [1, 2, 0]",
            "min_bet = 2",
            "starting_stacks = [100, 100, 100]",
            "actions = ['d dh p1 2c3d', 'd dh p2 4h5s', 'd dh p3 7c8d', 'p3 cbr 6', 'p1 cc',"
            " 'd db AhKsQd', 'p1 cc', 'p3 cc', 'd db 8h', 'p1 cc', 'p3 cc', 'd db 4c',"
            " 'p1 cc', 'p3 cc', 'p1 sm 2c3d', 'p3 sm 7c8d']",
            "finishing_stacks = [94, 98, 108]",
        ]
    )
    parsed = parse_phh(text)
    with pytest.raises(RuleViolation):
        replay_phh(parsed)
    result = replay_phh(parsed, infer_folds=True)
    assert result.final_stacks == [94, 98, 108]
    assert [(f.player, f.before_action, f.forced) for f in result.inferred_folds] == [("p2", 7, 2)]
